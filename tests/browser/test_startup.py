"""The table at once, moves kept while Python starts (issue 10).

Each test holds the engine back (the standard library's download waits until
the test lets it go), so what the page shows before the engine is ready is
checked while it is surely not ready, then the engine is let go and its answer
is checked against the engine on CPython.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.games import find_game
from cloverleaf.solver.jobs import NextSolvableDeal, run_to_end

from . import plans
from .conftest import DIST, App, build_info

WAIT_MS = 60_000


class Held:
    """The engine held back: the standard library's download waits for release().

    With ``book`` false, the opening book is held back for good too (its download
    never ends), so the moves made meanwhile wait for the engine as without one.
    """

    def __init__(self, app: App, book: bool = True) -> None:
        self.routes: list[Any] = []
        self.released = False
        self.books: list[Any] = []
        app.context.route("**/python_stdlib-*.zip.zst", self.hold)
        if not book:
            app.context.route("**/py/book-*.json", lambda route: self.books.append(route))

    def hold(self, route: Any) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def start_held(app: App, address: str = "", book: bool = True) -> Held:
    held = Held(app, book)
    app.page.goto(app.base_url + "index.html" + (f"#{address}" if address else ""))
    return held


def wait_drawn(app: App) -> None:
    app.page.wait_for_function("() => document.querySelectorAll('.card').length === 52", timeout=WAIT_MS)


def bank_state_drawn(app: App) -> tuple[str, dict[str, Any]]:
    """The deal on the table and its state in the default game's bank, which drew it."""
    deal = str(app.page.evaluate("() => document.body.dataset.deal"))
    bank = json.loads((DIST / build_info("DEAL_BANK")["clover-leaf"]).read_text())["states"]
    (drawn,) = [state for state in bank if state["deal"] == deal]
    return deal, drawn


def engine_absent(app: App) -> bool:
    return bool(app.page.evaluate(
        "() => document.body.dataset.status === 'loading' && !('engineStart' in document.body.dataset)"
    ))


def engine_state(game: str, deal: str, moves: list[tuple[str, str, Any]]) -> dict[str, Any]:
    """The engine's state on CPython after ``moves`` (("click", card, None) or ("play", card, to))."""
    from cloverleaf.api import Api

    api = Api()
    api.call("settings", json.dumps({"clickToPlay": True, "autoMove": True, "autoComplete": True}))
    state = json.loads(api.call("new", json.dumps({"game": game, "deal": deal})))["ok"]["state"]
    for method, card, to in moves:
        params = {"card": card} if method == "click" else {"card": card, "to": to}
        state = json.loads(api.call(method, json.dumps(params)))["ok"]["state"]
    return dict(state)


def pixel7(make_app: Any, playwright_instance: Any, **options: Any) -> App:
    """The app on an emulated Pixel 7, without service workers."""
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    app: App = make_app(service_workers="block", **device, **options)
    return app


@pytest.fixture
def phone(make_app: Any, playwright_instance: Any) -> App:
    return pixel7(make_app, playwright_instance)


def test_a_first_visit_draws_a_proved_winnable_deal_and_plays_a_tap_made_before_the_engine_and_its_book_are_read(
    phone: App,
) -> None:
    held = start_held(phone, book=False)
    wait_drawn(phone)
    assert engine_absent(phone), "the deal is drawn before the engine is ready"
    deal, drawn = bank_state_drawn(phone)
    assert phone.fans() == drawn["fans"]
    # The bar has moved with the bytes received (the runtime, not the held library).
    phone.page.wait_for_function(
        "() => Number(document.querySelector('.loading__bar').getAttribute('aria-valuenow')) > 10", timeout=WAIT_MS
    )

    # A tap while the engine is held: kept, marked as waiting, nothing played yet.
    card, to = next(iter(drawn["click"].items()))
    phone.page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})
    phone.page.wait_for_function("() => document.body.dataset.waiting === '1'")
    assert phone.page.locator(f'.card[data-card="{card}"].card--waiting').count() == 1
    assert phone.moves() == 0 and engine_absent(phone)

    held.release()
    phone.wait_started()
    phone.wait_moves(1)
    expected = engine_state("clover-leaf", deal, [("click", card, None)])
    assert phone.fans() == expected["fans"]
    # Where the click sent it, unless auto move then took it up (the card it
    # uncovered went up, then it did: deal 803020722's 4S).
    assert phone.where(card) in (str(to), "F")
    assert phone.page.evaluate("() => document.body.dataset.waiting") is None
    # The bank's deals are the ones the solver proves winnable.
    found = run_to_end(NextSolvableDeal(find_game("clover-leaf"), int(deal)))
    assert str(found["deal"]) == deal and found["verdict"] == "solved"


# The tab's claim on the game held open until the test lets it go: the browser
# grants the lock at once, but the page hears of it only then (tabs.js).
SLOW_LOCK = """(() => {
    const request = navigator.locks.request.bind(navigator.locks);
    const gate = new Promise((open) => (window.__grantLock = open));
    navigator.locks.request = (name, options, callback) =>
        request(name, options, async (lock) => { await gate; return callback(lock); });
})();"""


def tap_while_held(phone: App) -> tuple[Held, str, str]:
    """A first visit with the engine and the opening book held: a tap on the bank's deal, kept as
    waiting; (held, deal, card)."""
    held = start_held(phone, book=False)
    wait_drawn(phone)
    deal, drawn = bank_state_drawn(phone)
    card = next(iter(drawn["click"]))
    phone.page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})
    phone.page.wait_for_function("() => document.body.dataset.waiting === '1'")
    return held, deal, card


def test_a_tap_made_while_the_tab_still_claims_the_game_is_kept_and_played(phone: App) -> None:
    phone.context.add_init_script(SLOW_LOCK)
    # Kept while neither the tab's claim nor the engine has an answer.
    held, deal, card = tap_while_held(phone)
    phone.page.evaluate("() => window.__grantLock()")
    held.release()
    phone.wait_started()
    phone.wait_moves(1)
    assert phone.fans() == engine_state("clover-leaf", deal, [("click", card, None)])["fans"]
    assert phone.page.evaluate("() => document.body.dataset.tab") == "owner"


def test_the_first_visit_overlay_never_covers_a_game_begun_by_a_tap_made_before_the_engine_was_ready(
    make_app: Any, playwright_instance: Any
) -> None:
    phone = pixel7(make_app, playwright_instance, first_visit=True)
    held, _deal, _card = tap_while_held(phone)
    held.release()
    phone.wait_moves(1)
    # The game the tap began is not covered; the overlay waits for a fresh deal of the game.
    phone.page.wait_for_timeout(1000)
    assert phone.page.locator("#intro-dialog[open]").count() == 0
    phone.press("new")
    confirm = phone.page.locator('#panel[data-panel="confirm"] [data-panel-action="leave"]')
    confirm.click()
    phone.page.locator("#intro-dialog[open]").wait_for(timeout=WAIT_MS)
    assert "How to play Clover Leaf" in phone.page.locator("#intro-dialog").inner_text()


def test_a_returning_player_sees_the_saved_table_before_the_engine_and_a_drag_made_then_plays_on_it(
    make_app: Any,
) -> None:
    app: App = make_app(service_workers="block")
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, fan)
    app.wait_where(card, fan)
    saved = app.fans()
    after_one = engine_state("clover-leaf", deal, [("play", card, fan)])
    assert saved == after_one["fans"]

    # The address-less return: the saved table, drawn with the engine held back.
    held = Held(app)
    app.page.goto(app.base_url + "index.html")
    wait_drawn(app)
    assert engine_absent(app)
    assert app.fans() == saved
    # A drag onto a fan the engine allows, made while the engine is held.
    second, destinations = next(
        (c, [d for d in dests if d != "F"]) for c, dests in after_one["movable"].items()
        if any(d != "F" for d in dests)
    )
    app.drag(second, destinations[0])
    app.page.wait_for_function("() => document.body.dataset.waiting === '1'")
    assert app.moves() == 1

    held.release()
    app.wait_started()
    # Played on the engine's table, which therefore matched the drawn one card for card.
    app.wait_moves(2)
    expected = engine_state("clover-leaf", deal, [("play", card, fan), ("play", second, destinations[0])])
    assert app.fans() == expected["fans"]


def test_an_address_shows_the_outlines_of_its_game_until_the_engine_deals_it(make_app: Any) -> None:
    app: App = make_app(service_workers="block")
    held = start_held(app, "trefoil/77")
    fans = next(game["fans"] for game in build_info("GAMES") if game["id"] == "trefoil")
    app.page.wait_for_function("n => document.querySelectorAll('.fan').length === n", arg=fans)
    assert app.page.locator(".card").count() == 0 and engine_absent(app)
    held.release()
    app.wait_started()
    assert app.fans() == plans.state("trefoil", "77")["fans"]
