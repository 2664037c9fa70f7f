"""The proof of loss for want of room (Shamrocks): only lost positions are cut, checked by the unpruned search."""

from __future__ import annotations

from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.solver import Search, Verdict, solve
from cloverleaf.solver.board import Board, tables_for

from .helpers import winning_line
from .test_solver_pruning import small_position

SHAMROCKS = find_game("shamrocks")
SHAMROCKS_II = find_game("shamrocks-ii")

# Clubs need 6C then 7C, which lies under TC and 9C; hearts need 2H, under 9H and 8H.
# 9C could leave only onto an 8 or a T with room above it, and every 8 and T is the
# top of a full fan, under another card, or deep in a finished foundation.
SHORT_OF_ROOM = """Foundations: 5C KS AH KD
7C TC 9C
QC JC TH
KC
2H 9H 8H
3H 4H
5H 6C
6H 7H 8C
KH JH QH
""" + "-\n" * 10


def test_every_small_position_proved_lost_for_want_of_room_is_lost() -> None:
    proved = 0
    for cards in (9, 12, 15, 18):
        for seed in range(40):
            position = small_position(SHAMROCKS, cards, 0, seed)
            if Board(tables_for(SHAMROCKS), position).room_lost():
                unpruned = Search(SHAMROCKS, position, prune=False)
                assert unpruned.run(100_000) is Verdict.LOST, (cards, seed)
                proved += 1
    assert proved >= 10


def test_no_position_on_a_winning_line_is_proved_lost_for_want_of_room() -> None:
    for rules in (SHAMROCKS, SHAMROCKS_II):
        for number in (1, 2):
            for position, move in winning_line(rules, number):
                assert not Board(tables_for(rules), position).room_lost(), (rules.id, number, str(move))


def test_a_position_short_of_room_is_proved_lost_at_once() -> None:
    position = parse_position(SHAMROCKS_II, SHORT_OF_ROOM)
    result = solve(SHAMROCKS_II, position, 10)
    assert (result.verdict, result.nodes) == (Verdict.LOST, 1)
    assert Search(SHAMROCKS_II, position, prune=False).run(10_000) is Verdict.LOST
