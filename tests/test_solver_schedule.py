"""The schedule proof of the in-suit games, and the moves after which it need not run again.

:meth:`schedule_lost` is checked against the unpruned search on small
positions; :meth:`schedule_kept`, which spares it, against the proof
itself, on every position it spares in real searches and one move from small
positions of every kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from cloverleaf.deals import deal
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.rules import Rules
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.board import Board
from cloverleaf.solver.moves import worth_searching
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.proofs import PROOFS
from cloverleaf.solver.schedule import schedule_kept, schedule_lost
from cloverleaf.solver.tables import tables_for

from .test_solver_pruning import shapes, small_position

# the games of the first eight whose fans build in suit (the general board has its own schedule, first_moves.py)
IN_SUIT = [rules for rules in CATALOGUE if tables_for(rules).in_suit and not tables_for(rules).general]


def settled_small_boards(rules: Rules, seeds: int) -> Iterator[tuple[tuple[int, int, int], Board]]:
    """Boards of :func:`small_position` of every shape, with no redeal left (where the schedule proof applies).

    Each with what made it: (cards, empty fans, seed).
    """
    for cards, empty in shapes(rules):
        for seed in range(seeds):
            position = replace(small_position(rules, cards, empty, seed), redeals_left=0)
            yield (cards, empty, seed), Board(tables_for(rules), position)


@pytest.mark.parametrize("rules", IN_SUIT, ids=lambda rules: rules.id)
def test_every_small_position_the_schedule_proves_lost_is_lost(rules: Rules) -> None:
    proved = 0
    for made, board in settled_small_boards(rules, 30):
        if schedule_lost(board):
            unpruned = Search(rules, board.position(), prune=False)
            assert unpruned.run(150_000) is Verdict.LOST, made
            proved += 1
    assert proved >= 3


def test_a_move_whose_card_can_leave_again_leads_to_no_position_the_schedule_proves_lost() -> None:
    # schedule_kept spares the schedule proof on positions found by a move from a position
    # the proof passed. Check it in the searches it serves: every position it spares is one the
    # proof would have passed, and the proof still cuts others (a plan whose schedule proof
    # checks every answer of schedule_kept).
    kept = Counter[str]()
    proved = 0

    def checked(board: Board, step: tuple[int, int, int]) -> bool:
        nonlocal proved
        if not schedule_kept(board, step):
            proved += schedule_lost(board)
            return False
        assert not schedule_lost(board), (step, board.fans, board.found)
        kept[board.rules.id] += 1
        return True

    proofs = tuple(replace(proof, kept=checked) if proof.name == "schedule" else proof for proof in PROOFS)
    searched = (("clover-leaf", 660), ("clover-leaf-warfield", 71), ("alexander-the-great", 3763), ("fan", 410))
    for game, number in searched:
        rules = find_game(game)
        Search(rules, deal(rules, number), plan=Plan.of(rules.solver, proofs=proofs)).run(15_000)
    # Fan builds down only, so a card seldom has a second place to go: fewer spared there
    assert len(kept) == len(searched) and min(kept.values()) >= 50 and kept.total() >= 4000, kept
    assert proved >= 1000


@pytest.mark.parametrize("rules", IN_SUIT, ids=lambda rules: rules.id)
def test_a_move_whose_card_can_leave_again_keeps_the_schedule_in_small_positions(rules: Rules) -> None:
    # One move from small positions the proof passes, moves to an empty fan included; a move
    # followed by foundation moves is no case schedule_kept is asked about.
    checked = 0
    for made, board in settled_small_boards(rules, 120):
        if schedule_lost(board):
            continue
        for step in worth_searching(board):
            played = board.advance(step)
            if not played.auto and schedule_kept(board, step):
                assert not schedule_lost(board), (made, step)
                checked += 1
            board.retreat(played)
    assert checked >= 40, checked  # fewest where fans build down only and empty fans stay empty
