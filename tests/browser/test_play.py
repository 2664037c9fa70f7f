"""Playing as a person does, with a mouse: clicks, drags, an illegal drop, undo and redo."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import plans

pytestmark = pytest.mark.browser

NO_AUTO_MOVE = json.dumps({"autoMove": False, "autoComplete": False})


def preset_settings(app: Any, settings: str) -> None:
    """Store the player's settings before the page starts (as a past visit would)."""
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {json.dumps(settings)})")


def test_click_plays_a_card_to_its_foundation(app: Any) -> None:
    deal, card = plans.deal_with_foundation_click()
    preset_settings(app, NO_AUTO_MOVE)
    app.open(f"clover-leaf/{deal}")
    assert app.where(card) != "F"
    app.click_card(card)
    app.wait_where(card, "F")
    assert app.moves() == 1


def test_drag_plays_a_card_onto_a_fan(app: Any) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, fan)
    app.wait_where(card, fan)
    assert app.fans()[fan - 1][-1] == card
    assert app.moves() == 1


def test_a_drag_highlights_the_legal_destinations_only(app: Any) -> None:
    deal, card, _, _ = plans.deal_with_fan_move()
    legal = plans.state("clover-leaf", deal)["movable"][card]
    app.open(f"clover-leaf/{deal}")
    box = app.card_box(card)
    app.page.mouse.move(box["x"] + 6, box["y"] + 6)
    app.page.mouse.down()
    app.page.mouse.move(box["x"] + 40, box["y"] + 60, steps=4)
    highlighted = app.page.eval_on_selector_all(
        ".is-target", "els => els.map(e => e.dataset.fan ? Number(e.dataset.fan) : 'F')"
    )
    assert sorted(highlighted, key=str) == sorted(legal, key=str)
    app.page.mouse.up()
    app.settle()
    assert app.page.locator(".is-target").count() == 0


def test_a_card_dragged_back_from_its_foundation(app: Any) -> None:
    deal, card, fan = plans.foundation_card_back()
    app.open(f"clover-leaf-warfield/{deal}")
    assert app.where(card) == "F"
    app.drag(card, fan)
    app.wait_where(card, fan)
    assert app.moves() == 1


def test_an_illegal_drop_returns_the_card(app: Any) -> None:
    deal, card, _, illegal_fan = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    before = app.card_box(card)
    fans_before = app.fans()
    app.drag(card, illegal_fan)
    app.settle()
    app.page.wait_for_timeout(400)  # the slide back
    after = app.card_box(card)
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1
    assert app.fans() == fans_before
    assert app.moves() == 0
    assert app.notice(), "the engine's reason is shown"


def test_a_drop_on_empty_table_returns_the_card(app: Any) -> None:
    deal, card, _, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    before = app.card_box(card)
    table = app.page.locator("#table").bounding_box()
    mouse = app.page.mouse
    mouse.move(before["x"] + 6, before["y"] + 6)
    mouse.down()
    mouse.move(table["x"] + table["width"] - 3, table["y"] + table["height"] - 3, steps=6)
    mouse.up()
    app.page.wait_for_timeout(400)
    after = app.card_box(card)
    assert abs(after["x"] - before["x"]) < 1 and abs(after["y"] - before["y"]) < 1
    assert app.moves() == 0


def test_undo_and_redo_with_buttons_and_keys(app: Any) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    home = app.where(card)
    opening = app.fans()
    app.drag(card, fan)
    app.wait_where(card, fan)
    after_move = app.fans()

    app.press("undo")
    app.wait_where(card, home)
    assert app.fans() == opening and app.moves() == 0
    app.press("redo")
    app.wait_where(card, fan)
    assert app.fans() == after_move and app.moves() == 1

    app.page.keyboard.press("Control+z")
    app.wait_where(card, home)
    app.page.keyboard.press("Control+y")
    app.wait_where(card, fan)
    assert app.fans() == after_move


def test_click_to_play_off_means_only_drags_move(app: Any) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.press("settings")
    app.page.locator('[data-setting="clickToPlay"]').uncheck()
    app.page.locator("#settings-dialog button").click()
    app.settle()
    home = app.where(card)
    app.click_card(card)
    app.settle()
    assert app.where(card) == home and app.moves() == 0
    assert "drag" in app.notice().lower()
    app.drag(card, fan)
    app.wait_where(card, fan)

    # The setting is kept across visits.
    app.reload()
    app.press("settings")
    assert not app.page.locator('[data-setting="clickToPlay"]').is_checked()
    assert app.page.locator('[data-setting="autoMove"]').is_checked()


SLIDES = """() => {
    window.__slides = 0;
    new MutationObserver((records) => {
        for (const record of records) if (record.target.classList.contains('card--moving')) window.__slides++;
    }).observe(document.querySelector('#table'), {subtree: true, attributes: true, attributeFilter: ['class']});
}"""


@pytest.mark.parametrize("reduced", [False, True])
def test_moves_slide_unless_the_system_asks_for_reduced_motion(make_app: Any, reduced: bool) -> None:
    app = make_app(reduced_motion="reduce" if reduced else "no-preference")
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.page.evaluate(SLIDES)
    app.drag(card, fan)
    app.wait_where(card, fan)
    slides = app.page.evaluate("window.__slides")
    assert (slides == 0) if reduced else (slides > 0)
