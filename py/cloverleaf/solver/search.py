"""Best-first search over positions, resumable in slices, with three verdicts.

Names (after Norvig: the search knows nothing of cards; :mod:`.board` does):

- ``node``: one position produced by one move (the starting position is node 1).
  Budgets count nodes, never seconds, so a search gives the same answer on
  every machine and in every browser.
- ``key``: a position's canonical bytes (:meth:`Board.key`); a position is
  stored and expanded at most once, so the search ends and, when it ends
  without a win, it has covered every position reachable from the start (up to
  the pruning of :mod:`.board`, each rule of which keeps every win): a proof
  that the start is lost.
- ``parents``: key -> (key of the position it came from, packed move). The
  table is the solution (as in Freecell Solver): a win is read back from it,
  replayed on a fresh board to recover the foundation moves played on the
  way, and checked through the engine's checked door before it is returned.
- ``cost``: :meth:`Board.cost`, lower first; -1 proves a position lost.
- ``strand``: one complete best-first search; a :class:`Search` runs a few
  (the game's ``SolverProfile.strands``), weighing the moves already made
  differently, in turns of ``QUANTUM`` nodes.
- ``verdict``: :class:`Verdict`: ``SOLVED`` (with a ``solution``, a tuple of
  engine moves), ``LOST`` (a proof) or ``UNKNOWN`` (out of budget).
- ``prune``: False turns off every pruning rule and proof of loss of
  :mod:`.board` (see there), leaving a plain exhaustive search.

The life of a search (as in Black Hole Solver): make a :class:`Search`, call
:meth:`Search.run` with a node budget as often as you like, read
:attr:`Search.verdict`. Running in slices gives the same verdict and the same
moves as one uninterrupted run, because the search keeps its whole state
between slices and stops only between two nodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from heapq import heappop, heappush
from typing import Any

from ..engine import is_won, play
from ..position import REDEAL, Move, Position
from ..rules import Rules
from .board import REDEAL_STEP, Board, Step, tables_for

QUANTUM = 256  # nodes a strand runs before the next one takes its turn
PROJECTIONS_AFTER = 20_000  # nodes searched before the projection strands join (see Search)


class Verdict(Enum):
    """What a search says about a position: won (with a solution), lost (a proof), or not known yet."""

    SOLVED = "solved"
    LOST = "lost"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class SolveResult:
    """A verdict, the solution (engine moves; empty unless solved) and the nodes used."""

    verdict: Verdict
    solution: tuple[Move, ...] = ()
    nodes: int = 0

    def as_dict(self) -> dict[str, Any]:
        """``{"verdict": "solved" | "lost" | "unknown", "solution": ["8H>F", ...], "nodes": N}``."""
        return {"verdict": self.verdict.value, "solution": [str(move) for move in self.solution], "nodes": self.nodes}


def _pack(step: Step) -> int:
    card, source, dest = step
    return (card & 63) | (source + 2) << 6 | (dest + 2) << 12


def _unpack(packed: int) -> Step:
    return packed & 63, (packed >> 6 & 63) - 2, (packed >> 12) - 2


def _to_move(step: Step) -> Move:
    card, _source, dest = step
    if dest == REDEAL_STEP:
        return REDEAL
    return Move(card, dest)


def check_solution(rules: Rules, position: Position, moves: list[Move] | tuple[Move, ...]) -> bool:
    """Whether ``moves`` win from ``position`` when replayed through the engine's checked door."""
    current = position
    for move in moves:
        current = play(rules, current, move)
    return is_won(current)


class Strand:
    """One resumable best-first search of one position (see :class:`Search`).

    Each position reached is stored once, under its key, with the key of the
    position it came from and the move between them (the table is the
    solution, as in Freecell Solver). Positions wait in a priority queue ordered
    by :meth:`Board.cost`, so the search follows the most promising line
    first and backs out of a bad one without exhausting it; it still expands
    every reachable position before it says ``lost``.

    ``known_lost``: keys of positions already proved lost by an earlier,
    finished ``lost`` search of the same game (the hint walks back through a
    game's history this way); they are not searched again.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        known_lost: set[bytes] | None = None,
        depth_weight: int = 0,
        buried_weight: int = 2,
        prune: bool = True,
    ) -> None:
        self.rules = rules
        self.start = position
        self.board = Board(tables_for(rules), position, prune)
        self.lost: set[bytes] = known_lost if known_lost is not None else set()
        self.parents: dict[bytes, tuple[bytes | None, int]] = {}
        self.nodes = 0
        self.verdict = Verdict.UNKNOWN
        self.solution: tuple[Move, ...] = ()
        self._queue: list[tuple[int, int, bytes, bytes, int]] = []
        self._depth = 0
        self.depth_weight = depth_weight
        self.buried_weight = buried_weight
        self._count = 0
        self._current: bytes | None = None
        self._moves: list[Step] = []
        self._next = 0
        self._started = False

    @property
    def done(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    @property
    def positions(self) -> int:
        """How many distinct positions the search has stored."""
        return len(self.parents)

    def result(self) -> SolveResult:
        return SolveResult(self.verdict, self.solution, self.nodes)

    def run(self, nodes: int) -> Verdict:
        """Search at most ``nodes`` more nodes; return the verdict so far (``UNKNOWN`` = not done)."""
        if self.done:
            return self.verdict
        limit = self.nodes + max(0, nodes)
        if not self._started:
            if self.nodes >= limit:
                return self.verdict
            self._started = True
            self._root()
            if self.done:
                return self.verdict
        return self._loop(limit)

    def _root(self) -> None:
        board = self.board
        self.nodes += 1
        board.settle()
        key = board.key()
        self.parents[key] = (None, 0)
        if board.won():
            self._solved(key)
            return
        cost = self._cost()
        if key in self.lost or cost < 0 or board.any_suit_lost():
            self.verdict = Verdict.LOST
            return
        self._push(cost, key)

    def _cost(self) -> int:
        return self.board.cost(self.buried_weight)

    def _push(self, cost: int, key: bytes, depth: int = 0) -> None:
        self._count += 1
        priority = cost + (self.depth_weight * depth >> 3)
        heappush(self._queue, (priority, -self._count, key, self.board.state(), depth))

    def _loop(self, limit: int) -> Verdict:
        board = self.board
        parents = self.parents
        lost = self.lost
        queue = self._queue
        while True:
            if self._next >= len(self._moves):
                if not queue:
                    self.verdict = Verdict.LOST
                    return self.verdict
                _cost, _order, current, state, self._depth = heappop(queue)
                self._current = current
                board.load(state)
                self._moves = board.moves()
                self._next = 0
                continue
            if self.nodes >= limit:
                return self.verdict
            step = self._moves[self._next]
            self._next += 1
            self.nodes += 1
            played = board.advance(step)
            key = board.key()
            if key in parents or key in lost:
                board.retreat(played)
                continue
            parents[key] = (self._current, _pack(step))
            if board.won():
                self._solved(key)
                return self.verdict
            cost = -1 if board.lost_after(step) else self._cost()
            if cost >= 0:
                self._push(cost, key, self._depth + 1)
            board.retreat(played)

    def _solved(self, key: bytes) -> None:
        steps: list[Step] = []
        at: bytes | None = key
        while at is not None:
            parent, packed = self.parents[at]
            if parent is not None:
                steps.append(_unpack(packed))
            at = parent
        steps.reverse()
        board = Board(self.board.tables, self.start, self.board.prune)
        moves = [_to_move(s) for s in board.settle()]
        for step in steps:
            played = board.advance(step)
            moves.append(_to_move(step))
            moves.extend(_to_move(s) for s in played.auto)
        if not check_solution(self.rules, self.start, moves):
            raise AssertionError(
                f"solver bug: the solution found for {self.rules.id} does not replay: "
                + " ".join(str(m) for m in moves)
            )
        self.solution = tuple(moves)
        self.verdict = Verdict.SOLVED


class Search:
    """A resumable search of one position: a few strands taking turns.

    Every strand is a complete best-first search (:class:`Strand`) with its own
    tables; they differ only in how much they weigh the moves already made and
    the cards buried. A greedy strand wins most deals fast but can sink its
    budget into one misleading line; a broader one climbs out of it. They take
    turns of ``QUANTUM`` nodes, in a fixed order, and the first to finish gives
    the verdict: a solution, or, having expanded every reachable position, the
    proof that there is none. Turns are counted in nodes, so slices of any size
    give the same answer as one run.

    Once the search has used ``PROJECTIONS_AFTER`` nodes without a verdict, a
    hard position, *projection strands* join the turns (games that build in
    suit, settled positions only): one per pair of suits, each a complete
    search of the position with only those two suits in its fans (see
    :meth:`Board.pair_projections`). A projection strand that proves its position
    lost proves this one lost; one that wins it proves nothing and leaves the
    turns. A projection strand's turn is as long as the main strands' turns
    together, so a hard pair (a lost one needs an exhaustive search) gets half
    the nodes.

    The strands are the game's (``rules.solver.strands``): for each, a depth
    weight and a buried weight. The depth weight is eighths of a cost unit
    added per move from the start: 0 is greedy; more gives breadth, so a
    misleading line is left sooner (and solutions come out shorter). The
    buried weight multiplies :meth:`Board.buried` in the cost (settled in-suit
    positions): more digs for the cards the foundations need next.

    ``known_lost``: keys of positions already proved lost by an earlier,
    finished ``lost`` search of the same game (the hint walks back through a
    game's history this way); they are not searched again.

    ``prune=False``: no pruning rule and no proof of loss (see :mod:`.board`),
    and so no projection strands: a plain exhaustive search, to check the
    verdicts of the pruned one on positions small enough to exhaust.
    """

    def __init__(
        self, rules: Rules, position: Position, known_lost: set[bytes] | None = None, prune: bool = True
    ) -> None:
        self.rules = rules
        self.start = position
        self.prune = prune
        lost = set(known_lost) if known_lost else set()
        self.strands = [
            Strand(rules, position, lost, depth, buried, prune) for depth, buried in rules.solver.strands
        ]
        self.projections: list[Strand] = []
        self.nodes = 0
        self.verdict = Verdict.UNKNOWN
        self.solution: tuple[Move, ...] = ()
        self._turns: list[Strand] = list(self.strands)
        self._projected = False
        self._turn = 0
        self._left = QUANTUM

    @property
    def done(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    @property
    def positions(self) -> int:
        """How many distinct positions the strands have stored (projection strands included)."""
        return sum(strand.positions for strand in self.strands + self.projections)

    @property
    def parents(self) -> set[bytes]:
        """Every position key the main strands reached (all lost, once the verdict is ``LOST``)."""
        keys: set[bytes] = set()
        for strand in self.strands:
            keys |= strand.parents.keys()
        return keys

    def result(self) -> SolveResult:
        return SolveResult(self.verdict, self.solution, self.nodes)

    def run(self, nodes: int) -> Verdict:
        """Search at most ``nodes`` more nodes; return the verdict so far (``UNKNOWN`` = not done)."""
        turns = self._turns
        while not self.done and nodes > 0:
            strand = turns[self._turn]
            before = strand.nodes
            verdict = strand.run(min(nodes, self._left))
            used = strand.nodes - before
            self.nodes += used
            nodes -= used
            self._left -= used
            if verdict is not Verdict.UNKNOWN:
                if verdict is Verdict.LOST or strand in self.strands:
                    self.verdict = verdict
                    self.solution = strand.solution if strand in self.strands else ()
                    break
                # a projection strand won its two suits: no proof; the next strand takes the turn
                del turns[self._turn]
                self._turn %= len(turns)
                self._left = self._quantum(turns[self._turn])
            elif self._left <= 0:
                self._turn = (self._turn + 1) % len(turns)
                self._left = self._quantum(turns[self._turn])
                if not self._projected and self.nodes >= PROJECTIONS_AFTER:
                    self._projected = True
                    start = Board(tables_for(self.rules), self.start, self.prune)
                    self.projections = [Strand(self.rules, projected) for projected in start.pair_projections()]
                    turns.extend(self.projections)
        return self.verdict

    def _quantum(self, strand: Strand) -> int:
        """A main strand's turn is ``QUANTUM`` nodes; a projection strand's as long as all main strands' together."""
        return QUANTUM if strand in self.strands else QUANTUM * len(self.strands)


def solve(rules: Rules, position: Position, budget: int) -> SolveResult:
    """Search ``position`` for at most ``budget`` nodes.

    >>> from cloverleaf.games import CLOVER_LEAF
    >>> from cloverleaf.deals import deal
    >>> solve(CLOVER_LEAF, deal(CLOVER_LEAF, 3), 100_000).verdict
    <Verdict.SOLVED: 'solved'>
    """
    search = Search(rules, position)
    search.run(budget)
    return search.result()


__all__ = ["Search", "SolveResult", "Strand", "Verdict", "check_solution", "solve"]
