"""The command line under hostile or unlucky input: exit 2 and one short line, never a traceback.

Huge numbers, random bytes, endless input and look-alike letters each get a
clear refusal; memory stays bounded (checked in a subprocess whose address
space is capped), and no message repeats more than a short prefix of the input.
"""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf import deal, find_game, format_position
from cloverleaf.cli import main
from cloverleaf.engine import play
from cloverleaf.notation import MAX_POSITION_BYTES
from cloverleaf.position import REDEAL

ROOT = Path(__file__).resolve().parents[1]
HUGE = "1" * 5000
SHORT_LINE = 240


def run(*args: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """Run the command line in this process, standard input given as bytes (as a real pipe gives them)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"), out, err
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def assert_refused(code: int, err: str, expected: str = "") -> None:
    assert code == 2, err[:300]
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err[:300]
    assert len(lines[0]) <= SHORT_LINE, lines[0][:300]
    assert lines[0].startswith("cloverleaf")
    assert expected in lines[0], lines[0]


def _position(game: str, number: int = 1) -> str:
    rules = find_game(game)
    return format_position(rules, deal(rules, number))


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["deal", "fan", HUGE], "", "bad deal number"),
        (["solve", "fan", "--deal", HUGE], "", "bad deal number"),
        (["stats", "fan", "1", HUGE], "", "bad deal number"),
        (["stats", "fan", HUGE, "1"], "", "bad deal number"),
        (["play", "fan", "-", "AC>" + HUGE], _position("fan"), "is not F or a fan number"),
        (["play", "fan", "-", "AC>³"], _position("fan"), "'³' is not F or a fan number"),
        (["moves", "la-belle-lucie"], f"Deal: {HUGE}\n" + _position("la-belle-lucie"), "Deal must be a whole number"),
        (["moves", "la-belle-lucie"], f"Redeals: {HUGE}\n" + _position("la-belle-lucie"), "Redeals must be"),
        (["solve", "fan", "--budget", HUGE], "", "bad budget"),
        (["daily", "fan", "20261129"], "", "bad date '20261129'"),
        (["daily", "fan", "2026-02-30"], "", "no such day"),
        (["deal", "x" * 100_000, "1"], "", "unknown game 'xxx"),
        (["x" * 100_000], "", "invalid choice"),
        (["games", *["x"] * 5000], "", "unrecognized arguments"),
        (["moves", "fan"], "A" * 10_000_000, "standard input is too large"),
        (["moves", "fan"], "A" * 60_000, "unknown card 'AAAA"),
        (["moves", "fan"], _position("fan").replace("AS", "ſ"), "is not plain ASCII text"),
        (["moves", "fan"], _position("fan") + "Foundations: - - - -\n", "a second Foundations: line"),
        (["moves", "trefoil"], _position("trefoil") + "- \n-\n", "Trefoil has 16 fans before a redeal, got 18"),
        (["moves", "fan"], "\xff\xfe", "not UTF-8 text"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_bad_input_is_refused_in_one_short_line(args: list[str], stdin: str, expected: str) -> None:
    data = stdin.encode("latin-1") if stdin.startswith("\xff") else stdin.encode()
    code, out, err = run(*args, stdin=data)
    assert out == ""
    assert_refused(code, err, expected)


def test_a_byte_order_mark_is_accepted() -> None:
    code, out, err = run("moves", "fan", stdin=b"\xef\xbb\xbf" + _position("fan", 617).encode())
    assert (code, err) == (0, "")
    assert out.splitlines()


def test_a_position_after_a_trefoil_redeal_reads_back() -> None:
    rules = find_game("trefoil")
    text = format_position(rules, play(rules, deal(rules, 2), REDEAL))
    code, out, err = run("play", "trefoil", "-", stdin=text.encode())
    assert (code, out, err) == (0, text, "")


def test_a_position_file_too_large_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (MAX_POSITION_BYTES + 1))
    code, _, err = run("moves", "fan", str(big))
    assert_refused(code, err, f"too large: at most {MAX_POSITION_BYTES} bytes")


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400), st.sampled_from(["moves", "play", "solve"]))
def test_random_bytes_as_a_position_are_refused(data: bytes, command: str) -> None:
    code, out, err = run(command, "fan", "-", stdin=data)
    assert out == ""
    assert_refused(code, err)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="0123456789³٣ _-+.", min_size=1, max_size=30) | st.integers(4290, 6000).map(lambda n: "9" * n))
def test_any_deal_number_text_is_read_or_refused(number: str) -> None:
    code, out, err = run("deal", "fan", number)
    if code == 0:
        assert err == "" and out.startswith("Foundations:")
    else:
        assert_refused(code, err)


_WORDS = st.sampled_from(["fan", "trefoil", "1", "-", "AC>F", "redeal", "--json", HUGE, "ſ", "\udcff", "x" * 5000])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["games", "deal", "moves", "play"]), st.lists(_WORDS | st.text(max_size=8), max_size=4))
def test_any_command_line_is_answered_or_refused_in_one_short_line(command: str, words: list[str]) -> None:
    """Whatever the words (argv may hold undecodable bytes as surrogates), no traceback and no long line."""
    code, out, err = run(command, *words, stdin=_position("fan").encode())
    if code == 0:
        assert err == "" and out
    elif code == 1:
        assert err.startswith("cloverleaf: move ") and len(err.splitlines()) == 1
    else:
        assert_refused(code, err)


MEMORY_LIMIT = 200 * 1024 * 1024


def _run_capped(args: list[str], stdin_path: str) -> subprocess.CompletedProcess[str]:
    """``python -m cloverleaf args < stdin_path`` with its address space capped at 200 MB."""

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    with open(stdin_path, "rb") as stdin:
        return subprocess.run(
            [sys.executable, "-m", "cloverleaf", *args],
            stdin=stdin, capture_output=True, text=True, timeout=60, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT / "py")}, preexec_fn=cap_memory, check=False,
        )


@pytest.mark.parametrize(
    ("args", "stdin_path", "expected"),
    [
        (["moves", "fan"], "/dev/zero", "standard input is too large"),
        (["solve", "trefoil", "-"], "/dev/urandom", "standard input is too large"),
        (["play", "fan", "/dev/zero", "AC>F"], "/dev/null", "'/dev/zero' is too large"),
    ],
)
def test_endless_input_is_refused_within_a_memory_cap(args: list[str], stdin_path: str, expected: str) -> None:
    """Reading /dev/zero whole would exhaust any memory: at most the position limit is read."""
    result = _run_capped(args, stdin_path)
    assert result.stdout == ""
    assert_refused(result.returncode, result.stderr, expected)
