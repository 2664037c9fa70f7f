"""Projections on one suit and on two or three suits: a lost projection proves a position lost, never a winnable one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cloverleaf.deals import deal
from cloverleaf.engine import play
from cloverleaf.games import find_game
from cloverleaf.notation import parse_position
from cloverleaf.position import Position
from cloverleaf.rules import Rules
from cloverleaf.solver import Search, Verdict, check_solution, solve
from cloverleaf.solver.board import SEPARATOR, Board
from cloverleaf.solver.inner import InnerProjections
from cloverleaf.solver.ladders import Ladder
from cloverleaf.solver.plan import Plan
from cloverleaf.solver.projections import lost_at_start as any_suit_lost
from cloverleaf.solver.projections import pair_keys, pair_projections, projection, suit_lost, triple_projections
from cloverleaf.solver.suits import TRIPLES
from cloverleaf.solver.tables import tables_for
from cloverleaf.solver.turn import Spawn

from .test_solver_pruning import shapes, small_position


@pytest.mark.parametrize("game,numbers", [
    ("clover-leaf", (1, 2, 3, 11, 88)),
    ("clover-leaf-warfield", (2, 149)),
    ("alexander-the-great", (2, 7)),
    ("fan", (3,)),
])
def test_no_position_on_a_winning_line_has_a_lost_projection(game: str, numbers: tuple[int, ...]) -> None:
    rules = find_game(game)
    tables = tables_for(rules)
    for number in numbers:
        position = deal(rules, number)
        result = solve(rules, position, 50_000)
        assert result.verdict is Verdict.SOLVED
        for move in result.solution:
            board = Board(tables, position)
            assert not any_suit_lost(board), (game, number, str(move))
            position = play(rules, position, move)


def spawner(rules: Rules) -> Spawn:
    """What a search gives its ladders and inner checks: searches of projections with one strand, no helper."""
    plan = Plan.of(rules.solver, strands=(0,), helpers=False)

    def spawn(position: Position, known_lost: set[bytes] | None = None, known_won: set[bytes] | None = None) -> Search:
        return Search(rules, position, known_lost, replay=False, known_won=known_won, plan=plan)

    return spawn



def test_a_suit_that_blocks_itself_is_lost_whatever_the_other_suits_do() -> None:
    # The spades: 8S can leave KS only onto 9S (7S lies under TS), and TS can
    # leave its fan only onto 9S too (JS lies beneath it); whichever takes 9S
    # first stays there for good. Every other card is free.
    rules = find_game("clover-leaf")
    text = "Foundations: KC 6S AH AD\n7S JS QS TS\nKS 8S\n9S\n" + "-\n" * 13
    board = Board(tables_for(rules), parse_position(rules, text))
    assert [suit_lost(board, suit) for suit in range(4)] == [False, True, False, False]
    assert solve(rules, parse_position(rules, text), 10).verdict is Verdict.LOST


def test_projections_are_not_used_where_any_suit_builds_on_any_suit() -> None:
    rules = find_game("shamrocks-ii")
    assert tables_for(rules).suits is None


def test_pair_projections_keep_two_suits_and_complete_the_others() -> None:
    rules = find_game("clover-leaf")
    projected = pair_projections(Board(tables_for(rules), deal(rules, 660)))
    assert len(projected) == 6
    hearts_diamonds = projected[-1]
    assert {card // 13 for fan in hearts_diamonds.fans for card in fan} == {2, 3}
    assert hearts_diamonds.foundations == (13, 13, 1, 1)
    for game in ("shamrocks-ii", "trefoil"):  # any suit builds; redeals left
        rules = find_game(game)
        assert pair_projections(Board(tables_for(rules), deal(rules, 1))) == []


def test_a_lost_pair_projection_proves_the_deal_lost_and_slices_agree() -> None:
    # Warfield deal 230: each suit alone can be won, spades with hearts cannot.
    rules = find_game("clover-leaf-warfield")
    plan = Plan.of(rules.solver, projections_after=0)
    whole = Search(rules, deal(rules, 230), plan=plan)
    assert whole.run(100_000) is Verdict.LOST
    assert whole.nodes < 100_000
    sliced = Search(rules, deal(rules, 230), plan=plan)
    while sliced.run(997) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes) == (whole.verdict, whole.nodes)


def test_no_position_on_a_winning_line_has_a_pair_projection_proved_lost() -> None:
    # The proof the search of a hard Warfield deal applies to the positions it expands.
    rules = find_game("clover-leaf-warfield")
    tables = tables_for(rules)
    for number in (2, 83):
        position = deal(rules, number)
        result = solve(rules, position, 100_000)
        assert result.verdict is Verdict.SOLVED
        for index, move in enumerate(result.solution):
            board = Board(tables, position)
            for pair, _key in pair_keys(board) if index % 3 == 0 else []:
                projected = Search(rules, projection(board, pair), strands=(0,), project=False)
                assert projected.run(Plan().inner_pair_nodes) is not Verdict.LOST, (number, str(move))
            position = play(rules, position, move)


def test_inner_projections_cut_a_hard_warfield_search_and_slices_agree() -> None:
    # Deal 83: every pair of its start can be won; its search needs 177002 nodes
    # without looking at the projections of the positions inside it, 42164 with
    # (21026 of them the inner projections' own).
    rules = find_game("clover-leaf-warfield")
    whole = Search(rules, deal(rules, 83))
    assert whole.run(50_000) is Verdict.SOLVED
    assert 0 < whole.inner.nodes < whole.nodes
    assert whole.inner.pairs.cut > 0
    assert check_solution(rules, deal(rules, 83), whole.solution)
    sliced = Search(rules, deal(rules, 83))
    while sliced.run(4_999) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes, sliced.solution) == (whole.verdict, whole.nodes, whole.solution)


def test_alexander_looks_at_the_inner_projections_only_once_a_search_has_used_a_hints_budget() -> None:
    # Deal 1816: open at the solve budget without them, lost soon after they start. Deal 7022: won
    # within a hint's budget, node for node as without them, so a hint from its deal is as it was.
    rules = find_game("alexander-the-great")
    assert rules.solver.inner_projections_after == rules.solver.hint_budget
    without = replace(rules, solver=replace(rules.solver, inner_projections=0))
    lost = Search(rules, deal(rules, 1816))
    assert lost.run(70_000) is Verdict.LOST
    assert lost.inner.pairs.cut > 0 and lost.nodes > rules.solver.hint_budget
    assert Search(without, deal(rules, 1816)).run(70_000) is Verdict.UNKNOWN
    won, plain = Search(rules, deal(rules, 7022)), Search(without, deal(rules, 7022))
    assert won.run(rules.solver.hint_budget) is plain.run(rules.solver.hint_budget) is Verdict.SOLVED
    assert (won.nodes, won.solution, won.inner.pairs.checked) == (plain.nodes, plain.solution, 0)


def test_the_inner_searches_do_not_depend_on_the_order_pair_keys_lists_the_pairs() -> None:
    # The inner searches share what they learn, so the order in which a position's pairs are
    # searched can matter: lost_here fixes it (the pairs' own order), whatever order the keys
    # come in. Two of them, given the keys of the same positions in opposite orders, agree.
    rules = find_game("clover-leaf-warfield")
    search = Search(rules, deal(rules, 83))
    assert search.run(50_000) is Verdict.SOLVED
    plan = Plan.of(rules.solver)
    listed = InnerProjections(spawner(rules), plan.inner_pair_nodes, plan.inner_trial)
    reversed_pairs = InnerProjections(spawner(rules), plan.inner_pair_nodes, plan.inner_trial)
    board = Board(tables_for(rules), deal(rules, 83))
    answers = []
    for move in search.solution:
        board = Board(tables_for(rules), play(rules, board.position(), move))
        keys = pair_keys(board)
        answers.append((listed.lost_here(board, keys), reversed_pairs.lost_here(board, keys[::-1])))
    assert all(first == second for first, second in answers) and listed.checked > 20
    assert (listed.checked, listed.cut, listed.searched, listed.verdicts) == (
        reversed_pairs.checked, reversed_pairs.cut, reversed_pairs.searched, reversed_pairs.verdicts
    )


def _position_of(key: bytes) -> Position:
    """The settled position whose key (:meth:`Board.key`) is ``key``: cards not in a fan are on their foundations."""
    fans = tuple(tuple(fan) for fan in key.split(SEPARATOR))
    counts = [13 - sum(1 for fan in fans for card in fan if card // 13 == suit) for suit in range(4)]
    return Position(fans, (counts[0], counts[1], counts[2], counts[3]), 0, 0)


@pytest.mark.parametrize("game,number,unpruned_ends", [("clover-leaf-warfield", 83, 0), ("clover-leaf", 175, 20)])
def test_what_the_inner_searches_share_is_true(game: str, number: int, unpruned_ends: int) -> None:
    # Every position the inner searches shared as lost is lost, and every one shared as
    # winnable is winnable: the smallest lost ones are checked by the unpruned search, which
    # sees every position (where it ends: Warfield's cards come back from the foundations
    # into the empty fans, and its small positions are too many), the others by a search
    # that shares nothing.
    rules = find_game(game)
    # without the dives, which win Clover Leaf 175 before the inner searches have shared much
    rules = replace(rules, solver=replace(rules.solver, inner_projections=8, dive_length=0))
    search = Search(rules, deal(rules, number))
    assert search.run(80_000) is Verdict.SOLVED
    assert search.inner.pairs.cut > 0
    def cards(key: bytes) -> int:
        return len(key.replace(SEPARATOR, b""))

    lost = sorted(search.inner.pairs.lost, key=cards)
    won = sorted(search.inner.pairs.won, key=cards)
    assert len(lost) > 100 and len(won) > 100
    ended = 0
    for key in lost[:20]:
        verdict = Search(rules, _position_of(key), prune=False).run(50_000)
        assert verdict is not Verdict.SOLVED, key
        ended += verdict is Verdict.LOST
    assert ended >= unpruned_ends, ended
    for key in lost[:: len(lost) // 30]:
        assert Search(rules, _position_of(key)).run(200_000) is Verdict.LOST, key
    for key in won[:: len(won) // 30]:
        assert Search(rules, _position_of(key)).run(200_000) is Verdict.SOLVED, key


# A position of Clover Leaf deal 6610's search, 16 cards up: lost, every pair of it won, and its projection
# on clubs, hearts and diamonds lost, as in most positions that search expands
DEEP_IN_6610 = """
Foundations: AC 4S 8H 9D
QC 5H 4D
KS
TS 4C 5C 6C 7C 8C
6D JC 3H 2H
9C 4H
2C 3D 5D
3C
AH
KC
5S 8D 7D
-
8S 6S AD 2D
QS JS
9S
TC 7H 6H
7S
"""


def test_the_inner_searches_of_three_suits_look_only_deep_in_long_searches() -> None:
    rules = find_game("clover-leaf")
    position = parse_position(rules, DEEP_IN_6610)
    # the pairs looked at from the start: within triples_after nodes, the same search as without the triples
    plan = Plan.of(rules.solver, projections_after=0)
    without = replace(plan, inner_triples_up=0)
    search, plain = Search(rules, position, plan=plan), Search(rules, position, plan=without)
    assert search.run(60_000) is plain.run(60_000) is Verdict.LOST
    assert search.inner.pairs.checked > 0
    assert (search.nodes, search.inner.triples.checked) == (plain.nodes, 0)
    # the triples looked at from the start too: they cut positions, and slices agree
    plan, without = replace(plan, triples_after=0), replace(without, triples_after=0)
    search = Search(rules, position, plan=plan)
    assert search.run(60_000) is Verdict.LOST
    assert search.inner.triples.cut > 10
    assert Search(rules, position, plan=without).run(60_000) is Verdict.LOST
    sliced = Search(rules, position, plan=plan)
    while sliced.run(97) is Verdict.UNKNOWN:
        pass
    assert (sliced.nodes, sliced.inner.triples.cut) == (search.nodes, search.inner.triples.cut)
    # but not where fewer cards than the profile's inner_triples_up are on the foundations
    assert sum(position.foundations) == 16
    above = Search(rules, position, plan=replace(plan, inner_triples_up=17))
    assert above.run(60_000) is Verdict.LOST
    assert above.inner.triples.checked == 0


def test_what_the_inner_searches_of_three_suits_share_is_true() -> None:
    # As for the pairs (above): every position shared as lost is lost, every one shared as winnable
    # is winnable, by a search that shares nothing (by the unpruned search for the smallest lost).
    rules = find_game("clover-leaf")
    plan = Plan.of(rules.solver, projections_after=0, triples_after=0)
    search = Search(rules, parse_position(rules, DEEP_IN_6610), plan=plan)
    assert search.run(60_000) is Verdict.LOST
    def cards(key: bytes) -> int:
        return len(key.replace(SEPARATOR, b""))

    lost = sorted(search.inner.triples.lost, key=cards)
    won = sorted(search.inner.triples.won, key=cards)
    assert len(lost) > 20 and len(won) > 3
    for key in lost[:10]:
        assert Search(rules, _position_of(key), prune=False).run(50_000) is not Verdict.SOLVED, key
    for key in lost:
        assert Search(rules, _position_of(key)).run(200_000) is Verdict.LOST, key
    for key in won:
        assert Search(rules, _position_of(key)).run(200_000) is Verdict.SOLVED, key


def test_the_inner_searches_of_three_suits_win_a_warfield_deal_open_without_them() -> None:
    # Warfield deal 4911: without them, open at its budget of 300,000 nodes, and won at 309,122 given more.
    rules = find_game("clover-leaf-warfield")
    search = Search(rules, deal(rules, 4911))
    assert search.run(160_000) is Verdict.SOLVED
    assert search.inner.triples.cut > 1_000
    assert check_solution(rules, deal(rules, 4911), search.solution)


def test_alexander_looks_at_the_projections_on_three_suits_only_past_its_own_threshold() -> None:
    # Deal 2302: open at the budget without them; with them from 200,000 nodes on, won within it.
    rules = find_game("alexander-the-great")
    assert rules.solver.inner_triples_after == 200_000
    search = Search(rules, deal(rules, 2302))
    assert search.run(200_000) is Verdict.UNKNOWN
    assert search.inner.triples.checked == 0
    assert search.run(rules.solver.solve_budget - search.nodes) is Verdict.SOLVED
    assert search.inner.triples.cut > 0
    assert check_solution(rules, deal(rules, 2302), search.solution)


def test_triple_projections_keep_three_suits_and_complete_the_fourth() -> None:
    rules = find_game("clover-leaf")
    projected = triple_projections(Board(tables_for(rules), deal(rules, 660)))
    assert [sorted({card // 13 for fan in triple.fans for card in fan}) for triple in projected] == [
        [0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3],
    ]
    assert projected[0].foundations == (1, 1, 1, 13)
    three_suits = Position(tuple(tuple(card for card in fan if card // 13 != 3) for fan in deal(rules, 660).fans),
                           (1, 1, 1, 13), 0, 0)
    assert triple_projections(Board(tables_for(rules), three_suits)) == []  # the one triple is the position
    for game in ("shamrocks-ii", "trefoil"):  # any suit builds; redeals left
        rules = find_game(game)
        assert triple_projections(Board(tables_for(rules), deal(rules, 1))) == []


def _lost(rules: Rules, position: Position) -> bool:
    return Search(rules, position, strands=(0,), project=False, replay=False).run(150_000) is Verdict.LOST


@pytest.mark.parametrize("game", ["clover-leaf", "clover-leaf-warfield", "alexander-the-great", "fan"])
def test_a_ladder_of_three_suits_proved_lost_where_no_pair_is_agrees_with_the_unpruned_search(game: str) -> None:
    # Its rungs: the next 2, 3, ... cards of the three suits, up to the whole of them.
    rules = find_game(game)
    checked = 0
    for cards, empty in shapes(rules):
        for seed in range(500):
            board = Board(tables_for(rules), small_position(rules, cards, empty, seed))
            board.settle()
            if not triple_projections(board) or any(_lost(rules, pair) for pair in pair_projections(board)):
                continue
            position = board.position()
            for triple in TRIPLES:
                ladder = Ladder(rules, position, triple, None, spawner(rules), 150_000, Plan().ladder_from)
                if ladder.run(1_000_000) is Verdict.LOST:
                    assert Search(rules, position, prune=False).run(150_000) is Verdict.LOST, (cards, empty, seed)
                    checked += 1
                    break
    assert checked >= 3  # the proof is exercised where the pairs prove nothing


def test_a_lost_ladder_of_three_suits_proves_a_deal_lost_that_no_pair_does_and_slices_agree() -> None:
    # Alexander deal 3763: every pair of suits can be won; the next ten cards of spades, hearts
    # and diamonds cannot. Without the ladders the search proves the deal lost in 242,274 nodes.
    rules = find_game("alexander-the-great")
    plan = Plan.of(rules.solver, triples_after=20_000)
    whole = Search(rules, deal(rules, 3763), plan=plan)
    assert whole.run(60_000) is Verdict.LOST
    assert [ladder.verdict for ladder in whole.helpers.triples] == [Verdict.UNKNOWN] * 3 + [Verdict.LOST]
    assert all(projection.verdict is Verdict.SOLVED for projection in whole.helpers.projections)
    sliced = Search(rules, deal(rules, 3763), plan=plan)
    while sliced.run(1_999, 700) is Verdict.UNKNOWN:
        pass
    assert (sliced.verdict, sliced.nodes) == (whole.verdict, whole.nodes)


def test_a_ladder_of_three_suits_gives_its_turns_back_once_it_has_used_its_nodes() -> None:
    # Clover Leaf deal 4864 is won, and so is every projection of it; two of its ladders of three
    # suits climb past 2,000 nodes, and stop there, giving their turns back to the strands.
    rules = find_game("clover-leaf")
    search = Search(rules, deal(rules, 4864), plan=Plan.of(rules.solver, triples_after=20_000, triple_nodes=2_000))
    search.run(30_000)
    assert [ladder.nodes == 2_000 for ladder in search.helpers.triples] == [False, False, True, True]
    assert all(ladder.done and ladder not in search.turns for ladder in search.helpers.triples)
    assert [ladder.verdict for ladder in search.helpers.triples] == [Verdict.UNKNOWN] * 4
