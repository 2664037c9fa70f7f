"""Strands: the orders in which a search expands the positions it found, each a queue over its one table."""

from __future__ import annotations

from collections.abc import Callable

from .board import Step
from .turn import UNBOUNDED, Verdict

# How a search expands a strand's positions (:meth:`.search.Search._expand`): given the strand, its nodes and work,
# the nodes used, the positions cut without a move played, and the verdict about the search's start.
Expand = Callable[["Strand", int, int], tuple[int, int, Verdict]]


class Strand:
    """One order of expansion over a search's shared table (see :class:`.search.Search`): a turn-taker.

    ``depth_weight`` is eighths of a cost unit added per move from the start
    (0 is greedy; more gives breadth, so a misleading line is left sooner and
    solutions come out shorter). Between turns a strand keeps the position it
    was expanding and how far it got. It is never ``done``: another strand's
    expansion can fill its queue again. The search expands its positions
    (``expand``), since they share one table.
    """

    done = False
    steps: list[Step] | None = None  # a strand's win is read back from the search's table

    def __init__(self, depth_weight: int, expand: Expand) -> None:
        self.depth_weight = depth_weight
        self.expand = expand
        self.queue: list[tuple[int, int, bytes, bytes, int]] = []
        self.current: bytes | None = None  # the key of the position being expanded
        self.state = b""  # its :meth:`Board.state`
        self.depth = 0  # its moves from the start
        self.moves: list[Step] = []  # its moves ...
        self.next = 0  # ... and the next one to play
        self.nodes = 0
        self.work = 0

    @property
    def idle(self) -> bool:
        """Nothing in the queue and no expansion under way."""
        return self.next >= len(self.moves) and not self.queue

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        used, cut, verdict = self.expand(self, nodes, UNBOUNDED if work is None else work)
        self.nodes += used
        self.work += used + cut
        return verdict
