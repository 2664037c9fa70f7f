"""A newcomer's first requests answered from the opening book before the engine is up (issue 49).

The engine is held back (its standard library's download waits), so every answer
seen before the release comes from the book; the expectations are the engine's
own answers on CPython. Once released, the engine plays the book's requests and
must reach the table on screen (a different answer is a console error, which
fails any test here), then plays on from it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.api import Api

from .conftest import App, build_info, press_control
from .test_startup import Held, bank_state_drawn, engine_absent, pixel7, start_held, wait_drawn

pytestmark = pytest.mark.browser

SETTINGS = {"clickToPlay": True, "autoMove": True, "autoComplete": True}


class Engine:
    """The engine on CPython, asked what the page asks of its own."""

    def __init__(self, deal: str) -> None:
        self.api = Api()
        self.ask("settings", SETTINGS)
        self.table = self.ask("new", {"game": "clover-leaf", "deal": deal, "opening": "bank"})

    def ask(self, method: str, params: dict[str, Any]) -> Any:
        reply = json.loads(self.api.call(method, json.dumps(params)))["ok"]
        if "state" in reply:
            self.table = reply
        return reply

    def hint(self) -> Any:
        job = self.ask("jobStart", {"kind": "hint"})["job"]
        while not (step := self.ask("jobStep", {"job": job, "nodes": 100_000}))["done"]:
            pass
        return step["result"]

    @property
    def state(self) -> Any:
        return self.table["state"]


def wait_moves_early(app: App, count: int) -> None:
    """The moves counter shows ``count`` (no wait for the engine's requests, which are held)."""
    app.page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=count, timeout=10_000)


def tap(app: App, card: str) -> None:
    app.page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})


def saved_help(app: App) -> Any:
    record = json.loads(app.page.evaluate("() => localStorage.getItem('cloverleaf.save.v1')"))
    return json.loads(record["save"])["help"]


def test_a_tap_an_undo_and_a_hint_before_the_engine_are_answered_from_the_book_and_the_engine_plays_on_from_them(
    make_app: Any, playwright_instance: Any
) -> None:
    phone = pixel7(make_app, playwright_instance)
    held = start_held(phone)
    wait_drawn(phone)
    deal, drawn = bank_state_drawn(phone)
    assert deal in build_info("OPENING_BOOKS")["clover-leaf"], "a newcomer is given a deal with a book"
    engine = Engine(deal)

    card = next(iter(drawn["click"]))
    tap(phone, card)
    wait_moves_early(phone, 1)
    assert phone.fans() == engine.ask("click", {"card": card})["state"]["fans"]
    assert phone.page.evaluate("() => document.body.dataset.waiting") is None and engine_absent(phone)

    press_control(phone.page, "undo")
    wait_moves_early(phone, 0)
    assert phone.fans() == engine.ask("undo", {"count": 1})["state"]["fans"] == drawn["fans"]

    press_control(phone.page, "hint")
    hinted = phone.page.locator(".card.card--hint")
    hinted.wait_for(timeout=10_000)
    expected = engine.hint()
    assert hinted.get_attribute("data-card") == expected["move"]["card"]
    assert phone.notice().startswith("Hint:") and engine_absent(phone)
    # The book is three requests deep: a tap on the hinted card waits for the engine.
    tap(phone, expected["move"]["card"])
    phone.page.wait_for_function("() => document.body.dataset.waiting === '1'")

    held.release()
    phone.wait_started()
    # The engine played the book's requests, then the tap: right after a hint, a tap on
    # the hinted card plays the hinted move, and the engine's save counts the hint as help.
    phone.wait_moves(1)
    assert phone.fans() == engine.ask("click", {"card": expected["move"]["card"]})["state"]["fans"]
    assert phone.page.locator(".card--hint").count() == 0
    assert saved_help(phone) == [1, 0]


def newcomer_started(make_app: Any, playwright_instance: Any) -> tuple[App, Engine, dict[str, Any]]:
    """A first visit on a phone, its engine up: the app, the engine on CPython at the same deal, the deal drawn."""
    phone = pixel7(make_app, playwright_instance)
    phone.page.goto(phone.base_url + "index.html")
    wait_drawn(phone)
    deal, drawn = bank_state_drawn(phone)
    engine = Engine(deal)
    phone.wait_started()
    return phone, engine, drawn


def test_a_newcomer_back_after_a_move_is_answered_from_the_book_with_the_time_played_kept(
    make_app: Any, playwright_instance: Any
) -> None:
    phone, engine, drawn = newcomer_started(make_app, playwright_instance)
    # A move, taken back once the clock shows time played, and made again: saved with that time.
    card = next(iter(drawn["click"]))
    tap(phone, card)
    phone.wait_moves(1)
    phone.page.wait_for_function("() => document.querySelector('#clock').textContent !== '0:00'", timeout=10_000)
    press_control(phone.page, "undo")
    phone.wait_moves(0)
    tap(phone, card)
    phone.wait_moves(1)
    engine.ask("click", {"card": card})

    held = Held(phone)
    phone.page.reload()
    wait_drawn(phone)
    played = phone.page.locator("#clock").text_content()
    assert played != "0:00" and engine_absent(phone)
    card = next(iter(engine.state["click"]))
    tap(phone, card)
    wait_moves_early(phone, 2)
    assert phone.fans() == engine.ask("click", {"card": card})["state"]["fans"]
    assert engine_absent(phone) and phone.page.locator("#clock").text_content() == played

    held.release()
    phone.wait_started()
    phone.wait_moves(2)
    assert phone.fans() == engine.state["fans"]
    record = json.loads(phone.page.evaluate("() => localStorage.getItem('cloverleaf.save.v1')"))
    assert record["elapsed"] >= 1000
    assert json.loads(record["save"])["moves"] == json.loads(engine.table["save"])["moves"]


def test_a_player_back_further_in_than_the_book_goes_reads_no_book(make_app: Any, playwright_instance: Any) -> None:
    phone, engine, _drawn = newcomer_started(make_app, playwright_instance)
    while engine.state["moves"] < build_info("OPENING_BOOK_DEPTH"):
        card = next(iter(engine.state["click"]))
        tap(phone, card)
        phone.wait_moves(engine.ask("click", {"card": card})["state"]["moves"])
    phone.page.reload()
    phone.wait_started()
    assert phone.fans() == engine.state["fans"]
    read = "() => performance.getEntriesByType('resource').some((e) => e.name.includes('/py/book-'))"
    assert not phone.page.evaluate(read)


def test_a_move_the_book_does_not_hold_waits_for_the_engine_and_is_played_after_the_books(app_held: Any) -> None:
    app, held, deal, drawn = app_held
    engine = Engine(deal)
    # A drag from the book first, then taps until one leaves the book: two at least are in it.
    card, dests = next((card, dests) for card, dests in drawn["movable"].items() if any(d != "F" for d in dests))
    to = next(d for d in dests if d != "F")
    app.drag(card, to)
    wait_moves_early(app, 1)
    assert app.fans() == engine.ask("play", {"card": card, "to": to})["state"]["fans"]
    answered = 1
    while True:
        card = next(iter(engine.state["click"]))
        app.click_card(card)
        app.page.wait_for_function(
            "n => document.body.dataset.moves === String(n) || document.body.dataset.waiting === '1'",
            arg=answered + 1,
        )
        engine.ask("click", {"card": card})
        if app.page.evaluate("() => document.body.dataset.waiting") == "1":
            break
        answered += 1
        assert app.fans() == engine.state["fans"]
    assert answered >= 2 and app.moves() == answered and engine_absent(app)
    assert app.page.locator(f'.card[data-card="{card}"].card--waiting').count() == 1

    held.release()
    app.wait_started()
    app.wait_moves(answered + 1)
    assert app.fans() == engine.state["fans"]
    assert app.page.evaluate("() => document.body.dataset.waiting") is None


@pytest.fixture
def app_held(make_app: Any) -> tuple[App, Held, str, dict[str, Any]]:
    """A first visit on the desktop with the engine held back: the app, the hold, the deal drawn and its state."""
    app: App = make_app(service_workers="block")
    held = start_held(app)
    wait_drawn(app)
    deal, drawn = bank_state_drawn(app)
    return app, held, deal, drawn
