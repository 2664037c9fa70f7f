"""Every golden search of ``tests/data/solver_goldens.txt`` answers as recorded, node for node.

What each line holds, and how the file is recorded, is in
:mod:`tests.solver_goldens`. The default run searches deals 1-``DEFAULT_DEALS`` of every
game with ``FAST_BUDGET`` nodes, every tenth of them in slices too, the deals of the
day, the difficulty sample and the hints; the ``slow`` mark (``--slow``) adds
the later deals to 100 with ``FAST_BUDGET``, the same deals and the slow ones of
docs/solver.md with each game's solve budget.
"""

from __future__ import annotations

import pytest

from cloverleaf.games import CATALOGUE

from .solver_goldens import DEALS, FAST_BUDGET, SLICED_EVERY, read_goldens, recompute

GAMES = [rules.id for rules in CATALOGUE]
SLOW_TIMEOUT = 1800  # a game's slow searches take up to a minute alone, many times that on a busy machine
BUDGETS = {rules.id: rules.solver.solve_budget for rules in CATALOGUE}
DEFAULT_DEALS = 30  # the default run searches deals 1-30 of the fast lines; --slow the rest too


def _is_fast(line: str) -> bool:
    kind, game, *_ = line.split()
    return kind != "search" or int(line.split()[3]) == min(FAST_BUDGET, BUDGETS[game])


def _lines(game: str, fast: bool) -> list[str]:
    return [line for line in read_goldens() if line.split()[1] == game and _is_fast(line) == fast]


def _differences(lines: list[str], sliced: bool = False) -> list[tuple[str, str]]:
    return [(line, now) for line in lines if (now := recompute(line, sliced)) != line]


def test_the_goldens_cover_every_game_with_each_kind_of_line() -> None:
    kinds = {(line.split()[0], line.split()[1]) for line in read_goldens()}
    assert kinds == {(kind, game) for kind in ("search", "daily", "difficulty", "hint") for game in GAMES}


def _in_default_run(line: str) -> bool:
    """Whether the default run checks this fast line: every one but the searches of deals past DEFAULT_DEALS."""
    return not line.startswith("search") or int(line.split()[2]) <= DEFAULT_DEALS


@pytest.mark.parametrize("game", GAMES)
def test_searches_days_difficulties_and_hints_are_as_recorded(game: str) -> None:
    assert _differences([line for line in _lines(game, fast=True) if _in_default_run(line)]) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_later_deals_searches_are_as_recorded(game: str) -> None:
    assert _differences([line for line in _lines(game, fast=True) if not _in_default_run(line)]) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_search_run_in_slices_answers_as_one_run_whole(game: str) -> None:
    searches = [line for line in _lines(game, fast=True) if line.startswith("search")]
    assert _differences(searches[::SLICED_EVERY], sliced=True) == []


@pytest.mark.slow
@pytest.mark.timeout(SLOW_TIMEOUT)
@pytest.mark.parametrize("game", GAMES)
def test_searches_with_the_solve_budget_are_as_recorded(game: str) -> None:
    assert _differences(_lines(game, fast=False)) == []


@pytest.mark.slow
@pytest.mark.timeout(SLOW_TIMEOUT)
@pytest.mark.parametrize("game", GAMES)
def test_the_slow_deals_run_in_slices_answer_as_recorded(game: str) -> None:
    slow = [line for line in _lines(game, fast=False) if int(line.split()[2]) not in DEALS]
    assert _differences(slow, sliced=True) == []
