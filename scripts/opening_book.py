"""Make the opening books: the engine's answers to a newcomer's first moves, asked at build time.

    python3 scripts/opening_book.py BANK.json OUT.json [--deals N] [--depth D] [--cache DIR]

A newcomer's first table is drawn from the deal bank (scripts/deal_bank.py) a
second after the page opens, but Python takes seconds more to start on a phone.
The engine's answers to the first moves of those deals do not change, so the
build asks the engine for them here, on CPython, through the same API the page
calls (``cloverleaf.api.Api``: "click", "play", "undo", "redo" and the "hint"
job), as a chess engine ships an opening book. The page answers from the book
until its engine is up, then has the engine play the same moves and checks it
reaches the same table (web/js/book/).

A book is the tree of every request a player can make, ``depth`` requests deep
(a tap or a drag of any card, Undo, Redo, Hint), each node the table the page
holds after it (and a hint's answer) and the node each next request leads to
(or the engine's refusal: a tap on a card that cannot move leaves the line in
the book). Requests that lead to the same engine state (a tap and the drag it
plays, or a move made again after an Undo) share one node. Only the first
``deals`` deals of the default game's bank are booked: the page gives a newcomer
one of them first (web/js/startup/early-table.js).

The book stores the engine's replies as they are, whatever fields they hold, as
differences from the node's parent (scripts/json_diff.py; the format is in
docs/opening-book.md). Written as compact JSON::

    {"game": "clover-leaf", "depth": 3, "books": {"<deal>": Book, ...}}

With ``--cache DIR`` the books are kept there under a hash of the package's
sources, these scripts and the deals, and made again only when one changes.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))

from json_diff import diff, dumps, patch  # noqa: E402

from cloverleaf.api import MAX_JOB_NODES, Api  # noqa: E402
from cloverleaf.games import CATALOGUE  # noqa: E402
from cloverleaf.page_facts import DEFAULT_GAME_ID  # noqa: E402

Json = Any

DEALS = 4  # the bank's deals a newcomer can be given first, booked
DEPTH = 3  # requests deep, at most
MAX_TABLES = 1000  # a deal's book stops growing here (its last level then holds what fits)
BOOK_VERSION = 1


def stopped_clock() -> float:
    """The book's clock never moves: its tables hold no time played (the page's engine counts it)."""
    return 0.0


def request_key(method: str, params: dict[str, Json]) -> str:
    """A request as the book indexes it: the method, then its parameters' values in the order of their names.

    ``click 8S``, ``play 8S 3``, ``play 8S F``, ``undo 1``, ``redo``, ``hint``; the
    page makes the same key from the same request (web/js/book/book.js).
    """
    return " ".join([method, *(str(params[name]) for name in sorted(params))])


def ask(api: Api, method: str, params: dict[str, Json]) -> Json:
    """The API's reply, ``{"ok": ...}`` or ``{"error": ...}``, as the worker gets it; a hint as a job run to its end."""
    if method != "hint":
        return json.loads(api.call(method, dumps(params)))
    started = json.loads(api.call("jobStart", dumps({"kind": "hint"})))
    if "ok" not in started:
        return started
    while True:
        step = json.loads(api.call("jobStep", dumps({"job": started["ok"]["job"], "nodes": MAX_JOB_NODES})))
        if "ok" not in step or step["ok"]["done"]:
            return step if "ok" not in step else {"ok": step["ok"]["result"]}


def requests(state: Json) -> list[tuple[str, dict[str, Json]]]:
    """Every request the page can make on ``state``'s table: Hint, a tap on each card in sight, a
    drag to each legal destination, Undo and Redo when the table allows them (in this order the
    book grows, where it cannot hold every node of its last level)."""
    cards = [card for fan in state["fans"] for card in fan]
    cards += [foundation["top"] for foundation in state["foundations"] if foundation["top"]]
    made: list[tuple[str, dict[str, Json]]] = [("hint", {})]
    made += [("click", {"card": card}) for card in cards]
    made += [("play", {"card": card, "to": to}) for card, dests in state["movable"].items() for to in dests]
    if state["canRedeal"]:
        made.append(("redeal", {}))
    if state["canUndo"]:
        made.append(("undo", {"count": 1}))
    if state["canRedo"]:
        made.append(("redo", {}))
    return made


def engine_state(api: Api, table: Json = None) -> str:
    """All an answer to the next request depends on: the table and save (``table``, when just
    answered), and what the coach keeps besides (the plan the hints follow, the hint and the loss
    on show, the search kept, what a check has said)."""
    coach = api.session.coach
    search = coach.search
    return dumps([
        api.table() if table is None else table,
        sorted((repr(position), repr(step)) for position, step in coach.plan.items()),
        coach.proven,
        repr(coach.shown),
        repr(coach.lost),
        [search.nodes, search.budget, search.can_search_on] if search else None,
        coach.checked,
        coach.told_lost,
    ])


def clone(api: Api, moving: bool = False) -> Api:
    """A copy of the engine to try one request on (the games' rules stay shared, as they are constants).

    For a request that moves the game (``moving``), the last hint's search is left out: the API lets
    it go as soon as the game moves on, and copying it costs more than the rest of the engine.
    """
    memo: dict[int, Any] = {id(rules): rules for rules in CATALOGUE}
    if moving:
        memo[id(api.session.coach.search)] = None
    return copy.deepcopy(api, memo)


@dataclass
class Node:
    value: dict[str, Json]  # the table the page holds here (and the hint's answer), then the answers
    level: int  # requests from the deal
    parent: int  # the node it was first reached from (-1: the deal)
    api: Api | None = None  # the engine here, while the node is still to be explored
    answers: dict[str, int] = field(default_factory=dict)


def explore(
    game: str, deal: str, settings: dict[str, bool], depth: int, max_tables: int
) -> tuple[list[Node], list[Json]]:
    """Every node of the deal's book, breadth first, and the refusals the answers point to.

    A node is explored whole or not at all: the book ends once it holds ``max_tables`` nodes (or
    the few more that the last node explored added)."""
    api = Api(now=stopped_clock)
    for method, params in (("settings", settings), ("new", {"game": game, "deal": deal, "opening": "bank"})):
        reply = ask(api, method, params)
        if "ok" not in reply:
            raise SystemExit(f"the engine refused {method} {params}: {reply}")
    nodes = [Node({"table": reply["ok"]}, 0, -1, api)]
    known = {engine_state(api): 0}
    refusals: list[Json] = []
    refusal_numbers: dict[str, int] = {}
    for number, node in enumerate(nodes):
        here, node.api = node.api, None
        assert here is not None
        if node.level >= depth or len(nodes) >= max_tables:
            continue
        scratch = clone(here)  # refused requests change nothing: one copy serves them all
        for method, params in requests(here.table()["state"]):
            tried = scratch if method == "click" else clone(here, moving=method != "hint")
            reply = ask(tried, method, params)
            key = request_key(method, params)
            if "error" in reply:
                text = dumps(reply["error"])
                refusal_numbers.setdefault(text, len(refusals))
                if refusal_numbers[text] == len(refusals):
                    refusals.append(reply["error"])
                node.answers[key] = -1 - refusal_numbers[text]
                continue
            if tried is scratch:
                scratch = clone(here)
            reached = engine_state(tried, None if method == "hint" else reply["ok"])
            if reached not in known:
                known[reached] = len(nodes)
                value = {"table": reply["ok"]}
                if method == "hint":  # the table it answers (its help, the hint on show), and the hint's own words
                    answer = reply["ok"]
                    shown = {key: answer[key] for key in ("state", "save", "count")}
                    value = {"table": shown, "hint": {key: answer[key] for key in answer if key not in shown}}
                nodes.append(Node(value, node.level + 1, number, tried))
            node.answers[key] = known[reached]
    return nodes, refusals


def encode(nodes: list[Node], refusals: list[Json], game: str, deal: str, depth: int) -> dict[str, Json]:
    """The book as the page reads it: each node as its difference from its parent's."""
    values = [{**node.value, **({"answers": node.answers} if node.answers else {})} for node in nodes]
    encoded = [[-1, [0, values[0]]]]
    for node, value in zip(nodes[1:], values[1:], strict=True):
        encoded.append([node.parent, diff(values[node.parent], value)])
    return {"v": BOOK_VERSION, "game": game, "deal": deal, "depth": depth, "refusals": refusals, "nodes": encoded}


def decode(book: dict[str, Json]) -> list[dict[str, Json]]:
    """Every node's value, as the page decodes it (the test reads books back with this)."""
    values: list[dict[str, Json]] = []
    for parent, difference in book["nodes"]:
        values.append(patch(difference, values[parent] if parent >= 0 else None))
    return values


def opening_book(
    game: str, deal: str, settings: dict[str, bool], depth: int = DEPTH, max_tables: int = MAX_TABLES
) -> dict[str, Json]:
    nodes, refusals = explore(game, deal, settings, depth, max_tables)
    return encode(nodes, refusals, game, deal, depth)


def booked_deals(bank: dict[str, Json], count: int) -> list[str]:
    """The deals to book: the first ``count`` of the default game's bank."""
    return [state["deal"] for state in bank["deals"][DEFAULT_GAME_ID][:count]]


def sources_hash(deals: list[str], depth: int, max_tables: int) -> str:
    """A hash of everything the books depend on: the package's sources, these scripts, the deals, the sizes."""
    digest = hashlib.sha256(dumps([deals, depth, max_tables]).encode())
    scripts = [Path(__file__).resolve(), ROOT / "scripts" / "json_diff.py"]
    for path in [*sorted((ROOT / "py" / "cloverleaf").rglob("*.py")), *scripts]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bank", type=Path, help="the deal bank scripts/deal_bank.py wrote")
    parser.add_argument("out", type=Path)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES)
    parser.add_argument("--cache", type=Path, help="keep books here, by a hash of what they depend on")
    args = parser.parse_args()
    started = time.monotonic()
    bank = json.loads(args.bank.read_text(encoding="utf-8"))
    deals = booked_deals(bank, args.deals)
    cached = args.cache / f"books-{sources_hash(deals, args.depth, args.max_tables)}.json" if args.cache else None
    if cached and cached.is_file():
        args.out.write_bytes(cached.read_bytes())
        print(f"opening books: {cached} (the engine is unchanged)", file=sys.stderr)
        return 0
    books = {
        deal: opening_book(DEFAULT_GAME_ID, deal, bank["settings"], args.depth, args.max_tables) for deal in deals
    }
    args.out.write_text(dumps({"game": DEFAULT_GAME_ID, "depth": args.depth, "books": books}), encoding="utf-8")
    if cached:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(args.out.read_bytes())
        # Worktrees may share the cache: the newest few are kept.
        for old in sorted(cached.parent.glob("books-*.json"), key=lambda path: path.stat().st_mtime)[:-6]:
            old.unlink()
    nodes = sum(len(book["nodes"]) for book in books.values())
    print(
        f"opening books: {len(books)} deals of {DEFAULT_GAME_ID}, {args.depth} requests deep, {nodes} tables, "
        f"{args.out.stat().st_size:,} bytes, in {time.monotonic() - started:.1f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
