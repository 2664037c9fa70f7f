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


# Files still to be type-checked; each is struck from this list when it is.
NOT_YET_CHECKED: set[str] = set()
PAGE = ROOT / "web" / "js"


def page_scripts() -> dict[str, str]:
    return {path.relative_to(PAGE).as_posix(): path.read_text(encoding="utf-8") for path in PAGE.rglob("*.js")}


def test_every_page_script_is_type_checked() -> None:
    """The type checker reads a file only when it says // @ts-check (tsconfig.json's checkJs is off)."""
    tsconfig = (ROOT / "tsconfig.json").read_text(encoding="utf-8")
    assert '"noImplicitAny": true' in tsconfig
    unchecked = {
        name for name, text in page_scripts().items()
        if "@ts-nocheck" in text or not text.startswith("// @ts-check")
    }
    assert unchecked <= NOT_YET_CHECKED, sorted(unchecked - NOT_YET_CHECKED)


def test_no_page_script_is_over_300_lines() -> None:
    """A module a newcomer can read in one sitting; one job each."""
    long = {name for name, text in page_scripts().items() if text.count("\n") > 300}
    assert not long, sorted(long)
