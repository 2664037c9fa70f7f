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
