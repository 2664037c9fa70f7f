#!/usr/bin/env bash
# Clover Leaf: build the static site in dist/, serve it, or test everything.
#
#   ./build.sh            build dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
#   ./build.sh build      build dist/ only
#   ./build.sh test [ARGS] install what the tests need (pip, npm ci, Chromium via apt
#                         when missing), build dist/, then run every test:
#                         python3 -m pytest [ARGS]
#
# dist/ holds only static files: the page (web/), the five Pyodide runtime files
# from the npm package pinned in package.json (in a folder named after its
# version), and the Python package py/cloverleaf as a zip named after a hash of its
# content, so a browser cache can never serve stale Python next to a new page.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$root"
dist="${CLOVERLEAF_DIST:-$root/dist}"
# Where the worker unpacks the package: the snapshot was taken with it there.
EXTRACT_DIR=/home/pyodide/cloverleaf-app
PYODIDE_FILES=(pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json)

say() { printf '%s\n' "$*" >&2; }

need_node_modules() {
  if ! command -v npm >/dev/null 2>&1; then
    say "installing Node.js and npm from Debian (apt-get)"
    as_root apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >&2
  fi
  # npm ci whenever any package of the lock file is missing or at another version.
  if ! node -e '
      const fs = require("fs");
      const lock = require("./package-lock.json").packages;
      for (const [path, entry] of Object.entries(lock)) {
        if (!path.startsWith("node_modules/") || entry.optional) continue;
        const file = `./${path}/package.json`;
        if (!fs.existsSync(file) || require(file).version !== entry.version) process.exit(1);
      }' 2>/dev/null; then
    say "installing the pinned npm packages (npm ci)"
    npm ci --no-audit --no-fund >&2
  fi
}

build() {
  need_node_modules
  local version
  version=$(node -p 'require("./node_modules/pyodide/package.json").version')
  rm -rf "$dist"
  mkdir -p "$dist"
  cp -R web/. "$dist/"

  local vendor="vendor/pyodide-$version"
  mkdir -p "$dist/$vendor"
  for file in "${PYODIDE_FILES[@]}"; do
    cp "node_modules/pyodide/$file" "$dist/$vendor/$file"
  done

  # The Python package: a deterministic zip (sorted names, fixed timestamps) of
  # every .py file (and package data) under py/cloverleaf, subpackages included.
  python3 - "$dist" "$vendor" "$version" <<'PY'
import hashlib, io, json, pathlib, sys, zipfile

dist, vendor, pyodide_version = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
source = pathlib.Path("py")
files = sorted(
    path for path in (source / "cloverleaf").rglob("*")
    if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".pyc", ".pyo"}
)
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for path in files:
        info = zipfile.ZipInfo(path.relative_to(source).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, path.read_bytes())
data = buffer.getvalue()
digest = hashlib.sha256(data).hexdigest()[:12]
version = "0.0.0"
for line in (source / "cloverleaf" / "__init__.py").read_text().splitlines():
    if line.startswith("__version__"):
        version = line.split("=", 1)[1].strip().strip("\"'")
(dist / "py").mkdir(exist_ok=True)
zip_name = f"py/cloverleaf-{version}-{digest}.zip"
(dist / zip_name).write_bytes(data)
info = {
    "APP_VERSION": version,
    "PYODIDE_VERSION": pyodide_version,
    "PYODIDE_DIR": vendor + "/",
    "PACKAGE_ZIP": zip_name,
    "BUILD_HASH": digest,
}
lines = ["// Written by build.sh: what this build of dist/ contains. Do not edit.\n"]
lines += [f"export const {key} = {json.dumps(value)};\n" for key, value in info.items()]
(dist / "js" / "build-info.js").write_text("".join(lines))
print(f"python package: {zip_name} ({len(files)} files, {len(data):,} bytes)", file=sys.stderr)
PY
  snapshot "$version"
  # Last, once dist/ holds everything else: the service worker with the list of
  # every file to precache and a cache name that changes whenever one of them does.
  python3 scripts/precache.py "$dist" web/sw.js
  size_report
}

# A Pyodide memory snapshot taken after the package is imported (see
# scripts/snapshot.mjs): returning players start from it, skipping the interpreter's
# start-up. Named after a hash of its bytes; build-info.js gets its name.
snapshot() {
  local zip tmp digest name
  zip=$(sed -n 's/^export const PACKAGE_ZIP = "\(.*\)";$/\1/p' "$dist/js/build-info.js")
  tmp="$dist/py/snapshot.tmp"
  node scripts/snapshot.mjs node_modules/pyodide "$dist/$zip" "$EXTRACT_DIR" "$tmp"
  digest=$(sha256sum "$tmp" | cut -c1-12)
  name="py/pyodide-$1-cloverleaf-$digest.snapshot.gz"
  mv "$tmp" "$dist/$name"
  printf 'export const SNAPSHOT = "%s";\nexport const EXTRACT_DIR = "%s";\n' "$name" "$EXTRACT_DIR" >>"$dist/js/build-info.js"
}

size_report() {
  python3 - "$dist" <<'PY'
import gzip, pathlib, sys
dist = pathlib.Path(sys.argv[1])
raw = packed = snapshot = 0
for path in dist.rglob("*"):
    if path.is_file():
        data = path.read_bytes()
        if path.name.endswith(".snapshot.gz"):
            snapshot += len(data)
            continue
        raw += len(data)
        packed += len(gzip.compress(data, 6))
print(f"dist/: {raw:,} bytes raw, {packed:,} bytes gzipped (-6) "
      f"({raw / 1e6:.2f} MB, {packed / 1e6:.2f} MB) to play, "
      f"and the start-up snapshot, stored after the first visit: {snapshot:,} bytes gzipped", file=sys.stderr)
PY
}

serve() {
  local port="${PORT:-8000}"
  say "serving dist/ at http://127.0.0.1:$port/  (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_test_tools() {
  say "installing the Python package with its test extras"
  python3 -m pip install --quiet -e '.[test]' >&2
  need_node_modules
  if [ -z "${CLOVERLEAF_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
    say "installing Chromium from Debian (apt-get)"
    as_root apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >&2
  fi
}

case "${1:-serve}" in
  build)
    build
    ;;
  serve)
    build
    serve
    ;;
  test)
    shift
    install_test_tools
    build
    python3 -m pytest "$@"
    ;;
  *)
    say "usage: ./build.sh [build|test [pytest args]]"
    exit 2
    ;;
esac
