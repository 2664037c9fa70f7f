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
    "clover-leaf": 400_000,
    "clover-leaf-warfield": 400_000,
    "alexander-the-great": 400_000,
    "shamrocks": 400_000,
    "trefoil": 400_000,
    "la-belle-lucie": 400_000,
    "fan": 400_000,
}
DEAL_BUDGET: dict[str, int] = {
    "clover-leaf": 20_000,
    "clover-leaf-warfield": 20_000,
    "alexander-the-great": 20_000,
    "shamrocks": 20_000,
    "trefoil": 20_000,
    "la-belle-lucie": 20_000,
    "fan": 20_000,
}
HINT_BUDGET: dict[str, int] = {
    "clover-leaf": 100_000,
    "clover-leaf-warfield": 100_000,
    "alexander-the-great": 100_000,
    "shamrocks": 100_000,
    "trefoil": 100_000,
    "la-belle-lucie": 100_000,
    "fan": 100_000,
}
_DEFAULT = 100_000


def solve_budget(rules: Rules) -> int:
    return SOLVE_BUDGET.get(rules.id, _DEFAULT)


def deal_budget(rules: Rules) -> int:
    return DEAL_BUDGET.get(rules.id, _DEFAULT // 5)


def hint_budget(rules: Rules) -> int:
    return HINT_BUDGET.get(rules.id, _DEFAULT)
