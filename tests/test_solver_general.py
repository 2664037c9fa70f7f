"""The proofs of loss and the safe foundation moves of the general board's games, against the unpruned search.

:mod:`tests.test_solver_proofs` checks every registered proof on small
positions dealt for the purpose; the proofs written for the nine games added
from PySolFC (:mod:`cloverleaf.solver.blocked`, :mod:`cloverleaf.solver.first_moves`,
:mod:`cloverleaf.solver.room_alike`, :mod:`cloverleaf.solver.capacity` for
Troika) and the board's rules (the safe foundation moves, the twins merged in
Scotch Patience's keys) mostly bite in positions a search of a real deal meets
late: Kings above the cards their foundations need, fans of one rank, whole
ranks held for want of room. So here the positions are taken from searches of
the deals themselves, those with few enough cards left for the unpruned
search (every legal move, no proof, no foundation move played at once) to go
through every position: its verdict is the truth. A proof that says *lost*
of a position the unpruned search wins is wrong; each proof must say so of
some lost positions, or the test would prove nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.position import Position
from cloverleaf.rules import Rules
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.board import Board
from cloverleaf.solver.proofs import PROOFS
from cloverleaf.solver.tables import tables_for

UNPRUNED_BUDGET = 150_000
# game -> (deals, nodes searched in each, the most cards left in the positions kept, positions kept a deal)
SAMPLES = {
    "scotch-patience": (range(1, 31), 3_000, 20, 3),
    "super-flower-garden": (range(1, 21), 3_000, 20, 3),
    "box-fan": (range(1, 21), 3_000, 20, 3),
    "troika": (range(1, 21), 6_000, 27, 3),
    "quads": (range(1, 11), 3_000, 24, 3),
    "quads-plus": (range(1, 11), 3_000, 24, 3),
}
# the new proofs, and the least number of the sampled lost positions each must prove lost at once
FIRES = {
    "scotch-patience": {"blocked": 3, "first_moves": 3},
    "super-flower-garden": {"blocked": 2, "first_moves": 2},
    "box-fan": {"blocked": 2, "first_moves": 3},
    "troika": {"first_moves": 3, "room_alike": 3},
    "quads": {},
    "quads-plus": {},
}


def late_positions(rules: Rules, number: int, nodes: int, left: int, count: int) -> list[Position]:
    """Some positions a search of deal ``number`` queued within ``nodes`` nodes, settled, with ``left`` cards or fewer
    in the fans."""
    search = Search(rules, deal(rules, number))
    search.run(nodes)
    board = Board(tables_for(rules), deal(rules, number))
    found = []
    for strand in search.strands:
        for item in strand.queue:
            board.load(item[3])
            if board.redeals_left == 0 and sum(len(fan) for fan in board.fans) <= left:
                found.append(board.position())
    random.Random(number).shuffle(found)
    return found[:count]


@cache
def samples(game: str) -> tuple[tuple[Position, Verdict], ...]:
    """The sampled positions of a game with the unpruned search's verdict on each."""
    rules = find_game(game)
    deals, nodes, left, count = SAMPLES[game]
    kept = []
    for number in deals:
        for position in late_positions(rules, number, nodes, left, count):
            truth = Search(rules, position, prune=False).run(UNPRUNED_BUDGET)
            if truth is not Verdict.UNKNOWN:
                kept.append((position, truth))
    return tuple(kept)


@pytest.mark.parametrize("game", SAMPLES)
def test_the_pruned_search_agrees_with_the_unpruned_one_on_late_positions_of_real_deals(game: str) -> None:
    rules = find_game(game)
    verdicts = Counter[Verdict]()
    for position, truth in samples(game):
        assert Search(rules, position).run(UNPRUNED_BUDGET) is truth, position
        verdicts[truth] += 1
    assert verdicts[Verdict.SOLVED] >= 5 and (verdicts[Verdict.LOST] >= 3 or game.startswith("quads")), verdicts


@pytest.mark.parametrize("game", SAMPLES)
def test_each_proof_says_lost_only_of_lost_positions_and_of_some_of_them(game: str) -> None:
    rules = find_game(game)
    fired = Counter[str]()
    for position, truth in samples(game):
        board = Board(tables_for(rules), position)
        board.settle()
        for proof in PROOFS:
            if proof.at_start is not None and proof.applies(board) and proof.at_start(board):
                assert truth is Verdict.LOST, (proof.name, position)
                fired[proof.name] += 1
    for name, least in FIRES[game].items():
        assert fired[name] >= least, (name, fired)
