"""The app starts and plays in WebKit and in Firefox, as it does in Chromium.

Each test runs once per engine (the ``engine`` fixture). What the page should
show after each action comes from the same engine on CPython (reference.py): a
click, a drag, an undo or a hint that the page handled differently from the
rules fails the test, and so does a start that never becomes ready.

The deal is Clover Leaf #3; which cards to click and drag is computed from its
opening, not written down, so the suite follows the engine if its rules change.
"""

from __future__ import annotations

import time

import pytest

from cloverleaf.session import Session

from . import reference as ref
from .conftest import FIRST_ADDRESS, START_TIMEOUT_S, App, Player

GAME, DEAL = FIRST_ADDRESS.split("/")


def opening() -> Session:
    return ref.opening(GAME, DEAL)


def test_a_first_visit_starts_python_and_deals_the_addressed_deal(player: Player) -> None:
    assert player.first_status == "ready"
    assert player.first_start == "fresh", "nothing stored yet: Python starts from scratch"
    assert player.first_table == ref.table_of(opening())
    assert player.cards == 52
    assert player.first_outside == [], "requests for other hosts reached the proxy"


def test_a_click_plays_the_card_where_the_rules_send_it(app: App) -> None:
    app.show_deal(GAME, DEAL)
    card = ref.clickable(opening())
    app.click_card(card)
    app.wait_table(ref.table_of(ref.click(opening(), card)))


def test_a_drag_plays_the_card_onto_the_fan_it_is_let_go_over(app: App) -> None:
    app.show_deal(GAME, DEAL)
    card, fan = ref.drag_elsewhere(opening())
    app.drag(card, fan)
    dropped = ref.table_of(ref.drop(opening(), card, fan))
    assert dropped != ref.table_of(ref.click(opening(), card)), "a click would have played it elsewhere"
    app.wait_table(dropped)
    app.screenshot("after-drag")


def test_undo_takes_the_move_back(app: App) -> None:
    app.show_deal(GAME, DEAL)
    card = ref.clickable(opening())
    app.click_card(card)
    app.wait_table(ref.table_of(ref.click(opening(), card)))
    app.press("undo")
    app.wait_table(ref.table_of(opening()))


def test_hint_highlights_the_card_the_solver_moves_next(app: App) -> None:
    app.show_deal(GAME, DEAL)
    app.press("hint")
    shown = app.wait_for(
        "const hinted = [...document.querySelectorAll('.card.card--hint')].map(e => e.dataset.card);"
        "return hinted.length ? hinted : null;",
        timeout=START_TIMEOUT_S, what="a hinted card",
    )
    assert shown == [ref.hinted_card(opening())]


@pytest.mark.slow  # a further case: the default run keeps the first visit, input, the snapshot, offline
def test_a_reload_keeps_the_game(app: App) -> None:
    app.show_deal(GAME, DEAL)
    session = opening()
    card, fan = ref.drag_elsewhere(session)
    app.drag(card, fan)
    app.wait_table(ref.table_of(ref.drop(session, card, fan)))
    card = ref.clickable(session)
    app.click_card(card)
    played = ref.table_of(ref.click(session, card))
    app.wait_table(played)
    app.reload()
    assert played.moves == 2
    app.wait_table(played)


def test_a_return_visit_starts_from_the_snapshot(app: App, player: Player) -> None:
    assert player.first_start == "fresh"
    app.show_deal(GAME, DEAL)
    app.wait_controlled()
    app.reload()
    assert app.engine_start() == "snapshot"
    card = ref.clickable(opening())
    app.click_card(card)
    app.wait_table(ref.table_of(ref.click(opening(), card)))


def test_offline_the_app_starts_again_and_plays(app: App) -> None:
    app.show_deal(GAME, DEAL)
    app.wait_controlled()
    app.site.stop()  # the fixture starts it again on the same port
    if app.driver.can_go_offline:
        app.driver.set_offline(True)
    app.reload()
    refused = app.run("return fetch('not-precached-' + Date.now()).then(() => false, () => true)")
    assert refused, "the server still answers: this start was not offline"
    if app.driver.can_go_offline:
        assert app.run("return navigator.onLine") is False
    app.show_deal(GAME, DEAL)
    card = ref.clickable(opening())
    app.click_card(card)
    app.wait_table(ref.table_of(ref.click(opening(), card)))


DAMAGE_STORED_RUNTIME = """return (async () => {
  const [name] = (await caches.keys()).filter((key) => key.startsWith("cloverleaf-"));
  const cache = await caches.open(name);
  const key = (await cache.keys()).map((request) => request.url).find((url) => url.endsWith("pyodide.asm.wasm.zst"));
  const stored = await cache.match(key);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  await cache.put(key, new Response(bytes.slice(0, bytes.length >> 1), { headers: stored.headers }));
  return key;
})();"""


@pytest.mark.slow  # a further case: the default run keeps the first visit, input, the snapshot, offline
def test_a_damaged_stored_runtime_is_fetched_again_and_the_app_plays(app: App) -> None:
    """Issue 42: the runtime in the service worker's cache cut in half; the next start
    has it checked, fetched again, and the page loads again by itself."""
    app.show_deal(GAME, DEAL)
    app.wait_controlled()
    assert app.run(DAMAGE_STORED_RUNTIME)
    app.run("window.__reloading = true; setTimeout(() => location.reload(), 0)")
    deadline = time.monotonic() + 2 * START_TIMEOUT_S
    status = None
    while status != "ready":
        assert time.monotonic() < deadline, f"the page did not start again: {status!r}"
        time.sleep(0.2)
        try:  # the page may load again by itself meanwhile
            status = app.run("return window.__reloading ? null : document.body?.dataset.status")
        except Exception:  # a navigation under way
            status = None
        assert status != "error", app.run("return document.body.innerText")[:400]
    app.settle()
    card = ref.clickable(opening())
    app.show_deal(GAME, DEAL)
    app.click_card(card)
    app.wait_table(ref.table_of(ref.click(opening(), card)))
