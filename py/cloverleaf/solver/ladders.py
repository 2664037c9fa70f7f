"""Ladders: a few suits' prefix projections, searched in turn, shortest first, as one turn-taker of a search."""

from __future__ import annotations

from ..position import Position
from ..rules import Rules
from .board import Step
from .prefixes import prefix_projection
from .tables import tables_for
from .turn import UNBOUNDED, Spawn, SubSearch, Verdict


class Ladder:
    """The prefix projections of a pair of suits, or of three (:mod:`.prefixes`), searched in turn, shortest first.

    For a pair, three climbs, one after the other: the next ``ladder_from``,
    then one more, ... cards of both suits; then of the second suit with the
    first kept whole; then of the first with the second whole. For three
    suits, one climb, all three growing, up to the whole of them (there is
    no search of the three whole beside it; see :class:`Search`), and at most
    ``limit`` nodes in all. A rung proved lost proves
    the position lost, the ladder's verdict. A won rung proves nothing, and the
    next one is searched (a longer prefix can only be lost where a shorter one
    is won). A climb ends at a rung that ``rung_nodes`` nodes (the plan's
    ``rung_nodes`` for a pair) do not decide, or, for a pair, when its prefixes would reach
    the whole pair, whose own projection search covers that; after the last,
    the ladder is done, with no verdict. It is
    done as well once the pair's own projection is won: a prefix projection
    keeps less of the position than the pair's, so every rung is won too (the
    argument of :mod:`.prefixes`, applied to the pair projection). The
    projections take their turns first, and most pairs are won in their
    first; most rungs are won in a few dozen nodes. It runs in slices like a
    :class:`.search.Search`.
    """

    steps: list[Step] | None = None  # a ladder never wins the start

    def __init__(
        self,
        rules: Rules,
        position: Position,
        suits: tuple[int, ...],
        projection: SubSearch | None,
        spawn: Spawn,
        rung_nodes: int,
        ladder_from: int,
        limit: int = UNBOUNDED,
    ) -> None:
        self.rules = rules
        self.spawn = spawn  # makes the rungs' searches
        self.ladder_from = ladder_from
        self.projection = projection  # the suits' own projection search, if any: once it is won, so is every rung
        self.tables = tables_for(rules)
        self.position = position
        self.suits = suits
        self.rung_nodes = rung_nodes
        self.limit = limit  # the most nodes all its rungs together may take
        self.nodes = 0
        self.work = 0
        self.verdict = Verdict.UNKNOWN
        self.done = False
        # which of the suits' prefixes grow, climb by climb
        self._climbs = [(True, True), (False, True), (True, False)] if len(suits) == 2 else [(True,) * len(suits)]
        self._length = ladder_from - 1
        self._rung: SubSearch | None = None
        self.kept: dict[int, int] = {}  # the prefix lengths of the rung under way, by suit (of a lost one at the end)
        self._next_rung()

    def _next_rung(self, climb_over: bool = False) -> None:
        """Start the search of the next rung: up the climb under way, or at the foot of the next; or be done."""
        if climb_over:
            del self._climbs[0]
            self._length = self.ladder_from
        else:
            self._length += 1
        left = [13 - self.position.foundations[suit] for suit in self.suits]
        whole = self.projection is None  # no search of the whole suits beside it: its last rung is theirs
        while self._climbs:
            grows = self._climbs[0]
            if any(grow and self._length < suit_left + whole for grow, suit_left in zip(grows, left, strict=True)):
                kept = {suit: self._length if grow else 13 for suit, grow in zip(self.suits, grows, strict=True)}
                projected = prefix_projection(self.tables, self.position, kept)
                self.kept = kept
                self._rung = self.spawn(projected)
                return
            del self._climbs[0]
            self._length = self.ladder_from
        self.done = True
        self._rung = None

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Search at most ``nodes`` more nodes (and ``work``, as :meth:`.search.Search.run`); the verdict so far."""
        if work is None:
            work = UNBOUNDED
        if self.projection is not None and self.projection.verdict is Verdict.SOLVED:
            self.done = True
        while not self.done and nodes > 0 and work > 0:
            rung = self._rung
            assert rung is not None
            before, before_work = rung.nodes, rung.work
            verdict = rung.run(min(nodes, self.rung_nodes - rung.nodes, self.limit - self.nodes), work)
            self.nodes += rung.nodes - before
            self.work += rung.work - before_work
            nodes -= rung.nodes - before
            work -= rung.work - before_work
            if verdict is Verdict.LOST:
                self.verdict = verdict
                self.done = True
            elif verdict is Verdict.SOLVED:
                self._next_rung()
            elif rung.nodes >= self.rung_nodes:
                self._next_rung(climb_over=True)
            if not self.done and self.nodes >= self.limit:
                self.done = True
        return self.verdict
