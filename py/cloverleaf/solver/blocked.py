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
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step


def applies(board: Board) -> bool:
    """Settled positions of the general board's games that move one card at a time, with no draw left
    (the proofs run only in settled positions; the draw is looked at per position)."""
    t = board.tables
    return board.general and not t.runs and not t.cells


def lost_after(board: Board, step: Step) -> bool:
    """Whether the card ``step`` placed on a fan can never move again."""
    card, _source, dest = step
    if dest < 0 or dest >= len(board.fans) or board.draws_left:  # type: ignore[attr-defined]
        return False
    fan = board.fans[dest]
    at = fan.find(card)
    return at > 0 and stuck(board, card, fan, at)


def lost_here(board: Board) -> bool:
    """Whether some card in a fan can never move."""
    return witness(board) is not None


def stuck(board: Board, card: int, fan: bytes, at: int) -> bool:
    """Whether ``card``, at depth ``at`` of ``fan`` (0 the bottom), can never move (the module's argument)."""
    t = board.tables
    if t.filler[card]:
        return False
    beneath = fan[:at]
    where = board.where
    for target in t.targets[card]:
        if where[target] != ON_FOUNDATION and target not in beneath:
            return False
    for place in t.requires[card]:
        for needed in place:
            if needed not in beneath:
                break
        else:
            return True
    return False


def witness(board: Board) -> list[int] | None:
    """A card that can never move, then the cards beneath it that it waits for; None where no card is so."""
    if not applies(board) or not board.settled or board.draws_left:  # type: ignore[attr-defined]
        return None
    t = board.tables
    for fan in board.fans:
        for at in range(1, len(fan)):
            card = fan[at]
            if stuck(board, card, fan, at):
                beneath = fan[:at]
                waits = [needed for place in t.requires[card] if all(c in beneath for c in place) for needed in place]
                return [card, *dict.fromkeys(waits), *(target for target in t.targets[card] if target in beneath)]
    return None
