"""The schedule of first moves: some card in a fan can never move, which proves the position lost.

For settled positions of games whose fans build in suit. :func:`schedule_lost`
is the proof, with its argument; :func:`schedule_kept` spares it where the move
that found a position cannot have changed its answer.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, REDEAL_STEP, Board, Step

AVAILABLE, MOVED = 1, 2  # what schedule_lost knows of a card


def applies(board: Board) -> bool:
    """Games whose fans build in suit, on the board of the first eight games (no free cell, run or draw)."""
    return board.tables.in_suit and not board.general


def schedule_lost(board: Board, frontiers: list[int] | None = None) -> bool:
    """Whether some card in a fan can never move, which proves the position lost.

    A schedule of *first moves*, computed greedily to a fixed point. A card
    can first move only after every card above it has moved; to its
    foundation only when every earlier card of its suit is on the foundation
    or has moved; onto a target only when that target has moved (it is then a
    top somewhere) or every card above the target has moved (in the card's
    own fan the targets beneath it never qualify; under a fan limit nor does
    a target with a full fan's worth of cards under and beneath it, since
    those cannot leave before it); to an empty fan only if it
    may fill one and a fan is empty or every card of another fan has moved.
    Where foundation cards may return, a target on its foundation counts as
    available. Every condition is necessary and gets only easier as more
    cards are scheduled, so the greedy fixed point contains every card that
    can ever move; a card left out never moves, never reaches its
    foundation, and the position is lost. Only used in settled positions.
    ``frontiers``, when given, receives each fan's depth of its top card that
    never moves (-1: every card moves), for :func:`never_move`.
    """
    t = board.tables
    fans = board.fans
    found = board.found
    successor = t.following
    targets = t.targets
    filler = t.filler
    # state[card]: MOVED, or AVAILABLE as a target (an unmoved top below the fan limit's last place,
    # or a card on its foundation where cards may return: the up masks' 1), or 0
    if t.returns:
        masks = t.up_masks
        state = bytearray(masks[0][found[0]] + masks[1][found[1]] + masks[2][found[2]] + masks[3][found[3]])
    else:
        state = bytearray(52)
    if t.capped:
        limit = t.limit
        for fan in fans:
            if fan and len(fan) < limit:
                state[fan[-1]] = AVAILABLE
    else:
        for fan in fans:
            if fan:
                state[fan[-1]] = AVAILABLE
    # frontier[fan]: the depth of its top card not yet moved (-1: all moved). An unmoved target is a
    # top once every card above it has moved, that is when it is its fan's frontier card.
    frontier = [len(fan) - 1 for fan in fans]
    empty_possible = not all(fans)
    # ready[card]: 1 for the next card of each suit to go up, every earlier one up or moved
    masks = t.next_masks
    ready = bytearray(masks[0][found[0]] + masks[1][found[1]] + masks[2][found[2]] + masks[3][found[3]])
    left = 52 - found[0] - found[1] - found[2] - found[3]
    # the fans with a card not yet moved: every fan at first, then those a sweep left stuck
    stuck: range | list[int] = range(len(fans))
    changed = True
    while changed and left:
        changed = False
        still: list[int] = []
        for number in stuck:
            fan = fans[number]
            depth = start = frontier[number]
            while depth >= 0:
                card = fan[depth]
                if ready[card]:  # it goes up, and so may the next card of its suit not moved yet
                    following = successor[card]
                    while following >= 0 and state[following] == MOVED:
                        following = successor[following]
                    if following >= 0:
                        ready[following] = 1
                else:
                    for target in targets[card]:
                        if state[target]:
                            break
                    else:
                        if not (filler[card] and empty_possible):
                            still.append(number)
                            break
                state[card] = MOVED
                depth -= 1
            if depth != start:
                changed = True
                left -= start - depth
                frontier[number] = depth
                # the card uncovered is a top now, below the last place (the cards uncovered on the
                # way moved: no other fan was looked at in between)
                if depth >= 0:
                    state[fan[depth]] = AVAILABLE
                else:
                    empty_possible = True
        stuck = still
    if frontiers is not None:
        frontiers[:] = frontier if left else [-1] * len(fans)
    return left > 0


def schedule_kept(board: Board, step: Step) -> bool:
    """Whether :func:`schedule_lost` answers no here for sure, after ``step`` from a position where it did.

    Call P the position before the step and C this one, reached by the
    step alone (no foundation move after it). P's schedule holds every
    card; so does C's when one of these holds:

    - the step sent a card x up. Take P's schedule without x: each card's
      conditions hold in C at the same point. The cards above it and
      its targets are as in P, less x; its suit's earlier cards are up
      or moved as before, x now up. A card whose target was x is of x's
      suit and one rank from it: the one before x on the foundation is
      up already, and the one after it may go up at once in C, which is
      more than a target gives;
    - x moved from fan A onto fan B (onto y, or into B empty) and can
      leave again at once in C: it goes up next in its suit, or one of
      its targets is another fan's top, or it may fill an empty fan and
      one is empty. Schedule x first in C: then A is as P had it once x
      had moved (the card x covered is a top), B as P had it (y a top
      again, or B empty), and every later card of P's schedule meets
      its conditions in C where it met them in P.

    A card uncovered in C being a top from the start, and a fan emptied
    being empty, only help, and no game whose fans build in suit caps
    them, so no fan limit enters. A redeal is no such case: the position
    before it was not settled, so the proof never ran there. Most such
    moves can leave again at once because the card can go back onto the
    card it covered (building there runs up or down).
    """
    card, _source, dest = step
    if dest == REDEAL_STEP:
        return False
    if dest == ON_FOUNDATION:
        return True
    t = board.tables
    if board.found[card // 13] == t.index[card]:
        return True
    fans, where = board.fans, board.where
    for target in t.targets[card]:
        holder = where[target]
        if holder >= 0 and fans[holder][-1] == target:
            return True
    return t.filler[card] and not all(fans)


def never_move(board: Board) -> list[int] | None:
    """A witness of :func:`schedule_lost`: the fewest cards it shows can never move, the top one of their fans each.

    Every card of a fan from its frontier down (``frontiers``) never moves.
    A top one c waits for its predecessor's way up (the first card of that
    chain that never moves), for a target, each of which lies beneath a
    frontier card (a frontier card is a top once the cards above it have
    moved, so a target), and, if it may fill an empty fan, for a fan to
    empty, which none does. Starting from one top card and adding the top
    card of each fan holding what it waits for gives a set that no card
    leaves first: whichever moved first would need a card beneath one of
    them. The smallest such set over the top cards; None where the schedule
    proves nothing. Only asked for after a verdict (:mod:`.why`).
    """
    if not applies(board) or not board.settled:
        return None
    frontiers: list[int] = []
    if not schedule_lost(board, frontiers):
        return None
    t, fans, where = board.tables, board.fans, board.where
    tops = {number: fans[number][depth] for number, depth in enumerate(frontiers) if depth >= 0}

    def stays(card: int) -> bool:  # at or beneath its fan's frontier
        fan = where[card]
        return fan >= 0 and fans[fan].index(card) <= frontiers[fan]

    def waits_for(card: int) -> set[int]:
        if t.filler[card]:
            return set(tops.values())
        fans_of = set()
        before = t.previous[card]
        while before >= 0 and where[before] >= 0 and not stays(before):
            before = t.previous[before]
        if before >= 0 and where[before] >= 0:
            fans_of.add(where[before])
        fans_of.update(where[target] for target in t.targets[card] if where[target] >= 0)
        return {tops[number] for number in fans_of}

    best: list[int] | None = None
    for top in tops.values():
        found, todo = {top}, [top]
        while todo:
            for card in waits_for(todo.pop()) - found:
                found.add(card)
                todo.append(card)
        if best is None or len(found) < len(best):
            best = sorted(found)
    return best
