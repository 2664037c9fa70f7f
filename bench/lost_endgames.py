"""Endgames that open Shamrocks searches spend their nodes in, and how many of them each proof of loss proves.

    PYTHONPATH=py python3 bench/lost_endgames.py [--deals 5,26,409] [--per-deal 8] [--budget 300000]

Why. The Shamrocks deals the solver leaves open are not, most of them, wins a
little beyond the budget (docs/solver.md): the next step is a proof of loss.
Their searches fill up with endgames, many cards up, that no proof tried on
expansion cuts and that are each lost when searched on their own. A proof
that caught them would cut where those searches spend their budget. This
bench gives such a proof a yardstick:

1. for each deal, the positions its search (the solve budget) expands with at
   least ``--min-up`` cards up, a fixed sample of ``--per-deal`` of them
   (every position here passed every proof the search tries on expansion);
2. each searched on its own with ``--budget`` nodes, to tell the lost ones;
3. for each lost one, which proofs of the board prove it when asked alone:
   the room and capacity proofs (none, by 1.) and the order proof split
   0 to 3 levels deep (the search splits it only at the deal), with the time
   each takes.

Prints a line per endgame and the counts; saves the endgames (the engine's
position text), their verdicts and nodes to
``bench/results/shamrocks-endgames.json``, for a new proof to be tried on.
Not a test: the sample and the budget make it minutes long.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from cloverleaf.deals import deal  # noqa: E402
from cloverleaf.games import find_game  # noqa: E402
from cloverleaf.notation import format_position, parse_position  # noqa: E402
from cloverleaf.solver import capacity, hosts  # noqa: E402
from cloverleaf.solver.board import Board  # noqa: E402
from cloverleaf.solver.plan import Plan  # noqa: E402
from cloverleaf.solver.proofs import PROOFS, Proof  # noqa: E402
from cloverleaf.solver.room import room_lost  # noqa: E402
from cloverleaf.solver.search import Search  # noqa: E402
from cloverleaf.solver.tables import tables_for  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "shamrocks-endgames.json"
GAME = "shamrocks"
# Open deals of 1-1000 whose searches reach far into the game (deal 5: 25 to 28 cards up; docs/solver.md)
DEALS = (5, 26, 30, 38, 409, 780)
CASES = (0, 1, 2, 3)


def endgames(number: int, min_up: int, per_deal: int) -> list[str]:
    """The sample of step 1 (see the module's docstring), as position texts."""
    rules = find_game(GAME)
    passed: list[str] = []

    def watched(board: Board) -> bool:
        """A proof that proves nothing, last on expansion: it sees the positions every other proof passed."""
        if sum(board.found) >= min_up:
            passed.append(format_position(rules, board.position()))
        return False

    watch = Proof("watch", lambda board: True, on_expansion=watched)
    search = Search(rules, deal(rules, number), plan=Plan.of(rules.solver, proofs=(*PROOFS, watch)))
    search.run(rules.solver.solve_budget)
    unique = sorted(set(passed))
    return Random(number).sample(unique, min(per_deal, len(unique)))


def label(job: tuple[int, str, int]) -> dict[str, Any]:
    """Steps 2 and 3 for one endgame."""
    number, text, budget = job
    rules = find_game(GAME)
    position = parse_position(rules, text)
    search = Search(rules, position)
    search.run(budget)
    row: dict[str, Any] = {
        "deal": number,
        "up": sum(position.foundations),
        "verdict": search.verdict.value,
        "nodes": search.nodes,
        "position": text,
    }
    board = Board(tables_for(rules), position)
    board.settle()
    proofs: dict[str, Any] = {"room": room_lost(board), "capacity": capacity.lost_here(board)}
    for cases in CASES:
        started = time.process_time()
        proofs[f"order{cases}"] = hosts.lost_here(board, cases)
        proofs[f"order{cases}_s"] = round(time.process_time() - started, 3)
    row["proofs"] = proofs
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default=",".join(map(str, DEALS)))
    parser.add_argument("--per-deal", type=int, default=8)
    parser.add_argument("--min-up", type=int, default=20)
    parser.add_argument("--budget", type=int, default=300_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    numbers = [int(part) for part in args.deals.split(",")]
    with Pool(args.workers) as pool:
        samples = pool.starmap(endgames, [(number, args.min_up, args.per_deal) for number in numbers])
        jobs = [(number, text, args.budget) for number, texts in zip(numbers, samples, strict=True) for text in texts]
        rows = pool.map(label, jobs, chunksize=1)
    names = ["room", "capacity", *(f"order{cases}" for cases in CASES)]
    print(f"{'deal':>5}{'up':>4}{'verdict':>9}{'nodes':>9}  proofs that prove it (order: seconds)")
    for row in rows:
        proved = [name for name in names if row["proofs"][name]]
        times = " ".join(f"{row['proofs'][f'order{cases}_s']:.2f}" for cases in CASES)
        head = f"{row['deal']:>5}{row['up']:>4}{row['verdict']:>9}{row['nodes']:>9}"
        print(f"{head}  {','.join(proved) or '-'}  ({times})")
    lost = [row for row in rows if row["verdict"] == "lost"]
    print(f"{len(rows)} endgames: {len(lost)} lost, {sum(row['verdict'] == 'solved' for row in rows)} won, "
          f"{sum(row['verdict'] == 'unknown' for row in rows)} open within {args.budget:,} nodes")
    for name in names:
        print(f"  {name}: proves {sum(1 for row in lost if row['proofs'][name])} of the {len(lost)} lost")
    RESULTS.write_text(json.dumps({"budget": args.budget, "min_up": args.min_up, "endgames": rows}, indent=1) + "\n")
    print(f"saved {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
