"""Redeals as a player uses them: a hint redeals only when no card can move, or when only a redeal now wins.

Why. In the games with redeals (Trefoil, La Belle Lucie) a redeal's shuffle is
seeded by the game, the deal and the redeal's number (:func:`.engine.redeal_seed`),
so the solver knows where every card will land and treats the redeal as one
more move. Its cost favours the positions with fewer redeals left, and its
first solution often starts with a redeal while ordinary moves are there. A
player cannot know the shuffle, and spends a redeal only when stuck: a hint
that redeals at once reads like a cheat, and spends a redeal before a card is
played.

So a hint first searches for a win whose first decision is not a redeal: the
search is the hint's own with the position a redeal now leads to counted as
lost (its ``known_lost``, beside the game's history). Only where that search
proves there is none does the hint search with the redeal, and then it says
so (``needed``); where no card can move, the redeal is the only move
(``stuck``). A plan whose next decision is a redeal where a card can move
(a rating's solution, an earlier hint's) is not hinted as it is: the hint
searches as above first. Where cards build regardless of suit, the plan's
redeal is hinted after that search when the win it finds moves cards only to
and fro before it redeals, or it finds none within its budget
(``movesAbout``): there a card can nearly always be moved, and hints that
searched again at each redeal moved cards about for ever.
"""

from __future__ import annotations

from ..engine import can_redeal, legal_moves
from ..position import Move, Position
from ..rules import Rules
from .board import REDEAL_STEP, Board
from .tables import tables_for

STUCK = "stuck"
NEEDED = "needed"
# Where cards build regardless of suit a card can nearly always be moved to and fro, so a win that
# moves a card first is nearly always there: a proven plan's redeal is hinted where the win found
# first only moves cards about before it redeals, or none was found (Coach._questioned_redeal_stays).
MOVES_ABOUT = "movesAbout"


def only_redeal(rules: Rules, position: Position) -> bool:
    """Whether a redeal is the only move: no card can move, and a redeal is allowed."""
    return can_redeal(position) and all(move.is_redeal for move in legal_moves(rules, position))


def unproved_redeal(rules: Rules, position: Position, move: Move | None) -> bool:
    """Whether ``move`` is a redeal a card could be moved instead of: a hint must search before it suggests one."""
    return move is not None and move.is_redeal and not only_redeal(rules, position)


def redeal_now_key(rules: Rules, position: Position, forced_autoplay: bool = False) -> bytes | None:
    """The search's key of the position a redeal now leads to, where a card could move instead; else None.

    A search that counts it lost finds only wins whose first decision is no
    redeal (the board plays the foundation moves it plays at once first, as
    the search does).
    """
    if not can_redeal(position) or only_redeal(rules, position):
        return None
    board = Board(tables_for(rules), position, forced_autoplay=forced_autoplay)
    board.settle()
    if not board.redeals_left or not any(board.fans):
        return None
    board.advance((-1, -1, REDEAL_STEP))
    return board.key()


def redeal_reason(rules: Rules, position: Position, move: Move | None, needed: bool) -> str | None:
    """Why a hint's ``move`` made at ``position`` redeals: ``stuck`` (no card can move), ``needed``; None otherwise.

    ``needed``: the hint proved that no win avoids redealing now.
    """
    if move is None or not move.is_redeal:
        return None
    if only_redeal(rules, position):
        return STUCK
    return NEEDED if needed else None
