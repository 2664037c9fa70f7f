"""The schedule of first moves on the general board: some card in a fan can never move, which proves it lost.

:mod:`.schedule` is this proof for the first eight games that build in suit;
here it is written for the general board's games that move one card at a
time (no free cell, no run, no draw left), whatever their build: by rank
alone (Scotch Patience, Super Flower Garden), by colour (Box Fan), by equal
rank (Troika), on foundations in suit or in alternate colours.

A greedy fixed point of *first moves*, each condition necessary and each
easier as more cards are scheduled, so that it holds every card that ever
moves in any win: a card left out never moves, never goes up, and the
position is lost. A card first moves only once every card above it has
moved, and then

- to its foundation, once each lower place of its foundation has a card up
  or moved (a card that moved can be a top somewhere when it is wanted);
  the places are counted in *chains* (``Tables.chain_of``): a suit's, or,
  where foundations build in alternate colours, a pair's, whose places hold
  two twins each, one on each foundation of the pair. The first twin of a
  place to go up needs one card of each lower place; the second needs both
  (the other foundation is at its count too), and a card whose twin is up
  is the second;
- onto a target, once that target has moved (it is a top somewhere then)
  or every card above it has, the target not lying beneath it; under a fan
  limit, a target with ``limit - 1`` cards beneath it in its fan is never a
  top with room where it lies;
- to an empty fan, if it may fill one, once a fan is empty or every card
  of another fan has moved.

Which of two twins in fans goes up first, the fixed point cannot tell, and
lets either go up as the first. Where both did so only as the first (the
second's condition not met), one of them is in fact the second: the proof
splits into the two cases, each twin first in turn (``firsts``), and the
position is lost when both are. Scotch Patience's two black Kings, one above
a black 5 and the other above a black 7 of their own pair, are the plainest
case: whichever goes up second needs the card beneath it up before. Up to
``depth`` splits deep, the highest rank first.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step

# How many splits deep the proof goes on a position a search expands, and at its start: a split on
# expansion costs a fixed point per case on every position, so one is kept there, and the start, met once,
# affords more (what each depth decided on Scotch Patience's deals: the commit that set them, c1e951f).
SPLITS = 1
START_SPLITS = 3
_ONES = [bytes(place < n for place in range(14)) for n in range(14)]  # a chain's counts with its first n places filled


def applies(board: Board) -> bool:
    """The general board's games that move one card at a time (the draw is looked at per position)."""
    t = board.tables
    return board.general and not t.runs and not t.cells


def kept(board: Board, step: Step) -> bool:
    """Whether the fixed point here holds all it held before ``step``, from a position it proved nothing of.

    As :func:`.schedule.schedule_kept`: ``step`` moved a card x from fan A
    onto fan B (no foundation move after it, no draw) and x can leave again
    at once: to its foundation, onto a target that tops another fan with
    room, or into an empty fan. Schedule x first here: A is as the position
    before had it once x moved, B as it had it (its top a top again), and
    every later card meets its conditions where it met them there. Under a
    fan limit x must not lie deeper in B than it lay in A, where it would
    be no top with room. A card sent up is no such case here (a card that
    could go onto it has lost a target, and its twin must now go up second).
    Not a proof: the twins split on may differ, so a position this spares
    might have been proved lost by a split; sparing it only costs that cut.
    """
    card, source, dest = step
    fans = board.fans
    if not (0 <= source < len(fans) and 0 <= dest < len(fans)):
        return False
    t = board.tables
    if len(fans[dest]) - 1 > len(fans[source]):
        return False
    if board.takes(card):  # type: ignore[attr-defined]
        return True
    where, limit = board.where, t.limit
    for target in t.targets[card]:
        holder = where[target]
        if 0 <= holder != dest and fans[holder][-1] == target and len(fans[holder]) < limit:
            return True
    return t.filler[card] and not all(fans)


def lost_at_start(board: Board) -> bool:
    """:func:`lost_here` at a search's start, three splits deep: it runs once a search there."""
    return lost_here(board, START_SPLITS)


def lost_here(board: Board, depth: int = SPLITS) -> bool:
    """Whether some card in a fan can never move (the module's argument), splitting on twins up to ``depth``
    times; only in settled positions with no draw left (a drawn card moves from under a top)."""
    if board.draws_left:  # type: ignore[attr-defined]
        return False
    return _lost(board, {}, depth)


def _lost(board: Board, firsts: dict[int, int], depth: int) -> bool:
    """:func:`schedule` with ``firsts``, and, where it proves nothing, its two cases for the first rival twins."""
    rivals: list[int] = []
    if schedule(board, firsts, rivals if depth else None):
        return True
    if not rivals:
        return False
    lower = rivals[0]
    return all(_lost(board, {**firsts, lower: first}, depth - 1) for first in (lower, board.tables.twin[lower]))


def schedule(board: Board, firsts: dict[int, int], rivals: list[int] | None = None) -> bool:
    """Whether the fixed point of the module's docstring leaves a card in a fan, which proves the position lost.

    ``firsts``: for some twins (keyed by the lower card of the two), the one
    that goes up first, so the other goes up second. ``rivals``, when given
    and the position is not proved lost, receives the twins of which both went
    up here only as the first of the two, highest rank first: the cases to
    split on.
    """
    t = board.tables
    fans = board.fans
    where = board.where
    found = board.found
    target_bits = t.target_bits
    filler = t.filler
    twin = t.twin
    chain_of, place_of, width = t.chain_of, t.place_of, t.chain_width
    limit = t.limit
    # counts[chain][place]: the cards of that place up or moved; first[chain], second[chain]: the first
    # place with none of them, with fewer than the chain's width (a pair's foundations are kept larger first)
    if width == 1:
        first = [found[0], found[1], found[2], found[3]]
        second = first[:]
        counts = [bytearray(_ONES[n]) for n in first]
    else:
        first = [max(found[0], found[1]), max(found[2], found[3]), 13, 13]
        second = [min(found[0], found[1]), min(found[2], found[3]), 13, 13]
        counts = [bytearray(_ONES[second[0]]), bytearray(_ONES[second[1]]), bytearray(14), bytearray(14)]
        for chain in (0, 1):
            mine = counts[chain]
            for place in range(first[chain]):
                mine[place] += 1
    first_only = bytearray(52)
    # reached: bit c for a card c that moved, or that is a top (where it lies, with room under the limit)
    reached = 0
    for fan in fans:
        if fan and len(fan) < limit:
            reached |= 1 << fan[-1]
    frontier = [len(fan) - 1 for fan in fans]
    empty_possible = not all(fans)
    left = sum(len(fan) for fan in fans)
    pending = list(range(len(fans)))
    changed = True
    while changed and left:
        changed = False
        still: list[int] = []
        for number in pending:
            fan = fans[number]
            depth = start = frontier[number]
            while depth >= 0:
                card = fan[depth]
                chain, place = chain_of[card], place_of[card]
                if place > first[chain] or (
                    width > 1 and place > second[chain] and (
                        where[twin[card]] == ON_FOUNDATION or firsts.get(min(card, twin[card]), card) != card
                    )
                ):  # it cannot go up
                    if not reached & target_bits[card] and not (filler[card] and empty_possible):
                        still.append(number)
                        break
                elif width > 1 and place > second[chain]:
                    first_only[card] = 1
                reached |= 1 << card
                mine = counts[chain]
                mine[place] += 1
                while mine[first[chain]]:
                    first[chain] += 1
                while mine[second[chain]] >= width:
                    second[chain] += 1
                depth -= 1
            if depth != start:
                changed = True
                left -= start - depth
                frontier[number] = depth
                if depth < 0:
                    empty_possible = True
                elif depth < limit - 1:
                    reached |= 1 << fan[depth]
        pending = still
    if rivals is not None and not left:
        rivals[:] = sorted(
            (card for card in range(52) if first_only[card] and card < twin[card] and first_only[twin[card]]),
            key=lambda card: -place_of[card],
        )
    return left > 0
