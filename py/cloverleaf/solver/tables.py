"""What the solver looks up per card of a game, worked out once per game and process.

Names as in :mod:`.board`: a ``card`` is an int 0..51 (``13 * suit + rank``),
a fan a ``bytes``, bottom card first; a card's *index* is its place on its
foundation (0 the base, 12 the last card).
"""

from __future__ import annotations

from ..cards import colour_of, rank_of
from ..rules import Build, EmptyFan, Rules, Runs
from .suits import SuitGames


class MisplacedByFan(dict[bytes, int]):
    """fan -> how many of its cards lie above an earlier card of their own suit (see :func:`.costs.misplaced`).

    Filled as fans are met. Where fans hold three cards at most (the only
    games that count misplaced cards), it can hold no more than the 135,000
    or so fans there are.
    """

    def __init__(self, before: bytes) -> None:
        super().__init__()
        self.before = before  # as Tables.before

    def __missing__(self, fan: bytes) -> int:
        before = self.before
        total = 0
        if len(fan) > 1:
            bottom = 52 * fan[0]
            second = fan[1]
            total += before[bottom + second]
            for top in fan[2:]:  # where fans hold three cards at most, the one card at depth 2
                total += before[bottom + top] | before[52 * second + top]
        self[fan] = total
        return total


class FanCards(dict[bytes, tuple[tuple[int, int, int, int, int], ...]]):
    """fan -> its cards from the top down, each as (card, its rank's bit, suit, place on the foundation, depth).

    What :func:`.room.room_lost` reads of each card, worked out the first
    time a fan is met: a search meets the same fans again and again, and
    where fans hold three cards at most (the only games that ask) there are
    no more than some 135,000 of them.
    """

    def __init__(self, index: list[int]) -> None:
        super().__init__()
        self.index = index  # as Tables.index

    def __missing__(self, fan: bytes) -> tuple[tuple[int, int, int, int, int], ...]:
        index = self.index
        cards = self[fan] = tuple(
            (fan[depth], 1 << fan[depth] % 13, fan[depth] // 13, index[fan[depth]], depth)
            for depth in range(len(fan) - 1, -1, -1)
        )
        return cards


class Tables:
    """Everything about a game that the search looks up per card, computed once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.in_suit = rules.build.in_suit
        # the games past single cards between fans and suit foundations (see .general)
        self.general = bool(
            rules.free_cells or rules.runs is not Runs.NONE or rules.draws or not rules.suit_foundations
            or rules.build not in (Build.SUIT_UP_OR_DOWN, Build.ANY_SUIT_UP_OR_DOWN, Build.SUIT_DOWN)
        )
        # index[card]: its place on its foundation (0 = base, 12 = last card).
        self.index = [rules.foundation_index(card) for card in range(52)]
        # order[suit][i]: the i-th card of that suit's foundation; a 53rd entry (-1) ends it.
        self.order = [[rules.foundation_card(suit, i) for i in range(13)] + [-1] for suit in range(4)]
        # previous[card], following[card]: the cards before and after it on its foundation (-1: none),
        # one look-up where the proofs would work them out from order and index
        self.previous = [self.order[card // 13][self.index[card] - 1] if self.index[card] else -1 for card in range(52)]
        self.following = [self.order[card // 13][self.index[card] + 1] for card in range(52)]
        # before[52 * a + b]: 1 when card a comes before card b on their (one) foundation
        self.before = bytes(
            a // 13 == b // 13 and self.index[a] < self.index[b] for a in range(52) for b in range(52)
        )
        # targets[card]: the cards it may be placed on in a fan.
        self.targets = [
            tuple(target for target in range(52) if target != card and rules.builds_on(card, target))
            for card in range(52)
        ]
        # onto[52 * card + target]: 1 where the card may be placed on the target (targets, as one look-up)
        self.onto = bytes(target in self.targets[card] for card in range(52) for target in range(52))
        # movers_onto[target]: the cards that may be placed on it, as bits (bit c for card c)
        self.movers_onto = [
            sum(1 << card for card in range(52) if target in self.targets[card]) for target in range(52)
        ]
        self.filler = [rules.fills_empty_fan(card) for card in range(52)]
        # up_masks[suit][n]: 13 bytes, 1 at the places (card - 13 * suit) of the suit's first n foundation
        # cards: four of them, one for each suit's count, mark the cards on the foundations
        self.up_masks = [
            [bytes(int(self.index[13 * suit + place] < n) for place in range(13)) for n in range(14)]
            for suit in range(4)
        ]
        # next_masks[suit][n]: 13 bytes, 1 at the place of the suit's foundation card n (none for n = 13)
        self.next_masks = [
            [bytes(int(self.index[13 * suit + place] == n) for place in range(13)) for n in range(14)]
            for suit in range(4)
        ]
        self.capped = rules.fan_limit is not None
        self.limit = rules.fan_limit if rules.fan_limit is not None else 10**6
        self.returns = rules.foundation_return and not self.in_suit
        self.dead_empties = rules.empty_fan is EmptyFan.NOTHING
        # where fans hold three cards at most and empty fans stay empty, room decides (see
        # :func:`.room.room_lost`, whose sets of ranks are written for fans of three)
        self.room = rules.fan_limit == 3 and self.dead_empties and rules.build is Build.ANY_SUIT_UP_OR_DOWN
        # the search's cost counts misplaced cards there, with fans of three (see :func:`.costs.cost`)
        self.counts_misplaced = self.room
        self.misplaced_by_fan = MisplacedByFan(self.before)
        self.fan_cards = FanCards(self.index)
        # the one-suit games (see :mod:`.suits`): only where fans build in suit, on the first eight's board
        self.suits = SuitGames(self) if self.in_suit and not self.general else None
        self.anchored = self.alike = False  # set for the general board's games (see _general_tables)
        if self.general:
            self._general_tables(rules)

    def _general_tables(self, rules: Rules) -> None:
        """What :mod:`.general`'s board and moves look up per card."""
        # places[card]: each (foundation, count) at which that foundation takes the card; where foundations
        # build in alternate colours, both of the pair a card's colour and rank go to (the Aces too: see
        # GeneralBoard._up), since the board keeps each pair's counts in its own order
        self.pairs: tuple[tuple[int, int], ...] = () if rules.suit_foundations else ((0, 1), (2, 3))
        self.places: list[list[tuple[int, int]]] = []
        for card in range(52):
            if rules.suit_foundations:
                self.places.append([(card // 13, self.index[card])])
                continue
            rank = rank_of(card)
            count = rank if rules.foundation_up[card // 13] else 12 - rank
            base = colour_of(card) ^ (count & 1)  # the colour of the Aces of the foundations that take it
            pair = self.pairs[base]
            self.places.append([(f, count) for f in pair])
        # wanted[f][count]: the cards a foundation holding count cards may take next (none at 13)
        self.wanted = [
            [tuple(card for card in range(52) if (f, count) in self.places[card]) for count in range(14)]
            for f in range(4)
        ]
        self.rank_index = [count for card in range(52) for _f, count in self.places[card][:1]]
        # requires[card]: for each lower place of its foundation, the cards of which one must be up first
        self.requires = [
            tuple(self.wanted[self.places[card][0][0]][i] for i in range(self.rank_index[card])) for card in range(52)
        ]
        # where foundations build in alternate colours: twin[card], the other card of its rank and colour (the
        # two go one on each foundation of their pair); both_below[card], every card of the lower places of its
        # pair's foundations, all of which are up before the second of two twins goes up (see .blocked)
        self.twin = [-1] * 52
        self.both_below: list[tuple[int, ...]] = [()] * 52
        if not rules.suit_foundations:
            for card in range(52):
                self.twin[card] = next(
                    other for other in range(52) if other != card and self.places[other] == self.places[card]
                )
                self.both_below[card] = tuple(other for place in self.requires[card] for other in place)
        # the chains of foundation places that the first moves' schedule counts (see .first_moves): chain_of[card]
        # is its suit's, or its pair's (foundations in alternate colours, two chains' worth of cards: each place
        # holds two twins, chain_width 2); place_of[card], its place there
        self.target_bits = [sum(1 << target for target in self.targets[card]) for card in range(52)]
        self.chain_width = 1 if rules.suit_foundations else 2
        self.chain_of = [card // 13 if rules.suit_foundations else self.places[card][0][0] // 2 for card in range(52)]
        self.place_of = [self.places[card][0][1] for card in range(52)]
        # twin_map: bytes.translate's table sending each card to the lower of it and its twin (None where there are
        # no twins): GeneralBoard.key merges the positions that differ only by which twin lies where
        self.twin_map = (
            bytes(min(byte, self.twin[byte]) if byte < 52 else byte for byte in range(256))
            if not rules.suit_foundations else None
        )
        # next_up[card]: the cards a foundation may take once the card is up there
        self.next_up = [
            tuple(
                other for other in range(52)
                if any((f, count + 1) in self.places[other] for f, count in self.places[card])
            )
            for card in range(52)
        ]
        # placed_on[card]: the cards that may be placed on it in a fan
        self.placed_on = [tuple(other for other in range(52) if card in self.targets[other]) for card in range(52)]
        self.cells = rules.free_cells
        self.runs = rules.runs is not Runs.NONE
        self.runs_unbounded = rules.runs is Runs.ANY
        # where fans build by equal rank with no free cell, a card goes up at once in more places (see
        # GeneralBoard.autoplay): lying on a card of its own rank or in a full fan, and, where any card fills
        # an empty fan, alone in its fan
        # above[card]: every card that could come to lie above it in a fan, one placed on the next (placed_on,
        # followed through); guarded[card]: the cards whose above holds it (see GeneralBoard.autoplay)
        self.above: list[tuple[int, ...]] = []
        for card in range(52):
            seen: dict[int, None] = {}
            todo = list(self.placed_on[card])
            while todo:
                other = todo.pop()
                if other not in seen and other != card:
                    seen[other] = None
                    todo += self.placed_on[other]
            self.above.append(tuple(seen))
        self.guarded = [tuple(card for card in range(52) if other in self.above[card]) for other in range(52)]
        self.ready_up = rules.suit_foundations and not self.in_suit
        # fans capped and dead once empty, one card at a time, foundations in suit: a fan's bottom card stays until
        # it goes up (see .capacity, whose argument needs nothing of how cards build)
        self.anchored = bool(
            self.capped and self.dead_empties and not rules.free_cells and rules.runs is Runs.NONE
            and not rules.draws and rules.suit_foundations and not rules.foundation_return
        )
        self.alike = rules.build is Build.SAME_RANK and not rules.free_cells and rules.runs is not Runs.FREE_CELLS
        self.alone_up = self.alike and rules.empty_fan is EmptyFan.ANY
        # equal ranks in anchored fans (Troika): a fan's bottom card never moves but up, so a card that no card
        # but those and the cards beneath it could be placed on goes up at once (see GeneralBoard.autoplay)
        self.bottoms_stay = self.alike and self.anchored


_TABLES: dict[Rules, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The per-card tables of a game, computed once per process (the one-suit verdicts are cached in them)."""
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = Tables(rules)
    return tables
