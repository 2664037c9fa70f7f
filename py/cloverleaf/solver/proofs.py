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

from . import blocked, capacity, dead_ends, first_moves, hosts, prefixes, projections, room, room_alike, schedule
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
    """Games that build in suit whose profile asks for the inner projections on pairs (the one-suit games'
    games: ``Tables.suits``)."""
    return board.tables.suits is not None and bool(board.rules.solver.inner_projections)


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
    Proof("blocked", blocked.applies, after_step=blocked.lost_after, on_expansion=blocked.lost_here,
          kept=blocked.kept, at_start=blocked.lost_here),
    Proof("first_moves", first_moves.applies, on_expansion=first_moves.lost_here, kept=first_moves.kept,
          at_start=first_moves.lost_at_start),
    Proof("room_alike", room_alike.applies, on_expansion=room_alike.lost_here, kept=room_alike.kept,
          at_start=room_alike.lost_here),
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
        self._checks = checks = _checks(board, proofs)
        self.lost_after = _after_step(board, checks.after_step)
        self.late = late
        self.lost_on_expansion = _on_expansion(board, checks.on_expansion_late if late else checks.on_expansion)

    def join_late(self) -> None:
        """Let the ``late`` proofs join the expansions from now on."""
        if not self.late:
            self.late = True
            self.lost_on_expansion = _on_expansion(self.board, self._checks.on_expansion_late)

    def lost_at_start(self) -> bool:
        board = self.board
        return board.settled and any(check(board) for check in self._checks.at_start)


Expansion = tuple[Callable[[Board], bool], Callable[[Board, Step], bool] | None]  # a proof, and what spares it


@dataclass(frozen=True)
class _Checks:
    """What the proofs that apply to a board check at each moment, in the registry's order."""

    after_step: list[Callable[[Board, Step], bool]]
    on_expansion: list[Expansion]  # before the late proofs join
    on_expansion_late: list[Expansion]
    at_start: list[Callable[[Board], bool]]


_CHECKS: dict[tuple[int, bool, int], tuple[object, Sequence[Proof], _Checks]] = {}


def _checks(board: Board, proofs: Sequence[Proof]) -> _Checks:
    """:class:`_Checks` of the proofs that apply to the board, worked out once per game and plan.

    A search makes thousands of small searches, each with its board. Looked up
    by identity (hashing the proofs costs more than checking them); the entry
    keeps the objects it was made for, so an identity is never reused.
    """
    tables = board.tables
    key = (id(tables), board.returns, id(proofs))  # what applies() reads of a board, and the proofs
    known = _CHECKS.get(key)
    if known is None or known[0] is not tables or known[1] is not proofs:
        on = [proof for proof in proofs if not proof.searched and proof.applies(board)]
        checks = _Checks(
            [p.after_step for p in on if p.after_step],
            [(p.on_expansion, p.kept) for p in on if p.on_expansion and not p.late],
            [(p.on_expansion, p.kept) for p in on if p.on_expansion],
            [p.at_start for p in on if p.at_start],
        )
        known = _CHECKS[key] = (tables, proofs, checks)
    return known[2]


def _after_step(board: Board, checks: list[Callable[[Board, Step], bool]]) -> Callable[[Step], bool]:
    if not checks:
        return lambda _step: False
    if len(checks) == 1:
        (check,) = checks

        def lost_after_one(step: Step) -> bool:
            return not board.redeals_left and check(board, step)

        return lost_after_one
    if len(checks) == 2:  # the in-suit games: dead ends and suits, written out as one expression
        first, second = checks

        def lost_after_two(step: Step) -> bool:
            return not board.redeals_left and (first(board, step) or second(board, step))

        return lost_after_two

    def lost_after(step: Step) -> bool:
        if board.redeals_left:  # not settled (not the property: this runs for most nodes)
            return False
        for check in checks:  # noqa: SIM110 (a loop, not any() over a generator: this runs for most nodes)
            if check(board, step):
                return True
        return False

    return lost_after


def _on_expansion(board: Board, checks: list[Expansion]) -> Callable[[Step | None], bool]:
    if len(checks) == 1:  # the in-suit games: the schedule, written out
        ((lost_one, kept_one),) = checks

        def lost_on_expansion_one(found_by: Step | None = None) -> bool:
            if board.redeals_left:
                return False
            return (found_by is None or kept_one is None or not kept_one(board, found_by)) and lost_one(board)

        return lost_on_expansion_one

    def lost_on_expansion(found_by: Step | None = None) -> bool:
        if board.redeals_left:
            return False
        for lost, kept in checks:
            if (found_by is None or kept is None or not kept(board, found_by)) and lost(board):
                return True
        return False

    return lost_on_expansion
