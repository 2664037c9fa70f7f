"""Solver bench: every game's deals with its solve budget, as a table, and every deal's verdict.

    PYTHONPATH=py python3 bench/solver.py                     # deals 1-1000 of every game
    PYTHONPATH=py python3 bench/solver.py --deals 1-100 --games clover-leaf,fan --no-save
    PYTHONPATH=py nice -n 19 python3 bench/solver.py --deals 1001-10000 --workers 1   # hours: in the background

Prints, per game: the budget, decided share, solved / lost / unknown counts,
median, 95th percentile and worst time (processor seconds, see
``cloverleaf.solver.survey``), median and p95 nodes and nodes per second on
this Python; then how the won deals spread over the difficulty levels (and
the thresholds that would split them in thirds); then the five slowest
deals of each game, and the undecided deals with their node counts. The
deals are searched by two processes side by side, which makes each search
some 30% slower on a two-core machine; the ten slowest deals of each game
(``--alone``) are then timed again one search at a time, as a player's
search runs, and those times (the median of three) are the ones in the
table and the list of slowest deals. After each game it times the
yardstick of ``machine_speed.py``, a fixed piece of plain Python, and prints
the times again in yardsticks: this machine's speed drifts by a quarter
within an hour and more from one day to the next, and a time in yardsticks
does not. Saves the summaries to ``bench/results/solver-FIRST-LAST.json`` and
prints the ratios against the summaries saved there before (time ratios
below 1 and decided ratios above 1 are improvements; the yardstick's ratio is
the machine's share of them).

Every deal's verdict goes to ``bench/results/solver-verdicts-FIRST-LAST.txt``,
one letter a deal (``s`` solved, ``l`` lost, ``u`` unknown), a line per game and
hundred deals, so that the solvability of each game is public and a later
solver can be compared deal by deal: the bench prints the verdicts that changed
against the file saved before, and calls out any deal that went from solved to
lost or back, which only a wrong proof can cause. Games are saved one by one,
so a long run that is stopped keeps the games it finished, and runs of
different games over the same range may go on side by side.

Beside it, every deal's nodes go to ``bench/results/solver-nodes-FIRST-LAST.txt``,
in the same lines (the nodes of each deal, separated by spaces): the node
counts are promises to players (the difficulty levels, the solvable-deal walks,
the deal of the day), so a change of the search that keeps every verdict but
not every node count shows there too.
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
from pathlib import Path
from typing import Any

from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.solver.survey import summarise, survey_deal
from machine_speed import yardstick

RESULTS = Path(__file__).resolve().parent / "results"
LETTERS = {"solved": "s", "lost": "l", "unknown": "u"}
LINE = 100  # deals a line in the verdict file
RATIO_FIELDS = ("decided", "median_s", "p95_s", "worst_s", "worst_yardsticks", "median_nodes", "nodes_per_s",
                "yardstick_s")
ALONE_NOTE = "the slowest deals of each game (--alone) timed again one search at a time, median of 3"


def _bench_task(task: tuple[str, int, int | None]) -> dict[str, Any]:
    game, number, budget = task
    return survey_deal(find_game(game), number, budget)


def time_alone(records: list[dict[str, Any]], count: int, runs: int = 3) -> list[tuple[int, float, float, float]]:
    """Time the ``count`` slowest deals again, one search at a time in this process; the median of ``runs``.

    Two searches side by side on this two-core machine each take some 30%
    longer than one alone (Shamrocks deal 818: 2.0 s alone, 2.6 s beside
    another, in processor time), and a player's search runs alone. Each
    record's ``seconds`` becomes the median, and its ``yardsticks`` the
    median of each run's time over a yardstick timed just before it (the
    machine's speed drifts even between two games of one run). Returns
    ``(deal, seconds before, seconds alone, yardsticks)`` for each.
    """
    retimed = []
    for record in sorted(records, key=lambda record: -record["seconds"])[:count]:
        rules = find_game(record["game"])
        seconds, ratios = [], []
        for _ in range(runs):
            unit = yardstick(runs=1)
            seconds.append(survey_deal(rules, record["deal"], record.get("budget"))["seconds"])
            ratios.append(seconds[-1] / unit)
        retimed.append((record["deal"], record["seconds"], statistics.median(seconds), statistics.median(ratios)))
        record["seconds"] = statistics.median(seconds)
        record["yardsticks"] = statistics.median(ratios)
    return retimed


def run_game(
    game: str, first: int, last: int, budget: int | None = None, workers: int = 2, progress: bool = True
) -> list[dict[str, Any]]:
    """Every deal ``first``..``last`` of one game; the records in deal order."""
    tasks = [(game, number, budget) for number in range(first, last + 1)]
    records: list[dict[str, Any]] = []
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            for record in pool.imap_unordered(_bench_task, tasks, chunksize=4):
                records.append(record)
                if progress:
                    sys.stderr.write(f"\r{game}: {len(records)}/{len(tasks)} deals")
    else:
        for task in tasks:
            records.append(_bench_task(task))
            if progress:
                sys.stderr.write(f"\r{game}: {len(records)}/{len(tasks)} deals")
    if progress:
        sys.stderr.write("\n")
    return sorted(records, key=lambda record: record["deal"])


def table(summaries: dict[str, dict[str, Any]]) -> str:
    head = (f"{'game':<22}{'budget':>9}{'decided':>9}{'solved':>8}{'lost':>6}{'unkn':>6}"
            f"{'median':>9}{'p95':>8}{'worst':>8}{'med.nodes':>10}{'p95 nodes':>10}{'nodes/s':>9}")
    lines = [head, "-" * len(head)]
    for s in summaries.values():
        lines.append(
            f"{s['game']:<22}{s['budget']:>9}{100 * s['decided']:>8.1f}%{s['solved']:>8}{s['lost']:>6}"
            f"{s['unknown']:>6}{s['median_s']:>8.3f}s{s['p95_s']:>7.2f}s{s['worst_s']:>7.2f}s"
            f"{s['median_nodes']:>10.0f}{s['p95_nodes']:>10.0f}{s['nodes_per_s']:>9.0f}"
        )
    return "\n".join(lines)


def yardstick_table(summaries: dict[str, dict[str, Any]]) -> str:
    """The times again in yardsticks (``machine_speed.py``): what they would be on a machine of a steady speed.

    The median and p95 against the yardstick timed after the game; the worst
    against the yardsticks timed beside the slowest deals' own runs, where
    they were timed alone.
    """
    head = f"{'in yardsticks':<22}{'yardstick':>10}{'median':>9}{'p95':>8}{'worst':>8}"
    lines = [head, "-" * len(head)]
    for s in summaries.values():
        unit = s["yardstick_s"]
        worst = s.get("worst_yardsticks") or s["worst_s"] / unit
        lines.append(f"{s['game']:<22}{unit:>9.4f}s{s['median_s'] / unit:>9.3f}{s['p95_s'] / unit:>8.2f}{worst:>8.2f}")
    return "\n".join(lines)


def difficulty_table(summaries: dict[str, dict[str, Any]]) -> str:
    """The won deals per level (within the deal budget), the thresholds in use and those that would split evenly."""
    head = f"{'difficulty':<22}{'easy':>7}{'medium':>8}{'hard':>7}{'beyond':>8}   thresholds now  /  even split"
    lines = [head, "-" * len(head)]
    for s in summaries.values():
        split = s["difficulty"]
        now = find_game(s["game"]).solver.difficulty
        even = "-" if split["even"] is None else f"{split['even'][0]} {split['even'][1]}"
        lines.append(f"{s['game']:<22}{split['easy']:>7}{split['medium']:>8}{split['hard']:>7}{split['beyond']:>8}"
                     f"   {now[0]} {now[1]}  /  {even}")
    return "\n".join(lines)


def ratios(now: dict[str, dict[str, Any]], before: dict[str, dict[str, Any]]) -> str:
    """Now against the saved results; where both runs timed the yardstick, its ratio too (the machine's part)."""
    lines = ["ratios against the previous results (now / before):"]
    for game, s in now.items():
        old = before.get(game)
        if not old:
            continue
        parts = [f"{field} {s[field] / old[field]:.2f}" for field in RATIO_FIELDS if old.get(field) and s.get(field)]
        lines.append(f"  {game:<22}" + "  ".join(parts))
    return "\n".join(lines)


def read_verdicts(path: Path) -> dict[str, dict[int, str]]:
    """The verdict file: game -> deal -> letter."""
    verdicts: dict[str, dict[int, str]] = {}
    if not path.exists():
        return verdicts
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        game, first, letters = line.split()
        mine = verdicts.setdefault(game, {})
        for offset, letter in enumerate(letters):
            mine[int(first) + offset] = letter
    return verdicts


def write_verdicts(path: Path, verdicts: dict[str, dict[int, str]]) -> None:
    lines = ["# Every deal's verdict with the game's solve budget (bench/solver.py):",
             "# GAME FIRST-DEAL LETTERS, one letter a deal from FIRST-DEAL on: s solved, l lost, u unknown."]
    for rules in CATALOGUE:
        mine = verdicts.get(rules.id)
        if not mine:
            continue
        numbers = sorted(mine)
        for start in range(0, len(numbers), LINE):
            chunk = numbers[start:start + LINE]
            lines.append(f"{rules.id} {chunk[0]} " + "".join(mine[n] for n in chunk))
    path.write_text("\n".join(lines) + "\n")


def read_nodes(path: Path) -> dict[str, dict[int, int]]:
    """The nodes file: game -> deal -> nodes."""
    nodes: dict[str, dict[int, int]] = {}
    if not path.exists():
        return nodes
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        game, first, *counts = line.split()
        mine = nodes.setdefault(game, {})
        for offset, count in enumerate(counts):
            mine[int(first) + offset] = int(count)
    return nodes


def write_nodes(path: Path, nodes: dict[str, dict[int, int]]) -> None:
    lines = ["# Every deal's nodes with the game's solve budget (bench/solver.py), beside its verdict letter:",
             "# GAME FIRST-DEAL NODES..., the nodes of each deal from FIRST-DEAL on."]
    for rules in CATALOGUE:
        mine = nodes.get(rules.id)
        if not mine:
            continue
        numbers = sorted(mine)
        for start in range(0, len(numbers), LINE):
            chunk = numbers[start:start + LINE]
            lines.append(f"{rules.id} {chunk[0]} " + " ".join(str(mine[n]) for n in chunk))
    path.write_text("\n".join(lines) + "\n")


def read_summaries(path: Path) -> dict[str, dict[str, Any]]:
    """The summary file's games: game -> summary."""
    return json.loads(path.read_text()).get("games", {}) if path.exists() else {}


def save_game(
    summary_path: Path, verdict_path: Path, deals: tuple[int, int], summary: dict[str, Any], letters: dict[int, str],
    nodes: dict[int, int],
) -> None:
    """Write one game's summary, verdicts and nodes into the range's three files, keeping the other games there.

    The files are read again first, so that runs of different games over the
    same range (a long one in the background beside shorter ones) each add
    their own games and none writes over another's.
    """
    RESULTS.mkdir(parents=True, exist_ok=True)
    game = summary["game"]
    summaries = read_summaries(summary_path)
    summaries[game] = summary
    ordered = {rules.id: summaries[rules.id] for rules in CATALOGUE if rules.id in summaries}
    summary_path.write_text(json.dumps({
        "python": platform.python_version(), "cpus": os.cpu_count(), "deals": list(deals), "games": ordered,
        "timed_alone": ALONE_NOTE,
    }, indent=1) + "\n")
    verdicts = read_verdicts(verdict_path)
    verdicts[game] = letters
    write_verdicts(verdict_path, verdicts)
    nodes_path = nodes_file(verdict_path)
    counts = read_nodes(nodes_path)
    counts[game] = nodes
    write_nodes(nodes_path, counts)


def nodes_file(verdict_path: Path) -> Path:
    """The nodes file beside a verdict file."""
    return verdict_path.with_name(verdict_path.name.replace("solver-verdicts-", "solver-nodes-"))


def changes(game: str, now: dict[int, str], before: dict[int, str]) -> list[str]:
    """The deals whose verdict changed, counted by kind; contradictions (s <-> l) named one by one."""
    moved: dict[str, list[int]] = {}
    for number, letter in now.items():
        old = before.get(number)
        if old is not None and old != letter:
            moved.setdefault(f"{old}>{letter}", []).append(number)
    lines = []
    for kind, numbers in sorted(moved.items()):
        lines.append(f"  {game:<22}{kind}: {len(numbers)}")
        if kind in ("s>l", "l>s"):
            lines.append(f"    CONTRADICTION (a wrong proof somewhere): {' '.join(map(str, numbers))}")
    return lines


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
    parser.add_argument("--alone", type=int, default=10, metavar="N",
                        help="time the N slowest deals of each game again, one search at a time (default 10)")
    parser.add_argument("--no-save", action="store_true", help="do not save the results")
    parser.add_argument("--records", metavar="FILE",
                        help="also write every deal's record (game, deal, verdict, nodes, seconds) to FILE, "
                             "JSON lines")
    args = parser.parse_args(argv)
    first, last = _parse_range(args.deals)
    games = [find_game(game).id for game in args.games.split(",") if game.strip()]
    summary_path = RESULTS / f"solver-{first}-{last}.json"
    verdict_path = RESULTS / f"solver-verdicts-{first}-{last}.txt"
    before = read_summaries(summary_path)
    verdicts_before = read_verdicts(verdict_path)
    nodes_before = read_nodes(nodes_file(verdict_path))
    nodes_now: dict[str, dict[int, int]] = {}
    verdicts: dict[str, dict[int, str]] = {}
    started = time.perf_counter()
    summaries: dict[str, dict[str, Any]] = {}
    all_records: list[dict[str, Any]] = []
    alone: dict[str, list[tuple[int, float, float, float]]] = {}
    for game in games:
        records = run_game(game, first, last, args.budget, args.workers)
        for record in records:
            record["budget"] = args.budget
        if args.alone:
            alone[game] = time_alone(records, args.alone)
        all_records += records
        summaries[game] = summarise(find_game(game), records, args.budget)
        summaries[game]["yardstick_s"] = yardstick()
        if alone.get(game):
            summaries[game]["worst_yardsticks"] = max(yardsticks for *_, yardsticks in alone[game])
        verdicts[game] = {record["deal"]: LETTERS[record["verdict"]] for record in records}
        nodes_now[game] = {record["deal"]: record["nodes"] for record in records}
        if not args.no_save and args.budget is None:
            save_game(summary_path, verdict_path, (first, last), summaries[game], verdicts[game], nodes_now[game])
    if args.records:
        Path(args.records).write_text("".join(json.dumps(record) + "\n" for record in all_records))
    print(f"CPython {platform.python_version()}, deals {first}-{last}, {args.workers} workers, "
          f"{time.perf_counter() - started:.0f} s; the {args.alone} slowest deals of each game timed alone")
    print(table(summaries))
    print(yardstick_table(summaries))
    print(difficulty_table(summaries))
    for s in summaries.values():
        slowest = ", ".join(f"{number} {seconds:.2f} s {verdict}" for number, seconds, verdict in s["slowest"])
        print(f"slowest {s['game']}: {slowest}")
    for game, retimed in alone.items():
        listed = ", ".join(f"{number} {before:.2f} -> {seconds:.2f} s ({yardsticks:.2f} yd)"
                           for number, before, seconds, yardsticks in retimed)
        print(f"timed alone {game} (side by side -> alone): {listed}")
    for s in summaries.values():
        if s["undecided"]:
            listed = ", ".join(f"{number} ({nodes} nodes)" for number, nodes in s["undecided"])
            print(f"undecided {s['game']}: {listed}")
    if any(game in before for game in summaries):
        print(ratios(summaries, before))
    changed = [line for game in games for line in changes(game, verdicts[game], verdicts_before.get(game, {}))]
    if changed:
        print("verdicts changed against the previous verdict file:")
        print("\n".join(changed))
    elif verdicts_before:
        print("no verdict changed against the previous verdict file")
    if nodes_before:
        moved = {game: sum(count != nodes_before.get(game, {}).get(number, count)
                           for number, count in nodes_now[game].items()) for game in games}
        listed = ", ".join(f"{game} {count}" for game, count in moved.items() if count)
        print(f"deals whose nodes changed against the previous nodes file: {listed or 'none'}")
    if not args.no_save and args.budget is None:
        print(f"saved {summary_path.name}, {verdict_path.name} and {nodes_file(verdict_path).name} in {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
