"""The help panel of every game opens, in its language, from the bar's button and
from F1; the about panel shows the version, the deal with a link to copy and the
issue page's address, which nothing requests until the player follows it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cloverleaf import CATALOGUE

from .conftest import ROOT, App

pytestmark = pytest.mark.browser

GAMES = [rules.id for rules in CATALOGUE]


def help_file(game: str, lang: str = "en") -> dict[str, Any]:
    return dict(json.loads((ROOT / "web" / "help" / lang / f"{game}.json").read_text(encoding="utf-8")))


def test_the_help_panel_of_every_game_opens(app: App) -> None:
    app.open("clover-leaf/1")
    page = app.page
    for number, game in enumerate(GAMES):
        if number:
            page.evaluate("g => { location.hash = `#${g}/1`; }", game)
            page.wait_for_function("g => document.body.dataset.game === g", arg=game)
            app.settle()
        if number % 2:
            page.keyboard.press("F1")
        else:
            page.locator('[data-action="info"]').click()
        dialog = page.locator("#info-dialog[open]")
        dialog.wait_for()
        help_ = help_file(game)
        assert page.locator("#info-title").inner_text() == help_["title"]
        headings = page.locator("#info-help h3")
        headings.first.wait_for()
        wanted = [section["heading"] for section in help_["sections"]]
        assert headings.all_inner_texts()[: len(wanted)] == wanted
        paragraphs = page.locator("#info-help p").all_inner_texts()
        assert help_["sections"][0]["paragraphs"][0] in paragraphs
        assert page.locator("#info-tab-help").get_attribute("aria-selected") == "true"
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")


def test_the_about_panel(app: App) -> None:
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.open("shamrocks-ii/77")
    page = app.page
    page.locator('[data-action="info"]').click()
    page.locator("#info-tab-about").click()
    about = page.locator("#info-about")
    version = str(re.search(r'__version__ = "([^"]+)"', (ROOT / "py" / "cloverleaf" / "__init__.py").read_text())[1])  # type: ignore[index]
    assert version in about.locator("[data-about-version]").inner_text()
    assert about.locator("[data-about-deal]").inner_text() == "77"
    assert about.locator(".about__link").input_value().endswith("#shamrocks-ii/77")
    about.locator("[data-about-copy]").click()
    page.wait_for_function("() => /copied/.test(document.querySelector('.about__status').textContent)")
    assert page.evaluate("navigator.clipboard.readText()").endswith("index.html#shamrocks-ii/77")
    report = about.locator("[data-about-report]")
    assert report.get_attribute("href") == "https://github.com/cloverleaf-solitaire/cloverleaf/issues"
    assert report.get_attribute("target") == "_blank"
    assert set(str(report.get_attribute("rel")).split()) >= {"noopener", "noreferrer"}
    assert not app.outside, "nothing is requested before the link is followed"
