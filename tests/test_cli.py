"""The command line: output, exit statuses, and one clear line for bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cloverleaf.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *args: str, stdin: str = "") -> tuple[int, str, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_catalogue(capsys) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [
        "clover-leaf", "clover-leaf-warfield", "alexander-the-great", "shamrocks", "shamrocks-ii",
        "trefoil", "la-belle-lucie", "fan", "scotch-patience", "super-flower-garden", "three-shuffles-and-a-draw",
        "free-fan", "box-fan", "troika", "quads", "quads-plus", "lucky-piles",
    ]


def test_deal_prints_the_position_text(capsys) -> None:
    code, out, _ = run(capsys, "deal", "clover-leaf", "1")
    assert code == 0
    assert out.splitlines()[:2] == ["Foundations: AC AS KH KD", "JD 9D 8H"]


def test_moves_reads_standard_input_and_prints_json(capsys) -> None:
    _, position, _ = run(capsys, "deal", "clover-leaf", "1")
    code, out, _ = run(capsys, "moves", "clover-leaf", "-", "--json", stdin=position)
    assert code == 0
    assert json.loads(out)[:3] == ["2C>F", "7D>5", "7D>7"]
    code, out, _ = run(capsys, "moves", "clover-leaf", stdin=position)
    assert out.splitlines()[0] == "2C>F"


def test_play_applies_moves_in_order(capsys, tmp_path) -> None:
    _, position, _ = run(capsys, "deal", "clover-leaf", "1")
    (tmp_path / "p.txt").write_text(position)
    code, out, _ = run(capsys, "play", "clover-leaf", str(tmp_path / "p.txt"), "2C>F", "QD>F", "2D>10")
    assert code == 0
    assert "Foundations: 2C AS KH QD" in out
    assert "9S 4H 3D 2D" in out


def test_an_illegal_move_stops_with_status_1_and_says_why(capsys) -> None:
    _, position, _ = run(capsys, "deal", "clover-leaf", "1")
    code, out, err = run(capsys, "play", "clover-leaf", "-", "2C>F", "8H>F", stdin=position)
    assert code == 1
    assert out == ""
    assert err.strip() == "cloverleaf: move 2: illegal move 8H>F: the foundation takes QH next, not 8H"


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["deal", "klondike", "1"], "", "unknown game 'klondike'"),
        (["deal", "fan", "x1"], "", "bad deal number"),
        (["moves", "clover-leaf"], "AC ZZ\n", "unknown card 'ZZ'"),
        (["moves", "clover-leaf"], "JD 9D\n", "has 16 fans"),
        (["moves", "clover-leaf", "/no/such/file"], "", "cannot read '/no/such/file'"),
        (["play", "clover-leaf", "-", "8H"], "", "bad move '8H'"),
        (["frobnicate"], "", "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, args: list[str], stdin: str, message: str) -> None:
    code, _, err = run(capsys, *args, stdin=stdin)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_python_dash_m_runs_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cloverleaf", "deal", "fan", "617"],
        capture_output=True, text=True, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
    )
    assert result.stdout.splitlines()[1] == "7D QC 9C"
