// ESLint for the page's JavaScript (npx eslint): the recommended rules, browser
// globals, ES modules; the service worker and the worker get their own globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["web/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  { files: ["web/js/worker.js"], languageOptions: { globals: { ...globals.worker } } },
  { files: ["web/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["web/js/file-notice.js"], languageOptions: { sourceType: "script" }, rules: { "no-var": "off" } },
  { files: ["scripts/**/*.mjs", "tests/**/*.mjs", "bench/**/*.mjs"], languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } } },
];
