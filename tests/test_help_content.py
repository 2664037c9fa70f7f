"""The help panels' text: one JSON file per game and language under web/help/.

The help is data, not code (issue 6): a new game or language adds files. These
tests check that every game of the catalogue has its help in every language,
that each file follows the schema the page reads, and that the translations are
real translations rather than copies of the English text.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cloverleaf.games import CATALOGUE

HELP = Path(__file__).resolve().parent.parent / "web" / "help"
LANGS = ("en", "de", "es", "ru")
GAMES = tuple(rules.id for rules in CATALOGUE)
REQUIRED_SECTIONS = ("layout", "rules", "play", "strategy")
MAX_PARAGRAPHS = 5
MAX_PARAGRAPH_CHARS = 450  # the guideline is about 400; translations run a little longer
CASES = [(game, lang) for game in GAMES for lang in LANGS]


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    duplicates = {key for key in keys if keys.count(key) > 1}
    if duplicates:
        raise ValueError(f"duplicate keys {sorted(duplicates)}")
    return dict(pairs)


@cache
def load(game: str, lang: str) -> dict[str, Any]:
    path = HELP / lang / f"{game}.json"
    data = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicate_keys)
    assert isinstance(data, dict), path
    return data


def section_ids(game: str, lang: str) -> list[str]:
    return [section["id"] for section in load(game, lang)["sections"]]


def section_text(game: str, lang: str, section_id: str) -> str:
    for section in load(game, lang)["sections"]:
        if section["id"] == section_id:
            return "\n".join(section["paragraphs"])
    raise AssertionError(f"{lang}/{game}: no section {section_id!r}")


def check_plain_text(text: object, where: str) -> None:
    assert isinstance(text, str), f"{where}: not a string"
    assert text.strip(), f"{where}: empty"
    assert text == text.strip(), f"{where}: leading or trailing white space"
    assert "<" not in text and ">" not in text, f"{where}: looks like markup: {text[:60]!r}"
    assert "**" not in text and "`" not in text and "](" not in text, f"{where}: looks like Markdown"
    assert "\n" not in text, f"{where}: line break inside a string"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_game_has_help_in_every_language(game: str, lang: str) -> None:
    assert (HELP / lang / f"{game}.json").is_file(), f"missing web/help/{lang}/{game}.json"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_help_file_follows_the_schema(game: str, lang: str) -> None:
    data = load(game, lang)
    where = f"{lang}/{game}"
    assert set(data) == {"game", "lang", "title", "sections"}, f"{where}: keys {sorted(data)}"
    assert data["game"] == game, f"{where}: game is {data['game']!r}"
    assert data["lang"] == lang, f"{where}: lang is {data['lang']!r}"
    check_plain_text(data["title"], f"{where} title")
    sections = data["sections"]
    assert isinstance(sections, list) and sections, f"{where}: no sections"
    ids = []
    for index, section in enumerate(sections):
        at = f"{where} section {index}"
        assert isinstance(section, dict), at
        assert set(section) == {"id", "heading", "paragraphs"}, f"{at}: keys {sorted(section)}"
        assert isinstance(section["id"], str) and re.fullmatch(r"[a-z][a-z0-9-]*", section["id"]), at
        ids.append(section["id"])
        check_plain_text(section["heading"], f"{at} heading")
        paragraphs = section["paragraphs"]
        assert isinstance(paragraphs, list), f"{at}: paragraphs is not a list"
        assert 1 <= len(paragraphs) <= MAX_PARAGRAPHS, f"{at}: {len(paragraphs)} paragraphs"
        for number, paragraph in enumerate(paragraphs):
            check_plain_text(paragraph, f"{at} paragraph {number}")
            assert len(paragraph) <= MAX_PARAGRAPH_CHARS, f"{at} paragraph {number}: {len(paragraph)} characters"
    assert len(ids) == len(set(ids)), f"{where}: repeated section ids {ids}"
    assert set(REQUIRED_SECTIONS) <= set(ids), f"{where}: sections {ids}"


@pytest.mark.parametrize("game", GAMES)
def test_sections_match_across_languages(game: str) -> None:
    english = section_ids(game, "en")
    for lang in LANGS[1:]:
        assert section_ids(game, lang) == english, f"{lang}/{game}: sections differ from English"


def test_no_help_for_unknown_games_or_languages() -> None:
    assert HELP.is_dir()
    stray = []
    for path in HELP.rglob("*"):
        relative = path.relative_to(HELP)
        if path.is_dir():
            if len(relative.parts) != 1 or relative.name not in LANGS:
                stray.append(str(relative))
        elif len(relative.parts) != 2 or relative.parts[0] not in LANGS or relative.suffix != ".json" \
                or relative.stem not in GAMES:
            stray.append(str(relative))
    assert not stray, f"files or folders under web/help for no known game or language: {stray}"


@pytest.mark.parametrize(("game", "lang"), [(game, lang) for game in GAMES for lang in LANGS[1:]])
def test_translations_are_not_english_copies(game: str, lang: str) -> None:
    for section_id in section_ids(game, "en"):
        assert section_text(game, lang, section_id) != section_text(game, "en", section_id), \
            f"{lang}/{game}: section {section_id!r} is the English text"
    english = {p for section in load(game, "en")["sections"] for p in section["paragraphs"]}
    copied = [p for section in load(game, lang)["sections"] for p in section["paragraphs"] if p in english]
    assert not copied, f"{lang}/{game}: paragraphs copied from English: {copied}"
    strategy = section_text(game, lang, "strategy")
    if lang == "ru":
        cyrillic = sum("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in strategy)
        letters = sum(ch.isalpha() for ch in strategy)
        assert cyrillic > 0.9 * letters, f"ru/{game}: strategy is not written in Russian"
