"""The package passes ruff and strict mypy, as pyproject.toml configures them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)



def test_ruff_finds_nothing() -> None:
    result = run_tool("ruff", "check", "py", "tests", "bench", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
