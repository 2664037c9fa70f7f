"""The proof of loss from the order in which cards must go up (Shamrocks): only lost positions are cut.

Checked against the unpruned search on positions small enough for it to end,
which for Shamrocks means few cards in play: with foundation cards free to come
back, every card on a foundation can rejoin the game, so the unpruned search
grows fast with the cards already up.
"""

from __future__ import annotations

from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.solver import Search, Verdict, solve
from cloverleaf.solver.board import Board
from cloverleaf.solver.capacity import lost_here as capacity_lost_here
from cloverleaf.solver.hosts import BREADTH, WAYS
from cloverleaf.solver.hosts import lost_here as order_lost_here
from cloverleaf.solver.hosts import lost_here_in_steps as order_lost_in_steps_here
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.room import room_lost
from cloverleaf.solver.tables import tables_for

from .helpers import scattered_position, winning_line

PLAN = Plan()
CASE_STEPS, CASES_AFTER, QUANTUM, START_CASES = PLAN.case_steps, PLAN.cases_after, PLAN.quantum, PLAN.start_cases

SHAMROCKS = find_game("shamrocks")
SHAMROCKS_II = find_game("shamrocks-ii")

# Spades and diamonds left. KS lies on 5D, the next diamond; KD on QD on 2S, the
# next spade. A King can only ever be placed on QS: KD must be there before 2S
# goes up and go up before QS does, after 5D (in suit); KS must leave 5D before
# 5D goes up, and can only go to QS, which goes up before it: no order works.
NO_ORDER = """Foundations: KC AS KH 3D
2S QD KD
4S 3S 4D
5S 6D
7S 6S 7D
8S 9S 8D
QS
5D KS
9D TS JD
TD JS
""" + "-\n" * 9


def test_every_small_position_proved_lost_by_the_order_is_lost() -> None:
    proved = 0
    for seed in range(3000):
        position = scattered_position(9, seed)
        if order_lost_here(Board(tables_for(SHAMROCKS), position)):
            unpruned = Search(SHAMROCKS, position, prune=False)
            assert unpruned.run(200_000) is Verdict.LOST, seed
            proved += 1
    assert proved >= 80


def test_every_small_position_proved_lost_by_splitting_cases_is_lost() -> None:
    only_by_cases = 0
    for seed in range(3000):
        position = scattered_position(9, seed)
        board = Board(tables_for(SHAMROCKS), position)
        if order_lost_here(board, START_CASES):
            unpruned = Search(SHAMROCKS, position, prune=False)
            assert unpruned.run(200_000) is Verdict.LOST, seed
            only_by_cases += not order_lost_here(board)
    assert only_by_cases >= 50  # 61: the splitting is checked, not only the orders without it


def test_no_position_on_a_winning_line_is_proved_lost_by_the_order() -> None:
    for rules in (SHAMROCKS, SHAMROCKS_II):
        for number in (1, 2, 4):
            for position, move in winning_line(rules, number):
                board = Board(tables_for(rules), position)
                assert not order_lost_here(board, START_CASES), (rules.id, number, str(move))


def test_an_endgame_with_no_order_is_proved_lost_at_once() -> None:
    position = parse_position(SHAMROCKS, NO_ORDER)
    board = Board(tables_for(SHAMROCKS), position)
    assert not room_lost(board)
    assert order_lost_here(board)
    result = solve(SHAMROCKS, position, 10)
    assert (result.verdict, result.nodes) == (Verdict.LOST, 1)
    assert Search(SHAMROCKS, position, prune=False).run(100_000) is Verdict.LOST


def test_a_deal_the_order_proves_lost_is_decided_at_the_deal() -> None:
    result = solve(SHAMROCKS, deal(SHAMROCKS, 23), 10)
    assert (result.verdict, result.nodes) == (Verdict.LOST, 1)


def test_a_deal_only_splitting_cases_proves_lost_is_decided_once_the_search_is_hard() -> None:
    # deal 52: undecided by the search alone; no other proof reaches it at the deal
    board = Board(tables_for(SHAMROCKS), deal(SHAMROCKS, 52))
    board.settle()
    assert not order_lost_here(board) and not capacity_lost_here(board) and not room_lost(board)
    result = solve(SHAMROCKS, deal(SHAMROCKS, 52), 100_000)
    assert result.verdict is Verdict.LOST
    # its 9 fixed points, CASE_STEPS of them after each strand's turn, end within three turns from there
    assert CASES_AFTER <= result.nodes < CASES_AFTER + QUANTUM * (9 // CASE_STEPS + 2)


def test_the_order_proof_in_steps_answers_as_in_one_go() -> None:
    for rules in (SHAMROCKS, SHAMROCKS_II):
        for number in range(1, 41):
            board = Board(tables_for(rules), deal(rules, number))
            board.settle()
            steps = order_lost_in_steps_here(board, START_CASES)
            assert steps is not None
            taken = 0
            while True:
                try:
                    next(steps)
                    taken += 1
                except StopIteration as stop:
                    answer = stop.value
                    break
            assert answer == order_lost_here(board, START_CASES), (rules.id, number)
            assert taken <= 1 + BREADTH * (1 + BREADTH * WAYS)  # each a fixed point, none unbounded


def test_a_proof_spread_over_many_turns_ends_at_the_same_node_whatever_the_slices() -> None:
    # Shamrocks II deal 705: the longest of the case-split proofs of deals 1-1000 that no other proof
    # makes (47 fixed points)
    whole = solve(SHAMROCKS_II, deal(SHAMROCKS_II, 705), 100_000)
    assert whole.verdict is Verdict.LOST
    assert CASES_AFTER + QUANTUM * 4 <= whole.nodes < CASES_AFTER + QUANTUM * 4 * (47 // CASE_STEPS + 2)
    sliced = Search(SHAMROCKS_II, deal(SHAMROCKS_II, 705))
    while not sliced.done:
        sliced.run(997)
    assert (sliced.verdict, sliced.nodes) == (whole.verdict, whole.nodes)
