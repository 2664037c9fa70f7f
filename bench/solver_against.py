"""The solver's speed against an earlier commit's, deal by deal, measured side by side in the same minutes.

A refactor of the solver must keep its speed (and its nodes: the goldens
check those). Timed apart, two runs differ by the machine's drift, a quarter
within an hour here (see ``machine_speed.py``), more than the few per cent a
refactor may cost. So this bench times both at once: one process holds the
earlier commit's solver (a detached ``git worktree`` of it), one this tree's,
and each deal is searched by the two in turn, round after round, swapping who
goes first. Each search is timed in processor seconds within its process, so
a busy machine slows both alike; the figure that counts is the median of the
per-round ratios (this tree's time over the earlier's).

The deals are the slowest of each game in the 1-1000 bench
(``bench/results/solver-1-1000.json``, ``slowest``), searched with the game's
solve budget. Both searches must end with the same verdict and nodes: the
bench says so, and stops on a difference.

    PYTHONPATH=py python3 bench/solver_against.py --before 6348878
    PYTHONPATH=py python3 bench/solver_against.py --before HEAD~3 --games fan,trefoil --rounds 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOWEST = ROOT / "bench" / "results" / "solver-1-1000.json"

# The program each side runs: reads "game deal" lines, answers "verdict nodes seconds" lines.
_SIDE = """
import sys, time
from cloverleaf.deals import deal
from cloverleaf.games import find_game
from cloverleaf.solver.search import Search
for line in sys.stdin:
    game, number = line.split()
    rules = find_game(game)
    position = deal(rules, int(number))
    search = Search(rules, position)
    started = time.process_time()
    search.run(rules.solver.solve_budget)
    seconds = time.process_time() - started
    print(search.verdict.value, search.nodes, seconds, flush=True)
"""


class Side:
    """One solver in a process of its own, searching one deal per request."""

    def __init__(self, source: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SIDE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={"PYTHONPATH": str(source / "py"), "PATH": "/usr/bin:/bin"},
        )

    def search(self, game: str, number: int) -> tuple[str, int, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{game} {number}\n")
        self.process.stdin.flush()
        verdict, nodes, seconds = self.process.stdout.readline().split()
        return verdict, int(nodes), float(seconds)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def slowest_deals(games: list[str] | None, count: int) -> list[tuple[str, int]]:
    """The ``count`` slowest deals of each game in the saved 1-1000 bench."""
    saved = json.loads(SLOWEST.read_text())["games"]
    return [
        (game, number)
        for game, summary in saved.items()
        if games is None or game in games
        for number, _seconds, _verdict in summary["slowest"][:count]
    ]


def compare(before: Side, after: Side, deals: list[tuple[str, int]], rounds: int) -> list[dict[str, object]]:
    """Each deal searched ``rounds`` times by both sides in turn: the medians and the median ratio."""
    rows = []
    for game, number in deals:
        times: dict[str, list[float]] = {"before": [], "after": []}
        ratios = []
        for round_number in range(rounds):
            order = [("before", before), ("after", after)]
            if round_number % 2:
                order.reverse()
            answers = {}
            for name, side in order:
                answers[name] = side.search(game, number)
                times[name].append(answers[name][2])
            if answers["before"][:2] != answers["after"][:2]:
                raise SystemExit(f"{game} {number}: before {answers['before'][:2]}, after {answers['after'][:2]}")
            ratios.append(answers["after"][2] / answers["before"][2])
        rows.append({
            "game": game, "deal": number, "verdict": answers["after"][0], "nodes": answers["after"][1],
            "before_s": statistics.median(times["before"]), "after_s": statistics.median(times["after"]),
            "ratio": statistics.median(ratios),
        })
        row = rows[-1]
        print(f"{game:<22}{number:>6} {row['verdict']:<8}{row['nodes']:>8} nodes  "
              f"before {row['before_s']:.3f} s  after {row['after_s']:.3f} s  ratio {row['ratio']:.3f}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--games", help="comma-separated game ids (default: every game in the saved bench)")
    parser.add_argument("--deals", type=int, default=3, help="the slowest N deals of each game (default 3)")
    parser.add_argument("--rounds", type=int, default=5, help="searches of each deal by each side (default 5)")
    args = parser.parse_args(argv)
    deals = slowest_deals(args.games.split(",") if args.games else None, args.deals)
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), args.before],
                       check=True, capture_output=True)
        try:
            before, after = Side(tree), Side(ROOT)
            try:
                rows = compare(before, after, deals, args.rounds)
            finally:
                before.close()
                after.close()
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    ratios = [float(str(row["ratio"])) for row in rows]
    print(f"\n{len(rows)} deals, {args.rounds} rounds each: median ratio {statistics.median(ratios):.3f}, "
          f"worst {max(ratios):.3f} (after / before, processor seconds; below 1 is faster)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
