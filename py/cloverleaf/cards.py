"""Cards as small integers.

A card is ``13 * suit + rank`` with suits clubs=0, spades=1, hearts=2, diamonds=3
and ranks Ace=0 ... King=12. This is the numbering of PySolFC's unshuffled deck
(docs/deal-numbers.md, The unshuffled deck), so the deal code can use card ids directly, and a card fits in
six bits, which keeps positions small and hashing cheap.

>>> card_str(parse_card("10h"))
'TH'
"""

from __future__ import annotations

from .errors import InvalidInputError
from .inputs import quote, strip_space

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
SUITS = (CLUBS, SPADES, HEARTS, DIAMONDS)
SUIT_LETTERS = "CSHD"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
ACE, KING = 0, 12


def make_card(rank: int, suit: int) -> int:
    """The card of that rank (0-12) and suit (0-3)."""
    return 13 * suit + rank


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def colour_of(card: int) -> int:
    """0 for the black suits (clubs, spades), 1 for the red ones (hearts, diamonds)."""
    return card // 26


def card_str(card: int) -> str:
    """Two letters, rank then suit: ``TH`` for the ten of hearts."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_name(card: int) -> str:
    """Words for people and screen readers: ``ten of hearts``."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def parse_card(text: str) -> int:
    """Reads ``AC``, ``td``, ``10H``; anything else is an :class:`InvalidInputError`.

    Only ASCII is read: ``"ſ".upper()`` is ``"S"`` in Python, and a card
    written with a long s is not a spade.
    """
    token = strip_space(text) if isinstance(text, str) else ""
    if token.isascii():
        token = token.upper()
        if token.startswith("10"):
            token = "T" + token[2:]
    if len(token) != 2 or token[0] not in RANK_LETTERS or token[1] not in SUIT_LETTERS:
        shown = quote(strip_space(text) if isinstance(text, str) else text)
        raise InvalidInputError(f"unknown card {shown} (write rank then suit, like AC, TD or 10D)")
    return make_card(RANK_LETTERS.index(token[0]), SUIT_LETTERS.index(token[1]))
