"""Every proof of loss the registry holds agrees with the unpruned search: each alone, and all together.

The unpruned search (no proof, every legal move, :func:`tests.test_solver_pruning.verdicts`)
goes through every reachable position of a small position, so its verdict is
the truth; a proof that cut a win would turn a "solved" into a "lost" here. A
new proof is tested by registering it in :data:`cloverleaf.solver.proofs.PROOFS`.
The positions are those of :mod:`tests.test_solver_pruning` (``small_position``),
small enough for the unpruned search to end, tight enough that some are lost.
"""

from __future__ import annotations

from functools import cache

import pytest

from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.board import Board
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.proofs import PROOFS, Proof, only
from cloverleaf.solver.tables import tables_for

from .test_solver_pruning import SEEDS, UNPRUNED_BUDGET, shapes, small_position

# a plan's proofs: none (the moves' rules only), each registered proof alone, and all of them
PLANS: dict[str, tuple[Proof, ...]] = {"none": (), **{proof.name: only(proof.name) for proof in PROOFS}, "all": PROOFS}


@cache
def truth(game: str, cards: int, empty: int, seed: int) -> Verdict:
    """The unpruned search's verdict on one small position (searched once for every plan)."""
    rules = find_game(game)
    verdict = Search(rules, small_position(rules, cards, empty, seed), prune=False).run(UNPRUNED_BUDGET)
    assert verdict is not Verdict.UNKNOWN, (game, cards, empty, seed)
    return verdict


def _applies(game: str, proofs: tuple[Proof, ...]) -> bool:
    rules = find_game(game)
    board = Board(tables_for(rules), small_position(rules, *shapes(rules)[0], 0))
    return not proofs or any(proof.applies(board) for proof in proofs)


# each game with the plans that hold a proof for it (and the plan of none)
APPLYING = [(rules.id, plan) for plan in PLANS for rules in CATALOGUE if _applies(rules.id, PLANS[plan])]


@pytest.mark.parametrize(("game", "plan"), APPLYING)
def test_each_proof_alone_and_all_together_agree_with_the_unpruned_search(game: str, plan: str) -> None:
    proofs = PLANS[plan]
    rules = find_game(game)
    lost = 0
    for cards, empty in shapes(rules):
        for seed in range(SEEDS):
            position = small_position(rules, cards, empty, seed)
            verdict = Search(rules, position, plan=Plan.of(rules.solver, proofs=proofs)).run(UNPRUNED_BUDGET)
            assert verdict is truth(game, cards, empty, seed), (plan, cards, empty, seed, position)
            lost += verdict is Verdict.LOST
    # the lost verdicts, which only a proof (or the whole search) gives, are checked too; Free Fan's small
    # positions are all won (two free cells and runs), as in tests/test_solver_pruning.py
    assert lost >= 3 or rules.free_cells
