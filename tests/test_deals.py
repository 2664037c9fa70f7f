"""Deal numbers reproduce PySolFC's deals exactly, and bad numbers are refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cloverleaf import CATALOGUE, InvalidInputError, deal, find_game, parse_deal_number, parse_position
from cloverleaf.cards import card_str, rank_of

VECTORS = Path(__file__).parent / "data" / "deal_vectors.txt"


def vector_cases() -> list[tuple[str, int, str]]:
    text = VECTORS.read_text()
    found = re.findall(r"^\[(\S+) (\d+)\]\n(.*?)(?=^\[|\Z)", text, re.S | re.M)
    return [(game, int(number), body) for game, number, body in found]


def test_every_vector_of_deals_md_is_present() -> None:
    """Deals 1, 617 and 100000 of the first six games; seven numbers, both generators and the
    largest, of each of the nine games added from PySolFC's open one-deck fan games."""
    cases = vector_cases()
    assert len(cases) == 18 + 9 * 7
    assert {game for game, _number, _body in cases} >= {
        rules.id for rules in CATALOGUE if rules.pysol_id is not None and rules.id != "shamrocks"
    }


@pytest.mark.parametrize(("game", "number", "body"), vector_cases(), ids=lambda v: str(v)[:20])
def test_deal_matches_pysolfc(game: str, number: int, body: str) -> None:
    rules = find_game(game)
    expected = parse_position(rules, body)
    dealt = deal(rules, number)
    assert dealt.fans == expected.fans
    assert dealt.foundations == expected.foundations
    assert (dealt.cells, dealt.draws_left, dealt.tops) == (expected.cells, expected.draws_left, expected.tops)


@pytest.mark.parametrize("rules", CATALOGUE, ids=lambda r: r.id)
def test_deal_has_the_games_shape(rules) -> None:
    for number in (1, 31999, 32000, 10**20):
        dealt = deal(rules, number)
        cards = sorted(card for fan in dealt.fans for card in fan)
        if rules.aces_up_while_dealing:
            # each Ace met leaves its fan one card short and lies on its foundation
            aces = [card for card in range(52) if rank_of(card) == 0 and card not in cards]
            assert dealt.foundations == tuple(int(13 * suit in aces) for suit in range(4))
            assert sum(rules.fan_sizes) - sum(len(fan) for fan in dealt.fans) == len(aces)
            assert all(len(fan) <= size for fan, size in zip(dealt.fans, rules.fan_sizes, strict=True))
            cards += aces
        else:
            assert tuple(len(fan) for fan in dealt.fans) == rules.fan_sizes
            assert dealt.foundations == rules.start_foundations()
        assert dealt.redeals_left == rules.redeals
        assert dealt.draws_left == rules.draws
        assert dealt.cells == (-1,) * rules.free_cells
        on_foundations = [rules.foundation_base(s) for s in range(4)] if rules.bases_dealt else []
        assert sorted(cards + on_foundations) == list(range(52))


def test_warfield_puts_red_aces_and_black_kings_on_the_foundations() -> None:
    rules = find_game("clover-leaf-warfield")
    dealt = deal(rules, 1)
    assert [card_str(rules.foundation_base(s)) for s in range(4)] == ["KC", "KS", "AH", "AD"]
    in_fans = {card_str(c) for fan in dealt.fans for c in fan}
    assert not in_fans & {"KC", "KS", "AH", "AD"}


def test_shamrocks_deals_the_cards_as_they_fall_like_la_belle_lucie() -> None:
    """PySolFC deals its Shamrocks (57) as Fan and La Belle Lucie, with no hook."""
    shamrocks, lucie = find_game("shamrocks"), find_game("la-belle-lucie")
    for number in (1, 617, 31999, 32000, 100000):
        assert deal(shamrocks, number).fans == deal(lucie, number).fans


def test_shamrocks_ii_kings_lie_under_every_other_card_of_their_fan() -> None:
    rules = find_game("shamrocks-ii")
    for number in range(1, 200):
        for fan in deal(rules, number).fans:
            kings = [i for i, card in enumerate(fan) if rank_of(card) == 12]
            assert kings == list(range(len(kings))), (number, fan)


def test_same_number_same_deal_and_numbers_differ() -> None:
    rules = find_game("clover-leaf")
    assert deal(rules, 123) == deal(rules, "123")
    assert deal(rules, 123).fans != deal(rules, 124).fans


@pytest.mark.parametrize(
    "text",
    ["0", "-1", "abc", "1.5", "", "100000000000000000001", "١٢", "³", "1" * 4301, "9" * 100_000, None, True, 0, 10**21],
    ids=lambda value: repr(value)[:24],
)
def test_bad_deal_numbers_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(InvalidInputError, match="deal"):
        parse_deal_number(text)


def test_deal_numbers_beyond_javascript_precision_work() -> None:
    assert parse_deal_number("99999999999999999999") == 99999999999999999999


def test_a_deal_number_of_thousands_of_digits_is_refused_with_a_short_message() -> None:
    """Python's int() refuses more than 4,300 digits with a bare ValueError; the parser checks first."""
    with pytest.raises(InvalidInputError, match=r"bad deal number '1{60}'… \(5000 characters\): too large") as caught:
        parse_deal_number("1" * 5000)
    assert len(str(caught.value)) < 200
    assert parse_deal_number("0" * 5000 + "7") == 7
