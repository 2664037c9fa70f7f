"""Start-up and response time of the page, measured in real Chromium.

    python3 bench/startup.py [--runs N]     (after ./build.sh build)

Measures, in one run of one browser against dist/ served on localhost:

- bare Pyodide: navigation to the end of ``loadPyodide()`` alone, on an empty page
  served beside the app (same files, same server), on the main thread and, as a
  second baseline, in a module worker (where the app must run Python);
- the app: navigation to a playable table (the page's ``cloverleaf:ready`` mark:
  the engine answered and the deal is drawn), for a deal given in the address;
- each cold (a fresh browser context: empty HTTP cache) and warm (a reload in the
  same context; for the app, once its service worker controls the page, as for a
  returning player: the app then starts from its memory snapshot), median over
  the runs, and the app's cost over bare Pyodide;
- click to drawn: from a click on a card (pointerdown + pointerup) to the first
  animation frame that draws it moved, median over repeated click/undo pairs.

Prints a table, beside the previous run's medians, and keeps this run's in
bench/results/startup.json.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, QuietServer, chromium_path  # noqa: E402

DEAL = ("clover-leaf", "1")
RESULTS = ROOT / "bench" / "results" / "startup.json"

BARE_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script>"""


def bare_js() -> bytes:
    info = (DIST / "js" / "build-info.js").read_text()
    folder = next(line.split('"')[1] for line in info.splitlines() if "PYODIDE_DIR" in line)
    return f"""import {{ loadPyodide }} from "../{folder}pyodide.mjs";
await loadPyodide({{ indexURL: new URL("../{folder}", import.meta.url).href }});
performance.mark("bare:ready");
""".encode()


WORKER_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide in a worker</title>
<script type="module" src="bare-worker.js"></script>"""

# The same loadPyodide() alone, but in a module worker, as the app must run it.
WORKER_PAGE_JS = b"""const worker = new Worker(new URL("./bare-worker-thread.js", import.meta.url), { type: "module" });
worker.onmessage = () => performance.mark("bare:ready");
"""


def worker_thread_js() -> bytes:
    return bare_js().replace(b'performance.mark("bare:ready");', b'postMessage("ready");')


class Handler(http.server.SimpleHTTPRequestHandler):
    """dist/ as it is, plus /bench/bare.html and /bench/bare.js (loadPyodide alone)."""

    extra: ClassVar[dict[str, tuple[bytes, str]]] = {}

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in self.extra:
            body, kind = self.extra[path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve() -> tuple[QuietServer, str]:
    Handler.extra = {
        "/bench/bare.html": (BARE_HTML, "text/html"),
        "/bench/bare.js": (bare_js(), "text/javascript"),
        "/bench/bare-worker.html": (WORKER_HTML, "text/html"),
        "/bench/bare-worker.js": (WORKER_PAGE_JS, "text/javascript"),
        "/bench/bare-worker-thread.js": (worker_thread_js(), "text/javascript"),
    }
    server = QuietServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def mark_time(page: Any, name: str) -> float:
    page.wait_for_function(
        "name => performance.getEntriesByName(name).length > 0 || document.body?.dataset.status === 'error'",
        arg=name,
        timeout=120_000,
    )
    value = page.evaluate("name => performance.getEntriesByName(name)[0]?.startTime ?? null", name)
    if value is None:
        raise SystemExit(f"the page failed to start: {page.locator('#panel').inner_text()}")
    return float(value)


STAGES = ("cloverleaf:runtime", "cloverleaf:package")


def stage_times(page: Any) -> dict[str, float]:
    return {
        name: float(page.evaluate("n => performance.getEntriesByName(n)[0]?.startTime ?? NaN", name))
        for name in STAGES
    }


def load_times(
    browser: Any, url: str, mark: str, stages: dict[str, list[float]] | None = None, starts: list[str] | None = None
) -> tuple[float, float]:
    """(cold, warm) milliseconds from navigation to ``mark``.

    For the app: its stages go to ``stages``, and how its warm start began
    ("snapshot" or "fresh") to ``starts``.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    cold = mark_time(page, mark)
    if stages is not None:
        for name, value in stage_times(page).items():
            stages.setdefault(f"{name} cold", []).append(value)
        # A returning player: the service worker has stored the app (and the
        # start-up snapshot) since the first visit.
        page.wait_for_function("() => navigator.serviceWorker?.controller != null", timeout=120_000)
    page.reload()
    warm = mark_time(page, mark)
    if stages is not None:
        for name, value in stage_times(page).items():
            stages.setdefault(f"{name} warm", []).append(value)
    if starts is not None:
        starts.append(str(page.evaluate("() => document.body.dataset.engineStart")))
    context.close()
    return cold, warm


CLICK_TO_DRAWN = """card => new Promise((resolve) => {
    const el = document.querySelector(`.card[data-card="${card}"]`);
    const before = el.style.transform;
    const r = el.getBoundingClientRect();
    const options = {bubbles: true, isPrimary: true, pointerId: 1, pointerType: "mouse", button: 0,
                     clientX: r.left + 5, clientY: r.top + 5};
    let t0 = 0;
    const observer = new MutationObserver(() => {
        if (el.style.transform === before) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    observer.observe(el, {attributes: true, attributeFilter: ["style"]});
    t0 = performance.now();
    el.dispatchEvent(new PointerEvent("pointerdown", options));
    el.dispatchEvent(new PointerEvent("pointerup", options));
})"""

SETTLED = "() => document.body.dataset.pending === '0' && !document.querySelector('.card--moving')"


def click_times(browser: Any, base: str, count: int) -> list[float]:
    from cloverleaf import api

    game, deal = DEAL
    api.call("settings", json.dumps({"clickToPlay": True, "autoMove": True, "autoComplete": True}))
    state = json.loads(api.call("new", json.dumps({"game": game, "deal": deal})))["ok"]["state"]
    card = next(iter(state["click"]))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{base}index.html#{game}/{deal}")
    mark_time(page, "cloverleaf:ready")
    page.wait_for_function(SETTLED)
    times = []
    for _ in range(count):
        times.append(float(page.evaluate(CLICK_TO_DRAWN, card)))
        page.wait_for_function(SETTLED)
        page.locator('[data-action="undo"]').click()
        page.wait_for_function("() => document.body.dataset.moves === '0'")
        page.wait_for_function(SETTLED)
    context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="page loads of each kind (default 5)")
    parser.add_argument("--clicks", type=int, default=15, help="click/undo pairs (default 15)")
    args = parser.parse_args()
    if not (DIST / "js" / "build-info.js").is_file():
        raise SystemExit("dist/ is missing: run ./build.sh build first")

    from playwright.sync_api import sync_playwright

    server, base = serve()
    game, deal = DEAL
    results: dict[str, list[float]] = {
        "bare cold": [], "bare warm": [], "worker cold": [], "worker warm": [], "app cold": [], "app warm": []
    }
    stages: dict[str, list[float]] = {}
    starts: list[str] = []  # how each warm start of the app began
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for run in range(args.runs):
            # Interleaved, so both see the same machine load.
            cold, warm = load_times(browser, f"{base}bench/bare.html", "bare:ready")
            results["bare cold"].append(cold)
            results["bare warm"].append(warm)
            cold, warm = load_times(browser, f"{base}bench/bare-worker.html", "bare:ready")
            results["worker cold"].append(cold)
            results["worker warm"].append(warm)
            cold, warm = load_times(browser, f"{base}index.html#{game}/{deal}", "cloverleaf:ready", stages, starts)
            results["app cold"].append(cold)
            results["app warm"].append(warm)
            print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
        clicks = click_times(browser, base, args.clicks)
        browser.close()
    server.shutdown()

    median = {name: statistics.median(values) for name, values in results.items()}
    print(f"\nStart-up, navigation to ready, median of {args.runs} runs (ms; min-max)")
    print(f"{'':6}{'bare Pyodide':>22}{'Clover Leaf':>22}{'extra':>10}")
    for kind in ("cold", "warm"):
        bare, app = results[f"bare {kind}"], results[f"app {kind}"]
        extra = median[f"app {kind}"] / median[f"bare {kind}"] - 1
        print(
            f"{kind:6}{median[f'bare {kind}']:>8.0f} ({min(bare):.0f}-{max(bare):.0f})".ljust(28)
            + f"{median[f'app {kind}']:>8.0f} ({min(app):.0f}-{max(app):.0f})".ljust(22)
            + f"{extra:>+9.1%}"
        )
    print("\nBeside bare Pyodide in a module worker (where the app must run it), median (ms)")
    for kind in ("cold", "warm"):
        extra = median[f"app {kind}"] / median[f"worker {kind}"] - 1
        print(f"{kind:6}{median[f'worker {kind}']:>8.0f}{median[f'app {kind}']:>22.0f}{extra:>+19.1%}")
    print("\nThe app's stages, median (ms from navigation): Python runtime up, package imported, table ready")
    for kind in ("cold", "warm"):
        runtime = statistics.median(stages[f"cloverleaf:runtime {kind}"])
        package = statistics.median(stages[f"cloverleaf:package {kind}"])
        print(f"{kind:6}{runtime:>10.0f}{package:>10.0f}{median[f'app {kind}']:>10.0f}")
    snapshots = starts.count("snapshot")
    print(f"Warm starts restored from the start-up snapshot: {snapshots} of {len(starts)}")
    print(f"\nClick to moved card drawn, median of {len(clicks)}: {statistics.median(clicks):.1f} ms "
          f"(min {min(clicks):.1f}, max {max(clicks):.1f})")
    median["click to drawn"] = statistics.median(clicks)
    previous = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    if previous.get("median"):
        print("\nPrevious run, median (ms): " + ", ".join(
            f"{name} {value:.0f}" for name, value in previous["median"].items() if name in median
        ))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(
        {"runs": args.runs, "median": {name: round(value, 1) for name, value in median.items()},
         "warm starts from the snapshot": f"{snapshots} of {len(starts)}"},
        indent=1,
    ) + "\n")


if __name__ == "__main__":
    main()
