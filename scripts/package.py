"""Put the Python package and its start-up snapshot into dist/ (run by build.sh).

    python3 scripts/package.py DIST PYODIDE_DIR PYODIDE_VERSION WORK_DIR EXTRACT_DIR

WORK_DIR is what scripts/snapshot.mjs wrote: ``package/`` (sources and bytecode)
and ``snapshot.gz``. Writes into DIST:

- ``py/cloverleaf-<version>-<hash>.zip``: a deterministic zip (sorted names,
  fixed time stamps) of ``package/``, which the worker unpacks with
  ``pyodide.unpackArchive``;
- ``py/pyodide-<pyodide version>-cloverleaf-<hash>.snapshot.gz``;
- ``js/build-info.js``: what this build contains, for the page and the worker.

Both files are named after a hash of their bytes, so a browser cache can never
serve stale Python (or a snapshot of it) next to a new page.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import zipfile
from pathlib import Path

FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def deterministic_zip(root: Path) -> tuple[bytes, int]:
    """Every file under ``root`` (names relative to it), in sorted order."""
    files = sorted(path for path in root.rglob("*") if path.is_file())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue(), len(files)


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def app_version(package: Path) -> str:
    for line in (package / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return "0.0.0"


def main(dist_dir: str, pyodide_dir: str, pyodide_version: str, work_dir: str, extract_dir: str) -> int:
    dist, work = Path(dist_dir), Path(work_dir)
    package = work / "package"
    data, count = deterministic_zip(package)
    digest = short_hash(data)
    version = app_version(package / "cloverleaf")
    zip_name = f"py/cloverleaf-{version}-{digest}.zip"
    snapshot = (work / "snapshot.gz").read_bytes()
    snapshot_name = f"py/pyodide-{pyodide_version}-cloverleaf-{short_hash(snapshot)}.snapshot.gz"
    (dist / "py").mkdir(exist_ok=True)
    (dist / zip_name).write_bytes(data)
    (dist / snapshot_name).write_bytes(snapshot)
    info = {
        "APP_VERSION": version,
        "PYODIDE_VERSION": pyodide_version,
        "PYODIDE_DIR": pyodide_dir.rstrip("/") + "/",
        "PACKAGE_ZIP": zip_name,
        "BUILD_HASH": digest,
        "SNAPSHOT": snapshot_name,
        "EXTRACT_DIR": extract_dir,
    }
    lines = ["// Written by build.sh: what this build of dist/ contains. Do not edit.\n"]
    lines += [f"export const {key} = {json.dumps(value)};\n" for key, value in info.items()]
    (dist / "js" / "build-info.js").write_text("".join(lines), encoding="utf-8")
    print(f"python package: {zip_name} ({count} files with bytecode, {len(data):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
