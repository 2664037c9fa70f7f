"""Proof: a card that can never move, in the games :mod:`.general` plays one card at a time.

A card moves only as its fan's top (no run carries it, no free cell takes it,
no draw is left), to its foundation, onto one of its targets, or to an empty
fan. Its foundation takes it only after a card of each lower place: on a
foundation in suit the card's lower cards of its suit; on foundations in
alternate colours, for each lower rank one of the two cards of the colour the
foundation asks for there. If every card of some such place lies beneath it
in its own fan, and every target lies beneath it there too or on its
foundation (where, with no returns, it stays), and it may not fill an empty
fan, then each way out waits for a card that waits for it: it never moves,
and the position is lost. :mod:`.dead_ends` is this argument for the first
eight games, for the card just placed and its one predecessor; here every
card is looked at, on expansion and at the start, and the card just placed
after each step.

Twins (Scotch Patience, foundations in alternate colours): the two cards of
a rank and colour go one on each foundation of their pair, so the second of
them to go up finds both foundations at its count: every card of the lower
places of the pair, both twins of each, is up by then (``Tables.both_below``).
A card whose twin is up is that second one; and of two twins that both lie
in fans, one is. So a card that may leave its place only for its foundation
(every target beneath it or up, no empty fan to fill) and has a card of
``both_below`` beneath it can never go up second: where its twin is up it
never moves, and where its twin lies in a fan in the same state, neither of
the two can be the second, and the position is lost all the same.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step


def applies(board: Board) -> bool:
    """Settled positions of the general board's games that move one card at a time, with no draw left
    (the proofs run only in settled positions; the draw is looked at per position)."""
    t = board.tables
    return board.general and not t.runs and not t.cells


def lost_after(board: Board, step: Step) -> bool:
    """Whether the card ``step`` placed on a fan can never move again (or, a twin, never go up second)."""
    card, _source, dest = step
    if dest < 0 or dest >= len(board.fans) or board.draws_left:  # type: ignore[attr-defined]
        return False
    fan = board.fans[dest]
    at = fan.find(card)
    return at > 0 and (stuck(board, card, fan, at) or twins_stuck(board, card, fan, at))


def kept(board: Board, step: Step) -> bool:
    """Whether :func:`lost_here` is sure to answer no here, ``step`` having led here from a position where it did.

    A move of a card x from one fan onto another (no foundation move after it,
    no draw) changes only what lies beneath x: each other card keeps the cards
    beneath it, its targets and its twin where they were. So only x, and x
    with its twin, can be newly stuck, and :func:`lost_after` looked at those
    when the position was found. A card sent up may leave others with no
    target, and a draw was made from a position the proof did not look at.
    """
    _card, source, dest = step
    fans = len(board.fans)
    return 0 <= source < fans and 0 <= dest < fans


def lost_here(board: Board) -> bool:
    """Whether some card in a fan can never move, or two twins can neither go up second."""
    return witness(board) is not None


def only_up(board: Board, card: int, beneath: bytes) -> bool:
    """Whether ``card``, with ``beneath`` under it in its fan, may leave its place only for its foundation."""
    t = board.tables
    if t.filler[card]:
        return False
    where = board.where
    return all(where[target] == ON_FOUNDATION or target in beneath for target in t.targets[card])


def stuck(board: Board, card: int, fan: bytes, at: int) -> bool:
    """Whether ``card``, at depth ``at`` of ``fan`` (0 the bottom), can never move (the module's argument)."""
    beneath = fan[:at]
    if not only_up(board, card, beneath):
        return False
    t = board.tables
    for place in t.requires[card]:
        for needed in place:
            if needed not in beneath:
                break
        else:
            return True
    twin = t.twin[card]
    return twin >= 0 and board.where[twin] == ON_FOUNDATION and _second_waits(t.both_below[card], beneath)


def twins_stuck(board: Board, card: int, fan: bytes, at: int) -> bool:
    """Whether ``card`` and its twin, both in fans, may each leave only for the foundation and neither go up second."""
    t = board.tables
    twin = t.twin[card]
    if twin < 0:
        return False
    where = board.where
    holder = where[twin]
    if holder == ON_FOUNDATION:
        return False
    beneath = fan[:at]
    if not (_second_waits(t.both_below[card], beneath) and only_up(board, card, beneath)):
        return False
    other = board.fans[holder]
    below = other[:other.index(twin)]
    return _second_waits(t.both_below[twin], below) and only_up(board, twin, below)


def _second_waits(needed: tuple[int, ...], beneath: bytes) -> bool:
    return any(card in beneath for card in needed)


def witness(board: Board) -> list[int] | None:
    """A card that can never move, then the cards beneath it that it waits for; two twins that can neither go
    up second, each then a card beneath it that must be up first; None where no card is so."""
    if not applies(board) or not board.settled or board.draws_left:  # type: ignore[attr-defined]
        return None
    t = board.tables
    twins = t.twin[0] >= 0
    for fan in board.fans:
        for at in range(1, len(fan)):
            card = fan[at]
            if stuck(board, card, fan, at):
                beneath = fan[:at]
                waits = [needed for place in t.requires[card] if all(c in beneath for c in place) for needed in place]
                if not waits:
                    waits = [needed for needed in t.both_below[card] if needed in beneath][:1]
                return [card, *dict.fromkeys(waits), *(target for target in t.targets[card] if target in beneath)]
            if twins and card < t.twin[card] and twins_stuck(board, card, fan, at):
                twin = t.twin[card]
                beneath = fan[:at]
                other = board.fans[board.where[twin]]
                below = other[:other.index(twin)]
                return [card, next(c for c in t.both_below[card] if c in beneath),
                        twin, next(c for c in t.both_below[twin] if c in below)]
    return None
