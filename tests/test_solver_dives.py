"""Dives (cloverleaf.solver.dives): they find only real wins, avoid what they are told to, run the same in slices."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from cloverleaf import Move, find_game
from cloverleaf.deals import deal
from cloverleaf.position import Position
from cloverleaf.solver import Verdict
from cloverleaf.solver.board import Board
from cloverleaf.solver.dives import Dives
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.proofs import PROOFS, Cuts
from cloverleaf.solver.search import Search, check_solution
from cloverleaf.solver.tables import tables_for
from cloverleaf.solver.turn import UNBOUNDED
from tests.helpers import scattered_position

DIVES_AFTER, QUANTUM = Plan().dives_after, Plan().quantum

SHAMROCKS = find_game("shamrocks")
# Shamrocks deal 405: the best-first search alone leaves it open at 100,000 nodes; a dive wins it
DEAL_A_DIVE_WINS = 405
# Shamrocks deal 755: open at the solve budget (100,000 nodes); the dives, searching alone past it, win it
DEAL_WON_PAST_THE_BUDGET = 755
SEEDS = 150  # small scattered positions: some 7% of them lost


def dives_of(position: Position, avoid: set[bytes] | None = None, length: int = 300) -> Dives:
    board = Board(tables_for(SHAMROCKS), position)
    board.settle()
    return Dives(board, Cuts(board, PROOFS, late=True), set() if avoid is None else avoid, length, 8)


def line_wins(position: Position, dives: Dives) -> bool:
    """Whether the dives' line wins, played through the engine's checked door (it raises on an illegal move)."""
    assert dives.steps is not None
    return check_solution(SHAMROCKS, position, [Move(card, dest) for card, _source, dest in dives.steps])


@functools.cache
def plain_verdict(seed: int) -> Verdict:
    """The plain exhaustive search's verdict on the small scattered position ``seed`` (10 cards)."""
    return Search(SHAMROCKS, scattered_position(10, seed), prune=False).run(200_000)


def test_a_dive_wins_only_what_the_plain_search_wins_and_its_line_is_legal() -> None:
    won = lost = 0
    for seed in range(SEEDS):
        position = scattered_position(10, seed)
        truth = plain_verdict(seed)
        assert truth is not Verdict.UNKNOWN
        dives = dives_of(position)
        found = dives.run(20_000, UNBOUNDED) is Verdict.SOLVED
        if found:
            assert truth is Verdict.SOLVED, seed
            assert line_wins(position, dives), seed
            won += 1
        elif truth is Verdict.LOST:
            lost += 1
    assert won >= 15 and lost >= 5, (won, lost)


def test_dives_that_go_through_every_position_they_reach_stop_without_a_win() -> None:
    stopped = 0
    for seed in range(SEEDS):
        if plain_verdict(seed) is not Verdict.LOST:
            continue
        dives = dives_of(scattered_position(10, seed), length=1_000_000)
        assert dives.run(1_000_000, UNBOUNDED) is Verdict.UNKNOWN
        assert dives.done and dives.dives == 1, seed
        stopped += 1
    assert stopped >= 5


def test_a_dive_never_enters_a_position_to_avoid() -> None:
    checked = 0
    for seed in range(60):
        position = scattered_position(12, seed)
        first = dives_of(position)
        if first.run(20_000, UNBOUNDED) is not Verdict.SOLVED or first.steps is None:
            continue
        # avoid the position the line found enters first: the next dives must win another way or not at all
        board = Board(tables_for(SHAMROCKS), position)
        board.settle()
        board.advance(first.steps[0])
        avoid = {board.key()}
        again = dives_of(position, avoid)
        if again.run(20_000, UNBOUNDED) is Verdict.SOLVED and again.steps is not None:
            board = Board(tables_for(SHAMROCKS), position)
            board.settle()
            for step in again.steps:
                board.advance(step)
                assert board.key() not in avoid, seed
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("slice_nodes", [1, 7, 250])
def test_dives_run_in_slices_take_the_same_steps_as_in_one_run(slice_nodes: int) -> None:
    position = deal(SHAMROCKS, DEAL_A_DIVE_WINS)
    whole = dives_of(position, length=5_000)
    assert whole.run(100_000, UNBOUNDED) is Verdict.SOLVED
    sliced = dives_of(position, length=5_000)
    while not sliced.done and sliced.nodes < 100_000:
        sliced.run(slice_nodes, UNBOUNDED)
    assert (sliced.steps, sliced.nodes, sliced.dives) == (whole.steps, whole.nodes, whole.dives)


def test_a_search_wins_a_deal_through_its_dives_with_a_solution_the_engine_checks() -> None:
    position = deal(SHAMROCKS, DEAL_A_DIVE_WINS)
    search = Search(SHAMROCKS, position)
    assert search.run(SHAMROCKS.solver.solve_budget) is Verdict.SOLVED
    assert search.nodes > DIVES_AFTER  # won by the dives, which join only then
    assert check_solution(SHAMROCKS, position, search.solution)
    without = dataclasses.replace(SHAMROCKS, solver=dataclasses.replace(SHAMROCKS.solver, dive_length=0))
    assert Search(without, position).run(SHAMROCKS.solver.solve_budget) is Verdict.UNKNOWN


@pytest.mark.parametrize("game,number", [("clover-leaf", 7310), ("clover-leaf-warfield", 2776)])
def test_a_clover_leaf_deal_the_strands_win_late_or_not_at_all_is_won_by_a_dive(game: str, number: int) -> None:
    # Clover Leaf 7310: won by the strands alone at 302,473 nodes; Warfield 2776: open at its
    # budget without the dives. Where fans build in suit the board plays foundation moves at
    # once: the solution holds them too, and the engine checks it.
    rules = find_game(game)
    position = deal(rules, number)
    search = Search(rules, position)
    assert search.run(rules.solver.solve_budget) is Verdict.SOLVED
    assert DIVES_AFTER < search.nodes < 2 * DIVES_AFTER
    assert check_solution(rules, position, search.solution)
    without = dataclasses.replace(rules, solver=dataclasses.replace(rules.solver, dive_length=0))
    assert Search(without, position).run(2 * DIVES_AFTER) is Verdict.UNKNOWN


@pytest.mark.parametrize("game,number", [("shamrocks", DEAL_A_DIVE_WINS), ("clover-leaf", 7310)])
def test_a_search_with_dives_answers_the_same_in_slices(game: str, number: int) -> None:
    rules = find_game(game)
    position = deal(rules, number)
    whole = Search(rules, position)
    whole.run(rules.solver.solve_budget)
    sliced = Search(rules, position)
    while not sliced.done and sliced.nodes < rules.solver.solve_budget:
        sliced.run(1_999, 700)
    assert (sliced.verdict, sliced.nodes, sliced.solution) == (whole.verdict, whole.nodes, whole.solution)


def test_past_the_solve_budget_the_dives_search_alone_and_the_table_stops_growing() -> None:
    position = deal(SHAMROCKS, DEAL_WON_PAST_THE_BUDGET)
    budget = SHAMROCKS.solver.solve_budget
    search = Search(SHAMROCKS, position)
    assert search.run(budget) is Verdict.UNKNOWN
    positions = len(search.table)
    assert search.run(budget // 10) is Verdict.SOLVED
    assert search.nodes > budget + QUANTUM  # won after the strands' last turn, which may end past the budget
    assert len(search.table) - positions <= QUANTUM  # that turn's positions, and no more
    assert check_solution(SHAMROCKS, position, search.solution)
    sliced = Search(SHAMROCKS, position)
    while not sliced.done:
        sliced.run(4_999, 1_700)
    assert (sliced.nodes, sliced.solution) == (search.nodes, search.solution)


def test_dives_that_went_through_every_position_alone_give_the_turns_back_to_the_strands() -> None:
    # A small lost position whose search takes some 15,000 nodes to prove it; the dives join after 1,000 and
    # search alone after 2,000, one dive long enough to go through every position. It stops, finding no win
    # (dives prove nothing lost); the strands then take their turns again and prove the loss.
    position = scattered_position(16, 182)
    assert Search(SHAMROCKS, position).run(20_000) is Verdict.LOST
    plan = Plan.of(SHAMROCKS.solver, dives_after=1_000, dives_alone_after=2_000, dive_length=1_000_000)
    search = Search(SHAMROCKS, position, plan=plan)
    assert search.run(200_000) is Verdict.LOST
    assert search.nodes > 20_000  # the dive's nodes, spent before the strands came back
