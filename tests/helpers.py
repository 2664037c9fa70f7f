"""Small builders shared by the engine tests."""

from __future__ import annotations

from collections.abc import Iterator

from cloverleaf import Move, Position, Rules, find_game, parse_move, parse_position
from cloverleaf.deals import deal
from cloverleaf.engine import apply_move
from cloverleaf.solver import Verdict, solve


def position(game: str, text: str) -> tuple[Rules, Position]:
    rules = find_game(game)
    return rules, parse_position(rules, text)


def fans_text(*fans: str, total: int) -> str:
    """Fan lines padded with empty fans up to ``total`` fans."""
    lines = list(fans) + ["-"] * (total - len(fans))
    return "\n".join(lines)


def moves(*texts: str) -> list[Move]:
    return [parse_move(text) for text in texts]


def winning_line(rules: Rules, number: int, budget: int = 50_000) -> Iterator[tuple[Position, Move]]:
    """Each position on the solver's winning line of a deal, with the move played from it."""
    position = deal(rules, number)
    result = solve(rules, position, budget)
    assert result.verdict is Verdict.SOLVED, (rules.id, number)
    for move in result.solution:
        yield position, move
        position = apply_move(rules, position, move)
