"""Small builders shared by the engine tests."""

from __future__ import annotations

import random
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


def scattered_position(cards: int, seed: int) -> Position:
    """A Shamrocks position: ``cards`` cards in play, the last of their suits, shuffled into fans of one to three.

    Small enough for the unpruned search to end, with which the proofs of loss
    of the games with fans of three are checked.
    """
    shamrocks = find_game("shamrocks")
    chooser = random.Random(seed)
    kept = [0, 0, 0, 0]
    for _ in range(cards):
        kept[chooser.choice([suit for suit in range(4) if kept[suit] < 13])] += 1
    found = (13 - kept[0], 13 - kept[1], 13 - kept[2], 13 - kept[3])
    in_play = [shamrocks.foundation_card(suit, index) for suit in range(4) for index in range(found[suit], 13)]
    chooser.shuffle(in_play)
    fans: list[tuple[int, ...]] = []
    while in_play:
        size = chooser.choice((1, 2, 2, 3, 3))
        fans.append(tuple(in_play[:size]))
        del in_play[:size]
    return Position(tuple(fans), found, 0, 0)
