"""A game in progress: decisions, automatic moves, undo and redo, the click rule, saves."""

from __future__ import annotations

import json

import pytest

from cloverleaf import IllegalMoveError, InvalidInputError, find_game, parse_card, parse_move
from cloverleaf.save_format import SAVE_VERSION
from cloverleaf.session import Session, Settings
from cloverleaf.solver import solve

from .helpers import fans_text, position


def names(moves) -> list[str]:
    return [str(m) for m in moves]


def test_a_new_deal_plays_its_safe_foundation_moves_at_once() -> None:
    session = Session.new("clover-leaf", 1)
    assert names(session.opening) == ["2C>F", "QD>F"]
    assert not session.can_undo


def test_auto_move_off_leaves_the_deal_as_dealt() -> None:
    session = Session.new("clover-leaf", 1, Settings(auto_move=False, auto_complete=False))
    assert session.opening == []
    assert session.position.fans[1][-1] == parse_card("2C")


def test_one_undo_takes_back_a_decision_and_the_moves_it_caused() -> None:
    session = Session.new("clover-leaf", 1)
    before = session.position
    group = session.play(parse_move("6D>4"))  # uncovers 3C, which goes up by itself
    assert names(group) == ["6D>4", "3C>F"]
    session.undo()
    assert session.position == before
    session.redo()
    assert names(session.last_moves) == ["6D>4", "3C>F"]
    assert session.decisions == 1


def test_a_new_decision_clears_redo() -> None:
    session = Session.new("clover-leaf", 1)
    session.play(parse_move("6D>4"))
    session.undo()
    assert session.can_redo
    session.play(parse_move("7D>5"))
    assert not session.can_redo


def test_undo_and_redo_with_nothing_to_do_say_so() -> None:
    session = Session.new("fan", 3)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        session.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        session.redo()


def test_restart_returns_to_the_deal() -> None:
    session = Session.new("clover-leaf", 1)
    start = session.position
    session.play(parse_move("6D>4"))
    session.restart()
    assert session.position == start
    assert not session.can_undo


def test_auto_complete_finishes_when_foundation_moves_alone_can() -> None:
    rules, pos = position("clover-leaf", "Foundations: JC KS AH AD\n" + fans_text("KC", "QC", total=16))
    session = Session.from_position(rules, pos, Settings(auto_move=False))
    assert session.won  # the opening already finished it


def test_auto_complete_off_leaves_the_finish_to_the_player() -> None:
    rules, pos = position("clover-leaf", "Foundations: JC KS AH AD\n" + fans_text("KC", "QC", total=16))
    session = Session.from_position(rules, pos, Settings(auto_move=False, auto_complete=False))
    assert not session.won
    session.play(parse_move("QC>F"))
    assert not session.won


WARFIELD = "Foundations: JC JS AH 5D\n" + fans_text(
    "TC 9C 8C", "7C 6C 5C", "4C 3C 2C", "AC TS 9S", "8S 7S 6S", "5S 4S 3S", "2S AS KH", "QH JH TH",
    "9H 8H 7H", "6H 5H 4H", "2H 3H", "6D 7D 8D", "9D TD JD", "QD KD", total=16
)


def test_auto_move_never_sends_back_a_card_the_player_took_from_a_foundation() -> None:
    rules, pos = position("clover-leaf-warfield", WARFIELD)
    session = Session.from_position(rules, pos)
    session.play(parse_move("AH>15"))  # the base of hearts into an empty fan
    assert session.position.fans[14] == (parse_card("AH"),)
    session.play(parse_move("3H>10"))  # an unrelated decision: AH stays where the player put it
    assert session.position.fans[14] == (parse_card("AH"),)
    session.play(parse_move("AH>F"))
    assert session.position.foundations[2] == 13  # AH home again: auto move takes hearts up


def test_shamrocks_auto_move_sends_nothing_up_early() -> None:
    """Any suit builds on any suit there: no early foundation move is sure to be safe
    (engine.auto_move_is_safe). Shamrocks II 7034 after 43 decisions of its
    solution: TD>11 let the old cautious rule send AD to 6D up and lose the game."""
    session = Session.new("shamrocks-ii", 7034)
    assert all(count == 0 for count in session.position.foundations)
    for move in solve(session.rules, session.position, 50_000).solution:
        group = session.play(move)
        if session.won:
            break  # auto complete: the rest were foundation moves
        assert group == [move], f"auto move played {group[1:]} after {move}"
    assert session.won


def test_click_plays_on_the_fan_that_unwinds_when_the_foundation_does_not_fit() -> None:
    session = Session.new("clover-leaf", 1)
    assert session.click_target(parse_card("7D")) == 4  # onto 6D (after it on the foundation), not 8D


def test_click_plays_to_the_foundation_first() -> None:
    rules, pos = position("clover-leaf", "Foundations: QC QS 2H AD\n" + fans_text("KC", "KS", "AH", total=16))
    session = Session.from_position(rules, pos, Settings(auto_move=False, auto_complete=False))
    assert session.click_target(parse_card("AH")) == -1


def test_click_moves_the_card_and_what_follows_automatically() -> None:
    session = Session.new("clover-leaf", 1)
    session.click(parse_card("6D"))
    assert names(session.last_moves) == ["6D>4", "3C>F"]


def test_click_prefers_the_fan_that_unwinds_in_order() -> None:
    rules, pos = position(
        "clover-leaf",
        "Foundations: 9C 3S 5H 5D\n" + fans_text(
            "TC JC", "QC KC", "4H 3H 2H AH", "4D 3D 2D AD", "4S KS 5S", "7S", "QS JS TS 6S",
            "9S 8S", total=16,
        ),
    )
    session = Session.from_position(rules, pos, Settings(auto_move=False))
    # 6S fits on 7S (its successor: unwinds in order) and on 5S (its predecessor)
    assert session.click_target(parse_card("6S")) == 5


def test_click_prefers_a_card_over_an_empty_fan_and_never_moves_a_lone_card_to_an_empty_fan() -> None:
    rules, pos = position(
        "clover-leaf", "Foundations: TC TS 3H 2D\n" + fans_text("JC KS", "AH", "QS KC", "AD JS", "2H QC", total=16)
    )
    session = Session.from_position(rules, pos, Settings(auto_move=False, auto_complete=False))
    assert session.click_target(parse_card("KC")) == 4  # onto QC rather than into an empty fan
    assert session.click_target(parse_card("KS")) == 5  # the first empty fan: the only place
    assert session.click_target(parse_card("AH")) is None  # alone already: no move changes anything


def test_click_with_nowhere_to_go_is_an_illegal_move() -> None:
    session = Session.new("clover-leaf", 1)
    with pytest.raises(IllegalMoveError, match="nowhere to go"):
        session.click(parse_card("8H"))


def test_click_to_play_off_refuses_clicks() -> None:
    session = Session.new("clover-leaf", 1, Settings(click_to_play=False))
    with pytest.raises(IllegalMoveError, match="click to play is off"):
        session.click(parse_card("6D"))


def test_save_and_restore_give_back_the_same_game() -> None:
    session = Session.new("trefoil", 5)
    session.play(parse_move("redeal"))
    for move in ["redeal"]:
        session.play(parse_move(move))
    session.undo()
    restored = Session.restore(session.save())
    assert restored.position == session.position
    assert restored.can_redo and restored.decisions == session.decisions
    restored.redo()
    session.redo()
    assert restored.position == session.position


def test_a_save_is_small() -> None:
    session = Session.new("clover-leaf", 1)
    session.play(parse_move("6D>4"))
    assert len(session.save()) < 200


def test_typed_positions_save_their_start() -> None:
    rules, pos = position("fan", "Foundations: QC JS QH QD\n" + fans_text("KC", "KS QS", "KH", "KD", total=18))
    session = Session.from_position(rules, pos, Settings(auto_move=False, auto_complete=False))
    session.play(parse_move("QS>F"))
    assert Session.restore(session.save()).position == session.position


@pytest.mark.parametrize(
    "save",
    [
        "",
        "not json",
        "[]",
        '{"v": 99, "game": "clover-leaf", "deal": "1"}',
        '{"v": 1, "game": "chess", "deal": "1"}',
        '{"v": 1, "game": "clover-leaf", "deal": "-4"}',
        '{"v": 1, "game": "clover-leaf", "deal": "1", "moves": ["8H>F"]}',
        '{"v": 1, "game": "clover-leaf", "deal": "1", "open": "", "moves": [7]}',
        '{"v": 1, "game": "clover-leaf"}',
    ],
)
def test_a_save_that_cannot_be_read_is_refused_with_a_message(save: str) -> None:
    with pytest.raises(InvalidInputError, match="the saved game cannot be read"):
        Session.restore(save)


def test_saves_record_settings() -> None:
    session = Session.new("clover-leaf", 2, Settings(auto_move=False))
    assert Session.restore(session.save()).settings == Settings(auto_move=False)
    assert json.loads(session.save())["v"] == SAVE_VERSION


def test_unknown_game_is_an_input_error() -> None:
    with pytest.raises(InvalidInputError, match="unknown game"):
        Session.new("klondike", 1)


def test_rules_lookup_ignores_case() -> None:
    assert find_game("Clover-Leaf").id == "clover-leaf"
