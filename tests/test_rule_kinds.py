"""The kinds of rule the nine games added from PySolFC brought, each shown on a small hand-made position.

Free cells, runs that move together, the draw, foundations in alternate
colours, building by rank alone, by colour and by equal rank, any card into an
empty fan, and Aces going up while dealing: each is data in ``Rules``, read by
the one engine (docs/rules.md has each game).
"""

from __future__ import annotations

import pytest

from cloverleaf import IllegalMoveError, deal, find_game, format_position, legal_moves, parse_move, parse_position, play
from cloverleaf.cards import parse_card
from cloverleaf.engine import auto_move_is_safe, click_destination, draw_destination, foundation_sweep, move_to, redeal
from cloverleaf.errors import InvalidInputError
from cloverleaf.position import CELL, FOUNDATION, Move

from .helpers import fans_text, position


def legal(game: str, text: str) -> list[str]:
    rules, pos = position(game, text)
    return [str(move) for move in legal_moves(rules, pos)]


def refusal(game: str, text: str, move: str) -> IllegalMoveError:
    rules, pos = position(game, text)
    with pytest.raises(IllegalMoveError) as caught:
        play(rules, pos, parse_move(move))
    return caught.value


def after(game: str, text: str, *moves: str) -> str:
    rules, pos = position(game, text)
    for move in moves:
        pos = play(rules, pos, parse_move(move))
    return format_position(rules, pos)


# -- Free Fan: two free cells, runs in suit as the free cells allow, Kings into empty fans ----------

# Every suit up to its 8 but spades (up to 4): the spades 5 to K and the 9s to Ks are in play.
FREE = "Foundations: 8C 4S 8H 8D\nCells: - -\n" + fans_text(
    "9C 7S 6S 5S", "KC QC JC TC", "8S", "KS QS JS", "TS 9S", "KH QH JH TH 9H", "KD QD JD TD 9D", total=18
)


def test_a_free_cell_takes_any_top_card_and_gives_it_back() -> None:
    moves = legal("free-fan", FREE)
    assert "5S>cell" in moves and "TC>cell" in moves
    text = after("free-fan", FREE, "5S>cell", "6S>cell")
    assert "Cells: 5S 6S" in text
    assert "7S>cell" not in legal("free-fan", text)  # both cells hold a card
    assert refusal("free-fan", text, "7S>cell").reason == "cells"
    back = after("free-fan", text, "6S>1")  # 6S from its cell onto 7S
    assert "Cells: 5S -" in back  # a cell keeps its place: the other card stays where it was
    assert "5S>1" in legal("free-fan", back)
    assert refusal("free-fan", back, "5S>cell").reason == "rules"  # from one cell to another: never


def test_a_run_in_suit_moves_as_far_as_the_free_cells_allow() -> None:
    # 7S 6S 5S on fan 1 is a run of three: with two free cells it moves onto 8S at once
    assert "7S>3" in legal("free-fan", FREE)
    text = after("free-fan", FREE, "7S>3")
    assert text.splitlines()[2:5] == ["9C", "KC QC JC TC", "8S 7S 6S 5S"]
    # with one cell taken only two cards move together: the run of three is refused, saying why
    taken = after("free-fan", FREE, "TC>cell")
    assert "7S>3" not in legal("free-fan", taken)
    error = refusal("free-fan", taken, "7S>3")
    assert error.reason == "run" and "1 is free" in str(error)
    assert "6S>3" not in legal("free-fan", taken)  # 6S onto 8S: not one rank down


def test_a_run_that_is_not_in_sequence_does_not_move() -> None:
    error = refusal("free-fan", FREE, "9C>5")
    assert error.reason == "covered"
    assert "no run" in str(error)


def test_only_a_king_or_a_run_headed_by_a_king_fills_an_empty_fan_in_free_fan() -> None:
    moves = legal("free-fan", FREE)
    assert "KS>8" in moves  # KS QS JS: three cards, with two free cells
    assert after("free-fan", FREE, "KS>8").splitlines()[9] == "KS QS JS"
    assert "QS>8" not in moves and "TS>8" not in moves
    assert refusal("free-fan", FREE, "TS>8").reason == "empty"  # TS 9S: a run, but headed by no King
    assert refusal("free-fan", FREE, "KH>8").reason == "run"  # five cards: two more than two free cells allow
    assert refusal("free-fan", after("free-fan", FREE, "5S>cell"), "KS>8").reason == "run"


def test_a_card_in_a_free_cell_goes_up_by_auto_move() -> None:
    rules = find_game("free-fan")
    _, pos = position("free-fan", "Foundations: 8C 4S 8H 8D\nCells: 9D -\n" + fans_text(
        "9C 7S 6S 5S", "KC QC JC TC", "8S", "KS QS JS TS", "9S", "KH QH JH TH 9H", "KD QD JD TD", total=18
    ))
    moves, end = foundation_sweep(rules, pos)
    assert "9D>F" in [str(m) for m in moves]
    assert end.cells[0] == -1


# -- Three Shuffles and a Draw: the card under a top card, once a game --------------------------

# Clubs, spades and diamonds up to their 8, hearts to the 4.
DRAW = "Foundations: 8C 8S 4H 8D\n" + fans_text(
    "KC 9C QH", "TH 7H JC", "KH 8H", "5H 6H", "QC TC KS", "QS JS TS 9S", "KD QD JD TD 9D", "JH 9H", total=18
)


def test_the_draw_takes_the_card_under_a_top_card_to_the_first_place_that_takes_it() -> None:
    rules, pos = position("three-shuffles-and-a-draw", DRAW)
    # its foundation before any fan; then the first fan whose top takes it
    assert draw_destination(rules, pos, parse_card("9C")) == FOUNDATION
    assert draw_destination(rules, pos, parse_card("5H")) == FOUNDATION
    assert draw_destination(rules, pos, parse_card("7H")) == 2  # onto 8H, fan 3
    assert draw_destination(rules, pos, parse_card("TC")) == 1  # onto JC, fan 2
    assert draw_destination(rules, pos, parse_card("JH")) == 0  # onto QH, fan 1
    assert draw_destination(rules, pos, parse_card("TS")) is None  # nothing takes it
    assert draw_destination(rules, pos, parse_card("KC")) is None  # not right under a top card
    draws = [str(move) for move in legal_moves(rules, pos) if move.draw]
    assert draws == ["draw:9C>F", "draw:7H>3", "draw:5H>F", "draw:TC>2", "draw:JH>1"]
    drawn = play(rules, pos, parse_move("draw:9C>F"))
    assert drawn.fans[0] == (parse_card("KC"), parse_card("QH"))
    assert drawn.foundations[0] == 9 and drawn.draws_left == 0
    assert "Draws: 0" in format_position(rules, drawn)
    assert parse_position(rules, format_position(rules, drawn)) == drawn
    # once a game: no other draw is offered, and one asked for is refused
    assert not [move for move in legal_moves(rules, drawn) if move.draw]
    assert "used up" in str(refusal("three-shuffles-and-a-draw", format_position(rules, drawn), "draw:7H>3"))


def test_a_drawn_card_goes_where_the_draw_sends_it_and_nowhere_else() -> None:
    error = refusal("three-shuffles-and-a-draw", DRAW, "draw:7H>F")
    assert "first place" in str(error) and "fan 3" in str(error)
    assert "not right under" not in str(refusal("three-shuffles-and-a-draw", DRAW, "draw:TS>F"))
    assert "only the card right under" in str(refusal("three-shuffles-and-a-draw", DRAW, "draw:KC>F"))


def test_a_move_of_the_card_under_a_top_card_is_a_draw_where_the_game_has_one() -> None:
    rules, pos = position("three-shuffles-and-a-draw", DRAW)
    assert move_to(rules, pos, parse_card("9C"), FOUNDATION) == Move(parse_card("9C"), FOUNDATION, True)
    assert move_to(rules, pos, parse_card("QH"), 3) == Move(parse_card("QH"), 3)
    assert click_destination(rules, pos, parse_card("7H")) == 2
    error = refusal("three-shuffles-and-a-draw", DRAW, "9C>F")
    assert error.reason == "covered" and "draw:9C>F" in str(error)


def test_the_draw_is_kept_through_a_redeal() -> None:
    rules = find_game("three-shuffles-and-a-draw")
    dealt = deal(rules, 617)
    again = redeal(rules, dealt)
    assert again.draws_left == 1 and again.redeals_left == 1


def test_draws_are_written_with_their_mark_and_read_with_a_colon_or_a_space() -> None:
    move = Move(parse_card("5C"), FOUNDATION, True)
    assert str(move) == "draw:5C>F"
    assert parse_move("draw:5C>F") == parse_move("draw 5c > f") == move
    assert parse_move("5C>cell") == Move(parse_card("5C"), CELL)
    with pytest.raises(InvalidInputError):
        parse_move("draw:5C>cell")


# -- Scotch Patience: down by rank in any suit; foundations in alternate colours ----------------

# Each foundation holds its Ace to an 8, the colours alternating: a red 8 on the black Aces, a black 8
# on the red ones. The 9s to Ks are in play.
SCOTCH = "Foundations: 8H 8D 8C 8S\n" + fans_text(
    "KC QH 9S", "TD", "9D JS", "KD TC", "QC JD 9H", "KS QS TH", "JC TS 9C", "KH QD JH", total=18
)


def test_scotch_foundations_build_up_in_alternate_colours_whatever_the_suit() -> None:
    rules, pos = position("scotch-patience", SCOTCH)
    moves = [str(move) for move in legal_moves(rules, pos)]
    assert {"9S>F", "9H>F", "9C>F"} <= set(moves)  # a black 9 on either red 8, a red 9 on a black 8
    up = play(rules, pos, parse_move("9S>F"))
    assert up.tops[0] == parse_card("9S") and up.foundations == (9, 8, 8, 8)  # the lower-numbered one
    assert format_position(rules, up).startswith("Foundations: 9S 8D 8C 8S")
    up = play(rules, up, parse_move("9C>F"))
    assert up.tops[:2] == (parse_card("9S"), parse_card("9C"))  # the other one takes the other black 9
    assert "TD>F" in [str(move) for move in legal_moves(rules, up)]  # a red 10 on a black 9
    assert parse_position(rules, format_position(rules, up)) == up
    error = refusal("scotch-patience", SCOTCH, "TC>F")
    assert error.reason == "foundation" and "9C or 9S" in str(error)


def test_scotch_fans_build_down_by_rank_in_any_suit_and_empty_fans_stay_empty() -> None:
    moves = legal("scotch-patience", SCOTCH)
    assert {"9S>2", "9S>4", "9S>6", "TC>3", "TC>8"} <= set(moves)
    assert not [move for move in moves if move.endswith((">9", ">18"))]  # nothing fills an empty fan
    assert refusal("scotch-patience", SCOTCH, "9S>3").reason == "build"  # onto a Jack: not one rank down


def test_a_scotch_foundation_line_names_each_foundation_in_order_and_a_possible_top() -> None:
    rules = find_game("scotch-patience")
    with pytest.raises(InvalidInputError, match="cannot top the clubs foundation"):
        parse_position(rules, SCOTCH.replace("8H 8D 8C 8S", "8C 8D 8H 8S"))
    with pytest.raises(InvalidInputError, match="appears twice"):
        parse_position(rules, SCOTCH.replace("KC QH 9S", "KC QH 9S 8D"))
    assert parse_position(rules, SCOTCH.replace("8H 8D 8C 8S", "8D 8H 8S 8C")).tops[0] == parse_card("8D")


# -- Box Fan, Troika, Quads, Lucky Piles: the other builds and empty fans ------------------------


def test_box_fan_builds_down_in_alternate_colours_and_fills_empty_fans_with_kings() -> None:
    rules = find_game("box-fan")
    pos = deal(rules, 1)
    assert pos.foundations == (1, 1, 1, 1)
    for move in legal_moves(rules, pos):
        if move.dest >= 0:
            card, target = move.card, pos.fans[move.dest][-1] if pos.fans[move.dest] else None
            assert target is not None and target % 13 == card % 13 + 1 and target // 26 != card // 26


def test_troika_puts_a_card_on_one_of_the_same_rank_three_at_most() -> None:
    text = "Foundations: TC TS TH TD\n" + fans_text("JC QH", "QD", "JS QS QC", "KH KC", "JH JD", "KS KD", total=18)
    moves = legal("troika", text)
    assert {"QH>2", "QC>1", "QC>2", "JD>F"} <= set(moves)
    assert refusal("troika", text, "QH>3").reason == "full"  # three cards already
    assert refusal("troika", text, "QH>7").reason == "empty"  # empty fans take nothing
    assert refusal("troika", text, "QH>4").reason == "build"


def test_quads_moves_cards_of_one_rank_together_and_any_card_fills_an_empty_fan() -> None:
    text = "Foundations: TC TS TH TD\n" + fans_text("JC QH QD", "JS KD QS", "KC QC", "KH KS", "JH JD", total=13)
    moves = legal("quads", text)
    assert {"QH>3", "QH>6", "QD>2", "QD>3", "JD>F"} <= set(moves)
    assert refusal("quads", text, "QH>2").reason == "full"  # QH QD onto three cards: five
    assert after("quads", text, "QH>3").splitlines()[1:4] == ["JC", "JS KD QS", "KC QC QH QD"]
    assert after("quads", text, "KH>6").splitlines()[4:7] == ["-", "JH JD", "KH KS"]


def test_quads_deals_its_aces_up_and_quads_plus_deals_them_first() -> None:
    quads, plus = find_game("quads"), find_game("quads-plus")
    dealt = deal(quads, 5)
    assert sum(len(fan) for fan in dealt.fans) + sum(dealt.foundations) == 52
    assert all(card % 13 != 0 for fan in dealt.fans for card in fan)
    first = deal(plus, 5)
    assert first.foundations == (1, 1, 1, 1) and first.fans[-1] == ()


def test_lucky_piles_builds_up_or_down_in_suit_and_fills_empty_fans_with_kings() -> None:
    text = "Foundations: 9C 9S 9H 8D\n" + fans_text(
        "TC JC", "QC", "KC 9D", "TS", "KS QS JS", "KH QH JH TH", "KD QD JD TD", total=13
    )
    moves = legal("lucky-piles", text)
    assert {"JC>2", "QC>1", "9D>F", "TS>F", "TS>5"} <= set(moves)
    assert refusal("lucky-piles", text, "TS>8").reason == "empty"
    assert refusal("lucky-piles", text, "KC>8").reason == "covered"


# -- auto move where fans do not build in suit -----------------------------------------------


def test_auto_move_sends_a_card_up_only_once_nothing_could_be_placed_on_it() -> None:
    rules, pos = position("scotch-patience", SCOTCH)
    assert auto_move_is_safe(rules, pos, parse_card("9S"))  # every 8 is up: nothing goes on a 9 any more
    up = play(rules, pos, parse_move("9S>F"))
    assert not auto_move_is_safe(rules, up, parse_card("TD"))  # 9H and 9C could still go on it
    box = find_game("box-fan")
    dealt = deal(box, 1)
    assert auto_move_is_safe(box, dealt, parse_card("2C"))  # the red Aces that could go on it are up
    troika = find_game("troika")
    assert not auto_move_is_safe(troika, deal(troika, 1), parse_card("2C"))  # other 2s could go on it
