"""Positions and moves: immutable values, hashable and cheap to copy.

A :class:`Position` holds the fans (each a tuple of cards from the bottom of the
fan to its top), how many cards lie on each foundation (indexed by suit, or in
games whose foundations do not build in suit by the suit of their base), the
redeals left, and the deal number that seeds redeal shuffles; in the games that
have them, the free cells, the draws left, and the top card of each foundation
where the count alone does not say which card it is. A :class:`Move` is a card
and a destination; the card alone says where it comes from, because every card
is unique.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import card_str

FOUNDATION = -1
REDEAL_DEST = -2
CELL = -3
"""A move's destination "a free cell" (the first empty one), and where :meth:`Position.find` finds a card in a cell."""
NO_CARD = -1
"""An empty free cell, or an empty foundation in :attr:`Position.tops`."""


class Move(NamedTuple):
    """``card`` goes to ``dest``: a fan index (0-based), FOUNDATION, CELL, or a redeal.

    A card that is not a fan's top moves with the cards on it (a run, in the
    games that move runs). ``draw``: the card lies under a fan's top and is
    drawn from there (Three Shuffles and a Draw).
    """

    card: int
    dest: int
    draw: bool = False

    @property
    def is_redeal(self) -> bool:
        return self.dest == REDEAL_DEST

    def __str__(self) -> str:
        if self.dest == REDEAL_DEST:
            return "redeal"
        where = "F" if self.dest == FOUNDATION else "cell" if self.dest == CELL else str(self.dest + 1)
        return f"{'draw:' if self.draw else ''}{card_str(self.card)}>{where}"


REDEAL = Move(-1, REDEAL_DEST)


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a game. Fans are numbered from 0 here and from 1 in text.

    ``deal`` is the deal number that seeds redeal shuffles; it is 0 in games
    without redeals, so that equal layouts are equal positions there.
    ``cells``: one entry a free cell, a card or :data:`NO_CARD` (empty in games
    without cells). ``draws_left``: the draws still allowed. ``tops``: where
    foundations do not build in suit, the top card of each (or
    :data:`NO_CARD`); empty elsewhere, where the counts say it.
    """

    fans: tuple[tuple[int, ...], ...]
    foundations: tuple[int, int, int, int]
    redeals_left: int = 0
    deal: int = 0
    cells: tuple[int, ...] = ()
    draws_left: int = 0
    tops: tuple[int, ...] = ()

    def cards_in_fans(self) -> int:
        return sum(len(fan) for fan in self.fans)

    def find(self, card: int) -> int | None:
        """The index of the fan holding ``card``, :data:`CELL` for a card in a free cell, or None (a foundation)."""
        for index, fan in enumerate(self.fans):
            if card in fan:
                return index
        if card in self.cells:
            return CELL
        return None

    def free_cells(self) -> int:
        """How many free cells are empty."""
        return self.cells.count(NO_CARD)
