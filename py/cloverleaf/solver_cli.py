"""The solver's commands for ``cloverleaf``: ``solve``, ``stats`` and ``daily``.

``cli.py`` calls :func:`register` with its subparsers. Every handler returns the
exit status 0 for an answer (a verdict is an answer, ``unknown`` included) and
raises :class:`CloverLeafError` for bad input, which ``cli.main`` reports as one
line ``cloverleaf: <message>`` on standard error with exit status 2.

    cloverleaf solve clover-leaf position.txt --budget 100000
    cloverleaf solve clover-leaf --deal 7 --json
    cloverleaf solve clover-leaf --deal 7 --no-prune     # a plain exhaustive search, to check a verdict
    cloverleaf stats alexander-the-great 1 100
    cloverleaf daily clover-leaf 2026-11-29
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from typing import Any

from .deals import deal, parse_deal_number
from .errors import CloverLeafError, InvalidInputError
from .games import find_game
from .inputs import parse_iso_date, parse_whole_number
from .notation import parse_position, read_position_text
from .position import Position
from .rules import Rules
from .solver import Search, Verdict, daily_deal
from .solver.survey import summarise, survey_deal

MAX_BUDGET = 10**12
"""The largest node budget taken (days of search): more digits are a typing slip."""


def _budget(text: str) -> int:
    """argparse type: a node budget, a whole number from 1 to :data:`MAX_BUDGET` (``_`` groups digits)."""
    try:
        return parse_whole_number(
            text.replace("_", ""), what="budget", low=1, high=MAX_BUDGET,
            hint=f"give a number of nodes from 1 to {MAX_BUDGET}",
        )
    except InvalidInputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _position(args: argparse.Namespace) -> tuple[Rules, Position]:
    rules = find_game(args.game)
    if args.deal is not None:
        if args.file != "-":
            raise CloverLeafError("give a position file or --deal, not both")
        return rules, deal(rules, args.deal)
    return rules, parse_position(rules, read_position_text(args.file))


def _solve(args: argparse.Namespace) -> int:
    rules, position = _position(args)
    search = Search(rules, position, prune=not args.no_prune)
    search.run(args.budget or rules.solver.solve_budget)
    result = search.result()
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        print(f"{result.verdict.value} ({result.nodes} nodes)")
        for move in result.solution:
            print(move)
    return 0


def _progress(done: int, total: int, counts: dict[str, int]) -> None:
    width = 30
    filled = width * done // total
    bar = "#" * filled + "-" * (width - filled)
    tally = "  ".join(f"{verdict.value} {counts[verdict.value]}" for verdict in Verdict)
    sys.stderr.write(f"\r[{bar}] {done}/{total}  {tally}")
    sys.stderr.flush()


def _stats(args: argparse.Namespace) -> int:
    rules = find_game(args.game)
    first = parse_deal_number(args.first)
    last = parse_deal_number(args.last)
    if last < first:
        raise InvalidInputError(f"the range {first} to {last} is empty: give FIRST <= LAST")
    budget = args.budget or rules.solver.solve_budget
    counts = {verdict.value: 0 for verdict in Verdict}
    records = []
    total = last - first + 1
    for done, number in enumerate(range(first, last + 1), start=1):
        record = survey_deal(rules, number, budget)
        records.append(record)
        counts[record["verdict"]] += 1
        _progress(done, total, counts)
    sys.stderr.write("\n")
    summary = summarise(rules, records, budget)
    print(f"{rules.name}, deals {first} to {last}, budget {budget} nodes")
    print(f"  solved {summary['solved']}, lost {summary['lost']}, unknown {summary['unknown']}")
    print(f"  time:  median {summary['median_s']:.3f} s, p95 {summary['p95_s']:.3f} s, "
          f"worst {summary['worst_s']:.3f} s")
    print(f"  nodes: median {summary['median_nodes']:.0f}, p95 {summary['p95_nodes']:.0f}, "
          f"worst {summary['worst_nodes']}")
    split = summary["difficulty"]
    print(f"  difficulty of the deals won within the deal budget: easy {split['easy']}, medium {split['medium']}, "
          f"hard {split['hard']} (won beyond it: {split['beyond']})")
    if summary["undecided"]:
        print("  unknown: " + " ".join(str(number) for number, _nodes in summary["undecided"]))
    return 0


def _daily(args: argparse.Namespace) -> int:
    rules = find_game(args.game)
    date = datetime.date.today() if args.date is None else parse_iso_date(args.date)
    print(daily_deal(rules, date))
    return 0


def register(subparsers: Any) -> None:
    """Add ``solve``, ``stats`` and ``daily`` to the ``cloverleaf`` command."""
    solve_cmd = subparsers.add_parser(
        "solve", help="solve a position: solved (with the solution), lost, or unknown"
    )
    solve_cmd.add_argument("game")
    solve_cmd.add_argument("file", nargs="?", default="-", help="position file, or - for standard input")
    solve_cmd.add_argument("--deal", help="solve this deal number instead of reading a position")
    solve_cmd.add_argument("--budget", type=_budget, help="search at most this many nodes")
    solve_cmd.add_argument("--json", action="store_true", help='print {"verdict", "solution", "nodes"}')
    solve_cmd.add_argument("--no-prune", action="store_true",
                           help="turn off every pruning rule and proof of loss (a plain exhaustive search)")
    solve_cmd.set_defaults(handler=_solve)

    stats_cmd = subparsers.add_parser("stats", help="solve a range of deals and summarise")
    stats_cmd.add_argument("game")
    stats_cmd.add_argument("first", help="first deal number")
    stats_cmd.add_argument("last", help="last deal number")
    stats_cmd.add_argument("--budget", type=_budget, help="nodes per deal")
    stats_cmd.set_defaults(handler=_stats)

    daily_cmd = subparsers.add_parser("daily", help="the deal number of the day (a solvable deal)")
    daily_cmd.add_argument("game")
    daily_cmd.add_argument("date", nargs="?", help="YYYY-MM-DD (default: today)")
    daily_cmd.set_defaults(handler=_daily)
