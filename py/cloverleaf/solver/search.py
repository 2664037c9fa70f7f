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
- ``table``: key -> (key of the position it came from, packed move, with
  ``AUTOPLAYED`` set where foundation moves followed it). The
  table is the solution (as in Freecell Solver): a win is read back from it,
  replayed on a fresh board to recover the foundation moves played on the
  way, and checked through the engine's checked door before it is returned.
- ``cost``: :meth:`Board.cost`, lower first; it only orders the search. The
  proofs of loss are :meth:`Board.lost_after` (for each position found) and
  :meth:`Board.lost_on_expansion` (for each position about to be expanded).
- ``strand``: one order in which to expand the positions found: a priority
  queue that weighs the cost and the moves already made in its own way.
  A :class:`Search` has a few (the game's ``SolverProfile.strands``) over one
  shared table; they take turns of ``QUANTUM`` nodes.
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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from heapq import heappop, heappush
from typing import Any

from ..engine import is_won, play
from ..position import REDEAL, Move, Position
from ..rules import Rules
from .board import ON_FOUNDATION, REDEAL_STEP, Board, Step, tables_for, waiting_in
from .dives import Dives
from .hosts import Steps
from .prefixes import PrefixKeys, prefix_projection
from .prefixes import applies as prefixes_apply
from .suits import PAIRS, TRIPLES, pairs_present

QUANTUM = 256  # nodes a strand runs before the next one takes its turn
PROJECTION_SHARE = 7  # a projection's turn, in turns of all the strands (see Search)
PROJECTIONS_AFTER = 20_000  # nodes searched before the projection searches join (see Search)
TRIPLES_AFTER = 100_000  # nodes searched before the ladders of three suits join (see Search)
INNER_PROJECTION_NODES = 200  # the most nodes the search of one inner projection may take (see Search)
INNER_TRIPLE_NODES = 1_000  # the same for a projection on three suits (see Search)
INNER_TRIAL = 50  # positions checked before inner projections must show they pay (see Search)
CASES_AFTER = 10_000  # nodes searched before the start's order proof splits cases (see Search)
PLACES_AFTER = 1_000  # nodes searched before the free places are counted on expansion (see Search)
START_CASES = 2  # how many levels deep it splits (see Board.order_lost)
CASE_STEPS = 4  # fixed points of that proof made between two turns (see Search)
LADDER_FROM = 2  # the shortest prefixes a ladder searches (see Ladder)
RUNG_NODES = 2_000  # the most nodes the search of one prefix projection may take (see Ladder)
TRIPLE_NODES = 20_000  # the most nodes a ladder of three suits may take, all its rungs together (see Search)
PREFIX_LENGTHS = (5,)  # the prefixes looked at in the positions a search expands (see Search)
PREFIX_NODES = 100  # the most nodes the search of one of them may take (see Search)
PREFIX_TRIAL = 100  # prefix projections searched before one must be lost for the looking to go on (see Search)
DIVES_AFTER = 20_000  # nodes searched before the dives join (see Search)
UNBOUNDED = 1 << 62  # a call's work when nothing but its nodes bounds it (see Search.run)


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


AUTOPLAYED = 1 << 18  # in a packed move: foundation moves were played after it (see Search._moves)


def _pack(step: Step) -> int:
    card, source, dest = step
    return (card & 63) | (source + 2) << 6 | (dest + 2) << 12


def _unpack(packed: int) -> Step:
    return packed & 63, (packed >> 6 & 63) - 2, (packed >> 12 & 63) - 2


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
    """One order of expansion over a search's shared table (see :class:`Search`).

    ``depth_weight`` is eighths of a cost unit added per move from the start
    (0 is greedy; more gives breadth, so a misleading line is left sooner and
    solutions come out shorter). Between turns a strand keeps the position it
    was expanding and how far it got.
    """

    def __init__(self, depth_weight: int) -> None:
        self.depth_weight = depth_weight
        self.queue: list[tuple[int, int, bytes, bytes, int]] = []
        self.current: bytes | None = None  # the key of the position being expanded
        self.state = b""  # its :meth:`Board.state`
        self.depth = 0  # its moves from the start
        self.moves: list[Step] = []  # its moves ...
        self.next = 0  # ... and the next one to play

    @property
    def idle(self) -> bool:
        """Nothing in the queue and no expansion under way."""
        return self.next >= len(self.moves) and not self.queue


class Ladder:
    """The prefix projections of a pair of suits, or of three (:mod:`.prefixes`), searched in turn, shortest first.

    For a pair, three climbs, one after the other: the next ``LADDER_FROM``,
    then one more, ... cards of both suits; then of the second suit with the
    first kept whole; then of the first with the second whole. For three
    suits, one climb, all three growing, up to the whole of them (there is
    no search of the three whole beside it; see :class:`Search`), and at most
    ``limit`` nodes in all. A rung proved lost proves
    the position lost, the ladder's verdict. A won rung proves nothing, and the
    next one is searched (a longer prefix can only be lost where a shorter one
    is won). A climb ends at a rung that ``rung_nodes`` nodes (``RUNG_NODES``
    for a pair) do not decide, or, for a pair, when its prefixes would reach
    the whole pair, whose own projection search covers that; after the last,
    the ladder is done, with no verdict. It is
    done as well once the pair's own projection is won: a prefix projection
    keeps less of the position than the pair's, so every rung is won too (the
    argument of :mod:`.prefixes`, applied to the pair projection). The
    projections take their turns first, and most pairs are won in their
    first; so on Clover Leaf deal 374, won, the ladders took 0 nodes instead
    of 8,297 (all six pairs won in 594 nodes). Most
    rungs are won in a few dozen nodes. The lost prefixes of the slowest
    Clover Leaf and Warfield deals were lost in a few, on the first climb;
    Fan deal 410 is lost only with the whole of one suit, the King that
    ends it included, and four cards of the other (705 nodes, where the whole
    pair took 57,481). It runs in slices like a :class:`Search`.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        suits: tuple[int, ...],
        projection: Search | None,
        rung_nodes: int = RUNG_NODES,
        limit: int = UNBOUNDED,
    ) -> None:
        self.rules = rules
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
        self._length = LADDER_FROM - 1
        self._rung: Search | None = None
        self._next_rung()

    def _next_rung(self, climb_over: bool = False) -> None:
        """Start the search of the next rung: up the climb under way, or at the foot of the next; or be done."""
        if climb_over:
            del self._climbs[0]
            self._length = LADDER_FROM
        else:
            self._length += 1
        left = [13 - self.position.foundations[suit] for suit in self.suits]
        whole = self.projection is None  # no search of the whole suits beside it: its last rung is theirs
        while self._climbs:
            grows = self._climbs[0]
            if any(grow and self._length < suit_left + whole for grow, suit_left in zip(grows, left, strict=True)):
                kept = {suit: self._length if grow else 13 for suit, grow in zip(self.suits, grows, strict=True)}
                projected = prefix_projection(self.tables, self.position, kept)
                self._rung = Search(self.rules, projected, strands=(0,), project=False, replay=False)
                return
            del self._climbs[0]
            self._length = LADDER_FROM
        self.done = True
        self._rung = None

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Search at most ``nodes`` more nodes (and ``work``, as :meth:`Search.run`); the verdict so far."""
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


class InnerProjections:
    """The inner projections of one kind (on pairs of suits, or on three) that a search looks at: what they learnt.

    ``verdicts``: projection key -> proved lost, for every projection
    searched. ``lost`` and ``won``: every position their searches proved lost
    (reached from a lost one) and every one on the way to a win they found,
    shared by the later searches of the same kind (see :class:`Search`).
    ``checked`` and ``cut``: the positions looked at, and those found lost.
    ``nodes``: the most one search of a projection may take; ``searched``: the
    nodes they took in all. With ``recent_first``, the suits of the last
    projection that cut a position are searched first: deep in a hard search
    the positions are mostly lost for a reason among the same three suits
    (Clover Leaf deal 6610: each of the 2,303 positions looked at is cut,
    751 by a new search, every one of them on clubs, hearts and diamonds,
    and the others by a verdict known already).
    """

    def __init__(self, nodes: int, recent_first: bool = False) -> None:
        self.nodes = nodes
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
        """Whether they are worth looking at still: at least one position in two cut, after ``INNER_TRIAL``."""
        return self.checked < INNER_TRIAL or 2 * self.cut >= self.checked

    def lost_here(self, rules: Rules, board: Board, keys: Sequence[tuple[tuple[int, ...], bytes]]) -> bool:
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
            search = Search(
                rules, board.projection(kept), self.lost, strands=(0,), project=False, replay=False,
                known_won=self.won,
            )
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


class Search:
    """A resumable best-first search of one position: a few strands over one table.

    Each position reached is stored once, under its key, with the key of the
    position it came from and the move between them. Every position found is
    queued in every strand, each ordering it by its own depth weight; a strand
    takes the best position of its queue that no strand has expanded yet,
    and expands it. A greedy strand wins most deals fast but can sink its
    turns into one misleading line; a broader one climbs out of it; as they
    share the table, neither repeats the other's work, and a position is
    expanded once however many strands there are. When no strand has anything
    left to expand, every position reachable from the start has been expanded
    (up to the pruning of :mod:`.board`, which keeps every win): the start is
    lost. Turns are counted in nodes, so slices of any size give the same
    answer as one run.

    Once the search has used ``PROJECTIONS_AFTER`` nodes without a verdict, a
    hard position, *projection searches* join the turns (games that build in
    suit, settled positions only): one per pair of suits, each a complete
    search of the position with only those two suits in its fans (see
    :meth:`Board.pair_projections`). A projection that is proved lost proves
    this position lost; one that is won proves nothing and leaves the turns. A
    projection's turn is ``PROJECTION_SHARE`` times as long as the strands'
    turns together, so a hard pair (a lost one needs an exhaustive search)
    gets seven eighths of the nodes: the won pairs mostly leave within a few
    hundred nodes, and the slowest deals of Clover Leaf and Warfield are lost
    by the one pair left, found after an exhaustive search of it that the
    strands only wait for (Clover Leaf deal 660: 150,000 of its nodes, while
    the strands took 170,000 more to no end). With half the nodes, as before:
    Clover Leaf 660 320,222 nodes, Warfield 71 272,134, 607 208,371, Fan's
    worst 2.78 s; with three quarters 220,382, 188,166, 145,907 and 2.01 s;
    with seven eighths 191,710, 164,614, 127,987 and 1.74 s (Fan 410, 97,923
    -> 87,171 nodes), no verdict changed on deals 1-1000 of Clover Leaf,
    Warfield, Alexander and Fan and medians as they were; the deals won while
    a pair was still searched took a little longer: Clover Leaf 531 150,003
    -> 151,184, Alexander 314 25,932 -> 31,052.

    Where the game's profile asks for it (``inner_projections``), once those
    projections are all won (and the search has used the profile's
    ``inner_projections_after`` nodes), the search also looks at the pair projections
    of each position it is about to expand: a projection proved lost within
    ``INNER_PROJECTION_NODES`` nodes proves that position lost, and it is not
    expanded. Deep in a hard search most positions are lost that way while
    every suit and pair of the start can be won. The verdicts are kept by
    projection key for the rest of the search, and a position's pairs with a
    verdict known are looked at before any new search is made: on Warfield
    deal 918 most cuts come from a known verdict (3,643 of 3,698), and
    searching the pairs in turn first spent 35,000 nodes (a sixth) on
    searches it did not need. The inner searches also share what they
    learn: every position a lost one reached is lost (it was reached from a
    lost position), and every position on the way to a win one found is
    winnable; later inner searches skip the first (``known_lost``) and stop,
    won, at the second (``known_won``). Pair projections of positions one
    move apart are one move apart too, so the searches meet the same
    positions again and again: most of them used to prove their pair
    winnable all over again (2,097 of the 2,144 inner searches of Warfield
    deal 918, 130,000 of its 142,700 inner nodes). Sharing them, Warfield 918
    took 177,884 -> 62,228 nodes (26,000 of them inner), 126 143,009 ->
    98,200, 804 131,542 -> 51,536, and Clover Leaf deal 175, with inner
    projections, 250,917 -> 71,394. What a search learns depends on the
    searches before it, so the pairs are searched in one fixed order, theirs.
    Their nodes count in the
    budget like any others, so that a budget bounds the time a search takes
    (they once did not, and a Warfield search of 300,000 nodes took 29 s);
    they are kept to at most ``inner_projections`` times the search's own,
    and the checks stop once ``INNER_TRIAL`` positions have been checked if
    fewer than one in two was cut (50 rather than 200: where they pay, as on
    Clover Leaf 175 and Warfield 918, 126, 804, the first fifty cut as many;
    where they do not, the trial of 200 cost Clover Leaf 647 24,649 nodes
    for 5 cuts). A slice ends between two nodes of the
    search's own, or after a position that its inner searches cut once they
    have used the slice up, so one can overrun by a position's inner searches
    (at most ``INNER_PROJECTION_NODES`` each, six pairs, and past
    ``TRIPLES_AFTER`` nodes ``INNER_TRIPLE_NODES`` each, four triples; before,
    a run of positions cut one after the other could take any number of
    them: a slice of 2,000 nodes of Clover Leaf 175 took 2,799). Asked for
    300 nodes at a time from 100,000 to its budget, the slowest slices of
    Clover Leaf 7825 took 2,218 nodes and 24 ms on CPython (11 ms without the
    triples);
    slices still give the same answer as one run, since the search takes the
    same steps however its nodes are sliced.

    With the projections join the ladders (:class:`Ladder`, one per pair
    that the projections search, where :mod:`.prefixes` holds), and from then
    on the positions about to be expanded are looked at through their prefix
    projections of ``PREFIX_LENGTHS`` cards a suit too. Those are small and
    recur (positions far apart in the search mostly agree on where the next
    five hearts lie), so each is searched once, within ``PREFIX_NODES``,
    and its verdict kept by key. On Clover Leaf deal 531, won, two of them
    proved lost cut 2,194 positions, and the search took 51,029 nodes
    instead of 134,715. Where none is lost among the first ``PREFIX_TRIAL``
    searched, the looking stops: on the other slow deals of Clover Leaf,
    Warfield and Fan none was, and it cost 2-5% more nodes for nothing.
    Nothing of this runs before ``PROJECTIONS_AFTER`` nodes, so the deals
    that the solvable-deal walk and the difficulty see (20,000 nodes at
    most) are searched as before.

    Once every pair is won and their ladders are gone, and the search has
    used ``TRIPLES_AFTER`` nodes, a ladder for each three suits joins the
    turns (where all four suits are in the fans and :mod:`.prefixes` holds):
    the next 2, 3, ... cards of the three suits, up to the whole of them
    (:func:`.suits.triple_projections`), each ladder ``TRIPLE_NODES`` nodes
    at most, all its rungs together. Some deals are lost for a reason among
    three suits that no pair shows, and a prefix of the three is small: the
    next ten spades, hearts and diamonds of Alexander deal 3763 are lost in
    3,528 nodes, the whole three in 9,574 and the deal itself, without them,
    in 242,274 (now 106,559); Warfield 4591, open at its budget, lost at
    120,429 (1,845,839 without); Fan 6060, open, 121,599. A ladder of three
    suits that is won costs its nodes all the same, up to ``TRIPLE_NODES``,
    and they are taken from the strands: Clover Leaf 7310, won at 280,472
    nodes, takes 302,473 with them, and 5440, won at 326,902, is left open
    at its budget. So they join only searches that have run long, where a
    lost deal is the likelier end: every in-suit deal of 1-1000 is decided
    in fewer nodes, and searches as before.

    From ``TRIPLES_AFTER`` nodes on too (or the profile's later
    ``inner_triples_after``), where the game's profile asks for it
    (``inner_triples_up``: the two Clover Leaf games, and Alexander the
    Great from 200,000 nodes), the positions about to
    be expanded with at least that many cards up are looked at through their
    projections on three suits, as through their pairs
    (:class:`InnerProjections`, ``INNER_TRIPLE_NODES`` nodes a search, the
    three suits that cut last searched first). A deal can be lost for a
    reason among three suits that its own start hides: Clover Leaf 6610's
    projection on clubs, hearts and diamonds takes 357,085 nodes to prove
    lost from the deal, while in the positions its search expands deep
    (10 cards up or more) it is lost in a few dozen nodes, most often in
    one. With fewer cards up those searches are long (1,000 to 10,000 nodes
    and more). Deal 6610 is lost at 181,906 nodes instead of 266,485, and
    Warfield 4911, open at its budget, is won at 146,593. On the 199 deals
    of 1-10000 that the two games search past 20,000 nodes, 0.98 and 0.96
    of the nodes, the median deal as before. Looked at from 20,000 or
    60,000 nodes, they cost more than they save (Warfield 9589, won at
    89,526, at 190,572 or 172,895). In Alexander the Great, from 100,000
    nodes, they win deal 2302, open at the budget, at 210,494, but deals
    9941 and 5166, won at 133,834 and 149,129 nodes, take 236,011 and
    174,311, and 8548, lost at 231,986, is left open; from 200,000 nodes,
    2302 is won at 238,586 and 8548 lost at 228,912, and no other deal of
    1-10000 runs that long (from 150,000, 2302 at 209,595 but 8548 at
    249,089, close to the budget). Not for Fan: they cut nothing there with
    10 cards up, and from 20,000 nodes its slowest deals, 6885 and 9579,
    took 6% and 7% more nodes.

    A slice is also bounded in :attr:`work`: the nodes plus the positions
    expanded without a move played (cut on expansion, most of them), which
    cost no node but about a node's time. The end of a lost search drains
    its queues of them: Clover Leaf deal 660's last slice of 2,000 nodes cut
    20,668 positions and took a third of a second on CPython, nearly a
    second in a browser, with a tap waiting; with the work bounded as well,
    the longest slice of that search, sized as the page's worker sizes them,
    took 13 ms instead of 332. A call stops on its work only between two
    expansions and within the strand's turn, so the next call goes on with
    the same turn: the same steps again, the same verdict at the same node.

    The free places (:meth:`Board.capacity_lost`, the games of fans of three
    that stay empty) are counted at the start, and on expansion once the
    search has used ``PLACES_AFTER`` nodes. Each new count costs some 30
    microseconds, and a short search meets a new one at most positions: counted
    from the first node, they made the median Shamrocks II search (1,231
    nodes) 12-17% slower for nothing, where a long one spends 3% of its time
    on them and has positions cut by them (three more Shamrocks deals of 1-1000
    won, the lost branches left early).

    Once the search has used ``CASES_AFTER`` nodes without a verdict, the
    proof from the order in which cards go up (:meth:`Board.order_lost`,
    games with fans of three that stay empty) is tried on the start once
    more, splitting on the ways of a card ``START_CASES`` levels deep: too
    costly for every start (some 40 ms a Shamrocks deal, where the median
    deal is won in 45 ms), it proves 127 of the 264 plain Shamrocks deals of
    1-1000 that the search alone leaves undecided lost (the free places,
    counted at the start, now prove all of them but deal 52 first; in
    Shamrocks II it still proves 7 deals that nothing else does). It takes no nodes,
    and a browser's worker cannot answer a tap in the middle of it (0.1 s on
    CPython at worst, a second on a phone), so it runs in pieces:
    ``CASE_STEPS`` fixed points of the proof between two turns (at most 9 ms
    on CPython on deals 1-1000, 4 ms at the median, about one turn's time; 73 fixed points
    where it proves nothing, 3 for most of its proofs). Fixed points are the
    same work on every machine and the pieces run between turns, so at the
    same nodes whatever the slices.

    Once the search has used ``DIVES_AFTER`` nodes without a verdict, the
    dives join the turns where the game's profile asks for them
    (``dive_length``: the two Shamrocks games and the two Clover Leaf games;
    see :mod:`.dives`): short depth-first searches of the start, each in its
    own shuffled order, begun again every ``dive_length`` nodes. They only
    ever win; their turn is the profile's ``dive_share`` of the strands'
    turns together: in Shamrocks as long, so that they take half the nodes
    from then on. Every Shamrocks deal the search proves lost it
    proves well before, so what they take from the strands is the tail of
    the strands' wins: on Shamrocks deals 1-1000, 23 deals open at the
    budget are won by a dive and 8 won by the strands after 20,000 nodes are
    left open (708 won instead of 693), on 1001-2000 15 and 4; on Shamrocks
    II 12 and 1, then 12 and 0. Twice the share won about as many (710 on
    the first thousand, 734 on the second, against 708 and 737), three
    times 732 on the second. In the two Clover Leaf games the dives are
    shorter (2,000 nodes), nearly shuffled (noise 64) and take a quarter of
    the strands' turns: there the slowest deals are mostly wins the strands
    find late (Clover Leaf 7310 is won at 21,644 nodes instead of 302,473,
    and 5 of the 8 deals of 1-10000 left open are won), while a lost deal
    pays a fifth more past 20,000 nodes (docs/solver.md has the settings
    tried). Nothing of this runs within the 20,000 nodes the solvable-deal
    walk and the difficulty see.

    Past the game's solve budget, the dives search alone: the strands and
    every other turn are set aside (they come back only if the dives go
    through every position they reach). Only a search asked for more than
    the solve budget gets there: a hint asked again and again, up to the
    profile's ``hint_limit``. A Shamrocks search proves nothing lost that
    late, the dives win more for their nodes than the strands, and they
    keep no table: their memory is one dive's, so the search's memory stops
    growing at the solve budget (the table of a long Shamrocks search grows
    by some 0.26 MB a thousand nodes). Of the 92 Shamrocks deals of
    1-1000 open at the solve budget, the dives alone win 20 more by 400,000
    nodes (10 by 150,000); of Shamrocks II's 29, 10.

    ``known_lost``: keys of positions already proved lost by an earlier,
    finished ``LOST`` search of the same game (the hint walks back through a
    game's history this way); they are not searched again. The set is read,
    never copied nor changed, so that searches may share one that grows
    between them.

    ``known_won``: keys of positions known to be winnable (each on the way to
    a win some earlier search found); finding one ends the search ``SOLVED``.
    Only with ``replay=False``: there is no solution to read back. A win
    proves nothing, so a wrong one could only leave a position unproved.

    ``prune=False``: no pruning rule and no proof of loss (see :mod:`.board`),
    and so no projections: a plain exhaustive search, to check the verdicts of
    the pruned one on positions small enough to exhaust.

    ``forced_autoplay``: search the game as the page plays it with auto move on
    (see :attr:`.board.Board.autoplays`); it changes only the games with redeals.

    ``replay=False``: a win sets the verdict only, leaving :attr:`solution`
    empty: it is not read back from the table, replayed nor checked through the
    engine. For the projection searches, whose wins prove nothing and whose
    moves nobody reads (the replays took a tenth of a hard Warfield search);
    a wrong win there could only leave a position unproved, never prove one lost.
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
    ) -> None:
        if known_won is not None and replay:
            raise ValueError("known_won needs replay=False: a win through one has no solution to read back")
        self.rules = rules
        self.start = position
        self.prune = prune
        self.replay = replay
        self.board = Board(tables_for(rules), position, prune, forced_autoplay)
        self.lost: set[bytes] = known_lost if known_lost is not None else set()
        self.won: set[bytes] = known_won if known_won is not None else set()
        self.won_at: bytes | None = None  # the key of the winnable position that ended a search without replay
        self.table: dict[bytes, tuple[bytes | None, int]] = {}
        self.expanded: set[bytes] = set()
        self.strands = [Strand(depth_weight) for depth_weight in strands or rules.solver.strands]
        self._queues = [(strand.queue, strand.depth_weight) for strand in self.strands]  # read by _push, once a node
        self.projections: list[Search] = []
        self.triples: list[Ladder] = []  # the ladders of three suits, once every pair is won
        self.nodes = 0
        self.work = 0  # nodes plus the positions cut on expansion: what a slice's time follows (see run)
        self.verdict = Verdict.UNKNOWN
        self.solution: tuple[Move, ...] = ()
        self._turns: list[Strand | Search | Ladder | Dives] = list(self.strands)
        self._turn = 0
        self._left = QUANTUM
        self._projected = not (prune and project)
        self._tripled = False
        self._cased = not (prune and project)
        self._dived = not (prune and project and replay and rules.solver.dive_length)
        self._dives_runner: Dives | None = None
        self._benched: list[Strand | Search | Ladder | Dives] = []  # the turns set aside while the dives search alone
        self._cases: Steps | None = None  # the start's order proof under way (see _cases_lost)
        self._loaded: Strand | None = None  # the strand whose position the board holds
        self._count = 0
        self._started = False
        self.inner_pairs = InnerProjections(INNER_PROJECTION_NODES)  # see _inner_lost
        self.inner_triples = InnerProjections(INNER_TRIPLE_NODES, recent_first=True)  # see _inner_triples_lost
        self.inner_nodes = 0  # nodes of the searches of inner projections and prefixes
        self._own_nodes = 0  # the other nodes, counted as they are searched (see _inner_lost)
        self._ladders_on = False  # whether prefix projections are looked at (see _prefix_lost)
        self._prefix_keys = [PrefixKeys(self.board.tables, length) for length in PREFIX_LENGTHS]
        self._prefixes_lost: dict[bytes, bool] = {}  # prefix projection key -> proved lost
        self.prefix_cut = 0  # positions cut by a prefix projection

    @property
    def done(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN

    @property
    def positions(self) -> int:
        """How many distinct positions the search has stored (projections included)."""
        return len(self.table) + sum(projection.positions for projection in self.projections)

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
            self._own_nodes += 1
            self.work += 1
            nodes -= 1
            work -= 1
            self._root()
        turns = self._turns
        while not self.done and nodes > 0 and work > 0:
            runner = turns[self._turn]
            before_work = self.work
            if isinstance(runner, Strand):
                used = self._expand(runner, min(nodes, self._left), work)
                self.nodes += used
                self.work += used
                nodes -= used
                work -= self.work - before_work
                self._left -= used
                if self.done:
                    break
                if all(strand.idle for strand in self.strands):
                    self.verdict = Verdict.LOST
                    break
                if runner.idle:
                    self._left = 0
            else:
                before, before_work = runner.nodes, runner.work
                if isinstance(runner, Dives):
                    verdict = Verdict.SOLVED if runner.run(min(nodes, self._left), work) else Verdict.UNKNOWN
                else:
                    verdict = runner.run(min(nodes, self._left), work)
                used = runner.nodes - before
                self.nodes += used
                self._own_nodes += used
                self.work += runner.work - before_work
                nodes -= used
                work -= runner.work - before_work
                self._left -= used
                if verdict is Verdict.LOST:
                    self.verdict = verdict
                    break
                if verdict is Verdict.SOLVED and isinstance(runner, Dives):  # a dive's win is this position's
                    self._dived_to_win(runner)
                    break
                # a projection won, a ladder gave up, or the dives went through every position they reach:
                # no proof; it leaves the turns
                if runner.done:
                    del turns[self._turn]
                    if not turns:  # the dives, searching alone, went through every position they reach
                        turns.extend(self._benched)
                        self._benched = []
                    self._turn %= len(turns)
                    self._left = self._quantum(turns[self._turn])
                    continue
            if self._left <= 0:
                self._turn = (self._turn + 1) % len(turns)
                self._left = self._quantum(turns[self._turn])
                if self.nodes >= PLACES_AFTER:
                    self.board.counts_places = True
                if not self._cased and self.nodes >= CASES_AFTER:
                    self._cased = True
                    self._cases = self._start_cases()
                if self._cases is not None and self._cases_lost(self._cases):
                    self.verdict = Verdict.LOST
                    break
                if not self._dived and self.nodes >= DIVES_AFTER:
                    self._dived = True
                    self._dives_runner = self._dives()
                    turns.append(self._dives_runner)
                dives = self._dives_runner
                past_budget = self.nodes >= self.rules.solver.solve_budget
                if dives is not None and past_budget and len(turns) > 1 and dives in turns:
                    self._benched = [runner for runner in turns if runner is not dives]
                    turns[:] = [dives]
                    self._turn = 0
                    self._left = self._quantum(dives)
                if not self._projected and self.nodes >= PROJECTIONS_AFTER:
                    self._projected = True
                    start = Board(tables_for(self.rules), self.start, self.prune)
                    self.projections = [
                        Search(self.rules, projected, strands=(0,), project=False, replay=False)
                        for projected in start.pair_projections()
                    ]
                    ladders = self._ladders(start)
                    self._ladders_on = bool(ladders)
                    turns.extend(self.projections)
                    turns.extend(ladders)
                if self.projections and not self._tripled and self.nodes >= TRIPLES_AFTER and not any(
                    isinstance(runner, (Search, Ladder)) for runner in turns
                ):  # every pair won, and their ladders gone
                    self._tripled = True
                    self.triples = self._triple_ladders()
                    turns.extend(self.triples)
        return self.verdict

    def _ladders(self, start: Board) -> list[Ladder]:
        """A :class:`Ladder` for each pair the projections search, where prefix projections prove anything."""
        if not self.projections or not prefixes_apply(start.tables):
            return []
        position = start.position()
        pairs = pairs_present(position)  # the pairs of self.projections, in their order
        return [
            Ladder(self.rules, position, pair, projection)
            for pair, projection in zip(pairs, self.projections, strict=True)
        ]

    def _triple_ladders(self) -> list[Ladder]:
        """A :class:`Ladder` for each three suits, where all four suits are in the fans (see the class's docstring)."""
        start = Board(tables_for(self.rules), self.start, self.prune)
        if not start.triple_projections() or not prefixes_apply(start.tables):
            return []
        position = start.position()
        return [Ladder(self.rules, position, triple, None, TRIPLE_NODES, TRIPLE_NODES) for triple in TRIPLES]

    def _start_cases(self) -> Steps | None:
        """The order proof on the start, splitting cases, in steps (see the class's docstring)."""
        start = Board(tables_for(self.rules), self.start, self.prune)
        start.settle()
        return start.order_lost_in_steps(START_CASES)

    def _cases_lost(self, steps: Steps) -> bool:
        """Take ``CASE_STEPS`` more steps of the start's order proof; whether it has proved the start lost."""
        for _ in range(CASE_STEPS):
            try:
                next(steps)
            except StopIteration as stop:
                self._cases = None
                return bool(stop.value)
        return False

    def _quantum(self, runner: Strand | Search | Ladder | Dives) -> int:
        """A strand's turn is ``QUANTUM`` nodes; a projection's ``PROJECTION_SHARE`` times all strands' together.

        The dives' turn is the profile's ``dive_share`` of all strands' together.
        """
        if isinstance(runner, Strand):
            return QUANTUM
        if isinstance(runner, Dives):
            return max(1, int(self.rules.solver.dive_share * QUANTUM * len(self.strands)))
        return PROJECTION_SHARE * QUANTUM * len(self.strands)

    def _dives(self) -> Dives:
        """The dives of the start (see the class's docstring), on a board of their own."""
        board = Board(self.board.tables, self.start, self.prune, self.board.forced_autoplay)
        board.settle()
        board.counts_places = True
        profile = self.rules.solver
        return Dives(board, self.lost, profile.dive_length, profile.dive_noise)

    def _dived_to_win(self, dives: Dives) -> None:
        """A dive won: its line is the solution, replayed and checked as the table's would be."""
        assert dives.steps is not None
        self._replay(dives.steps)

    def _root(self) -> None:
        board = self.board
        board.settle()
        key = board.key()
        self.table[key] = (None, 0)
        if board.won() or key in self.won:
            self._solved(key)
            return
        if key in self.lost or board.any_suit_lost() or board.lost_at_start():
            self.verdict = Verdict.LOST
            return
        self._push(board.cost(), key, 0)

    def _push(self, cost: int, key: bytes, depth: int) -> None:
        self._count += 1
        order = -self._count
        state = self.board.state()
        for queue, depth_weight in self._queues:
            heappush(queue, (cost + (depth_weight * depth >> 3), order, key, state, depth))

    def _expand(self, strand: Strand, limit: int, work: int) -> int:
        """Let ``strand`` search at most ``limit`` nodes; the nodes it used (fewer when it runs out of work).

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
        advance, retreat, key_of = board.advance, board.retreat, board.key
        lost_after, cost, won, push = board.lost_after, board.cost, board.won, self._push
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
                    self.work += cut
                    return used
                while queue:
                    _priority, _order, key, state, depth = heappop(queue)
                    if key not in expanded:
                        break
                else:
                    strand.next = at
                    self.work += cut
                    return used
                expanded.add(key)
                strand.current, strand.state, strand.depth = key, state, depth
                parent, depth = key, depth + 1  # what the positions it leads to record
                board.load(state)
                self._loaded = strand
                inner_before = self.inner_nodes
                found_by = None
                if self.prune:  # the move that found it, for Board.schedule_kept and room_kept
                    found_from, packed = table[key]
                    if found_from is not None and not packed & AUTOPLAYED:
                        found_by = _unpack(packed)
                moves = (
                    []
                    if board.lost_on_expansion(found_by) or self._inner_lost() or self._prefix_lost()
                    or self._inner_triples_lost()
                    else self._moves(key)
                )
                strand.moves = moves
                inner_used = self.inner_nodes - inner_before
                used += inner_used
                at = 0
                if not moves:
                    cut += 1
                    if inner_used and used >= limit:  # cut, and its inner searches used the turn up
                        strand.next = at
                        self.work += cut
                        return used
                continue
            if used >= limit:
                strand.next = at
                self.work += cut
                return used
            step = moves[at]
            at += 1
            used += 1
            self._own_nodes += 1
            played = advance(step)
            key = key_of()
            if key in table or key in lost:
                retreat(played)
                continue
            card, source, dest = step
            packed = (card & 63) | (source + 2) << 6 | (dest + 2) << 12  # _pack, written out
            table[key] = (parent, packed | AUTOPLAYED if played.auto else packed)
            # won only once a card went up (the position expanded was not won: a search ends at a win)
            if ((dest == ON_FOUNDATION or played.auto) and won()) or key in winnable:
                strand.next = at
                self.work += cut
                self._solved(key)
                return used
            if not lost_after(step):
                push(cost(), key, depth)
            retreat(played)

    def _prefix_lost(self) -> bool:
        """Whether a prefix projection of the board's position on a pair is proved lost (see the class's docstring)."""
        verdicts = self._prefixes_lost
        if not self._ladders_on or (len(verdicts) >= PREFIX_TRIAL and not self.prefix_cut):
            return False
        board = self.board
        fans, found = board.fans, board.found
        present = board.suits_present()
        for keys in self._prefix_keys:
            for pair in PAIRS:
                if pair[0] not in present or pair[1] not in present:
                    continue
                key = keys.key(fans, found, pair)
                lost = verdicts.get(key)
                if lost is None:
                    search = Search(self.rules, PrefixKeys.position(key), strands=(0,), project=False, replay=False)
                    lost = verdicts[key] = search.run(PREFIX_NODES) is Verdict.LOST
                    self.inner_nodes += search.nodes
                if lost:
                    self.prefix_cut += 1
                    return True
        return False

    def _inner_ready(self) -> bool:
        """Whether the search looks at the inner projections of the positions it expands (see the class's docstring)."""
        profile = self.rules.solver
        ratio = profile.inner_projections
        if not ratio or not self._projected or self.inner_nodes > ratio * self._own_nodes:
            return False
        if self.nodes < profile.inner_projections_after:
            return False
        return bool(self.projections) and all(projection.done for projection in self.projections)

    def _inner_lost(self) -> bool:
        """Whether a pair projection of the board's position is proved lost (see the class's docstring)."""
        pairs = self.inner_pairs
        if not pairs.paying or not self._inner_ready():
            return False
        return self._looked_at(pairs, self.board.pair_keys())

    def _inner_triples_lost(self) -> bool:
        """Whether a projection on three suits of the board's position is proved lost (see the class's docstring)."""
        triples = self.inner_triples
        profile = self.rules.solver
        up = profile.inner_triples_up
        if not up or self.nodes < max(TRIPLES_AFTER, profile.inner_triples_after):
            return False
        if not triples.paying or not self._inner_ready():
            return False
        board = self.board
        if sum(board.found) < up:
            return False
        keys = board.triple_keys()
        if not keys:
            return False
        return self._looked_at(triples, keys)

    def _looked_at(self, inner: InnerProjections, keys: Sequence[tuple[tuple[int, ...], bytes]]) -> bool:
        """:meth:`InnerProjections.lost_here` for the board's position, its searches' nodes counted as inner ones."""
        searched = inner.searched
        lost = inner.lost_here(self.rules, self.board, keys)
        self.inner_nodes += inner.searched - searched
        return lost

    def _moves(self, key: bytes) -> list[Step]:
        """The board's moves here, less those that can only find positions found already.

        Where the move that found this position played no foundation move
        after it (always so where none is played automatically), moving again
        the card c that it moved gives a position one move from the previous
        one, which that position's expansion finds. Say the move took c from
        fan a onto fan b. Moving c back to a gives the previous position.
        Moving it on to a fan d (neither a nor b, whose tops the move left as
        they were) gives the previous position with c moved from a to d at
        once: the same fans in the same order, b back as it was; and no
        foundation move follows either, since the cards it uncovers (the card
        under c in a, b's top) could not go up before. So the previous
        position's expansion finds it, or finds nothing there for one of the
        reasons of :meth:`Board.moves` that holds for both: to an empty fan
        other than the first, or the only card of a fan to an empty fan (the
        same position again); the only card of a fan onto another fan would
        have been dropped for the move that found this position too. That
        expansion had c's moves: the previous position was not found by a
        move of c with no foundation move after it, or the move to here would
        have been dropped there. A search ends ``LOST`` only when every
        expansion has ended, so nothing dropped here is missed. Only with
        pruning on, so that the unpruned search stays plain, and not when the
        previous position had a card waiting to be used (Shamrocks, see
        :meth:`Board.moves`): its expansion made only the moves that use that
        card, so the move at once that the argument counts on may not be among
        them (the last move put a card onto the waiting one; moving it off
        again leaves the waiting card free, a position no move there finds).
        """
        moves = self.board.moves()
        parent, packed = self.table[key]
        if parent is None or not self.prune or packed & AUTOPLAYED or waiting_in(parent):
            return moves
        card = packed & 63
        return [step for step in moves if step[0] != card]

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
        steps: list[Step] = []
        at: bytes | None = key
        while at is not None:
            parent, packed = self.table[at]
            if parent is not None:
                steps.append(_unpack(packed))
            at = parent
        steps.reverse()
        self._replay(steps)

    def _replay(self, steps: list[Step]) -> None:
        """End ``SOLVED`` with ``steps`` (from the start once settled) as the solution, checked by the engine."""
        board = Board(self.board.tables, self.start, self.prune, self.board.forced_autoplay)
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
