"""Every text that names a card, in every language, as a native would write it.

The page names cards through web/js/words/i18n.js: a text asks for the form it
needs ({card:acc}, {target:the}) and a capital where it starts a sentence
({Card}). These tests run that module in Node with the real string tables and
read what it writes for all 52 cards: Russian puts the card after "на" and as a
verb's object in the accusative, Spanish and German give each rank its own
article (la reina, el rey, den Buben), and no text is left with a placeholder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "js" / "words" / "i18n.js"
LANGS = ("en", "de", "es", "ru")
RANKS = "A23456789TJQK"
CARDS = [rank + suit for suit in "CDHS" for rank in RANKS]
# Each text that names a card, with what the page passes it (card codes as cardWord).
MESSAGES = {
    "hint.toFoundation": ("card",),
    "hint.onto": ("card", "target"),
    "hint.toEmpty": ("card",),
    "error.nowhere": ("card",),
    "error.covered": ("card",),
    "error.build": ("card", "onto"),
    "error.empty": ("card",),
    "error.foundation": ("card",),
    "fan.card": ("card",),
    "fan.cards": ("card",),
    "foundation.name": ("card",),
    "announce.toFoundation": ("card",),
    "announce.onto": ("card", "target"),
    "announce.toEmpty": ("card",),
    "keys.destFan": ("target",),
    "keys.noDestination": ("card",),
    "move.onto": ("card", "target"),
    "move.toFoundation": ("card",),
    "move.toEmpty": ("card",),
}
# Texts that are whole sentences (the others are labels or parts of a sentence).
SENTENCES = [key for key in MESSAGES if key.split(".")[0] in ("hint", "error", "announce")]
SENTENCES += ["keys.noDestination"]

RENDER = """
import { readFileSync } from "node:fs";
import { cardWord, nameCard, t, useTables } from "I18N";
const { langs, cards, messages } = JSON.parse(process.argv[1]);
const read = (lang) => JSON.parse(readFileSync(`WEB/i18n/${lang}.json`, "utf8"));
const english = read("en");
const out = {};
for (const lang of langs) {
  useTables(lang, read(lang), english);
  const texts = {};
  for (const [key, names] of Object.entries(messages)) {
    texts[key] = cards.map((card, i) => {
      const params = { fan: 3, index: 2, count: 5, suit: "S", destination: "x", under: "y" };
      for (const name of names) params[name] = cardWord(name === "card" ? card : cards[(i + 1) % cards.length]);
      return t(key, params);
    });
  }
  texts.names = cards.map((card) => nameCard(card));
  out[lang] = texts;
}
console.log(JSON.stringify(out));
"""


@cache
def rendered() -> dict[str, dict[str, list[str]]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (./build.sh test installs it)")
    script = RENDER.replace("I18N", I18N.as_uri()).replace("WEB", str(ROOT / "web"))
    params = json.dumps({"langs": LANGS, "cards": CARDS, "messages": MESSAGES})
    result = subprocess.run(
        [node, "--input-type=module", "-e", script, params], capture_output=True, text=True, check=True, timeout=60
    )
    data: dict[str, dict[str, list[str]]] = json.loads(result.stdout)
    return data


def table(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_naming_a_card_keeps_a_placeholder_or_a_key(lang: str) -> None:
    for key, texts in rendered()[lang].items():
        for text in texts:
            assert not re.search(r"[{}]|\b(rank|suit|card|article)\.\w", text), (lang, key, text)
            assert "  " not in text and text == text.strip(), (lang, key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_that_name_a_card_start_with_a_capital(lang: str) -> None:
    for key in SENTENCES:
        for text in rendered()[lang][key]:
            assert text[0].isupper(), (lang, key, text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_a_text_asks_for_is_the_languages_own(lang: str) -> None:
    texts = table(lang)
    used = {form for value in texts.values() if isinstance(value, str) for form in re.findall(r"\{\w+:(\w+)\}", value)}
    for form in used:
        assert any(key.endswith(f".{form}") for key in texts), (lang, form)
        articles = [key for key in texts if key.startswith("article.") and key.endswith(f".{form}")]
        assert not articles or len(articles) == len(RANKS), (lang, form, "an article for every rank or none")


def test_russian_names_the_card_after_na_and_as_an_object_in_the_accusative() -> None:
    ru = rendered()["ru"]
    nominative = {table("ru")[f"rank.{rank}"] for rank in RANKS}
    accusative = {table("ru")[f"rank.{rank}.acc"] for rank in RANKS}
    for key in ("hint.onto", "announce.onto", "keys.destFan", "move.onto", "hint.toFoundation", "error.build"):
        for text in ru[key]:
            after_na = re.findall(r"\bна (\w+)", text)
            assert all(word not in nominative or word in accusative for word in after_na), (key, text)
            assert "на карту" not in text, (key, text)
    # "Ход 9 (тройка бубен на четвёрку бубен)": the moved card as the subject, its target after "на".
    assert ru["move.onto"][CARDS.index("3D")] == "тройка бубен на четвёрку бубен"
    assert ru["hint.onto"][CARDS.index("QS")] == "Подсказка: положите даму пик на короля пик."
    assert ru["error.covered"][CARDS.index("AC")] == "Туза треф закрывают другие карты: сначала уберите их."


def test_spanish_gives_each_rank_its_article_and_buttons_are_verbs() -> None:
    es = rendered()["es"]
    for key in ("hint.onto", "move.onto", "error.covered", "announce.onto", "error.build", "error.empty"):
        for text in es[key]:
            assert not re.search(r"\b[Ee]l (jota|reina)\b|\b[Ll]a (as|dos|tres|rey)\b", text), (key, text)
    assert es["error.covered"][CARDS.index("QD")] == "La reina de diamantes tiene cartas encima: muévelas primero."
    assert es["hint.onto"][CARDS.index("JC")] == "Pista: mueve la jota de tréboles sobre la reina de tréboles."
    assert table("es")["button.restart"] == "Reiniciar"


def test_german_gives_each_rank_its_article_in_its_case() -> None:
    de = rendered()["de"]
    assert de["hint.onto"][CARDS.index("QH")] == "Tipp: Lege die Herz-Dame auf den Herz-König."
    assert de["hint.onto"][CARDS.index("TH")] == "Tipp: Lege die Herz-Zehn auf den Herz-Buben."
    assert de["error.covered"][CARDS.index("AS")] == "Das Pik-Ass ist verdeckt: Nimm zuerst die Karten darauf weg."
    assert de["names"][CARDS.index("7C")] == "Kreuz-Sieben"
