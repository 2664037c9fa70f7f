"""Clover Leaf: the rules engine, deals and solver of the fan patience games.

Start here: ``find_game(id)`` gives a game's :class:`Rules`; ``deal(rules, n)``
its deal ``n``; ``legal_moves``/``play`` move through positions; ``Session`` adds
history and the player's settings; ``api`` is what the web page calls.
"""

from .cards import card_name, card_str, parse_card
from .deals import deal, parse_deal_number
from .engine import apply_move, destinations, is_stuck, is_won, legal_moves, play
from .errors import CloverLeafError, IllegalMoveError, InvalidInputError
from .games import CATALOGUE, DEFAULT_GAME, find_game
from .notation import format_position, parse_move, parse_position
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Rules

__version__ = "0.1.0"

__all__ = [
    "CATALOGUE", "DEFAULT_GAME", "FOUNDATION", "REDEAL",
    "CloverLeafError", "IllegalMoveError", "InvalidInputError",
    "Move", "Position", "Rules",
    "apply_move", "card_name", "card_str", "deal", "destinations", "find_game",
    "format_position", "is_stuck", "is_won", "legal_moves", "parse_card", "parse_deal_number",
    "parse_move", "parse_position", "play",
]
