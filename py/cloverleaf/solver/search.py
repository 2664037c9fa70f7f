"""The search loop: best-first over positions, resumable in slices, with three verdicts; it knows no card.

As Norvig's best-first search, it knows its problem only through a few named
functions: the board's key, state, advance and retreat, the moves worth
searching (:mod:`.moves`), a position's cost (:mod:`.costs`), the proofs of
loss of its plan (:mod:`.proofs`, composed once), and the helpers that join
long searches (:mod:`.helpers`, :mod:`.inner`). Names:

- ``node``: one position produced by one move (the starting position is node 1).
  Budgets count nodes, never seconds, so a search gives the same answer on
  every machine and in every browser.
- ``key``: a position's canonical bytes; a position is stored and expanded at
  most once, so the search ends and, when it ends without a win, it has
  covered every position reachable from the start (up to the moves' rules and
  the proofs, each of which keeps every win): a proof that the start is lost.
- ``table``: key -> (key of the position it came from, the step as the board
  records it). The table is the solution (as in Freecell Solver): a win is
  read back from it and replayed (:mod:`.solution`).
- ``strand``: one order in which to expand the positions found (:mod:`.strands`),
  over the one shared table; strands and helpers take turns (:mod:`.turn`).
- ``verdict``: ``SOLVED`` (with a ``solution``, a tuple of engine moves),
  ``LOST`` (a proof) or ``UNKNOWN`` (out of budget).

The life of a search (as in Black Hole Solver): make a :class:`Search`, call
:meth:`Search.run` with a node budget as often as you like, read
:attr:`Search.verdict`. Running in slices gives the same verdict and the same
moves as one uninterrupted run, because the search keeps its whole state
between slices and stops only between two nodes.
"""

from __future__ import annotations

from heapq import heappop, heappush

from ..position import Move, Position
from ..rules import Rules
from . import moves as search_moves
from .board import AUTOPLAYED, Board, Step
from .costs import cost
from .dives import Dives
from .helpers import Helpers
from .inner import InnerChecks
from .plan import Plan
from .proofs import Cuts
from .solution import SolveResult, check_solution, replayed
from .steps import unpack
from .strands import Strand
from .tables import tables_for
from .turn import UNBOUNDED, Turn, Verdict


class Search:
    """A resumable best-first search of one position: a few strands over one table.

    Each position reached is stored once, under its key, with the key of the
    position it came from and the move between them. Every position found is
    queued in every strand, each ordering it by its own depth weight; a strand
    takes the best position of its queue that no strand has expanded yet, and
    expands it, unless a proof of loss of the plan cuts it. When no strand has
    anything left to expand, every position reachable from the start has been
    expanded (up to the moves' rules and the proofs, which keep every win):
    the start is lost. Turns are counted in nodes, so slices of any size give
    the same answer as one run. The other turn-takers join as the plan says
    (:mod:`.plan`): the projection searches and their ladders, the ladders of
    three suits, the dives, and the order proof's case split between turns; a
    lost projection or ladder proves the start lost, a dive's win is the
    start's. docs/solver.md says why each joins when it does, and what else
    was tried.

    A slice is also bounded in :attr:`work`: the nodes plus the positions
    expanded without a move played (cut on expansion), which cost no node but
    about a node's time. A call stops on its work only between two
    expansions and within the strand's turn, so the next call goes on with
    the same turn: the same steps again, the same verdict at the same node.
    The inner searches' nodes count in the budget like any others, and a
    slice ends between two nodes of the search's own, or after a position
    that its inner searches cut once they have used the slice up.

    ``known_lost``: keys proved lost by an earlier, finished ``LOST`` search of
    the same game (a hint walking back through the history); read, never
    copied nor changed, so that searches may share one that grows between them.
    ``known_won``: keys known to be winnable; finding one ends the search
    ``SOLVED``, only with ``replay=False`` (no solution to read back; a wrong
    win could only leave a position unproved). ``replay=False``: a win sets the
    verdict only, for the projection searches, whose moves nobody reads.
    ``plan``: see :meth:`.plan.Plan.for_search`. ``forced_autoplay``: the game
    as the page plays it with auto move on (:attr:`.board.Board.autoplays`).
    ``proved_by``, once ``LOST``: what proved it (:meth:`.helpers.Helpers.proof_of`), for :mod:`.why`.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        known_lost: set[bytes] | None = None,
        prune: bool = True,
        strands: tuple[int, ...] | None = None,
        project: bool = True,
        forced_autoplay: bool = False,
        replay: bool = True,
        known_won: set[bytes] | None = None,
        plan: Plan | None = None,
    ) -> None:
        if known_won is not None and replay:
            raise ValueError("known_won needs replay=False: a win through one has no solution to read back")
        self.rules = rules
        self.start = position
        self.plan = plan = Plan.for_search(rules.solver, plan, prune, strands, project)
        self._inner_plan = plan.of_searches_made()  # the plan of the searches it makes
        self.prune = prune = plan.prune_moves
        self.replay = replay
        self.board = Board(tables_for(rules), position, prune, forced_autoplay)
        self.cuts = Cuts(self.board, plan.proofs)  # the proofs of loss it makes (see .proofs)
        self.lost: set[bytes] = known_lost if known_lost is not None else set()
        self.won: set[bytes] = known_won if known_won is not None else set()
        self.won_at: bytes | None = None  # the key of the winnable position that ended a search without replay
        self.table: dict[bytes, tuple[bytes | None, int]] = {}
        self.expanded: set[bytes] = set()
        self.strands = [Strand(depth_weight, self._expand) for depth_weight in plan.strands]
        self._queues = [(strand.queue, strand.depth_weight) for strand in self.strands]  # read by _push, once a node
        self.nodes = 0
        self.work = 0  # nodes plus the positions cut on expansion: what a slice's time follows (see run)
        self.verdict = Verdict.UNKNOWN
        self.proved_by: tuple[object, ...] = ("search",)  # what proved the start lost, once LOST (.why reads it)
        self.solution: tuple[Move, ...] = ()
        self.turns: list[Turn] = list(self.strands)  # the turn-takers: strands, then helpers as they join
        self.turn = 0  # whose turn it is
        self.left = plan.quantum  # the nodes left in that turn
        # the nodes searched when that turn began: the count the inner checks' thresholds read, so that a
        # turn split over several calls (slices) reads as one turn run whole (see run)
        self.turn_began = 0
        self.own_nodes = 0  # the nodes but those of the inner checks' searches
        self.helpers = Helpers(self, self._spawn, replay)
        self.inner = InnerChecks(self, self._spawn)
        self._inner_checks = self.inner.enabled()  # tried in turn on each position not cut by self.cuts
        self._loaded: Strand | None = None  # the strand whose position the board holds
        self._count = 0
        self._started = False

    @property
    def done(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    @property
    def parents(self) -> set[bytes]:
        """Every position key the search reached (all lost, once the verdict is ``LOST``)."""
        return set(self.table)

    def result(self) -> SolveResult:
        return SolveResult(self.verdict, self.solution, self.nodes)

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Search at most ``nodes`` more nodes, and at most ``work`` of :attr:`work`; the verdict so far.

        ``UNKNOWN`` means not done. ``work`` bounds a slice's time, not the
        search: a call that stops on it leaves the search where a longer call
        would have gone on from, so it only ends the call sooner (see the
        class's docstring). None: no bound but ``nodes``.
        """
        if work is None:
            work = UNBOUNDED
        if not self._started and nodes > 0 and not self.done:
            self._started = True
            self.nodes += 1
            self.own_nodes += 1
            self.work += 1
            nodes -= 1
            work -= 1
            self._root()
            self.turn_began = self.nodes
        turns = self.turns
        while not self.done and nodes > 0 and work > 0:
            runner = turns[self.turn]
            allowed, allowed_work = min(nodes, self.left), work
            before, before_work = runner.nodes, runner.work
            verdict = runner.run(allowed, work)
            used, spent = runner.nodes - before, runner.work - before_work
            self.nodes += used
            self.own_nodes = self.nodes - self.inner.nodes
            self.work += spent
            nodes -= used
            work -= spent
            self.left -= used
            if verdict is Verdict.SOLVED:
                if not self.done:  # a win found off the table (the dives'): replayed from its steps
                    assert runner.steps is not None
                    self._replay(runner.steps)
                break
            if verdict is Verdict.LOST:
                self.verdict, self.proved_by = verdict, self.helpers.proof_of(runner)
                break
            if runner.done:  # it leaves the turns
                del turns[self.turn]
                if not turns:  # the dives, searching alone, went through every position they reach
                    self.helpers.bring_back()
                self.turn %= len(turns)
                self.left = self.quantum(turns[self.turn])
                self.turn_began = self.nodes
                continue
            if used < allowed and spent < allowed_work:  # short of both, not done: nothing to do for now
                self.left = 0
            if self.left <= 0:
                self.turn = (self.turn + 1) % len(turns)
                self.left = self.quantum(turns[self.turn])
                self.turn_began = self.nodes
                if self.helpers.between_turns():
                    self.verdict, self.proved_by = Verdict.LOST, ("order", self.plan.start_cases)
                    break
        return self.verdict

    def quantum(self, runner: Turn) -> int:
        """A strand's turn is ``quantum`` nodes; a projection's ``projection_share`` times all strands' together.

        The dives' turn is the plan's ``dive_share`` of all strands' together.
        """
        plan = self.plan
        if isinstance(runner, Strand):
            return plan.quantum
        if isinstance(runner, Dives):
            return max(1, int(plan.dive_share * plan.quantum * len(self.strands)))
        return plan.projection_share * plan.quantum * len(self.strands)

    def _root(self) -> None:
        board = self.board
        board.settle()
        key = board.key()
        self.table[key] = (None, 0)
        if board.won() or key in self.won:
            self._solved(key)
            return
        if key in self.lost or self.cuts.lost_at_start():
            self.verdict, self.proved_by = Verdict.LOST, (("known",) if key in self.lost else ("start",))
            return
        self._push(cost(board), key, 0)

    def _push(self, cost: int, key: bytes, depth: int) -> None:
        self._count += 1
        order = -self._count
        state = self.board.state()
        for queue, depth_weight in self._queues:
            heappush(queue, (cost + (depth_weight * depth >> 3), order, key, state, depth))

    def _expand(self, strand: Strand, limit: int, work: int) -> tuple[int, int, Verdict]:
        """Let ``strand`` search at most ``limit`` nodes: the nodes it used, the positions cut, the verdict.

        It also stops between two positions it expands once the nodes it
        used and the positions it expanded without playing a move (cut as lost,
        or with no move left) reach ``work``. Those cost no node, but about as
        much time as one; at the end of a lost search the queues are drained of
        tens of thousands of them. It stops there only with ``limit`` not
        reached, so that the strand's turn goes on at the next call as it
        would have gone on in this one: the search takes the same steps.

        The loop runs once a node, so what it reads often lives in locals: the
        board's methods, and the strand's expansion under way (``moves``, the
        next one ``at``, ``parent``, ``depth``), written back to the strand
        whenever the loop leaves.
        """
        board = self.board
        table = self.table
        lost = self.lost
        winnable = self.won
        expanded = self.expanded
        queue = strand.queue
        advance, retreat, key_of, record_of = board.advance, board.retreat, board.key, board.record
        lost_after, lost_on_expansion = self.cuts.lost_after, self.cuts.lost_on_expansion
        won, push, cost_of = board.won, self._push, cost
        moves_after = search_moves.after
        inner, inner_checks = self.inner, self._inner_checks
        moves, at, parent, depth = strand.moves, strand.next, strand.current, strand.depth + 1
        if at < len(moves) and self._loaded is not strand:  # another strand used the board in between
            board.load(strand.state)
            self._loaded = strand
        used = 0
        cut = 0
        while True:
            if at >= len(moves):
                if used + cut >= work and used < limit:
                    # the call's work is done but not the turn: the next call goes on with this turn
                    strand.next = at
                    return self._ended(used, cut)
                while queue:
                    _priority, _order, key, state, depth = heappop(queue)
                    if key not in expanded:
                        break
                else:
                    strand.next = at
                    return self._ended(used, cut)
                expanded.add(key)
                strand.current, strand.state, strand.depth = key, state, depth
                parent, depth = key, depth + 1  # what the positions it leads to record
                board.load(state)
                self._loaded = strand
                inner_before = inner.nodes
                found_by = None
                found_from, packed = table[key]
                if self.prune and found_from is not None and not packed & AUTOPLAYED:
                    found_by = unpack(packed)  # the move that found it, for the proofs' kept checks
                proved = lost_on_expansion(found_by)
                if not proved:
                    for inner_lost in inner_checks:
                        if inner_lost():
                            proved = True
                            break
                moves = [] if proved else moves_after(board, found_from, packed)
                strand.moves = moves
                inner_used = inner.nodes - inner_before
                used += inner_used
                at = 0
                if not moves:
                    cut += 1
                    if inner_used and used >= limit:  # cut, and its inner searches used the turn up
                        strand.next = at
                        return self._ended(used, cut)
                continue
            if used >= limit:
                strand.next = at
                return self._ended(used, cut)
            step = moves[at]
            at += 1
            used += 1
            self.own_nodes += 1
            played = advance(step)
            key = key_of()
            if key in table or key in lost:
                retreat(played)
                continue
            table[key] = (parent, record_of(played))
            # won only once a card went up (the position expanded was not won: a search ends at a win)
            if (played.rose and won()) or key in winnable:
                strand.next = at
                self._solved(key)
                return self._ended(used, cut)
            if not lost_after(step):
                push(cost_of(board), key, depth)
            retreat(played)

    def _ended(self, used: int, cut: int) -> tuple[int, int, Verdict]:
        """What a strand's turn (:meth:`_expand`) answers: ``SOLVED`` on a win, ``LOST`` once every strand ran dry."""
        if self.done:
            return used, cut, self.verdict
        if all(strand.idle for strand in self.strands):
            return used, cut, Verdict.LOST
        return used, cut, Verdict.UNKNOWN

    def _spawn(
        self, position: Position, known_lost: set[bytes] | None = None, known_won: set[bytes] | None = None
    ) -> Search:
        """A search of ``position`` (a projection) with the plan of the searches this one makes; no replay."""
        return Search(self.rules, position, known_lost, replay=False, known_won=known_won, plan=self._inner_plan)

    def winning_path(self) -> list[bytes]:
        """The keys from the start to the winnable position that ended this ``SOLVED`` search, each winnable."""
        keys: list[bytes] = []
        at = self.won_at
        while at is not None:
            keys.append(at)
            at = self.table[at][0]
        return keys

    def _solved(self, key: bytes) -> None:
        if not self.replay:
            self.verdict = Verdict.SOLVED
            self.won_at = key
            return
        records: list[int] = []
        at: bytes | None = key
        while at is not None:
            parent, record = self.table[at]
            if parent is not None:
                records.append(record)
            at = parent
        self._replay([unpack(record) for record in reversed(records)])

    def _replay(self, steps: list[Step]) -> None:
        """End ``SOLVED`` with ``steps`` (from the start once settled) as the solution, checked by the engine."""
        board = Board(self.board.tables, self.start, self.prune, self.board.forced_autoplay)
        self.solution = replayed(self.rules, self.start, board, steps)
        self.verdict = Verdict.SOLVED


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


__all__ = ["Search", "SolveResult", "Verdict", "check_solution", "solve"]
