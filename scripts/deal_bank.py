"""Make the bank of opening tables the page draws before its engine has started.

    python3 scripts/deal_bank.py OUT.json [--per-game N] [--cache DIR]

A newcomer's first table should appear at once, not after Python has started in
the browser (seconds on a phone). So the build asks the engine itself, here on
CPython (the same package the page runs in Pyodide), for a few dozen deals of
every game that the solver proves winnable, and keeps each as the page receives
it: the state of the API's "new" answer (``web/js/engine/protocol.js`` State), made with
the engine's default settings (the page's defaults too). No rule is written in JavaScript: the page draws a
state from the bank, then asks its engine for the same deal ("new" with the
game and the deal number) and shows the engine's answer, which must be the same
table card for card.

The bank also holds the catalogue (the API's "games" answer), so the page can
name the game and lay out its fans before the engine answers.

Deal numbers are chosen the way the page's "new deal" does (solvable deals only
is its default): from a starting number, the first deal the solver proves
winnable (``NextSolvableDeal``). The starting numbers come from a hash of the
game and the slot, so every build makes the same bank from the same engine.

A newcomer's first table is the default game's (startup/first-game.js), and so
is the opening book's deal (scripts/opening_book.py): that bank holds
``--per-game`` deals, to vary a newcomer's first table. Every other game's bank
holds ``OTHER_GAMES`` deals, enough to draw a table of it before the engine has
started; proving deals winnable costs the solver far more in some games (a Troika
deal is proved winnable once in four tries) than a larger bank would give.

Proving the deals takes the solver some seconds: with ``--cache DIR`` the bank is
kept there under a hash of the package's sources and this script, and made again
only when one of them changes.

Written as compact JSON::

    {"settings": {...}, "games": [...], "deals": {"clover-leaf": [State, ...], ...}}
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from cloverleaf.api import Api  # noqa: E402
from cloverleaf.deals import DRAWN_DEALS  # noqa: E402  (what "new deal" draws from)
from cloverleaf.games import CATALOGUE, DEFAULT_GAME  # noqa: E402
from cloverleaf.solver.jobs import NextSolvableDeal, run_to_end  # noqa: E402

PER_GAME = 24
OTHER_GAMES = 4
"""The deals banked for each game but the default one."""


def call(api: Api, method: str, **params: Any) -> Any:
    reply = json.loads(api.call(method, json.dumps(params)))
    if "ok" not in reply:
        raise SystemExit(f"the engine refused {method} {params}: {reply}")
    return reply["ok"]


def start_number(game: str, slot: int) -> int:
    digest = hashlib.sha256(f"{game}/{slot}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % DRAWN_DEALS


def bank(per_game: int) -> dict[str, Any]:
    api = Api()
    # The engine's own defaults, as its states name them (the page's defaults too).
    settings = call(api, "state")["state"]["settings"]
    deals: dict[str, list[Any]] = {}
    for rules in CATALOGUE:
        states = []
        for slot in range(per_game if rules.id == DEFAULT_GAME.id else min(per_game, OTHER_GAMES)):
            found = run_to_end(NextSolvableDeal(rules, start_number(rules.id, slot)))
            if found["verdict"] != "solved":
                raise SystemExit(f"{rules.id}: no proved-winnable deal from slot {slot}: {found}")
            states.append(call(api, "new", game=rules.id, deal=str(found["deal"]))["state"])
        deals[rules.id] = states
    return {"settings": settings, "games": call(api, "games"), "deals": deals}


def sources_hash(per_game: int) -> str:
    """A hash of everything the bank depends on: the package's sources, this script, its size."""
    digest = hashlib.sha256(str(per_game).encode())
    for path in [*sorted((ROOT / "py" / "cloverleaf").rglob("*.py")), Path(__file__).resolve()]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--per-game", type=int, default=PER_GAME)
    parser.add_argument("--cache", type=Path, help="keep banks here, by a hash of what they depend on")
    args = parser.parse_args()
    started = time.monotonic()
    cached = args.cache / f"bank-{sources_hash(args.per_game)}.json" if args.cache else None
    if cached and cached.is_file():
        args.out.write_bytes(cached.read_bytes())
        print(f"deal bank: {cached} (the engine is unchanged)", file=sys.stderr)
        return 0
    made = bank(args.per_game)
    args.out.write_text(json.dumps(made, separators=(",", ":")), encoding="utf-8")
    if cached:
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("bank-*.json"):
            old.unlink()
        cached.write_bytes(args.out.read_bytes())
    count = sum(len(states) for states in made["deals"].values())
    print(
        f"deal bank: {count} proved-winnable deals of {len(made['deals'])} games, "
        f"{args.out.stat().st_size:,} bytes, in {time.monotonic() - started:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
