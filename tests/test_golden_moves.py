"""Legal moves of stored positions match the golden lists in tests/data/legal_moves.txt."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cloverleaf import find_game, legal_moves, parse_position

GOLDEN = Path(__file__).parent / "data" / "legal_moves.txt"


def cases() -> list[tuple[str, str, str, str]]:
    blocks = re.findall(r"^\[(\S+) (\S+)\]\n(.*?)^moves:(.*?)$", GOLDEN.read_text(), re.S | re.M)
    return [(game, label, body, moves.strip()) for game, label, body, moves in blocks]


def test_golden_file_covers_every_game() -> None:
    assert {game for game, *_ in cases()} == {
        "clover-leaf", "clover-leaf-warfield", "alexander-the-great", "shamrocks-ii",
        "trefoil", "la-belle-lucie", "fan",
    }


@pytest.mark.parametrize(("game", "label", "body", "expected"), cases(), ids=lambda v: str(v)[:24])
def test_legal_moves_match_the_golden_list(game: str, label: str, body: str, expected: str) -> None:
    rules = find_game(game)
    moves = " ".join(str(move) for move in legal_moves(rules, parse_position(rules, body)))
    assert moves == expected, label
