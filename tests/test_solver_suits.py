"""Projections on one suit and on pairs of suits: a lost projection proves a position lost, never a winnable one."""

from __future__ import annotations

import pytest

from cloverleaf.deals import deal
from cloverleaf.engine import play
from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.solver import Search, Verdict, check_solution, solve
from cloverleaf.solver import search as search_module
from cloverleaf.solver.board import Board, tables_for


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
        assert result.verdict is Verdict.SOLVED
        for move in result.solution:
            board = Board(tables, position)
            assert not board.any_suit_lost(), (game, number, str(move))
            position = play(rules, position, move)


def test_a_suit_that_blocks_itself_is_lost_whatever_the_other_suits_do() -> None:
    # The spades: 8S can leave KS only onto 9S (7S lies under TS), and TS can
    # leave its fan only onto 9S too (JS lies beneath it); whichever takes 9S
    # first stays there for good. Every other card is free.
    rules = find_game("clover-leaf")
    text = "Foundations: KC 6S AH AD\n7S JS QS TS\nKS 8S\n9S\n" + "-\n" * 13
    board = Board(tables_for(rules), parse_position(rules, text))
    assert [board.suit_lost(suit) for suit in range(4)] == [False, True, False, False]
    assert solve(rules, parse_position(rules, text), 10).verdict is Verdict.LOST


def test_projections_are_not_used_where_any_suit_builds_on_any_suit() -> None:
    rules = find_game("shamrocks-ii")
    assert tables_for(rules).suits is None


def test_pair_projections_keep_two_suits_and_complete_the_others() -> None:
    rules = find_game("clover-leaf")
    projected = Board(tables_for(rules), deal(rules, 660)).pair_projections()
    assert len(projected) == 6
    hearts_diamonds = projected[-1]
    assert {card // 13 for fan in hearts_diamonds.fans for card in fan} == {2, 3}
    assert hearts_diamonds.foundations == (13, 13, 1, 1)
    for game in ("shamrocks-ii", "trefoil"):  # any suit builds; redeals left
        rules = find_game(game)
        assert Board(tables_for(rules), deal(rules, 1)).pair_projections() == []


def test_a_lost_pair_projection_proves_the_deal_lost_and_slices_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    # Warfield deal 230: each suit alone can be won, spades with hearts cannot.
    monkeypatch.setattr(search_module, "PROJECTIONS_AFTER", 0)
    rules = find_game("clover-leaf-warfield")
    whole = Search(rules, deal(rules, 230))
    assert whole.run(100_000) is Verdict.LOST
    assert whole.nodes < 100_000
    sliced = Search(rules, deal(rules, 230))
    while sliced.run(997) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes) == (whole.verdict, whole.nodes)


def test_no_position_on_a_winning_line_has_a_pair_projection_proved_lost() -> None:
    # The proof the search of a hard Warfield deal applies to the positions it expands.
    rules = find_game("clover-leaf-warfield")
    tables = tables_for(rules)
    for number in (2, 83):
        position = deal(rules, number)
        result = solve(rules, position, 100_000)
        assert result.verdict is Verdict.SOLVED
        for index, move in enumerate(result.solution):
            board = Board(tables, position)
            for pair, _key in board.pair_keys() if index % 3 == 0 else []:
                projected = Search(rules, board.pair_projection(pair), strands=(0,), project=False)
                assert projected.run(search_module.INNER_PROJECTION_NODES) is not Verdict.LOST, (number, str(move))
            position = play(rules, position, move)


def test_inner_projections_cut_a_hard_warfield_search_and_slices_agree() -> None:
    # Deal 83: every pair of its start can be won; its search needs 177002 nodes
    # without looking at the projections of the positions inside it, 42164 with
    # (21026 of them the inner projections' own).
    rules = find_game("clover-leaf-warfield")
    whole = Search(rules, deal(rules, 83))
    assert whole.run(50_000) is Verdict.SOLVED
    assert 0 < whole.inner_nodes < whole.nodes
    assert whole.inner_cut > 0
    assert check_solution(rules, deal(rules, 83), whole.solution)
    sliced = Search(rules, deal(rules, 83))
    while sliced.run(4_999) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes, sliced.solution) == (whole.verdict, whole.nodes, whole.solution)


def test_which_inner_positions_are_cut_does_not_depend_on_the_order_the_pairs_are_looked_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Why the known verdicts of a position's pairs are looked at before any new search.
    rules = find_game("clover-leaf-warfield")
    first = Search(rules, deal(rules, 83))
    assert first.run(50_000) is Verdict.SOLVED
    pair_keys = Board.pair_keys
    monkeypatch.setattr(Board, "pair_keys", lambda board: pair_keys(board)[::-1])
    reversed_pairs = Search(rules, deal(rules, 83))
    assert reversed_pairs.run(50_000) is Verdict.SOLVED
    assert (reversed_pairs.inner_checked, reversed_pairs.inner_cut) == (first.inner_checked, first.inner_cut)
    assert reversed_pairs.nodes - reversed_pairs.inner_nodes == first.nodes - first.inner_nodes
    assert reversed_pairs.solution == first.solution
