"""Strands: the orders in which a search expands the positions it found, each a queue over its one table."""

from __future__ import annotations

from .board import Step


class Strand:
    """One order of expansion over a search's shared table (see :class:`.search.Search`).

    ``depth_weight`` is eighths of a cost unit added per move from the start
    (0 is greedy; more gives breadth, so a misleading line is left sooner and
    solutions come out shorter). Between turns a strand keeps the position it
    was expanding and how far it got.
    """

    def __init__(self, depth_weight: int) -> None:
        self.depth_weight = depth_weight
        self.queue: list[tuple[int, int, bytes, bytes, int]] = []
        self.current: bytes | None = None  # the key of the position being expanded
        self.state = b""  # its :meth:`Board.state`
        self.depth = 0  # its moves from the start
        self.moves: list[Step] = []  # its moves ...
        self.next = 0  # ... and the next one to play

    @property
    def idle(self) -> bool:
        """Nothing in the queue and no expansion under way."""
        return self.next >= len(self.moves) and not self.queue
