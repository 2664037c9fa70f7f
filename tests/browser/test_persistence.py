"""The game survives reloads; bad addresses and bad saves never break the page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf import Move, parse_card
from cloverleaf.save_format import SAVE_VERSION
from cloverleaf.session import Session, Settings

from . import plans
from .stored import Loads, assert_playable, play_a_card, wait_notice

pytestmark = pytest.mark.browser

SAVE = "cloverleaf.save.v1"


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


BAD_ADDRESSES = [
    ("%", "“%”"),  # a lone percent sign
    ("%zz", "“%zz”"),  # an escape that is not hexadecimal
    ("clover-leaf/%E0%A4%A", "“clover-leaf/%E0%A4%A”"),  # a character cut short
    ("no-such-game/12", "no-such-game"),
    ("clover-leaf/12x", "12x"),
    ("clover-leaf/" + "7" * 5000, "clover-leaf/777"),  # a deal number of 5,000 digits
]


def test_a_bad_address_opens_the_default_game_with_a_notice(app: Any) -> None:
    loads = Loads(app)
    for address, words in BAD_ADDRESSES:
        loads.load({}, address)
        assert app.page.evaluate("document.body.dataset.game") == "clover-leaf", address
        notice = assert_playable(app, words, "Clover Leaf")
        assert len(notice) < 300, notice  # a long address is quoted short
    # An address typed while the table is up: said, and the game goes on.
    app.page.evaluate("() => { location.hash = '#%E0%A4%A'; }")
    wait_notice(app, "%E0%A4%A")
    play_a_card(app)


def test_a_saved_game_that_cannot_be_restored_is_set_aside_with_a_notice(app: Any) -> None:
    """Each kind of damage: the save is kept under its backup key, a new table plays."""
    deal, card, fan, bad = plans.deal_with_fan_move()
    session = Session.new("clover-leaf", int(deal), Settings())
    session.play(Move(parse_card(card), fan - 1))
    legal = session.save()
    illegal = legal.replace(f'"{card}>{fan}"', f'"{card}>{bad}"')
    assert illegal != legal

    def record(save: str) -> str:
        return json.dumps({"save": save, "game": "clover-leaf", "deal": deal, "elapsed": 5000})

    saves = {
        "not JSON": "{not json",
        "nested a thousand deep (the record)": "[" * 1000 + "]" * 1000,
        "nested a thousand deep (the engine's save)": record("[" * 1000 + "]" * 1000),
        "an illegal move": record(illegal),
        "another version": record(legal.replace(f'"v":{SAVE_VERSION}', f'"v":{SAVE_VERSION + 1}')),
        "a huge text": "x" * 1_200_000,
    }
    loads = Loads(app)
    for kind, stored in saves.items():
        loads.load({SAVE: stored}, f"clover-leaf/{deal}")
        assert_playable(app, "saved game could not be read")
        assert loads.backup(SAVE) == stored, kind
        assert app.page.evaluate("document.body.dataset.deal") == deal
    # Without an address: a new deal of the saved game's kind.
    loads.load({SAVE: record(illegal).replace("clover-leaf", "trefoil")})
    assert app.page.evaluate("document.body.dataset.game") == "trefoil"
    assert_playable(app, "saved game could not be read")
    # The fresh deal's save replaced the bad one.
    saved = loads.stored(SAVE)
    assert saved and json.loads(saved)["game"] == "trefoil"


def test_a_failed_engine_load_says_so(app: Any) -> None:
    app.context.route("**/*.wasm.zst", lambda route: route.abort())
    app.open(query="timeout=4", expect="error")
    panel = app.page.locator("#panel")
    assert panel.is_visible()
    assert "could not start" in panel.inner_text()
    assert "Traceback" not in app.page.content()
    # Pyodide reports the refused download itself; that error is this test's doing.
    refused = ("Failed to fetch", ".wasm", "Failed to load resource")
    app.errors[:] = [e for e in app.errors if not any(word in e for word in refused)]
    # Issue 48: its Reload kept the link's short start-up bound, and failed again.
    app.context.unroute("**/*.wasm.zst")
    panel.locator('[data-panel-action="reload"]').click()
    app.wait_started()
    assert "timeout" not in app.page.evaluate("location.search")
