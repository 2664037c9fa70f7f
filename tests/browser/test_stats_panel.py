"""Statistics in the page: kept in localStorage as the engine's versioned text,
shown per game (all, solvable, daily) with the last results as a chart; a game
left after a move counts as lost, once; they survive a reload; reset asks first.
(A won game is counted in test_access.py's keyboard game.)"""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf.stats import Stats

from . import plans
from .conftest import App

pytestmark = pytest.mark.browser


def stat(page: Any, name: str, kind: str = "all") -> str:
    return str(page.locator(f'#info-stats tr[data-stat="{name}"] td[data-kind="{kind}"]').inner_text())


def open_stats(page: Any) -> None:
    page.keyboard.press("F1")
    page.locator("#info-tab-stats").click()
    page.locator("#info-stats:not([aria-busy]) table").wait_for()


def close_info(page: Any) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")


def test_statistics_count_a_lost_game_survive_a_reload_and_reset(app: App) -> None:
    saved = Stats().record("clover-leaf", True, 40, 125.0).record("clover-leaf", True, 38, 99.5, solvable=True)
    key = "cloverleaf.stats.v1"
    app.context.add_init_script(f"if (!localStorage.getItem('{key}')) localStorage.setItem('{key}', {saved.dumps()!r})")
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    page = app.page
    open_stats(page)
    assert (stat(page, "played"), stat(page, "won"), stat(page, "winRate")) == ("2", "2", "100%")
    assert (stat(page, "bestTime"), stat(page, "fewestMoves"), stat(page, "bestStreak")) == ("1:40", "38", "2")
    assert stat(page, "played", "solvable") == "1" and stat(page, "played", "daily") == "0"
    assert page.locator("#info-stats .chart__win").count() == 2
    close_info(page)

    # A move, then another deal: the game left counts as lost (once).
    app.drag(card, fan)
    app.wait_moves(1)
    app.follow_link("clover-leaf/2")
    app.follow_link("clover-leaf/3")  # no move on deal 2: not counted
    open_stats(page)
    shown = (stat(page, "played"), stat(page, "won"), stat(page, "winRate"), stat(page, "streak"))
    assert shown == ("3", "2", "67%", "0")
    assert page.locator("#info-stats .chart__loss").count() == 1
    label = str(page.locator("#info-stats svg.chart").get_attribute("aria-label"))
    assert "2 won, 1 lost" in label
    close_info(page)

    app.reload()
    open_stats(page)
    assert stat(page, "played") == "3"

    # Reset asks first; cancel keeps everything, confirm clears this game.
    page.locator("[data-stats-reset]").click()
    page.locator("[data-stats-cancel]").click()
    assert stat(page, "played") == "3"
    page.locator("[data-stats-reset]").click()
    assert "cannot be undone" in page.locator(".stats__confirm").inner_text()
    page.locator("[data-stats-confirm]").click()
    page.locator("#info-stats:not([aria-busy]) table").wait_for()
    assert stat(page, "played") == "0"
    assert page.locator("#info-stats .chart__win").count() == 0


def test_unreadable_statistics_start_afresh_with_a_notice(app: App) -> None:
    app.context.add_init_script("localStorage.setItem('cloverleaf.stats.v1', 'not statistics {')")
    app.open("clover-leaf/5")
    page = app.page
    open_stats(page)
    assert stat(page, "played") == "0"
    assert "could not be read" in app.notice()
    assert page.evaluate("localStorage.getItem('cloverleaf.stats.v1')") is None


def test_a_proved_deal_reloaded_and_restarted_counts_its_win_among_the_solvable(app: App) -> None:
    # Issue 39: a deal dealt as proved winnable (a newcomer's first table comes from the build's bank of
    # proved deals), one move, a reload, Restart, then a win: the win was recorded outside "solvable",
    # because the page's copy of "solvable" was not restored. The session keeps it in its save now.
    app.open()
    page = app.page
    deal = str(page.evaluate("document.body.dataset.deal"))
    decisions = plans.winning_decisions("clover-leaf", deal)
    assert decisions, deal
    app.play(decisions[:1])
    app.reload()
    app.press("restart")
    page.locator('#panel[data-panel="confirm"] [data-panel-action="leave"]').click()  # leave the game in progress
    app.wait_moves(0)
    app.play(decisions)
    page.locator('#panel[data-panel="won"]').wait_for()
    open_stats(page)
    assert (stat(page, "played", "solvable"), stat(page, "won", "solvable")) == ("2", "1")
    assert (stat(page, "played"), stat(page, "won")) == ("2", "1")
