"""Getting stuck, asking for hints, and winning a whole game in the page."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from cloverleaf.cards import card_str
from cloverleaf.engine import destinations
from cloverleaf.games import find_game
from cloverleaf.session import Session, Settings
from cloverleaf.solver import Verdict, hint
from cloverleaf.stats import load as load_stats

from . import plans

pytestmark = pytest.mark.browser

NO_ANIMATIONS = json.dumps({"animations": False})


def card_words(card: str) -> str:
    """A card in the English page's words: "8S" -> "eight of spades"."""
    from cloverleaf.cards import card_name, parse_card

    return card_name(parse_card(card))


@functools.cache
def stuck_after_clicks(game: str = "alexander-the-great") -> tuple[str, tuple[str, ...], int]:
    """(deal, cards, undo): a winnable deal that clicking these cards in turn leaves
    stuck, and how many decisions back it could still be won (more than one).

    Found with the engine on CPython: the click rule on the first clickable card
    each time, as the page's click plays it.
    """
    rules = find_game(game)
    for number in range(1, 80):
        session = Session.new(game, number, Settings())
        if hint(rules, session.history(), forced_autoplay=True).verdict is not Verdict.SOLVED:
            continue
        cards: list[str] = []
        while not session.stuck and not session.won and len(cards) < 6:
            movable = destinations(rules, session.position)
            clickable = [card for card in movable if session.click_target(card) is not None]
            if not clickable:
                break
            session.click(clickable[0])
            cards.append(card_str(clickable[0]))
        if session.stuck:
            undo = hint(rules, session.history(), forced_autoplay=True).undo
            if undo is not None and undo > 1:
                return str(number), tuple(cards), undo
    raise AssertionError("no winnable deal found that clicking leaves stuck")


def cards_overlapping(app: Any, selector: str) -> list[str]:
    """The cards whose drawn box meets the element's box."""
    return list(app.page.evaluate(
        """(selector) => {
            const panel = document.querySelector(selector).getBoundingClientRect();
            return [...document.querySelectorAll('.card')].filter((card) => {
                const box = card.getBoundingClientRect();
                return box.right > panel.left && box.left < panel.right
                    && box.bottom > panel.top && box.top < panel.bottom;
            }).map((card) => card.dataset.card);
        }""",
        selector,
    ))


def test_a_stuck_game_names_the_move_that_lost_it_and_goes_back(app: Any) -> None:
    deal, cards, undo = stuck_after_clicks()
    app.open(f"alexander-the-great/{deal}")
    for count, card in enumerate(cards, 1):
        app.click_card(card)
        app.wait_moves(count)
    assert app.page.evaluate("document.body.dataset.stuck") == "true"
    # The stuck panel gives way to the solver's answer: the move that lost the game.
    panel = app.page.locator('#panel[data-panel="lost"]')
    panel.wait_for(timeout=60_000)
    number = len(cards) - undo + 1
    text = panel.inner_text()
    assert "No more moves" in text and f"Move {number} (the {card_words(cards[number - 1])}" in text, text
    assert f"Undo {undo} moves to get back" in text
    for action in ("undo", "solve", "restart", "new", "close"):
        assert panel.locator(f'[data-panel-action="{action}"]').is_visible(), action
    panel.locator('[data-panel-action="undo"]').click()
    app.wait_moves(len(cards) - undo)
    assert app.page.locator("#panel").is_hidden()


def test_the_stuck_panel_on_a_phone_leaves_every_card_in_reach_and_closes(make_app: Any) -> None:
    app = make_app(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    deal, cards, _ = stuck_after_clicks()
    app.open(f"alexander-the-great/{deal}")
    for count, card in enumerate(cards, 1):
        app.page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})
        app.wait_moves(count)
    panel = app.page.locator("#panel")
    panel.wait_for()
    app.page.wait_for_function("() => !document.querySelector('.card--moving')")
    app.page.wait_for_timeout(200)
    box = panel.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640.5 and box["width"] >= 359
    # The table keeps its layout and scrolls under the docked sheet: scrolled to its foot, no card is under it.
    app.page.evaluate("() => { const t = document.querySelector('#table'); t.scrollTop = t.scrollHeight; }")
    assert cards_overlapping(app, "#panel") == []
    # Closed by its ×: the table has its room back.
    panel.locator('[data-panel-action="close"]').tap()
    assert panel.is_hidden()
    # Shown again (an undo and a redo), and closed by Escape.
    app.press("undo")
    app.wait_moves(len(cards) - 1)
    app.press("redo")
    app.wait_moves(len(cards))
    panel.wait_for()
    app.page.keyboard.press("Escape")
    assert panel.is_hidden()


def test_restart_from_a_stuck_game(app: Any) -> None:
    game, deal, cards = plans.clicks_to_stuck(winnable=True)
    opening = plans.state(game, deal)["fans"]
    app.open(f"{game}/{deal}")
    for count, card in enumerate(cards, 1):
        app.click_card(card)
        app.wait_moves(count)
    app.page.locator('#panel [data-panel-action="restart"]').click()
    app.wait_moves(0)
    assert app.fans() == opening


def test_a_stuck_deal_lost_from_its_start_offers_a_winnable_deal_and_no_restart(app: Any) -> None:
    game, deal, cards = plans.clicks_to_stuck()  # Alexander the Great deal 1: lost from its start
    app.open(f"{game}/{deal}")
    page = app.page
    page.locator('#panel[data-panel="lost"] [data-panel-action="winnable"]').wait_for()  # said at once
    for count, card in enumerate(cards, 1):
        app.click_card(card)
        app.wait_moves(count)
    panel = page.locator("#panel")
    panel.locator('[data-panel-action="winnable"]').wait_for()
    assert "cannot be won" in panel.inner_text()
    assert panel.locator('[data-panel-action="restart"]').count() == 0
    panel.locator('[data-panel-action="winnable"]').click()
    page.wait_for_function(f"() => document.body.dataset.deal !== '{deal}'", timeout=60_000)
    app.wait_moves(0)


def test_a_whole_game_won_to_the_end_beats_the_records_is_shared_and_played_again(app: Any) -> None:
    deal, decisions = plans.winnable_deal()
    # An earlier, slower and longer win of this game: this one beats both records.
    earlier = load_stats(None).record("clover-leaf", True, 999, 5000.0, False, None).dumps()
    app.context.add_init_script(
        f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r});"
        f"localStorage.setItem('cloverleaf.stats.v1', {json.dumps(earlier)});"
    )
    app.open(f"clover-leaf/{deal}")
    app.play(decisions)
    panel = app.page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    app.page.wait_for_function("() => document.querySelector('#panel-text').textContent.includes('fewest')")
    text = panel.inner_text()
    assert "You won" in text and f"{len(decisions)} moves" in text
    assert "A new best time!" in text and "Your fewest moves yet!" in text
    assert app.page.locator(".card[data-where='F']").count() == 52

    panel.locator('[data-panel-action="share"]').click()  # the clipboard, or the words to copy by hand
    app.page.wait_for_function(f"() => document.querySelector('#notice').textContent.includes('#{deal} won in')")
    notice = app.notice()
    assert f"Clover Leaf #{deal} won in {len(decisions)} moves, " in notice and f"#clover-leaf/{deal}" in notice
    assert panel.is_visible()  # sharing does not leave the win

    panel.locator('[data-panel-action="restart"]').click()  # play this deal again
    app.page.wait_for_function("() => document.body.dataset.moves === '0' && document.body.dataset.won === 'false'")
    assert app.page.evaluate("document.body.dataset.deal") == str(deal)
    app.check_clean()


def test_a_hint_followed(app: Any) -> None:
    deal, card, _, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.page.keyboard.press("h")
    hinted = app.page.locator(".card.card--hint")
    hinted.wait_for(timeout=60_000)
    card = str(hinted.get_attribute("data-card"))
    target = app.page.locator(".is-hint")
    assert target.count() == 1
    to = target.get_attribute("data-fan") or "F"
    assert "Hint" in app.notice()
    app.drag(card, to)
    app.wait_moves(1)
    assert app.where(card) == to
    assert app.page.locator(".card--hint").count() == 0


def test_a_hint_in_a_lost_position_says_so_and_offers_undo(app: Any) -> None:
    deal, card, to = plans.lost_after_one_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, to)
    app.wait_moves(1)
    app.press("hint")
    panel = app.page.locator('#panel[data-panel="lost"]')
    panel.wait_for(timeout=60_000)
    # The panel names the move that lost the game, and one button goes back before it.
    assert f"Move 1 (the {card_words(card)}" in panel.inner_text() and "lost the game" in panel.inner_text()
    panel.locator('[data-panel-action="undo"]').click()
    app.wait_moves(0)
    assert app.page.locator("#panel").is_hidden()


def test_new_deal_and_deal_of_the_day(app: Any) -> None:
    app.open("clover-leaf/5")
    app.press("new")
    app.page.wait_for_function("() => document.body.dataset.deal !== '5'", timeout=60_000)
    app.settle()
    deal = app.page.evaluate("document.body.dataset.deal")
    assert app.page.evaluate("location.hash") == f"#clover-leaf/{deal}"
    app.press("daily")
    app.page.wait_for_function(
        "() => document.querySelector('#deal-label').textContent.startsWith('daily')", timeout=60_000
    )
    app.settle()
    assert app.moves() == 0


def test_choose_a_game_and_redeal(app: Any) -> None:
    app.open("clover-leaf/5")
    app.press("games")
    app.page.locator('#games-list [data-game="trefoil"]').click()
    app.page.wait_for_function("() => document.body.dataset.game === 'trefoil'", timeout=60_000)
    app.settle()
    redeal = app.page.locator("#redeal")
    assert redeal.is_visible() and "2 left" in redeal.inner_text()
    redeal.click()
    app.wait_moves(1)
    assert "1 left" in redeal.inner_text()


def test_new_with_a_game_in_progress_asks_first(app: Any) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    app.drag(card, fan)
    app.wait_moves(1)
    app.press("new")
    confirm = app.page.locator('#panel[data-panel="confirm"]')
    confirm.wait_for()
    assert "Leave this game?" in confirm.inner_text()
    # Staying is the first choice, with the focus, and no Close says it again.
    assert app.page.evaluate("() => document.activeElement?.dataset.panelAction") == "keep"
    choices = confirm.locator("button").evaluate_all("buttons => buttons.map((b) => b.dataset.panelAction)")
    assert choices == ["keep", "leave"]
    # Enter keeps the game as it was, and counts nothing; the focus goes to the table, where the game goes on.
    app.page.keyboard.press("Enter")
    confirm.wait_for(state="hidden")
    app.page.wait_for_function("() => document.querySelector('#table').contains(document.activeElement)")
    assert app.moves() == 1 and app.page.evaluate("document.body.dataset.deal") == deal
    assert app.page.evaluate("localStorage.getItem('cloverleaf.stats.v1')") is None
    # Leaving deals anew and counts the game left as lost.
    app.press("new")
    confirm.locator('[data-panel-action="leave"]').click()
    app.page.wait_for_function("d => document.body.dataset.deal !== d", arg=deal, timeout=60_000)
    app.settle()
    assert app.moves() == 0
    # Counted under the statistics' own lock (tabs.js), which a busy machine may
    # grant after the new deal is on the table.
    app.page.wait_for_function("() => localStorage.getItem('cloverleaf.stats.v1') !== null", timeout=60_000)
