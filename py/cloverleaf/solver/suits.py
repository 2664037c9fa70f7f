"""One-suit projections: a proof that a position is lost, one suit at a time.

Names:

- *projection* of a position on a suit: the position with every card of the
  other suits taken out of the fans (the foundations of the other suits do not
  matter). Fans that held only other suits become empty.
- *one-suit game*: the same game played on a projection; only cards of that
  suit are left, so a card moves onto its neighbours in rank, to its
  foundation, or (if it may fill one) to an empty fan.
- ``key``: a projection as bytes, its fans sorted (fans are interchangeable in
  settled positions, see :meth:`Board.key`).

Why a lost projection proves the position lost. Only for games whose fans
build in suit, in settled positions (no redeal left), with no foundation
returns needed (see :meth:`Board.autoplay`: in these games a win with returns
gives one without). Take a winning sequence S of the real game and project
every position of it on suit s. A move of a card of another suit leaves the
projection unchanged. A move of a card c of suit s is legal in the one-suit
game from the projected position: c is a top in the real fan, so it is a top in
the projected fan (the projected fan keeps the same cards of suit s in the
same order, and nothing of suit s lies above c); a target t of c is of suit s
(building is in suit) and a top in the real fan, so a top in its projected fan;
a real empty fan is empty in the projection too; a foundation move needs only
the cards of its own suit; the projection has fewer cards in every fan, so no
fan limit is broken. So the projected sequence is a legal sequence of the
one-suit game that puts every card of suit s on its foundation. If the one-suit
game has no such sequence, the real position has no win. Nothing in the
argument needs the set of suits kept to be one suit: the projection on any set
of suits is lost whenever the position is, which the searches of pairs of suits
use (:func:`pair_projections`).

The one-suit game itself is searched exhaustively, with the pruning that
:class:`Board` proves for any in-suit settled position (foundation moves played
at once; one empty fan stands for all; the only card of a fan is not moved to
an empty fan, which gives the same position). Its positions are few (at most
13 cards), and the verdicts are cached per game, so the check costs one
``translate`` per fan and a dictionary look-up at most nodes.
"""

from __future__ import annotations

from typing import Protocol

from ..position import Position

SEPARATOR = b"\x7f"
CACHE_LIMIT = 100_000  # verdicts kept per game before the cache starts again (a few MB; the page runs long)


class SuitTables(Protocol):
    """What the one-suit games read of a game's :class:`.tables.Tables`."""

    order: list[list[int]]
    targets: list[tuple[int, ...]]
    filler: list[bool]
    dead_empties: bool


class SuitGames:
    """The one-suit games of one game: keys, and verdicts computed once and cached."""

    def __init__(self, tables: SuitTables) -> None:
        self.tables = tables
        # delete[suit]: the bytes of every card of the other suits, for bytes.translate.
        self.delete = [bytes(card for card in range(52) if card // 13 != suit) for suit in range(4)]
        self.cache: dict[bytes, bool] = {}  # projection key -> winnable
        self.seen: dict[bytes, bool] = {}  # projection with its fans unsorted -> winnable (see lost)

    def lost(self, fans: list[bytes], suit: int) -> bool:
        """Whether the one-suit game of ``suit`` from these fans can never be won.

        The verdict is looked up first by the projection with its fans in the
        board's order (``seen``): the fans of one search keep their places
        from move to move, so the same unsorted projection comes back again
        and again, and the look-up skips the split, sort and join of
        :func:`sorted_fans` (about 1 us of its 1.6). The verdict depends on the
        projection only, so it is the one the sorted key gives. The unsorted
        projection carries no suit, as the key does not: only cards of the
        suit are left, so two suits' projections meet only when they hold no
        card, both won.
        """
        unsorted = SEPARATOR.join(fans).translate(None, self.delete[suit])
        verdict = self.seen.get(unsorted)
        return self.lost_unseen(unsorted, suit) if verdict is None else not verdict

    def lost_unseen(self, unsorted: bytes, suit: int) -> bool:
        """:meth:`lost` for a projection (its fans unsorted) not in ``seen`` yet, which it then joins."""
        if len(self.seen) > CACHE_LIMIT:
            self.seen.clear()
        verdict = self.seen[unsorted] = self._verdict(sorted_fans(unsorted), suit)
        return not verdict

    def _verdict(self, key: bytes, suit: int) -> bool:
        """Whether the one-suit game of ``suit`` from the projection ``key`` (:func:`sorted_fans`) can be won."""
        verdict = self.cache.get(key)
        if verdict is None:
            # the search starts from the position after its foundation moves
            start = _settle(key.split(SEPARATOR), self.tables.order[suit])
            verdict = self.cache.get(start)
            if verdict is None:
                verdict = self._winnable(start, suit)
            self.cache[key] = verdict
        return verdict

    def _winnable(self, start: bytes, suit: int) -> bool:
        """Search the one-suit game from ``start`` exhaustively; cache what it learns.

        A depth-first search over canonical keys. Every position it visits
        without finding a win is lost when the search ends without one (it has
        then seen everything reachable from them); when it finds a win, the
        positions on the path to it are winnable. Both are cached.
        """
        t = self.tables
        cache = self.cache
        if len(cache) > CACHE_LIMIT:
            cache.clear()
        if not start.replace(SEPARATOR, b""):  # every card of the suit is on its foundation
            cache[start] = True
            return True
        order = t.order[suit]
        seen: set[bytes] = {start}
        path: list[bytes] = [start]
        stack: list[list[bytes]] = [self._children(start, order)]
        while stack:
            children = stack[-1]
            if not children:
                stack.pop()
                path.pop()
                continue
            child = children.pop()
            if child in seen:
                continue
            known = cache.get(child)
            if known is False:
                seen.add(child)
                continue
            if known or not child.replace(SEPARATOR, b""):
                for key in path:
                    cache[key] = True
                cache[child] = True
                return True
            seen.add(child)
            path.append(child)
            stack.append(self._children(child, order))
        for key in seen:
            cache[key] = False
        return False

    def _children(self, key: bytes, order: list[int]) -> list[bytes]:
        """The keys one move away in the one-suit game (foundation moves played at once).

        ``key`` is settled (no foundation move left), so after a move only the
        card it uncovers can be the next card of the foundation: the moved card
        was a top already. In a game whose empty fans stay empty the only card
        of a fan is not moved (the rule of :func:`.moves.worth_searching`, proved there for
        any settled position of such a game).
        """
        t = self.tables
        targets = t.targets
        filler = t.filler
        sole_stays = t.dead_empties
        fans = key.split(SEPARATOR)
        want = order[13 - (len(key) - len(fans) + 1)]
        tops = {fan[-1]: number for number, fan in enumerate(fans) if fan}
        empty = -1
        for number, fan in enumerate(fans):
            if not fan:
                empty = number
                break
        children: list[bytes] = []
        for source, fan in enumerate(fans):
            if not fan or (sole_stays and len(fan) == 1):
                continue
            card = fan[-1]
            dests = [tops[target] for target in targets[card] if target in tops and tops[target] != source]
            if filler[card] and empty >= 0 and len(fan) > 1:
                dests.append(empty)
            for dest in dests:
                after = list(fans)
                after[source] = fan[:-1]
                after[dest] = after[dest] + bytes((card,))
                if len(fan) > 1 and fan[-2] == want:
                    children.append(_settle(after, order))
                else:
                    children.append(SEPARATOR.join(sorted(after)))
        return children


def _settle(fans: list[bytes], order: list[int]) -> bytes:
    """Play every foundation move of the one-suit game; the key of the result.

    Safe for the reason :meth:`Board.autoplay` gives (the one-suit game is a
    game of the same kind: in-suit building, no redeal).
    """
    count = len(b"".join(fans))
    if count:
        # the cards not in fans lie on the foundation, which holds a prefix of ``order``
        next_index = 13 - count
        moved = True
        while moved:
            moved = False
            want = order[next_index] if next_index < 13 else -1
            for number, fan in enumerate(fans):
                if fan and fan[-1] == want:
                    fans[number] = fan[:-1]
                    next_index += 1
                    moved = True
                    break
    return SEPARATOR.join(sorted(fans))


PAIRS = tuple((first, second) for first in range(4) for second in range(first + 1, 4))
TRIPLES = tuple(tuple(suit for suit in range(4) if suit != left_out) for left_out in range(3, -1, -1))
# DELETE[kept]: the bytes of every card of the suits not kept (a pair or three), for bytes.translate.
DELETE = {kept: bytes(card for card in range(52) if card // 13 not in kept) for kept in PAIRS + TRIPLES}


def sorted_fans(unsorted: bytes) -> bytes:
    """A projection's fans (joined by ``SEPARATOR``) in sorted order: its key, the same for every fan order."""
    return SEPARATOR.join(sorted(unsorted.split(SEPARATOR)))


def known_key(known: dict[bytes, bytes], unsorted: bytes, head: bytes = b"") -> bytes:
    """``head`` + :func:`sorted_fans` of ``unsorted``, looked up first in ``known`` by the fans unsorted.

    The positions of a search keep their fans in place from move to move, so
    the same unsorted projection comes back again and again: the look-up skips
    most splits, sorts and joins. ``known`` starts again past ``CACHE_LIMIT``.
    """
    key = known.get(unsorted)
    if key is None:
        if len(known) > CACHE_LIMIT:
            known.clear()
        key = known[unsorted] = head + sorted_fans(unsorted)
    return key


# SUIT_OF[byte]: the suit of a card's byte (0xFF for any other byte), for bytes.translate
SUIT_OF = bytes(byte // 13 if byte < 52 else 0xFF for byte in range(256))
# KEYS[kept]: the projection on a pair or three suits with its fans in a board's order -> its key
# (see pair_keys)
KEYS: dict[tuple[int, ...], dict[bytes, bytes]] = {kept: {} for kept in PAIRS + TRIPLES}


def pair_keys(fans: list[bytes]) -> list[tuple[tuple[int, int], bytes]]:
    """Each pair of suits with cards of both in ``fans``, and the key of the projection on it.

    A key starts with the two suits, so keys of different pairs never meet.
    The key is looked up first by the projection with its fans unsorted
    (:func:`known_key`, ``KEYS``): 13 -> 4 us a call where every look-up
    finds one.
    """
    joined = SEPARATOR.join(fans)  # translated once a pair
    suits = joined.translate(SUIT_OF)
    present = (0 in suits, 1 in suits, 2 in suits, 3 in suits)
    keys: list[tuple[tuple[int, int], bytes]] = []
    for pair in PAIRS:
        if present[pair[0]] and present[pair[1]]:
            keys.append((pair, known_key(KEYS[pair], joined.translate(None, DELETE[pair]), bytes(pair))))
    return keys


def triple_keys(fans: list[bytes]) -> list[tuple[tuple[int, ...], bytes]]:
    """Each three suits with the key of the projection on them, where all four suits have cards in ``fans``.

    As :func:`pair_keys`, and empty where :func:`triple_projections` is: with
    a suit gone from the fans, the one projection on three suits would be
    the position itself. A key starts with its three suits.
    """
    joined = SEPARATOR.join(fans)
    suits = joined.translate(SUIT_OF)
    if not (0 in suits and 1 in suits and 2 in suits and 3 in suits):
        return []
    return [
        (triple, known_key(KEYS[triple], joined.translate(None, DELETE[triple]), bytes(triple))) for triple in TRIPLES
    ]


def projection(position: Position, kept: tuple[int, ...]) -> Position:
    """``position`` seen through the suits of ``kept`` (the others on their foundations)."""
    found = [count if suit in kept else 13 for suit, count in enumerate(position.foundations)]
    return Position(
        tuple(tuple(card for card in fan if card // 13 in kept) for fan in position.fans),
        (found[0], found[1], found[2], found[3]),
        0,
        position.deal,
    )


def pair_projections(position: Position) -> list[Position]:
    """The position seen through each pair of suits that both have cards in the fans.

    The projection on a set of suits keeps, in every fan, only the cards of
    those suits (in their order), and puts the other suits on their
    foundations. It is lost whenever the position is (the argument above holds
    for any set of suits), so a search that proves a projection lost proves the
    position lost. Pairs in which a suit has no card left in the fans are left
    out: their one-suit projections already say everything.
    """
    return [projection(position, pair) for pair in pairs_present(position)]


def triple_projections(position: Position) -> list[Position]:
    """The position seen through each three suits that all have cards in the fans.

    Lost whenever the position is, as any projection (see the module's
    docstring). Some positions are lost for a reason among three suits that
    no pair shows, and the projection on those three is much smaller than
    the position: with the fourth suit gone, Warfield deal 4591's projection
    on spades, hearts and diamonds is proved lost in 66,317 nodes, the deal
    itself in 1,845,839 (the search climbs to such a projection through its
    prefixes, :class:`.search.Ladder`). Only three suits present: the one
    projection would be the position itself, and it is left out.
    """
    present = {card // 13 for fan in position.fans for card in fan}
    if len(present) < 4:
        return []
    return [projection(position, triple) for triple in TRIPLES]


def pairs_present(position: Position) -> list[tuple[int, int]]:
    """The pairs of suits (in ``PAIRS`` order) that both have cards in the fans."""
    present = {card // 13 for fan in position.fans for card in fan}
    return [pair for pair in PAIRS if pair[0] in present and pair[1] in present]
