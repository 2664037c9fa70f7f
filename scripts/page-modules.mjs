// The page's Python: the module the engine's worker calls (web/js/engine/python-start.js
// imports cloverleaf.api, python-calls.js calls it) and every module of the
// package it imports. The command line's modules (cli, solver_cli, the bench's
// survey) are not among them: no player downloads them. Shared by the build's two Pyodide runs in Node:
// stdlib.mjs (which files the package zip and the standard library keep) and
// snapshot.mjs (a memory snapshot with exactly those modules imported).

/** The module the page's worker calls. */
export const PAGE_ENTRY = "cloverleaf.api";

/**
 * Python source defining `import_page_modules(root)`: puts `root` on sys.path,
 * imports the page's entry module and returns the names of the package's modules
 * then imported, sorted. A function, so that running it leaves nothing behind but
 * the modules and the function's name (which the snapshot deletes).
 */
export const IMPORT_PAGE_MODULES = `
def import_page_modules(root):
    import importlib, sys
    if root not in sys.path:
        sys.path.insert(0, root)
    entry = ${JSON.stringify(PAGE_ENTRY)}
    importlib.import_module(entry)
    package = entry.split(".")[0]
    return sorted(name for name in sys.modules if name == package or name.startswith(package + "."))
`;
