"""Room for equal ranks: some card can never reach its foundation for want of a card of its rank to go onto.

For settled positions of Troika: fans build by equal rank, hold three cards
at most, stay empty once emptied, and cards move one at a time to their
foundations in suit. :mod:`.room` is this argument for the Shamrocks, whose
cards go onto a rank next to their own; here a card goes onto a card of its
own rank, never onto itself, so what is kept is a set of cards, not ranks.
"""

from __future__ import annotations

from ..rules import Build
from .board import Board, Step


def applies(board: Board) -> bool:
    """Troika's kind: the general board's equal-rank games of capped fans that stay empty, one card at a time."""
    t = board.tables
    return bool(board.general and t.alike and t.limit == 3 and t.dead_empties and not t.runs
                and board.rules.build is Build.SAME_RANK and board.rules.suit_foundations)


def room_lost(board: Board, held: list[int] | None = None) -> bool:
    """Whether some card in a fan can never reach its foundation for want of room (the module's argument).

    Take a win W from here that never moves the only card of a fan onto
    another fan (the shortest win is one: see :func:`.general_moves.worth_searching`).
    A card at the bottom of a fan (depth 0) then stays there until it goes up,
    and no card ever arrives at depth 0 (an empty fan takes nothing). A card
    is a *receiver* while it is the top of a fan with room: at depth 0 or 1,
    with a fan limit of three. In W:

    - a card is a receiver in its own place only once every card above it
      has left and it lies at depth 1 or less; elsewhere only by arriving at
      depth 1, onto a receiver at depth 0;
    - a card above the bottom first leaves its place once every card above
      it has left, to its foundation or onto a receiver of its rank other
      than itself; a bottom card leaves only to its foundation;
    - a card reaches its foundation once every card above it has left and
      its predecessor there is up or goes up (Troika has no returns).

    Every condition is necessary and only gets easier as more events are
    known, so the least fixed point of them holds every event of every such
    W; a card that never reaches its foundation there proves the position
    lost. ``receivers`` and ``bottoms`` hold, as bits of an int (bit c for
    card c), the cards that can be receivers, and those that can be
    receivers at depth 0. A sweep walks each fan down from its frontier
    while its cards can leave or go up; sweeps repeat until one changes
    nothing. ``held``, when given, receives the top card of each fan's part
    that never leaves (the witness).
    """
    t = board.tables
    found = board.found
    order = t.order
    index = t.index
    fans = [fan for fan in board.fans if fan]
    up = [found[0], found[1], found[2], found[3]]
    left = 52 - up[0] - up[1] - up[2] - up[3]
    receivers = bottoms = 0
    for fan in fans:
        if len(fan) == 1:
            bottoms |= 1 << fan[0]
        if len(fan) <= 2:
            receivers |= 1 << fan[-1]
    receivers |= bottoms
    rank_of = _RANK_MASKS
    could_leave = bytearray(52)
    frontier = [len(fan) - 1 for fan in fans]
    todo = list(range(len(fans)))
    while True:
        changed = False
        still: list[int] = []
        for number in todo:
            fan = fans[number]
            depth = frontier[number]
            while depth >= 0:
                card = fan[depth]
                bit = 1 << card
                if depth == 0:
                    bottoms |= bit
                if depth <= 1:
                    receivers |= bit
                suit = card // 13
                next_up = up[suit]
                place = index[card]
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
                elif place > next_up:
                    if depth == 0 or not receivers & rank_of[card] & ~bit:
                        break
                    could_leave[card] = 1
                    if bottoms & rank_of[card] & ~bit:  # it can arrive at depth 1, a receiver there
                        receivers |= bit
                depth -= 1
            if depth != frontier[number]:
                frontier[number] = depth
                changed = True
            if depth >= 0:
                still.append(number)
        todo = still
        if not changed or not todo:
            break
    if left and held is not None:
        held[:] = [fans[number][frontier[number]] for number in todo]
    return left > 0


_RANK_MASKS = [sum(1 << other for other in range(52) if other % 13 == card % 13) for card in range(52)]


def kept(board: Board, step: Step) -> bool:
    """Whether :func:`room_lost` is sure to answer no here, ``step`` having led here from a position where it did.

    As :func:`.room.room_kept`: ``step`` moved a card x from fan A onto fan
    B (no foundation move after it) and x can leave at once: it is next on
    its foundation, or another card of its rank tops another fan at depth 0
    or 1. Then the fixed point here holds all it held before: x leaves
    first, A's next card is a top at its depth and B's top a receiver again,
    as before the step. x was a receiver at its depth in A, so B must not
    hold it deeper. A card sent up is no such case (it is no receiver any
    more).
    """
    card, source, dest = step
    fans = board.fans
    if not (0 <= source < len(fans) and 0 <= dest < len(fans)) or len(fans[dest]) - 1 > len(fans[source]):
        return False
    if board.takes(card):  # type: ignore[attr-defined]
        return True
    rank = card % 13
    return any(0 < len(fan) < 3 and fan[-1] != card and fan[-1] % 13 == rank for number, fan in enumerate(fans)
               if number != dest)


def lost_here(board: Board) -> bool:
    """The proof as a settled board's check (:mod:`.proofs`)."""
    return room_lost(board)


def held_cards(board: Board) -> list[int] | None:
    """A witness of :func:`room_lost`: the top card of each fan's part that never leaves; None where it proves
    nothing. Only asked for after a verdict (:mod:`.why`)."""
    if not applies(board) or not board.settled:
        return None
    cards: list[int] = []
    return sorted(cards) if room_lost(board, cards) else None
