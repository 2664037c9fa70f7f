// Loaded by `node --import` before the page's unit tests (tests/js/*.test.mjs):
// the page's modules import ../build-info.js, which only the build writes (into
// dist/js/, scripts/package.py); this hook hands them the built one, so the
// tests read the facts the page reads. Run ./build.sh build first.
import { register } from "node:module";

register(new URL("./build-info-hook.mjs", import.meta.url));
