"""Hypothesis strategies for input from outside: JSON of any shape, real saves and statistics, damaged.

Shared by the tests of saves, statistics and the API, so each is attacked
with the same near misses: a real text with one field changed to a value of
almost the right type, or its text damaged by a few edits.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from cloverleaf import CATALOGUE, legal_moves
from cloverleaf.session import Session, Settings
from cloverleaf.stats import Stats

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value (floats include NaN and infinities, which json.dumps writes as NaN and Infinity)."""

HUGE_DIGITS = "9" * 5000
TEXT_EDITS = ["", "[", "{", '"', ",", "1", "-", "e999", "1e999", "NaN", " ", ">", "³", "ſ", "true", ".5", HUGE_DIGITS]
MOVE_EDITS = ["", "redeal", "AC>F", "KH>1", "2C>99", "2C>" + HUGE_DIGITS, "2C>³", "ſC>1"]


def damage_text(text: str, data: st.DataObject) -> str:
    """A few deletions, insertions or replacements at random places, with pieces that trip parsers."""
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.sampled_from(TEXT_EDITS))
        text = text[:where] + piece + text[where + data.draw(st.integers(0, 8)):]
    return text


def played_save(game: str, number: int, decisions: int, undos: int, seed: int) -> str:
    """A real save: some random decisions, then some undone (so the redo list is not empty)."""
    pick = random.Random(seed)
    session = Session.new(game, number, Settings(auto_move=seed % 2 == 0, auto_complete=True))
    for _ in range(decisions):
        moves = legal_moves(session.rules, session.position)
        if not moves:
            break
        session.play(pick.choice(moves))
    for _ in range(min(undos, session.decisions)):
        session.undo()
    return session.save()


REAL_SAVES = [
    played_save(rules.id, number, decisions=12, undos=index % 4, seed=index)
    for index, (rules, number) in enumerate((rules, number) for rules in CATALOGUE for number in (1, 40_000))
]


def _change_moves(groups: list[Any], data: st.DataObject) -> list[Any]:
    """Edit a list of move groups as a careless hand or a bad disk would: drop, swap, repeat, rewrite."""
    groups = list(groups)
    action = data.draw(st.sampled_from(["drop", "swap", "repeat", "rewrite", "append"]))
    if action == "append" or not groups:
        return [*groups, data.draw(st.sampled_from(MOVE_EDITS))]
    i = data.draw(st.integers(0, len(groups) - 1))
    j = data.draw(st.integers(0, len(groups) - 1))
    if action == "drop":
        del groups[i]
    elif action == "swap":
        groups[i], groups[j] = groups[j], groups[i]
    elif action == "repeat":
        groups.insert(i, groups[j])
    else:
        moves = str(groups[i]).split()
        k = data.draw(st.integers(0, len(moves)))
        groups[i] = " ".join([*moves[:k], data.draw(st.sampled_from(MOVE_EDITS)), *moves[k + 1:]])
    return groups


def change_save_field(text: str, data: st.DataObject) -> str:
    """Change one field of a real save: to a near miss of its own type mostly, to any JSON value sometimes."""
    save = json.loads(text)
    key = data.draw(st.sampled_from([*save, *save, "extra"]))
    action = data.draw(st.sampled_from(["near", "near", "near", "any", "drop", "nest"]))
    if action == "any":
        save[key] = data.draw(json_values)
    elif action == "drop":
        save.pop(key, None)
    elif action == "nest":
        save[key] = [save.get(key)]
    elif key in ("moves", "redo"):
        save[key] = _change_moves(save[key], data)
    elif key == "settings":
        save[key] = data.draw(st.lists(st.sampled_from([0, 1, 2, -1, True, False, "1", 1.0, None]), max_size=4))
    elif key in ("deal", "game", "start", "open"):
        value = str(save[key])
        cut = data.draw(st.integers(0, len(value)))
        save[key] = value[:cut] + data.draw(st.sampled_from(["", "0", "9" * 4301, "\n-", " ", "ſ", "\ufeff"]))
    else:
        save[key] = data.draw(st.sampled_from([0, 2, True, "1", 1.0, None, 10**30]))
    return json.dumps(save)


def _real_statistics() -> list[str]:
    texts = []
    for seed in range(6):
        pick = random.Random(seed)
        stats = Stats()
        for _ in range(pick.randint(1, 40)):
            game = pick.choice(["clover-leaf", "fan", "trefoil", "shamrocks-ii"])
            day = f"2026-11-{pick.randint(1, 30):02d}" if pick.random() < 0.3 else None
            won, moves, seconds = pick.random() < 0.6, pick.randint(20, 200), pick.random() * 900
            stats = stats.record(game, won, moves, seconds, solvable=pick.random() < 0.5, daily=day)
        texts.append(stats.dumps())
    return texts


REAL_STATISTICS = _real_statistics()

_NEAR_STATISTICS = [0, 1, -1, 2**53, True, "3", 2.5, 1e308, None, [], {}, "2026-02-30", "9999-12-31", [1, 0, 1]]


def change_statistics_field(text: str, data: st.DataObject) -> str:
    """Set one field of one bucket to a near miss of its type or to any JSON value."""
    stats = json.loads(text)
    game = data.draw(st.sampled_from(sorted(stats["games"])))
    bucket = stats["games"][game][data.draw(st.sampled_from(sorted(stats["games"][game])))]
    field = data.draw(st.sampled_from([*sorted(bucket), "best_time", "last_day", "recent", "colour"]))
    bucket[field] = data.draw(st.sampled_from(_NEAR_STATISTICS) | json_values)
    return json.dumps(stats)


def strict_json(text: str) -> Any:
    """``json.loads`` that fails on NaN and Infinity, which JavaScript's JSON.parse refuses."""

    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in a reply: {text[:120]}")

    return json.loads(text, parse_constant=refuse)
