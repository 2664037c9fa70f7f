"""The API's parameters, each read by name and of its exact type, or refused with what it must be.

The page sends one JSON object of plain values per request (``api.call``
parses and bounds it); a handler reads each parameter it takes through these,
so every refusal reads the same way and names the parameter.
"""

from __future__ import annotations

from typing import Any

from .cards import parse_card
from .errors import InvalidInputError
from .inputs import quote
from .solver.difficulty import Level

Params = dict[str, Any]


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
