"""Solving a range of deals and summing up the verdicts, for ``cloverleaf stats`` and bench/solver.py.

Names:

- *record*: one deal's outcome, a JSON-shaped dict
  ``{"game", "deal", "verdict", "nodes", "seconds", "score"}`` (:func:`survey_deal`).
  ``seconds`` is the processor time the search took (``time.process_time``):
  on a quiet machine the same as the clock's, and still meaningful on a
  machine shared with other work, where the clock's time is not;
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
from .difficulty import Level, level_of
from .search import Search, Verdict


def survey_deal(rules: Rules, number: int, budget: int | None = None) -> dict[str, Any]:
    """Search deal ``number`` with ``budget`` nodes (the game's solve budget by default); its record.

    ``score`` is the deal's difficulty score (:mod:`.difficulty`) when it was
    won: its nodes as the solvable-deal walk searches it, with auto move forced
    on. That changes the search of the games with redeals only, which are
    searched a second time for it (outside ``seconds``); the verdict is always
    the plain search's, since a deal lost with auto move forced on may still be
    won without it.
    """
    started = time.process_time()
    search = Search(rules, deal(rules, number))
    verdict = search.run(rules.solver.solve_budget if budget is None else budget)
    seconds = time.process_time() - started
    score: int | None = None
    if verdict is Verdict.SOLVED:
        score = search.nodes
        if rules.redeals:
            walk = Search(rules, deal(rules, number), forced_autoplay=True)
            score = walk.nodes if walk.run(rules.solver.deal_budget) is Verdict.SOLVED else None
    return {"game": rules.id, "deal": number, "verdict": verdict.value, "nodes": search.nodes, "seconds": seconds,
            "score": score}


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def summarise(rules: Rules, records: list[dict[str, Any]], budget: int | None = None) -> dict[str, Any]:
    """The figures of one game's records: verdict counts, time and node percentiles, undecided deals.

    ``undecided`` lists ``[deal, nodes]`` of the deals left ``unknown``, in deal order;
    ``slowest``, ``[deal, seconds, verdict]`` of the five slowest deals, slowest first (the tail to cut).
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
        "slowest": [[record["deal"], round(record["seconds"], 3), record["verdict"]]
                    for record in sorted(records, key=lambda record: -record["seconds"])[:5]],
        "difficulty": difficulty_split(rules, records),
    }


def difficulty_split(rules: Rules, records: list[dict[str, Any]]) -> dict[str, Any]:
    """How the won deals spread over the levels, and the thresholds that would split them in thirds.

    A won deal's score is its nodes as the solvable-deal walk searches it
    (``score`` of :func:`survey_deal`; the search stops at its first
    solution). Only deals won within the deal budget count, as only those can
    come out of a solvable-deal walk; ``beyond`` counts the others that were won.
    ``even`` is the pair of thresholds that cuts the counted deals into
    thirds (the calibration of ``SolverProfile.difficulty``).
    """
    scores = sorted(score for record in records
                    if record["verdict"] == Verdict.SOLVED.value
                    and (score := record.get("score", record["nodes"])) is not None
                    and score <= rules.solver.deal_budget)
    split: dict[str, Any] = {level.value: 0 for level in Level}
    for score in scores:
        split[level_of(rules, score).value] += 1
    won = sum(1 for record in records if record["verdict"] == Verdict.SOLVED.value)
    split["beyond"] = won - len(scores)
    split["even"] = [scores[len(scores) // 3], scores[2 * len(scores) // 3]] if scores else None
    return split
