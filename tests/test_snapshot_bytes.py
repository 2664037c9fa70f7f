"""The start-up snapshot depends on the Python it holds, nothing else (issue 42).

scripts/snapshot.mjs run twice on the same package and standard library gives
the same bytes: a release that changes only the page's JavaScript keeps the
snapshot's name, and returning players do not download its 4.6 MB again.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "node_modules" / "pyodide"
EXTRACT_DIR = "/home/pyodide/cloverleaf-app"  # as build.sh


def run(*args: str) -> None:
    subprocess.run(["node", *args], cwd=ROOT, check=True, capture_output=True, timeout=600)


def test_the_same_python_makes_the_same_snapshot_bytes(tmp_path: Path) -> None:
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run ./build.sh build (or npm ci)")
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    run("scripts/stdlib.mjs", str(PYODIDE), "py/cloverleaf", EXTRACT_DIR, "scripts/api_plan.py", str(first))
    shutil.copytree(first, second)
    for work in (first, second):
        run("scripts/snapshot.mjs", str(PYODIDE), EXTRACT_DIR, str(work))
    assert (first / "snapshot.gz").read_bytes() == (second / "snapshot.gz").read_bytes()
