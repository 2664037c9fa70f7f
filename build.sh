#!/usr/bin/env bash
# Clover Leaf: build the static site in dist/, serve it, or test everything.
#
#   ./build.sh            build dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
#   ./build.sh build      build dist/ only
#   ./build.sh test [ARGS] install what the tests need (pip, npm ci, and from Debian
#                         when missing: Chromium, WebKitGTK's WebDriver, Xvfb,
#                         Firefox ESR), build dist/, then run the checkers (ruff,
#                         mypy, tsc, eslint) and every test: the page's unit tests
#                         (node --test tests/js/), then
#                         python3 -m pytest -n 2 --dist loadgroup [ARGS]
#                         (two workers, each playing Chromium pages and CPython tests)
#
# dist/ holds only static files: the page (web/), the three Pyodide runtime files
# from the npm package pinned in package.json (in a folder named after its
# version), and in py/, each named after a hash of its content (so a browser cache
# can never serve stale Python next to a new page): the Python package
# py/cloverleaf (sources and bytecode) as a zip, Pyodide's standard library
# trimmed to what the page uses and proved complete by the API plan
# (scripts/stdlib.mjs), a Pyodide memory snapshot with the package imported
# (returning players start from it; scripts/snapshot.mjs), each game's bank
# of proved-winnable opening tables, drawn before the engine has started
# (scripts/deal_bank.py), and the opening books of the few a newcomer is given
# first: the engine's answers to their first moves (scripts/opening_book.py).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$root"
dist="${CLOVERLEAF_DIST:-$root/dist}"
# Where the worker unpacks the package: the snapshot is taken with it there.
EXTRACT_DIR=/home/pyodide/cloverleaf-app
# The runtime files the page loads as they are; the wasm goes as a Zstandard frame
# (scripts/zstd.mjs), the standard library is trimmed (scripts/stdlib.mjs) and the
# lock file is not needed (scripts/package.py).
PYODIDE_FILES=(pyodide.mjs pyodide.asm.mjs)

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

  # The Python side, made in Pyodide itself: the package with its bytecode and the
  # trimmed standard library (scripts/stdlib.mjs), then a memory snapshot from
  # both (scripts/snapshot.mjs) while the runtime's wasm and both zips are
  # compressed for the download (scripts/zstd.mjs); meanwhile, on CPython, the
  # deal banks (scripts/deal_bank.py) and the opening books of the deals a
  # newcomer is given first (scripts/opening_book.py). Then all of it named after hashes of their
  # bytes and listed in js/build-info.js, and the preloads written into
  # index.html (scripts/package.py).
  local work bank_pid zstd_pid
  work=$(mktemp -d)
  {
    python3 scripts/deal_bank.py "$work/bank.json" --cache node_modules/.cache/cloverleaf-deal-bank &&
      python3 scripts/opening_book.py "$work/bank.json" "$work/books.json" --cache node_modules/.cache/cloverleaf-opening-book
  } &
  bank_pid=$!
  node scripts/stdlib.mjs node_modules/pyodide py/cloverleaf "$EXTRACT_DIR" scripts/api_plan.py "$work"
  cp node_modules/pyodide/pyodide.asm.wasm "$work/pyodide.asm.wasm"
  node scripts/zstd.mjs node_modules/pyodide "$work/pyodide.asm.wasm" "$work/python_stdlib.zip" "$work/package.zip" &
  zstd_pid=$!
  node scripts/snapshot.mjs node_modules/pyodide "$EXTRACT_DIR" "$work"
  wait "$zstd_pid"
  wait "$bank_pid"
  python3 scripts/package.py "$dist" "$vendor" "$version" "$work" "$EXTRACT_DIR"
  rm -rf "$work"
  # The page's modules, build-info.js included, as one file in place of js/main.js
  # (esbuild; without comments and spaces, the names kept for the console's
  # messages: the bundle is a third smaller, and a slowed phone reads it the
  # sooner before it draws the first table): a phone on 4G then fetches one script, not forty,
  # each a round trip of its own, before it can draw the table. boot.js, the
  # page's first script (it starts the engine's worker), stays a file of its own
  # that the bundle imports, so both share the one worker. The worker is bundled
  # the same way (with build-info.js and its modules in js/engine/), so its downloads
  # start one round trip sooner. The modules sit in folders by job (js/engine/,
  # js/table/, ...); the files a browser loads by name stay in js/ itself.
  # engine/engine.js imports ../boot.js, which esbuild leaves as written: from the
  # bundle, in js/, it is ./boot.js.
  node_modules/.bin/esbuild "$dist/js/main.js" --bundle --format=esm --target=es2022 \
    --minify-whitespace --minify-syntax --legal-comments=none \
    --external:../boot.js --outfile="$dist/js/main.js" --allow-overwrite --log-level=warning
  sed -i -E 's#from ?"\.\./boot\.js";#from"./boot.js";#' "$dist/js/main.js"
  if grep -q '\.\./boot\.js"' "$dist/js/main.js" || ! grep -q 'from"\./boot\.js";' "$dist/js/main.js"; then
    say "build: the bundle js/main.js does not import ./boot.js"
    exit 1
  fi
  node_modules/.bin/esbuild "$dist/js/worker.js" --bundle --format=esm --target=es2022 \
    --minify-whitespace --minify-syntax --legal-comments=none --outfile="$dist/js/worker.js" --allow-overwrite --log-level=warning
  # The modules the bundles hold are not served on their own (nor precached).
  find "$dist/js" -name '*.js' ! -name main.js ! -name worker.js ! -name boot.js ! -name build-info.js \
    ! -name offline.js ! -name file-notice.js -delete
  find "$dist/js" -mindepth 1 -type d -empty -delete
  # Last, once dist/ holds everything else: the service worker with the list of
  # every file to precache and a cache name that changes whenever one of them does.
  python3 scripts/precache.py "$dist" web/sw.js
  size_report
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

# The checkers, two at a time: ruff and strict mypy on the Python (pyproject.toml),
# tsc (noImplicitAny) and ESLint on the page's JavaScript. Each says what it found;
# the test command fails when any does.
checkers() {
  local failed=0
  python3 -m ruff check py tests bench scripts & local ruff=$!
  python3 -m mypy & local mypy=$!
  wait "$ruff" || failed=1
  wait "$mypy" || failed=1
  npx --no-install tsc -p tsconfig.json & local tsc=$!
  npx --no-install eslint web scripts tests & local eslint=$!
  wait "$tsc" || failed=1
  wait "$eslint" || failed=1
  return "$failed"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_test_tools() {
  say "installing the Python package with its test extras"
  python3 -m pip install --quiet --root-user-action=ignore -e '.[test]' >&2
  need_node_modules
  # The browsers, from Debian: Chromium for tests/browser (Playwright), and for
  # tests/engines WebKitGTK's WebDriver (its MiniBrowser comes with it) with the
  # virtual display it draws into, and Firefox ESR.
  local missing=()
  if [ -z "${CLOVERLEAF_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
  if ! command -v WebKitWebDriver >/dev/null 2>&1; then missing+=(webkit2gtk-driver); fi
  if ! command -v Xvfb >/dev/null 2>&1; then missing+=(xvfb); fi
  if [ -z "${CLOVERLEAF_FIREFOX:-}" ] && [ ! -x /usr/bin/firefox-esr ]; then missing+=(firefox-esr); fi
  if [ "${#missing[@]}" -gt 0 ]; then
    say "installing from Debian (apt-get): ${missing[*]}"
    as_root apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >&2
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
    # The page's pure functions under Node's own test runner (tests/js/; they read
    # the build-info.js just built), then pytest, which runs whatever Node said:
    # the command fails when either does.
    status=0
    checkers || status=$?
    node --import ./tests/js/register.mjs --test --test-reporter=dot tests/js/ || status=$?
    python3 -m pytest -n 2 --dist loadgroup "$@" || status=$?
    exit "$status"
    ;;
  *)
    say "usage: ./build.sh [build|test [pytest args]]"
    exit 2
    ;;
esac
