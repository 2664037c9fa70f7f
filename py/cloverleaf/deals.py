"""Deal numbers: deal N of a game is PySolFC's deal N of its twin game.

Players quote PySolFC's numbers, so we reproduce its shuffle exactly
(docs/deal-numbers.md; Warfield's rules have no PySolFC twin and use its shuffle):
numbers below 32000 use the Microsoft FreeCell generator, larger ones Python's
Mersenne Twister drawn with ``random()``. Numbers go up to 10**20, more than a
JavaScript number holds, so the page passes them as strings.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import ACE, KING, rank_of, suit_of
from .errors import InvalidInputError
from .inputs import parse_whole_number, quote
from .position import NO_CARD, Position
from .rules import DealHook, DealOrder, Rules

MAX_DEAL = 10**20
DRAWN_DEALS = 10**9
"""New deals and the deal of the day are drawn from deals 1 to this: plenty, and short to say."""
MS_LIMIT = 32000
_DEAL_RANGE = f"write a whole number from 1 to {MAX_DEAL}"


def parse_deal_number(text: str | int) -> int:
    """A deal number from 1 to 10**20, from a string of ASCII digits or an int.

    Anything else, 5,000 digits included, is an :class:`InvalidInputError`.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if not 1 <= text <= MAX_DEAL:
            raise InvalidInputError(f"bad deal number {quote(text)}: {_DEAL_RANGE}")
        return text
    return parse_whole_number(text, what="deal number", low=1, high=MAX_DEAL, hint=_DEAL_RANGE)


def _microsoft_draws(seed: int) -> Callable[[int], int]:
    state = seed

    def draw(limit: int) -> int:
        nonlocal state
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        return ((state >> 16) & 0x7FFF) % limit

    return draw


def _mersenne_draws(seed: int) -> Callable[[int], int]:
    generator = random.Random(seed)
    return lambda limit: int(generator.random() * limit)


def shuffled_deck(number: int) -> list[int]:
    """PySolFC's shuffled stock for ``number``: index 0 is the bottom card."""
    if number < MS_LIMIT:
        deck = [card for rank in range(13) for card in (rank, rank + 39, rank + 26, rank + 13)]
        draw = _microsoft_draws(number)
    else:
        deck = list(range(52))
        draw = _mersenne_draws(number)
    for n in range(51, 0, -1):
        j = draw(n + 1)
        deck[n], deck[j] = deck[j], deck[n]
    return deck


def _bases_to_bottom(rules: Rules, stock: list[int]) -> list[int]:
    """Move the four foundation bases to the bottom of the stock.

    From the bottom up they lie diamonds, hearts, spades, clubs, so dealing one
    card to each foundation (clubs, spades, hearts, diamonds) after the fans puts
    each base on its own foundation. For Clover Leaf this is PySolFC's KD, KH, AS,
    AC; for Trefoil and Box Fan its four Aces; for the Warfield rules, which
    PySolFC lacks, the same hook with that game's bases (AD, AH, KS, KC).
    """
    bases = [rules.foundation_base(suit) for suit in (3, 2, 1, 0)]
    return bases + [card for card in stock if card not in bases]


def _bases_to_top(rules: Rules, stock: list[int]) -> list[int]:
    """Move the four foundation bases to the top of the stock, to be dealt before the fans.

    From the top down they lie clubs, spades, hearts, diamonds, the order of the
    foundations (PySolFC's Quads +, whose bases are the Aces).
    """
    bases = [rules.foundation_base(suit) for suit in (3, 2, 1, 0)]
    return [card for card in stock if card not in bases] + bases


def _kings_to_bottom(stock: list[int]) -> list[int]:
    """PySolFC's Shamrocks II hook: each King sinks to the bottom of its own fan."""
    cards = list(stock)
    for i in [p for p, card in enumerate(cards) if rank_of(card) == KING]:
        if i == 51:
            continue
        j = i % 17
        while j < i:
            if rank_of(cards[j]) != KING:
                cards[i], cards[j] = cards[j], cards[i]
                break
            j += 17
    cards.reverse()
    return cards


def _dealt_bases(rules: Rules, stock: list[int], foundations: list[int]) -> None:
    """Deal the four bases from the top of the stock, one to each foundation in order."""
    for suit in range(4):
        card = stock.pop()
        assert card == rules.foundation_base(suit), "the deal hook must bring the bases"
        foundations[suit] = 1


def deal(rules: Rules, number: int | str) -> Position:
    """The starting position of deal ``number`` of that game."""
    number = parse_deal_number(number)
    stock = shuffled_deck(number)
    if rules.deal_hook is DealHook.BASES_TO_BOTTOM:
        stock = _bases_to_bottom(rules, stock)
    elif rules.deal_hook is DealHook.BASES_TO_TOP:
        stock = _bases_to_top(rules, stock)
    elif rules.deal_hook is DealHook.KINGS_TO_BOTTOM:
        stock = _kings_to_bottom(stock)
    foundations = [0, 0, 0, 0]
    bases_first = rules.bases_dealt and rules.deal_hook is DealHook.BASES_TO_TOP
    if bases_first:
        _dealt_bases(rules, stock, foundations)
    fans: list[list[int]] = [[] for _ in rules.fan_sizes]
    if rules.deal_order is DealOrder.FAN_BY_FAN:
        for index, size in enumerate(rules.fan_sizes):
            for _ in range(size):
                card = stock.pop()
                if rules.aces_up_while_dealing and rank_of(card) == ACE:
                    foundations[suit_of(card)] += 1
                else:
                    fans[index].append(card)
    else:
        deepest = max(rules.fan_sizes)
        for pass_number in range(deepest):
            for index, size in enumerate(rules.fan_sizes):
                if size >= deepest - pass_number:
                    fans[index].append(stock.pop())
    if rules.bases_dealt and not bases_first:
        _dealt_bases(rules, stock, foundations)
    assert not stock
    return Position(
        tuple(tuple(fan) for fan in fans),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        rules.redeals,
        number if rules.redeals else 0,
        (NO_CARD,) * rules.free_cells,
        rules.draws,
        () if rules.suit_foundations else (NO_CARD,) * 4,
    )
