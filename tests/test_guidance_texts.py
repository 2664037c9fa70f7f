"""The page's texts for play guided by the solver that the code asks for by a
computed key (t(`intro.foundations.${game}`)), which the key check of
test_translations.py cannot see: every game has its first-visit overlay lines,
in every language, and the lines about a game's foundations match its rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cloverleaf.games import CATALOGUE

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGS = ("en", "de", "es", "ru")


def table(lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_its_three_overlay_lines(lang: str) -> None:
    texts = table(lang)
    for key in ("intro.title", "intro.goal", "intro.goalLabel", "intro.foundationsLabel", "intro.movesLabel"):
        assert key in texts, (lang, key)
    for rules in CATALOGUE:
        for line in ("foundations", "moves"):
            text = texts.get(f"intro.{line}.{rules.id}")
            assert isinstance(text, str) and text.strip(), (lang, rules.id, line)


def test_the_english_foundation_lines_follow_the_rules() -> None:
    """A game whose foundations build down names the King; one that builds all up names no King start."""
    texts = table("en")
    for rules in CATALOGUE:
        text = str(texts[f"intro.foundations.{rules.id}"])
        assert ("down from the King" in text) == (False in rules.foundation_up), rules.id
        assert ("start on them" in text) == (rules.bases_dealt and all(rules.foundation_up)), rules.id
