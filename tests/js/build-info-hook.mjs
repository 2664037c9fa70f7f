// A module resolve hook (registered by register.mjs): any import of a page
// module's build-info.js resolves to the one the build wrote, $CLOVERLEAF_DIST/js/
// (dist/js/ by default), or fails saying to build first.
import { existsSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolvePath(fileURLToPath(new URL("../..", import.meta.url)));
const built = resolvePath(process.env.CLOVERLEAF_DIST ?? resolvePath(root, "dist"), "js", "build-info.js");

/**
 * @param {string} specifier
 * @param {object} context
 * @param {Function} next
 */
export async function resolve(specifier, context, next) {
  if (!specifier.endsWith("/build-info.js")) return next(specifier, context);
  if (!existsSync(built)) throw new Error(`${built} is missing: run ./build.sh build first`);
  return { url: pathToFileURL(built).href, shortCircuit: true };
}
