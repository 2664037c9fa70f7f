"""A board seen through some of its suits: the one-suit proof of loss, and the projections the search reads.

A projection keeps some suits and puts the others on their foundations; where
fans build in suit, a lost projection proves the position lost (:mod:`.suits`
has the argument and the one-suit games). The proof registered as ``suits``
looks at one suit at a time: the suit of the card a move placed on a fan (the
only projection such a move changes; the foundation moves played after it are
moves of the one-suit game too), every suit after a redeal and at the start.
The search's projection searches read the pairs and threes here. All of it
only in settled positions of games whose fans build in suit.
"""

from __future__ import annotations

from ..position import Position
from . import suits
from .board import REDEAL_STEP, Board, Step
from .suits import SEPARATOR


def applies(board: Board) -> bool:
    """Games whose fans build in suit (``Tables.suits``)."""
    return board.tables.suits is not None


def lost_after(board: Board, step: Step) -> bool:
    """Whether the projection on the suit of the card ``step`` placed on a fan (every suit after a redeal) is lost.

    The look-up of :meth:`.suits.SuitGames.lost` is written out: this runs for
    most nodes, and a call costs more than the look-up.
    """
    card, _source, dest = step
    if dest >= 0:
        games = board.tables.suits
        assert games is not None
        suit = card // 13
        unsorted = SEPARATOR.join(board.fans).translate(None, games.delete[suit])
        verdict = games.seen.get(unsorted)
        return games.lost_unseen(unsorted, suit) if verdict is None else not verdict
    return dest == REDEAL_STEP and lost_at_start(board)


def lost_at_start(board: Board) -> bool:
    """Whether the projection on some suit is lost."""
    return any(suit_lost(board, suit) for suit in range(4))


def suit_lost(board: Board, suit: int) -> bool:
    """Whether the projection on ``suit`` is lost, which proves this position lost (where the proof applies)."""
    games = board.tables.suits
    return games is not None and board.settled and games.lost(board.fans, suit)


def _projected(board: Board) -> bool:
    return board.tables.suits is not None and board.settled


def pair_projections(board: Board) -> list[Position]:
    """The position seen through each pair of suits (:func:`.suits.pair_projections`), where that proves anything."""
    return suits.pair_projections(board.position()) if _projected(board) else []


def triple_projections(board: Board) -> list[Position]:
    """The position seen through each three suits (:func:`.suits.triple_projections`), where that proves anything."""
    return suits.triple_projections(board.position()) if _projected(board) else []


def pair_keys(board: Board) -> list[tuple[tuple[int, int], bytes]]:
    """The keys of the position's projections on pairs of suits (see :func:`pair_projections`).

    Two positions whose projections on a pair have the same key have the
    same projection there (the fans sorted, as in :meth:`.board.Board.key`),
    so a verdict on one projection holds for every position that projects
    onto it. Empty where :func:`pair_projections` is.
    """
    return suits.pair_keys(board.fans) if _projected(board) else []


def triple_keys(board: Board) -> list[tuple[tuple[int, ...], bytes]]:
    """The keys of the position's projections on three suits, as :func:`pair_keys` for pairs."""
    return suits.triple_keys(board.fans) if _projected(board) else []


def suits_present(board: Board) -> set[int]:
    """The suits with a card in the fans."""
    found = board.found
    return {suit for suit in range(4) if found[suit] < 13}


def projection(board: Board, kept: tuple[int, ...]) -> Position:
    """The position seen through the suits of ``kept`` (a pair or three; the others on their foundations)."""
    return suits.projection(board.position(), kept)
