"""Write dist/sw.js: the precache list and a cache name that changes with the files.

build.sh runs this last, once dist/ holds everything else. The cache name is a
hash of every file's path and bytes, so any change to the app gives the service
worker new bytes, a new cache and the removal of the old one. Nothing is listed
by hand: the list is whatever dist/ contains. The service worker's source is
bundled with what it imports (esbuild) into one classic script, as
web/js/offline.js registers it.

Usage: python3 scripts/precache.py DIST web/sw.js
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = {"sw.js"}


def bundled(source: str) -> str:
    """The service worker's source with its imports (js/engine/zstd.js and fzstd) in one script."""
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    command = [str(esbuild), source, "--bundle", "--format=iife", "--target=es2022", "--log-level=warning"]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def precache_files(dist: Path) -> list[Path]:
    return sorted(p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).as_posix() not in SKIP)


def main(dist_dir: str, source: str) -> int:
    dist = Path(dist_dir)
    files = precache_files(dist)
    digest = hashlib.sha256()
    for path in files:
        data = path.read_bytes()
        name = path.relative_to(dist).as_posix()
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    worker_source = bundled(source)
    digest.update(worker_source.encode())
    cache_name = f"cloverleaf-{digest.hexdigest()[:16]}"
    urls = ["./"] + [f"./{path.relative_to(dist).as_posix()}" for path in files]
    header = f"const CACHE_NAME = {json.dumps(cache_name)};\nconst PRECACHE = {json.dumps(urls, indent=0)};\n"
    (dist / "sw.js").write_text(header + worker_source, encoding="utf-8")
    print(f"precache: {len(urls)} URLs, cache {cache_name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
