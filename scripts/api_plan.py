"""A tour of the page's API: every method, answered and refused, in one run.

The build trims Pyodide's standard library to the modules the page needs
(scripts/stdlib.mjs). What it needs is found by running this plan, and the
trimmed library is proved complete by running the plan again on it and getting
the same answers. So the plan reaches every method of ``cloverleaf.api.METHODS``
(checked below: a method added to the API without a visit here fails the build),
each of its refusals by kind, every game of the catalogue, every kind of job to
its end, the statistics, and an internal error (the traceback printed for the
console), because each path may import something of its own.

    python3 scripts/api_plan.py          # on CPython: prints the answers as JSON

``run(api)`` takes the ``cloverleaf.api`` module and returns the list of answers:
``[method, params, answer]`` with ``answer`` the reply's JSON.
"""

from __future__ import annotations

import json
import sys
from types import ModuleType
from typing import Any

GAME = "clover-leaf"
DEAL = "617"
DAILY_DATE = "2026-11-29"
# A deal whose opening has a move onto a fan and a card with no move at all.
STEP_NODES = 200_000


def stopped_clock() -> float:
    """The plan's clock: it never moves, so both runs answer the same times played."""
    return 0.0


def run(api_module: ModuleType) -> list[list[Any]]:
    """Every method of the API, answered and refused; the answers in order."""
    api = api_module.Api(now=stopped_clock)
    answers: list[list[Any]] = []
    visited: set[str] = set()

    def call(method: str, raw: str | None = None, **params: Any) -> Any:
        text = raw if raw is not None else json.dumps(params)
        reply = json.loads(api.call(method, text))
        answers.append([method, text, reply])
        visited.add(method)
        return reply.get("ok")

    # The catalogue, the version, and the opening of every game.
    games = call("games")
    call("version")
    for game in games:
        call("new", game=game["id"], deal="1")
    # Parameters that cannot be read, and methods or parameters that do not exist.
    call("new", raw="{")
    call("new", raw="[]")
    call("new", game=GAME, deal="zz")
    call("new", game="no-such-game", deal="1")
    call("new", game=GAME, colour="red")
    call("link", game=GAME, deal="0617")
    call("link", game=GAME, deal="12x")
    call("link", game="no-such-game", deal="1")
    call("no-such-method")

    # A game played: moves, refusals by reason, undo and redo, restart, redeal.
    table = call("new", game=GAME, deal=DEAL)
    state = table["state"]
    card, destinations = min(state["movable"].items())
    call("state")
    fans = [i + 1 for i, fan in enumerate(state["fans"]) if fan and i + 1 not in destinations]
    covered = next(fan[0] for fan in state["fans"] if len(fan) > 1)
    call("play", card=card, to=fans[0])  # against the rules
    call("play", card=covered, to=destinations[0])  # covered
    call("play", card=card, to="nowhere")
    call("play", card=card, to=destinations[0])
    call("click", card=next(iter(call("state")["state"]["click"])))
    call("click", card="ZZ")
    call("whyStuck", card="KS")
    call("undo", count=2)
    call("undo", count=0)
    call("redo")
    call("redo", count=5)
    call("undo", count=10)
    call("undo")  # nothing left to undo
    call("redo", count=10)
    call("redo")  # nothing left to redo
    call("restart")
    call("settings", clickToPlay=False)
    call("click", card=card)  # click to play is off
    call("settings", clickToPlay=True, autoMove=False, autoComplete=False)
    call("settings", autoMove="yes")
    call("settings", autoMove=True, autoComplete=True)
    call("redeal")  # Clover Leaf has none
    call("new", game="trefoil", deal="77")
    call("redeal")
    call("redeal")
    call("redeal")  # more than the game allows

    # Saves: restored, and refused when unreadable.
    saved = call("new", game=GAME, deal=DEAL)["save"]
    call("play", card=card, to=destinations[0])
    call("restore", save=saved)
    call("restore", save=saved, played=1234)
    call("restore", save="{not a save")
    call("restore", save=json.dumps({"v": 1, "game": GAME, "deal": "zz"}))

    # Jobs: every kind to its end, then refusals and a cancel.
    call("plan")
    found = {}
    for params in (
        {"kind": "hint"},
        {"kind": "check"},
        {"kind": "solution"},
        {"kind": "work"},
        {"kind": "solvable", "game": GAME, "start": "1"},
        {"kind": "daily", "game": GAME, "date": DAILY_DATE},
    ):
        job = call("jobStart", **params)["job"]
        while not (step := call("jobStep", job=job, nodes=STEP_NODES))["done"]:
            pass
        found[params["kind"]] = step["result"]
    call("plan")
    call("solutionStop")
    call("visible", visible=False)
    call("visible", visible=True)
    call("settings", warnLost=True)
    # Deals opened as the walks found them, from the bank, and a deal of the day no walk found.
    call("new", game=GAME, deal=found["solvable"]["deal"], opening="solvable")
    call("new", game=GAME, deal=found["daily"]["deal"], opening="daily")
    call("new", game=GAME, deal=DEAL, opening="bank")
    call("new", game=GAME, deal=DEAL, opening="daily")
    call("jobStart", kind="guess")
    call("jobStart", kind="daily", game=GAME, date="2026-02-30")
    job = call("jobStart", kind="solvable", game=GAME, start="5")["job"]
    call("jobCancel", job=job)
    call("jobCancel", job=job)
    call("jobStep", job=job, nodes=10)
    call("jobStep", job=0, nodes=10)

    # Statistics: recorded, summarised, reset, and refused when unreadable.
    stats = call("statsRecord", stats=None, game=GAME, won=True, moves=80, seconds=300, solvable=True)["stats"]
    stats = call("statsRecord", stats=stats, game=GAME, won=False, moves=12, seconds=40, daily=DAILY_DATE, hints=2)[
        "stats"
    ]
    call("statsSummary", stats=stats, game=GAME)
    call("statsReset", stats=stats, game=GAME)
    call("statsReset", stats=stats)
    call("statsSummary", stats="{not json", game=GAME)
    call("statsRecord", stats=None, game=GAME, won="maybe", moves=1, seconds=1)

    # An internal error: the page gets one line, the console the traceback.
    failing = "planInternalError"
    api_module.METHODS[failing] = api_module.Method(lambda api, params: 1 // 0)
    try:
        call(failing)
    finally:
        del api_module.METHODS[failing]

    missing = sorted(set(api_module.METHODS) - visited)
    if missing:
        raise AssertionError(f"the API plan misses methods: {', '.join(missing)}")
    return answers


def main() -> int:
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "py"))
    from cloverleaf import api

    json.dump(run(api), sys.stdout, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
