"""The API's running jobs, by number: started once, stepped a slice at a time, finished or cancelled.

Long searches are jobs (:mod:`.solver.jobs`, the coach's :class:`.coach.HelpJob`):
the worker steps them a slice of nodes at a time between the player's
requests, so a move is answered at once and a search is cancelled by
forgetting it. Numbers are never reused within a visit, so a late step of a
cancelled job is refused, not mistaken for another job's. A finished job's
result leaves what it found with the visit's memory and the game on the table
(:func:`finished`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .coach import HelpJob
from .deal_memory import DealMemory
from .errors import InvalidInputError
from .inputs import json_int
from .session import Session
from .solver.difficulty import DealDifficulty
from .solver.jobs import NextSolvableDeal

Json = Any


class Steppable(Protocol):
    def step(self, nodes: int) -> Any: ...


class JobRegistry:
    """The jobs under way."""

    def __init__(self) -> None:
        self._jobs: dict[int, Steppable] = {}
        self._next = 1

    def start(self, job: Steppable) -> int:
        number, self._next = self._next, self._next + 1
        self._jobs[number] = job
        return number

    def get(self, value: object) -> tuple[int, Steppable]:
        """The job a ``job`` parameter names (a whole number from 1), with its number."""
        number = job_number(value)
        job = self._jobs.get(number)
        if job is None:
            raise InvalidInputError(f"no job {number} (finished or cancelled)")
        return number, job

    def forget(self, number: int) -> None:
        """A job finished or cancelled (forgetting one already forgotten is no error)."""
        self._jobs.pop(number, None)


def job_number(value: object) -> int:
    """A job number as :meth:`JobRegistry.start` gave it (a whole number from 1)."""
    return json_int(value, what="job", low=1, high=2**53 - 1)


class BackgroundWork:
    """A search the coach wanted run in the background (None: none is wanted now): it answers
    with the table as it stands after it, so the page draws what the search found."""

    def __init__(self, search: HelpJob | DealDifficulty | None) -> None:
        self.search = search

    def step(self, nodes: int) -> Json:
        return self.search.step(nodes) if self.search is not None else {}


def finished(
    job: object, result: dict[str, Json], memory: DealMemory, session: Session | None, table: Callable[[], Json]
) -> dict[str, Json]:
    """A finished job's result as the page reads it, with what it found kept.

    A job that answered for the game on the table (a hint, a check, the
    solution) carries the table as it now stands (``table``); background work
    is answered by the table alone. A walk's or a rating's deal is remembered
    for the visit, and the game on the table, when it is that deal, follows the
    rating's solution and counts as proved winnable; so does a game a search won
    from. Deal numbers travel as strings (they reach past 2**53).
    """
    if isinstance(job, BackgroundWork):
        if job.search is not None:
            finished(job.search, result, memory, session, table)
        answer: dict[str, Json] = table()
        return answer
    if isinstance(job, (NextSolvableDeal, DealDifficulty)):
        memory.remember(job, result)
        if session is not None and session.rules == job.rules and session.deal_number == job.number:
            if isinstance(job, DealDifficulty):
                session.coach.rated(job)
            if memory.proved_winnable((job.rules.id, job.number)):
                session.proved()
        found = {key: value for key, value in result.items() if key not in ("moves", "solution")}
        return {**found, "deal": str(result["deal"])}
    if isinstance(job, HelpJob):
        if not job.fresh:
            return {**result, "save": None}
        if result["verdict"] == "solved":
            job.coach.session.proved()
        return {**result, **table()}
    return result
