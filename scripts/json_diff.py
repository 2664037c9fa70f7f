"""Differences between two JSON values, as a JSON value: how the opening book stores its tables.

A book holds hundreds of tables of one deal, each one move from its parent, so
each is written as the difference from its parent (docs/opening-book.md has the
format, and web/js/book/json-diff.js applies it in the page). The difference
knows nothing of what a table holds: a field the API's state gains later is
carried like any other.

A difference is an array whose first element says what it does:

- ``[0, value]``: the value is ``value`` (it replaces the old one whole);
- ``[1, {key: difference}, [removed keys], order?]``: an object, its keys
  changed or added (each by its own difference, an added one as ``[0, value]``)
  and removed; ``order``, the keys in their new order, only where that is not
  the old order with the removed keys left out and the added ones after;
- ``[2, length, [index, difference, ...]]``: an array, cut or grown to
  ``length``, the elements at the indices listed changed by their differences
  (an element past the old end as ``[0, value]``);
- ``[3, keep_start, keep_end, middle]``: a string: the old one's first
  ``keep_start`` characters, then ``middle``, then its last ``keep_end``.

Each level takes whichever is shorter as JSON, the replacement or the edit.

>>> old = {"fans": [["8S", "5S"], ["QD"]], "moves": 0, "save": '{"moves":[]}'}
>>> new = {"fans": [["8S"], ["QD", "5S"]], "moves": 1, "save": '{"moves":["5S>2"]}'}
>>> change = diff(old, new)
>>> patch(change, old) == new
True
"""

from __future__ import annotations

import json
from typing import Any

Json = Any

REPLACE, OBJECT, ARRAY, STRING = 0, 1, 2, 3


def dumps(value: Json) -> str:
    """Compact JSON, as the book is written."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def same(a: Json, b: Json) -> bool:
    """Equal as JSON values: True is not 1, and an object's key order counts."""
    return type(a) is type(b) and dumps(a) == dumps(b)


def diff(old: Json, new: Json) -> Json:
    """The difference that turns ``old`` into ``new`` (see the module's docstring)."""
    replacement = [REPLACE, new]
    edit: Json = None
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {key: [REPLACE, value] for key, value in new.items() if key not in old}
        for key, value in new.items():
            if key in old and not same(old[key], value):
                changed[key] = diff(old[key], value)
        changed = {key: changed[key] for key in new if key in changed}
        removed = [key for key in old if key not in new]
        kept_order = [key for key in old if key in new] + [key for key in new if key not in old]
        edit = [OBJECT, changed, removed] + ([list(new)] if kept_order != list(new) else [])
    elif isinstance(old, list) and isinstance(new, list):
        elements: list[Json] = []
        for index, value in enumerate(new):
            if index >= len(old):
                elements += [index, [REPLACE, value]]
            elif not same(old[index], value):
                elements += [index, diff(old[index], value)]
        edit = [ARRAY, len(new), elements]
    elif isinstance(old, str) and isinstance(new, str):
        shorter = min(len(old), len(new))
        start = 0
        while start < shorter and old[start] == new[start]:
            start += 1
        end = 0
        while end < shorter - start and old[-1 - end] == new[-1 - end]:
            end += 1
        edit = [STRING, start, end, new[start : len(new) - end]]
    if edit is not None and len(dumps(edit)) < len(dumps(replacement)):
        return edit
    return replacement


def patch(difference: Json, old: Json) -> Json:
    """``old`` changed by ``difference``: the new value (``old`` itself is left as it was)."""
    kind = difference[0]
    if kind == REPLACE:
        return difference[1]
    if kind == OBJECT:
        changed, removed = difference[1], set(difference[2])
        value = {key: item for key, item in old.items() if key not in removed}
        for key, change in changed.items():
            value[key] = patch(change, old.get(key))
        if len(difference) > 3:
            value = {key: value[key] for key in difference[3]}
        return value
    if kind == ARRAY:
        length, elements = difference[1], difference[2]
        items = list(old[:length]) + [None] * max(0, length - len(old))
        for at in range(0, len(elements), 2):
            index = elements[at]
            items[index] = patch(elements[at + 1], old[index] if index < len(old) else None)
        return items
    if kind == STRING:
        start, end, middle = difference[1], difference[2], difference[3]
        return old[:start] + middle + old[len(old) - end :]
    raise ValueError(f"not a difference: {dumps(difference)[:80]}")
