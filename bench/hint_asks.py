"""What asking for a hint again decides: each deal's first hint, then asks until the search may go no further.

    PYTHONPATH=py python3 bench/hint_asks.py                          # the two Shamrocks games, deals 1-1000
    PYTHONPATH=py python3 bench/hint_asks.py --games clover-leaf --deals 1-200

Why. A hint searches the game's hint budget; where that runs out, the page
says so and a hint asked again goes on with the same search for another hint
budget, up to the game's hint limit (in the two Shamrocks games past the solve
budget, with the dives alone: see ``cloverleaf.solver.search.Search``). This
bench asks as a player who keeps pressing Hint would, from each deal's start,
and counts, per game: the deals whose first ask runs out, how many of them
asking again decides, after how many asks, and what an ask takes on this
Python (processor time; a browser takes about 1.8 times as long, a phone more).
Saves the counts and each decided deal's asks to
``bench/results/hint-asks.json``. Not a test: the asks that run to the limit
take minutes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from cloverleaf.deals import deal  # noqa: E402
from cloverleaf.games import find_game  # noqa: E402
from cloverleaf.solver import Verdict  # noqa: E402
from cloverleaf.solver.jobs import Hint  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "hint-asks.json"
SLICE = 100_000  # nodes a step of the job may take: the asks, not their slices, are what is measured


def asks(task: tuple[str, int]) -> dict[str, Any]:
    """A deal's hint from its start, asked until it decides or may go no further: each ask's verdict, nodes, time."""
    game, number = task
    rules = find_game(game)
    job = Hint(rules, [deal(rules, number)])
    replies = []
    while True:
        started = time.process_time()
        result = None
        while result is None:
            result = job.step(SLICE)
        replies.append({"verdict": result.verdict.value, "nodes": result.nodes,
                        "seconds": round(time.process_time() - started, 3)})
        if result.verdict is not Verdict.UNKNOWN or not job.search_on():
            break
    return {"game": game, "deal": number, "limit": job.limit, "asks": replies}


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The counts of the module's docstring for one game."""
    ran_out = [record for record in records if record["asks"][0]["verdict"] == "unknown"]
    decided = [record for record in ran_out if record["asks"][-1]["verdict"] != "unknown"]
    later = [ask["seconds"] for record in ran_out for ask in record["asks"][1:]]
    return {
        "deals": len(records),
        "limit": records[0]["limit"],
        "first_ran_out": len(ran_out),
        "decided_asking_again": len(decided),
        "decided": {str(record["deal"]): [len(record["asks"]), record["asks"][-1]["verdict"],
                                          record["asks"][-1]["nodes"]] for record in decided},
        "open_at_the_limit": [record["deal"] for record in ran_out if record["asks"][-1]["verdict"] == "unknown"],
        "ask_again_median_s": round(statistics.median(later), 3) if later else None,
        "ask_again_max_s": max(later) if later else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="shamrocks,shamrocks-ii")
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    first, last = (int(part) for part in args.deals.split("-"))
    games = args.games.split(",")
    with Pool(args.workers) as pool:
        records = pool.map(asks, [(game, number) for game in games for number in range(first, last + 1)], chunksize=1)
    saved = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    for game in games:
        counts = summary([record for record in records if record["game"] == game])
        saved[f"{game} {first}-{last}"] = counts
        print(f"{game}: deals {first}-{last}, limit {counts['limit']:,} nodes: the first hint ran out on "
              f"{counts['first_ran_out']}; asking again decided {counts['decided_asking_again']} "
              f"(asks, verdict, nodes: {counts['decided']}); an ask again took {counts['ask_again_median_s']} s "
              f"at the median, {counts['ask_again_max_s']} s at most")
    RESULTS.write_text(json.dumps(saved, indent=1) + "\n")
    print(f"saved {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
