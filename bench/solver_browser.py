"""The solver in the browser: Pyodide in Chromium beside CPython, in one run.

    ./build.sh build && python3 bench/solver_browser.py [--quick]

Runs the same measurements in CPython and in the Pyodide of dist/ (Debian's
Chromium, headless) and prints a table with both and their ratio:
- nodes per second of a plain solve over a fixed set of deals;
- "new solvable deal": the NextSolvableDeal job from fixed starting numbers,
  median and 95th percentile of the time it takes (target: p95 under 0.3 s in
  the browser);
- hint: the Hint job from positions a player reaches (a deal's start, and after
  5, 10 and 20 moves of seeded random play, which often loses the game, so the
  hint must walk back), median and p95 (target: p95 under 0.3 s in the browser);
- hint asked again: Shamrocks deals whose first hint runs out of budget, each
  asked twice, the second ask going on with the first's search (as the page's
  worker does): how long each ask takes (median and slowest), and how many
  the second ask decides.
Every game of the catalogue takes part.
Budgets are the app's own (each game's ``Rules.solver``). Results are kept in
bench/results/solver-browser.json and compared with the previous run's.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
RESULTS = ROOT / "bench" / "results" / "solver-browser.json"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]

# Shamrocks deals whose first hint runs out of budget: a second ask wins the first seven, not the last three
AGAIN_DEALS = (37, 97, 391, 435, 863, 886, 918, 5, 24, 26)

# Runs unchanged in CPython and in Pyodide: measure(spec_json) -> results_json.
MEASURE = r'''
import json, random, time
from cloverleaf.deals import deal
from cloverleaf.engine import apply_move, legal_moves
from cloverleaf.games import find_game
from cloverleaf.solver import Hint, NextSolvableDeal, Search

def _run(job):
    while True:
        result = job.step(1 << 30)
        if result is not None:
            return result

def measure(spec_json):
    spec = json.loads(spec_json)
    out = {"solve": [], "solvable": [], "hint": []}
    for game, number, budget in spec["solve"]:
        rules = find_game(game)
        started = time.perf_counter()
        search = Search(rules, deal(rules, number))
        search.run(budget)
        out["solve"].append({"nodes": search.nodes, "seconds": time.perf_counter() - started})
    for game, start in spec["solvable"]:
        started = time.perf_counter()
        result = _run(NextSolvableDeal(find_game(game), start))
        out["solvable"].append({"seconds": time.perf_counter() - started, "nodes": result["nodes"]})
    for game, number, steps in spec["hint"]:
        rules = find_game(game)
        history = [deal(rules, number)]
        chooser = random.Random(number * 100 + steps)
        for _ in range(steps):
            moves = legal_moves(rules, history[-1])
            if not moves:
                break
            history.append(apply_move(rules, history[-1], chooser.choice(moves)))
        started = time.perf_counter()
        result = _run(Hint(rules, history))
        out["hint"].append({"seconds": time.perf_counter() - started, "nodes": result.nodes,
                            "verdict": result.verdict.value})
    out["again"] = []
    for game, number in spec["again"]:
        rules = find_game(game)
        job = Hint(rules, [deal(rules, number)])
        asks = []
        while True:
            started = time.perf_counter()
            result = _run(job)
            asks.append({"seconds": time.perf_counter() - started, "nodes": result.nodes,
                         "verdict": result.verdict.value})
            if not job.search_on():
                break
        out["again"].append(asks)
    return json.dumps(out)
'''

# Pyodide as the app's worker starts it: dist/'s runtime, trimmed standard library
# and lock (build-info.js), and the page's Python package.
PAGE = """<!doctype html><meta charset="utf-8"><title>solver bench</title>
<script type="module">
import { PACKAGE_ZIP, PYODIDE_DIR, PYODIDE_LOCK, STDLIB_ZIP } from "./js/build-info.js";
const { loadPyodide } = await import(`./${PYODIDE_DIR}pyodide.mjs`);
window.runBench = async (code, spec) => {
  const pyodide = await loadPyodide({
    indexURL: new URL(`./${PYODIDE_DIR}`, location.href).href,
    stdLibURL: `./${STDLIB_ZIP}`,
    lockFileContents: PYODIDE_LOCK,
  });
  const zip = await (await fetch(`./${PACKAGE_ZIP}`)).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", { extractDir: "/bench" });
  pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
  pyodide.runPython(code);
  return pyodide.globals.get("measure")(spec);
};
window.benchReady = true;
</script>"""


def spec(quick: bool) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "py"))
    from cloverleaf.games import CATALOGUE

    games = [rules.id for rules in CATALOGUE]
    count = 3 if quick else 10
    return {
        "solve": [[game, number, 20_000] for game in games for number in range(1, 4 if quick else 8)],
        "solvable": [[game, 1_000 + 7_919 * i] for game in games for i in range(count)],
        "hint": [[game, 100 + i, steps] for game in games for i in range(count // 2 or 1) for steps in (0, 5, 10, 20)],
        "again": [["shamrocks", number] for number in AGAIN_DEALS[: 4 if quick else None]],
    }


def run_cpython(spec_json: str) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "py"))
    namespace: dict[str, Any] = {}
    exec(MEASURE, namespace)
    return dict(json.loads(namespace["measure"](spec_json)))


def run_pyodide(spec_json: str) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        os.symlink(DIST / "js", site / "js")
        # dist/ ships the wasm and the zips as Zstandard frames, which the app's
        # worker decodes: this page has the runtime as npm ships it, and the zips
        # decoded (scripts/unzstd.mjs) under their names.
        info = (DIST / "js" / "build-info.js").read_text()
        pyodide_dir = json.loads(info.split("export const PYODIDE_DIR = ", 1)[1].split(";\n", 1)[0])
        (site / pyodide_dir).mkdir(parents=True)
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
            os.symlink(ROOT / "node_modules" / "pyodide" / name, site / pyodide_dir / name)
        (site / "py").mkdir()
        for frame in (DIST / "py").glob("*.zst"):
            decode = ["node", str(ROOT / "scripts" / "unzstd.mjs"), str(frame), str(site / "py" / frame.name)]
            subprocess.run(decode, check=True)
        (site / "index.html").write_text(PAGE)
        handler = functools.partial(Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as playwright:
                executable = os.environ.get("CLOVERLEAF_CHROMIUM") or (
                    "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None
                )
                browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
                page.wait_for_function("() => window.benchReady === true")
                result = page.evaluate("([code, spec]) => window.runBench(code, spec)", [MEASURE, spec_json])
                browser.close()
        finally:
            server.shutdown()
    return dict(json.loads(result))


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def summarise(result: dict[str, Any]) -> dict[str, float]:
    nodes = sum(r["nodes"] for r in result["solve"])
    seconds = sum(r["seconds"] for r in result["solve"])
    solvable = [r["seconds"] for r in result["solvable"]]
    hints = [r["seconds"] for r in result["hint"]]
    asks = [ask["seconds"] for asks in result["again"] for ask in asks]
    return {
        "nodes_per_second": nodes / seconds,
        "solvable_median_s": statistics.median(solvable),
        "solvable_p95_s": percentile(solvable, 0.95),
        "hint_median_s": statistics.median(hints),
        "hint_p95_s": percentile(hints, 0.95),
        "hint_again_ask_median_s": statistics.median(asks),
        "hint_again_ask_max_s": max(asks),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer cases, for a fast look")
    args = parser.parse_args()
    if not (DIST / "js" / "build-info.js").is_file():
        print("dist/ is missing: run ./build.sh build first", file=sys.stderr)
        return 2
    spec_json = json.dumps(spec(args.quick))
    cpython = summarise(run_cpython(spec_json))
    pyodide_raw = run_pyodide(spec_json)
    pyodide = summarise(pyodide_raw)
    previous = json.loads(RESULTS.read_text()) if RESULTS.is_file() else None
    cases = json.loads(spec_json)
    print(f"cases: {len(cases['solve'])} solves, {len(cases['solvable'])} solvable-deal walks, "
          f"{len(cases['hint'])} hints")
    print(f"{'measure':<22}{'CPython':>12}{'Pyodide':>12}{'ratio':>8}{'previous Pyodide':>18}")
    for key in cpython:
        ratio = pyodide[key] / cpython[key]
        before = f"{previous['pyodide'][key]:.3f}" if previous and key in previous["pyodide"] else "-"
        print(f"{key:<22}{cpython[key]:>12.3f}{pyodide[key]:>12.3f}{ratio:>8.2f}{before:>18}")
    undecided = sum(1 for r in pyodide_raw["hint"] if r["verdict"] == "unknown")
    print(f"hints left undecided within the hint budget (Pyodide): {undecided} of {len(pyodide_raw['hint'])}")
    again = pyodide_raw["again"]
    first_open = sum(1 for asks in again if asks[0]["verdict"] == "unknown")
    decided = sum(1 for asks in again if asks[-1]["verdict"] != "unknown")
    print(f"hints asked again (Shamrocks, Pyodide): {first_open} of {len(again)} first asks ran out of budget; "
          f"going on decided {decided}; asks per deal: {[len(asks) for asks in again]}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"cpython": cpython, "pyodide": pyodide, "quick": args.quick}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
