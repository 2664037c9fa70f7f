"""The solver: proves deals won (with a solution that replays) or lost, in node budgets.

- :func:`solve` answers at once; :class:`Search` does the same in slices; a
  :class:`SolveResult` carries a :class:`Verdict`, the solution and the nodes.
- :mod:`.jobs`: hints, solvable deals and deals of the day, each a job stepped
  in slices (``step(nodes) -> dict | None``).
- :mod:`.board`: the position the search works on, and every pruning rule with
  the argument that it keeps every win; :mod:`.suits`: the one-suit games that
  prove positions lost.
- :mod:`.difficulty`: how hard a winnable deal is (easy, medium, hard), from
  the nodes its search needed.
- :mod:`.survey`: a range of deals solved and summed up (``cloverleaf stats``
  and the bench).

The budgets and strands of each game are its ``Rules.solver`` profile.
"""

from .difficulty import DealDifficulty, Level, level_of
from .jobs import DailyDeal, Hint, NextSolvableDeal, daily_deal, daily_start, hint, next_solvable_deal
from .search import Search, SolveResult, Verdict, check_solution, solve

__all__ = [
    "DailyDeal",
    "DealDifficulty",
    "Hint",
    "Level",
    "NextSolvableDeal",
    "Search",
    "SolveResult",
    "Verdict",
    "check_solution",
    "daily_deal",
    "daily_start",
    "hint",
    "level_of",
    "next_solvable_deal",
    "solve",
]
