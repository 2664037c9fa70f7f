"""The inner projections of the positions a long search expands: a search's checks that look through small searches.

A position whose projection on some suits is lost is lost (:mod:`.suits`).
Deep in a hard search most positions are lost that way while every pair and
three of the start can be won; their projections are small and recur, so
each is searched once, within a few hundred nodes, and its verdict kept.
The search says when they are looked at (:mod:`.plan`); docs/solver.md has
what they cost and cut.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from . import projections
from .board import Board
from .plan import Plan
from .prefixes import PrefixKeys
from .suits import PAIRS
from .turn import Spawn, SubSearch, Verdict


class Helpers(Protocol):
    """What the inner checks read of a search's helpers (:class:`.helpers.Helpers`)."""

    projected: bool
    ladders_on: bool

    @property
    def projections(self) -> Sequence[SubSearch]: ...


class Host(Protocol):
    """What the inner checks read of the search they serve (:class:`.search.Search`)."""

    plan: Plan
    board: Board
    turn_began: int
    own_nodes: int

    @property
    def helpers(self) -> Helpers: ...


class InnerProjections:
    """The inner projections of one kind (on pairs of suits, or on three) that a search looks at: what they learnt.

    ``verdicts``: projection key -> proved lost, for every projection
    searched. ``lost`` and ``won``: every position their searches proved lost
    (reached from a lost one) and every one on the way to a win they found,
    shared by the later searches of the same kind (see :class:`.search.Search`).
    ``checked`` and ``cut``: the positions looked at, and those found lost.
    ``nodes``: the most one search of a projection may take; ``searched``: the
    nodes they took in all. With ``recent_first``, the suits of the last
    projection that cut a position are searched first: deep in a hard search
    the positions are mostly lost for a reason among the same three suits.
    """

    def __init__(self, spawn: Spawn, nodes: int, trial: int, recent_first: bool = False) -> None:
        self.spawn = spawn  # makes its searches
        self.nodes = nodes
        self.trial = trial
        self.recent_first = recent_first
        self.verdicts: dict[bytes, bool] = {}
        self.lost: set[bytes] = set()
        self.won: set[bytes] = set()
        self.checked = 0
        self.cut = 0
        self.searched = 0
        self._recent: tuple[int, ...] | None = None

    @property
    def paying(self) -> bool:
        """Whether they are worth looking at still: at least one position in two cut, after ``trial``."""
        return self.checked < self.trial or 2 * self.cut >= self.checked

    def lost_here(self, board: Board, keys: Sequence[tuple[tuple[int, ...], bytes]]) -> bool:
        """Whether a projection of the board's position, with these ``keys``, is proved lost.

        A verdict known already comes first, with no new search. The others
        are searched in one fixed order (that of the suits, or the suits that
        cut last first): what a search learns depends on the searches before it.
        """
        verdicts = self.verdicts
        self.checked += 1
        if any(verdicts.get(key) for _kept, key in keys):
            self.cut += 1
            return True
        order = sorted(keys)
        if self.recent_first:
            order.sort(key=lambda kept_key: kept_key[0] != self._recent)
        for kept, key in order:
            if key in verdicts:  # known, and not lost
                continue
            search = self.spawn(projections.projection(board, kept), self.lost, self.won)
            verdict = search.run(self.nodes)
            self.searched += search.nodes
            lost = verdicts[key] = verdict is Verdict.LOST
            if lost:
                self.lost.update(search.table)
                self.cut += 1
                self._recent = kept
                return True
            if verdict is Verdict.SOLVED:
                self.won.update(search.winning_path())
        return False


class InnerChecks:
    """A search's checks that look through small searches, in the registry's order: inner pairs, prefixes, threes.

    ``search``: the search they serve, read for its board (the position about
    to be expanded), its plan, its nodes and what its helpers have done;
    ``spawn`` makes their searches. ``nodes``: the nodes of all their
    searches, which count in the search's budget. :meth:`enabled`: the checks
    the plan makes and the game's profile asks for, to be tried in turn on
    each position about to be expanded.
    """

    def __init__(self, search: Host, spawn: Spawn) -> None:
        plan = search.plan
        self.search = search
        self.spawn = spawn
        self.pairs = InnerProjections(spawn, plan.inner_pair_nodes, plan.inner_trial)
        self.triples = InnerProjections(spawn, plan.inner_triple_nodes, plan.inner_trial, recent_first=True)
        self.nodes = 0
        self.prefix_cut = 0  # positions cut by a prefix projection
        self._prefix_keys = [PrefixKeys(search.board.tables, length) for length in plan.prefix_lengths] if (
            plan.helpers
        ) else []
        self._prefixes_lost: dict[bytes, bool] = {}  # prefix projection key -> proved lost

    def enabled(self) -> list[Callable[[], bool]]:
        """The checks of the search's plan that apply to its game (:data:`.proofs.PROOFS`), in the registry's order."""
        search = self.search
        if not search.plan.helpers:  # they look only once projections or ladders have joined
            return []
        checks = {"inner_pairs": self.pair_lost, "prefixes": self.prefix_lost, "inner_triples": self.triple_lost}
        return [checks[proof.name] for proof in search.plan.proofs if proof.searched and proof.applies(search.board)]

    def prefix_lost(self) -> bool:
        """Whether a prefix projection of the board's position on a pair is proved lost.

        Only once the search's ladders have joined, and while the first
        ``prefix_trial`` prefixes searched have cut anything.
        """
        search = self.search
        verdicts = self._prefixes_lost
        if not search.helpers.ladders_on or (len(verdicts) >= search.plan.prefix_trial and not self.prefix_cut):
            return False
        board = search.board
        fans, found = board.fans, board.found
        present = projections.suits_present(board)
        for keys in self._prefix_keys:
            for pair in PAIRS:
                if pair[0] not in present or pair[1] not in present:
                    continue
                key = keys.key(fans, found, pair)
                lost = verdicts.get(key)
                if lost is None:
                    prefix = self.spawn(PrefixKeys.position(key))
                    lost = verdicts[key] = prefix.run(search.plan.prefix_nodes) is Verdict.LOST
                    self.nodes += prefix.nodes
                if lost:
                    self.prefix_cut += 1
                    return True
        return False

    def _ready(self) -> bool:
        """Whether the inner projections are looked at: every pair of the start won, within their share of nodes."""
        search = self.search
        plan = search.plan
        ratio = plan.inner_projections
        helpers = search.helpers
        if not ratio or not helpers.projected or self.nodes > ratio * search.own_nodes:
            return False
        if search.turn_began < plan.inner_projections_after:
            return False
        return bool(helpers.projections) and all(projection.done for projection in helpers.projections)

    def pair_lost(self) -> bool:
        """Whether a pair projection of the board's position is proved lost."""
        pairs = self.pairs
        if not pairs.paying or not self._ready():
            return False
        return self._looked_at(pairs, projections.pair_keys(self.search.board))

    def triple_lost(self) -> bool:
        """Whether a projection on three suits of the board's position is proved lost.

        Only past ``triples_after`` nodes (or the profile's later
        ``inner_triples_after``), and with ``inner_triples_up`` cards up.
        """
        search = self.search
        triples = self.triples
        plan = search.plan
        up = plan.inner_triples_up
        if not up or search.turn_began < max(plan.triples_after, plan.inner_triples_after):
            return False
        if not triples.paying or not self._ready():
            return False
        board = search.board
        if sum(board.found) < up:
            return False
        keys = projections.triple_keys(board)
        if not keys:
            return False
        return self._looked_at(triples, keys)

    def _looked_at(self, inner: InnerProjections, keys: Sequence[tuple[tuple[int, ...], bytes]]) -> bool:
        """:meth:`InnerProjections.lost_here` for the board's position, its searches' nodes counted in :attr:`nodes`."""
        searched = inner.searched
        lost = inner.lost_here(self.search.board, keys)
        self.nodes += inner.searched - searched
        return lost
