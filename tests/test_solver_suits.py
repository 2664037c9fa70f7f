"""One-suit projections (cloverleaf.solver.suits): lost projections prove positions lost, never a winnable one."""

from __future__ import annotations

import pytest

from cloverleaf.deals import deal
from cloverleaf.engine import play
from cloverleaf.games import find_game
from cloverleaf.notation import parse_move, parse_position
from cloverleaf.solver import SOLVED, solve
from cloverleaf.solver.board import Board
from cloverleaf.solver.search import tables_for


@pytest.mark.parametrize("game,numbers", [
    ("clover-leaf", (1, 2, 3, 11, 88)),
    ("clover-leaf-warfield", (2, 149)),
    ("alexander-the-great", (2, 7)),
    ("fan", (3,)),
])
def test_no_position_on_a_winning_line_has_a_lost_projection(game: str, numbers: tuple[int, ...]) -> None:
    rules = find_game(game)
    tables = tables_for(rules)
    for number in numbers:
        position = deal(rules, number)
        result = solve(rules, position, 50_000)
        assert result.verdict == SOLVED
        for text in result.moves:
            board = Board(tables, position)
            assert not board.any_suit_lost(), (game, number, text)
            position = play(rules, position, parse_move(text))


def test_a_suit_that_blocks_itself_is_lost_whatever_the_other_suits_do() -> None:
    # The spades: 8S can leave KS only onto 9S (7S lies under TS), and TS can
    # leave its fan only onto 9S too (JS lies beneath it); whichever takes 9S
    # first stays there for good. Every other card is free.
    rules = find_game("clover-leaf")
    text = "Foundations: KC 6S AH AD\n7S JS QS TS\nKS 8S\n9S\n" + "-\n" * 13
    board = Board(tables_for(rules), parse_position(rules, text))
    assert [board.suit_lost(suit) for suit in range(4)] == [False, True, False, False]
    assert solve(rules, parse_position(rules, text), 10).verdict == "unsolvable"


def test_projections_are_not_used_where_any_suit_builds_on_any_suit() -> None:
    rules = find_game("shamrocks")
    assert tables_for(rules).suits is None
