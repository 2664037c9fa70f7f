"""The proof of loss for want of room (Shamrocks): only lost positions are cut, checked by the unpruned search."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from cloverleaf.cards import parse_card
from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.solver import Search, Verdict, solve
from cloverleaf.solver.board import ON_FOUNDATION, Board
from cloverleaf.solver.moves import worth_searching
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.proofs import PROOFS
from cloverleaf.solver.room import room_kept, room_lost
from cloverleaf.solver.tables import tables_for

from .helpers import scattered_position, winning_line
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
            if room_lost(Board(tables_for(SHAMROCKS), position)):
                unpruned = Search(SHAMROCKS, position, prune=False)
                assert unpruned.run(100_000) is Verdict.LOST, (cards, seed)
                proved += 1
    assert proved >= 10


def test_no_position_on_a_winning_line_is_proved_lost_for_want_of_room() -> None:
    for rules in (SHAMROCKS, SHAMROCKS_II):
        for number in (1, 2):
            for position, move in winning_line(rules, number):
                assert not room_lost(Board(tables_for(rules), position)), (rules.id, number, str(move))


def test_a_position_short_of_room_is_proved_lost_at_once() -> None:
    position = parse_position(SHAMROCKS_II, SHORT_OF_ROOM)
    result = solve(SHAMROCKS_II, position, 10)
    assert (result.verdict, result.nodes) == (Verdict.LOST, 1)
    assert Search(SHAMROCKS_II, position, prune=False).run(10_000) is Verdict.LOST


def test_a_move_that_keeps_the_room_leads_to_no_position_lost_for_want_of_room() -> None:
    # room_kept spares the room proof on positions found by a move from a position the
    # proof passed. Check it in the searches it serves, through a plan whose room proof checks
    # every answer of room_kept: every position it spares is one the proof would have passed
    # (returns and moves between fans both met).
    kept = Counter[str]()
    proved = 0

    def checked(board: Board, step: tuple[int, int, int]) -> bool:
        nonlocal proved
        if not room_kept(board, step):
            proved += room_lost(board)
            return False
        assert not room_lost(board), (step, board.fans, board.found)
        kept["return" if step[1] < 0 else "move"] += 1
        return True

    proofs = tuple(replace(proof, kept=checked) if proof.name == "room" else proof for proof in PROOFS)
    for rules, number in ((SHAMROCKS, 5), (SHAMROCKS, 818), (SHAMROCKS, 820), (SHAMROCKS_II, 155)):
        Search(rules, deal(rules, number), plan=Plan.of(rules.solver, proofs=proofs)).run(20_000)
    assert min(kept["return"], kept["move"]) >= 50 and proved >= 500, (kept, proved)


def test_a_move_that_keeps_the_room_leads_to_no_position_lost_for_want_of_room_in_scattered_positions() -> None:
    # The same on small positions of every kind, one move from a position the proof passes.
    tables = tables_for(SHAMROCKS)
    checked = 0
    for cards in (15, 24, 33, 42):
        for seed in range(60):
            board = Board(tables, scattered_position(cards, seed))
            if room_lost(board):
                continue
            for step in worth_searching(board):
                played = board.advance(step)
                if room_kept(board, step):
                    assert not room_lost(board), (cards, seed, step)
                    checked += 1
                board.retreat(played)
    assert checked >= 3000


# From Shamrocks deal 820: the ten of spades can still come back (onto the jack of hearts or
# clubs), but not once the jack of spades, a full fan's top, has gone up on it.
TEN_MAY_COME_BACK = """Foundations: 9C TS 8H 9D
TD KD JS
KS TC JH
TH JC
QC KH
QH JD
9H
QS KC QD
""" + "-\n" * 11


def test_a_card_sent_up_from_a_full_fan_does_not_keep_the_room() -> None:
    board = Board(tables_for(SHAMROCKS), parse_position(SHAMROCKS, TEN_MAY_COME_BACK))
    assert not room_lost(board)
    step = (parse_card("JS"), 0, ON_FOUNDATION)
    board.advance(step)
    assert room_lost(board) and not room_kept(board, step)
    assert Search(SHAMROCKS, board.position(), prune=False).run(200_000) is Verdict.LOST

