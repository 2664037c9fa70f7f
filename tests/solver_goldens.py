"""The solver's golden searches: what each search answers, node for node, to be kept as it is.

Node counts are promises to players: the difficulty levels are thresholds in
nodes, the solvable-deal walks and the deal of the day stop at the first deal
won within a budget of nodes. A change of the solver that leaves every verdict
as it was but searches one node more or less changes them. So every line of
``tests/data/solver_goldens.txt`` holds what one search answered, its nodes,
its work (nodes plus the positions cut on expansion) and a hash of its
solution, and ``tests/test_solver_goldens.py`` searches them all again.

Kinds of line (fields separated by spaces):

- ``search GAME DEAL BUDGET VERDICT NODES WORK SOLUTION``: :class:`Search` of
  the deal, run whole. ``FAST_BUDGET`` for deals 1-100 of every game (the
  default test run: the projections, cases and dives all join before it);
  the game's solve budget for the same deals and for the slow deals that
  docs/solver.md names (the ``slow`` mark).
- ``daily GAME DATE DEAL NODES TRIED SOLUTION``: the deal of the day.
- ``difficulty GAME DEAL VERDICT LEVEL NODES``: :class:`DealDifficulty`.
- ``hint GAME DEAL VERDICT NODES BACK SOLUTION``: a hint at the deal's start.

Recorded with ``PYTHONPATH=py python3 tests/solver_goldens.py`` (every
line, the slow ones included: some minutes on one core), or ``... --games
A,B`` for those games only, the other games' lines kept as they are; record
again only on purpose, with the reason in the commit.
"""

from __future__ import annotations

import datetime
import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from cloverleaf.deals import deal
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.position import Move
from cloverleaf.rules import Rules
from cloverleaf.solver.difficulty import DealDifficulty
from cloverleaf.solver.jobs import DailyDeal, Hint, run_to_end
from cloverleaf.solver.search import Search

GOLDENS = Path(__file__).resolve().parent / "data" / "solver_goldens.txt"
DEALS = range(1, 101)
FAST_BUDGET = 25_000  # past the joins of the projections, ladders, cases and dives (20,000 nodes at most)
SLICE_NODES, SLICE_WORK = 997, 613  # a sliced search's steps: odd sizes, so that no turn ends with a slice
SLICED_EVERY = 10  # every tenth fast search is also run in slices
DAILY_DATES = tuple(datetime.date(2026, 1, 1) + datetime.timedelta(days=11 * n) for n in range(30))
DIFFICULTY_DEALS = range(1, 31)
HINT_DEALS = range(1, 11)
HINT_STEP = 3_001
# the slow deals docs/solver.md names, searched with the game's solve budget
SLOW_DEALS = {
    "clover-leaf": (175, 374, 531, 660, 3679, 5440, 6610, 6986, 7310, 7825, 8490),
    "clover-leaf-warfield": (71, 126, 713, 804, 918, 4591, 4911, 5647, 9589),
    "alexander-the-great": (474, 1270, 1716, 1816, 2302, 3763, 7022, 8548, 9910),
    "shamrocks": (5, 24, 26, 30, 383, 409, 780, 818),
    "shamrocks-ii": (155, 796),
    "trefoil": (306,),
    "la-belle-lucie": (149,),
    "fan": (410, 931, 2161, 4138, 6060, 6081, 6209, 6885, 8569, 9579),
}


def solution_hash(moves: tuple[Move, ...] | list[str]) -> str:
    """A short hash of a solution's moves in notation ('-' for none)."""
    if not moves:
        return "-"
    return hashlib.sha256(" ".join(str(move) for move in moves).encode()).hexdigest()[:16]


def search_line(rules: Rules, number: int, budget: int, sliced: bool = False) -> str:
    """The ``search`` line of one deal, searched whole or in slices of ``SLICE_NODES``/``SLICE_WORK``."""
    search = Search(rules, deal(rules, number))
    if sliced:
        while not search.done and search.nodes < budget:
            search.run(min(SLICE_NODES, budget - search.nodes), SLICE_WORK)
    else:
        search.run(budget)
    return (f"search {rules.id} {number} {budget} {search.verdict.value} {search.nodes} {search.work} "
            f"{solution_hash(search.solution)}")


def daily_line(rules: Rules, date: datetime.date) -> str:
    result = run_to_end(DailyDeal(rules, date))
    return (f"daily {rules.id} {date.isoformat()} {result['deal']} {result['nodes']} {result['tried']} "
            f"{solution_hash(result['solution'])}")


def difficulty_line(rules: Rules, number: int) -> str:
    result = run_to_end(DealDifficulty(rules, number))
    return f"difficulty {rules.id} {number} {result['verdict']} {result['difficulty']} {result['nodes']}"


def hint_line(rules: Rules, number: int) -> str:
    job = Hint(rules, [deal(rules, number)])
    result = None
    while result is None:
        result = job.step(HINT_STEP)
    return (f"hint {rules.id} {number} {result.verdict.value} {result.nodes} {result.back} "
            f"{solution_hash(result.solution)}")


def fast_lines(games: tuple[Rules, ...] | list[Rules] = CATALOGUE) -> Iterator[str]:
    """Every line of the default test run, in the file's order (of these games)."""
    for rules in games:
        for number in DEALS:
            yield search_line(rules, number, min(FAST_BUDGET, rules.solver.solve_budget))
        for date in DAILY_DATES:
            yield daily_line(rules, date)
        for number in DIFFICULTY_DEALS:
            yield difficulty_line(rules, number)
        for number in HINT_DEALS:
            yield hint_line(rules, number)


def slow_lines(games: tuple[Rules, ...] | list[Rules] = CATALOGUE) -> Iterator[str]:
    """The lines under the ``slow`` mark: deals 1-100 and the slow deals with the solve budget (of these games)."""
    for rules in games:
        for number in (*DEALS, *SLOW_DEALS.get(rules.id, ())):
            yield search_line(rules, number, rules.solver.solve_budget)


def read_goldens() -> list[str]:
    return [line for line in GOLDENS.read_text().splitlines() if line and not line.startswith("#")]


def recompute(line: str, sliced: bool = False) -> str:
    """The line a golden line's search gives now."""
    kind, game, key, *_ = line.split()
    rules = find_game(game)
    if kind == "search":
        return search_line(rules, int(key), int(line.split()[3]), sliced)
    if kind == "daily":
        return daily_line(rules, datetime.date.fromisoformat(key))
    if kind == "difficulty":
        return difficulty_line(rules, int(key))
    if kind == "hint":
        return hint_line(rules, int(key))
    raise ValueError(f"unknown golden line: {line}")


def main(argv: list[str] | None = None) -> int:
    """Record every line, or with ``--games A,B`` only those games' lines, keeping the others' as they are."""
    args = sys.argv[1:] if argv is None else argv
    games = {rules.id for rules in CATALOGUE}
    if args[:1] == ["--games"]:
        games = {find_game(game).id for game in args[1].split(",")}
    kept = read_goldens() if GOLDENS.exists() else []
    fast: dict[str, list[str]] = {}
    slow: dict[str, list[str]] = {}
    for line in kept:
        game = line.split()[1]
        if game not in games:
            kind = "slow" if line.startswith("search") and int(line.split()[3]) != min(
                FAST_BUDGET, find_game(game).solver.solve_budget) else "fast"
            (slow if kind == "slow" else fast).setdefault(game, []).append(line)
    for rules in CATALOGUE:
        if rules.id in games:
            fast[rules.id] = _printed(fast_lines([rules]))
    for rules in CATALOGUE:
        if rules.id in games:
            slow[rules.id] = _printed(slow_lines([rules]))
    lines = ["# The solver's golden searches (tests/solver_goldens.py says what each field is)."]
    for table in (fast, slow):
        for rules in CATALOGUE:
            lines += table.get(rules.id, [])
    GOLDENS.write_text("\n".join(lines) + "\n")
    return 0


def _printed(lines: Iterator[str]) -> list[str]:
    """The lines, each printed with the processor time as it comes (a record takes minutes)."""
    out = []
    for line in lines:
        out.append(line)
        print(f"{time.process_time():8.1f} {line}", flush=True)
    return out


if __name__ == "__main__":
    sys.exit(main())
