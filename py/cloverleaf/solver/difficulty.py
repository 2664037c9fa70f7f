"""How hard a winnable deal is, from the solver's own work: easy, medium or hard.

Names:

- *score*: the nodes the deal's search used to find its first solution. The
  search is deterministic and a larger budget only lets it run longer, so the
  score of a deal is the same whichever budget found it. A deal the search
  wins at once has a way through that the most promising moves find; one
  that needs many nodes hides its way among many lines that lose.
- *level*: :class:`Level`, the score cut at the game's two thresholds
  (``SolverProfile.difficulty``): below the first easy, below the second
  medium, else hard. The thresholds are calibrated per game on deals 1-1000
  so that each level holds about a third of the deals the solver wins within
  the deal budget (``bench/solver.py`` prints the split and the thresholds
  that would make it even).

:class:`DealDifficulty` is the job the page runs for a deal it did not get
from a solvable-deal walk (which reports the level itself).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from ..deals import deal
from ..position import Move
from ..rules import Rules
from .search import Search, Verdict
from .why import why_lost


class Level(Enum):
    """A winnable deal's difficulty."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


def level_of(rules: Rules, score: int) -> Level:
    """The level of a won deal whose search found its first solution in ``score`` nodes."""
    easy, medium = rules.solver.difficulty
    if score < easy:
        return Level.EASY
    return Level.MEDIUM if score < medium else Level.HARD


class DealDifficulty:
    """The difficulty of deal ``number``: a job, stepped like the others (see :mod:`.jobs`).

    Result::

        {"deal": N, "verdict": "solved" | "lost" | "unknown",
         "difficulty": "easy" | "medium" | "hard" | None,   # None unless solved
         "nodes": n, "why": {...} | None}                    # why, when lost (see .why)

    The budget is the game's deal budget by default, the one a solvable-deal
    walk gives each deal, and the deal is searched as that walk searches it
    (auto move forced on), so a deal the walk can stop at gets the same level
    here.
    """

    def __init__(self, rules: Rules, number: int, budget: int | None = None) -> None:
        self.rules = rules
        self.number = number
        self.budget = rules.solver.deal_budget if budget is None else budget
        self._search = Search(rules, deal(rules, number), forced_autoplay=True)
        self._result: dict[str, Any] | None = None

    @property
    def solution(self) -> tuple[Move, ...]:
        """The solution the rating's search found from the deal (empty unless solved)."""
        return self._search.solution

    def step(self, nodes: int) -> dict[str, Any] | None:
        search = self._search
        if self._result is None:
            verdict = search.run(min(nodes, self.budget - search.nodes), nodes)
            if verdict is not Verdict.UNKNOWN or search.nodes >= self.budget:
                level = level_of(self.rules, search.nodes) if verdict is Verdict.SOLVED else None
                self._result = {
                    "deal": self.number,
                    "verdict": verdict.value,
                    "difficulty": None if level is None else level.value,
                    "nodes": search.nodes,
                    "why": why_lost(self.rules, search.start, search) if verdict is Verdict.LOST else None,
                }
        return self._result
