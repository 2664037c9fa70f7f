"""Pyodide's standard library, trimmed by the build, serves every API method (issue 10).

The build keeps only the standard library files the page uses (scripts/stdlib.mjs)
and proves it in Node; here the proof is repeated where players are: the page's
own worker, in Chromium, with the trimmed zip, answers the whole API plan
(scripts/api_plan.py: every method, answered and refused, every job to its end,
the statistics) exactly as the engine answers it on CPython.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

from .conftest import DIST, ROOT, App, build_info

sys.path.insert(0, str(ROOT / "scripts"))

import api_plan

from cloverleaf import api

# The worker, started on its own from a page of the origin (no app around it):
# it fetches the runtime, the trimmed library and the package itself as soon as
# it starts (as boot.js starts it), then answers each call in turn.
RUN_IN_WORKER = """async (calls) => {
    const worker = new Worker(new URL("js/worker.js", location.href), { type: "module" });
    const answers = new Map();
    let started = null;
    const ready = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error("the worker did not start within 120 s")), 120000);
        worker.onmessage = ({ data }) => {
            if (data.event === "ready") resolve();
            else if (data.event === "failed") reject(new Error(data.message));
            else if ("id" in data) answers.get(data.id)(data);
        };
    });
    await ready;
    const replies = [];
    for (const [index, [method, params]] of calls.entries()) {
        replies.push(await new Promise((resolve) => {
            answers.set(index + 1, resolve);
            worker.postMessage({ id: index + 1, method, params });
        }));
    }
    worker.terminate();
    return replies;
}"""


def decoded(path: Path, work: Path) -> bytes:
    """A file of dist/ as the page decodes it (scripts/unzstd.mjs runs web/js/engine/zstd.js in Node)."""
    plain = work / (path.name + ".plain")
    subprocess.run(["node", str(ROOT / "scripts" / "unzstd.mjs"), str(path), str(plain)], check=True)
    return plain.read_bytes()


def test_the_trimmed_library_is_a_fraction_of_pyodides_and_holds_no_test_suite(dist: Any, tmp_path: Path) -> None:
    name = str(build_info("STDLIB_ZIP"))
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    trimmed = DIST / name
    # Its download (a Zstandard frame, scripts/zstd.mjs) is a third of Pyodide's
    # whole library; stored as bytecode, larger than the same modules as source.
    assert name.endswith(".zip.zst")
    assert trimmed.stat().st_size < 0.4 * full.stat().st_size
    with zipfile.ZipFile(io.BytesIO(decoded(trimmed, tmp_path))) as archive:
        names = set(archive.namelist())
        # Stored, not deflated: the frame compresses the whole; Python reads each module as it is.
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
    # Bytecode, compiled by the build, in place of the sources Pyodide compiles at every start.
    assert "encodings/__init__.pyc" in names and "json/__init__.pyc" in names
    assert not any(name.endswith(".py") for name in names)
    assert not any(name.startswith(("unittest/", "pydoc", "tkinter/")) for name in names)


def json_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def untimed(value: Any) -> Any:
    """An answer without the time played (the state's ``time``, a save's, a count's seconds): the plan's
    clock stands still on CPython (scripts/api_plan.py), the worker's runs."""
    if isinstance(value, dict):
        return {key: untimed(item) for key, item in value.items() if key not in ("time", "seconds")}
    if isinstance(value, list):
        return [untimed(item) for item in value]
    if isinstance(value, str) and value.startswith('{"v":'):
        return re.sub(r',"time":\d+', "", value)
    return value


def test_every_api_method_answers_in_chromium_as_on_cpython(app: App) -> None:
    plan = api_plan.run(api)
    # The calls the worker can carry: JSON objects as parameters (unreadable text is
    # the API's own business, covered by the plan in Node), and only the real methods.
    calls = [
        (method, params, reply)
        for method, text, reply in plan
        if method in api.METHODS and (params := json_object(text)) is not None
    ]
    assert {method for method, _, _ in calls} == set(api.METHODS)
    app.page.goto(app.base_url + "manifest.webmanifest")
    replies = app.page.evaluate(RUN_IN_WORKER, [[method, params] for method, params, _ in calls])
    for (method, params, expected), reply in zip(calls, replies, strict=True):
        got = {"ok": reply["result"]} if "result" in reply else {"error": reply["error"]}
        if "error" in expected:
            assert "error" in got, (method, params, got)
            assert got["error"]["type"] == expected["error"]["type"], (method, params, got)
            assert got["error"].get("reason") == expected["error"].get("reason"), (method, params, got)
        else:
            assert untimed(got) == untimed(expected), (method, params)
