"""Small builders shared by the engine tests."""

from __future__ import annotations

from cloverleaf import Move, Position, Rules, find_game, parse_move, parse_position


def position(game: str, text: str) -> tuple[Rules, Position]:
    rules = find_game(game)
    return rules, parse_position(rules, text)


def fans_text(*fans: str, total: int) -> str:
    """Fan lines padded with empty fans up to ``total`` fans."""
    lines = list(fans) + ["-"] * (total - len(fans))
    return "\n".join(lines)


def moves(*texts: str) -> list[Move]:
    return [parse_move(text) for text in texts]
