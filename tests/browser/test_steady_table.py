"""A steady table (issue 41): the stuck and lost sheets and the solution player
dock below the table without resizing or moving a card, the table scrolling
under them; larger cards visibly larger on a phone; a notice over no control on
a desktop either."""

from __future__ import annotations

from typing import Any

import pytest

from . import plans
from .conftest import App, press_control
from .test_endings import stuck_after_clicks
from .test_phone_controls import COVERED, HIDDEN_INDICES, PHONES, phone_app

pytestmark = pytest.mark.browser

# Every card's and fan's place and the cards' size, as drawn.
GEOMETRY = """() => ({
    size: (({width, height}) => [width, height])(document.querySelector('.card').getBoundingClientRect()),
    cards: Object.fromEntries([...document.querySelectorAll('.card')].map((c) => [c.dataset.card, c.style.transform])),
    fans: [...document.querySelectorAll('.fan')].map((f) => f.style.transform),
})"""

# Scrolled to its foot, the table shows every card above the sheets docked below it.
UNDER_THE_SHEET = """() => {
    const table = document.querySelector('#table');
    table.scrollTop = table.scrollHeight;
    const bottom = table.getBoundingClientRect().bottom;
    const under = [...document.querySelectorAll('.card')]
        .filter((card) => card.getBoundingClientRect().bottom > bottom + 0.5).map((card) => card.dataset.card);
    table.scrollTop = 0;
    return under;
}"""


def settled(app: App) -> Any:
    app.page.wait_for_function("() => !document.querySelector('.card--moving')")
    app.page.wait_for_timeout(300)  # a new size is laid out
    return app.page.evaluate(GEOMETRY)


def assert_steady(app: App, before: Any, what: str) -> None:
    after = settled(app)
    assert after == before, what
    assert app.page.evaluate(HIDDEN_INDICES) == [], what
    assert app.page.evaluate(UNDER_THE_SHEET) == [], what


@pytest.mark.parametrize("phone", PHONES)
def test_the_lost_sheet_and_the_solution_player_dock_over_long_fans_without_moving_a_card(
    make_app: Any, playwright_instance: Any, phone: str
) -> None:
    deal, steps = plans.long_fans("clover-leaf")
    app = phone_app(make_app, playwright_instance, phone, reduced_motion="reduce")
    app.open(f"clover-leaf/{deal}")
    app.play_steps(steps)
    before = settled(app)
    # Solve on a lost position: the lost sheet docks.
    press_control(app.page, "solve")
    lost = app.page.locator('#panel.panel--docked[data-panel="lost"]')
    lost.wait_for(timeout=60_000)
    assert_steady(app, before, "the lost sheet")
    # Its solution: back to the last winnable position, the player docked (paused).
    lost.locator('[data-panel-action="solve"]').click()
    app.page.locator("#player:not([hidden])").wait_for(timeout=60_000)
    app.page.locator('[data-player="play"]').click()
    app.page.wait_for_function("() => document.body.dataset.player === 'paused'")
    moved = settled(app)
    assert moved["size"] == before["size"] and moved["fans"] == before["fans"]
    app.page.keyboard.press("Escape")
    app.page.wait_for_function("() => document.querySelector('#player').hidden")
    assert settled(app) == moved


@pytest.mark.parametrize("phone", PHONES)
def test_the_stuck_sheet_docks_without_moving_a_card(make_app: Any, playwright_instance: Any, phone: str) -> None:
    app = phone_app(make_app, playwright_instance, phone)
    deal, cards, _ = stuck_after_clicks()
    app.open(f"alexander-the-great/{deal}")
    for count, card in enumerate(cards[:-1], 1):
        app.page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})
        app.wait_moves(count)
    before = settled(app)
    app.page.locator(f'.card[data-card="{cards[-1]}"]').tap(position={"x": 6, "y": 6})
    app.page.locator("#panel.panel--docked").wait_for()
    after = settled(app)
    assert after["size"] == before["size"] and after["fans"] == before["fans"]
    assert app.page.evaluate(HIDDEN_INDICES) == []
    assert app.page.evaluate(UNDER_THE_SHEET) == []
    # Closed, the sheet leaves the table as it was, at its top.
    app.page.locator("#panel .panel__close").click()
    assert settled(app) == after
    assert app.page.evaluate("document.querySelector('#table').scrollTop") == 0
    # The clock stops in a stuck game.
    clock = app.page.locator("#clock").inner_text()
    app.page.wait_for_timeout(2200)
    assert app.page.locator("#clock").inner_text() == clock


def test_larger_cards_are_a_sixth_larger_at_360_px_every_index_readable(
    make_app: Any, playwright_instance: Any
) -> None:
    app = phone_app(make_app, playwright_instance, "360x640")
    app.open("clover-leaf/993004118")
    page = app.page
    width = "() => document.querySelector('.card').getBoundingClientRect().width"
    before = page.evaluate(width)
    press_control(page, "settings")
    page.locator('input[data-pref="largerCards"]').check()
    page.keyboard.press("Escape")
    page.wait_for_function(f"w => ({width})() >= w * 1.15", arg=before)
    assert page.evaluate(HIDDEN_INDICES) == []
    assert page.evaluate("document.querySelector('#table').scrollHeight <= innerHeight")


def test_after_a_hint_on_a_desktop_every_control_is_in_sight(make_app: Any) -> None:
    app = make_app(viewport={"width": 1280, "height": 800})
    app.open("clover-leaf-warfield/993004118")
    app.press("hint")
    app.page.locator("#notice:not([hidden])").wait_for()
    assert app.page.evaluate(COVERED) == [], app.notice()
    app.page.wait_for_function("() => document.querySelector('[data-action=hint]').ariaBusy !== 'true'")
    assert app.page.evaluate(COVERED) == [], app.notice()
