"""A phone held upright (Pixel 7 emulation): taps and touch drags play the game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import plans

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(make_app: Any, playwright_instance: Any) -> Any:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    return make_app(**device)


def touch_drag(app: Any, card: str, to: str | int, steps: int = 8) -> None:
    """A finger pressing ``card`` and sliding it over ``to`` (touch events through CDP)."""
    box = app.card_box(card)
    x0, y0 = box["x"] + 6, box["y"] + 6
    x1, y1 = app.drop_point(to, card)
    cdp = app.context.new_cdp_session(app.page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        point = {"x": x0 + (x1 - x0) * i / steps, "y": y0 + (y1 - y0) * i / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_taps_and_touch_drags_play_on_a_phone(phone: Any) -> None:
    deal, card, fan, illegal = plans.deal_with_fan_move()
    opening = plans.state("clover-leaf", deal)
    phone.open(f"clover-leaf/{deal}")
    assert phone.page.evaluate("matchMedia('(pointer: coarse)').matches")

    # A touch drag onto an illegal fan returns the card; onto a legal one plays it.
    home = phone.card_box(card)
    touch_drag(phone, card, illegal)
    phone.settle()
    phone.page.wait_for_timeout(400)
    back = phone.card_box(card)
    assert abs(back["x"] - home["x"]) < 1 and abs(back["y"] - home["y"]) < 1
    assert phone.moves() == 0
    touch_drag(phone, card, fan)
    phone.wait_where(card, fan)

    # A tap plays a card where the engine's click rule says.
    after = json.loads(_engine_after(deal, card, fan))
    tap_card, tap_to = next(iter(after["click"].items()))
    phone.page.locator(f'.card[data-card="{tap_card}"]').tap(position={"x": 6, "y": 6})
    phone.wait_where(tap_card, tap_to)
    assert phone.moves() == 2

    phone.page.locator('[data-action="undo"]').tap()
    phone.wait_moves(1)
    phone.page.locator('[data-action="undo"]').tap()
    phone.wait_moves(0)
    assert phone.fans() == opening["fans"]


def _engine_after(deal: str, card: str, fan: int) -> str:
    from cloverleaf.api import Api

    api = Api()
    api.call("new", json.dumps({"game": "clover-leaf", "deal": deal}))
    answer = json.loads(api.call("play", json.dumps({"card": card, "to": fan})))
    return json.dumps(answer["ok"]["state"])


def test_the_phone_table_fits_without_scrolling(phone: Any) -> None:
    phone.open("alexander-the-great/3")
    size = phone.page.evaluate(
        "({w: innerWidth, h: innerHeight, sw: document.documentElement.scrollWidth,"
        " sh: document.documentElement.scrollHeight})"
    )
    assert size["sw"] <= size["w"] and size["sh"] <= size["h"]
