"""Saves come from the browser's storage, where anything can happen to them.

``Session.restore`` either gives back a session that plays on (its redo list
included) or raises InvalidInputError with a short message: never another
exception, never a session that fails later.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import CATALOGUE, InvalidInputError, legal_moves
from cloverleaf.session import MAX_SAVE_BYTES, MAX_SAVE_DEPTH, Session, Settings


def _played_save(game: str, number: int, decisions: int, undos: int, seed: int) -> str:
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
    _played_save(rules.id, number, decisions=12, undos=index % 4, seed=index)
    for index, (rules, number) in enumerate((rules, number) for rules in CATALOGUE for number in (1, 40_000))
]


def _base(**changes: Any) -> str:
    data: dict[str, Any] = {"v": 1, "game": "clover-leaf", "deal": "1", "open": "", "moves": [], "redo": []}
    data["settings"] = [1, 1, 1]
    data.update(changes)
    return json.dumps({key: value for key, value in data.items() if value is not ...})


def _assert_plays_on(session: Session) -> None:
    """A restored session saves and restores the same, and can be redone to its end."""
    again = Session.restore(session.save())
    assert again.position == session.position and again.redo_groups == session.redo_groups
    while session.can_redo:
        session.redo()


def _restore_or_refuse(text: str) -> None:
    try:
        session = Session.restore(text)
    except InvalidInputError as error:
        message = str(error)
        assert message.startswith("the saved game cannot be read: ")
        assert "\n" not in message and len(message) < 400, message[:500]
    else:
        _assert_plays_on(session)


def test_real_saves_restore_and_play_on() -> None:
    for save in REAL_SAVES:
        _assert_plays_on(Session.restore(save))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"settings": "000"}, "settings must be a JSON list"),
        ({"settings": [1, 1]}, "settings must hold 3 flags"),
        ({"settings": [1, 1, 1, 1]}, "settings holds 4 items"),
        ({"settings": [True, 1, 1]}, "bad setting true"),
        ({"settings": [2, 0, 0]}, "bad setting 2"),
        ({"settings": [1.0, 0, 0]}, "bad setting 1.0"),
        ({"v": True}, "unknown save version true"),
        ({"v": 1.0}, "unknown save version 1.0"),
        ({"deal": 1}, "bad deal number 1: give a string"),
        ({"deal": "1" * 5000}, "bad deal number '1111"),
        ({"game": ["clover-leaf"]}, "bad game a list"),
        ({"moves": "6D>4"}, "moves must be a JSON list"),
        ({"moves": [""]}, "moves entry 1 holds no move"),
        ({"moves": [7]}, "bad moves entry 1 7: give a string"),
        ({"redo": [""]}, "redo entry 1 holds no move"),
        ({"redo": ["8H>F"]}, "illegal move 8H>F"),
        ({"redo": ["6D>4", "6D>4"]}, "illegal move 6D>4"),
        ({"redo": ["6D>³"]}, "is not F or a fan number"),
        ({"start": "Foundations: - - - -"}, "either a deal number or a start position"),
        ({"deal": ...}, "either a deal number or a start position"),
        ({"hint": "plan"}, "unknown field 'hint'"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_save_with_a_wrong_field_is_refused_at_restore(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match="the saved game cannot be read: .*" + message.replace("(", r"\(")):
        Session.restore(_base(**changes))


def test_a_redo_list_is_checked_in_redo_order() -> None:
    """The last group of the list is redone first, so it is the one checked against the position."""
    session = Session.new("clover-leaf", 1, Settings(auto_move=False))
    session.play(legal_moves(session.rules, session.position)[0])
    second = legal_moves(session.rules, session.position)[0]
    session.play(second)
    session.undo()
    session.undo()
    data = json.loads(session.save())
    assert len(data["redo"]) == 2
    _assert_plays_on(Session.restore(session.save()))
    data["redo"].reverse()
    with pytest.raises(InvalidInputError, match="illegal move"):
        Session.restore(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"v": 1, "moves": ' + "[" * 1000 + "]" * 1000 + "}", f"nests deeper than {MAX_SAVE_DEPTH} levels"),
        ("[" * 100_000, f"nests deeper than {MAX_SAVE_DEPTH} levels"),
        (_base(open="#" * MAX_SAVE_BYTES), f"too large: at most {MAX_SAVE_BYTES} bytes"),
        (_base().replace('"open": ""', '"open": NaN'), "NaN is not a number"),
        (_base().replace("[1, 1, 1]", "[1e999, 1, 1]"), "too large"),
        (_base().replace('"deal": "1"', '"deal": "1", "deal": "2"'), "appears twice"),
    ],
    ids=["deep", "endless brackets", "huge", "NaN", "1e999", "duplicate key"],
)
def test_oversized_deep_and_non_strict_saves_are_refused_before_they_are_read(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Session.restore(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _mutate_text(text: str, data: st.DataObject) -> str:
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        piece = data.draw(st.sampled_from(["", "[", "{", '"', ",", "1", "-", "e999", "NaN", " ", ">", "³", "ſ"]))
        if how == "delete":
            text = text[:where] + text[where + data.draw(st.integers(1, 8)):]
        elif how == "insert":
            text = text[:where] + piece + text[where:]
        else:
            text = text[:where] + piece + text[where + 1:]
    return text


_MOVE_EDITS = ["", "redeal", "AC>F", "KH>1", "2C>99", "2C>" + "9" * 5000, "2C>³", "ſC>1"]


def _mutate_moves(groups: list[Any], data: st.DataObject) -> list[Any]:
    """Edit a list of move groups as a careless hand or a bad disk would: drop, swap, repeat, rewrite."""
    groups = list(groups)
    action = data.draw(st.sampled_from(["drop", "swap", "repeat", "rewrite", "append"]))
    if action == "append" or not groups:
        return [*groups, data.draw(st.sampled_from(_MOVE_EDITS))]
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
        groups[i] = " ".join([*moves[:k], data.draw(st.sampled_from(_MOVE_EDITS)), *moves[k + 1:]])
    return groups


def _mutate_json(text: str, data: st.DataObject) -> str:
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
        save[key] = _mutate_moves(save[key], data)
    elif key == "settings":
        save[key] = data.draw(st.lists(st.sampled_from([0, 1, 2, -1, True, False, "1", 1.0, None]), max_size=4))
    elif key in ("deal", "game", "start", "open"):
        value = str(save[key])
        cut = data.draw(st.integers(0, len(value)))
        save[key] = value[:cut] + data.draw(st.sampled_from(["", "0", "9" * 4301, "\n-", " ", "ſ", "\ufeff"]))
    else:
        save[key] = data.draw(st.sampled_from([0, 2, True, "1", 1.0, None, 10**30]))
    return json.dumps(save)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_text_restores_or_is_refused(text: str) -> None:
    _restore_or_refuse(text)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(REAL_SAVES), st.data())
def test_real_saves_with_a_field_changed_restore_and_play_on_or_are_refused(save: str, data: st.DataObject) -> None:
    _restore_or_refuse(_mutate_json(save, data))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(REAL_SAVES), st.data())
def test_real_saves_with_their_text_damaged_restore_and_play_on_or_are_refused(save: str, data: st.DataObject) -> None:
    _restore_or_refuse(_mutate_text(save, data))
