"""Put the Python side of the page into dist/ and say what the build holds (run by build.sh).

    python3 scripts/package.py DIST PYODIDE_DIR PYODIDE_VERSION WORK_DIR EXTRACT_DIR

WORK_DIR holds what the build's earlier steps wrote: ``package.zip`` (the package
with its bytecode) and ``python_stdlib.zip`` (the trimmed standard library), both
from scripts/stdlib.mjs; ``snapshot.gz`` (scripts/snapshot.mjs); ``bank.json``
(scripts/deal_bank.py); ``books.json`` (scripts/opening_book.py); and ``.zst`` beside the two zips and Pyodide's
``pyodide.asm.wasm``: each compressed for the download (scripts/zstd.mjs). The
page downloads only those (web/js/engine/zstd.js decodes them). Writes into DIST:

- ``PYODIDE_DIR/pyodide.asm.wasm.zst``, the runtime;
- ``py/cloverleaf-<version>-<hash>.zip.zst``, which the worker unpacks;
- ``py/python_stdlib-<pyodide version>-<hash>.zip.zst``, Pyodide's standard library
  as the page needs it (Pyodide's own, 2.5 MB, is not shipped);
- ``py/pyodide-<pyodide version>-cloverleaf-<hash>.snapshot.gz``, the memory
  snapshot stored sparse and gzipped (web/js/engine/snapshot-format.js);
- ``py/deals-<game>-<hash>.json``: each game's bank of opening tables, drawn
  before the engine has started;
- ``py/book-<game>-<deal>-<hash>.json``: the opening book of each deal booked
  (``books.json``, scripts/opening_book.py), fetched once a newcomer's first
  table is painted;
- ``js/build-info.js``: what this build contains, for the page and the worker, and
  the facts the page shares with the engine (py/cloverleaf/page_facts.py);
- in ``index.html``, the ``<!-- build: preloads -->`` line becomes preload
  links for the small files the first table needs, which no script asks for
  until the bundle has run: the default game's deal bank (drawn at once); the
  English texts need none, they are in build-info.js itself (ENGLISH). Python's downloads
  are the engine's worker's own: it starts them itself, from the page's first
  script (web/js/boot.js). A preload would start them sooner, and Chromium and
  Firefox let the worker share its download, but WebKit downloads them a second
  time (measured: every file fetched twice).

Every Python file is named after a hash of its bytes, so a browser cache can
never serve stale Python (or a snapshot of it) next to a new page.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from cloverleaf.page_facts import DEFAULT_GAME_ID, page_facts  # noqa: E402

PRELOADS_MARK = "<!-- build: preloads -->"


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def app_version(package_init: str) -> str:
    for line in package_init.splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return "0.0.0"


def hashed(dist: Path, stem: str, suffix: str, data: bytes) -> str:
    """Write ``data`` as py/<stem>-<hash><suffix>; its path relative to dist."""
    name = f"py/{stem}-{short_hash(data)}{suffix}"
    (dist / name).write_bytes(data)
    return name


def compact_json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def build_info_js(info: dict[str, Any]) -> str:
    """js/build-info.js: each entry of ``info`` a constant of the module."""
    lines = ["// Written by build.sh: what this build of dist/ contains. Do not edit.\n"]
    lines += [f"export const {key} = {json.dumps(value)};\n" for key, value in info.items()]
    return "".join(lines)


def preload_links(info: dict[str, Any]) -> str:
    """The files a newcomer's page fetches first: the default game's bank, unless its deals are built in."""
    fetches = [] if info["NEWCOMER_DEALS"].get(DEFAULT_GAME_ID) else [info["DEAL_BANK"][DEFAULT_GAME_ID]]
    return "\n".join(f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetches)


def main(dist_dir: str, pyodide_dir: str, pyodide_version: str, work_dir: str, extract_dir: str) -> int:
    dist, work = Path(dist_dir), Path(work_dir)
    (dist / "py").mkdir(exist_ok=True)
    package = (work / "package.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        version = app_version(archive.read("cloverleaf/__init__.py").decode("utf-8"))
        package_files = len(archive.namelist())
    package_zst = (work / "package.zip.zst").read_bytes()
    zip_name = hashed(dist, f"cloverleaf-{version}", ".zip.zst", package_zst)
    stdlib_zst = (work / "python_stdlib.zip.zst").read_bytes()
    stdlib_name = hashed(dist, f"python_stdlib-{pyodide_version}", ".zip.zst", stdlib_zst)
    wasm_zst = (work / "pyodide.asm.wasm.zst").read_bytes()
    (dist / pyodide_dir / "pyodide.asm.wasm.zst").write_bytes(wasm_zst)
    snapshot = (work / "snapshot.gz").read_bytes()
    snapshot_name = hashed(dist, f"pyodide-{pyodide_version}-cloverleaf", ".snapshot.gz", snapshot)
    bank = json.loads((work / "bank.json").read_text(encoding="utf-8"))
    banks = {}
    for game, states in bank["deals"].items():
        data = compact_json({"states": states})
        banks[game] = hashed(dist, f"deals-{game}", ".json", data)
    books = json.loads((work / "books.json").read_text(encoding="utf-8"))
    opening_books = {
        books["game"]: {
            deal: hashed(dist, f"book-{books['game']}-{deal}", ".json", compact_json(book))
            for deal, book in books["books"].items()
        }
    }
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    vendor = dist / pyodide_dir
    info: dict[str, Any] = {
        "APP_VERSION": version,
        "PYODIDE_VERSION": pyodide_version,
        "PYODIDE_DIR": pyodide_dir.rstrip("/") + "/",
        "PACKAGE_ZIP": zip_name,
        "BUILD_HASH": short_hash(package),
        # The stylesheets': what the page measured of the cards under other ones
        # (their corner index) is measured again (web/js/main.js).
        "STYLE_HASH": short_hash(b"".join(path.read_bytes() for path in sorted((dist / "css").glob("*.css")))),
        "SNAPSHOT": snapshot_name,
        # The snapshot as the service worker stores it (inflated, sparse): the
        # worker checks these bytes before restoring them.
        "SNAPSHOT_SHA256": hashlib.sha256(gzip.decompress(snapshot)).hexdigest(),
        "EXTRACT_DIR": extract_dir,
        "STDLIB_ZIP": stdlib_name,
        # Pyodide's lock file lists packages to install; the page installs none, so
        # the worker hands loadPyodide this instead of downloading 119 kB.
        "PYODIDE_LOCK": {"info": lock["info"], "packages": {}},
        "DEAL_BANK": banks,
        # The engine settings the banks' tables were made with (the engine's defaults).
        "DEAL_BANK_SETTINGS": bank["settings"],
        "OPENING_BOOKS": opening_books,
        # Requests deep: a saved game with as many moves or more is at no table that answers (a
        # returning player's book is not read then: web/js/startup/startup.js).
        "OPENING_BOOK_DEPTH": books["depth"],
        # The bank's deals a newcomer is given first (those with a book), built into
        # the page: the first table is drawn in the bundle's first task, with no
        # download and no frame before it (web/js/table/early-table.js).
        "NEWCOMER_DEALS": {
            books["game"]: [state for state in bank["deals"][books["game"]] if state["deal"] in books["books"]]
        },
        "GAMES": bank["games"],
        # The English texts, built into the page: every language falls back on
        # them, and the page has words before any language file has loaded, or
        # when one cannot be read (web/js/i18n.js).
        "ENGLISH": json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8")),
        # What a first visit downloads before Python starts, in bytes (as the
        # browser hands them over: the Zstandard frames as they are, Pyodide's
        # scripts decoded from a server's gzip), for the loading bar. (The package
        # comes while Python starts: web/js/engine/start-files.js.)
        "DOWNLOAD_BYTES": {
            "wasm": len(wasm_zst),
            "runtime": (vendor / "pyodide.asm.mjs").stat().st_size + (vendor / "pyodide.mjs").stat().st_size,
            "stdlib": len(stdlib_zst),
        },
        # What the page must know before its engine starts: the default game, the
        # settings and their defaults, the State's fields (written once, in Python).
        **page_facts(),
    }
    (dist / "js" / "build-info.js").write_text(build_info_js(info), encoding="utf-8")
    page = dist / "index.html"
    html = page.read_text(encoding="utf-8")
    if PRELOADS_MARK not in html:
        raise SystemExit(f"{page} has no {PRELOADS_MARK} line")
    page.write_text(html.replace(PRELOADS_MARK, preload_links(info)), encoding="utf-8")
    print(
        f"python package: {zip_name} ({package_files} files with bytecode, {len(package):,} bytes, "
        f"{len(package_zst):,} compressed); standard library {stdlib_name} "
        f"({len((work / 'python_stdlib.zip').read_bytes()):,} bytes, {len(stdlib_zst):,} compressed); "
        f"deal banks of {len(banks)} games; opening books of {len(books['books'])} deals "
        f"({sum(len(compact_json(book)) for book in books['books'].values()):,} bytes)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
