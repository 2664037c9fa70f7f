"""Getting stuck, asking for hints, and winning a whole game in the page."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import plans

pytestmark = pytest.mark.browser

NO_ANIMATIONS = json.dumps({"animations": False})


def card_words(card: str) -> str:
    """A card in the English page's words: "8S" -> "eight of spades"."""
    from cloverleaf.cards import card_name, parse_card

    return card_name(parse_card(card))


def test_a_stuck_game_says_so_and_offers_a_way_out(app: Any) -> None:
    game, deal, cards = plans.clicks_to_stuck()
    app.open(f"{game}/{deal}")
    for count, card in enumerate(cards, 1):
        app.click_card(card)
        app.wait_moves(count)
    panel = app.page.locator('#panel[data-panel="stuck"]')
    panel.wait_for()
    assert "No more moves" in panel.inner_text()
    assert app.page.evaluate("document.body.dataset.stuck") == "true"
    for action in ("undo", "restart", "new"):
        assert panel.locator(f'[data-panel-action="{action}"]').is_visible()
    panel.locator('[data-panel-action="undo"]').click()
    app.wait_moves(len(cards) - 1)
    assert app.page.locator("#panel").is_hidden()


def test_restart_from_a_stuck_game(app: Any) -> None:
    game, deal, cards = plans.clicks_to_stuck()
    opening = plans.state(game, deal)["fans"]
    app.open(f"{game}/{deal}")
    for count, card in enumerate(cards, 1):
        app.click_card(card)
        app.wait_moves(count)
    app.page.locator('#panel [data-panel-action="restart"]').click()
    app.wait_moves(0)
    assert app.fans() == opening


def test_a_whole_game_won_to_the_end(app: Any) -> None:
    deal, decisions = plans.winnable_deal()
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
    app.open(f"clover-leaf/{deal}")
    for card, to in decisions:
        moves = app.moves()
        if card == "redeal":
            app.press("redeal")
        else:
            app.drag(card, to)
        app.wait_moves(moves + 1)
    panel = app.page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    text = panel.inner_text()
    assert "You won" in text and f"{len(decisions)} moves" in text
    assert app.page.locator(".card[data-where='F']").count() == 52
    panel.locator('[data-panel-action="new"]').click()
    app.page.wait_for_function("() => document.body.dataset.moves === '0' && document.body.dataset.won === 'false'")


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
