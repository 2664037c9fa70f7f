"""What the checkers cannot see for themselves: every page script is type-checked. The
checkers run beside the tests, not in them (build.sh test: ruff and
strict mypy for Python, pyproject.toml; tsc and ESLint for the page, tsconfig.json and
eslint.config.mjs)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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
