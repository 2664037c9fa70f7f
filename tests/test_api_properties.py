"""The page's API under any request: never Internal, always strict JSON, and a refusal changes nothing.

``Api.call(method, params_json)`` (the worker's ``api.call``) is the one door
from the page into Python. Whatever comes through it (any method name,
parameters of any shape, size and depth, saves and statistics texts, real or
damaged) gets a reply that JavaScript's ``JSON.parse`` reads (no NaN, no
Infinity), of the kind ``ok``, ``InvalidInput`` or ``IllegalMove``, and a
refused call leaves the game as it was (its save is the same before and after).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf.api import MAX_UNDO, METHODS, Api

from .hostile_input import (
    HUGE_DIGITS,
    REAL_SAVES,
    REAL_STATISTICS,
    change_save_field,
    change_statistics_field,
    damage_text,
    json_values,
    strict_json,
)

REFUSALS = ("InvalidInput", "IllegalMove")
def stopped_clock() -> float:
    return 0.0


API = Api(now=stopped_clock)
"""The API under test: one object for the whole module, as the worker holds one for its lifetime
(its clock stands still, so a save changes only when the game does)."""


def answer(method: str, params_json: str) -> dict[str, Any]:
    """The reply to one call, checked: strict JSON, ``ok`` or a refusal of a known kind with a short message."""
    reply = strict_json(API.call(method, params_json))
    assert isinstance(reply, dict) and len(reply) == 1, reply
    if "error" in reply:
        error = reply["error"]
        assert error["type"] in REFUSALS, (method, params_json[:200], error)
        assert isinstance(error["message"], str) and "\n" not in error["message"]
        assert len(error["message"]) < 400, error["message"][:400]
    else:
        assert "ok" in reply, reply
    return reply


def saved() -> str:
    """The save of the game in progress, read without changing it."""
    save: str = answer("state", "{}")["ok"]["save"]
    return save


def answer_without_harm(method: str, params: Any) -> dict[str, Any]:
    """Call with ``params`` (a JSON value, or raw text when a str); a refusal must leave the save as it was."""
    before = saved()
    reply = answer(method, params if isinstance(params, str) else json.dumps(params))
    if "error" in reply:
        assert saved() == before, (method, str(params)[:200])
    return reply


@pytest.fixture(autouse=True)
def a_game_in_progress() -> None:
    """Each test starts from a game with a decision made and one undone (so undo and redo both act)."""
    assert "ok" in json.loads(API.call("restore", json.dumps({"save": REAL_SAVES[1]})))


# The parameters the methods read, each with values of the right shape and near misses.
_CARDS = st.sampled_from(["6D", "7D", "2C", "KH", "AC", "ZZ", "³", "ſ", "10H", "", " 6d "])
_FANS = st.sampled_from([4, 5, 7, "4", "F", "f", 0, -1, 99, 10**30, "³", "٣", "1" * 5000, True, 2.5, None])
_DEALS = st.sampled_from(["1", "617", "0", "-4", "1.5", HUGE_DIGITS, "99999999999999999999", 7, True, 2.5, None])
_GAMES = st.sampled_from(["clover-leaf", "fan", "trefoil", "FAN", "chess", "", "x" * 10_000, None, 3])
_NUMBERS = st.sampled_from([0, 1, 40, -1, True, False, 2.5, 1e308, 10**30, "3", None])
_DATES = st.sampled_from(["2026-11-29", "20261129", "2026-02-30", "9999-12-31", "0001-01-01", 20261129, None])
_NODES = st.sampled_from([1, 50, 0, -3, True, 2.5, "50", 10**30, None])
_JOBS = st.sampled_from([1, 2, 10**30, -1, True, 2.5, "1", None, [1], {"a": 1}])
_KINDS = st.sampled_from(
    ["hint", "check", "solution", "work", "solvable", "daily", "difficulty", "poker", None, ["hint"]]
)
_OPENINGS = st.sampled_from(["random", "link", "bank", "solvable", "daily", "position", "", None, 1])
_LEVELS = st.sampled_from(["easy", "medium", "hard", "Hard", "extreme", "", None, 3, ["easy"]])
_COUNTS = st.sampled_from([1, 2, MAX_UNDO, MAX_UNDO + 1, 0, -1, True, 2.5, "2", 10**30, None])

PARAMETERS: dict[str, st.SearchStrategy[Any]] = {
    "game": _GAMES,
    "deal": _DEALS,
    "card": _CARDS,
    "to": _FANS | st.just("redeal"),
    "won": st.sampled_from([True, False, 1, "yes", None]),
    "moves": _NUMBERS,
    "seconds": _NUMBERS,
    "solvable": st.sampled_from([True, False, 1, "no", None]),
    "daily": _DATES,
    "date": _DATES,
    "kind": _KINDS,
    "level": _LEVELS,
    "start": _DEALS,
    "job": _JOBS,
    "nodes": _NODES,
    "count": _COUNTS,
    "opening": _OPENINGS,
    "hints": _NUMBERS,
    "save": st.sampled_from(REAL_SAVES) | st.text(max_size=20),
    "stats": st.sampled_from(REAL_STATISTICS) | st.none() | st.text(max_size=20),
    "clickToPlay": st.sampled_from([True, False, 1, "true", None]),
    "autoMove": st.sampled_from([True, False, 0, None]),
    "autoComplete": st.sampled_from([True, False, 0.0]),
    "warnLost": st.sampled_from([True, False, "false", None]),
    "visible": st.sampled_from([True, False, 1, None]),
    "played": _NUMBERS,
}


@st.composite
def _parameters(draw: st.DrawFn, method: str) -> dict[str, Any]:
    """The method's own parameters, each present or not, with fitting or near-miss values; sometimes a stray one."""
    entry = METHODS.get(method)
    keys = [key for key in (entry.params if entry else ()) if draw(st.integers(0, 4))]
    params = {key: draw(PARAMETERS[key]) for key in keys}
    if not draw(st.integers(0, 5)):
        params[draw(st.sampled_from([*sorted(PARAMETERS), "x"]))] = draw(json_values)
    return params


METHOD_NAMES = st.sampled_from(sorted(METHODS)) | st.text(max_size=12)


def test_every_parameter_a_method_takes_is_attacked() -> None:
    assert {name for entry in METHODS.values() for name in entry.params} <= set(PARAMETERS)


@pytest.mark.parametrize("method", sorted(METHODS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_method_with_any_parameters_is_answered_or_refused_cleanly(method: str, data: st.DataObject) -> None:
    answer_without_harm(method, data.draw(_parameters(method)))


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=20), st.data())
def test_any_method_name_is_answered_or_refused_cleanly(method: str, data: st.DataObject) -> None:
    answer_without_harm(method, data.draw(_parameters(method)))


_RAW_PARAMETERS = st.sampled_from(
    [
        "",
        "[]",
        "null",
        "NaN",
        '{"deal": NaN}',
        '{"seconds": Infinity, "won": true, "moves": 1}',
        '{"deal": ' + HUGE_DIGITS + "}",
        '{"deal": 1e999}',
        "[" * 100_000,
        '{"game": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"card": "6D", "card": "7D", "to": 4}',
        "{" + '"a": 1, ' * 20_000 + '"b": 2}',
    ]
) | st.text(max_size=60)


@settings(max_examples=60, deadline=None)
@given(METHOD_NAMES, _RAW_PARAMETERS)
def test_any_parameter_text_is_answered_or_refused_cleanly(method: str, params_json: str) -> None:
    answer_without_harm(method, params_json)


def _texts_like(reals: Any, change_field: Any) -> Any:
    """Real texts, each with a field changed or its text damaged, and any short text."""
    real = st.sampled_from(reals)
    return (
        real
        | st.builds(change_field, real, st.data())
        | st.builds(damage_text, real, st.data())
        | st.text(max_size=100)
    )


_SAVE_TEXTS = _texts_like(REAL_SAVES, change_save_field)


@settings(max_examples=60, deadline=None)
@given(_SAVE_TEXTS | json_values)
def test_any_save_is_restored_or_refused_without_touching_the_game(save: Any) -> None:
    reply = answer_without_harm("restore", {"save": save})
    if "ok" in reply:
        assert answer("restore", json.dumps({"save": reply["ok"]["save"]}))["ok"] == reply["ok"]
        if reply["ok"]["state"]["canRedo"]:
            assert not answer("redo", json.dumps({"count": MAX_UNDO}))["ok"]["state"]["canRedo"]


_STATISTICS_TEXTS = _texts_like(REAL_STATISTICS, change_statistics_field)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["statsSummary", "statsRecord", "statsReset"]),
    _STATISTICS_TEXTS | json_values,
    st.data(),
)
def test_any_statistics_are_summarised_recorded_or_refused_with_strict_json(
    method: str, stats: Any, data: st.DataObject
) -> None:
    reply = answer_without_harm(method, {**data.draw(_parameters(method)), "stats": stats})
    if "ok" in reply:
        answer("statsSummary", json.dumps({"stats": reply["ok"]["stats"], "game": "fan"}))


def _save_with(**changes: Any) -> str:
    data = json.loads(REAL_SAVES[0])
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("method", "params"),
    [
        pytest.param("play", {"card": "6D", "to": "³"}, id="destination ³"),
        pytest.param("play", {"card": "6D", "to": "4" * 5000}, id="destination of 5000 digits"),
        pytest.param("play", '{"card": "6D", "to": ' + "4" * 5000 + "}", id="destination a number of 5000 digits"),
        pytest.param("new", {"game": "fan", "deal": "1" * 5000}, id="new: deal of 5000 digits"),
        pytest.param("jobStart", {"kind": "solvable", "start": "1" * 5000}, id="jobStart: 5000 digits"),
        pytest.param("jobStep", {"job": [1], "nodes": 10}, id="job id a list"),
        pytest.param("jobStep", {"job": {"a": 1}, "nodes": 10}, id="job id an object"),
        pytest.param("jobCancel", {"job": [1]}, id="jobCancel: job id a list"),
        pytest.param("jobStart", {"kind": "daily", "date": "20261129"}, id="date without dashes"),
        pytest.param("restore", {"save": _save_with(redo=["8H>F"])}, id="redo list with an illegal move"),
        pytest.param("restore", {"save": _save_with(redo=[""])}, id="redo list with an empty move"),
        pytest.param("restore", {"save": _save_with(settings="000")}, id="settings 000"),
        pytest.param("restore", {"save": _save_with(settings=[True, 1, 1])}, id="settings true"),
        pytest.param("statsRecord", {"won": True, "moves": True, "seconds": 1}, id="moves true"),
        pytest.param("statsRecord", {"won": True, "moves": 3, "seconds": float("inf")}, id="seconds Infinity"),
        pytest.param("statsRecord", {"won": 1, "moves": 3, "seconds": 2}, id="won 1"),
        pytest.param("restore", {"save": '{"v":1,"moves":' + "[" * 1000 + "]" * 1000 + "}"}, id="save 1000 deep"),
        pytest.param("state", "[" * 100_000, id="parameters 100000 deep"),
        pytest.param("new", '{"deal": ' + "1" * 5000 + "}", id="parameter number of 5000 digits"),
        pytest.param("statsRecord", '{"won": true, "moves": 3, "seconds": NaN}', id="parameter NaN"),
        pytest.param("new", '{"game": "fan", "game": "trefoil"}', id="parameter given twice"),
    ],
)
def test_each_bad_request_the_review_named_is_refused_as_invalid_input(method: str, params: Any) -> None:
    reply = answer_without_harm(method, params)
    assert reply.get("error", {}).get("type") == "InvalidInput", reply
    assert len(reply["error"]["message"]) < 200


@pytest.mark.parametrize(
    ("method", "params"),
    [
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"all":{"played":2.5}}}}'}, id="played 2.5"),
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"all":{"streak":"3"}}}}'}, id="streak '3'"),
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"all":{"best_time":"9"}}}}'}, id="time '9'"),
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"daily":{"last_day":5}}}}'}, id="last_day 5"),
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"all":{"best_time":1e999}}}}'}, id="1e999"),
        pytest.param("statsSummary", {"stats": '{"v":1,"games":{"fan":{"all":{"best_time":NaN}}}}'}, id="NaN"),
    ],
)
def test_statistics_the_review_named_unreadable_are_set_aside_and_a_fresh_record_begins(
    method: str, params: Any
) -> None:
    """Statistics are the player's own record: a damaged one must not stop the
    page, so it is set aside (the page keeps the old text) rather than refused."""
    reply = answer_without_harm(method, params)
    assert reply["ok"]["setAside"] is True, reply
    assert json.loads(reply["ok"]["stats"]) == {"v": 1, "games": {}}
