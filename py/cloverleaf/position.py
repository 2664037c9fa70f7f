"""Positions and moves: immutable values, hashable and cheap to copy.

A :class:`Position` holds the fans (each a tuple of cards from the bottom of the
fan to its top), how many cards lie on each foundation (indexed by suit), the
redeals left, and the deal number that seeds redeal shuffles. A :class:`Move` is a
card and a destination; the card alone says where it comes from, because every
card is unique.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import card_str

FOUNDATION = -1
REDEAL_DEST = -2


class Move(NamedTuple):
    """``card`` goes to ``dest``: a fan index (0-based), FOUNDATION, or a redeal."""

    card: int
    dest: int

    @property
    def is_redeal(self) -> bool:
        return self.dest == REDEAL_DEST

    def __str__(self) -> str:
        if self.dest == REDEAL_DEST:
            return "redeal"
        where = "F" if self.dest == FOUNDATION else str(self.dest + 1)
        return f"{card_str(self.card)}>{where}"


REDEAL = Move(-1, REDEAL_DEST)


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a game. Fans are numbered from 0 here and from 1 in text.

    ``deal`` is the deal number that seeds redeal shuffles; it is 0 in games
    without redeals, so that equal layouts are equal positions there.
    """

    fans: tuple[tuple[int, ...], ...]
    foundations: tuple[int, int, int, int]
    redeals_left: int = 0
    deal: int = 0

    def cards_in_fans(self) -> int:
        return sum(len(fan) for fan in self.fans)

    def find(self, card: int) -> int | None:
        """The index of the fan holding ``card``, or None."""
        for index, fan in enumerate(self.fans):
            if card in fan:
                return index
        return None
