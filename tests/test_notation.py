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
    play,
)
from cloverleaf.cards import card_name, card_str
from cloverleaf.notation import MAX_POSITION_BYTES


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


@pytest.mark.parametrize("text", ["Aſ", "ＡＳ", "\u212aH", "1０H", "A\u00a0S", "AS\u200b"], ids=ascii)
def test_cards_are_read_in_ascii_only(text: str) -> None:
    """``"ſ".upper()`` is ``"S"`` in Python: a long s must not read as a spade."""
    with pytest.raises(InvalidInputError, match="unknown card"):
        parse_card(text)


@pytest.mark.parametrize(
    "text", ["5C>³", "5C>٣", "5C>100", "5C>" + "1" * 5000, "5C>+7", "5C>7.0"], ids=lambda t: t[:12]
)
def test_a_move_to_anything_but_a_short_ascii_fan_number_is_refused(text: str) -> None:
    with pytest.raises(InvalidInputError, match="is not F or a fan number") as caught:
        parse_move(text)
    assert len(str(caught.value)) < 300
    assert parse_move("5C>99") == Move(parse_card("5C"), 98)


def test_a_byte_order_mark_is_ignored() -> None:
    rules = find_game("fan")
    text = format_position(rules, deal(rules, 3))
    assert parse_position(rules, "\ufeff" + text) == deal(rules, 3)


@pytest.mark.parametrize("header", ["Foundations: - - - -", "Redeals: 2", "Deal: 5"])
def test_a_second_header_line_is_refused(header: str) -> None:
    rules = find_game("la-belle-lucie")
    text = "Redeals: 2\n" + format_position(rules, deal(rules, 5))
    assert parse_position(rules, text).deal == 5
    with pytest.raises(InvalidInputError, match=f"a second {header.split(':')[0]}: line"):
        parse_position(rules, text + header + "\n")


def _trefoil_after_redeal() -> str:
    rules = find_game("trefoil")
    after = play(rules, deal(rules, 1), REDEAL)
    assert len(after.fans) == 17
    return format_position(rules, after)


def test_trefoil_takes_the_seventeen_fans_of_a_redeal_and_no_more() -> None:
    """A redeal of 48 cards makes 16 fans of three, the last split in two: 17 in all."""
    rules = find_game("trefoil")
    text = _trefoil_after_redeal()
    assert format_position(rules, parse_position(rules, text)) == text
    with pytest.raises(InvalidInputError, match="Trefoil has 16 fans before a redeal, got 17"):
        parse_position(rules, "\n".join(line for line in text.splitlines() if not line.startswith("Redeals")))
    with pytest.raises(InvalidInputError, match="at most 17 fans after a redeal, got 18"):
        parse_position(rules, text + "-\n")


def test_la_belle_lucie_takes_at_most_eighteen_fans() -> None:
    rules = find_game("la-belle-lucie")
    text = "Redeals: 1\n" + format_position(rules, deal(rules, 1))
    assert len(parse_position(rules, text).fans) == 18
    with pytest.raises(InvalidInputError, match="at most 18 fans after a redeal, got 19"):
        parse_position(rules, text + "-\n")


@pytest.mark.parametrize(("header", "limit"), [("Deal", "100000000000000000000"), ("Redeals", "99")])
def test_huge_deal_and_redeal_counts_are_refused_with_a_short_message(header: str, limit: str) -> None:
    rules = find_game("la-belle-lucie")
    text = f"{header}: {'9' * 5000}\n" + format_position(rules, deal(rules, 1))
    with pytest.raises(InvalidInputError, match=f"line 1: {header} must be a whole number from 0 to {limit}") as caught:
        parse_position(rules, text)
    assert len(str(caught.value)) < 200


def test_positions_over_the_byte_limit_are_refused_before_parsing() -> None:
    rules = find_game("fan")
    text = format_position(rules, deal(rules, 1))
    padded = text + "#" * (MAX_POSITION_BYTES - len(text) - 1) + "\n"
    assert parse_position(rules, padded) == deal(rules, 1)
    with pytest.raises(InvalidInputError, match=f"too large: at most {MAX_POSITION_BYTES} bytes"):
        parse_position(rules, padded + "#")


def test_comments_may_hold_any_text_but_fan_lines_only_printable_ascii() -> None:
    rules = find_game("fan")
    text = format_position(rules, deal(rules, 1))
    assert parse_position(rules, "# ♣ trèfle \u2028 AS KS\n" + text) == deal(rules, 1)
    lines = text.splitlines()
    lines[1] += "\u00a0"
    with pytest.raises(InvalidInputError, match=r"line 2: .* is not plain ASCII text"):
        parse_position(rules, "\n".join(lines))
