"""Hints, solvable deals and the deal of the day, stepped in slices."""

from __future__ import annotations

import datetime
from typing import Any

from cloverleaf.deals import deal
from cloverleaf.engine import apply_move, play
from cloverleaf.games import find_game
from cloverleaf.notation import parse_move
from cloverleaf.position import Position
from cloverleaf.solver import (
    DailyDeal,
    Hint,
    NextSolvableDeal,
    Verdict,
    daily_deal,
    daily_start,
    hint,
    next_solvable_deal,
    solve,
)

ALEXANDER = find_game("alexander-the-great")
CLOVER_LEAF = find_game("clover-leaf")


def run_in_slices(job: Hint | NextSolvableDeal, size: int) -> dict[str, Any]:
    while True:
        result = job.step(size)
        if result is not None:
            return result


def blundered_history() -> list[Position]:
    """Alexander the Great deal 2 (winnable), then 9H>11 (lost), then 9D>8."""
    start = deal(ALEXANDER, 2)
    blunder = play(ALEXANDER, start, parse_move("9H>11"))
    after = play(ALEXANDER, blunder, parse_move("9D>8"))
    return [start, blunder, after]


def test_hint_on_a_winnable_position_gives_the_next_move_of_a_solution() -> None:
    position = deal(CLOVER_LEAF, 3)
    result = hint(CLOVER_LEAF, [position], 20_000)
    assert result["verdict"] == "solved"
    assert result["move"] == result["solution"][0]
    assert result["undo"] is None
    after = play(CLOVER_LEAF, position, parse_move(result["move"]))
    assert solve(CLOVER_LEAF, after, 20_000).verdict is Verdict.SOLVED


def test_hint_on_a_won_position_has_no_move() -> None:
    won = Position(tuple(() for _ in range(16)), (13, 13, 13, 13), 0, 0)
    result = hint(CLOVER_LEAF, [won], 10)
    assert (result["verdict"], result["move"], result["nodes"]) == ("solved", None, 1)


def test_hint_on_a_lost_position_counts_the_moves_back_to_a_winnable_one() -> None:
    result = hint(ALEXANDER, blundered_history(), 50_000)
    assert result["verdict"] == "lost"
    assert result["undo"] == 2
    assert result["earlier"] == "winnable"
    assert result["move"] is None


def test_hint_says_when_every_earlier_position_is_lost_too() -> None:
    history = blundered_history()[1:]
    result = hint(ALEXANDER, history, 50_000)
    assert (result["verdict"], result["undo"], result["earlier"]) == ("lost", None, "lost")


def test_hint_out_of_budget_is_unknown_and_stops_at_the_budget() -> None:
    result = hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 660)], 1_000)
    assert result["verdict"] == "unknown"
    assert result["move"] is None
    assert result["nodes"] == 1_000


def test_hint_in_slices_equals_hint_in_one_go() -> None:
    whole = hint(ALEXANDER, blundered_history(), 50_000)
    for size in (1, 37, 1000):
        assert run_in_slices(Hint(ALEXANDER, blundered_history(), 50_000), size) == whole


def test_hint_step_returns_none_until_done_and_then_keeps_its_result() -> None:
    job = Hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 3)], 20_000)
    assert job.step(1) is None
    result = run_in_slices(job, 100)
    assert job.step(100) == result


def test_next_solvable_deal_skips_lost_deals_and_returns_a_solved_one() -> None:
    number = next_solvable_deal(ALEXANDER, 4)
    assert number >= 4
    assert solve(ALEXANDER, deal(ALEXANDER, number), 20_000).verdict is Verdict.SOLVED
    for skipped in range(4, number):
        assert solve(ALEXANDER, deal(ALEXANDER, skipped), 20_000).verdict is not Verdict.SOLVED


def test_next_solvable_deal_in_slices_is_the_same_walk() -> None:
    whole = run_in_slices(NextSolvableDeal(ALEXANDER, 4), 1 << 30)
    assert run_in_slices(NextSolvableDeal(ALEXANDER, 4), 97) == whole
    assert whole["tried"] == whole["deal"] - 4 + 1


def test_daily_deal_is_the_same_for_everyone_on_a_date() -> None:
    day = datetime.date(2026, 11, 29)
    number = daily_deal(CLOVER_LEAF, day)
    assert number == daily_deal(CLOVER_LEAF, day)
    assert number >= daily_start(CLOVER_LEAF, day)
    result = run_in_slices(DailyDeal(CLOVER_LEAF, day), 500)
    assert result["deal"] == number
    assert result["date"] == "2026-11-29"


def test_daily_start_depends_on_game_and_date_and_stays_in_range() -> None:
    days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=n) for n in range(50)]
    starts = {daily_start(CLOVER_LEAF, day) for day in days}
    assert len(starts) == 50
    assert all(1 <= start <= 10**9 for start in starts)
    assert daily_start(CLOVER_LEAF, days[0]) != daily_start(ALEXANDER, days[0])


def test_hint_moves_replay_from_the_current_position() -> None:
    position = deal(find_game("trefoil"), 4)
    rules = find_game("trefoil")
    result = hint(rules, [position], 20_000)
    for text in result["solution"]:
        position = apply_move(rules, position, parse_move(text))
    assert sum(position.foundations) == 52
