"""What the page's state says of the nine games' new kinds of rule, through the API.

The page draws what the state says and decides nothing: which foundation takes a
card where foundations build in alternate colours (``next``), which movable
cards a draw takes and so move alone (``drawable``), the free cells' cards, and
the games dialog's families. Each is checked here on CPython, where a mistake
costs no browser.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.api import Api
from cloverleaf.games import CATALOGUE, FAMILIES


@pytest.fixture
def api() -> Api:
    return Api()


def ok(api: Api, method: str, **params: object) -> Any:
    reply = json.loads(api.call(method, json.dumps(params)))
    assert "ok" in reply, reply
    return reply["ok"]


def state(api: Api, method: str, **params: object) -> dict[str, Any]:
    result: dict[str, Any] = ok(api, method, **params)["state"]
    return result


def test_the_games_come_family_by_family_the_four_main_games_first(api: Api) -> None:
    games = ok(api, "games")
    assert [game["id"] for game in games[:4]] == ["clover-leaf", "clover-leaf-warfield", "shamrocks-ii", "trefoil"]
    assert {game["family"] for game in games[:4]} == {"main"}
    assert sorted(game["id"] for game in games) == sorted(rules.id for rules in CATALOGUE), "every game once"
    families = [game["family"] for game in games]
    assert families == sorted(families, key=[family for family, _ in FAMILIES].index), "each family together"
    free_fan = next(game for game in games if game["id"] == "free-fan")
    assert (free_fan["cells"], free_fan["draws"]) == (2, 0)


def test_a_suit_foundation_takes_its_suit_s_next_card(api: Api) -> None:
    drawn = state(api, "new", game="clover-leaf", deal="1")  # black up from the Ace, red down from the King
    assert all(foundation["builds"] == "suit" for foundation in drawn["foundations"])
    ranks = "A23456789TJQK"
    for foundation in drawn["foundations"]:
        order = ranks if foundation["up"] else ranks[::-1]
        assert foundation["next"] == [order[foundation["count"]] + foundation["suit"]], foundation


def test_foundations_in_alternate_colours_say_the_two_cards_they_take_next(api: Api) -> None:
    drawn = state(api, "new", game="scotch-patience", deal="5")
    assert all(foundation["builds"] == "colours" for foundation in drawn["foundations"])
    by_suit = {foundation["suit"]: foundation for foundation in drawn["foundations"]}
    for suit, foundation in by_suit.items():
        if foundation["count"] == 0:
            assert foundation["next"] == [f"A{suit}"]
    # Deal 5 starts with AC and AD up: clubs' takes a red 2, diamonds' a black 2.
    assert (by_suit["C"]["top"], by_suit["C"]["next"]) == ("AC", ["2H", "2D"])
    assert (by_suit["D"]["top"], by_suit["D"]["next"]) == ("AD", ["2C", "2S"])


def test_a_drawable_card_moves_alone_and_the_draw_is_used_once(api: Api) -> None:
    drawn = state(api, "new", game="three-shuffles-and-a-draw", deal="5")
    assert drawn["drawsLeft"] == 1 and drawn["drawable"]
    card = drawn["drawable"][0]
    fan = next(fan for fan in drawn["fans"] if card in fan)
    assert fan[-2] == card, "the card right under a fan's top"
    assert drawn["movable"][card] == [drawn["click"][card]], "one destination: where the draw sends it"
    after = state(api, "play", card=card, to=drawn["movable"][card][0])
    assert after["drawsLeft"] == 0 and after["drawable"] == []
    index = drawn["fans"].index(fan)
    assert after["fans"][index] == fan[:-2] + fan[-1:], "the card drawn from under the top, which stays"
    back = state(api, "undo")
    assert back["drawsLeft"] == 1 and back["drawable"] == drawn["drawable"]


def test_a_card_goes_to_a_free_cell_and_back(api: Api) -> None:
    drawn = state(api, "new", game="free-fan", deal="5")
    assert drawn["cells"] == [None, None]
    card, fan = next(
        (card, dests[0]) for card, dests in drawn["movable"].items() if dests[0] != "cell" and "cell" in dests
    )
    parked = state(api, "play", card=card, to="cell")
    assert parked["cells"] == [card, None]
    assert parked["lastMoves"][0] == {"card": card, "to": "cell", "onto": None}
    assert parked["movable"][card] == [fan], "from the cell to the fan, never to another cell"
    back = state(api, "play", card=card, to=fan)
    assert back["cells"] == [None, None] and back["fans"][fan - 1][-1] == card
    games_without_cells = state(api, "new", game="clover-leaf", deal="1")
    assert games_without_cells["cells"] == [] and games_without_cells["drawable"] == []
