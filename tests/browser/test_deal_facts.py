"""What the page says of a deal from its rating and of the help given (issue 40):
a win made with hints counts "with help" and shows the solver's plan beside
the player's moves (par); a link to a deal lost from its start is marked at
once, with a winnable deal offered rather than a restart; Hint pressed while
the engine starts (its opening book unread) is kept, marked as waiting, and
answered once it is ready.
Deals and expectations come from the engine on CPython; the page plays them in Pyodide.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.api import Api

from .conftest import App, press_control
from .test_guidance import SHORT_DEAL, card_words, follow_hints_by_clicking
from .test_startup import bank_state_drawn, engine_absent, phone, start_held, wait_drawn  # noqa: F401
from .test_stats_panel import stat

pytestmark = pytest.mark.browser

LOST_DEAL = "415263900"  # Fan and Clover Leaf deal 415263900: lost from their start (rated so below)


def rated_state(game: str, deal: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The rating's result and the state after it, on CPython."""
    api = Api()
    api.call("new", json.dumps({"game": game, "deal": deal}))
    job = json.loads(api.call("jobStart", json.dumps({"kind": "difficulty", "game": game, "deal": deal})))["ok"]["job"]
    while not (step := json.loads(api.call("jobStep", json.dumps({"job": job, "nodes": 100_000})))["ok"])["done"]:
        pass
    return step["result"], json.loads(api.call("state"))["ok"]["state"]


def test_a_win_made_with_hints_counts_with_help_and_shows_the_solvers_plan_beside_it(app: App) -> None:
    api = Api()
    api.call("new", json.dumps({"game": "clover-leaf", "deal": SHORT_DEAL}))
    job = json.loads(api.call("jobStart", json.dumps({"kind": "work"})))["ok"]["job"]
    while not json.loads(api.call("jobStep", json.dumps({"job": job, "nodes": 100_000})))["ok"]["done"]:
        pass  # the rating, as the page runs it in the background: its solution is the deal's plan
    par = api.session.coach.par()
    assert isinstance(par, int)
    app.open(f"clover-leaf/{SHORT_DEAL}")
    page = app.page
    page.locator("#deal-level[data-level]").wait_for()  # rated: the page knows the plan's length
    won_in = follow_hints_by_clicking(app)
    panel = page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    text = panel.inner_text()
    assert f"{won_in} moves in" in text and "Won with help" in text
    assert won_in == par and f"The solver's plan took {par} moves." in text  # the hints followed the plan
    page.locator('#panel [data-panel-action="stats"]').click()
    page.locator("#info-stats:not([aria-busy]) table").wait_for()
    assert stat(page, "won") == "1 (1 with help)" and stat(page, "played") == "1"
    # The records are the player's own: a win with help sets none, nor a streak; the panel says so.
    assert (stat(page, "bestTime"), stat(page, "fewestMoves"), stat(page, "streak")) == ("–", "–", "0")
    assert "neither adds to your streak nor breaks it" in page.locator("#info-stats").inner_text()
    app.check_clean()


@pytest.mark.parametrize("game", ["fan", "clover-leaf"])
def test_a_link_to_a_deal_lost_from_its_start_is_marked_with_a_winnable_deal_offered(app: App, game: str) -> None:
    result, _ = rated_state(game, LOST_DEAL)
    assert result["verdict"] == "lost"
    app.open(f"{game}/{LOST_DEAL}")
    page = app.page
    sheet = page.locator('#panel[data-panel="lost"]')
    sheet.wait_for()
    assert "Lost from the start" in sheet.inner_text()
    assert result["why"]["kind"] == "deadEnd"  # the rating's reason, said in the sheet too
    dead_end = f"The {card_words(result['why']['card'])} can never move"
    assert sheet.locator(".panel__why").inner_text().startswith(dead_end)
    # Its cards lit, as the lost panel lights them mid-game: the table is the deal's start.
    lit = page.eval_on_selector_all(".card.card--why", "cards => cards.map((card) => card.dataset.card)")
    assert set(lit) == set(result["why"]["cards"])
    assert page.locator("#deal-level").inner_text() == "Cannot be won"
    assert page.locator('#panel [data-panel-action="restart"]').count() == 0
    # Hint says so too, and offers no restart as a way out.
    sheet.locator('[data-panel-action="close"]').click()
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelector('#panel-text')?.textContent.includes('from its start')")
    assert page.locator('#panel [data-panel-action="restart"]').count() == 0
    page.locator('#panel [data-panel-action="winnable"]').click()
    page.wait_for_function(f"() => document.body.dataset.deal && document.body.dataset.deal !== '{LOST_DEAL}'")
    page.locator("#deal-level[data-level]:not([data-level='lost'])").wait_for(timeout=60_000)
    app.check_clean()


# The cards the loading bar covers.
UNDER_LOADING = """() => {
    const box = document.querySelector('#loading').getBoundingClientRect();
    return [...document.querySelectorAll('.card')].filter((card) => {
        const r = card.getBoundingClientRect();
        return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
    }).map((card) => card.dataset.card);
}"""


def test_hint_pressed_while_the_engine_and_its_book_are_read_is_answered_once_the_engine_is_ready(
    phone: App,  # noqa: F811
) -> None:
    held = start_held(phone, book=False)
    wait_drawn(phone)
    assert engine_absent(phone)
    deal, _ = bank_state_drawn(phone)
    page = phone.page
    press_control(page, "hint")
    page.wait_for_function("() => document.body.dataset.waiting === '1'")
    assert page.locator("#loading-text").inner_text() == "Your hint comes as soon as the game engine is ready…"
    assert page.evaluate(UNDER_LOADING) == []  # in the bar, over no card
    press_control(page, "hint")  # pressed again while it waits: kept once
    assert page.evaluate("document.body.dataset.waiting") == "1"
    assert page.locator('[data-action="hint"].is-waiting').count() >= 1
    assert engine_absent(phone)

    held.release()
    phone.wait_started()
    page.wait_for_function("() => document.querySelector('.card.card--hint, #redeal.is-hint')", timeout=60_000)
    hinted = page.locator(".card.card--hint").get_attribute("data-card")
    api = Api()
    api.call("new", json.dumps({"game": "clover-leaf", "deal": deal, "opening": "bank"}))
    job = api.hint_job("hint")
    while (expected := job.step(100_000)) is None:
        pass
    assert hinted == expected["move"]["card"]
    assert phone.moves() == 0 and page.evaluate("document.body.dataset.waiting") is None
    assert page.locator(".is-waiting").count() == 0
