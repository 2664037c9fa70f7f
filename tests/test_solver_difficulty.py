"""Difficulty of winnable deals: levels from the nodes to the first solution, the same through every door."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf.deals import deal
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.solver import DealDifficulty, Level, NextSolvableDeal, Search, Verdict, level_of
from cloverleaf.solver.jobs import run_to_end

CLOVER_LEAF = find_game("clover-leaf")
FAN = find_game("fan")
TREFOIL = find_game("trefoil")  # every deal winnable, most in a few hundred nodes: cheap walks


def stepped(job: DealDifficulty | NextSolvableDeal, size: int) -> dict[str, Any]:
    while True:
        result = job.step(size)
        if result is not None:
            return result


@pytest.mark.parametrize("rules", CATALOGUE, ids=lambda rules: rules.id)
def test_every_game_cuts_its_scores_at_two_rising_thresholds(rules: Any) -> None:
    easy, medium = rules.solver.difficulty
    assert 0 < easy < medium <= rules.solver.deal_budget
    assert level_of(rules, easy - 1) is Level.EASY
    assert level_of(rules, easy) is Level.MEDIUM
    assert level_of(rules, medium - 1) is Level.MEDIUM
    assert level_of(rules, medium) is Level.HARD


def test_the_difficulty_of_a_deal_is_its_level_from_the_nodes_to_its_first_solution() -> None:
    for rules, number in ((TREFOIL, 1), (TREFOIL, 2), (TREFOIL, 3), (FAN, 1), (FAN, 3)):  # Fan 1 is lost
        search = Search(rules, deal(rules, number), forced_autoplay=True)  # as the solvable-deal walk searches
        verdict = search.run(rules.solver.deal_budget)
        result = stepped(DealDifficulty(rules, number), 1 << 30)
        assert result["verdict"] == verdict.value
        if verdict is Verdict.SOLVED:
            assert result["difficulty"] == level_of(rules, search.nodes).value
        else:
            assert result["difficulty"] is None
        assert stepped(DealDifficulty(rules, number), 97) == result


@pytest.mark.parametrize("level", list(Level), ids=lambda level: level.value)
def test_a_walk_for_one_level_stops_at_the_first_winnable_deal_of_that_level(level: Level) -> None:
    found = run_to_end(NextSolvableDeal(TREFOIL, 1, level=level))
    assert found["difficulty"] == level.value
    assert stepped(DealDifficulty(TREFOIL, found["deal"]), 1 << 30)["difficulty"] == level.value
    for skipped in range(1, found["deal"]):
        assert stepped(DealDifficulty(TREFOIL, skipped), 1 << 30)["difficulty"] != level.value
    assert found["tried"] == found["deal"]


def test_a_walk_for_any_level_reports_the_level_it_found() -> None:
    found = run_to_end(NextSolvableDeal(CLOVER_LEAF, 1))
    assert found["difficulty"] == stepped(DealDifficulty(CLOVER_LEAF, found["deal"]), 1 << 30)["difficulty"]
