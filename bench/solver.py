"""Solver bench: every game's deals with one fixed node budget, as a table.

    PYTHONPATH=py python3 bench/solver.py                     # deals 1-1000 of every game
    PYTHONPATH=py python3 bench/solver.py --deals 1-100 --games clover-leaf,fan
    PYTHONPATH=py python3 bench/solver.py --games fan --verdicts /tmp/fan.jsonl   # every deal's verdict too

Prints, per game: the budget, decided share, solved / lost / undecided counts,
median, 95th percentile and worst time, median nodes and nodes per second on
this Python; then the undecided deals with their node counts. Saves the results
to ``bench/results/solver-FIRST-LAST.json`` and prints the ratios against the
results saved there before (time ratios below 1 and decided ratios above 1 are
improvements).

The core, :func:`bench_deals`, runs in one process and needs nothing but the
``cloverleaf`` package, so the page can call it inside Pyodide to measure the
browser's nodes per second with the same code.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cloverleaf.deals import deal
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.solver import Search, solve_budget

RESULTS = Path(__file__).resolve().parent / "results"


def bench_deal(game: str, number: int, budget: int | None = None) -> dict[str, Any]:
    """Solve one deal; its verdict, nodes and seconds."""
    rules = find_game(game)
    position = deal(rules, number)
    started = time.perf_counter()
    search = Search(rules, position)
    verdict = search.run(budget or solve_budget(rules))
    seconds = time.perf_counter() - started
    return {"game": game, "deal": number, "verdict": verdict, "nodes": search.nodes, "seconds": seconds}


def bench_deals(game: str, numbers: Iterable[int], budget: int | None = None) -> list[dict[str, Any]]:
    """:func:`bench_deal` for each number, in this process (the entry point for Pyodide)."""
    return [bench_deal(game, number, budget) for number in numbers]


def _bench_task(task: tuple[str, int, int | None]) -> dict[str, Any]:
    return bench_deal(*task)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def summarise(game: str, runs: list[dict[str, Any]], budget: int) -> dict[str, Any]:
    seconds = [run["seconds"] for run in runs]
    nodes = [run["nodes"] for run in runs]
    counts = {verdict: sum(1 for run in runs if run["verdict"] == verdict)
              for verdict in ("solved", "unsolvable", "unknown")}
    return {
        "game": game,
        "budget": budget,
        "deals": len(runs),
        "solved": counts["solved"],
        "lost": counts["unsolvable"],
        "unknown": counts["unknown"],
        "decided": (counts["solved"] + counts["unsolvable"]) / len(runs),
        "median_s": statistics.median(seconds),
        "p95_s": percentile(seconds, 0.95),
        "worst_s": max(seconds),
        "median_nodes": statistics.median(nodes),
        "p95_nodes": percentile([float(n) for n in nodes], 0.95),
        "nodes_per_s": sum(nodes) / max(sum(seconds), 1e-9),
        "undecided": [[run["deal"], run["nodes"]] for run in runs if run["verdict"] == "unknown"],
    }


def run_bench(
    games: list[str], first: int, last: int, budget: int | None = None, workers: int = 2,
    progress: bool = True, runs: list[dict[str, Any]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Bench the games over deals ``first``..``last``; the summary of each game.

    ``runs``, if given, receives every deal's result (:func:`bench_deal`).
    """
    tasks = [(game, number, budget) for game in games for number in range(first, last + 1)]
    if runs is None:
        runs = []
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            for run in pool.imap_unordered(_bench_task, tasks, chunksize=1):
                runs.append(run)
                if progress:
                    sys.stderr.write(f"\r{len(runs)}/{len(tasks)} deals")
    else:
        for task in tasks:
            runs.append(_bench_task(task))
            if progress:
                sys.stderr.write(f"\r{len(runs)}/{len(tasks)} deals")
    if progress:
        sys.stderr.write("\n")
    summaries = {}
    for game in games:
        mine = sorted((run for run in runs if run["game"] == game), key=lambda run: run["deal"])
        summaries[game] = summarise(game, mine, budget or solve_budget(find_game(game)))
    return summaries


def table(summaries: dict[str, dict[str, Any]]) -> str:
    head = (f"{'game':<22}{'budget':>9}{'decided':>9}{'solved':>8}{'lost':>6}{'unkn':>6}"
            f"{'median':>9}{'p95':>8}{'worst':>8}{'med.nodes':>10}{'p95 nodes':>10}{'nodes/s':>9}")
    lines = [head, "-" * len(head)]
    for s in summaries.values():
        lines.append(
            f"{s['game']:<22}{s['budget']:>9}{100 * s['decided']:>8.1f}%{s['solved']:>8}{s['lost']:>6}"
            f"{s['unknown']:>6}{s['median_s']:>8.3f}s{s['p95_s']:>7.2f}s{s['worst_s']:>7.2f}s"
            f"{s['median_nodes']:>10.0f}{s.get('p95_nodes', 0):>10.0f}{s['nodes_per_s']:>9.0f}"
        )
    return "\n".join(lines)


def ratios(now: dict[str, dict[str, Any]], before: dict[str, dict[str, Any]]) -> str:
    lines = ["ratios against the previous results (now / before):"]
    for game, s in now.items():
        old = before.get(game)
        if not old:
            continue
        parts = []
        for field in ("decided", "median_s", "p95_s", "nodes_per_s"):
            if old[field]:
                parts.append(f"{field} {s[field] / old[field]:.2f}")
        lines.append(f"  {game:<22}" + "  ".join(parts))
    return "\n".join(lines)


def _parse_range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    return int(first), int(last or first)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="1-1000", help="deal range, like 1-1000 (default) or 1-50")
    parser.add_argument("--games", default=",".join(rules.id for rules in CATALOGUE),
                        help="comma-separated game ids (default: all)")
    parser.add_argument("--budget", type=int, help="override every game's node budget")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--no-save", action="store_true", help="do not save the results")
    parser.add_argument("--verdicts", metavar="FILE",
                        help="also write every deal's game, number, verdict, nodes and seconds to FILE (JSON lines), "
                             "to compare verdicts between two versions of the solver")
    args = parser.parse_args(argv)
    first, last = _parse_range(args.deals)
    games = [find_game(game).id for game in args.games.split(",") if game.strip()]
    started = time.perf_counter()
    runs: list[dict[str, Any]] = []
    summaries = run_bench(games, first, last, args.budget, args.workers, runs=runs)
    if args.verdicts:
        Path(args.verdicts).write_text("".join(json.dumps(run) + "\n" for run in runs))
    print(f"CPython {platform.python_version()}, deals {first}-{last}, {args.workers} workers, "
          f"{time.perf_counter() - started:.0f} s")
    print(table(summaries))
    for s in summaries.values():
        if s["undecided"]:
            listed = ", ".join(f"{number} ({nodes} nodes)" for number, nodes in s["undecided"])
            print(f"undecided {s['game']}: {listed}")
    path = RESULTS / f"solver-{first}-{last}.json"
    before: dict[str, dict[str, Any]] = {}
    if path.exists():
        before = json.loads(path.read_text()).get("games", {})
        print(ratios(summaries, before))
    if not args.no_save:
        merged = dict(before)
        merged.update(summaries)
        RESULTS.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "deals": [first, last],
            "games": merged,
        }, indent=1) + "\n")
        print(f"saved {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
