"""The page-worker protocol is declared once per side and both sides agree.

web/js/engine/protocol.js declares every request, reply, event and error kind for the
page; py/cloverleaf/api.py's METHODS is the table the worker calls. A method,
or a parameter, that one side knows and the other does not would fail only
when a player reaches it: this test fails first.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cloverleaf.api import METHODS, Api
from cloverleaf.games import DEFAULT_GAME
from cloverleaf.solver import Level

ROOT = Path(__file__).resolve().parents[1]
PROTOCOL = ROOT / "web" / "js" / "engine" / "protocol.js"


def page_declarations() -> dict[str, object]:
    """protocol.js's METHODS, JOB_KINDS, LEVELS and DEFAULT_GAME, as Node imports them."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    script = (
        f"import({json.dumps(PROTOCOL.as_uri())}).then((p) => "
        "console.log(JSON.stringify({methods: p.METHODS, jobKinds: p.JOB_KINDS, levels: p.LEVELS,"
        " defaultGame: p.DEFAULT_GAME})))"
    )
    result = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    declared: dict[str, object] = json.loads(result.stdout)
    return declared


def test_the_page_declares_every_method_of_the_api_with_its_parameters() -> None:
    declared = page_declarations()["methods"]
    assert declared == {name: list(method.params) for name, method in METHODS.items()}


def test_the_page_declares_every_kind_of_job_the_api_starts() -> None:
    api = Api()
    api.call("new", '{"game": "fan", "deal": "1"}')
    for kind in page_declarations()["jobKinds"]:  # type: ignore[attr-defined]
        params = {"kind": kind, "game": "fan", "start": "1", "date": "2026-11-30", "deal": "3"}
        if kind in ("hint", "check"):
            params = {"kind": kind}
        reply = json.loads(api.call("jobStart", json.dumps(params)))
        assert "ok" in reply, (kind, reply)
    reply = json.loads(api.call("jobStart", '{"kind": "poker"}'))
    assert reply["error"]["type"] == "InvalidInput"


def test_the_page_names_the_difficulty_levels_of_the_solver_easiest_first() -> None:
    assert page_declarations()["levels"] == [level.value for level in Level]


def test_the_page_opens_the_default_game_of_the_catalogue() -> None:
    assert page_declarations()["defaultGame"] == DEFAULT_GAME.id


def test_the_state_has_the_fields_the_page_declares() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    typedef = text[text.index("* Everything the page draws"):text.index("@typedef {{state: State")]
    declared = set(re.findall(r"@property \{.*\} (\w+)", typedef))
    api = Api()
    api.call("new", '{"game": "fan", "deal": "1"}')
    assert set(api.state()) == declared
