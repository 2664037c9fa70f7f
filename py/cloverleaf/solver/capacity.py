"""A proof of loss for Shamrocks from the fans' capacity: the free places run out.

In a settled position of a game whose fans are capped at ``L`` cards, whose
empty fans stay empty and where any suit builds on any suit (Shamrocks and
Shamrocks II), take a shortest win W. It never moves the only card of a fan
onto another fan (see :func:`.moves.worth_searching`), so the bottom card of a fan,
its *anchor*, stays there until it goes up, and its fan is dead from then on.
Count the *free places*: ``L`` for each fan whose anchor is still there, less
the cards in fans. No fan holds more than ``L`` cards, so the free places are
never fewer than none. The first time a card goes up:

- a card above an anchor frees a place: one more;
- an anchor goes up alone in its fan, whose ``L`` places die with it, one of
  them its own: ``L - 1`` fewer.

A card brought back from its foundation takes a place until it goes up again,
so counting only each card's first time up, the count is never below the real
one, and never below none either. Moves between fans change nothing. So W
goes up in an order that merges the four suits' orders (each suit goes up in
its own order) and keeps the count, started from the free places now, at none
or more after every card: a merge of four chains of +1 and ``-(L - 1)`` steps
whose running total never goes below zero. Where no such merge exists, no win
does: the position is lost. With ``L = 3`` and 18 fans, the deal of Shamrocks
has 54 places for 52 cards: two free, and every deal ends with none (17 + 1
anchors cost two each, 34 cards free one each), so the merge has no slack at
all in the end, and which suit's anchors come first decides it. At the deal it
proves 186 of plain Shamrocks deals 1-1000 lost (and one of Shamrocks II), 16
of them deals that every other proof and the search within its budget had
left open.

Whether a merge exists is decided exactly by :func:`merge_exists`. A plain
search over how far each suit has gone up (14 ** 4 states) goes through
thousands of states where the answer is no; tried on the positions a search
expands, it doubled the time of the open Shamrocks deals. Two rules that lose
no merge shrink the chains first, and leave nothing to search 97 times in 100:
0.2 ms a deal at the deal, for all of deals 1-1000. The board keeps its answers
by foundations and bottom cards, which a search meets again and again (four
searches of 100,000 nodes asked 487 new questions); so kept, the proof costs a
long Shamrocks search about 3% of its time. (A search over the states that
keeps what it learns across positions instead cost as much in a search, and
9 ms a deal at the deal, most of it on the lost ones.)
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board

Chain = list[int]  # the changes to the free places, in the order the cards go up


def applies(board: Board) -> bool:
    """Games of capped fans that stay empty once emptied, where cards move one at a time to foundations in suit:
    the Shamrocks (``Tables.room``) and Troika (``Tables.anchored``). How cards build plays no part."""
    return board.tables.room or board.tables.anchored


def lost_here(board: Board) -> bool:
    """:func:`capacity_lost` for the board's position, kept by foundations and bottom cards.

    The answer depends on those only, and a search meets few of them. The
    bottom cards in fan order, unsorted: a search never reorders its fans,
    and no card arrives at the bottom of one, so its positions with the same
    foundations list them alike.
    """
    fans, found = board.fans, board.found
    key = bytes(found) + bytes([fan[0] for fan in fans if fan])
    verdicts = board.capacity_verdicts
    lost = verdicts.get(key)
    if lost is None:
        t = board.tables
        lost = verdicts[key] = capacity_lost(fans, found, t.order, t.limit)
    return lost


def capacity_lost(fans: Sequence[bytes], found: Sequence[int], order: Sequence[Sequence[int]], limit: int) -> bool:
    """Whether the free places of the module's docstring prove this position lost.

    ``fans`` bottom card first, ``found[suit]`` the cards on each foundation
    (the rest of the suit lies in the fans), ``order[suit][i]`` the i-th card of
    that suit's foundation, ``limit`` the most cards a fan may hold.
    """
    anchors = {fan[0] for fan in fans if fan}
    free = limit * len(anchors) - (52 - found[0] - found[1] - found[2] - found[3])
    anchor_cost = 1 - limit
    chains = [[anchor_cost if card in anchors else 1 for card in order[suit][found[suit]:13]] for suit in range(4)]
    return not merge_exists(chains, free)


def merge_exists(chains: Sequence[Chain], start: int) -> bool:
    """Whether the chains merge into one order whose running total, from ``start``, stays at zero or more.

    Each chain's steps keep their order; the total is read after every step.
    Two rules shorten the chains first, each keeping a merge if there is one:

    - *ahead*: where the first t steps of a chain can be taken now (the total
      stays at zero or more along them) and bring the total to its highest
      along them (at least the total now), take them first. From any merge,
      moving those steps to the front gives a merge: every later point of it
      has the same steps of the other chains done as the point it came from,
      and of this chain the t steps, whose total is at least that of any of
      their beginnings that the point had done;
    - *behind*: the same at the end. Read backwards from the total at the end
      (``start`` plus every step), a merge visits the same totals, so the last
      steps of a chain that, taken backwards, stay at zero or more and end at
      their highest, may be taken last.

    What is left is searched state by state (how many steps of each chain are
    taken; the total follows from them). *Ahead* alone never takes every step
    of a Shamrocks position: the count ends at none, below where it starts, so
    the last steps are never a highest; *behind* takes them.
    """
    end = start + sum(sum(chain) for chain in chains)
    if end < 0:
        return False
    ahead = [0] * len(chains)
    start = _take_ahead(chains, ahead, start)
    if all(at == len(chain) for at, chain in zip(ahead, chains, strict=True)):
        return True
    backwards = [[-step for step in reversed(chain[at:])] for at, chain in zip(ahead, chains, strict=True)]
    behind = [0] * len(chains)
    _take_ahead(backwards, behind, end)
    rest = [[-step for step in reversed(chain[at:])] for at, chain in zip(behind, backwards, strict=True)]
    return _search(rest, start)


def _take_ahead(chains: Sequence[Chain], taken: list[int], total: int) -> int:
    """Apply the rule *ahead* of :func:`merge_exists` until it takes nothing; the total then.

    ``taken[i]``: how many steps of chain i are taken, moved on in place.
    """
    progress = True
    while progress:
        progress = False
        for i, chain in enumerate(chains):
            at = taken[i]
            best_at, best, running = at, total, total
            for step in chain[at:]:
                running += step
                at += 1
                if running < 0:
                    break
                if running >= best:
                    best_at, best = at, running
            if best_at > taken[i]:
                taken[i] = best_at
                total = best
                progress = True
    return total


def _search(chains: Sequence[Chain], start: int) -> bool:
    """Whether the chains merge as :func:`merge_exists` asks: depth first over how far each chain has gone."""
    lengths = tuple(len(chain) for chain in chains)
    first: tuple[int, ...] = (0,) * len(chains)
    seen = {first}
    stack = [(first, start)]
    while stack:
        taken, total = stack.pop()
        if taken == lengths:
            return True
        for i, at in enumerate(taken):
            if at < lengths[i]:
                after = total + chains[i][at]
                if after >= 0:
                    state = (*taken[:i], at + 1, *taken[i + 1:])
                    if state not in seen:
                        seen.add(state)
                        stack.append((state, after))
    return False


def free_places(board: Board) -> dict[str, int | list[int]] | None:
    """A witness of :func:`capacity_lost`: the anchors (each fan's bottom card), the free places and the limit.

    None where it proves nothing. Only asked for after a verdict (:mod:`.why`).
    """
    if not applies(board) or not board.settled:
        return None
    fans, found, t = board.fans, board.found, board.tables
    if not capacity_lost(fans, found, t.order, t.limit):
        return None
    anchors = sorted(fan[0] for fan in fans if fan)
    free = t.limit * len(anchors) - (52 - sum(found))
    return {"anchors": anchors, "free": free, "limit": t.limit}
