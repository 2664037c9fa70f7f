"""Every answer of the engine passes the page's check of it (web/js/engine/replies.js).

The page checks each answer before it draws or keeps it, and counts an answer
of the wrong shape as a fault of the engine (its worker is replaced): a check
stricter than the engine's own answers would replace a sound worker at every
move. So the engine's real answers, for every game and every method that
answers a table, statistics or a search's save, go through the page's check in
Node. (Answers the check must refuse: tests/js/replies.test.mjs.)
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cloverleaf.api import Api
from cloverleaf.games import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
CHECK = """
import { replyFault } from "./web/js/engine/replies.js";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const faults = JSON.parse(text).map(
  ([message, result]) => [message.method, message.params?.kind, replyFault(message, result)],
);
console.log(JSON.stringify(faults.filter(([, , fault]) => fault !== null)));
"""


class Recorder:
    """An API whose answers are kept with the request as the page would post it."""

    def __init__(self) -> None:
        self.api = Api()
        self.seen: list[tuple[dict[str, Any], Any]] = []

    def ask(self, method: str, **params: Any) -> Any:
        reply = json.loads(self.api.call(method, json.dumps(params)))
        assert "ok" in reply, (method, params, reply)
        self.seen.append(({"method": method, "params": params}, reply["ok"]))
        return reply["ok"]

    def job(self, **params: Any) -> Any:
        job = self.ask("jobStart", **params)["job"]
        while not (step := self.ask("jobStep", job=job, nodes=50_000))["done"]:
            pass
        self.seen.append(({"method": "job", "params": params}, step["result"]))
        return step["result"]


def engine_answers() -> list[tuple[dict[str, Any], Any]]:
    engine = Recorder()
    for rules in CATALOGUE:
        table = engine.ask("new", game=rules.id, deal="7", opening="link")
        state = table["state"]
        if state["click"]:
            engine.ask("click", card=next(iter(state["click"])))
            engine.ask("undo")
            engine.ask("redo")
        if state["canRedeal"]:
            engine.ask("redeal")
        engine.ask("settings", clickToPlay=True, autoMove=False, autoComplete=True)
        engine.ask("state")
        engine.ask("restart")
        engine.ask("restore", save=engine.ask("state")["save"])
        engine.ask("new", game=rules.id)  # the game left: a count
    engine.ask("new", game="clover-leaf", deal="1")
    engine.job(kind="hint")
    engine.job(kind="solution")
    stats = engine.ask("statsRecord", stats=None, game="fan", won=True, moves=40, seconds=75.5, daily="2026-11-29")
    engine.ask("statsSummary", stats=stats["stats"], game="fan")
    engine.ask("statsReset", stats="{not statistics", game="fan")
    return engine.seen


def test_every_answer_of_the_engine_passes_the_pages_check() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    if not (ROOT / "dist" / "js" / "build-info.js").is_file():
        pytest.skip("dist/ is not built (./build.sh build): the page's check reads build-info.js")
    answers = engine_answers()
    assert sum(message["method"] in ("click", "redeal", "restore") for message, _ in answers) > len(CATALOGUE)
    result = subprocess.run(
        [node, "--import", "./tests/js/register.mjs", "--input-type=module", "-e", CHECK],
        input=json.dumps(answers), capture_output=True, text=True, cwd=ROOT, check=True,
    )
    assert json.loads(result.stdout) == []
