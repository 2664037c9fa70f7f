"""Statistics: counts, streaks, bests, the daily streak, and a versioned saved form."""

from __future__ import annotations

import pytest

from cloverleaf import InvalidInputError
from cloverleaf.stats import Stats, load


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
