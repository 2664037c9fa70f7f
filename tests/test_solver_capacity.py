"""The proof of loss from the fans' free places (Shamrocks): only lost positions are cut.

The merge it looks for is checked against a plain search over every merge,
and the proof against the unpruned search on positions small enough for it to
end.
"""

from __future__ import annotations

import random
from functools import cache

from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.board import Board
from cloverleaf.solver.capacity import capacity_lost, merge_exists
from cloverleaf.solver.capacity import lost_here as capacity_lost_here
from cloverleaf.solver.hosts import lost_here as order_lost_here
from cloverleaf.solver.room import room_lost
from cloverleaf.solver.tables import tables_for

from .helpers import scattered_position, winning_line

SHAMROCKS = find_game("shamrocks")
SHAMROCKS_II = find_game("shamrocks-ii")


def every_merge_search(chains: list[list[int]], start: int) -> bool:
    """Whether some merge of the chains keeps the running total at zero or more: every order tried."""

    @cache
    def from_here(taken: tuple[int, ...]) -> bool:
        total = start + sum(sum(chain[:at]) for chain, at in zip(chains, taken, strict=True))
        if all(at == len(chain) for chain, at in zip(chains, taken, strict=True)):
            return True
        return any(
            at < len(chain) and total + chain[at] >= 0 and from_here((*taken[:i], at + 1, *taken[i + 1:]))
            for i, (chain, at) in enumerate(zip(chains, taken, strict=True))
        )

    return from_here((0,) * len(chains))


def test_a_merge_is_found_exactly_when_one_exists() -> None:
    chooser = random.Random(7)
    found = missing = 0
    for _ in range(4000):
        chains = [[chooser.choice((1, 1, -2, 2, -1)) for _ in range(chooser.randint(0, 6))] for _ in range(4)]
        start = chooser.randint(0, 3)
        exists = every_merge_search(chains, start)
        assert merge_exists(chains, start) is exists, (chains, start)
        found += exists
        missing += not exists
    assert found > 500 and missing > 500


def test_a_position_with_no_place_for_its_first_card_up_is_lost() -> None:
    # Two fans of three places hold five cards: one place free. The first card
    # to go up must be KC or TS, and each is the bottom of its fan, which dies
    # with it: two places fewer, and one was free.
    position = parse_position(SHAMROCKS, "Foundations: QC 9S KH KD\nKC QS\nTS KS JS\n" + "-\n" * 16)
    board = Board(tables_for(SHAMROCKS), position)
    assert capacity_lost_here(board)
    assert not room_lost(board) and not order_lost_here(board)
    assert Search(SHAMROCKS, position, prune=False).run(10_000) is Verdict.LOST
    # with four places a fan, three are free
    order = tables_for(SHAMROCKS).order
    assert not capacity_lost(board.fans, board.found, order, 4)


def test_every_small_position_proved_lost_by_the_free_places_is_lost() -> None:
    proved = only_here = 0
    for seed in range(2000):
        position = scattered_position(9, seed)
        board = Board(tables_for(SHAMROCKS), position)
        if capacity_lost_here(board):
            unpruned = Search(SHAMROCKS, position, prune=False)
            assert unpruned.run(200_000) is Verdict.LOST, seed
            proved += 1
            only_here += not (order_lost_here(board) or room_lost(board))
    assert proved >= 80 and only_here >= 20


def test_deals_the_other_proofs_leave_open_are_lost_at_the_deal() -> None:
    # Shamrocks deals 69 and 500: neither the room, nor the order of the cards
    # going up, nor a search of 100,000 nodes decided them
    for number in (69, 500):
        board = Board(tables_for(SHAMROCKS), deal(SHAMROCKS, number))
        board.settle()
        assert not room_lost(board) and not order_lost_here(board)
        assert capacity_lost_here(board)
        assert Search(SHAMROCKS, deal(SHAMROCKS, number)).run(10) is Verdict.LOST


def test_no_position_on_a_winning_line_is_proved_lost_by_the_free_places() -> None:
    for rules in (SHAMROCKS, SHAMROCKS_II):
        for number in (1, 2, 4, 8, 10, 11):
            for position, move in winning_line(rules, number):
                board = Board(tables_for(rules), position)
                assert not capacity_lost_here(board), (rules.id, number, str(move))
