"""What every turn-taker of a search is: a strand, a projection search, a ladder, the dives.

A search shares its nodes among turn-takers (:class:`.search.Search`): each
searches at most the nodes and work it is given, says how many it used, and
answers with a :class:`Verdict`, ``UNKNOWN`` while it has none. What a
verdict proves depends on who gives it: a projection search or a ladder that
is ``LOST`` proves the start lost, the dives' ``SOLVED`` is the start's win,
and a turn-taker ``done`` with ``UNKNOWN`` (a projection won, a ladder that
gave up, dives that went through every position they reach) leaves the turns.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from ..position import Position

UNBOUNDED = 1 << 62  # a call's work when nothing but its nodes bounds it (see Search.run)


class Verdict(Enum):
    """What a search says about a position: won (with a solution), lost (a proof), or not known yet."""

    SOLVED = "solved"
    LOST = "lost"
    UNKNOWN = "unknown"


class Turn(Protocol):
    """One turn-taker: its nodes and work so far, whether it is done, and ``run``."""

    nodes: int
    work: int

    @property
    def done(self) -> bool: ...

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Search at most ``nodes`` more nodes and ``work`` more work; the verdict so far."""
        ...


class SubSearch(Turn, Protocol):
    """A search a search makes of a projection: a turn-taker with a table of the positions it reached."""

    table: dict[bytes, tuple[bytes | None, int]]
    verdict: Verdict

    def winning_path(self) -> list[bytes]: ...


class Spawn(Protocol):
    """Make a search of ``position`` with the plan of the searches a search makes (see :class:`.search.Search`)."""

    def __call__(
        self, position: Position, known_lost: set[bytes] | None = None, known_won: set[bytes] | None = None
    ) -> SubSearch: ...

