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


# The redeal button apart from every foundation, and each of its words on one line inside it.
REDEAL_APART = """() => {
    const button = document.querySelector('#redeal').getBoundingClientRect();
    const under = [...document.querySelectorAll('.foundation')].filter((foundation) => {
        const r = foundation.getBoundingClientRect();
        return r.left < button.right && button.left < r.right && r.top < button.bottom && button.top < r.bottom;
    }).map((foundation) => foundation.dataset.foundation);
    const cut = [];
    const walker = document.createTreeWalker(document.querySelector('#redeal'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const rects = [...range.getClientRects()];
            if (rects.length !== 1 || rects[0].left < button.left || rects[0].right > button.right) cut.push(word[0]);
        }
    }
    return {under, cut};
}"""
CARD_WIDTH = "() => document.querySelector('.card').getBoundingClientRect().width"


def test_left_handed_the_redeal_button_keeps_off_the_foundations_and_larger_cards_stay_larger(
    make_app: Any, playwright_instance: Any
) -> None:
    """Left-handed Trefoil in Russian (the longest words) at 360 px: the redeal button
    in its own corner, every word whole; then, with a fan of five cards on the table,
    larger cards a sixth larger, whether turned on during the game or before it opened."""
    app = phone_app(make_app, playwright_instance, "360x640", reduced_motion="reduce")
    key, prefs = "'cloverleaf.prefs.v1'", "JSON.stringify({lang: 'ru', leftHanded: true})"
    app.context.add_init_script(f"localStorage.getItem({key}) ?? localStorage.setItem({key}, {prefs})")  # once
    app.open("trefoil/5")
    page = app.page
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    assert page.evaluate(REDEAL_APART) == {"under": [], "cut": []}
    decisions = plans.five_card_fan("trefoil", "5")
    app.play(decisions)
    app.settle()
    assert max(len(fan) for fan in app.fans()) == 5
    normal = page.evaluate(CARD_WIDTH)
    press_control(page, "settings")
    page.locator('input[data-pref="largerCards"]').check()
    page.keyboard.press("Escape")
    page.wait_for_function(f"w => ({CARD_WIDTH})() >= w * 1.15", arg=normal)
    larger = page.evaluate(CARD_WIDTH)
    assert page.evaluate(HIDDEN_INDICES) == []
    assert page.evaluate("document.querySelector('#table').scrollHeight <= innerHeight")
    assert page.evaluate(REDEAL_APART) == {"under": [], "cut": []}
    app.reload()  # the setting on before the game opened: the same rule, the same cards
    assert app.moves() == len(decisions)
    assert page.evaluate(CARD_WIDTH) == larger
    assert page.evaluate(HIDDEN_INDICES) == []
    assert page.evaluate(REDEAL_APART) == {"under": [], "cut": []}


def test_after_a_hint_on_a_desktop_every_control_is_in_sight(make_app: Any) -> None:
    app = make_app(viewport={"width": 1280, "height": 800})
    app.open("clover-leaf-warfield/993004118")
    app.press("hint")
    app.page.locator("#notice:not([hidden])").wait_for()
    assert app.page.evaluate(COVERED) == [], app.notice()
    app.page.wait_for_function("() => document.querySelector('[data-action=hint]').ariaBusy !== 'true'")
    assert app.page.evaluate(COVERED) == [], app.notice()
