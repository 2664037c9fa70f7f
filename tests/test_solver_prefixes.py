"""Prefix projections: the next cards of two suits, renamed; lost only where the position is lost."""

from __future__ import annotations

import random

import pytest

from cloverleaf.deals import deal
from cloverleaf.engine import play
from cloverleaf.games import find_game
from cloverleaf.notation import format_position
from cloverleaf.position import Position
from cloverleaf.rules import Rules
from cloverleaf.solver import Search, Verdict, check_solution, solve
from cloverleaf.solver.board import Board
from cloverleaf.solver.prefixes import applies, prefix_projection
from cloverleaf.solver.suits import PAIRS
from cloverleaf.solver.tables import tables_for


def test_a_prefix_projection_renames_the_next_cards_as_the_last_of_their_suits() -> None:
    # Clover Leaf deal 660: QH under TD JD, QD under TH, TH's one way out onto JH (over 9H).
    rules = find_game("clover-leaf")
    board = Board(tables_for(rules), deal(rules, 660))
    board.settle()
    projected = prefix_projection(tables_for(rules), board.position(), {2: 4, 3: 4})
    # Q J T 9 of hearts and diamonds become their 4 3 2 A; one empty fan added per suit
    lines = format_position(rules, projected).splitlines()
    assert lines[0] == "Foundations: KC KS 5H 5D"
    assert sorted(line for line in lines[1:] if line != "-") == ["4D 2H", "4H 2D 3D", "AD", "AH 3H"]
    assert len(projected.fans) == 18
    assert Search(rules, projected, strands=(0,), project=False).run(100) is Verdict.LOST


def test_a_whole_suit_kept_is_not_renamed_and_adds_no_fan() -> None:
    rules = find_game("clover-leaf")
    start = deal(rules, 660)
    projected = prefix_projection(tables_for(rules), start, {0: 13, 1: 13})
    assert projected.foundations == (1, 1, 13, 13)
    assert projected.fans == tuple(tuple(card for card in fan if card < 26) for fan in start.fans)


def test_prefix_projections_apply_where_fans_build_in_suit_and_the_last_cards_fill_empty_fans() -> None:
    assert [applies(tables_for(find_game(game))) for game in (
        "clover-leaf", "clover-leaf-warfield", "alexander-the-great", "fan", "shamrocks", "la-belle-lucie",
    )] == [True, True, True, True, False, False]


def small_position(rules: Rules, chooser: random.Random, most: int) -> tuple[Position, tuple[int, int]]:
    """The last 4 to ``most`` cards of two suits dealt at random into 3-5 fans, the other suits up."""
    order = tables_for(rules).order
    suits = chooser.sample(range(4), 2)
    found = [13, 13, 13, 13]
    cards = []
    for suit in suits:
        left = chooser.randint(4, most)
        found[suit] = 13 - left
        cards += [order[suit][index] for index in range(13 - left, 13)]
    chooser.shuffle(cards)
    fans: list[list[int]] = [[] for _ in range(chooser.randint(3, 5))]
    for card in cards:
        fans[chooser.randrange(len(fans))].append(card)
    return Position(tuple(tuple(fan) for fan in fans), (found[0], found[1], found[2], found[3])), (suits[0], suits[1])


@pytest.mark.parametrize("game,trials,most", [
    ("clover-leaf", 150, 6), ("alexander-the-great", 100, 6), ("fan", 150, 6), ("clover-leaf-warfield", 40, 4),
])
def test_a_lost_prefix_projection_only_ever_comes_from_a_lost_position(game: str, trials: int, most: int) -> None:
    # Every prefix length of both suits, on positions small enough for the plain exhaustive
    # search (no pruning, every legal move, foundation returns included), of the projection
    # and of the position. Warfield's returns make its plain searches long: smaller positions.
    rules = find_game(game)
    chooser = random.Random(7)
    lost_prefixes = 0
    for _ in range(trials):
        position, suits = small_position(rules, chooser, most)
        whole = Search(rules, position, prune=False)
        assert whole.run(500_000) is not Verdict.UNKNOWN
        for first in range(1, 13 - position.foundations[suits[0]]):
            for second in range(1, 13 - position.foundations[suits[1]]):
                projected = prefix_projection(tables_for(rules), position, {suits[0]: first, suits[1]: second})
                if Search(rules, projected, prune=False).run(500_000) is Verdict.LOST:
                    lost_prefixes += 1
                    assert whole.verdict is Verdict.LOST, (format_position(rules, position), first, second)
    assert lost_prefixes >= trials // 8  # the check is not empty


@pytest.mark.parametrize("game,number,before", [
    ("clover-leaf", 660, 173_484), ("clover-leaf-warfield", 71, 150_457), ("fan", 410, 87_171),
])
def test_the_ladders_prove_the_slowest_deals_lost_soon_after_they_join(game: str, number: int, before: int) -> None:
    # Clover Leaf 660 and Warfield 71 are lost by a prefix of four hearts and four diamonds,
    # Fan 410 by the whole of one suit and four cards of another; the pair projection's own
    # exhaustive search took most of the `before` nodes. The ladders join at 20,000 nodes.
    rules = find_game(game)
    whole = Search(rules, deal(rules, number))
    assert whole.run(before) is Verdict.LOST
    assert whole.nodes < 30_000
    sliced = Search(rules, deal(rules, number))
    while sliced.run(997, 501) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes, sliced.work) == (whole.verdict, whole.nodes, whole.work)


def test_prefix_projections_cut_a_hard_won_search_and_slices_agree() -> None:
    # Clover Leaf deal 531: past 20,000 nodes, positions whose next five hearts and
    # diamonds are stuck are cut before they are expanded (134,715 nodes without).
    rules = find_game("clover-leaf")
    whole = Search(rules, deal(rules, 531))
    assert whole.run(100_000) is Verdict.SOLVED
    assert whole.inner.prefix_cut > 1000
    assert check_solution(rules, deal(rules, 531), whole.solution)
    sliced = Search(rules, deal(rules, 531))
    while sliced.run(3_001, 1_999) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes, sliced.solution) == (whole.verdict, whole.nodes, whole.solution)


@pytest.mark.parametrize("game,numbers", [
    ("clover-leaf", (1, 3, 531)), ("clover-leaf-warfield", (2, 83)), ("alexander-the-great", (2,)), ("fan", (3, 6)),
])
def test_no_position_on_a_winning_line_has_a_prefix_projection_proved_lost(game: str, numbers: tuple[int, ...]) -> None:
    rules = find_game(game)
    tables = tables_for(rules)
    for number in numbers:
        position = deal(rules, number)
        result = solve(rules, position, 200_000)
        assert result.verdict is Verdict.SOLVED
        for index, move in enumerate(result.solution):
            if index % 4 == 0:
                board = Board(tables, position)
                present = {card // 13 for fan in position.fans for card in fan}
                for pair in PAIRS:
                    if pair[0] not in present or pair[1] not in present:
                        continue
                    for kept in ((3, 3), (5, 5), (8, 8), (13, 4), (4, 13)):
                        projected = prefix_projection(tables, board.position(), dict(zip(pair, kept, strict=True)))
                        search = Search(rules, projected, strands=(0,), project=False, replay=False)
                        assert search.run(300) is not Verdict.LOST, (number, str(move), pair, kept)
            position = play(rules, position, move)
