"""Prefix projections: a proof that a position is lost from the next few cards of two or three suits.

A pair projection (:mod:`.suits`) keeps every card of two suits; where it is
lost, its search must still exhaust every way of shuffling the cards that do
not matter, the low ones that go up last. Clover Leaf deal 660 is lost
because QH lies under TD and JD, QD under TH, and TH's only way off QD is
onto JH, where it is buried for good; the search of the hearts-and-diamonds
projection went through 134,000 positions of the other twenty cards to see
it. The projection on the next four cards of each of those suits has seven
cards, and its search proves it lost in 3 nodes. Nothing below depends on
how many suits are kept: the search also climbs the prefixes of three suits
(see :class:`.search.Search`).

Names:

- the *prefix* of a suit: the next ``k`` cards its foundation takes. A
  *prefix projection* keeps, in every fan, only the cards of the prefixes of
  its suits (in their order), with every other suit on its foundation.
- The prefix cards are *renamed* so that the projection is a position of the
  same game: each suit's foundation holds ``13 - k`` cards, and the prefix
  cards become its last ``k`` cards, in their order (the foundation's
  ``found + i``-th card becomes its ``13 - k + i``-th). One empty fan is added
  for each suit whose prefix is not the whole rest of it.

Why a lost prefix projection proves the position lost. Only for games whose
fans build in suit, one rank up or down or one down (every in-suit game here),
in settled positions, where the last card a foundation takes may fill an empty
fan (a King or an Ace, in every such game here; :func:`applies`). Take a win W
of the real position and keep only the moves of prefix cards, renamed:

- a prefix card moves onto another: the two are neighbours on their
  foundation, so their new names are too, and neighbours on a foundation are
  neighbours in rank of one suit, the relation fans build by; the target is a
  top in the real fan, so in the projected fan (which only lost cards), and
  the card moved a top too;
- a prefix card moves onto a card outside the prefixes: its targets are its
  neighbours on its foundation, so it is the last card of its suit's prefix,
  whose new name is the last card of its foundation, which may fill an empty
  fan. The projection plays it into its suit's added fan, or leaves it there
  if it is there already (it was a top, so nothing lay on it, and what comes
  onto it later comes onto it there as well). Only it and what is played onto
  it ever enter that fan, so the fan is empty whenever the card is elsewhere;
- a prefix card goes to its foundation: the cards before it there are prefix
  cards already up, or were up at the start;
- a prefix card fills an empty fan: a fan empty in the real position is empty
  in the projection, which holds fewer cards in every fan;
- every other move is dropped: it moves a card outside the prefixes, and
  such a card hosts no prefix card but the last of a prefix, which the
  projection keeps in the added fan instead.

The kept moves are legal in the projection in turn and put every prefix card
on its foundation, a win. So a projection without a win proves the position
lost; with a win it proves nothing. A prefix projection is itself a position
of the game, so the solver's own search, with every pruning rule it proves for
any position of the game, decides it; a longer prefix keeps more of the real
position, so once a prefix is lost every longer one is.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..position import Position
from .suits import SEPARATOR, known_key
from .tables import Tables


def applies(tables: Tables) -> bool:
    """Whether the argument above holds in this game: fans build in suit, the last card of a suit fills empty fans."""
    return tables.suits is not None and all(tables.filler[tables.order[suit][12]] for suit in range(4))


def prefix_projection(tables: Tables, position: Position, kept: dict[int, int]) -> Position:
    """``position`` seen through the next ``kept[suit]`` cards of each suit of ``kept``, renamed (see above)."""
    renamed, found, added = _renaming(tables, position.foundations, kept)
    fans = tuple(tuple(renamed[card] for card in fan if card in renamed) for fan in position.fans)
    return Position(fans + ((),) * added, (found[0], found[1], found[2], found[3]), 0, position.deal)


def _renaming(
    tables: Tables, foundations: Sequence[int], kept: dict[int, int]
) -> tuple[dict[int, int], list[int], int]:
    """The new name of each card kept, the foundations after, and how many empty fans are added."""
    order = tables.order
    found = [13, 13, 13, 13]
    renamed: dict[int, int] = {}
    added = 0
    for suit, length in kept.items():
        up = foundations[suit]
        length = min(length, 13 - up)
        found[suit] = 13 - length
        shift = 13 - length - up
        for index in range(up, up + length):
            renamed[order[suit][index]] = order[suit][index + shift]
        added += shift > 0
    return renamed, found, added




class PrefixKeys:
    """The prefix projections of positions on pairs of suits, ``length`` cards a suit, as keys.

    Positions far apart in a search often agree on where the next few cards
    of two suits lie, and then have one prefix projection: a verdict found for
    it is kept under its key. A key is the pair, the lengths kept, and the
    projected fans sorted (fans are interchangeable in settled positions): one
    ``bytes.translate`` of the fans per pair, with a table for each pair and
    foundation heights made once.
    """

    def __init__(self, tables: Tables, length: int) -> None:
        self.tables = tables
        self.length = length
        # (pair, foundation heights) -> the translate table, the cards deleted, the key's head, and the keys
        # known by the projected fans unsorted (see key)
        self._renames: dict[tuple[int, int, int, int], tuple[bytes, bytes, bytes, dict[bytes, bytes]]] = {}

    def key(self, fans: list[bytes], found: list[int], pair: tuple[int, int]) -> bytes:
        """The key of the prefix projection of these fans on ``pair`` (see :func:`prefix_projection`).

        The key is looked up first by the projected fans unsorted
        (:func:`.suits.known_key`), among those of the same pair and foundation
        heights: the head of the key depends on the heights, not only on the
        projected cards.
        """
        first, second = pair
        rename = self._renames.get((first, second, found[first], found[second]))
        if rename is None:
            rename = self._renames[first, second, found[first], found[second]] = self._rename(pair, found)
        table, delete, head, known = rename
        return known_key(known, SEPARATOR.join(fans).translate(table, delete), head)

    def _rename(self, pair: tuple[int, int], found: list[int]) -> tuple[bytes, bytes, bytes, dict[bytes, bytes]]:
        renamed, after, added = _renaming(self.tables, found, {suit: self.length for suit in pair})
        table = bytearray(range(256))
        for card, name in renamed.items():
            table[card] = name
        delete = bytes(card for card in range(52) if card not in renamed)
        head = bytes((pair[0], pair[1], 13 - after[pair[0]], 13 - after[pair[1]], added))
        return bytes(table), delete, head, {}

    @staticmethod
    def position(key: bytes) -> Position:
        """The projected position a key stands for."""
        first, second, first_length, second_length, added = key[:5]
        fans = tuple(tuple(fan) for fan in key[5:].split(SEPARATOR))
        found = [13, 13, 13, 13]
        found[first] = 13 - first_length
        found[second] = 13 - second_length
        return Position(fans + ((),) * added, (found[0], found[1], found[2], found[3]), 0, 0)
