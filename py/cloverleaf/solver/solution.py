"""What a search answers: its result, and a solution replayed and checked through the engine.

A solution is read back from a search's table as steps from the start once
settled; it is replayed on a fresh board to recover the foundation moves the
board played on the way, and checked through the engine's checked door
before it is returned, so a bug in the solver can never hand the page a move
the rules refuse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import is_won, play
from ..position import Move, Position
from ..rules import Rules
from .board import Board, Step
from .steps import to_move
from .turn import Verdict


@dataclass(frozen=True)
class SolveResult:
    """A verdict, the solution (engine moves; empty unless solved) and the nodes used."""

    verdict: Verdict
    solution: tuple[Move, ...] = ()
    nodes: int = 0

    def as_dict(self) -> dict[str, Any]:
        """``{"verdict": "solved" | "lost" | "unknown", "solution": ["8H>F", ...], "nodes": N}``."""
        return {"verdict": self.verdict.value, "solution": [str(move) for move in self.solution], "nodes": self.nodes}


def check_solution(rules: Rules, position: Position, moves: list[Move] | tuple[Move, ...]) -> bool:
    """Whether ``moves`` win from ``position`` when replayed through the engine's checked door."""
    current = position
    for move in moves:
        current = play(rules, current, move)
    return is_won(current)


def replayed(rules: Rules, start: Position, board: Board, steps: list[Step]) -> tuple[Move, ...]:
    """The engine moves of ``steps`` played on ``board`` (a fresh board of ``start``), checked by the engine."""
    moves = [to_move(step) for step in board.settle()]
    for step in steps:
        played = board.advance(step)
        moves.append(to_move(step))
        moves.extend(to_move(auto) for auto in played.auto)
    if not check_solution(rules, start, moves):
        raise AssertionError(
            f"solver bug: the solution found for {rules.id} does not replay: " + " ".join(str(m) for m in moves)
        )
    return tuple(moves)
