"""The solver: proves deals won (with a solution that replays) or lost, in node budgets.

- :func:`solve` answers at once; :class:`Search` does the same in slices.
- :mod:`.jobs`: hints, solvable deals and deals of the day, each a job stepped
  in slices (``step(nodes) -> dict | None``).
- :mod:`.board`: the position the search works on, and every pruning rule with
  the argument that it keeps every win.
- :mod:`.budgets`: the node budgets of each use, per game.
"""

from .budgets import deal_budget, hint_budget, solve_budget
from .jobs import DailyDeal, Hint, NextSolvableDeal, daily_deal, daily_start, hint, next_solvable_deal
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Search, SolveResult, check_solution, solve

__all__ = [
    "SOLVED",
    "UNKNOWN",
    "UNSOLVABLE",
    "DailyDeal",
    "Hint",
    "NextSolvableDeal",
    "Search",
    "SolveResult",
    "check_solution",
    "daily_deal",
    "daily_start",
    "deal_budget",
    "hint",
    "hint_budget",
    "next_solvable_deal",
    "solve",
    "solve_budget",
]
