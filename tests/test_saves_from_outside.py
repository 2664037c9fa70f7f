"""Saves come from the browser's storage, where anything can happen to them.

``Session.restore`` either gives back a session that plays on (its redo list
included) or raises InvalidInputError with a short message: never another
exception, never a session that fails later.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import InvalidInputError, legal_moves
from cloverleaf.save_format import MAX_SAVE_BYTES, MAX_SAVE_DEPTH
from cloverleaf.session import Session, Settings

from .hostile_input import REAL_SAVES, change_save_field, damage_text


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


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_any_text_restores_or_is_refused(text: str) -> None:
    _restore_or_refuse(text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REAL_SAVES), st.data())
def test_real_saves_with_a_field_changed_restore_and_play_on_or_are_refused(save: str, data: st.DataObject) -> None:
    _restore_or_refuse(change_save_field(save, data))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REAL_SAVES), st.data())
def test_real_saves_with_their_text_damaged_restore_and_play_on_or_are_refused(save: str, data: st.DataObject) -> None:
    _restore_or_refuse(damage_text(save, data))
