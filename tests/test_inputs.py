"""The shared primitives for outside input: quoting, bounded numbers, dates, strict JSON, bounded reads."""

from __future__ import annotations

import datetime
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import InvalidInputError
from cloverleaf.inputs import (
    QUOTE_LIMIT,
    json_depth,
    json_int,
    json_number,
    parse_iso_date,
    parse_json,
    parse_whole_number,
    quote,
    read_limited,
)


def test_quote_cuts_long_text_and_tells_its_length() -> None:
    assert quote("5C>F") == "'5C>F'"
    shown = quote("9" * 10_000_000)
    assert shown.startswith("'" + "9" * QUOTE_LIMIT + "'…")
    assert "10000000 characters" in shown
    assert len(shown) < 100


def test_quote_names_json_shapes_instead_of_printing_them() -> None:
    assert quote([1] * 1_000_000) == "a list"
    assert quote({"a": 1}) == "an object"
    assert quote(True) == "true" and quote(None) == "null"
    assert quote(10**5000) == "a number too large to write here"


@settings(max_examples=50)
@given(st.text(max_size=500))
def test_quote_is_always_short(text: str) -> None:
    assert len(quote(text)) <= 4 * QUOTE_LIMIT + 40


@pytest.mark.parametrize("text", ["³", "٣", "1_000", "+5", "-5", "", " ", "5 5", "1e3", "0x10"])
def test_whole_numbers_are_ascii_digits_only(text: str) -> None:
    with pytest.raises(InvalidInputError, match="bad fan"):
        parse_whole_number(text, what="fan", low=0, high=99)


def test_whole_numbers_over_the_digit_limit_are_refused_before_int_runs() -> None:
    with pytest.raises(InvalidInputError, match=r"too large.*5000 characters|5000 characters.*too large"):
        parse_whole_number("7" * 5000, what="deal", low=1, high=10**20)
    assert parse_whole_number("0" * 5000 + "42", what="deal", low=1, high=10**20) == 42
    assert parse_whole_number(" 99 ", what="fan", low=1, high=99) == 99
    with pytest.raises(InvalidInputError):
        parse_whole_number("100", what="fan", low=1, high=99)
    with pytest.raises(InvalidInputError):
        parse_whole_number(7, what="fan", low=1, high=99)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["20261129", "2026-W48-7", "2026-11-31", "２０２６-11-29", "2026-11-29T00:00", 20261129]
)
def test_dates_are_exactly_year_month_day(text: object) -> None:
    with pytest.raises(InvalidInputError, match="bad date"):
        parse_iso_date(text)


def test_a_date_reads_back() -> None:
    assert parse_iso_date(" 2026-11-29\n") == datetime.date(2026, 11, 29)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[NaN]", "NaN is not a number"),
        ('{"a": Infinity}', "Infinity is not a number"),
        ("[-Infinity]", "Infinity is not a number"),
        ("[1e999]", "too large"),
        ("[" + "9" * 41 + "]", "too large"),
        ("[" + "9" * 5000 + "]", "too large"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ("[" * 5 + "]" * 5, "deeper than 4"),
        ("[" * 999, "deeper than 4"),
        ("{'a': 1}", "not valid JSON"),
        ("x" * 2000, "too large: at most 1000 bytes"),
        ("é" * 600, "too large: at most 1000 bytes"),
    ],
    ids=lambda value: value[:20],
)
def test_strict_json_refuses_what_is_not_plain_bounded_json(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        parse_json(text, what="the text", max_bytes=1000, max_depth=4)


def test_strict_json_reads_plain_json_and_brackets_inside_strings_do_not_count() -> None:
    text = '{"a": [1, 2.5, "[[[[[[", {"b": null}], "c": true}'
    assert parse_json(text, what="t", max_bytes=1000, max_depth=3) == json.loads(text)
    assert json_depth(r'["\"[[[[", "\\", [[]]]', stop_at=10) == 3


@pytest.mark.parametrize(
    "text",
    ['"' + '\\"' * 130_000, '"\\' * 100_000, '"' * 260_000, '"' + '[' * 260_000],
    ids=["escaped quotes", "backslashes", "quotes", "brackets in an unclosed string"],
)
def test_the_depth_scan_skips_strings_whole_even_unclosed(text: str) -> None:
    """An unclosed string is skipped to the end in one step: a scan that retried at each quote took minutes here."""
    assert json_depth(text, stop_at=10) <= 1
    with pytest.raises(InvalidInputError):
        parse_json(text, what="the save", max_bytes=300_000, max_depth=2)


def test_strict_json_refuses_a_non_string() -> None:
    with pytest.raises(InvalidInputError, match="must be text"):
        parse_json(None, what="the save", max_bytes=10, max_depth=2)


@settings(max_examples=50)
@given(st.text(max_size=200))
def test_strict_json_either_reads_or_refuses_any_text(text: str) -> None:
    try:
        value = parse_json(text, what="t", max_bytes=150, max_depth=3)
    except InvalidInputError as error:
        assert len(str(error)) < 200
    else:
        json.dumps(value, allow_nan=False)


def test_json_integers_are_never_booleans_or_floats() -> None:
    assert json_int(3, what="n", low=0, high=5) == 3
    for value in (True, 2.0, "3", None, [3], 6):
        with pytest.raises(InvalidInputError):
            json_int(value, what="n", low=0, high=5)
    assert json_number(2.5, what="t", low=0, high=10) == 2.5
    for value in (True, float("nan"), float("inf"), "2", -1):
        with pytest.raises(InvalidInputError):
            json_number(value, what="t", low=0, high=10)


class _Endless(io.RawIOBase):
    """A stream like /dev/zero: every read is answered in full, for ever."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        buffer[:] = b"\0" * len(buffer)
        return len(buffer)


def test_bounded_reads_never_read_past_the_limit() -> None:
    with pytest.raises(InvalidInputError, match="too large: at most 100 bytes"):
        read_limited(io.BufferedReader(_Endless()), what="the stream", max_bytes=100)
    assert read_limited(io.BytesIO(b"\xef\xbb\xbfAC"), what="s", max_bytes=100) == "AC"
    assert read_limited(io.StringIO("\ufeffAC"), what="s", max_bytes=100) == "AC"
    with pytest.raises(InvalidInputError, match="not UTF-8 text"):
        read_limited(io.BytesIO(b"AC\xff"), what="s", max_bytes=100)
    with pytest.raises(InvalidInputError, match="closed"):
        read_limited(None, what="standard input", max_bytes=100)
