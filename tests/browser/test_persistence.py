"""The game survives reloads; bad addresses and bad saves never break the page."""

from __future__ import annotations

from typing import Any

import pytest

from . import plans

pytestmark = pytest.mark.browser


def test_a_reload_restores_the_game(app: Any) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, fan)
    app.wait_where(card, fan)
    fans = app.fans()

    app.reload()
    assert app.fans() == fans
    assert app.moves() == 1
    assert app.page.locator('[data-action="undo"]').is_enabled()

    # Without the address too: the saved game comes back, address and all.
    app.page.goto(app.base_url)
    app.wait_started()
    assert app.fans() == fans
    assert app.page.evaluate("location.hash") == f"#clover-leaf/{deal}"
    app.press("undo")
    app.wait_moves(0)


def test_the_address_replays_a_deal(app: Any) -> None:
    opening = plans.state("trefoil", "77")
    app.open("trefoil/77")
    assert app.page.evaluate("document.body.dataset.game") == "trefoil"
    drawn = app.fans()
    assert [fan for fan in drawn] == opening["fans"]
    assert app.page.locator("#redeal").is_visible()


@pytest.mark.parametrize(
    ("address", "words"),
    [("no-such-game/12", "no-such-game"), ("clover-leaf/12x", "12x"), ("just-text", "just-text")],
)
def test_a_bad_address_opens_the_default_game_with_a_notice(app: Any, address: str, words: str) -> None:
    app.open(address)
    assert app.page.evaluate("document.body.dataset.game") == "clover-leaf"
    notice = app.notice()
    assert words in notice and "Clover Leaf" in notice
    assert app.page.locator(".card").count() == 52


@pytest.mark.parametrize(
    "stored",
    ["{not json", '{"save": "{\\"v\\": 1, \\"game\\": \\"clover-leaf\\", \\"deal\\": \\"zz\\"}"}', '{"save": 5}'],
)
def test_a_bad_save_is_dropped_with_a_notice(app: Any, stored: str) -> None:
    app.context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('cloverleaf.save.v1', {stored!r}); }}"
    )
    app.open()
    assert "saved game could not be read" in app.notice()
    assert app.page.locator(".card").count() == 52
    assert app.page.locator("#panel").is_hidden()
    # The fresh deal replaced the bad save.
    saved = app.page.evaluate("localStorage.getItem('cloverleaf.save.v1')")
    assert saved and saved != stored


def test_a_failed_engine_load_says_so(app: Any) -> None:
    app.context.route("**/*.wasm", lambda route: route.abort())
    app.open(query="timeout=4", expect="error")
    panel = app.page.locator("#panel")
    assert panel.is_visible()
    assert "could not start" in panel.inner_text()
    assert "Traceback" not in app.page.content()
    # Pyodide reports the refused download itself; that error is this test's doing.
    refused = ("Failed to fetch", ".wasm", "Failed to load resource")
    app.errors[:] = [e for e in app.errors if not any(word in e for word in refused)]
