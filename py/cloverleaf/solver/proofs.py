"""The proofs of loss, registered in one place, and the cuts a board makes with those a plan enables.

Each proof is a module with its argument in its docstring and one interface:
``applies(board)``, whether it is for the board's game, and whether a
settled board is lost at up to three moments of a search:

- ``after_step(board, step)``: each position found, ``step`` having just led
  there (the cheap proofs);
- ``on_expansion(board)``: each position about to be expanded, spared where
  ``kept(board, step)`` shows that the move that found it cannot have changed
  the answer (a best-first search expands about a third of the positions it
  finds);
- ``at_start(board)``: the position a search starts from.

``searched`` proofs look at the position through small searches of its
projections; they keep what they learn across a search, so the search makes
them (:mod:`.inner`). A :class:`Cuts` composes the enabled proofs once, when a
board is given its plan; the search calls one function a moment.
``late`` proofs join the expansions only once a search counts them in
(:meth:`Cuts.join_late`): they pay in long searches only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import capacity, dead_ends, hosts, prefixes, projections, room, schedule
from .board import Board, Step


@dataclass(frozen=True)
class Proof:
    """One proof of loss: its name, where it applies, and what it checks when (see the module's docstring)."""

    name: str
    applies: Callable[[Board], bool]
    after_step: Callable[[Board, Step], bool] | None = None
    on_expansion: Callable[[Board], bool] | None = None
    kept: Callable[[Board, Step], bool] | None = None
    at_start: Callable[[Board], bool] | None = None
    late: bool = False
    searched: bool = False


def _inner_pairs_apply(board: Board) -> bool:
    """Games that build in suit whose profile asks for the inner projections on pairs."""
    return board.tables.in_suit and bool(board.rules.solver.inner_projections)


def _prefixes_apply(board: Board) -> bool:
    return prefixes.applies(board.tables)


def _inner_triples_apply(board: Board) -> bool:
    """As the inner pairs, where the profile asks for the projections on three suits too."""
    return _inner_pairs_apply(board) and bool(board.rules.solver.inner_triples_up)


PROOFS = (
    Proof("dead_ends", dead_ends.applies, after_step=dead_ends.lost_after),
    Proof("suits", projections.applies, after_step=projections.lost_after, at_start=projections.lost_at_start),
    Proof("schedule", schedule.applies, on_expansion=schedule.schedule_lost, kept=schedule.schedule_kept,
          at_start=schedule.schedule_lost),
    Proof("capacity", capacity.applies, on_expansion=capacity.lost_here, at_start=capacity.lost_here, late=True),
    Proof("room", room.applies, on_expansion=room.room_lost, kept=room.room_kept, at_start=room.room_lost),
    Proof("order", hosts.applies, at_start=hosts.lost_here),
    Proof("inner_pairs", _inner_pairs_apply, searched=True),
    Proof("prefixes", _prefixes_apply, searched=True),
    Proof("inner_triples", _inner_triples_apply, searched=True),
)
NAMES = tuple(proof.name for proof in PROOFS)


def only(*names: str) -> tuple[Proof, ...]:
    """The registered proofs of these names, in the registry's order (a plan that makes only those)."""
    unknown = set(names) - set(NAMES)
    if unknown:
        raise ValueError(f"no such proof: {', '.join(sorted(unknown))}")
    return tuple(proof for proof in PROOFS if proof.name in names)


def without(*names: str) -> tuple[Proof, ...]:
    """The registered proofs but these (a plan with them switched off)."""
    return only(*(name for name in NAMES if name not in names))


class Cuts:
    """The ``proofs`` that apply to ``board`` (those :data:`PROOFS` registers, or some of them), composed once.

    ``lost_after(step)``, ``lost_on_expansion(found_by)`` (``found_by``: the
    move that found the position, where the caller knows it) and
    ``lost_at_start()``: one function for each moment, each False in a
    position that is not settled, where no proof applies.
    """

    def __init__(self, board: Board, proofs: Sequence[Proof], late: bool = False) -> None:
        self.board = board
        self.enabled = [proof for proof in proofs if not proof.searched and proof.applies(board)]
        self.lost_after = _after_step(board, [p.after_step for p in self.enabled if p.after_step])
        self.late = False
        self.lost_on_expansion = self._on_expansion()
        if late:
            self.join_late()
        self._at_start = [p.at_start for p in self.enabled if p.at_start]

    def join_late(self) -> None:
        """Let the ``late`` proofs join the expansions from now on."""
        if not self.late:
            self.late = True
            self.lost_on_expansion = self._on_expansion()

    def lost_at_start(self) -> bool:
        board = self.board
        return board.settled and any(check(board) for check in self._at_start)

    def _on_expansion(self) -> Callable[[Step | None], bool]:
        checks = [(p.on_expansion, p.kept) for p in self.enabled if p.on_expansion and (self.late or not p.late)]
        return _on_expansion(self.board, checks)


def _after_step(board: Board, checks: list[Callable[[Board, Step], bool]]) -> Callable[[Step], bool]:
    if not checks:
        return lambda _step: False
    if len(checks) == 1:
        (check,) = checks

        def lost_after_one(step: Step) -> bool:
            return not board.redeals_left and check(board, step)

        return lost_after_one

    def lost_after(step: Step) -> bool:
        if board.redeals_left:  # not settled (not the property: this runs for most nodes)
            return False
        for check in checks:  # noqa: SIM110 (a loop, not any() over a generator: this runs for most nodes)
            if check(board, step):
                return True
        return False

    return lost_after


def _on_expansion(
    board: Board, checks: list[tuple[Callable[[Board], bool], Callable[[Board, Step], bool] | None]]
) -> Callable[[Step | None], bool]:
    def lost_on_expansion(found_by: Step | None = None) -> bool:
        if board.redeals_left:
            return False
        for lost, kept in checks:
            if (found_by is None or kept is None or not kept(board, found_by)) and lost(board):
                return True
        return False

    return lost_on_expansion
