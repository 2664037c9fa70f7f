"""Four languages: the browser's language by default, the setting overrides it and
is kept; the bar, the cards' names, the moves line, the help and the engine's
messages all switch."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

import pytest

from . import plans
from .conftest import ROOT, App, press_control

pytestmark = pytest.mark.browser

TABLES = {
    lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "de", "es", "ru")
}


def choose_language(page: Any, lang: str) -> None:
    press_control(page, "settings")
    page.locator('select[data-pref="language"]').select_option(lang)
    page.locator("#settings-dialog .dialog__actions button").click()
    if lang != "auto":
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def help_heading(lang: str, game: str) -> str:
    data = json.loads((ROOT / "web" / "help" / lang / f"{game}.json").read_text(encoding="utf-8"))
    return str(data["sections"][0]["heading"])


def test_each_language_switches_the_whole_page(app: App) -> None:
    deal, _, _, _ = plans.deal_with_fan_move()
    opening = plans.state("clover-leaf", deal)
    app.open(f"clover-leaf/{deal}")
    page = app.page
    assert page.evaluate("document.documentElement.lang") == "en"
    top = opening["fans"][0][-1]
    stuck = next(c for fan in opening["fans"] for c in fan[:-1] if c not in opening["movable"])
    for lang in ("de", "es", "ru", "en"):
        texts = TABLES[lang]
        choose_language(page, lang)
        assert page.locator('[data-action="hint"] span').inner_text() == texts["button.hint"]
        assert page.get_attribute('[data-action="undo"]', "title") == texts["button.undo.title"]
        assert page.locator("#game-name").inner_text() == texts["game.clover-leaf"]
        # The tab names the game, and the app's namesake only once.
        name = texts["game.clover-leaf"]
        assert page.title() == (name if name == "Clover Leaf" else f"{name} · Clover Leaf")
        zero_moves = texts["status.moves"]["many" if lang == "ru" else "other"].replace("{count}", "0")
        assert page.locator("#moves").inner_text() == zero_moves
        label = str(page.get_attribute('[data-fan="1"]', "aria-label"))  # the fan's cell names its top card
        rank = texts[f"rank.{top[:-1]}"]
        assert rank.lower() in label.lower(), (lang, label)
        # An engine error comes back in the page's words, without the engine's details.
        app.click_card(stuck)  # a covered card: the notice says so, in the page's words
        expected = [re.split(r"\{card(?::\w+)?\}", texts["error.covered"], flags=re.IGNORECASE)[-1]]
        page.wait_for_function(
            """(endings) => {
                const notice = document.querySelector('#notice');
                return !notice.hidden && endings.some((end) => notice.textContent.endsWith(end));
            }""",
            arg=expected,
        )
        notice = app.notice()
        assert "covers" not in notice and ">" not in notice, notice
        # The help in the same language.
        page.keyboard.press("F1")
        page.locator("#info-help h3").first.wait_for()
        assert page.locator("#info-help h3").first.inner_text() == help_heading(lang, "clover-leaf")
        assert page.locator("#info-tab-stats").inner_text() == texts["tab.stats"]
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")
    # The choice is kept across visits.
    choose_language(page, "es")
    app.reload()
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.locator('[data-action="undo"] span').inner_text() == "Deshacer"


def test_the_browser_language_is_the_default(make_app: Any) -> None:
    app = make_app(locale="ru-RU")
    app.open("trefoil/3")
    page = app.page
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.get_attribute("[data-action=\"redo\"]", "title") == "Повторить (Ctrl+Y)"
    assert "Пересдать" in page.locator("#redeal").inner_text()
    assert page.locator("#game-name").inner_text() == "Клевер"
    assert "Клевер" in page.title()
    page.locator('[data-action="games"]').click()
    assert "Александр Македонский" in page.locator("#games-list").inner_text()


# The deal of the day of 30 November 2026 as the bar (day and month) and the about
# panel (the whole date) show it, in each language's own style.
DAILY_DATES = {
    "en": ("daily Nov 30", "November 30, 2026"),
    "de": ("Tagespartie 30. Nov.", "30. November 2026"),
    "es": ("del día 30 nov", "30 de noviembre de 2026"),
    "ru": ("за 30 нояб.", "30 ноября 2026 г."),
}


def test_the_daily_deal_shows_its_date_in_the_players_language(app: App) -> None:
    app.page.clock.set_fixed_time(datetime.datetime(2026, 11, 30, 10, 0))
    app.open("clover-leaf/5")
    page = app.page
    app.press("daily")
    page.wait_for_function("() => !document.querySelector('#deal-label').textContent.startsWith('#')", timeout=60_000)
    app.settle()
    for lang, (bar, about) in DAILY_DATES.items():
        choose_language(page, lang)
        assert page.locator("#deal-label").inner_text() == bar
        page.locator('[data-action="info"]').click()
        page.locator("#info-tab-about").click()
        assert about in page.locator("[data-about-deal]").inner_text()
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")
