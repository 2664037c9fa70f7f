"""The nine games' new kinds of rule, played in the page as a person plays them.

Free Fan's free cells and runs on a phone held upright (touch drags and taps),
the draw of Three Shuffles and a Draw on a small phone, Scotch Patience's
foundations in alternate colours on a desktop, and the games dialog grouped by
family. Which moves are legal is the engine's in Pyodide; the plans are made
with the same engine on CPython (plans.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cloverleaf.cards import card_str, parse_card
from cloverleaf.engine import foundation_top, move_to
from cloverleaf.move_json import parse_dest
from cloverleaf.session import Session, Settings

from . import plans
from .test_phone import touch_drag

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SMALL_PHONE = {
    "viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
}


def box(app: Any, selector: str) -> dict[str, float]:
    found = app.page.locator(selector).bounding_box()
    assert found is not None, selector
    return dict(found)


def at(app: Any, card: str, selector: str) -> bool:
    """Whether ``card`` is drawn where the element ``selector`` is (a cell, a foundation)."""
    card_box, place = app.card_box(card), box(app, selector)
    return abs(card_box["x"] - place["x"]) < 2 and abs(card_box["y"] - place["y"]) < 2


@pytest.fixture
def phone(make_app: Any, playwright_instance: Any) -> Any:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    return make_app(**device)


def test_free_fan_on_a_phone_a_card_goes_to_a_free_cell_and_back_and_a_run_moves_together(phone: Any) -> None:
    opening = plans.state("free-fan", "5")
    card, fan = next(
        (card, dests[0]) for card, dests in opening["movable"].items() if dests[0] != "cell" and "cell" in dests
    )
    head = next(card for card in opening["movable"] if next(f for f in opening["fans"] if card in f)[-1] != card)
    source = next(f for f in opening["fans"] if head in f)
    run = source[source.index(head):]
    onto = opening["movable"][head][0]
    tapped = next(other for other, to in opening["click"].items() if to == "cell" and other not in (card, head))
    phone.open("free-fan/5")

    # Two free cells, in the foundation row, left of the foundations, on the screen.
    cells = [box(phone, f'[data-cell="{i}"]') for i in (1, 2)]
    first = box(phone, '[data-foundation="C"]')
    assert all(abs(cell["y"] - first["y"]) < 1 for cell in cells)
    assert cells[0]["x"] >= 0 and cells[0]["x"] + cells[0]["width"] <= cells[1]["x"] < first["x"] - cells[1]["width"]
    assert phone.cells() == [None, None]

    # A card dragged to a free cell, then from the cell onto a fan.
    touch_drag(phone, card, "cell")
    phone.wait_moves(1)
    assert phone.cells() == [card, None] and at(phone, card, '[data-cell="1"]')
    touch_drag(phone, card, fan)
    phone.wait_where(card, fan)
    assert phone.cells() == [None, None] and phone.fans()[fan - 1][-1] == card

    # A card with cards on it drags them along: they follow it, and the run lands on the fan together.
    before = [phone.card_box(card) for card in run]
    mouse = phone.page.mouse
    mouse.move(before[0]["x"] + 6, before[0]["y"] + 6)
    mouse.down()
    mouse.move(before[0]["x"] + 36, before[0]["y"] + 46, steps=4)
    for card, was in zip(run, before, strict=True):
        now = phone.card_box(card)
        assert (round(now["x"] - was["x"]), round(now["y"] - was["y"])) == (30, 40), card
    mouse.up()
    phone.settle()
    phone.page.wait_for_timeout(400)
    assert [phone.card_box(card) for card in run] == before, "let go on nothing: back where they lay"
    touch_drag(phone, head, onto)
    phone.wait_moves(3)
    assert phone.fans()[onto - 1][-len(run):] == run

    # A tap sends a card with nowhere else to go to a free cell, as the engine's click rule says.
    phone.page.locator(f'.card[data-card="{tapped}"]').tap(position={"x": 6, "y": 6})
    phone.wait_moves(4)
    assert phone.cells() == [tapped, None]


def test_three_shuffles_and_a_draw_the_draw_by_a_tap_or_a_drag_leaves_the_top_card(make_app: Any) -> None:
    opening = plans.state("three-shuffles-and-a-draw", "5")
    drawn, other = opening["drawable"][:2]
    fan = next(f for f in opening["fans"] if drawn in f)
    app = make_app(**SMALL_PHONE)
    app.open("three-shuffles-and-a-draw/5")
    label = app.page.locator("#draws-left")
    assert label.is_visible() and label.inner_text() == "1 draw left"

    # A tap on the card right under a top card draws it where the draw sends it; the top card stays.
    app.page.locator(f'.card[data-card="{drawn}"]').tap(position={"x": 6, "y": 6})
    app.wait_where(drawn, opening["movable"][drawn][0])
    index = opening["fans"].index(fan)
    assert app.fans()[index] == fan[:-2] + fan[-1:]
    assert label.inner_text() == "0 draws left"

    # Undo gives the draw back; a drag draws too, the card on the dragged one left in place.
    app.press("undo")
    app.wait_moves(0)
    assert label.inner_text() == "1 draw left" and app.fans() == opening["fans"]
    source = next(f for f in opening["fans"] if other in f)
    top, start = app.card_box(source[-1]), app.card_box(other)
    mouse = app.page.mouse
    mouse.move(start["x"] + 6, start["y"] + 6)
    mouse.down()
    mouse.move(start["x"] + 40, start["y"] + 60, steps=4)
    assert app.card_box(other)["y"] > start["y"] + 30, "the drawn card follows the finger"
    assert app.card_box(source[-1]) == top, "the card on it stays while it is dragged"
    mouse.up()
    app.settle()
    app.drag(other, opening["movable"][other][0])
    app.wait_where(other, opening["movable"][other][0])
    assert app.fans()[opening["fans"].index(source)] == source[:-2] + source[-1:]
    assert label.inner_text() == "0 draws left"


def test_scotch_patience_a_card_goes_up_on_the_foundation_of_its_colour(app: Any) -> None:
    decisions = plans.winning_decisions("scotch-patience", "5")
    assert decisions is not None
    played = decisions[: next(i for i, (_, to) in enumerate(decisions) if to == "F") + 1]
    # Where the engine puts the card that goes up: on the foundation its state names.
    session = Session.new("scotch-patience", "5", Settings())
    for card, to in played:
        session.play(move_to(session.rules, session.position, parse_card(card), parse_dest(to, 18)))
    card = played[-1][0]
    foundation = next(
        "CSHD"[f] for f in range(4)
        if (top := foundation_top(session.rules, session.position, f)) is not None and card_str(top) == card
    )

    app.open("scotch-patience/5")
    for number, (card, to) in enumerate(played, start=1):
        app.drag(card, to)
        app.wait_moves(number)
    assert app.where(card) == "F"
    assert at(app, card, f'[data-foundation="{foundation}"]'), f"{card} on the foundation of {foundation}'s Ace"
    # The foundation's badge names the rank it takes next, and the two suits of that colour.
    ranks = "A23456789TJQK"
    following = ranks[ranks.index(card[0]) + 1].replace("T", "10")
    badge = app.page.locator(f'[data-badge="{foundation}"]')
    assert badge.inner_text() == f"\u2192{following}" and badge.locator("svg").count() == 2


def test_the_games_dialog_shows_the_main_games_first_then_families_and_opens_a_new_game(make_app: Any) -> None:
    app = make_app(**SMALL_PHONE)
    app.open("clover-leaf/7")
    app.press("games")
    dialog = app.page.locator("#games-dialog")
    dialog.wait_for(state="visible")
    families = app.page.locator(".games__family")
    assert families.first.locator(".games__heading").inner_text().lower() == "main games"
    first = families.first.locator("button[data-game]")
    assert [first.nth(i).get_attribute("data-game") for i in range(first.count())] == [
        "clover-leaf", "clover-leaf-warfield", "shamrocks-ii", "trefoil"
    ]
    assert families.count() == 5
    # Every game is there once, and each button fits the phone's width.
    games = app.page.locator("#games-list button[data-game]")
    assert games.count() == 17
    width = app.page.viewport_size["width"]
    for i in range(games.count()):
        found = games.nth(i).bounding_box()
        assert found is not None and found["x"] >= 0 and found["x"] + found["width"] <= width
    free_fan = app.page.locator('button[data-game="free-fan"]')
    assert "2 free cells" in free_fan.inner_text()
    app.page.locator('button[data-game="quads"]').tap()
    app.page.wait_for_function("() => document.body.dataset.game === 'quads'", timeout=60_000)
    app.settle()
    assert app.page.locator(".fan").count() == 13 and app.page.locator(".cell").count() == 0
    assert app.page.locator("#game-name").inner_text() == "Quads"


def test_a_new_game_s_first_visit_says_its_rules_in_the_player_s_language(make_app: Any) -> None:
    """The overlay's lines of a new game (Free Fan, whose moves name the free cells), in
    German from the browser's language; every game's lines in every language: test_translations.py."""
    words = json.loads((ROOT / "web" / "i18n" / "de.json").read_text(encoding="utf-8"))
    app = make_app(first_visit=True, locale="de-DE", **SMALL_PHONE)
    app.open("free-fan/5")
    app.page.locator("#intro-dialog[open]").wait_for()
    assert app.page.locator("#intro-title").inner_text() == words["intro.title"].replace("{game}", "Free Fan")
    assert app.page.locator("#intro-foundations").inner_text() == words["intro.foundations.free-fan"]
    assert app.page.locator("#intro-moves").inner_text() == words["intro.moves.free-fan"]
    app.page.locator("#intro-close").tap()
    assert app.page.locator("#draws-left").is_hidden() and app.page.locator(".cell").count() == 2
