"""Several tabs of the app (tabs.js): one tab at a time owns the game. Another
tab shows the table as it was, says the game is open elsewhere and offers "Play
here", which brings the latest save over; the tab it came from stops writing.
So no game is counted lost while still open, no result of one tab is lost by
another, and no tab overwrites another's newer save; a tab that closes lets go.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import plans
from .conftest import App

pytestmark = pytest.mark.browser

SAVE = "cloverleaf.save.v1"
STATS = "cloverleaf.stats.v1"
FALLBACKS = {
    # Old browsers, and plain http on a local network (not a secure context): the owner record decides.
    "no Web Locks": "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined, configurable: true});",
    # Nobody to ask to hand the game over: Play here takes the lock from its owner.
    "no BroadcastChannel": "delete window.BroadcastChannel;",
}


class Tab(App):
    """A second page of an App's context: the same storage, locks and channel."""

    def __init__(self, first: App) -> None:
        self.base_url = first.base_url
        self.origin = first.origin
        self.outside = first.outside
        self.errors = first.errors
        self.context = first.context
        self.page = first.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.set_default_timeout(15_000)


def played(page: Any) -> int:
    text = page.evaluate(f"localStorage.getItem('{STATS}')")
    return int(json.loads(text)["games"]["clover-leaf"]["all"].get("played", 0)) if text else 0


def role(tab: App) -> str:
    return str(tab.page.evaluate("document.body.dataset.tab"))


def wait_role(tab: App, wanted: str) -> None:
    tab.page.wait_for_function("r => document.body.dataset.tab === r", arg=wanted)


def panel(tab: App) -> str:
    locator = tab.page.locator('#panel[data-panel="tab"]')
    return str(locator.inner_text()) if locator.is_visible() else ""


def follow_hash(tab: App, deal: str) -> None:
    tab.follow_link(f"clover-leaf/{deal}")


def test_one_tab_plays_the_other_takes_over_and_no_result_is_lost(app: App) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    first = app.open(f"clover-leaf/{deal}")
    assert role(first) == "owner"
    first.drag(card, fan)
    first.wait_moves(1)

    # A second tab: the game is the first one's; nothing here plays or counts.
    second = Tab(first).open()
    assert role(second) == "elsewhere"
    assert "open in another tab" in panel(second)
    assert second.fans() == first.fans() and second.moves() == 1
    saved = second.page.evaluate(f"localStorage.getItem('{SAVE}')")
    second.page.locator('[data-panel-action="close"]').click()
    second.press("new")  # the notice comes back; the first tab's game is not counted lost
    assert "open in another tab" in panel(second)
    assert played(second.page) == 0
    assert second.page.evaluate(f"localStorage.getItem('{SAVE}')") == saved

    # The first tab leaves its game (counted once), after the second tab started.
    follow_hash(first, "2")
    first.page.wait_for_function(f"() => localStorage.getItem('{STATS}') !== null")
    assert played(first.page) == 1

    # Play here: the second tab brings the first one's latest game over.
    second.page.locator('[data-panel-action="play-here"]').click()
    wait_role(second, "owner")
    wait_role(first, "elsewhere")
    second.page.wait_for_function("() => document.body.dataset.deal === '2'")
    second.settle()
    assert second.fans() == first.fans() and second.moves() == 0
    assert "another tab" in panel(first)

    # The second tab plays and leaves its game: the first tab's result is kept.
    opening = plans.state("clover-leaf", "2")
    movable = next(c for c, dests in opening["movable"].items() if dests)
    second.click_card(movable)
    second.wait_moves(1)
    follow_hash(second, "3")
    second.page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{STATS}')).games['clover-leaf'].all.played === 2"
    )

    # The first tab, no longer the owner, writes nothing when it hides or plays.
    first.page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")
    first.page.locator('[data-panel-action="close"]').click()
    first.click_card(movable)  # the card stays; the notice comes back
    first.page.locator('#panel[data-panel="tab"]').wait_for()
    record = json.loads(first.page.evaluate(f"localStorage.getItem('{SAVE}')"))
    assert record["deal"] == "3"
    assert first.moves() == 0

    # The owner closes: the other tab, seen again, plays without asking.
    second.page.close()
    first.page.bring_to_front()
    first.page.evaluate("() => window.dispatchEvent(new Event('focus'))")
    wait_role(first, "owner")
    first.page.wait_for_function("() => document.body.dataset.deal === '3'")
    first.settle()
    assert not panel(first)
    assert played(first.page) == 2


@pytest.mark.parametrize("missing", FALLBACKS)
def test_without_web_locks_or_a_channel_one_tab_still_plays(make_app: Any, missing: str) -> None:
    first: App = make_app()
    first.context.add_init_script(FALLBACKS[missing])
    deal, card, fan, _ = plans.deal_with_fan_move()
    first.open(f"clover-leaf/{deal}")
    assert role(first) == "owner"
    owner = json.loads(first.page.evaluate("localStorage.getItem('cloverleaf.owner.v1')"))
    assert owner["id"] and owner["at"] > 0

    second = Tab(first).open()
    assert role(second) == "elsewhere"
    second.page.locator('[data-panel-action="play-here"]').click()
    wait_role(second, "owner")
    wait_role(first, "elsewhere")
    second.drag(card, fan)
    second.wait_moves(1)
    saved = second.page.evaluate(f"localStorage.getItem('{SAVE}')")
    first.page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")
    assert first.page.evaluate(f"localStorage.getItem('{SAVE}')") == saved

    # The owner's tab closes (its record, or its lock, goes with it): the other tab, seen again, plays.
    second.page.close()
    first.page.bring_to_front()
    first.page.evaluate("() => window.dispatchEvent(new Event('focus'))")
    wait_role(first, "owner")
    first.settle()
    assert first.moves() == 1


# The first tab's moves reach its engine late, as on a slow phone: a move is then
# still unanswered when the other tab's "Play here" arrives.
SLOW_MOVES = """(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (window.__slowMoves && message?.method === "click") setTimeout(() => post.call(this, message, ...rest), 300);
    else post.call(this, message, ...rest);
  };
})();"""


@pytest.mark.parametrize("missing", ["nothing", *FALLBACKS])
def test_play_here_while_a_move_is_answered_in_the_owner_tab_loses_no_move(make_app: Any, missing: str) -> None:
    # Issue 48: without Web Locks, "Play here" took the game at once; the old tab
    # drew its move, and the new owner restored the save without it.
    first: App = make_app()
    if missing in FALLBACKS:
        first.context.add_init_script(FALLBACKS[missing])
    first.page.add_init_script(SLOW_MOVES)
    first.open("clover-leaf/1")
    second = Tab(first).open()
    assert role(second) == "elsewhere"
    first.page.bring_to_front()
    first.page.evaluate("() => { window.__slowMoves = true; }")
    first.click_card("7D")
    second.page.locator('[data-panel-action="play-here"]').click()
    wait_role(second, "owner")
    wait_role(first, "elsewhere")
    second.settle()
    assert second.moves() == 1, "the move made as the game was handed over is lost"
    assert second.fans() == first.fans()
