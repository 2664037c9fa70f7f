"""The node budgets of each use of the solver, per game.

Budgets are nodes, never seconds, so every machine and browser gives the same
answers. Changing a ``DEAL_BUDGET`` changes which deals count as solvable, and
so the deal of the day: change it only on purpose.

- ``SOLVE_BUDGET``: the command line's ``solve`` and ``stats`` and the bench; at
  most about 10 s a deal on CPython.
- ``DEAL_BUDGET``: "solvable deal" and the deal of the day: a deal is solvable
  when the solver proves it won within this budget.
- ``HINT_BUDGET``: a hint, the walk back through the history included.
"""

from __future__ import annotations

from ..rules import Rules

SOLVE_BUDGET: dict[str, int] = {
    "clover-leaf": 360_000,
    "clover-leaf-warfield": 300_000,
    "alexander-the-great": 250_000,
    "shamrocks": 250_000,
    "shamrocks-ii": 250_000,
    "trefoil": 200_000,
    "la-belle-lucie": 200_000,
    "fan": 200_000,
}
DEAL_BUDGET: dict[str, int] = {
    "clover-leaf": 20_000,
    "clover-leaf-warfield": 20_000,
    "alexander-the-great": 20_000,
    "shamrocks": 20_000,
    "shamrocks-ii": 20_000,
    "trefoil": 20_000,
    "la-belle-lucie": 20_000,
    "fan": 20_000,
}
HINT_BUDGET: dict[str, int] = {
    "clover-leaf": 60_000,
    "clover-leaf-warfield": 60_000,
    "alexander-the-great": 60_000,
    "shamrocks": 150_000,
    "shamrocks-ii": 150_000,
    "trefoil": 60_000,
    "la-belle-lucie": 60_000,
    "fan": 60_000,
}
_DEFAULT = 100_000


def solve_budget(rules: Rules) -> int:
    return SOLVE_BUDGET.get(rules.id, _DEFAULT)


def deal_budget(rules: Rules) -> int:
    return DEAL_BUDGET.get(rules.id, _DEFAULT // 5)


def hint_budget(rules: Rules) -> int:
    return HINT_BUDGET.get(rules.id, _DEFAULT)
