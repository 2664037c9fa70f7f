"""The solver's commands: solve, stats, daily; bad input is exit status 2 with one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cloverleaf.cli import main
from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.notation import format_position


def test_solve_prints_the_verdict_nodes_and_one_move_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = find_game("clover-leaf")
    path = tmp_path / "deal3.txt"
    path.write_text(format_position(rules, deal(rules, 3)))
    assert main(["solve", "clover-leaf", str(path), "--budget", "20000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("solved (")
    assert all(">" in line for line in lines[1:])


def test_solve_json_has_verdict_solution_and_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "alexander-the-great", "--deal", "4", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "lost"
    assert answer["solution"] == []
    assert answer["nodes"] >= 1


def test_solve_reads_standard_input() -> None:
    rules = find_game("fan")
    root = Path(__file__).resolve().parents[1]
    answer = subprocess.run(
        [sys.executable, "-m", "cloverleaf", "solve", "fan", "-", "--json"],
        input=format_position(rules, deal(rules, 3)),
        capture_output=True, text=True, check=True, cwd=root,
        env={**os.environ, "PYTHONPATH": str(root / "py")},
    )
    assert json.loads(answer.stdout)["verdict"] == "solved"


def test_solve_out_of_budget_is_a_verdict_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "clover-leaf-warfield", "--deal", "3", "--budget", "50"]) == 0
    assert capsys.readouterr().out.strip() == "unknown (50 nodes)"


@pytest.mark.parametrize("argv", [
    ["solve", "no-such-game", "--deal", "1"],
    ["solve", "clover-leaf", "/no/such/file"],
    ["solve", "clover-leaf", "--deal", "zero"],
    ["solve", "clover-leaf", "--deal", "1", "--budget", "-5"],
    ["stats", "clover-leaf", "5", "1"],
    ["stats", "clover-leaf", "x", "2"],
    ["daily", "clover-leaf", "29/11/2026"],
    ["daily", "nope"],
])
def test_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        status = main(argv)
        raise SystemExit(status)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_solve_bad_position_text_names_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("AC 2C XX\n")
    assert main(["solve", "clover-leaf", str(path)]) == 2
    assert capsys.readouterr().err.startswith("cloverleaf: line 1: unknown card 'XX'")


def test_stats_counts_verdicts_and_draws_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "alexander-the-great", "1", "6", "--budget", "20000"]) == 0
    captured = capsys.readouterr()
    assert "solved" in captured.out and "lost" in captured.out and "median" in captured.out
    assert "6/6" in captured.err


def test_daily_prints_a_deal_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "clover-leaf", "2026-11-29"]) == 0
    assert int(capsys.readouterr().out) >= 1
