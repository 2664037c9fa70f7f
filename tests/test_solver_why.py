"""Why a position is lost: every lost hint says it, with cards on the table, and each kind of witness holds.

The lost deals are those of bench/results/solver-verdicts-1-1000.txt (letter
``l``) among deals 1-200 of every game; the default run asks a hint on the
first of each game, the ``slow`` mark on all of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cloverleaf.api import Api
from cloverleaf.cards import SUIT_LETTERS, card_str, parse_card
from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.solver.board import Board
from cloverleaf.solver.difficulty import DealDifficulty
from cloverleaf.solver.jobs import run_to_end
from cloverleaf.solver.prefixes import prefix_projection
from cloverleaf.solver.search import Search, Verdict
from cloverleaf.solver.tables import tables_for
from cloverleaf.solver.why import why_lost

VERDICTS = Path(__file__).resolve().parent.parent / "bench" / "results" / "solver-verdicts-1-1000.txt"


def lost_deals(last: int = 200) -> list[tuple[str, int]]:
    """Every (game, deal) of deals 1-``last`` that the verdict file says is lost."""
    deals = []
    for line in VERDICTS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        game, first, letters = line.split()
        numbers = (int(first) + i for i, letter in enumerate(letters) if letter == "l")
        deals += [(game, number) for number in numbers if number <= last]
    return deals


def first_lost_of_each_game() -> list[tuple[str, int]]:
    firsts: dict[str, int] = {}
    for game, number in lost_deals():
        firsts.setdefault(game, number)
    return sorted(firsts.items())


def call(api: Api, method: str, **params: Any) -> Any:
    reply = json.loads(api.call(method, json.dumps(params)))
    assert "ok" in reply, reply
    return reply["ok"]


def hint_at_start(game: str, number: int) -> tuple[dict[str, Any], set[str]]:
    """A hint's result at the deal's start, and the cards in its fans."""
    api = Api()
    table = call(api, "new", game=game, deal=str(number))
    job = call(api, "jobStart", kind="hint")["job"]
    while not (step := call(api, "jobStep", job=job, nodes=1 << 20))["done"]:
        pass
    return step["result"], {card for fan in table["state"]["fans"] for card in fan}


def assert_lost_hint_says_why(game: str, number: int) -> None:
    result, on_table = hint_at_start(game, number)
    assert result["verdict"] == "lost"
    why = result["why"]
    assert why is not None and why["kind"] in ("suits", "schedule", "room", "capacity", "order", "deadEnd", "search")
    assert set(why["cards"]) <= on_table
    assert why["cards"] or why["kind"] == "search"


@pytest.mark.parametrize(("game", "number"), first_lost_of_each_game())
def test_a_lost_hint_says_why_with_cards_on_the_table(game: str, number: int) -> None:
    assert_lost_hint_says_why(game, number)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "number"), lost_deals())
def test_every_lost_hint_of_deals_1_to_200_says_why(game: str, number: int) -> None:
    assert_lost_hint_says_why(game, number)


def test_a_hint_that_wins_has_no_why() -> None:
    result, _ = hint_at_start("clover-leaf", 1)
    assert result["verdict"] == "solved" and result["why"] is None


def lost_search(game: str, number: int) -> tuple[Any, Search]:
    rules = find_game(game)
    search = Search(rules, deal(rules, number))
    assert search.run(rules.solver.solve_budget) is Verdict.LOST
    return rules, search


def why_of(game: str, number: int) -> dict[str, Any]:
    rules, search = lost_search(game, number)
    why = why_lost(rules, search.start, search)
    assert why is not None
    return why


@pytest.mark.parametrize(
    ("game", "number", "kind"),
    [
        ("clover-leaf", 36, "deadEnd"),
        ("clover-leaf", 89, "suits"),
        ("alexander-the-great", 1, "schedule"),
        ("shamrocks", 6, "capacity"),
        ("shamrocks", 22, "room"),
        ("shamrocks", 52, "order"),
        ("fan", 1, "search"),
    ],
)
def test_each_kind_of_witness_is_given_where_its_proof_decides(game: str, number: int, kind: str) -> None:
    why = why_of(game, number)
    assert why["kind"] == kind
    on_table = {card_str(card) for fan in deal(find_game(game), number).fans for card in fan}
    assert set(why["cards"]) <= on_table


def test_a_dead_end_names_the_card_and_what_it_waits_for_beneath_it() -> None:
    why = why_of("clover-leaf", 36)
    rules = find_game("clover-leaf")
    fan = next(fan for fan in deal(rules, 36).fans if parse_card(why["card"]) in fan)
    under = fan[: fan.index(parse_card(why["card"]))]
    assert why["cards"][0] == why["card"] and all(parse_card(card) in under for card in why["cards"][1:])


def test_the_search_witness_counts_the_positions_it_went_through() -> None:
    rules, search = lost_search("fan", 1)
    why = why_lost(rules, search.start, search)
    assert why == {"kind": "search", "cards": [], "lines": len(search.table)}


@pytest.mark.parametrize(("game", "number"), [("clover-leaf", 89), ("clover-leaf-warfield", 71), ("fan", 96)])
def test_a_projection_witness_is_a_prefix_of_each_suit_whose_projection_is_lost(game: str, number: int) -> None:
    """Re-solved here with the game's whole solve budget: the projection it names is lost."""
    rules, search = lost_search(game, number)
    why = why_lost(rules, search.start, search)
    assert why is not None and why["kind"] == "suits"
    board = Board(tables_for(rules), search.start)
    board.settle()
    order = board.tables.order
    kept = {}
    for letter in why["suits"]:
        suit = SUIT_LETTERS.index(letter)
        cards = [card for card in why["cards"] if card.endswith(letter)]
        assert cards == [card_str(order[suit][board.found[suit] + i]) for i in range(len(cards))]
        kept[suit] = len(cards)
    assert len(why["cards"]) == sum(kept.values())
    projected = Search(rules, prefix_projection(board.tables, board.position(), kept))
    assert projected.run(rules.solver.solve_budget) is Verdict.LOST


def test_the_search_records_what_proved_its_start_lost() -> None:
    assert lost_search("clover-leaf", 36)[1].proved_by == ("start",)
    assert lost_search("fan", 1)[1].proved_by == ("search",)


def test_a_lost_deals_rating_says_why() -> None:
    rules = find_game("shamrocks")
    result = run_to_end(DealDifficulty(rules, 6))
    assert result["verdict"] == "lost" and result["why"]["kind"] == "capacity"
    assert result["why"]["free"] == 2 and result["why"]["limit"] == 3

