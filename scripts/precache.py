"""Write dist/sw.js: the precache list, each file's digests, and a cache name that changes with the files.

build.sh runs this last, once dist/ holds everything else. The cache name is a
hash of every file's path and bytes, so any change to the app gives the service
worker new bytes, a new cache and the removal of the old one. Nothing is listed
by hand: the list is whatever dist/ contains. The service worker's source is
bundled with what it imports (esbuild) into one classic script, as
web/js/offline.js registers it.

Each file's digests (DIGESTS: its size, the SHA-256 of its bytes as served and,
for a file the service worker stores decoded, of the decoded bytes) let the
service worker store only the build's bytes and find a stored file damaged later
(web/sw.js). Zstandard frames are decoded for it by fzstd, the decoder the page
uses (node), gzip by Python.

Usage: python3 scripts/precache.py DIST web/sw.js
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SKIP = {"sw.js"}


def bundled(source: str) -> str:
    """The service worker's source with its imports (js/engine/zstd.js and fzstd) in one script."""
    esbuild = ROOT / "node_modules" / ".bin" / "esbuild"
    command = [str(esbuild), source, "--bundle", "--format=iife", "--target=es2022", "--log-level=warning"]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


ZSTD_DECODED_DIGESTS = """
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { decompress } from "fzstd";
const digests = {};
for (const path of process.argv.slice(1)) {
  digests[path] = createHash("sha256").update(decompress(new Uint8Array(readFileSync(path)))).digest("hex");
}
console.log(JSON.stringify(digests));
"""


def decoded_digests(paths: list[Path]) -> dict[Path, str]:
    """The SHA-256 of each file decoded as the service worker stores it (Zstandard frames, gzip)."""
    digests: dict[Path, str] = {}
    for path in paths:
        if path.name.endswith(".gz"):
            digests[path] = hashlib.sha256(gzip.decompress(path.read_bytes())).hexdigest()
    frames = [path for path in paths if path.name.endswith(".zst")]
    if frames:
        command = ["node", "--input-type=module", "-e", ZSTD_DECODED_DIGESTS, *map(str, frames)]
        out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout
        digests.update({Path(name): hex for name, hex in json.loads(out).items()})
    return digests


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
    decoded = decoded_digests(files)
    digests: dict[str, list[Any]] = {}
    for path in files:
        data = path.read_bytes()
        entry: list[Any] = [len(data), hashlib.sha256(data).hexdigest()]
        if path in decoded:
            entry.append(decoded[path])
        digests[f"./{path.relative_to(dist).as_posix()}"] = entry
    digests["./"] = digests["./index.html"]
    header = (
        f"const CACHE_NAME = {json.dumps(cache_name)};\nconst PRECACHE = {json.dumps(urls, indent=0)};\n"
        f"const DIGESTS = {json.dumps(digests, separators=(',', ':'))};\n"
    )
    (dist / "sw.js").write_text(header + worker_source, encoding="utf-8")
    print(f"precache: {len(urls)} URLs, cache {cache_name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
