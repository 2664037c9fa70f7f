"""What the solver powers: hints, solvable deals, the deal of the day.

Each is a *job*: an object with ``step(nodes) -> dict | None`` that searches at
most ``nodes`` more nodes and returns None while it has not finished, or its
result as a JSON-shaped dict once it has (and the same dict on every later
call). The page's worker calls ``step`` in slices, answers the player's moves
between slices, and cancels a job by dropping it. A job gives the same result
however it is sliced.

>>> from cloverleaf.games import CLOVER_LEAF
>>> job = NextSolvableDeal(CLOVER_LEAF, 1)
>>> result = None
>>> while result is None:
...     result = job.step(5_000)
>>> result["deal"] >= 1 and result["verdict"] == "solved"
True
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from typing import Any, Protocol

from ..deals import MAX_DEAL, deal
from ..position import Position
from ..rules import Rules
from .difficulty import Level, level_of
from .search import Search, Verdict

DAILY_RANGE = 10**9


class Job(Protocol):
    """What every job offers: search ``nodes`` more nodes; None until the result is known."""

    def step(self, nodes: int) -> dict[str, Any] | None: ...


def run_to_end(job: Job) -> dict[str, Any]:
    """Step ``job`` until it has its result (for the command line, tests and benches)."""
    while True:
        result = job.step(1 << 30)
        if result is not None:
            return result


class Hint:
    """A hint for the last position of ``history`` (oldest position first).

    Result::

        {"verdict": "solved" | "lost" | "unknown",
         "move": "8H>F" | None,        # solved: the next move of a solution
         "solution": [...],            # solved: the whole solution from here
         "undo": N | None,             # lost: undo N moves to reach a winnable position
         "earlier": "winnable" | "lost" | "unknown" | None,
                                       # lost: what the walk back found
                                       # ("lost": every earlier position is lost too)
         "nodes": n}                   # nodes searched

    A position already won answers ``solved`` with no move. When the current
    position is lost, the job walks back through the history, nearest first,
    and each search skips the positions the previous ones proved lost, so the
    walk costs little more than the new positions it meets. The budget covers
    the whole job.
    """

    def __init__(self, rules: Rules, history: Sequence[Position], budget: int | None = None) -> None:
        if not history:
            raise ValueError("a hint needs at least the current position")
        self.rules = rules
        self.history = list(history)
        self.budget = rules.solver.hint_budget if budget is None else budget
        self.nodes = 0
        self._back = 0
        self._lost: set[bytes] = set()
        self._search = Search(rules, self.history[-1])
        self._result: dict[str, Any] | None = None

    def step(self, nodes: int) -> dict[str, Any] | None:
        while self._result is None:
            allowed = min(nodes, self.budget - self.nodes)
            if allowed <= 0:
                if self.nodes >= self.budget:
                    self._finish_out_of_budget()
                return self._result
            search = self._search
            before = search.nodes
            verdict = search.run(allowed)
            used = search.nodes - before
            self.nodes += used
            nodes -= used
            if verdict is Verdict.UNKNOWN:
                continue
            self._advance(verdict)
        return self._result

    def _advance(self, verdict: Verdict) -> None:
        search = self._search
        if self._back == 0:
            if verdict is Verdict.SOLVED:
                solution = [str(move) for move in search.solution]
                self._result = self._answer(
                    Verdict.SOLVED, move=solution[0] if solution else None, solution=solution
                )
                return
        elif verdict is Verdict.SOLVED:
            self._result = self._answer(Verdict.LOST, undo=self._back, earlier="winnable")
            return
        self._lost |= search.parents
        self._back += 1
        if self._back >= len(self.history):
            self._result = self._answer(Verdict.LOST, earlier="lost")
            return
        self._search = Search(self.rules, self.history[-1 - self._back], known_lost=self._lost)

    def _finish_out_of_budget(self) -> None:
        if self._back == 0:
            self._result = self._answer(Verdict.UNKNOWN)
        else:
            self._result = self._answer(Verdict.LOST, earlier="unknown")

    def _answer(
        self,
        verdict: Verdict,
        move: str | None = None,
        solution: list[str] | None = None,
        undo: int | None = None,
        earlier: str | None = None,
    ) -> dict[str, Any]:
        return {
            "verdict": verdict.value,
            "move": move,
            "solution": solution or [],
            "undo": undo,
            "earlier": earlier,
            "nodes": self.nodes,
        }


def hint(rules: Rules, history: Sequence[Position], budget: int | None = None) -> dict[str, Any]:
    """A :class:`Hint` run to the end in one call (its result dict)."""
    return run_to_end(Hint(rules, history, budget))


class NextSolvableDeal:
    """The first deal number from ``start`` upward that the solver proves winnable (at ``level``, if given).

    Each deal gets the game's deal budget (``rules.solver.deal_budget``), so
    the walk, and which deal it stops at, is the same everywhere. Numbers past
    the last deal wrap to 1. With a ``level``, the walk also passes over the
    winnable deals of the other levels (see :mod:`.difficulty`).

    Result::

        {"deal": N, "verdict": "solved", "difficulty": "easy" | "medium" | "hard",
         "solution": [...], "tried": k, "nodes": n}

    ``tried`` counts the deal numbers searched (the found one included),
    ``nodes`` the nodes of the whole walk.
    """

    def __init__(self, rules: Rules, start: int, budget: int | None = None, level: Level | None = None) -> None:
        self.rules = rules
        self.budget = rules.solver.deal_budget if budget is None else budget
        self.level = level
        self.number = min(max(1, start), MAX_DEAL)
        self.tried = 0
        self.nodes = 0
        self._search: Search | None = None
        self._result: dict[str, Any] | None = None

    def step(self, nodes: int) -> dict[str, Any] | None:
        while self._result is None and nodes > 0:
            if self._search is None:
                self._search = Search(self.rules, deal(self.rules, self.number))
                self.tried += 1
            search = self._search
            before = search.nodes
            verdict = search.run(min(nodes, self.budget - search.nodes))
            used = search.nodes - before
            self.nodes += used
            nodes -= used
            level = level_of(self.rules, search.nodes) if verdict is Verdict.SOLVED else None
            if level is not None and self.level in (None, level):
                self._result = {
                    "deal": self.number,
                    "verdict": verdict.value,
                    "difficulty": level.value,
                    "solution": [str(move) for move in search.solution],
                    "tried": self.tried,
                    "nodes": self.nodes,
                }
            elif verdict is not Verdict.UNKNOWN or search.nodes >= self.budget:
                self._search = None
                self.number = self.number + 1 if self.number < MAX_DEAL else 1
        return self._result


def next_solvable_deal(rules: Rules, start: int) -> int:
    """The first deal number from ``start`` upward proved winnable within the deal budget."""
    number: int = run_to_end(NextSolvableDeal(rules, start))["deal"]
    return number


def daily_start(rules: Rules, date: datetime.date) -> int:
    """Where the deal of the day's walk starts: a hash of the game and the date, 1 to 10**9."""
    digest = hashlib.sha256(f"{rules.id}/{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % DAILY_RANGE + 1


class DailyDeal(NextSolvableDeal):
    """The deal of the day: the same solvable deal for every player on ``date``.

    Result: as :class:`NextSolvableDeal`, plus ``"date": "YYYY-MM-DD"``.
    """

    def __init__(self, rules: Rules, date: datetime.date) -> None:
        super().__init__(rules, daily_start(rules, date))
        self.date = date

    def step(self, nodes: int) -> dict[str, Any] | None:
        result = super().step(nodes)
        if result is not None:
            result["date"] = self.date.isoformat()
        return result


def daily_deal(rules: Rules, date: datetime.date) -> int:
    """The deal number of the day for that game."""
    number: int = run_to_end(DailyDeal(rules, date))["deal"]
    return number

