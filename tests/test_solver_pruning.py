"""Every pruning rule and proof of loss keeps every win: checked against the unpruned search.

A search with ``prune=False`` plays every legal move and proves nothing (only
the table of positions already seen stays), so where it ends it has seen every
reachable position: its verdict is the truth. On positions small enough for it
to end, the pruned search must give the same verdict; a "lost" from a wrong
proof would show up here as a "solved" of the unpruned search.

The positions: a few cards of each suit (the last ones of its foundation, the
others already up), dealt into fans of three with the cards a foundation needs
soonest lying deepest, give or take a few places, beside zero, one or two
empty fans: the same rules on fewer fans, tight enough that about one in six
is lost.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from cloverleaf.deals import deal
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.position import Position
from cloverleaf.rules import EmptyFan, Rules
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.board import ON_FOUNDATION, Board, waiting_in
from cloverleaf.solver.moves import after as moves_after
from cloverleaf.solver.moves import legal_steps, worth_searching
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.proofs import Proof
from cloverleaf.solver.steps import pack

UNPRUNED_BUDGET = 150_000
SEEDS = 16


def small_position(rules: Rules, cards: int, empty_fans: int, seed: int) -> Position:
    """``cards`` cards in play, in fans of three (the deepest needed soonest), and ``empty_fans`` empty fans.

    In games with free cells, they start empty; with a draw, it is left or used at random. Where
    foundations build in alternate colours, each takes the first card of the colour it asks for that
    no other one took, and its top is that card.
    """
    chooser = random.Random(seed)
    lowest = 1 if rules.bases_dealt else 0
    kept = [0, 0, 0, 0]
    for _ in range(cards):
        kept[chooser.choice([suit for suit in range(4) if kept[suit] < 13 - lowest])] += 1
    found = (13 - kept[0], 13 - kept[1], 13 - kept[2], 13 - kept[3])
    tops: tuple[int, ...] = ()
    if rules.suit_foundations:
        in_play = [rules.foundation_card(suit, index) for suit in range(4) for index in range(found[suit], 13)]
    else:
        up: list[int] = []
        for foundation in range(4):
            for index in range(found[foundation]):
                up.append(next(c for c in range(52) if c not in up and rules.foundation_takes(foundation, index, c)))
            tops += (up[-1] if found[foundation] else -1,)
        in_play = [card for card in range(52) if card not in up]
    in_play.sort(key=lambda card: rules.foundation_index(card) + 6 * chooser.random(), reverse=True)
    fans = [tuple(in_play[i:i + 3]) for i in range(0, cards, 3)] + [()] * empty_fans
    redeals = chooser.randint(0, rules.redeals)
    draws = chooser.randint(0, rules.draws) if rules.draws else 0
    cells = (-1,) * rules.free_cells
    return Position(tuple(fans), found, redeals, seed if rules.redeals else 0, cells, draws, tops)


def shapes(rules: Rules) -> list[tuple[int, int]]:
    """(cards, empty fans) small enough for the unpruned search to end.

    Where foundation cards may come back and empty fans take them (Warfield's
    rules), whole suits can be unwound into the fans, and only positions with
    no empty fan stay small.
    """
    if rules.foundation_return and rules.empty_fan is not EmptyFan.NOTHING:
        return [(6, 0), (10, 0), (15, 0)]
    return [(9, 0), (12, 1), (15, 1)]


def verdicts(rules: Rules, position: Position) -> tuple[Verdict, Verdict]:
    pruned = Search(rules, position)
    pruned.run(UNPRUNED_BUDGET)
    unpruned = Search(rules, position, prune=False)
    unpruned.run(UNPRUNED_BUDGET)
    return pruned.verdict, unpruned.verdict


def searched(rules: Rules, position: Position, proofs: tuple[Proof, ...]) -> tuple[Search, Verdict]:
    """The search of ``position`` with these proofs of loss, and the unpruned search's verdict."""
    pruned = Search(rules, position, plan=Plan.of(rules.solver, proofs=proofs))
    pruned.run(UNPRUNED_BUDGET)
    unpruned = Search(rules, position, prune=False)
    return pruned, unpruned.run(UNPRUNED_BUDGET)


@pytest.mark.parametrize("rules", CATALOGUE, ids=lambda rules: rules.id)
def test_pruned_and_unpruned_searches_agree_on_small_positions(rules: Rules) -> None:
    lost = 0
    for cards, empty in shapes(rules):
        for seed in range(SEEDS):
            position = small_position(rules, cards, empty, seed)
            pruned, unpruned = verdicts(rules, position)
            assert unpruned is not Verdict.UNKNOWN, (cards, empty, seed)
            assert pruned is unpruned, (cards, empty, seed, position)
            lost += unpruned is Verdict.LOST
    # the lost verdicts, which only a proof gives, are checked too; Free Fan's small positions are all won
    # (two free cells and runs), and its search makes no proof: its won ones check its pruning
    assert lost >= 3 or rules.free_cells


def test_lost_verdicts_reached_through_cards_brought_back_are_checked_too() -> None:
    # Shamrocks lets foundation cards come back; right after one does, the pruned
    # search only tries the moves that use it (see Board.moves). Keys of such
    # positions end with a byte from 0xC0 up. Few lost searches reach one (a return that no
    # move could use is not even made), so this looks at three times the seeds.
    rules = find_game("shamrocks")
    checked = 0
    for cards, empty in shapes(rules):
        for seed in range(3 * SEEDS):
            position = small_position(rules, cards, empty, seed)
            pruned = Search(rules, position)
            if pruned.run(UNPRUNED_BUDGET) is Verdict.LOST and any(key[-1:] >= b"\xc0" for key in pruned.table):
                assert Search(rules, position, prune=False).run(UNPRUNED_BUDGET) is Verdict.LOST
                checked += 1
    assert checked >= 4


def expanded_boards(search: Search) -> Iterator[tuple[Board, bytes | None, int]]:
    """A board at each settled position the search expanded with no card waiting, and how the search found it."""
    board = search.board
    for key in search.expanded:
        if not waiting_in(key) and key[:1] != b"\x80":  # a settled key, sorted fans: the fans of a state
            board.load(b"\x80" + key)
            yield board, *search.table[key]


def test_a_return_is_made_only_where_a_move_could_use_the_card() -> None:
    # Right after a return the search makes only the moves that use the card (worth_searching);
    # _return_used drops the returns where there would be none. Checked against every legal
    # return, at every position the searches of three long deals expand: a return is dropped
    # exactly where the position it leads to has no move that uses the card: onto it, or its
    # predecessor back from the foundation, every return counted.
    outcomes = Counter[bool]()
    shamrocks, shamrocks_ii = find_game("shamrocks"), find_game("shamrocks-ii")
    for rules, number in ((shamrocks, 5), (shamrocks, 26), (shamrocks_ii, 155)):
        search = Search(rules, deal(rules, number))
        search.run(15_000)
        for board, _parent, _packed in expanded_boards(search):
            made = worth_searching(board)
            for step in legal_steps(board):
                if step[1] != ON_FOUNDATION:
                    continue
                played = board.advance(step)
                suit, fan = step[0] // 13, board.where[step[0]]
                before = board.tables.order[suit][board.found[suit] - 1] if board.found[suit] else -1
                used = bool(worth_searching(board)) or any(  # every return that would use it counted
                    back[1] == ON_FOUNDATION and (back[2] == fan or back[0] == before) for back in legal_steps(board)
                )
                board.retreat(played)
                assert (step in made) == used, (step, board.fans, board.found)
                outcomes[used] += 1
    assert min(outcomes.values()) >= 2000, outcomes


def test_a_card_put_onto_a_card_that_waited_may_move_again() -> None:
    # The last-moved card is not moved again (moves.after) because the previous
    # position's expansion moves it there at once; a previous position with a card
    # waiting made only the moves that use that card, so after one the rule is off.
    rules = find_game("shamrocks")
    for number in range(1, 20):
        search = Search(rules, deal(rules, number))
        board = search.board
        board.settle()
        start = board.key()
        for step in worth_searching(board):
            played = board.advance(step)
            again = [move for move in worth_searching(board) if move[0] == step[0]]
            if again:
                key = board.key()
                search.table[key] = (start, pack(step))
                assert not set(again) & set(moves_after(board, *search.table[key]))
                waited = start + bytes((0xC0 + step[0],))
                assert waiting_in(waited) and not waiting_in(start)
                search.table[key] = (waited, pack(step))
                assert set(again) <= set(moves_after(board, *search.table[key]))
                return
            board.retreat(played)
    raise AssertionError("no deal of 1-19 has a card that can move twice at the start")


@pytest.mark.parametrize("game", ["clover-leaf", "clover-leaf-warfield", "alexander-the-great"])
def test_moving_again_the_card_just_moved_is_dropped_where_foundation_moves_are_automatic_too(game: str) -> None:
    # Where foundation moves are played at once, the moves of the card just moved are dropped
    # when its move played none (see moves.after). With no proof of loss in its plan, the
    # pruned search is exhaustive up to its rules about moves, so the small positions where
    # moves were dropped that way, lost ones included, check the rule against the unpruned search.
    rules = find_game(game)
    counts = {Verdict.SOLVED: 0, Verdict.LOST: 0}
    for cards, empty in shapes(rules):
        for seed in range(2 * SEEDS):
            position = small_position(rules, cards, empty, seed)
            pruned, unpruned = searched(rules, position, ())
            assert unpruned is not Verdict.UNKNOWN, (cards, empty, seed)
            assert pruned.verdict is unpruned, (cards, empty, seed, position)
            dropped = sum(
                len(worth_searching(board)) - len(moves_after(board, parent, packed))
                for board, parent, packed in expanded_boards(pruned) if board.autoplays
            )
            if dropped:
                counts[unpruned] += 1
    assert counts[Verdict.SOLVED] >= 2 and counts[Verdict.LOST] >= 2, counts
