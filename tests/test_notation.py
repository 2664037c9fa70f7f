"""Position and move text: round trips, and clear messages for bad input."""

from __future__ import annotations

import pytest

from cloverleaf import (
    CATALOGUE,
    FOUNDATION,
    REDEAL,
    InvalidInputError,
    Move,
    deal,
    find_game,
    format_position,
    parse_card,
    parse_move,
    parse_position,
)
from cloverleaf.cards import card_name, card_str


def test_cards_read_in_every_accepted_spelling() -> None:
    assert parse_card("TD") == parse_card("10d") == parse_card(" td ")
    assert card_str(parse_card("as")) == "AS"
    assert card_name(parse_card("7C")) == "seven of clubs"


@pytest.mark.parametrize("text", ["1C", "AX", "KHH", "", "11S", "T"])
def test_unknown_cards_are_named_in_the_error(text: str) -> None:
    with pytest.raises(InvalidInputError, match="unknown card"):
        parse_card(text)


def test_moves_round_trip() -> None:
    for text in ["5C>F", "5C>7", "TD>16", "redeal"]:
        assert str(parse_move(text)) == text
    assert parse_move("10h>f") == Move(parse_card("TH"), FOUNDATION)
    assert parse_move("REDEAL") == REDEAL


@pytest.mark.parametrize("text", ["5C", "5C>", "5C>0", "5C>x", ">F", "5C>-1"])
def test_bad_moves_are_refused(text: str) -> None:
    with pytest.raises(InvalidInputError):
        parse_move(text)


@pytest.mark.parametrize("rules", CATALOGUE, ids=lambda r: r.id)
def test_positions_round_trip(rules) -> None:
    for number in (1, 2, 40000):
        start = deal(rules, number)
        text = format_position(rules, start)
        assert parse_position(rules, text) == start
        assert format_position(rules, parse_position(rules, text)) == text


def test_comments_blank_lines_and_foundation_order_are_free() -> None:
    rules = find_game("clover-leaf")
    text = format_position(rules, deal(rules, 7))
    lines = text.splitlines()
    shuffled = "# a comment\n\n" + "\n".join(lines[1:]) + "\nFoundations: KD KH AS AC\n"
    assert parse_position(rules, shuffled) == deal(rules, 7)


def test_missing_foundations_line_means_the_start() -> None:
    rules = find_game("clover-leaf")
    text = format_position(rules, deal(rules, 3)).split("\n", 1)[1]
    assert parse_position(rules, text) == deal(rules, 3)


def _clover_text() -> list[str]:
    rules = find_game("clover-leaf")
    return format_position(rules, deal(rules, 1)).splitlines()


def test_duplicated_card_is_named_with_both_places() -> None:
    lines = _clover_text()
    lines[1] = lines[1].replace("8H", "9D")
    with pytest.raises(InvalidInputError, match=r"9D appears twice: in fan 1 \(line 2\)"):
        parse_position(find_game("clover-leaf"), "\n".join(lines))


def test_missing_card_is_named() -> None:
    lines = _clover_text()
    lines[1] = "JD 9D"
    with pytest.raises(InvalidInputError, match="missing card: 8H"):
        parse_position(find_game("clover-leaf"), "\n".join(lines))


def test_unknown_card_names_the_line() -> None:
    lines = _clover_text()
    lines[3] = "9H JS ZZ"
    with pytest.raises(InvalidInputError, match="line 4: unknown card 'ZZ'"):
        parse_position(find_game("clover-leaf"), "\n".join(lines))


def test_foundation_that_contradicts_the_fans_is_refused() -> None:
    lines = _clover_text()
    lines[0] = "Foundations: 3C AS KH KD"  # 2C is still in fan 2
    with pytest.raises(InvalidInputError, match="2C appears twice"):
        parse_position(find_game("clover-leaf"), "\n".join(lines))


def test_a_king_of_hearts_in_a_clover_leaf_fan_cannot_arise() -> None:
    lines = _clover_text()
    lines[0] = "Foundations: AC AS - KD"
    lines[1] = "JD 9D 8H KH"
    with pytest.raises(InvalidInputError, match="KH starts on its foundation"):
        parse_position(find_game("clover-leaf"), "\n".join(lines))


def test_fan_over_the_limit_is_refused() -> None:
    rules = find_game("shamrocks-ii")
    lines = format_position(rules, deal(rules, 1)).splitlines()
    lines[1] += " " + lines[-1]
    lines[-1] = "-"
    with pytest.raises(InvalidInputError, match=r"fan 1 .* holds 4 cards; Shamrocks II allows 3 at most"):
        parse_position(rules, "\n".join(lines))


def test_wrong_number_of_fans_is_refused() -> None:
    lines = _clover_text()
    with pytest.raises(InvalidInputError, match="Clover Leaf has 16 fans, got 15"):
        parse_position(find_game("clover-leaf"), "\n".join(["Foundations: AC AS 6H KD", *lines[1:-1]]))


def test_redeals_beyond_the_games_allowance_are_refused() -> None:
    rules = find_game("trefoil")
    text = format_position(rules, deal(rules, 1)) + "Redeals: 3\n"
    with pytest.raises(InvalidInputError, match="allows 2 redeals"):
        parse_position(rules, text)
