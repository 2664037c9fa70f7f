"""Each rule of each game, shown on a small hand-made position."""

from __future__ import annotations

import pytest

from cloverleaf import (
    IllegalMoveError,
    Move,
    deal,
    find_game,
    is_stuck,
    is_won,
    legal_moves,
    parse_move,
    play,
)
from cloverleaf.engine import can_finish_by_foundation_moves, redeal

from .helpers import fans_text, position

# Clover Leaf: clubs and spades at 9, hearts and diamonds at 5 (building down).
CLOVER = "Foundations: 9C 9S 5H 5D\n" + fans_text(
    "TC JC", "QC", "KC 4H", "TS", "JS QS", "KS", "3H 2H", "AH", "4D 2D", "3D AD", total=16
)


def legal(game: str, text: str) -> set[str]:
    rules, pos = position(game, text)
    return {str(move) for move in legal_moves(rules, pos)}


def test_clover_leaf_builds_up_or_down_in_suit_only() -> None:
    moves = legal("clover-leaf", CLOVER)
    assert "JC>2" in moves  # JC onto QC: down
    assert "QC>1" in moves  # QC onto JC: up
    assert "2H>8" in moves  # 2H onto AH
    assert not {m for m in moves if m.startswith("JC>") and m != "JC>2"}  # not onto JS/QS/...


def test_clover_leaf_fan_may_change_direction() -> None:
    rules, pos = position("clover-leaf", CLOVER)
    pos = play(rules, pos, parse_move("QS>6"))  # QS down onto KS
    pos = play(rules, pos, parse_move("JS>6"))  # JS down onto QS
    assert pos.fans[5] == tuple(parse_move(c + ">F").card for c in ("KS", "QS", "JS"))
    # now a card can go up again onto the fan top's other neighbour
    assert "TS>6" in {str(m) for m in legal_moves(rules, pos)}


def test_clover_leaf_foundations_build_by_their_direction() -> None:
    moves = legal("clover-leaf", CLOVER)
    assert "4H>F" in moves  # hearts build down from the King
    assert "TS>F" in moves  # spades build up from the Ace
    assert "JC>F" not in moves  # clubs want TC first


def test_clover_leaf_empty_fan_takes_only_an_ace_or_a_king() -> None:
    moves = legal("clover-leaf", CLOVER)
    assert {"KS>11", "AD>11", "AH>11"} <= moves
    assert not any(m.endswith(">11") for m in moves - {"KS>11", "AD>11", "AH>11"})


def test_clover_leaf_foundation_cards_never_come_back() -> None:
    rules, pos = position("clover-leaf", CLOVER)
    with pytest.raises(IllegalMoveError, match="foundation cards stay there"):
        play(rules, pos, parse_move("9C>2"))


def test_illegal_moves_say_why() -> None:
    rules, pos = position("clover-leaf", CLOVER)
    cases = {
        "TC>2": "TC is not free: JC covers it in fan 1",
        "JC>F": "the foundation takes TC next, not JC",
        "JC>4": "JC does not go on TS",
        "QC>11": "an empty fan takes an Ace or a King",
        "JC>17": "there is no fan 17",
        "redeal": "no redeals are left",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalMoveError, match=reason):
            play(rules, pos, parse_move(text))


def test_clover_leaf_won_and_not_stuck_after_the_last_card() -> None:
    rules, pos = position("clover-leaf", "Foundations: QC KS AH AD\n" + fans_text("KC", total=16))
    assert not is_won(pos)
    pos = play(rules, pos, parse_move("KC>F"))
    assert is_won(pos)
    assert not is_stuck(rules, pos)


def test_warfield_foundation_top_may_return_to_a_fan() -> None:
    text = "Foundations: JC JS 5H 5D\n" + fans_text(
        "TC 9C 8C", "7C 6C", "5C 4C 3C", "2C AC", "TS 9S 8S", "7S 6S", "5S 4S 3S", "2S AS",
        "6H", "7H 8H", "9H TH", "JH QH KH", "6D 7D", "8D 9D", "TD JD", "QD KD", total=16
    )
    rules, pos = position("clover-leaf-warfield", text)
    moves = {str(m) for m in legal_moves(rules, pos)}
    assert "5H>9" in moves  # the top of hearts back onto 6H
    pos = play(rules, pos, parse_move("5H>9"))
    assert pos.foundations[2] == 4


def test_warfield_foundations_build_red_up_black_down() -> None:
    rules = find_game("clover-leaf-warfield")
    assert rules.foundation_up == (False, False, True, True)


def test_shamrocks_builds_any_suit_and_caps_fans_at_three() -> None:
    text = "Foundations: QC QS QH JD\n" + fans_text("KC QD", "KS KH", "KD", total=18)
    rules, pos = position("shamrocks-ii", text)
    moves = {str(m) for m in legal_moves(rules, pos)}
    assert "KH>1" in moves  # a King on a Queen of another suit
    assert "QD>F" in moves
    full = "Foundations: JC QS QH JD\n" + fans_text("KC QD KH", "KS QC", "KD", total=18)
    rules, pos = position("shamrocks-ii", full)
    with pytest.raises(IllegalMoveError, match="fan 1 is full"):
        play(rules, pos, parse_move("QC>1"))


def test_shamrocks_emptied_fans_stay_empty_and_foundations_give_back() -> None:
    text = "Foundations: QC QS QH JD\n" + fans_text("KC QD", "KS KH", "KD", total=18)
    rules, pos = position("shamrocks-ii", text)
    with pytest.raises(IllegalMoveError, match="an empty fan takes nothing"):
        play(rules, pos, parse_move("KD>4"))
    assert "QH>3" in {str(m) for m in legal_moves(rules, pos)}  # back onto KD


def test_trefoil_builds_down_in_suit_only() -> None:
    text = "Foundations: TC TS TH TD\nRedeals: 0\n" + fans_text(
        "KC JC", "QC", "KS QS", "JS", "JH", "KH QH", "JD QD KD", total=16
    )
    moves = legal("trefoil", text)
    assert "JC>2" in moves  # JC on QC
    assert "QC>1" not in moves  # never up
    assert "JS>2" not in moves  # never another suit
    assert "JH>F" in moves


def test_trefoil_redeal_deals_fans_of_three_and_splits_the_last() -> None:
    rules = find_game("trefoil")
    start = deal(rules, 1)
    once = redeal(rules, start)
    assert [len(f) for f in once.fans] == [3] * 15 + [2, 1]
    assert once.redeals_left == 1
    assert sorted(c for f in once.fans for c in f) == sorted(c for f in start.fans for c in f)
    assert redeal(rules, start) == once  # deterministic
    twice = redeal(rules, once)
    assert twice.redeals_left == 0
    assert twice.fans != once.fans
    assert "redeal" not in {str(m) for m in legal_moves(rules, twice)}


def test_redeal_with_leftover_cards_makes_a_short_last_fan() -> None:
    text = "Foundations: TC TS JH KD\n" + fans_text("KC JC", "QC", "KS QS", "JS", "KH QH", total=16)
    rules, pos = position("trefoil", text)
    dealt = redeal(rules, pos)
    assert [len(f) for f in dealt.fans] == [3, 3, 2]


def test_trefoil_won_when_the_kings_top_the_foundations() -> None:
    rules, pos = position("trefoil", "Foundations: KC KS KH QD\n" + fans_text("KD", total=16))
    assert can_finish_by_foundation_moves(rules, pos)
    assert is_won(play(rules, pos, parse_move("KD>F")))


def test_stuck_when_no_card_moves_and_no_redeal_is_left() -> None:
    text = "Foundations: QC QS QH JD\nRedeals: 0\n" + fans_text("KC KS KH QD KD", total=16)
    rules, pos = position("trefoil", text)
    assert is_stuck(rules, pos)
    with_redeal = text.replace("Redeals: 0", "Redeals: 1")
    rules, pos = position("trefoil", with_redeal)
    assert not is_stuck(rules, pos)
    assert [str(m) for m in legal_moves(rules, pos)] == ["redeal"]


def test_la_belle_lucie_starts_with_empty_foundations_and_two_redeals() -> None:
    rules = find_game("la-belle-lucie")
    start = deal(rules, 1)
    assert start.foundations == (0, 0, 0, 0)
    assert start.redeals_left == 2
    assert "redeal" in {str(m) for m in legal_moves(rules, start)}


def test_fan_empty_fan_takes_only_a_king() -> None:
    text = "Foundations: QC JS QH QD\n" + fans_text("KC", "KS QS", "KH", "KD", total=18)
    moves = legal("fan", text)
    assert "KH>5" in moves  # a King may fill an empty fan
    assert not any(m.startswith("QS>") and m != "QS>F" for m in moves)  # a Queen may not
    assert "QS>F" in moves
    assert "redeal" not in moves


def test_alexander_the_great_uses_clover_leaf_rules_on_twelve_fans() -> None:
    alexander, clover = find_game("alexander-the-great"), find_game("clover-leaf")
    assert alexander.fan_sizes == (4,) * 12
    assert (alexander.build, alexander.empty_fan, alexander.foundation_up) == (
        clover.build, clover.empty_fan, clover.foundation_up
    )


def test_move_values_print_in_notation() -> None:
    assert str(Move(parse_move("5C>F").card, 6)) == "5C>7"
