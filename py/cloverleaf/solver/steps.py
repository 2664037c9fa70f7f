"""A step, the board's move, as the search's table keeps it and as the engine plays it.

A step is ``(card, source, dest)`` (see :mod:`.board`); the table keeps it
packed in one int, with :data:`AUTOPLAYED` set where foundation moves
followed it, and a solution is handed out as engine moves.
"""

from __future__ import annotations

from typing import NamedTuple

from ..position import CELL, REDEAL, REDEAL_DEST, Move

REDEAL_STEP = REDEAL_DEST  # -2: a redeal as a step's destination (the board's name for it)
Step = tuple[int, int, int]
AUTOPLAYED = 1 << 18  # in a packed step: foundation moves were played after it (see .moves.after)


class Played(NamedTuple):
    """What :meth:`.board.Board.advance` played: the step, the foundation moves that followed, and what undoes it.

    ``rose``: whether a card went up, the only way a position can become won.
    What a search's table keeps of it is :meth:`.board.Board.record`, asked
    only for the positions new to the table, so the steps that lead back to a
    known one never pay for it.
    """

    step: Step
    auto: list[Step]
    saved: object
    pending: int  # :attr:`.board.Board.pending` before the step
    rose: bool


CELL_STEP = 61
"""A free cell as a step's source or destination (:mod:`.general`; six bits with the packing's offset of 2)."""
DRAWN = 32
"""A step's source ``DRAWN + fan``: the card right under that fan's top card, drawn (:mod:`.general`)."""


def pack(step: Step) -> int:
    """A step as one int, as the search's table keeps it (with :data:`AUTOPLAYED` set beside it where it applies)."""
    card, source, dest = step
    return (card & 63) | (source + 2) << 6 | (dest + 2) << 12


def unpack(packed: int) -> Step:
    """The step :func:`pack` packed."""
    return packed & 63, (packed >> 6 & 63) - 2, (packed >> 12 & 63) - 2


def to_move(step: Step) -> Move:
    """The engine's move of a step (a free cell's and a draw's as :mod:`.general` writes them)."""
    card, source, dest = step
    if dest == REDEAL_STEP:
        return REDEAL
    if dest == CELL_STEP:
        return Move(card, CELL)
    return Move(card, dest, DRAWN <= source < CELL_STEP)
