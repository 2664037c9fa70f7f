"""Moves as the page's JSON writes them, both ways: one place for the format.

A move travels as ``{"card": "8H", "to": "F" | "cell" | fan number}`` (fans
numbered from 1) or ``{"to": "redeal"}``; a move the page is told about also says
the card it goes onto (``onto``), which the keyboard and the screen reader name.
A draw is told by the position it is made in (:func:`.engine.move_to`), so it
needs no mark of its own.
"""

from __future__ import annotations

from typing import Any

from .cards import card_str
from .errors import InvalidInputError
from .inputs import parse_whole_number, quote
from .position import CELL, FOUNDATION, Move, Position

Json = Any


def move_json(move: Move) -> dict[str, Json]:
    """``{"card": "8H", "to": "F" | "cell" | fan number}``, or ``{"to": "redeal"}``."""
    if move.is_redeal:
        return {"to": "redeal"}
    return {"card": card_str(move.card), "to": dest_json(move.dest)}


def reported_move_json(move: Move, before: Position) -> dict[str, Json]:
    """A move as :func:`move_json` writes it, with the card it goes onto from ``before``
    (``onto``: null for a foundation, an empty fan or a redeal)."""
    return {**move_json(move), "onto": None if move.is_redeal else onto(before, move.dest)}


def onto(position: Position, dest: int) -> str | None:
    """The card a move to ``dest`` goes onto in ``position``: None for a foundation, a free cell or an empty fan."""
    if dest < 0 or not position.fans[dest]:
        return None
    return card_str(position.fans[dest][-1])


def dest_json(dest: int) -> str | int:
    return "F" if dest == FOUNDATION else "cell" if dest == CELL else dest + 1


def parse_dest(value: Json, fan_count: int) -> int:
    """A destination: "F", "cell" or a fan number from 1 to ``fan_count`` (an int, or ASCII digits)."""
    if value == "F":
        return FOUNDATION
    if value == "cell":
        return CELL
    advice = f'use "F" or a fan number from 1 to {fan_count}'
    if isinstance(value, str):
        return parse_whole_number(value, what="destination", low=1, high=fan_count, hint=advice) - 1
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= fan_count:
        return value - 1
    raise InvalidInputError(f"bad destination {quote(value)}: {advice}")
