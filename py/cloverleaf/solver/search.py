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
- ``strand``: one complete best-first search; a :class:`Search` runs a few,
  weighing the moves already made differently, in turns of ``QUANTUM`` nodes.

The life of a search (as in Black Hole Solver): make a :class:`Search`, call
:meth:`Search.run` with a node budget as often as you like, read
:attr:`Search.verdict`. Running in slices gives the same verdict and the same
moves as one uninterrupted run, because the search keeps its whole state
between slices and stops only between two nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any

from ..engine import is_won, play
from ..position import FOUNDATION, REDEAL, Move, Position
from ..rules import Rules
from .board import REDEAL_STEP, Board, Step, Tables

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
UNKNOWN = "unknown"

_TABLES: dict[str, Tables] = {}
# The strands of each game's search: for each, (depth weight, buried weight).
# The depth weight is eighths of a cost unit added per move from the start: 0 is
# greedy; more gives breadth, so a misleading line is left sooner (and
# solutions come out shorter). The buried weight multiplies :meth:`Board.buried`
# in the cost (settled in-suit positions): more digs for the cards the
# foundations need next. Measured on deals 1-300 and the hardest of 1-1000.
STRANDS: dict[str, tuple[tuple[int, int], ...]] = {
    "clover-leaf": ((0, 2), (24, 8)),
    "clover-leaf-warfield": ((0, 2), (24, 16)),
    "alexander-the-great": ((0, 16),),
    "shamrocks": ((0, 2), (8, 2), (16, 2), (24, 2)),
    "shamrocks-ii": ((0, 2), (8, 2), (16, 2), (24, 2)),
    "trefoil": ((0, 2),),
    "la-belle-lucie": ((0, 2),),
    "fan": ((0, 2),),
}
QUANTUM = 256  # nodes a strand runs before the next one takes its turn
PROJECTIONS_AFTER = 20_000  # nodes searched before the projection strands join (see Search)


def tables_for(rules: Rules) -> Tables:
    """The per-card tables of a game, computed once per process."""
    tables = _TABLES.get(rules.id)
    if tables is None or tables.rules != rules:
        tables = Tables(rules)
        _TABLES[rules.id] = tables
    return tables


@dataclass(frozen=True)
class SolveResult:
    """A verdict, the solution's moves in move notation (empty unless solved), nodes used."""

    verdict: str
    moves: tuple[str, ...] = ()
    nodes: int = 0
    path: tuple[Move, ...] = field(default=(), repr=False, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """``{"verdict": "solved" | "unsolvable" | "unknown", "moves": [...], "nodes": N}``."""
        return {"verdict": self.verdict, "moves": list(self.moves), "nodes": self.nodes}


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
    by :meth:`Board.schedule`'s cost, so the search follows the most promising
    line first and backs out of a bad one without exhausting it; it still
    expands every reachable position before it says ``unsolvable``.

    ``known_lost``: keys of positions already proved lost by an earlier,
    finished ``unsolvable`` search of the same game (the hint walks back
    through a game's history this way); they are not searched again.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        known_lost: set[bytes] | None = None,
        depth_weight: int = 0,
        buried_weight: int = 2,
        forced_autoplay: bool = False,
    ) -> None:
        self.rules = rules
        self.start = position
        self.board = Board(tables_for(rules), position, forced_autoplay)
        self.lost: set[bytes] = known_lost if known_lost is not None else set()
        self.parents: dict[bytes, tuple[bytes | None, int]] = {}
        self.nodes = 0
        self.verdict = UNKNOWN
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
        return self.verdict != UNKNOWN

    @property
    def positions(self) -> int:
        """How many distinct positions the search has stored."""
        return len(self.parents)

    def result(self) -> SolveResult:
        return SolveResult(self.verdict, tuple(str(m) for m in self.solution), self.nodes, self.solution)

    def run(self, nodes: int) -> str:
        """Search at most ``nodes`` more nodes; return the verdict so far (``unknown`` = not done)."""
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
        if board.autoplays:
            board.autoplay(None)
        key = board.key()
        self.parents[key] = (None, 0)
        if board.won():
            self._solved(key)
            return
        cost = self._cost()
        if key in self.lost or cost < 0 or board.any_suit_lost():
            self.verdict = UNSOLVABLE
            return
        self._push(cost, key)

    def _cost(self) -> int:
        return self.board.cost(self.buried_weight)

    def _push(self, cost: int, key: bytes, depth: int = 0) -> None:
        self._count += 1
        priority = cost + (self.depth_weight * depth >> 3)
        heappush(self._queue, (priority, -self._count, key, self.board.state(), depth))

    def _loop(self, limit: int) -> str:
        board = self.board
        parents = self.parents
        lost = self.lost
        queue = self._queue
        in_suit = board.tables.in_suit
        returns = board.tables.returns
        forced = board.forced_autoplay
        while True:
            if self._next >= len(self._moves):
                if not queue:
                    self.verdict = UNSOLVABLE
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
            saved = board.do(step)
            settled = board.settled
            auto: list[Step] = []
            if in_suit and (settled or forced):
                auto = board.autoplay(None if step[2] == REDEAL_STEP else [step[1]])
            key = board.key()
            if key in parents or key in lost:
                if auto:
                    board.unplay(auto)
                board.undo(step, saved)
                continue
            parents[key] = (self._current, _pack(step))
            if board.won():
                self._solved(key)
                return self.verdict
            cost = -1 if settled and self._lost_after(step, in_suit, returns) else self._cost()
            if cost >= 0:
                self._push(cost, key, self._depth + 1)
            if auto:
                board.unplay(auto)
            board.undo(step, saved)

    def _lost_after(self, step: Step, in_suit: bool, returns: bool) -> bool:
        """The quick proofs that the settled position just reached by ``step`` is lost.

        :meth:`Board.dead_after` for the card moved; the one-suit projection
        (:meth:`Board.suit_lost`) of the card's suit, the only projection a
        move onto a fan changes (foundation moves played after it change none
        of the verdicts: they are moves of the one-suit game that
        :func:`.suits._settle` plays too); after a redeal, every suit's.
        """
        board = self.board
        dest = step[2]
        if dest >= 0:
            if not returns and board.dead_after(step[0]):
                return True
            return in_suit and board.suit_lost(step[0] // 13)
        return dest == REDEAL_STEP and in_suit and board.any_suit_lost()

    def _solved(self, key: bytes) -> None:
        steps: list[Step] = []
        at: bytes | None = key
        while at is not None:
            parent, packed = self.parents[at]
            if parent is not None:
                steps.append(_unpack(packed))
            at = parent
        steps.reverse()
        board = Board(self.board.tables, self.start, self.board.forced_autoplay)
        moves: list[Move] = []
        if board.autoplays:
            moves.extend(_to_move(s) for s in board.autoplay(None))
        for step in steps:
            moves.append(_to_move(step))
            board.do(step)
            if board.autoplays:
                auto = board.autoplay(None if step[2] == REDEAL_STEP else [step[1]])
                moves.extend(_to_move(s) for s in auto)
        if not check_solution(self.rules, self.start, moves):
            raise AssertionError(
                f"solver bug: the solution found for {self.rules.id} does not replay: "
                + " ".join(str(m) for m in moves)
            )
        self.solution = tuple(moves)
        self.verdict = SOLVED


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
    :func:`pair_projections`). A projection strand that proves its position
    lost proves this one lost; one that wins it proves nothing and leaves the
    turns. A projection strand's turn is as long as the main strands' turns
    together, so a hard pair (a lost one needs an exhaustive search) gets half
    the nodes.

    ``known_lost``: keys of positions already proved lost by an earlier,
    finished ``unsolvable`` search of the same game (the hint walks back
    through a game's history this way); they are not searched again.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        known_lost: set[bytes] | None = None,
        forced_autoplay: bool = False,
    ) -> None:
        self.rules = rules
        self.start = position
        lost = set(known_lost) if known_lost else set()
        self.strands = [
            Strand(rules, position, lost, depth, buried, forced_autoplay)
            for depth, buried in STRANDS.get(rules.id, ((0, 2),))
        ]
        self.projections: list[Strand] = []
        self.nodes = 0
        self.verdict = UNKNOWN
        self.solution: tuple[Move, ...] = ()
        self._turns: list[Strand] = list(self.strands)
        self._projected = False
        self._turn = 0
        self._left = QUANTUM

    @property
    def done(self) -> bool:
        return self.verdict != UNKNOWN

    @property
    def positions(self) -> int:
        """How many distinct positions the strands have stored (projection strands included)."""
        return sum(strand.positions for strand in self.strands + self.projections)

    @property
    def parents(self) -> set[bytes]:
        """Every position key the main strands reached (all lost, once the verdict is ``unsolvable``)."""
        keys: set[bytes] = set()
        for strand in self.strands:
            keys |= strand.parents.keys()
        return keys

    def result(self) -> SolveResult:
        return SolveResult(self.verdict, tuple(str(m) for m in self.solution), self.nodes, self.solution)

    def run(self, nodes: int) -> str:
        """Search at most ``nodes`` more nodes; return the verdict so far (``unknown`` = not done)."""
        turns = self._turns
        while not self.done and nodes > 0:
            strand = turns[self._turn]
            before = strand.nodes
            verdict = strand.run(min(nodes, self._left))
            used = strand.nodes - before
            self.nodes += used
            nodes -= used
            self._left -= used
            if verdict != UNKNOWN:
                if verdict == UNSOLVABLE or strand in self.strands:
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
                    self.projections = [
                        Strand(self.rules, projected) for projected in pair_projections(self.rules, self.start)
                    ]
                    turns.extend(self.projections)
        return self.verdict

    def _quantum(self, strand: Strand) -> int:
        """A main strand's turn is ``QUANTUM`` nodes; a projection strand's as long as all main strands' together."""
        return QUANTUM if strand in self.strands else QUANTUM * len(self.strands)


def pair_projections(rules: Rules, position: Position) -> list[Position]:
    """The position seen through each pair of suits, where that proves anything.

    The projection on a set of suits keeps, in every fan, only the cards of
    those suits (in their order), and puts the other suits on their
    foundations. It is lost whenever the position is (the argument of
    :mod:`.suits`, which holds for any set of suits: a winning sequence,
    without the moves of the other suits, is a winning sequence of the
    projection), so a search that proves a projection lost proves the
    position lost. Only for games that build in suit and settled positions
    (no redeal left), as there; pairs in which a suit has no card left in the
    fans are left out (their one-suit projections already say everything).
    """
    if tables_for(rules).suits is None or position.redeals_left:
        return []
    present = {card // 13 for fan in position.fans for card in fan}
    projected: list[Position] = []
    for first in range(4):
        for second in range(first + 1, 4):
            if first in present and second in present:
                kept = (first, second)
                found = [count if suit in kept else 13 for suit, count in enumerate(position.foundations)]
                projected.append(Position(
                    tuple(tuple(card for card in fan if card // 13 in kept) for fan in position.fans),
                    (found[0], found[1], found[2], found[3]),
                    0,
                    position.deal,
                ))
    return projected


def solve(rules: Rules, position: Position, budget: int) -> SolveResult:
    """Search ``position`` for at most ``budget`` nodes.

    >>> from cloverleaf.games import CLOVER_LEAF
    >>> from cloverleaf.deals import deal
    >>> result = solve(CLOVER_LEAF, deal(CLOVER_LEAF, 1), 100_000)
    >>> result.verdict in ("solved", "unsolvable", "unknown")
    True
    """
    search = Search(rules, position)
    search.run(budget)
    return search.result()


__all__ = [
    "FOUNDATION", "SOLVED", "UNKNOWN", "UNSOLVABLE", "Search", "SolveResult", "Strand", "check_solution", "solve",
]
