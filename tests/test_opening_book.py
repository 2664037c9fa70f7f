"""The opening book holds the engine's own answers (issue 49).

A book is built here as the build builds one (scripts/opening_book.py), smaller,
then every answer in it is asked of the engine again from nothing, as the page's
engine asks it after the hand-over: the same table, the same hint, the same
refusal. Requests that share a node must leave the engine in the same state, so
every line the page can follow through the book is the engine's. The page reads
the book with its own decoder (web/js/book/book.js), under Node, into the same
values; the differences the book is stored as round-trip any JSON.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloverleaf.api import Api

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from json_diff import diff, dumps, patch, same  # noqa: E402
from opening_book import (  # noqa: E402
    ask,
    decode,
    engine_state,
    opening_book,
    request_key,
    requests,
    stopped_clock,
)

DEAL = "841594960"  # a deal of the bank: proved winnable, so its hints are found at once
SETTINGS = {"clickToPlay": True, "autoMove": True, "autoComplete": True}

Line = tuple[tuple[str, dict[str, Any]], ...]


@cache
def small_book() -> dict[str, Any]:
    return opening_book("clover-leaf", DEAL, SETTINGS, depth=2)


def play(line: Line) -> tuple[Api, Any]:
    """A fresh engine that has dealt the deal and answered ``line``; its last reply."""
    api = Api(now=stopped_clock)
    ask(api, "settings", SETTINGS)
    reply = ask(api, "new", {"game": "clover-leaf", "deal": DEAL, "opening": "bank"})
    for method, params in line:
        reply = ask(api, method, params)
    return api, reply


def request_of(state: dict[str, Any], key: str) -> tuple[str, dict[str, Any]]:
    """The request the page sends for ``key`` on ``state``'s table."""
    for method, params in requests(state):
        if request_key(method, params) == key:
            return method, params
    raise AssertionError(f"the book answers {key!r}, which no player can ask there")


def lines(book: dict[str, Any]) -> list[Line]:
    """Each node's line: the requests that first reached it, from the deal."""
    values = decode(book)
    found: list[Line | None] = [None] * len(values)
    found[0] = ()
    for index, value in enumerate(values):
        line = found[index]
        assert line is not None, f"node {index} is reached from no node before it"
        for key, target in value.get("answers", {}).items():
            if target >= 0 and found[target] is None:
                found[target] = (*line, request_of(value["table"]["state"], key))
    return [line for line in found if line is not None]


def test_every_answer_in_the_book_is_the_engines_and_every_shared_node_the_same_engine_state() -> None:
    book = small_book()
    values, paths = decode(book), lines(book)
    assert len(values) > 50 and max(len(line) for line in paths) == 2
    for index, (value, line) in enumerate(zip(values, paths, strict=True)):
        api, reply = play(line)
        if line and line[-1][0] == "hint":  # the hint's words, and the table it answers
            assert same(reply["ok"], {**value["hint"], **value["table"]}), index
        else:
            assert same(reply["ok"], value["table"]), index
        reached = engine_state(api)
        answers = value.get("answers", {})
        state = value["table"]["state"]
        for key, target in answers.items():
            method, params = request_of(state, key)
            if target < 0:  # a refusal changes nothing: asked of the same engine, one after another
                assert ask(api, method, params) == {"error": book["refusals"][-1 - target]}, key
                assert engine_state(api) == reached, key
                continue
            after, answer = play((*line, (method, params)))
            expected = values[target]
            hinted = {**expected["hint"], **expected["table"]} if method == "hint" else expected["table"]
            assert same(answer["ok"], hinted), key
            assert engine_state(after) == engine_state(play(paths[target])[0]), f"node {target} by {key}"
        if answers:  # every request a player can make is answered: a table, or the engine's refusal
            assert sorted(answers) == sorted(request_key(*request) for request in requests(state))


def test_a_saved_game_the_book_holds_restored_answers_every_move_as_the_book() -> None:
    """A newcomer who comes back after a move is resumed from the book (web/js/book/book-play.js open):
    the engine then restores the save and plays the moves the book answered, and must answer as the book,
    with the deal proved winnable or not as the save says (the engine's work in the background proves it
    once it is up; the build's engine never did). Not hints: a restored engine knows less of the deal than
    the one that dealt it, so the page asks it."""
    book = small_book()
    values = decode(book)
    resumed = [values[target] for key, target in values[0]["answers"].items() if target > 0 and key != "hint"]
    assert len(resumed) > 10
    checked = 0
    for number, value in enumerate(resumed):
        state = value["table"]["state"]
        proved = number % 2  # the page sets the save's in the book's tables (book-play.js resumedAt)
        save = value["table"]["save"].replace('"proved":0', f'"proved":{proved}')
        for key, target in value.get("answers", {}).items():
            if key == "hint":
                continue
            api = Api(now=stopped_clock)  # as the page restores a save (startup.js askRestore)
            ask(api, "restore", {"save": save, "played": 0})
            assert ask(api, "settings", SETTINGS)["ok"]["save"] == save
            reply = ask(api, *request_of(state, key))
            if target < 0:
                assert reply == {"error": book["refusals"][-1 - target]}, key
            else:
                table = values[target]["table"]
                proof = table["save"].replace('"proved":0', f'"proved":{proved}')
                assert same(reply["ok"], {**table, "save": proof}), key
            checked += 1
    assert checked > 100


def test_a_hint_in_the_book_is_followed_by_its_move_and_counts_as_help() -> None:
    book = small_book()
    values = decode(book)
    hinted = values[values[0]["answers"]["hint"]]
    move = hinted["hint"]["move"]
    assert hinted["hint"]["verdict"] == "solved" and move is not None
    assert json.loads(hinted["table"]["save"])["help"] == [1, 0]
    after = values[hinted["answers"][f"click {move['card']}"]]["table"]["state"]
    assert after["lastMoves"][0] == move and after["hints"] == 1


def test_the_page_decodes_the_book_into_the_same_values() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    book = small_book()
    script = f"""
        import {{ OpeningBook, requestKey }} from {json.dumps((ROOT / "web/js/book/book.js").as_uri())};
        let text = "";
        for await (const chunk of process.stdin) text += chunk;
        const book = new OpeningBook(JSON.parse(text));
        const nodes = book.encoded.map((_, index) => book.node(index));
        const keys = [
          requestKey("play", {{to: 3, card: "8S"}}), requestKey("undo", {{count: 1}}), requestKey("hint", {{}}),
        ];
        console.log(JSON.stringify({{nodes, keys}}));
    """
    result = subprocess.run(
        [node, "--input-type=module", "-e", script], input=dumps(book), capture_output=True, text=True, check=True
    )
    read = json.loads(result.stdout)
    assert [dumps(value) for value in read["nodes"]] == [dumps(value) for value in decode(book)]
    assert read["keys"] == [
        request_key("play", {"card": "8S", "to": 3}), request_key("undo", {"count": 1}), request_key("hint", {})
    ] == ["play 8S 3", "undo 1", "hint"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab\"é", max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("pqrst"), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values)
def test_a_difference_turns_the_old_value_into_the_new_one_key_order_included(old: Any, new: Any) -> None:
    change = diff(old, new)
    assert dumps(patch(change, old)) == dumps(new)
    assert len(dumps(change)) <= len(dumps([0, new]))


def test_a_move_is_stored_as_the_few_fields_it_changes() -> None:
    values = decode(small_book())
    old = values[0]["table"]
    clicked = [target for key, target in values[0]["answers"].items() if key.startswith("click ") and target > 0]
    moved = values[clicked[0]]["table"]
    change = diff(old, moved)
    assert change[0] == 1 and "game" not in change[1]["state"][1] and "fans" in change[1]["state"][1]
    assert len(dumps(change)) < len(dumps(moved)) / 3
