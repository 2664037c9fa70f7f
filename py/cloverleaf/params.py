"""The API's parameters, each read by name and of its exact type, or refused with what it must be.

The page sends one JSON object of plain values per request (``api.call``
parses and bounds it); a handler reads each parameter it takes through these,
so every refusal reads the same way and names the parameter.
"""

from __future__ import annotations

from typing import Any

from .cards import parse_card
from .errors import InvalidInputError
from .inputs import json_string_bytes, quote
from .save_format import MAX_SAVE_BYTES
from .solver.difficulty import Level
from .stats import MAX_STATS_BYTES

Params = dict[str, Any]

MAX_PARAMETER_ROOM = 4096
"""Room in the parameter object for everything beside its one long text (names, numbers, flags)."""
MAX_PARAMETER_BYTES = json_string_bytes(max(MAX_SAVE_BYTES, MAX_STATS_BYTES)) + MAX_PARAMETER_ROOM
"""The largest parameter text read, in bytes. A save or statistics text as long as the
engine reads fits in it whatever JSON escapes in it, so such a text always reaches its
own parser: a save that cannot be read is refused as a save, statistics are set aside.
The page sends no longer text: it measures the same limits the same way
(page_facts.TEXT_BYTES)."""
MAX_PARAMETER_DEPTH = 2
"""Parameters are one object of plain values: a list or object inside is refused by the parameter's own parser."""


def string(params: Params, name: str, default: str | None = None, limit: int = 100) -> str:
    value = params.get(name, default)
    if not isinstance(value, str) or len(value) > limit:
        raise InvalidInputError(f"{name} must be a string of at most {limit} characters")
    return value


def count(params: Params, name: str, default: int, maximum: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= maximum:
        raise InvalidInputError(f"{name} must be a whole number from 1 to {maximum}")
    return value


def flag(params: Params, name: str, default: bool = False) -> bool:
    value = params.get(name, default)
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be true or false")
    return value


def card(params: Params) -> int:
    """The ``card`` parameter: a card as the state writes it ("8H")."""
    return parse_card(string(params, "card", limit=3))


def level(params: Params) -> Level | None:
    """The ``level`` parameter: easy, medium, hard, or any level (``any``, or absent)."""
    value = params.get("level")
    if value is None or value == "any":
        return None
    for known in Level:
        if known.value == value:
            return known
    raise InvalidInputError(f"unknown level {quote(value)} (easy, medium, hard or any)")
