"""The page-worker protocol is declared once per side and both sides agree.

web/js/engine/protocol.js declares every request, reply, event and error kind for the
page; py/cloverleaf/api.py's METHODS is the table the worker calls. (What the
page needs before the engine starts, the State's fields among them, is written
once in Python and generated: tests/test_page_facts.py.) A method,
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

ROOT = Path(__file__).resolve().parents[1]
PROTOCOL = ROOT / "web" / "js" / "engine" / "protocol.js"


def page_declarations() -> dict[str, object]:
    """protocol.js's METHODS and JOB_KINDS, as Node imports them."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (build.sh installs it)")
    script = (
        f"import({json.dumps(PROTOCOL.as_uri())}).then((p) => "
        "console.log(JSON.stringify({methods: p.METHODS, jobKinds: p.JOB_KINDS})))"
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


def engine_reasons() -> set[str]:
    """Every reason an IllegalMoveError of the engine or the session may carry, read from their sources."""
    package = ROOT / "py" / "cloverleaf"
    engine = (package / "engine.py").read_text(encoding="utf-8")
    session = (package / "session.py").read_text(encoding="utf-8")
    reasons = set(re.findall(r'return "([a-z-]+)", ', engine))
    reasons |= set(re.findall(r'IllegalMoveError\(.*, "([a-z-]+)"\)$', session, re.MULTILINE))
    return reasons


def test_the_page_words_every_reason_the_engine_refuses_a_move_for() -> None:
    """A reason the engine gives that the page does not know would be said as a bare
    "not allowed": every one is declared (protocol.js IllegalReason) and worded
    (panels/report.js), but "rules", which is the engine's own catch-all."""
    reasons = engine_reasons()
    assert {"covered", "build", "full", "empty", "foundation", "cells", "run", "nowhere", "click-off"} <= reasons
    declared = PROTOCOL.read_text(encoding="utf-8").split("The reasons of an IllegalMove")[1].split("*/")[0]
    report = (ROOT / "web" / "js" / "panels" / "report.js").read_text(encoding="utf-8")
    for reason in reasons:
        assert f'"{reason}"' in declared, f"protocol.js IllegalReason lacks {reason!r}"
        if reason != "rules":
            assert f'case "{reason}":' in report, f"panels/report.js does not word {reason!r}"
