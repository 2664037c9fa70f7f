// The Python that imports every module of the package unpacked under a folder,
// shared by the build's two Pyodide runs in Node: stdlib.mjs (which modules the
// package needs) and snapshot.mjs (a memory snapshot with all of them imported).
// It is a function, so that running it leaves nothing behind but the modules
// and the function's name (which the snapshot deletes).

/**
 * Python source defining `import_every_module(root)`: puts `root` on sys.path,
 * imports each module under it (not `__main__`) and returns how many.
 */
export const IMPORT_EVERY_MODULE = `
def import_every_module(root):
    import importlib, os, sys
    if root not in sys.path:
        sys.path.insert(0, root)
    names = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        base = os.path.relpath(folder, root).replace(os.sep, ".")
        names += [base if f == "__init__.py" else base + "." + f[:-3]
                  for f in sorted(files) if f.endswith(".py") and f != "__main__.py"]
    for name in names:
        importlib.import_module(name)
    return len(names)
`;
