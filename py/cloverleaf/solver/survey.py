"""Solving a range of deals and summing up the verdicts, for ``cloverleaf stats`` and bench/solver.py.

Names:

- *record*: one deal's outcome, a JSON-shaped dict
  ``{"game", "deal", "verdict", "nodes", "seconds"}`` (:func:`survey_deal`);
- *summary*: the figures of one game over many records (:func:`summarise`).

Both the command line and the bench print from the same summary, so the two
never disagree on what "decided" or "p95" means.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ..deals import deal
from ..rules import Rules
from .search import Search, Verdict


def survey_deal(rules: Rules, number: int, budget: int | None = None) -> dict[str, Any]:
    """Search deal ``number`` with ``budget`` nodes (the game's solve budget by default); its record."""
    started = time.perf_counter()
    search = Search(rules, deal(rules, number))
    verdict = search.run(rules.solver.solve_budget if budget is None else budget)
    seconds = time.perf_counter() - started
    return {"game": rules.id, "deal": number, "verdict": verdict.value, "nodes": search.nodes, "seconds": seconds}


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def summarise(rules: Rules, records: list[dict[str, Any]], budget: int | None = None) -> dict[str, Any]:
    """The figures of one game's records: verdict counts, time and node percentiles, undecided deals.

    ``undecided`` lists ``[deal, nodes]`` of the deals left ``unknown``, in deal order.
    """
    records = sorted(records, key=lambda record: record["deal"])
    seconds = [record["seconds"] for record in records]
    nodes = [float(record["nodes"]) for record in records]
    counts = {verdict: sum(1 for record in records if record["verdict"] == verdict.value) for verdict in Verdict}
    return {
        "game": rules.id,
        "budget": rules.solver.solve_budget if budget is None else budget,
        "deals": len(records),
        "solved": counts[Verdict.SOLVED],
        "lost": counts[Verdict.LOST],
        "unknown": counts[Verdict.UNKNOWN],
        "decided": (counts[Verdict.SOLVED] + counts[Verdict.LOST]) / len(records),
        "median_s": statistics.median(seconds),
        "p95_s": percentile(seconds, 0.95),
        "worst_s": max(seconds),
        "median_nodes": statistics.median(nodes),
        "p95_nodes": percentile(nodes, 0.95),
        "worst_nodes": int(max(nodes)),
        "nodes_per_s": sum(nodes) / max(sum(seconds), 1e-9),
        "undecided": [[record["deal"], record["nodes"]] for record in records if record["verdict"] == "unknown"],
    }
