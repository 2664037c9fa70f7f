"""Hints, solvable deals and the deal of the day, stepped in slices."""

from __future__ import annotations

import datetime

from cloverleaf.deals import deal
from cloverleaf.engine import apply_move, play
from cloverleaf.games import find_game
from cloverleaf.notation import parse_move
from cloverleaf.position import Move, Position
from cloverleaf.rules import Rules
from cloverleaf.session import Session
from cloverleaf.solver import (
    DailyDeal,
    Hint,
    NextSolvableDeal,
    Verdict,
    check_solution,
    daily_deal,
    daily_start,
    hint,
    next_solvable_deal,
    solve,
)
from cloverleaf.solver.jobs import Job, Result, position_key

ALEXANDER = find_game("alexander-the-great")
CLOVER_LEAF = find_game("clover-leaf")
SHAMROCKS = find_game("shamrocks")


def run_in_slices(job: Job[Result], size: int) -> Result:
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


def history_of(rules: Rules, number: int, moves: str) -> list[Position]:
    """Deal ``number`` and the positions after each of ``moves`` (no automatic moves)."""
    history = [deal(rules, number)]
    for text in moves.split():
        history.append(play(rules, history[-1], parse_move(text)))
    return history


def passes_through(rules: Rules, start: Position, solution: tuple[Move, ...], history: list[Position]) -> bool:
    """Whether playing ``solution`` from ``start`` meets a position of ``history`` other than ``start``."""
    seen = {position_key(rules, position) for position in history} - {position_key(rules, start)}
    position = start
    for move in solution:
        position = apply_move(rules, position, move)
        if position_key(rules, position) in seen:
            return True
    return False


def test_hint_on_a_winnable_position_gives_a_solution_that_replays() -> None:
    position = deal(CLOVER_LEAF, 3)
    result = hint(CLOVER_LEAF, [position], 20_000)
    assert (result.verdict, result.back, result.undo) == (Verdict.SOLVED, 0, None)
    assert check_solution(CLOVER_LEAF, position, result.solution)


def test_hint_never_leads_back_into_the_games_history() -> None:
    """The loop players met: each hint was the first move of some solution, and the
    next search found one that starts by moving 7H back (Clover Leaf 946702841)."""
    session = Session.new("clover-leaf", 946702841)
    for text in ["5S>6", "AD>11", "3D>12", "7H>7", "9C>5", "KC>14", "7H>4"]:
        session.play(parse_move(text))
    history = session.history()
    result = hint(CLOVER_LEAF, history, forced_autoplay=True)
    assert (result.verdict, result.back) == (Verdict.SOLVED, 0)
    assert result.solution[0] != parse_move("7H>7")
    assert check_solution(CLOVER_LEAF, history[-1], result.solution)
    assert not passes_through(CLOVER_LEAF, history[-1], result.solution, history)


def test_hint_sends_the_player_back_when_every_win_passes_through_the_history() -> None:
    """Alexander the Great 51: 6C>10 covers 5C, and only moving 6C back to fan 4 saves it."""
    history = history_of(ALEXANDER, 51, "2C>F 3C>10 3C>F 6C>4 QH>F 4C>F 6C>10")
    result = hint(ALEXANDER, history)
    assert (result.verdict, result.back) == (Verdict.SOLVED, 1)
    start = history[-2]
    assert check_solution(ALEXANDER, start, result.solution)
    assert not passes_through(ALEXANDER, start, result.solution, history)


def test_hint_on_a_won_position_has_no_move() -> None:
    won = Position(tuple(() for _ in range(16)), (13, 13, 13, 13), 0, 0)
    result = hint(CLOVER_LEAF, [won], 10)
    assert (result.verdict, result.solution, result.nodes) == (Verdict.SOLVED, (), 1)


def test_hint_on_a_lost_position_counts_the_moves_back_to_a_winnable_one() -> None:
    result = hint(ALEXANDER, blundered_history(), 50_000)
    assert (result.verdict, result.undo, result.earlier, result.solution) == (Verdict.LOST, 2, Verdict.SOLVED, ())


def test_hint_says_when_every_earlier_position_is_lost_too() -> None:
    result = hint(ALEXANDER, blundered_history()[1:], 50_000)
    assert (result.verdict, result.undo, result.earlier) == (Verdict.LOST, None, Verdict.LOST)


def test_hint_out_of_budget_is_unknown_and_stops_at_the_budget() -> None:
    result = hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 660)], 1_000)
    assert (result.verdict, result.solution, result.nodes) == (Verdict.UNKNOWN, (), 1_000)


def test_hint_in_slices_equals_hint_in_one_go() -> None:
    whole = hint(ALEXANDER, blundered_history(), 50_000)
    for size in (1, 37, 1000):
        assert run_in_slices(Hint(ALEXANDER, blundered_history(), 50_000), size) == whole


def test_a_hint_with_auto_move_plays_the_game_a_player_with_auto_move_plays() -> None:
    """Before the last redeal, cards the page sends up are not in the redeal's shuffle."""
    rules = find_game("trefoil")
    result = hint(rules, [deal(rules, 5004)], forced_autoplay=True)
    assert result.verdict is Verdict.SOLVED
    assert check_solution(rules, deal(rules, 5004), result.solution)


def test_hint_step_returns_none_until_done_and_then_keeps_its_result() -> None:
    job = Hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 3)], 20_000)
    assert job.step(1) is None
    result = run_in_slices(job, 100)
    assert job.step(100) == result


def test_a_hint_searched_on_is_the_search_a_larger_budget_makes() -> None:
    """Shamrocks deal 8 is won at 2,453 nodes: asks of 1,000 nodes each find the win on the
    third, the very solution one search of 5,000 nodes finds."""
    start = deal(SHAMROCKS, 8)
    job = Hint(SHAMROCKS, [start], 1_000, limit=5_000)
    for nodes in (1_000, 2_000):
        result = run_in_slices(job, 300)
        assert (result.verdict, result.nodes, job.can_search_on) == (Verdict.UNKNOWN, nodes, True)
        assert job.search_on()
    won = run_in_slices(job, 300)
    assert won == hint(SHAMROCKS, [start], 5_000)
    assert won.verdict is Verdict.SOLVED and check_solution(SHAMROCKS, start, won.solution)
    assert not job.can_search_on and not job.search_on()
    assert job.step(100) == won


def test_a_hint_searches_on_no_further_than_its_limit() -> None:
    job = Hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 660)], 1_000, limit=2_500)
    assert not job.search_on()  # nothing has run out yet
    for nodes in (1_000, 2_000, 2_500):
        result = run_in_slices(job, 400)
        assert (result.verdict, result.nodes) == (Verdict.UNKNOWN, nodes)
        job.search_on()
    assert not job.can_search_on and run_in_slices(job, 400) == result
    assert result == hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 660)], 2_500)


def test_a_hint_may_search_on_up_to_the_games_hint_limit_else_its_solve_budget() -> None:
    job = Hint(SHAMROCKS, [deal(SHAMROCKS, 8)])
    assert (job.budget, job.limit) == (SHAMROCKS.solver.hint_budget, SHAMROCKS.solver.hint_limit)
    assert SHAMROCKS.solver.hint_limit > SHAMROCKS.solver.solve_budget  # the dives search on alone
    job = Hint(CLOVER_LEAF, [deal(CLOVER_LEAF, 8)])
    assert (job.budget, job.limit) == (CLOVER_LEAF.solver.hint_budget, CLOVER_LEAF.solver.solve_budget)


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


