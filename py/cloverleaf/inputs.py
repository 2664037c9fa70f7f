"""Reading input from outside: the strict, bounded primitives every parser shares.

Everything that comes from outside the engine (the page's API parameters, saves
and statistics from the browser's storage, position files, command lines) goes
through one parser per kind: ``cards.parse_card``, ``deals.parse_deal_number``,
``notation.parse_move`` and ``parse_position``, ``Session.restore``,
``stats.load``, and the API's parameter text (``api.Api.call``). Each either
returns a valid value or raises
:class:`InvalidInputError` with a short message. This module holds what they
have in common, so the rules are written once:

- sizes are checked before any parsing, so no input can cost unbounded time or
  memory (Python's ``int()`` refuses more than 4,300 digits with a bare
  ``ValueError``; ``json`` recurses once per nesting level);
- only ASCII digits are digits (``"³".isdigit()`` is true in Python);
- JSON is strict: no NaN or Infinity, no number that overflows to infinity, no
  duplicate keys, a bounded depth, and integers are never booleans;
- an input is quoted in a message to at most :data:`QUOTE_LIMIT` characters, so
  a 10 MB input never comes back in a 10 MB error line.

>>> parse_whole_number("42", what="fan", low=1, high=99)
42
>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)"
"""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import IO, Any, NoReturn

from .errors import InvalidInputError

QUOTE_LIMIT = 60
"""At most this many characters of an input appear in an error message."""

_ASCII_SPACE = " \t\r\n\f\v"
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_JSON_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
"""A JSON string (to its end, closed or not: so the scan never backtracks into it) or one bracket."""
_JSON_INT_DIGITS = 40
"""A JSON integer literal longer than this is refused: no value of ours needs it."""
JSON_ESCAPE_GROWTH = 6
"""The most bytes one UTF-8 byte of a text takes once written as a JSON string: a
control character, one byte, is escaped as ``\\u0001``, six (JavaScript's
``JSON.stringify`` and Python's ``json.dumps`` alike; nothing else grows more)."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` for an error message: a string quoted and cut, anything else named by shape.

    Strings longer than ``limit`` are cut and their length told. Non-strings
    (JSON values given where a string or number belongs) are named in JSON's
    words, never printed whole: a list of a million items is "a list".
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else "a number too large to write here"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def strip_space(text: str) -> str:
    """``text`` without leading and trailing ASCII white space (``str.strip`` also eats Unicode spaces)."""
    return text.strip(_ASCII_SPACE)


def parse_whole_number(text: object, *, what: str, low: int, high: int, hint: str | None = None) -> int:
    """A whole number from ``low`` to ``high``, written in ASCII digits.

    The length is checked before ``int()`` runs, so 5,000 digits are an
    :class:`InvalidInputError` like any other bad number, not a ``ValueError``.
    Leading zeros are allowed; signs, underscores, spaces inside and non-ASCII
    digits are not.
    """
    advice = hint or f"write a whole number from {low} to {high}"
    if not isinstance(text, str):
        raise InvalidInputError(f"bad {what} {quote(text)}: {advice}")
    token = strip_space(text)
    if not token or not token.isascii() or not token.isdigit():
        raise InvalidInputError(f"bad {what} {quote(text)}: {advice}")
    significant = token.lstrip("0") or "0"
    if len(significant) > len(str(high)):
        raise InvalidInputError(f"bad {what} {quote(text)}: too large; {advice}")
    number = int(significant)
    if not low <= number <= high:
        raise InvalidInputError(f"bad {what} {quote(text)}: {advice}")
    return number


def parse_iso_date(text: object, what: str = "date") -> datetime.date:
    """A calendar date written exactly ``YYYY-MM-DD`` (``date.fromisoformat`` also takes ``20261129``)."""
    token = strip_space(text) if isinstance(text, str) else None
    if token is None or not _ISO_DATE.fullmatch(token):
        raise InvalidInputError(f"bad {what} {quote(text)}: write YYYY-MM-DD")
    try:
        return datetime.date.fromisoformat(token)
    except ValueError:
        raise InvalidInputError(f"bad {what} {quote(text)}: no such day") from None


def check_size(text: str, *, what: str, max_bytes: int) -> None:
    """Refuse ``text`` when its UTF-8 form is over ``max_bytes``, without copying a huge text."""
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise InvalidInputError(f"{what} is too large: at most {max_bytes} bytes")


def json_string_bytes(max_bytes: int) -> int:
    """The most bytes a text of at most ``max_bytes`` UTF-8 bytes takes as a JSON string, quotes included.

    A parameter object that holds such a text must be allowed this much for it,
    so the text reaches its own parser (and its own message) whatever it holds.
    """
    return JSON_ESCAPE_GROWTH * max_bytes + 2


def json_depth(text: str, stop_at: int) -> int:
    """How deeply ``text``'s arrays and objects nest, counted in one pass without recursion.

    Strings are skipped whole, so brackets inside them do not count; an
    unclosed string runs to the end of the text (``json`` refuses it anyway),
    which keeps the scan linear whatever the quotes and backslashes. Counting
    stops past ``stop_at``: the caller only needs to know it is too deep.
    """
    depth = deepest = 0
    for match in _JSON_STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop_at:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> NoReturn:
    raise InvalidInputError(f"{name} is not a number here")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise InvalidInputError(f"the number {quote(literal)} is too large")
    return value


def _bounded_int(literal: str) -> int:
    if len(literal.lstrip("-")) > _JSON_INT_DIGITS:
        raise InvalidInputError(f"the number {quote(literal)} is too large")
    return int(literal)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidInputError(f"the key {quote(key)} appears twice")
        result[key] = value
    return result


def parse_json(text: object, *, what: str, max_bytes: int, max_depth: int) -> Any:
    """Strict JSON of at most ``max_bytes`` bytes nested at most ``max_depth`` deep.

    Refused with :class:`InvalidInputError`: a non-string, a text over the
    limits, invalid JSON, ``NaN``/``Infinity``, numbers that overflow a float
    (``1e999``) or have more than 40 digits, and duplicate keys. What it returns
    is therefore safe to write back with ``json.dumps(..., allow_nan=False)``.
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be text, not {quote(text)}")
    check_size(text, what=what, max_bytes=max_bytes)
    if json_depth(text, max_depth) > max_depth:
        raise InvalidInputError(f"{what} nests deeper than {max_depth} levels")
    try:
        return json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            parse_int=_bounded_int,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"{what} is not valid JSON ({error.msg} at character {error.pos})") from None
    except InvalidInputError as error:
        raise InvalidInputError(f"{what}: {error}") from None


def json_int(value: object, *, what: str, low: int, high: int) -> int:
    """``value`` when it is a JSON integer from ``low`` to ``high``; ``true`` and ``2.0`` are not integers."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidInputError(f"bad {what} {quote(value)}: give a whole number from {low} to {high}")
    return value


def json_number(value: object, *, what: str, low: float, high: float) -> float:
    """``value`` as a float when it is a finite JSON number from ``low`` to ``high`` (never a boolean)."""
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise InvalidInputError(f"bad {what} {quote(value)}: give a number from {low:g} to {high:g}")
    return float(value)


def json_str(value: object, *, what: str) -> str:
    """``value`` when it is a JSON string."""
    if not isinstance(value, str):
        raise InvalidInputError(f"bad {what} {quote(value)}: give a string")
    return value


def json_object(value: object, *, what: str, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """``value`` when it is a JSON object whose keys all lie in ``keys`` (any keys when None)."""
    if not isinstance(value, dict):
        raise InvalidInputError(f"{what} must be a JSON object, not {quote(value)}")
    if keys is not None:
        unknown = sorted(set(value) - keys)
        if unknown:
            raise InvalidInputError(f"{what} has an unknown field {quote(unknown[0])}")
    return value


def json_list(value: object, *, what: str, max_items: int) -> list[Any]:
    """``value`` when it is a JSON array of at most ``max_items`` items."""
    if not isinstance(value, list):
        raise InvalidInputError(f"{what} must be a JSON list, not {quote(value)}")
    if len(value) > max_items:
        raise InvalidInputError(f"{what} holds {len(value)} items, at most {max_items}")
    return value


def read_limited(stream: IO[bytes] | IO[str] | None, *, what: str, max_bytes: int) -> str:
    """The whole of ``stream`` as UTF-8 text, reading at most ``max_bytes + 1`` bytes.

    Never more is read, so ``/dev/zero`` or an endless pipe costs
    ``max_bytes`` of memory and a clear refusal, not a ``MemoryError``. A
    byte-order mark is dropped. ``None`` (a closed standard input) is refused.
    """
    if stream is None:
        raise InvalidInputError(f"{what} is closed: give a file instead")
    data = stream.read(max_bytes + 1)
    if isinstance(data, bytes):
        if len(data) > max_bytes:
            raise InvalidInputError(f"{what} is too large: at most {max_bytes} bytes")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InvalidInputError(f"{what} is not UTF-8 text (byte {error.start + 1})") from None
    check_size(data, what=what, max_bytes=max_bytes)
    return data.removeprefix("\ufeff")
