"""Statistics: counts, streaks, bests, the daily streak, and a versioned saved form."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import InvalidInputError
from cloverleaf.stats import MAX_COUNT, MAX_STATS_BYTES, MAX_STATS_DEPTH, Stats, load

from .hostile_input import REAL_STATISTICS, change_statistics_field, damage_text, strict_json


def test_wins_and_losses_count_with_streaks_and_bests() -> None:
    stats = Stats()
    for won, moves, seconds in [(True, 80, 200.0), (True, 70, 250.0), (False, 10, 30.0), (True, 90, 150.0)]:
        stats = stats.record("clover-leaf", won, moves, seconds)
    summary = stats.summary("clover-leaf")["all"]
    assert (summary["played"], summary["won"], summary["streak"], summary["best_streak"]) == (4, 3, 1, 2)
    assert summary["best_time"] == 150.0 and summary["fewest_moves"] == 70
    assert summary["win_rate"] == 0.75
    assert summary["recent"] == [1, 1, 0, 1]


def test_solvable_and_daily_games_count_in_their_own_buckets_too() -> None:
    stats = Stats().record("fan", True, 50, 60.0, solvable=True).record("fan", True, 40, 90.0, daily="2026-11-29")
    summary = stats.summary("fan")
    assert summary["all"]["played"] == 2
    assert summary["solvable"]["played"] == 1
    assert summary["daily"]["played"] == 1


def test_daily_streak_counts_days_in_a_row() -> None:
    stats = Stats()
    for day in ["2026-11-27", "2026-11-28", "2026-11-28", "2026-11-29"]:
        stats = stats.record("clover-leaf", True, 60, 100.0, daily=day)
    daily = stats.summary("clover-leaf")["daily"]
    assert daily["day_streak"] == 3
    stats = stats.record("clover-leaf", True, 60, 100.0, daily="2026-12-05")
    assert stats.summary("clover-leaf")["daily"]["day_streak"] == 1
    assert stats.summary("clover-leaf")["daily"]["best_day_streak"] == 3


def test_recent_results_keep_the_last_thirty() -> None:
    stats = Stats()
    for i in range(45):
        stats = stats.record("shamrocks-ii", i % 3 == 0, 50, 10.0)
    assert len(stats.summary("shamrocks-ii")["all"]["recent"]) == 30


def test_saved_statistics_load_back_the_same() -> None:
    stats = Stats().record("trefoil", True, 30, 45.5, solvable=True).record("trefoil", False, 3, 5.0)
    assert load(stats.dumps()) == stats
    assert load(None) == Stats() == load("")


def test_reset_forgets_one_game_or_all() -> None:
    stats = Stats().record("fan", True, 50, 60.0).record("trefoil", False, 5, 6.0)
    assert stats.reset("fan").summary("fan")["all"]["played"] == 0
    assert stats.reset("fan").summary("trefoil")["all"]["played"] == 1
    assert stats.reset() == Stats()


@pytest.mark.parametrize(
    "text",
    ["{", "[]", '{"v": 2, "games": {}}', '{"v": 1, "games": {"chess": {}}}',
     '{"v": 1, "games": {"fan": {"all": {"played": 1, "won": 5}}}}',
     '{"v": 1, "games": {"fan": {"weekly": {}}}}', '{"v": 1, "games": {"fan": {"all": {"colour": 1}}}}'],
)
def test_unreadable_statistics_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(InvalidInputError, match="statistics cannot be read"):
        load(text)


def test_bad_records_are_refused() -> None:
    with pytest.raises(InvalidInputError):
        Stats().record("fan", True, -1, 3.0)
    with pytest.raises(InvalidInputError, match="bad date"):
        Stats().record("fan", True, 1, 3.0, daily="yesterday")


def _text(**fields: object) -> str:
    return json.dumps({"v": 1, "games": {"fan": {"all": {"played": 3, "won": 1, **fields}}}})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_text(streak="3"), "bad fan all streak '3'"),
        (_text(best_time="12"), "bad fan all best_time '12'"),
        (_text(last_day=5), "bad fan all last_day 5"),
        (_text(last_day="20261129"), "bad fan all last_day '20261129'"),
        (_text(played=True), "bad fan all played true"),
        (_text(played=2.5), "bad fan all played 2.5"),
        (_text(played=-1), "bad fan all played -1"),
        (_text(played=2**53), "bad fan all played"),
        (_text(fewest_moves="10"), "bad fan all fewest_moves '10'"),
        (_text(recent=[1, 3]), "bad fan all recent result 3"),
        (_text(recent=[True]), "bad fan all recent result true"),
        (_text(recent=[1] * 31), "fan all recent holds 31 items"),
        (_text(best_time=-1), "bad fan all best_time -1"),
        (_text().replace('"won": 1', '"won": 1, "best_time": 1e999'), "too large"),
        (_text().replace('"won": 1', '"won": 1, "best_time": NaN'), "NaN is not a number"),
        (_text().replace('"won": 1', '"won": 1, "best_time": Infinity'), "Infinity is not a number"),
        (_text().replace('"won": 1', '"won": 1, "won": 1'), "appears twice"),
        ('{"v": true, "games": {}}', "unknown statistics version true"),
        ('{"v": 1, "games": []}', "games must be a JSON object"),
        ('{"v": 1, "games": {"FAN": {}}}', "unknown game 'FAN'"),
        ('{"v": 1, "games": {}, "extra": 1}', "unknown field 'extra'"),
        ('{"v": 1, "games": {"fan": ' + "[" * 1000 + "]" * 1000 + "}}", f"nests deeper than {MAX_STATS_DEPTH}"),
        ('{"v": 1, "games": {}}' + " " * MAX_STATS_BYTES, f"too large: at most {MAX_STATS_BYTES} bytes"),
        (7, "must be text, not 7"),
    ],
    ids=lambda value: str(value)[-40:],
)
def test_statistics_with_a_field_of_the_wrong_type_or_range_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match="the statistics cannot be read: .*" + re.escape(message)):
        load(text)


def test_records_with_a_bad_time_or_move_count_are_refused() -> None:
    for seconds in (float("inf"), float("nan"), -1.0, 1e300):
        with pytest.raises(InvalidInputError, match="bad time"):
            Stats().record("fan", True, 10, seconds)
    for moves in (True, 2**60, -1):
        with pytest.raises(InvalidInputError, match="bad move count"):
            Stats().record("fan", True, moves, 3.0)
    with pytest.raises(InvalidInputError, match="won is true or false"):
        Stats().record("fan", 1, 10, 3.0)  # type: ignore[arg-type]


def test_counts_stay_within_what_loads_back() -> None:
    stats = load(_text(played=MAX_COUNT, won=MAX_COUNT, streak=MAX_COUNT, best_streak=MAX_COUNT))
    after = stats.record("fan", True, 5, 3.0)
    assert load(after.dumps()).summary("fan")["all"]["played"] == MAX_COUNT


def test_the_last_day_a_date_holds_does_not_break_the_daily_streak() -> None:
    stats = Stats().record("fan", True, 5, 3.0, daily="9999-12-31").record("fan", True, 5, 3.0, daily="2026-01-01")
    assert stats.summary("fan")["daily"]["day_streak"] == 1


def _load_or_refuse(text: str) -> None:
    """load gives statistics that record, write strict JSON and load back the same; or a short refusal."""
    try:
        stats = load(text)
    except InvalidInputError as error:
        assert str(error).startswith("the statistics cannot be read: ")
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    for game in stats.games:
        strict_json(json.dumps(stats.summary(game), allow_nan=False))
    after = stats.record("fan", True, 10, 12.5, solvable=True, daily="2026-11-30")
    strict_json(after.dumps())
    assert load(after.dumps()) == after


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_loads_or_is_refused(text: str) -> None:
    _load_or_refuse(text)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REAL_STATISTICS), st.data())
def test_real_statistics_with_a_field_changed_load_or_are_refused(text: str, data: st.DataObject) -> None:
    _load_or_refuse(change_statistics_field(text, data))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(REAL_STATISTICS), st.data())
def test_real_statistics_with_their_text_damaged_load_or_are_refused(text: str, data: st.DataObject) -> None:
    _load_or_refuse(damage_text(text, data))


def test_a_win_with_help_counts_as_a_win_but_sets_no_record_and_leaves_the_streak_as_it_was() -> None:
    stats = Stats().record("clover-leaf", True, 80, 200.0).record("clover-leaf", True, 70, 250.0)
    stats = stats.record("clover-leaf", True, 30, 40.0, hints=3)  # faster and shorter, but with help
    summary = stats.summary("clover-leaf")["all"]
    assert (summary["played"], summary["won"], summary["helped"]) == (3, 3, 1)
    assert (summary["best_time"], summary["fewest_moves"]) == (200.0, 70)
    assert (summary["streak"], summary["best_streak"]) == (2, 2)  # no win added, none broken
    assert summary["recent"] == [1, 1, 2]  # the chart draws the win with help apart
    alone = stats.record("clover-leaf", True, 60, 100.0).summary("clover-leaf")["all"]
    assert (alone["streak"], alone["best_time"], alone["fewest_moves"]) == (3, 100.0, 60)
    lost = stats.record("clover-leaf", False, 10, 5.0).summary("clover-leaf")["all"]
    assert (lost["streak"], lost["best_streak"]) == (0, 2)


def test_a_daily_win_with_help_does_not_carry_the_days_in_a_row() -> None:
    stats = Stats().record("fan", True, 60, 100.0, daily="2026-11-27")
    stats = stats.record("fan", True, 60, 100.0, daily="2026-11-28", hints=1)
    daily = stats.summary("fan")["daily"]
    assert (daily["day_streak"], daily["best_day_streak"], daily["helped"], daily["won"]) == (1, 1, 1, 2)


def test_a_first_win_with_help_leaves_the_records_empty() -> None:
    summary = Stats().record("fan", True, 40, 60.0, hints=1).summary("fan")["all"]
    assert (summary["won"], summary["helped"], summary["best_time"], summary["fewest_moves"]) == (1, 1, None, None)
    assert summary["best_streak"] == 0


def test_statistics_saved_before_wins_with_help_load_with_none_helped() -> None:
    old = '{"games":{"fan":{"all":{"played":3,"won":2,"streak":1,"best_streak":1,"fewest_moves":40}}},"v":1}'
    summary = load(old).summary("fan")["all"]
    assert (summary["won"], summary["helped"], summary["fewest_moves"]) == (2, 0, 40)
    helped = load(old).record("fan", True, 50, 10.0, hints=2)
    assert load(helped.dumps()) == helped


def test_more_wins_with_help_than_wins_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="more wins with help than wins"):
        load('{"games":{"fan":{"all":{"played":3,"won":1,"helped":2}}},"v":1}')
    with pytest.raises(InvalidInputError, match="hints"):
        Stats().record("fan", True, 50, 10.0, hints=-1)
