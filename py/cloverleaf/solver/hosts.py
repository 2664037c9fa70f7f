"""A proof of loss for Shamrocks from the order in which cards must go up: every card needs a host.

In a settled position of a game whose fans are capped at three cards, whose
empty fans stay empty and where any suit builds on any suit (Shamrocks and
Shamrocks II), take a shortest win W. It never moves the only card of a fan
onto another fan (see :func:`.moves.worth_searching`), and an empty fan takes
nothing, so:

- the card at the bottom of a fan (depth 0) stays there until it goes up, and
  the fan is dead from then on; no card ever arrives at depth 0. Call the
  bottom card the fan's *anchor*;
- every other card in a fan (an *upper* card, at depth 1 or 2) lies, at every
  moment until it goes up, in a fan whose anchor is still there: its *host*.
  Besides its fan now, the fans that can ever hold a card u are those where u
  can be placed: at depth 1 on an anchor one rank from u, or at depth 2 on a
  card d one rank from u that lies at depth 1, which is either the card there
  now or one placed there, one rank from the anchor. So u's *placement
  hosts* are the anchors at most two ranks from u and those whose card at
  depth 1 is one rank from u. (Cards brought back from a foundation are
  placed too, so this holds whether u stays, moves, or goes up and comes back
  in between.) Where cards build on their own rank (Troika: fans of three
  that stay empty, one card at a time, no returns; its shortest wins keep
  the only card of a fan in place too, :func:`.general_moves.worth_searching`),
  a card placed at depth 1 on an anchor is of the anchor's rank, so u's
  placement hosts are the anchors of its rank and those whose card at depth
  1 is of its rank. Nothing below looks at ranks.

Two events of W are timed for each card in a fan: ``up(x)``, when it first
goes to its foundation, and for an upper card ``leave(u)``, when it first
leaves the place it has now (``leave(u) <= up(u)``; an anchor leaves when it
goes up). W orders them:

- in suit: ``up(x) < up(y)`` when x comes before y on the foundation;
- in a fan: a card leaves before the card it covers does;
- leaving: u leaves its place either by going up, after its predecessor in
  suit went up, or onto a placement host of another fan whose anchor is still
  there (``leave(u) < up(a)``), and a fan that is full now takes it only
  after the fan's top card has left;
- going up: u goes up from a fan whose anchor is still there: its fan now (if
  it goes up from its place) or a placement host (``up(u) < up(a)``).

The last two are choices. This module decides them where the orders known so
far leave one way only (an anchor that goes up before u leaves or goes up is
no way out; one that goes up before another of the ways is not the last
host), adds the order that way gives, and repeats to a fixed point. Every
order added holds in W, so a card with no way left, or a cycle in the orders
(one of which is strict), means that no win exists: the position is lost.

An endgame of Shamrocks 7 it settles at once: spades and diamonds left,
with KS on 5D (the next diamond) and KD on QD on 2S (the next spade), and
QS the only anchor a King can ever be placed on. KD's fans are 2S's and
QS's, and 2S goes up before QS, so KD goes up before QS; it goes up after 5D
(in suit). KS's fans are 5D's and QS's, and KS goes up after QS (in suit),
so it goes up from 5D, before 5D. So 5D < KD < QS < KS < 5D: a cycle. There
is room for every card (:func:`.room.room_lost` finds nothing); there
is no order. At the deal it proves 42 of plain
Shamrocks deals 1-1000 lost, 39 of which the search alone left undecided.

Where the fixed point stops with choices still open, the proof may split
cases (``cases`` levels deep): W takes one of the ways a choice still has,
so if each way, its orders added, ends in a contradiction, none is left.
Two levels deep it proves 169 of those deals lost at the deal, 127 more than
without splitting (and 7 of Shamrocks II, which without it proves none).
Counting the free places (:mod:`.capacity`) proves all of those 127 lost at
once but deal 52: most of what the splits find is that the suits' bottom cards
cannot go up in an order that leaves room.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from .board import Board

LEAVE = 52  # the event "the card leaves its place" of card c is LEAVE + c; "goes up" is c
WAYS = 3  # the most ways a choice split may have
BREADTH = 8  # choices split at each level (see _lost_in_every_case)


Steps = Generator[None, None, bool]  # yields after each fixed point (see order_lost_in_steps); returns the proof


def applies(board: Board) -> bool:
    """Games of fans capped at three cards that stay empty once emptied, where cards move one at a time to
    foundations in suit: building in any suit (``Tables.room``) or by equal rank (Troika)."""
    t = board.tables
    return t.room or (t.anchored and t.alike and t.limit == 3)


def lost_here(board: Board, cases: int = 0) -> bool:
    """:func:`order_lost` for the board's position; ``cases``: how many levels deep it may split on a card's ways.

    Each level costs some eight times the last.
    """
    return order_lost(board.fans, board.found, board.tables.order, cases, board.tables.alike)


def lost_here_in_steps(board: Board, cases: int) -> Steps:
    """:func:`lost_here` in steps a caller can spread over time (see :func:`order_lost_in_steps`)."""
    return order_lost_in_steps(board.fans, board.found, board.tables.order, cases, board.tables.alike)


def order_lost(
    fans: Sequence[bytes], found: Sequence[int], order: Sequence[Sequence[int]], cases: int = 0, alike: bool = False
) -> bool:
    """Whether the orders of the module's docstring prove this position lost.

    ``fans`` bottom card first, ``found[suit]`` the cards on each foundation,
    ``order[suit][i]`` the i-th card of that suit's foundation. Cards are
    ``13 * suit + rank``; ranks are one apart when they build on each other,
    or, with ``alike``, equal.
    """
    steps = order_lost_in_steps(fans, found, order, cases, alike)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return bool(stop.value)


def order_lost_in_steps(
    fans: Sequence[bytes], found: Sequence[int], order: Sequence[Sequence[int]], cases: int = 0, alike: bool = False
) -> Steps:
    """:func:`order_lost` as a generator that yields after each fixed point of :func:`_propagate`.

    Its return value (``StopIteration.value``) is the answer. Splitting cases
    two levels deep takes some 73 fixed points where it proves nothing (40 ms
    on CPython, worst 0.1 s; 2.5 times that in Pyodide, 10 times on a phone),
    in a browser worker that cannot answer a tap meanwhile; run a few steps at
    a time, it blocks for a few milliseconds at most. Each step is the same
    work on every machine, so a caller that counts steps stays deterministic.
    """
    after, undecided, previous_of, full_top = _events(fans, found, order, alike)
    return (yield from _lost_in_every_case(after, undecided, previous_of, full_top, cases))


def _events(
    fans: Sequence[bytes], found: Sequence[int], order: Sequence[Sequence[int]], alike: bool = False
) -> tuple[list[int], list[Choice], list[int], list[int]]:
    """The orders known at the start, the choices, each card's predecessor and each full fan's top (as above);
    ``alike``: cards build on cards of their own rank (Troika), not one rank apart."""
    # after[e]: bit f set when event e comes before event f, directly
    after = [0] * (2 * LEAVE)
    anchors_by_rank: list[list[int]] = [[] for _ in range(13)]
    second: list[tuple[int, int]] = []  # (anchor, the card at depth 1 on it)
    full_top = [-1] * 52  # by anchor: the top card of its fan when the fan is full
    upper: list[tuple[int, int]] = []  # (card, the anchor of its fan)
    for fan in fans:
        if not fan:
            continue
        anchor = fan[0]
        anchors_by_rank[anchor % 13].append(anchor)
        if len(fan) > 1:
            second.append((anchor, fan[1]))
        if len(fan) == 3:
            full_top[anchor] = fan[2]
        below = anchor
        for card in fan[1:]:
            upper.append((card, anchor))
            # it leaves before the card it covers leaves (an anchor leaves when it goes up)
            after[LEAVE + card] |= 1 << (LEAVE + below if below != anchor else below)
            after[LEAVE + card] |= 1 << card  # it leaves no later than it goes up
            below = card
    previous_of = [-1] * 52
    for suit in range(4):
        previous = -1
        suit_order = order[suit]
        for i in range(found[suit], 13):
            card = suit_order[i]
            if previous >= 0:
                after[previous] |= 1 << card
            previous_of[card] = previous
            previous = card
    # each upper card whose choices are not all decided yet: (card, the anchor of its fan, its placement hosts)
    undecided: list[Choice] = []
    for card, home in upper:
        rank = card % 13
        if alike:
            hosts = list(anchors_by_rank[rank])
            hosts += [anchor for anchor, depth1 in second if depth1 % 13 == rank and anchor not in hosts]
        else:
            hosts = [a for near in range(max(rank - 2, 0), min(rank + 2, 12) + 1) for a in anchors_by_rank[near]]
            for anchor, depth1 in second:
                if abs(depth1 % 13 - rank) == 1 and anchor not in hosts:
                    hosts.append(anchor)
        undecided.append((card, home, hosts))
    return after, undecided, previous_of, full_top


Choice = tuple[int, int, list[int]]  # an upper card, the anchor of its fan, its placement hosts
Orders = list[tuple[int, int]]  # (first, then): event ``first`` comes before event ``then``


def _lost_in_every_case(
    after: list[int], undecided: list[Choice], previous_of: list[int], full_top: list[int], cases: int
) -> Steps:
    """Whether the orders lead to a contradiction, splitting on the ways of a card up to ``cases`` levels deep.

    :func:`_propagate` decides the choices that are left one way only. Where
    it stops with choices still open, the choices with the fewest ways (two
    or three) are split in turn, ``BREADTH`` of them: W takes one of a
    choice's ways, so if every way, added to the orders known so far, leads
    to a contradiction (splitting again, one level fewer), the position is
    lost. Each way is one of the alternatives the module's docstring lists,
    none left out, so a split proves only what one of its ways would.
    (Adding the one way left when all others contradict, and splitting again,
    proved 94 plain Shamrocks deals of 1-1000 lost at one level instead of
    88, but at two levels the same 127 in six times the time.)
    """
    propagated = _propagate(after, undecided, previous_of, full_top)
    yield
    if propagated is None:
        return True
    undecided, splits = propagated
    if not cases:
        return False
    splits.sort(key=len)
    for ways in splits[:BREADTH]:
        for orders in ways:
            if not (yield from _lost_in_case(after, orders, undecided, previous_of, full_top, cases - 1)):
                break
        else:
            return True
    return False


def _lost_in_case(
    after: list[int], orders: Orders, undecided: list[Choice], previous_of: list[int], full_top: list[int], cases: int
) -> Steps:
    branch = list(after)
    for first, then in orders:
        _order(branch, first, then)
    return (yield from _lost_in_every_case(branch, undecided, previous_of, full_top, cases))


def _propagate(
    after: list[int], undecided: list[Choice], previous_of: list[int], full_top: list[int],
    blame: list[int] | None = None,
) -> tuple[list[Choice], list[list[Orders]]] | None:
    """Decide the choices left one way only, adding their orders to ``after``, to a fixed point.

    None when a contradiction shows (a card with no way left, or a cycle);
    otherwise the choices still open, and the ways of each open choice that
    has at most ``WAYS`` of them (each way: the orders it adds), to split on.
    ``blame``, when given, receives the card left with no way (nothing where
    the contradiction is a cycle, which ``after`` then holds).
    """
    while True:
        later = _closure(after)
        if later is None:
            return None
        changed = False
        remaining: list[Choice] = []
        splits: list[list[Orders]] = []
        for card, home, hosts in undecided:
            up = 1 << card
            leave = 1 << (LEAVE + card)
            previous = previous_of[card]
            # it goes up from its place only if it can leave after its predecessor went up
            goes_up_here = previous < 0 or not later[LEAVE + card] >> previous & 1
            # where it goes when it leaves its place: anchors still there then
            away = [a for a in hosts if a != home and not later[a] & leave]
            if not goes_up_here and not away:
                if blame is not None:
                    blame.append(card)
                return None
            decided = True
            if not goes_up_here and len(away) == 1:  # it leaves for that one fan
                changed |= _order(after, LEAVE + card, away[0])
                top = full_top[away[0]]  # which, if full now, takes it once its top card has left
                if top >= 0:
                    changed |= _order(after, LEAVE + top, LEAVE + card)
            elif goes_up_here and not away:  # it leaves by going up
                if previous >= 0:
                    changed |= _order(after, previous, LEAVE + card)
            else:
                decided = False
                # (going up from here with nothing below it is a way that adds no order: no split on it
                # could prove more)
                if not (goes_up_here and previous < 0):
                    leaving = [_leaving_for(card, a, full_top) for a in away]
                    if goes_up_here:
                        leaving.append([(previous, LEAVE + card)])
                    if len(leaving) <= WAYS:
                        splits.append(leaving)
            # where it is when it goes up: anchors still there then, and of those the last to go
            last = [a for a in hosts if not later[a] & up]
            if goes_up_here and home not in last and not later[home] & up:
                last.append(home)
            last = [a for a in last if not any(later[a] >> b & 1 for b in last if b != a)]
            if not last:
                if blame is not None:
                    blame.append(card)
                return None
            if len(last) == 1:
                changed |= _order(after, card, last[0])
            else:
                decided = False
                if len(last) <= WAYS:
                    splits.append([[(card, a)] for a in last])
            if not decided:
                remaining.append((card, home, hosts))
        undecided = remaining
        if not changed:
            return undecided, splits


def _leaving_for(card: int, anchor: int, full_top: list[int]) -> Orders:
    """The orders that ``card`` leaving its place for ``anchor``'s fan adds (see :func:`_propagate`)."""
    orders = [(LEAVE + card, anchor)]
    top = full_top[anchor]
    if top >= 0:
        orders.append((LEAVE + top, LEAVE + card))
    return orders


def _order(after: list[int], first: int, then: int) -> bool:
    """Record that event ``first`` comes before event ``then``; whether that is new."""
    if after[first] >> then & 1:
        return False
    after[first] |= 1 << then
    return True


def _closure(after: list[int]) -> list[int] | None:
    """For each event, every event known to come after it (bits); None when the orders have a cycle."""
    size = len(after)
    later = [0] * size
    state = bytearray(size)  # 0 new, 1 on the path, 2 done
    for root in range(size):
        if state[root] or not after[root]:
            continue
        stack = [(root, after[root])]
        state[root] = 1
        while stack:
            node, todo = stack[-1]
            if todo:
                low = todo & -todo
                stack[-1] = (node, todo ^ low)
                nxt = low.bit_length() - 1
                if state[nxt] == 1:
                    return None
                if state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, after[nxt]))
                continue
            stack.pop()
            state[node] = 2
            reach = after[node]
            rest = reach
            while rest:
                low = rest & -rest
                rest ^= low
                reach |= later[low.bit_length() - 1]
            later[node] = reach
    return later
