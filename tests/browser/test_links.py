"""A link never drops a game in progress: opened over a saved game, typed while
playing, or reached by Back and Forward, it asks first, keeping the game is the
first choice, and a game left that way counts once."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf import stats

from . import plans
from .stored import play_a_card, wait_notice

pytestmark = pytest.mark.browser

STATS = "cloverleaf.stats.v1"
LINK = ("fan", "12")


def played(app: Any, game: str = "clover-leaf") -> int:
    """Games of ``game`` counted so far (won or lost), as the engine reads the stored statistics."""
    text = app.page.evaluate(f"localStorage.getItem('{STATS}')")
    return 0 if text is None else stats.load(text).bucket(game, "all").played


def wait_played(app: Any, count: int, game: str = "clover-leaf") -> None:
    """Counted under the statistics' own lock (tabs.js): a busy machine may grant it late."""
    app.page.wait_for_function(
        """([key, game, count]) => {
            const text = localStorage.getItem(key);
            return text !== null && JSON.parse(text).games?.[game]?.all?.played === count;
        }""",
        arg=[STATS, game, count],
        timeout=60_000,
    )


def table(app: Any) -> tuple[str, str, int]:
    page = app.page
    return page.evaluate("document.body.dataset.game"), page.evaluate("document.body.dataset.deal"), app.moves()


def a_game_in_progress(app: Any) -> tuple[str, Any]:
    """Clover Leaf with one move made; its deal and the question panel's locator."""
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, fan)
    app.wait_moves(1)
    return deal, app.page.locator('#panel[data-panel="confirm"]')


def test_a_link_opened_over_a_saved_game_asks_and_keeps_the_game_by_default(app: Any) -> None:
    deal, question = a_game_in_progress(app)
    fans = app.fans()
    # The tab is closed; later the player opens a link a friend shared.
    app.open("/".join(LINK), query="later=1")
    question.wait_for()
    assert table(app) == ("clover-leaf", deal, 1), "the saved game is on the table while the question is open"
    assert app.fans() == fans
    words = question.inner_text()
    assert "Open Fan #12?" in words and f"Clover Leaf game #{deal} (1 move)" in words, words
    # Keeping it is the first choice: Enter keeps the game.
    app.page.keyboard.press("Enter")
    assert question.is_hidden()
    assert table(app) == ("clover-leaf", deal, 1)
    assert app.page.evaluate("location.hash") == f"#clover-leaf/{deal}"
    assert played(app) == 0
    # Opening the app plainly afterwards: still the game in progress.
    app.open(query="later=2")
    assert table(app) == ("clover-leaf", deal, 1)
    assert app.fans() == fans


def test_a_link_opened_over_a_saved_game_opens_when_asked_and_counts_the_game_once(app: Any) -> None:
    _, question = a_game_in_progress(app)
    app.open("/".join(LINK), query="later=1")
    question.wait_for()
    question.locator('[data-panel-action="leave"]').click()
    app.page.wait_for_function("() => document.body.dataset.game === 'fan'", timeout=60_000)
    app.settle()
    assert table(app) == ("fan", "12", 0)
    assert app.page.evaluate("location.hash") == "#fan/12"
    wait_played(app, 1)
    # The link's deal is the saved game now; a reload keeps it and counts nothing more.
    app.reload()
    assert table(app) == ("fan", "12", 0)
    assert played(app) == 1


def test_a_game_taken_back_to_its_start_is_not_replaced_by_a_link_without_asking(app: Any) -> None:
    # Issue 48: with no move left on the table, a link replaced it unasked, and the
    # moves taken back, which Redo would have made again, were lost.
    deal, question = a_game_in_progress(app)
    app.press("undo")
    app.wait_moves(0)
    app.page.evaluate("() => { location.hash = '#fan/12'; }")
    question.wait_for()
    assert "took back" in question.inner_text()
    question.locator('[data-panel-action="keep"]').click()
    app.press("redo")
    app.wait_moves(1)
    app.press("undo")
    app.wait_moves(0)
    # Opened over the saved game as well.
    app.open("/".join(LINK), query="later=1")
    question.wait_for()
    assert table(app) == ("clover-leaf", deal, 0) and "took back" in question.inner_text()
    assert played(app) == 0


def test_a_bad_link_over_a_saved_game_keeps_it(app: Any) -> None:
    deal, question = a_game_in_progress(app)
    for address, words in (("clover-leaf/12x", "12x"), ("%zz", "%zz"), ("no-such-game/4", "no-such-game")):
        app.open(address, query=f"bad={address}")
        wait_notice(app, words)
        assert question.is_hidden()
        assert table(app) == ("clover-leaf", deal, 1), address
    assert played(app) == 0


def test_an_address_typed_while_playing_asks_and_back_and_forward_count_once(app: Any) -> None:
    deal, question = a_game_in_progress(app)
    page = app.page
    # Typed: asked; kept, the address names the game on the table again.
    page.evaluate("() => { location.hash = '#fan/12'; }")
    question.wait_for()
    question.locator('[data-panel-action="keep"]').click()
    assert table(app) == ("clover-leaf", deal, 1)
    page.wait_for_function("d => location.hash === `#clover-leaf/${d}`", arg=deal)
    # Typed again and opened: the game left counts as lost, once.
    page.evaluate("() => { location.hash = '#fan/12'; }")
    question.wait_for()
    question.locator('[data-panel-action="leave"]').click()
    page.wait_for_function("() => document.body.dataset.game === 'fan'", timeout=60_000)
    app.settle()
    wait_played(app, 1)
    # A move on the link's deal, then Back: asked again, and kept.
    play_a_card(app)
    page.go_back()
    question.wait_for()
    question.locator('[data-panel-action="keep"]').click()
    assert table(app) == ("fan", "12", 1)
    # Forward and Back again, without leaving: nothing is counted twice.
    page.go_forward()
    page.go_back()
    if question.is_visible():
        question.locator('[data-panel-action="keep"]').click()
    assert table(app) == ("fan", "12", 1)
    assert played(app) == 1
    assert played(app, "fan") == 0
