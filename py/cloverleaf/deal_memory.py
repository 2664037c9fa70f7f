"""What the engine has learned of deals during one visit, for the games played after.

The searches that rate a deal or walk to a solvable one cost seconds on a
phone; what they find is kept for the visit (the worker's lifetime), so a deal
is rated once, a deal of the day is known as one when it is opened, a deal proved
lost from its start is said at once, and a solution found becomes the plan the
hints follow and the par of the deal (:mod:`.coach`). Nothing here is saved:
the searches are deterministic, so a later visit finds the same again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidInputError
from .inputs import quote
from .notation import parse_move
from .position import Move
from .solver import Verdict
from .solver.difficulty import DealDifficulty, Level
from .solver.jobs import DailyDeal, NextSolvableDeal
from .solver.why import Why

Deal = tuple[str, int]
"""A deal: its game's id and its number."""


@dataclass
class DealMemory:
    """The deals rated or found this visit.

    ``levels``: every deal rated (a walk's or a rating's), its level, or None
    when not proved winnable; ``found``: the deals the walks found, with the
    date of a deal of the day (else None); ``lost``: the deals proved lost from
    their start, with why (:mod:`.solver.why`; None where nothing shows it);
    ``solutions``: a solution found from a deal's start.
    """

    levels: dict[Deal, Level | None] = field(default_factory=dict)
    found: dict[Deal, str | None] = field(default_factory=dict)
    lost: dict[Deal, Why | None] = field(default_factory=dict)
    solutions: dict[Deal, tuple[Move, ...]] = field(default_factory=dict)

    def opening(self, deal: tuple[str, int | None], opening: str) -> tuple[str, str | None]:
        """How a deal the page asks for is opened (counting.OPENINGS), with the date of a deal of the day.

        ``random`` has no deal number, every other opening one; ``solvable``
        and ``daily`` name a deal a walk of this visit found: a deal the walks
        did not find opens as ``link``, or is refused as the deal of the day.
        """
        game, number = deal
        if opening not in ("random", "link", "bank", "solvable", "daily"):
            raise InvalidInputError(f"unknown opening {quote(opening)} (random, link, bank, solvable or daily)")
        if (opening == "random") != (number is None):
            raise InvalidInputError("a random deal takes no deal number; every other opening needs one")
        key = (game, number or 0)
        if opening == "daily":
            if self.found.get(key) is None:
                raise InvalidInputError(f"deal {number} is not a deal of the day found here")
            return opening, self.found[key]
        if opening == "solvable" and key not in self.found:
            return "link", None  # not proved by a walk here: dealt as any deal
        return opening, None

    def rated(self, key: Deal) -> bool:
        return key in self.levels

    def proved_winnable(self, key: Deal) -> bool:
        """Whether a search of this visit has won the deal from its start."""
        return self.levels.get(key) is not None or key in self.solutions

    def remember(self, job: NextSolvableDeal | DealDifficulty, result: dict[str, Any]) -> None:
        """A deal-finding walk's or a rating's result: the deal's level, a walk's deal as found,
        the solution found, or the deal proved lost from its start."""
        key = (job.rules.id, int(result["deal"]))
        level = result.get("difficulty")
        self.levels[key] = Level(level) if level else None
        if result.get("verdict") == Verdict.LOST.value:
            self.lost[key] = result.get("why")
        if isinstance(job, DealDifficulty):
            solution = job.solution
        else:
            solution = tuple(parse_move(move) for move in result.get("solution", ()))
        if solution:
            self.solutions[key] = solution
        if isinstance(job, DailyDeal):
            self.found[key] = job.date.isoformat()
        elif isinstance(job, NextSolvableDeal):
            self.found.setdefault(key, None)
