"""Properties that hold for every deal and every sequence of moves (hypothesis)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import CATALOGUE, apply_move, deal, format_position, legal_moves, parse_position
from cloverleaf.engine import explain_illegal
from cloverleaf.position import REDEAL, Move, Position
from cloverleaf.rules import Rules
from cloverleaf.session import Session, Settings

games = st.sampled_from(CATALOGUE)
numbers = st.integers(min_value=1, max_value=10**20)
choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)


def cards_in_play(rules: Rules, position: Position) -> list[int]:
    """Every card where the position has it: fans, free cells, foundations."""
    in_play = [card for fan in position.fans for card in fan] + [card for card in position.cells if card >= 0]
    if rules.suit_foundations:
        on_foundations = [
            rules.foundation_card(suit, index)
            for suit in range(4)
            for index in range(position.foundations[suit])
        ]
    else:  # foundations in alternate colours: their tops, and as many cards in all as they count
        on_foundations = [card for card in range(52) if card not in in_play]
        assert len(on_foundations) == sum(position.foundations)
        assert all(top in on_foundations for top in position.tops if top >= 0)
    return sorted(on_foundations + in_play)


def random_walk(rules: Rules, start: Position, picks: list[int]) -> list[Position]:
    positions = [start]
    for pick in picks:
        moves = legal_moves(rules, positions[-1])
        if not moves:
            break
        positions.append(apply_move(rules, positions[-1], moves[pick % len(moves)]))
    return positions


@settings(max_examples=60, deadline=None)
@given(games, numbers, choices)
def test_random_play_never_loses_duplicates_or_invents_a_card(rules: Rules, number: int, picks: list[int]) -> None:
    for position in random_walk(rules, deal(rules, number), picks):
        assert cards_in_play(rules, position) == list(range(52))
        if rules.fan_limit is not None:
            assert all(len(fan) <= rules.fan_limit for fan in position.fans)


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_every_reachable_position_round_trips_through_text(rules: Rules, number: int, picks: list[int]) -> None:
    for position in random_walk(rules, deal(rules, number), picks):
        assert parse_position(rules, format_position(rules, position)) == position


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices, st.booleans())
def test_undoing_any_sequence_restores_every_position(
    rules: Rules, number: int, picks: list[int], auto: bool
) -> None:
    session = Session.new(rules.id, number, Settings(auto_move=auto, auto_complete=auto))
    seen = [session.position]
    for pick in picks:
        moves = legal_moves(rules, session.position)
        if not moves:
            break
        session.play(moves[pick % len(moves)])
        seen.append(session.position)
    for expected in reversed(seen[:-1]):
        session.undo()
        assert session.position == expected
    while session.can_redo:
        session.redo()
    assert session.position == seen[-1]


def untimed(save: str) -> dict[str, object]:
    """A save without the time played (the clock runs between two saves: tests/test_clock.py)."""
    return {key: value for key, value in json.loads(save).items() if key != "time"}


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_save_and_restore_round_trip(rules: Rules, number: int, picks: list[int]) -> None:
    session = Session.new(rules.id, number)
    for pick in picks:
        moves = legal_moves(rules, session.position)
        if not moves:
            break
        session.play(moves[pick % len(moves)])
        if pick % 7 == 0 and session.can_undo:
            session.undo()
    restored = Session.restore(session.save())
    assert restored.position == session.position
    assert restored.history() == session.history()
    assert untimed(restored.save()) == untimed(session.save())


@settings(max_examples=40, deadline=None)
@given(games, numbers, choices)
def test_a_move_is_explained_as_illegal_exactly_when_it_is_not_a_legal_move(
    rules: Rules, number: int, picks: list[int]
) -> None:
    """Legality is decided once (engine.is_legal); the words for a refusal are found
    after it, and must never disagree with the list of legal moves."""
    for position in random_walk(rules, deal(rules, number), picks[:12]):
        legal = set(legal_moves(rules, position))
        candidates = {REDEAL} | {Move(card, dest) for card in range(52) for dest in range(-1, len(position.fans) + 1)}
        for move in candidates:
            refusal = explain_illegal(rules, position, move)
            assert (refusal is None) == (move in legal), (move, refusal)
            if refusal is not None:
                reasons = ("covered", "build", "full", "empty", "foundation", "cells", "run", "rules")
                assert refusal.reason in reasons and refusal.text
