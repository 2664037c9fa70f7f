"""The solver's board agrees with the engine: its unpruned moves are the legal moves, do/undo restore it exactly.

The solver's conventions, under which the board and the engine are compared: a
board step ``(card, source, dest)`` is the engine's ``Move(card, dest)`` (the
source is where the card lies, which the engine finds itself), the redeal step
is the engine's ``REDEAL``, and the order of the moves does not matter (the
board lists the likeliest first), so the two are compared as sets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import CATALOGUE, apply_move, deal, legal_moves
from cloverleaf.position import Move, Position
from cloverleaf.rules import Rules
from cloverleaf.solver.board import Board, Step
from cloverleaf.solver.costs import misplaced
from cloverleaf.solver.general import GeneralBoard
from cloverleaf.solver.moves import worth_searching
from cloverleaf.solver.steps import to_move
from cloverleaf.solver.tables import tables_for

games = st.sampled_from(CATALOGUE)
numbers = st.integers(min_value=1, max_value=10**20)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=80)


def as_move(step: Step) -> Move:
    """The engine's move of a step, as the solver hands it out (free cells and draws as :mod:`.general` writes them)."""
    return to_move(step)


def board_view(rules: Rules, position: Position) -> tuple[object, ...]:
    """What a board keeps of a position: the free cells as a set (they are interchangeable), and where
    foundations build in alternate colours each pair's counts as a set (see cloverleaf.solver.general)."""
    found: tuple[object, ...] = position.foundations
    if not rules.suit_foundations:
        found = (sorted(found[:2]), sorted(found[2:]))
    cells = sorted(card for card in position.cells if card >= 0)
    return position.fans, found, cells, position.redeals_left, position.draws_left


def random_walk(rules: Rules, start: Position, picks: list[int]) -> list[Position]:
    positions = [start]
    for pick in picks:
        moves = legal_moves(rules, positions[-1])
        if not moves:
            break
        positions.append(apply_move(rules, positions[-1], moves[pick % len(moves)]))
    return positions


def snapshot(board: Board) -> tuple[object, ...]:
    general = (board.cells, board.draws_left) if isinstance(board, GeneralBoard) else ()
    return (list(board.fans), list(board.found), list(board.where), board.redeals_left, board.pending, *general)


@settings(max_examples=60, deadline=None)
@given(games, numbers, choices)
def test_unpruned_board_moves_are_the_engines_legal_moves(rules: Rules, number: int, picks: list[int]) -> None:
    tables = tables_for(rules)
    for position in random_walk(rules, deal(rules, number), picks):
        steps = worth_searching(Board(tables, position, prune=False))
        assert len(steps) == len(set(steps))
        assert {as_move(step) for step in steps} == set(legal_moves(rules, position))


@settings(max_examples=60, deadline=None)
@given(games, numbers, choices)
def test_pruned_board_moves_are_legal(rules: Rules, number: int, picks: list[int]) -> None:
    tables = tables_for(rules)
    for position in random_walk(rules, deal(rules, number), picks):
        assert {as_move(step) for step in worth_searching(Board(tables, position))} <= set(legal_moves(rules, position))


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_do_plays_the_engines_move_and_undo_restores_the_board_exactly(
    rules: Rules, number: int, picks: list[int]
) -> None:
    tables = tables_for(rules)
    for position in random_walk(rules, deal(rules, number), picks):
        board = Board(tables, position, prune=False)
        before = snapshot(board)
        for step in worth_searching(board):
            saved = board.do(step)
            assert board_view(rules, board.position()) == board_view(rules, apply_move(rules, position, as_move(step)))
            board.undo(step, saved)
            assert snapshot(board) == before


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_advance_and_retreat_restore_the_board_exactly(rules: Rules, number: int, picks: list[int]) -> None:
    tables = tables_for(rules)
    for position in random_walk(rules, deal(rules, number), picks):
        board = Board(tables, position)
        before = snapshot(board)
        for step in worth_searching(board):
            board.retreat(board.advance(step))
            assert snapshot(board) == before


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_advance_plays_a_step_as_do_does_then_the_foundation_moves(rules: Rules, number: int, picks: list[int]) -> None:
    # advance writes out do's move (and retreat undo's) to save a call a node: the copies must agree
    tables = tables_for(rules)
    for walked in random_walk(rules, deal(rules, number), picks):
        start = Board(tables, walked)
        start.settle()  # as the search's positions are: advance's foundation moves start from the card uncovered
        position = start.position()
        for step in worth_searching(start):
            advanced, done = Board(tables, position), Board(tables, position)
            advanced.advance(step)
            done.do(step)
            if done.autoplays:
                done.autoplay(None)
            assert advanced.position() == done.position()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([rules for rules in CATALOGUE if tables_for(rules).counts_misplaced]), numbers, choices)
def test_misplaced_counts_the_cards_above_an_earlier_card_of_their_own_suit(
    rules: Rules, number: int, picks: list[int]
) -> None:
    def earlier(under: int, card: int) -> bool:
        return under // 13 == card // 13 and rules.foundation_index(under) < rules.foundation_index(card)

    for position in random_walk(rules, deal(rules, number), picks):
        expected = sum(
            any(earlier(under, card) for under in fan[:depth])
            for fan in position.fans
            for depth, card in enumerate(fan)
        )
        assert misplaced(Board(tables_for(rules), position)) == expected
