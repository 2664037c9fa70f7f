"""How promising a position looks: the cost that orders a best-first search, and its parts.

A cost only orders the search (lower first); no proof reads it, so a change
here changes which positions are expanded first and the node counts, never
what is proved.
"""

from __future__ import annotations

from . import general_moves
from .board import Board


def buried(board: Board) -> int:
    """How many cards lie over the next card of each foundation (a heuristic)."""
    fans = board.fans
    where = board.where
    order = board.tables.order
    found = board.found
    total = 0
    for suit in (0, 1, 2, 3):  # a tuple, not range(4): this runs for most nodes
        card = order[suit][found[suit]]
        if card >= 0:
            fan = fans[where[card]]
            total += len(fan) - 1 - fan.index(card)
    return total

def misplaced(board: Board) -> int:
    """How many cards lie above an earlier card of their own suit in their fan (a heuristic).

    Each of them must leave its fan before it can go up, and where fans
    are capped that takes room: a lower bound on the moves onto fans still
    to be made. Each fan's count is worked out once, the first time that
    fan is met (:class:`MisplacedByFan`): a search meets the same few
    hundred fans again and again (409 in the 100,000 nodes of Shamrocks II
    deal 3), and a look-up costs far less than the count.
    """
    return sum(map(board.tables.misplaced_by_fan.__getitem__, board.fans))

def cost(board: Board) -> int:
    """How promising this position looks, lower first (a heuristic that only orders the search).

    Four times the cards left in the fans plus :func:`buried`, plus twice
    :func:`misplaced` where fans are capped and any suit builds on any
    (Shamrocks); before the last redeal, the redeals left come first.
    docs/solver.md has what the misplaced cards and other costs did.
    """
    if board.general:
        return general_moves.cost(board)  # type: ignore[arg-type]
    left = 52 - board.found[0] - board.found[1] - board.found[2] - board.found[3]
    if board.redeals_left:  # not settled (not the property: this runs for most nodes)
        return 1000 * board.redeals_left + 4 * left + buried(board)
    if board.tables.counts_misplaced:
        return 4 * left + buried(board) + 2 * misplaced(board)
    return 4 * left + buried(board)
