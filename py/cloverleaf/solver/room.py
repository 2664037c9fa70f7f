"""Room: some card in a fan can never reach its foundation for want of room, which proves the position lost.

For settled positions of games whose fans hold three cards at most, whose
empty fans stay empty and where any suit builds on any suit (Shamrocks).
:func:`room_lost` is the proof, with its argument; :func:`room_kept` spares it
where the move that found a position cannot have changed its answer.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step


def applies(board: Board) -> bool:
    """Games of fans of three that stay empty once emptied, building in any suit (``Tables.room``)."""
    return board.tables.room


def room_lost(board: Board, held_cards: list[int] | None = None) -> bool:
    """Whether some card in a fan can never reach its foundation for want of room.

    For settled positions of games whose fans are capped at three cards and
    whose empty fans stay empty, where any suit builds on any suit
    (Shamrocks). Like :func:`.schedule.schedule_lost`, a greedy fixed point of events that
    every win needs in order; here they follow where a card can sit with
    room above it, which is what decides these games.

    Take a win W from here that never moves the only card of a fan onto
    another fan (the shortest win is one: see :func:`.moves.worth_searching`). Then a card at
    the bottom of a fan (depth 0) stays there until it goes to its
    foundation, and no card ever arrives at depth 0 (an empty fan takes
    nothing). A card is a *receiver* when it is the top of a fan with room,
    that is at depth 1 or less. So in W:

    - a card is a receiver in its own place only once every card above it
      has left and it lies at depth 1 or less; elsewhere only by arriving
      there, on a bottom card left alone. Call the least depth at which a
      card can be a top, by either way, its ``low``;
    - a card above the bottom first leaves its place once every card above
      it has left, onto a receiver among its targets or to its foundation;
      a bottom card leaves only to its foundation;
    - a card reaches its foundation once every card above it has left and
      its predecessor is on the foundation or reaches it;
    - a foundation card comes back (where the rules allow it) only when
      every card above it on its foundation has come back first, onto a
      receiver among its targets.

    Every condition is necessary, and each only gets easier as more events
    are known, so the least fixed point holds every event of every such W;
    a card in a fan that never reaches its foundation there proves the
    position lost.

    How it is reached. Any suit builds on any suit, so what a card needs
    is a receiver of the rank above or below it, and only the least ``low``
    of each rank is ever read; only whether it is 0, 1 or more matters. So
    two sets of ranks (bits of an int) hold it: ``top0``, the ranks of
    which a card can be a top at depth 0, and ``top1``, at depth 1 or less.
    A card can leave where a rank next to its own is in ``top1``
    (``reach1``: ``top1`` shifted one rank either way), and lands at depth 1
    where one is in ``top0`` (``reach0``); a rank of which a card can leave
    joins ``top1`` once it is in ``reach0``. A sweep walks each fan not done
    down from its frontier while its cards can leave, the sets growing as
    it goes, and sweeps repeat until one changes nothing (2.3 of them on
    average in a long Shamrocks search). Cards reach their foundations in
    suit order, so the cards up are a count per suit, and a card that
    could leave earlier goes up as soon as its predecessor does. Once no
    card above a bottom card is still held, every card gets up: each
    suit's next card can either leave, or is a bottom card uncovered,
    which goes up once its predecessor has. Each fan's cards, with their
    ranks' bits, are worked out once per fan (:class:`.tables.FanCards`): a search
    meets the same fans again and again.
    """
    t = board.tables
    found = board.found
    order = t.order
    cards_of = t.fan_cards
    top0 = top1 = leaving = 0  # leaving: the ranks of which some card can leave its place
    up = [found[0], found[1], found[2], found[3]]
    left = 52 - up[0] - up[1] - up[2] - up[3]
    could_leave = bytearray(52)
    todo = []
    for fan in board.fans:
        if fan:
            cards = cards_of[fan]
            todo.append(cards)
            if len(fan) == 1:
                top0 |= cards[0][1]
            elif len(fan) == 2:
                top1 |= cards[0][1]
    top1 |= top0
    # the next foundation card of each suit to come back, by its place on the foundation (-1: none)
    back = [up[0] - 1, up[1] - 1, up[2] - 1, up[3] - 1] if board.returns else None
    reach0 = (top0 << 1) | (top0 >> 1)
    reach1 = (top1 << 1) | (top1 >> 1)
    while True:
        before = (reach0, reach1, left)
        held: list[tuple[tuple[int, int, int, int, int], ...]] = []
        upper_held = False  # whether a card above a bottom card could not leave in this sweep
        for cards in todo:
            for card, bit, suit, place, depth in cards:
                if not depth:
                    if not top0 & bit:
                        top0 |= bit
                        top1 |= bit
                        reach0 = (top0 << 1) | (top0 >> 1)
                        reach1 = (top1 << 1) | (top1 >> 1)
                elif depth == 1 and not top1 & bit:
                    top1 |= bit
                    reach1 = (top1 << 1) | (top1 >> 1)
                next_up = up[suit]
                if place >= next_up:  # not up yet
                    if place == next_up:  # it goes up, and so do the cards after it that could leave
                        next_up += 1
                        left -= 1
                        suit_order = order[suit]
                        while next_up < 13 and could_leave[suit_order[next_up]]:
                            next_up += 1
                            left -= 1
                        up[suit] = next_up
                        if not left:
                            return False
                    elif not depth:  # a bottom card leaves only to its foundation
                        held.append(cards[cards[0][4] - depth :])
                        break
                    elif not reach1 & bit:
                        held.append(cards[cards[0][4] - depth :])
                        upper_held = True
                        break
                could_leave[card] = 1
                leaving |= bit
                if reach0 & bit and not top1 & bit:
                    top1 |= bit
                    reach1 = (top1 << 1) | (top1 >> 1)
        if not upper_held:
            return False
        todo = held
        if back is not None:
            for suit in (0, 1, 2, 3):
                place = back[suit]
                while place >= 0:
                    card = order[suit][place]
                    bit = 1 << card % 13
                    if not reach1 & bit:
                        break
                    could_leave[card] = 1
                    leaving |= bit
                    place -= 1
                back[suit] = place
        gained = leaving & reach0 & ~top1
        if gained:
            top1 |= gained
            reach1 = (top1 << 1) | (top1 >> 1)
        if (reach0, reach1, left) == before:
            if held_cards is not None and left:
                held_cards[:] = [cards[0][0] for cards in held]
            return left > 0


def room_kept(board: Board, step: Step) -> bool:
    """Whether :func:`room_lost` is sure to answer no here, ``step`` having led here from a position where it did.

    Its fixed point only grows with what it starts from (the cards up and
    the foundation cards free to come back, and each fan's top as a
    receiver at its depth), and holds at once whatever a card that can
    leave at once brings. Call P the position before the step and C this
    one; C's fixed point holds all of P's, where every card reached its
    foundation, in two cases:

    - a foundation card x came back onto a fan: it is its suit's next card,
      on top, so in C it goes up at once, uncovering what it covers; from
      there C has all P had, and the card under x on its foundation may
      come back without waiting for x. So every return;
    - x moved from fan A onto y in fan B and can leave at once in C: it is
      its suit's next card, or another fan's top at depth 0 or 1 is one
      rank from it. Then y is uncovered at once, as P had it, and the card
      x covered in A is a top from the start (in P once x left, which it
      could at once, onto y). x was a top at its depth in A and is one in
      B, so B must not hold it deeper: a move from depth 1 to depth 2, where
      x would be a receiver no more, is not such a case.

    A card sent up is no such case, even from a full fan's top where it
    was no receiver: the foundation card it covers can no longer come
    back before it does (Shamrocks deal 820 meets one where that was the
    only way left). A search meets these cases at some half of the
    positions it expands, and the proof is the dearest part of expanding one.
    """
    card, source, dest = step
    fans = board.fans
    if source == ON_FOUNDATION:
        return True
    if dest < 0 or len(fans[dest]) > len(fans[source]) + 1:
        return False
    if board.found[card // 13] == board.tables.index[card]:
        return True
    rank = card % 13
    return any(0 < len(fan) < 3 and fan[-1] != card and fan[-1] % 13 - rank in (1, -1) for fan in fans)


def held(board: Board) -> list[int] | None:
    """A witness of :func:`room_lost`: the cards that never leave their places (with every card beneath them).

    None where it proves nothing. Only asked for after a verdict (:mod:`.why`).
    """
    if not applies(board) or not board.settled:
        return None
    cards: list[int] = []
    return sorted(cards) if room_lost(board, cards) else None
