"""The page's string tables (web/i18n/<lang>.json): every text in every language.

Each table is a flat JSON object; a value is a string with {placeholders} or, for a
text that depends on a number, an object of plural forms keyed by the
Intl.PluralRules categories of that language. A translation must use exactly the
placeholders of the English text, so the page never shows "{count}" or drops a
number; and every key the JavaScript asks for with t("...") must exist.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cloverleaf.games import CATALOGUE

WEB = Path(__file__).resolve().parent.parent / "web"
LANGS = ("en", "de", "es", "ru")
# The plural categories each language needs for whole numbers (CLDR).
PLURAL_FORMS = {"en": {"one", "other"}, "de": {"one", "other"}, "es": {"one", "other"}, "ru": {"one", "few", "many"}}
# {name}, or {name:form} for a card named in a grammatical form, {Name} to start a
# sentence (web/js/words/i18n.js): the same placeholder "name" in every language.
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")
# A language's own grammatical forms of a card's words (card.name.acc, rank.Q.the,
# article.K.acc): only the languages that need them have them.
GRAMMAR_KEY = re.compile(r"^(card\.name|rank\.\w|suit\.\w|article\.\w)\.\w+$")


@cache
def table(lang: str) -> dict[str, Any]:
    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in pairs]
        duplicates = sorted({key for key in keys if keys.count(key) > 1})
        assert not duplicates, f"{lang}.json repeats {duplicates}"
        return dict(pairs)

    data = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"), object_pairs_hook=no_duplicates)
    assert isinstance(data, dict)
    return data


def forms(value: Any) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value: Any) -> set[str]:
    return {name[0].lower() + name[1:] for text in forms(value) for name in PLACEHOLDER.findall(text)}


def texts(lang: str) -> dict[str, Any]:
    """The language's texts but its grammatical forms."""
    return {key: value for key, value in table(lang).items() if not GRAMMAR_KEY.match(key)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_exists_in_every_language(lang: str) -> None:
    english, other = set(texts("en")), set(texts(lang))
    assert not english - other, f"{lang} lacks {sorted(english - other)}"
    assert not other - english, f"{lang} has keys English lacks: {sorted(other - english)}"


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_the_english_text(lang: str) -> None:
    for key, value in texts(lang).items():
        assert placeholders(value) == placeholders(table("en")[key]), f"{lang}: {key}"


@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_strings_or_complete_plural_forms(lang: str) -> None:
    for key, value in texts(lang).items():
        if isinstance(value, dict):
            assert isinstance(table("en")[key], dict), f"{lang}: {key} is plural only here"
            assert PLURAL_FORMS[lang] <= set(value), f"{lang}: {key} lacks plural forms"
            assert "other" in value, f"{lang}: {key} lacks 'other'"
            assert all(isinstance(text, str) and text.strip() for text in value.values()), key
        else:
            assert isinstance(value, str) and value.strip(), f"{lang}: {key} is empty"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_translations_are_not_copies_of_english(lang: str) -> None:
    same = [
        key for key, value in texts(lang).items()
        if value == table("en")[key] and len(json.dumps(value)) > 24 and not key.startswith("game.")
    ]
    assert len(same) <= 3, f"{lang} repeats the English text of {same}"


def test_every_game_has_a_name_and_summary() -> None:
    for rules in CATALOGUE:
        assert f"game.{rules.id}" in table("en"), rules.id
        assert f"summary.{rules.id}" in table("en"), rules.id


def test_every_game_has_its_first_visit_lines_and_every_family_a_name() -> None:
    """The first-visit overlay (panels/overlay.js) says how each game's foundations build
    and how its cards move; the games dialog (panels/dialogs.js) names each family."""
    from cloverleaf.games import FAMILIES

    for lang in LANGS:
        for rules in CATALOGUE:
            for line in ("foundations", "moves"):
                assert f"intro.{line}.{rules.id}" in table(lang), (lang, rules.id, line)
        for family, _ in FAMILIES:
            assert f"family.{family}" in table(lang), (lang, family)


def test_every_key_the_page_asks_for_exists() -> None:
    """t("literal.key") calls in web/js must name a key of the tables."""
    wanted: set[str] = set()
    for path in (WEB / "js").rglob("*.js"):
        wanted |= set(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
        wanted |= set(re.findall(r"""data-i18n(?:-\w+)?=["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
    missing = sorted(key for key in wanted if key not in table("en"))
    assert not missing, f"web/js asks for missing texts {missing}"


def test_game_names_agree_with_the_help_titles() -> None:
    for lang in LANGS:
        for rules in CATALOGUE:
            help_file = WEB / "help" / lang / f"{rules.id}.json"
            title = json.loads(help_file.read_text(encoding="utf-8"))["title"]
            assert table(lang)[f"game.{rules.id}"] == title, (lang, rules.id)


def test_setting_names_agree_with_the_help() -> None:
    """The help quotes the settings by name; the page must use the same words."""
    for lang in LANGS:
        text = " ".join((WEB / "help" / lang / f"{rules.id}.json").read_text(encoding="utf-8") for rules in CATALOGUE)
        for key in ("settings.clickToPlay", "settings.autoMove", "settings.autoComplete", "settings.solvableOnly"):
            assert table(lang)[key] in text, (lang, key)
