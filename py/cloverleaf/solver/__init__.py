"""The solver: proves deals won (with a solution that replays) or lost, in node budgets.

``solve(rules, position, budget)`` answers at once; :class:`Search` does the same
in slices. :mod:`.jobs` builds hints, solvable deals and deals of the day on it.
"""

from .search import SOLVED, UNKNOWN, UNSOLVABLE, Search, SolveResult, check_solution, solve

__all__ = ["SOLVED", "UNKNOWN", "UNSOLVABLE", "Search", "SolveResult", "check_solution", "solve"]
