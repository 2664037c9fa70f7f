"""The helpers that join a long search when its plan says: projection searches, ladders, the order proof, the dives.

Each helper but the order proof is a turn-taker (:mod:`.turn`) that the
search gives its turns to beside its strands; the order proof's case split
runs in pieces between two turns. What each proves: a pair's projection
search or a ladder that is lost proves the start lost (:mod:`.suits`,
:mod:`.prefixes`), the order proof too (:mod:`.hosts`), and a dive's win is
the start's (:mod:`.dives`). :meth:`Helpers.between_turns` lets each join
once the search has used the nodes its plan says (:mod:`.plan`); docs/solver.md
says why each waits as long as it does.
"""

from __future__ import annotations

from typing import Protocol

from ..position import Position
from ..rules import Rules
from . import hosts, projections
from .board import Board
from .dives import Dives
from .hosts import Steps
from .ladders import Ladder
from .plan import Plan
from .prefixes import applies as prefixes_apply
from .proofs import Cuts
from .strands import Strand
from .suits import TRIPLES, pairs_present
from .turn import Projection, Spawn, SubSearch, Turn


class Host(Protocol):
    """What the helpers read and change of the search they serve (:class:`.search.Search`)."""

    rules: Rules
    start: Position
    plan: Plan
    board: Board
    cuts: Cuts
    lost: set[bytes]
    nodes: int
    turns: list[Turn]
    turn: int
    left: int

    def quantum(self, runner: Turn) -> int: ...


class Helpers:
    """The helpers of one search (see the module's docstring), and what each has done.

    ``projections``: the pairs' projection searches, once joined;
    ``triples``: the ladders of three suits, once every pair is won;
    ``dives``: the dives, once joined; ``ladders_on``: whether the pairs'
    ladders joined (the search's prefix cuts follow them).
    """

    def __init__(self, search: Host, spawn: Spawn, replay: bool) -> None:
        plan = search.plan
        self.search = search
        self.spawn = spawn
        self.projections: list[SubSearch] = []
        self.triples: list[Ladder] = []
        self.dives: Dives | None = None
        self.ladders_on = False
        self.benched: list[Turn] = []  # the turns set aside while the dives search alone
        self.projected = not plan.helpers  # whether the projections have joined, or never will
        self._tripled = False
        self._cased = not plan.helpers
        self._dived = not (plan.helpers and replay and plan.dive_length)
        self._cases: Steps | None = None  # the start's order proof under way (see _cases_lost)

    def between_turns(self) -> bool:
        """Let the helpers whose time has come join; whether the order proof has proved the start lost."""
        search = self.search
        plan = search.plan
        turns = search.turns
        nodes = search.nodes
        if nodes >= plan.places_after:
            search.cuts.join_late()
        if not self._cased and nodes >= plan.cases_after:
            self._cased = True
            self._cases = self._start_cases()
        if self._cases is not None and self._cases_lost(self._cases):
            return True
        if not self._dived and nodes >= plan.dives_after:
            self._dived = True
            self.dives = self._dives()
            turns.append(self.dives)
        dives = self.dives
        if dives is not None and nodes >= plan.dives_alone_after and len(turns) > 1 and dives in turns:
            self.benched = [runner for runner in turns if runner is not dives]
            turns[:] = [dives]
            search.turn = 0
            search.left = search.quantum(dives)
        if not self.projected and nodes >= plan.projections_after:
            self.projected = True
            start = Board(search.board.tables, search.start, plan.prune_moves)
            self.projections = [self.spawn(projected) for projected in projections.pair_projections(start)]
            ladders = self._ladders(start)
            self.ladders_on = bool(ladders)
            turns.extend(Projection(projection) for projection in self.projections)
            turns.extend(ladders)
        if self.projections and not self._tripled and nodes >= plan.triples_after and all(
            isinstance(runner, (Strand, Dives)) for runner in turns
        ):  # every pair won, and their ladders gone
            self._tripled = True
            self.triples = self._triple_ladders()
            turns.extend(self.triples)
        return False

    def proof_of(self, runner: Turn) -> tuple[object, ...]:
        """What a turn-taker that ended ``LOST`` proved, as :attr:`.search.Search.proved_by` records it.

        The search's own: ``("start",)`` a proof at the start, ``("known",)``
        an earlier search, ``("search",)`` every position searched, ``("order",
        cases)`` the start's order proof. A helper's, here: ``("projection",
        suits)`` a pair's projection search, ``("ladder", {suit: length})`` a
        ladder's rung (lengths counted from the start's foundations).
        """
        if isinstance(runner, Ladder):
            return ("ladder", dict(runner.kept))
        pairs = pairs_present(self.search.start)  # the pairs of self.projections, in their order
        for pair, projection in zip(pairs, self.projections, strict=False):
            if isinstance(runner, Projection) and projection is runner.search:
                return ("projection", pair)
        return ("search",)

    def bring_back(self) -> None:
        """The dives, searching alone, went through every position they reach: the other turns come back."""
        self.search.turns.extend(self.benched)
        self.benched = []

    def _ladders(self, start: Board) -> list[Ladder]:
        """A :class:`.ladders.Ladder` for each pair the projections search, where prefix projections prove anything."""
        if not self.projections or not prefixes_apply(start.tables):
            return []
        plan = self.search.plan
        position = start.position()
        pairs = pairs_present(position)  # the pairs of self.projections, in their order
        return [
            Ladder(self.search.rules, position, pair, projection, self.spawn, plan.rung_nodes, plan.ladder_from)
            for pair, projection in zip(pairs, self.projections, strict=True)
        ]

    def _triple_ladders(self) -> list[Ladder]:
        """A :class:`.ladders.Ladder` for each three suits, where all four suits are in the fans."""
        search = self.search
        start = Board(search.board.tables, search.start, search.plan.prune_moves)
        if not projections.triple_projections(start) or not prefixes_apply(start.tables):
            return []
        position = start.position()
        nodes, shortest = search.plan.triple_nodes, search.plan.ladder_from
        return [Ladder(search.rules, position, triple, None, self.spawn, nodes, shortest, nodes) for triple in TRIPLES]

    def _start_cases(self) -> Steps | None:
        """The order proof on the start, splitting cases, in steps; None where it is not for the start."""
        search = self.search
        start = Board(search.board.tables, search.start, search.plan.prune_moves)
        start.settle()
        if not search.plan.makes("order") or not hosts.applies(start) or not start.settled:
            return None
        return hosts.lost_here_in_steps(start, search.plan.start_cases)

    def _cases_lost(self, steps: Steps) -> bool:
        """Take ``case_steps`` more steps of the start's order proof; whether it has proved the start lost."""
        for _ in range(self.search.plan.case_steps):
            try:
                next(steps)
            except StopIteration as stop:
                self._cases = None
                return bool(stop.value)
        return False

    def _dives(self) -> Dives:
        """The dives of the start, on a board of their own, with the search's proofs."""
        search = self.search
        plan = search.plan
        board = Board(search.board.tables, search.start, plan.prune_moves, search.board.forced_autoplay)
        board.settle()
        return Dives(board, Cuts(board, plan.proofs, late=True), search.lost, plan.dive_length, plan.dive_noise)
