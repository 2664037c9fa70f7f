"""The code passes its checkers: ruff and strict mypy for Python (pyproject.toml),
tsc and ESLint for the page's JavaScript (tsconfig.json, eslint.config.mjs)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_finds_nothing() -> None:
    result = run_tool("ruff", "check", "py", "tests", "bench", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing() -> None:
    result = run_tool("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def run_npx(*args: str) -> subprocess.CompletedProcess[str]:
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    return subprocess.run([npx, "--no-install", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_the_page_scripts_pass_the_type_checker() -> None:
    """tsc reads the JSDoc types of every web/js file marked // @ts-check (tsconfig.json)."""
    result = run_npx("tsc", "-p", "tsconfig.json")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_page_scripts_pass_the_linter() -> None:
    result = run_npx("eslint", "web", "scripts", "tests")
    assert result.returncode == 0, result.stdout + result.stderr
