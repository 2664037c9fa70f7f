"""What every turn-taker of a search is: a strand, a projection search, a ladder, the dives.

A search shares its nodes among turn-takers (:class:`.search.Search`): each
searches at most the nodes and work it is given, counts what it used, and
answers with a :class:`Verdict` about the search's start, ``UNKNOWN`` while
it has none: ``SOLVED``, a win of the start (a strand's, read back from the
search's table; the dives', with its ``steps``), ``LOST``, a proof that the
start is lost (every strand run dry, a projection or a ladder lost). A
turn-taker ``done`` with ``UNKNOWN`` (a projection won, a ladder that gave up,
dives that went through every position they reach) leaves the turns; one that
stops short of both its nodes and its work without being done has nothing to
do for now (a strand whose queue is empty) and ends its turn.
"""

from __future__ import annotations

from enum import Enum
from typing import Protocol

from ..position import Position
from .board import Step

UNBOUNDED = 1 << 62  # a call's work when nothing but its nodes bounds it (see Search.run)


class Verdict(Enum):
    """What a search says about a position: won (with a solution), lost (a proof), or not known yet."""

    SOLVED = "solved"
    LOST = "lost"
    UNKNOWN = "unknown"


class Turn(Protocol):
    """One turn-taker: its nodes and work so far, whether it is done, ``run``, and the steps of a win it found."""

    @property
    def nodes(self) -> int: ...

    @property
    def work(self) -> int: ...

    @property
    def steps(self) -> list[Step] | None:
        """A win's steps from the start once settled, where the search's table lacks them (the dives')."""
        ...

    @property
    def done(self) -> bool: ...

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Search at most ``nodes`` more nodes and ``work`` more work; the verdict so far."""
        ...


class SubSearch(Protocol):
    """A search a search makes of a projection: its verdict about the projection, and the positions it reached."""

    nodes: int
    work: int
    table: dict[bytes, tuple[bytes | None, int]]
    verdict: Verdict

    @property
    def done(self) -> bool: ...

    def run(self, nodes: int, work: int | None = None) -> Verdict: ...

    def winning_path(self) -> list[bytes]: ...


class Spawn(Protocol):
    """Make a search of ``position`` with the plan of the searches a search makes (see :class:`.search.Search`)."""

    def __call__(
        self, position: Position, known_lost: set[bytes] | None = None, known_won: set[bytes] | None = None
    ) -> SubSearch: ...


class Projection:
    """A projection search as a turn-taker: its ``LOST`` proves the start lost, its win proves nothing and ends it."""

    steps: list[Step] | None = None

    def __init__(self, search: SubSearch) -> None:
        self.search = search

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def work(self) -> int:
        return self.search.work

    @property
    def done(self) -> bool:
        return self.search.done

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        verdict = self.search.run(nodes, work)
        return Verdict.LOST if verdict is Verdict.LOST else Verdict.UNKNOWN

