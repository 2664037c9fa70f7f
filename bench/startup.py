"""Start-up of the page as a newcomer and a returning player see it, in real Chromium.

    python3 bench/startup.py [--profiles phone,desktop] [--runs N]   (after ./build.sh build)

Two profiles, each measured in one run against dist/ served on localhost:

- ``phone``: Playwright's Pixel 7 (touch, 412x839), the CPU slowed 4x
  (``Emulation.setCPUThrottlingRate``) and a 4G link of 9 Mbit/s down, 2 up and
  150 ms latency (``Network.emulateNetworkConditions``), both through the DevTools
  protocol; they reach the page's module worker too;
- ``desktop``: 1280x800, no throttling.

The server answers as a static host such as GitHub Pages does: HTTP/1.1, gzip for
the files worth compressing (not zips, not the gzipped snapshot, not the build's
Zstandard frames), Cache-Control
max-age=600.

What each run measures, in this order (interleaved, so all see the same load):

- **bare Pyodide**: ``loadPyodide()`` alone in a module worker, on an empty page
  served beside the app (same files, same server, a fresh context): the baseline
  every figure is divided by;
- **the app's first visit** (a fresh context, no address, nothing stored): the first
  full deal drawn (52 cards in the DOM, then a frame), the engine ready
  (body[data-status] "ready"), and the first tap answered: a card the table shows
  as movable is tapped as soon as the deal is drawn, and the time is when the
  page shows the move (body[data-moves] changes). A newcomer's deal has an
  opening book (scripts/opening_book.py), so the tap is answered from it, once
  it has arrived, before the engine is up; each run says whether it was (the
  move shown before the engine was ready), when the book arrived and its bytes.
  A tap that the page drops (before the engine is ready) is repeated once the
  engine is ready, as a person would, so an app that loses early taps pays for it;
- **the return visit**: once the service worker controls the page and the player
  has closed the first-visit overlay (as everyone who played on did), a reload:
  the saved table drawn, and the first tap answered (the app then starts from its
  memory snapshot).

Times are milliseconds from navigation, medians of the runs, and ratios to bare
Pyodide's median of the same run. The app's own stages (performance marks
``cloverleaf:*``: downloads done, wasm compiled, Python up, package imported) are
printed too, to show where a first visit's time goes. Results, with every run's
figures, go to bench/results/startup.json.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, QuietServer, chromium_path  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "startup.json"
WAIT_MS = 180_000

PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 9_000_000 / 8,
    "uploadThroughput": 2_000_000 / 8,
}

# The targets of issue 49, as fractions of bare Pyodide's first visit (phone).
TARGETS = {"first draw": 0.10, "first tap": 0.20, "return tap": 0.10}

WORKER_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide in a worker</title>
<script type="module" src="bare-worker.js"></script>"""

WORKER_PAGE_JS = b"""const worker = new Worker(new URL("./bare-worker-thread.js", import.meta.url), { type: "module" });
worker.onmessage = () => performance.mark("bare:ready");
"""


# Bare Pyodide is the npm package as it is (dist/ holds a trimmed standard library
# and no lock file), served from /bench/pyodide/.
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
BARE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def worker_thread_js() -> bytes:
    return b"""import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage("ready");
"""


# Files a static host would not compress again: archives, the gzipped snapshot, the
# build's Zstandard frames, images.
STORED_AS_IS = (".zip", ".gz", ".zst", ".png", ".ico")


class Handler(http.server.SimpleHTTPRequestHandler):
    """dist/ with gzip where a host would use it, plus /bench/* (bare Pyodide)."""

    protocol_version = "HTTP/1.1"
    extra: ClassVar[dict[str, tuple[bytes, str]]] = {}
    packed: ClassVar[dict[str, bytes]] = {}  # compressed once, before any page loads

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in self.extra:
            body, kind = self.extra[path]
            self.answer(body, kind, compress=not path.endswith(STORED_AS_IS), key=path)
            return
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file():
            self.send_error(404)
            return
        kind = self.guess_type(str(file))
        self.answer(file.read_bytes(), kind, compress=not file.name.endswith(STORED_AS_IS), key=str(file))

    def answer(self, body: bytes, kind: str, compress: bool, key: str | None = None) -> None:
        encoding = None
        if compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            packed = self.packed.get(key) if key else None
            body, encoding = packed if packed is not None else gzip.compress(body, 6), "gzip"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("Last-Modified", email.utils.formatdate(usegmt=True))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve() -> tuple[QuietServer, str]:
    Handler.extra = {
        "/bench/bare-worker.html": (WORKER_HTML, "text/html"),
        "/bench/bare-worker.js": (WORKER_PAGE_JS, "text/javascript"),
        "/bench/bare-worker-thread.js": (worker_thread_js(), "text/javascript"),
    }
    kinds = {
        ".mjs": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip", ".json": "application/json",
    }
    for name in BARE_FILES:
        body = (PYODIDE_PACKAGE / name).read_bytes()
        Handler.extra[f"/bench/pyodide/{name}"] = (body, kinds[Path(name).suffix])
    Handler.packed = {
        str(path): gzip.compress(path.read_bytes(), 6)
        for path in DIST.rglob("*")
        if path.is_file() and not path.name.endswith(STORED_AS_IS)
    }
    Handler.packed.update(
        {path: gzip.compress(body, 6) for path, (body, _) in Handler.extra.items() if not path.endswith(STORED_AS_IS)}
    )
    server = QuietServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# Watches the page from the outside (an init script runs before any of the page's):
# when 52 cards are in the DOM and the frame after, when the engine is ready, when
# the moves counter changes after a tap.
WATCH = """(() => {
  const seen = { drawn: null, painted: null, ready: null, answered: null, tapAt: null, movesAtTap: null };
  window.__bench = seen;
  const check = () => {
    const now = performance.now();
    if (seen.drawn === null && document.querySelectorAll('.card').length >= 52) {
      seen.drawn = now;
      requestAnimationFrame(() => setTimeout(() => { seen.painted = performance.now(); }, 0));
    }
    const body = document.body;
    if (!body) return;
    if (seen.ready === null && body.dataset.status === 'ready') seen.ready = now;
    if (seen.tapAt !== null && seen.answered === null && body.dataset.moves !== seen.movesAtTap) seen.answered = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-moves', 'data-status'],
  });
})();"""

# A card to tap: the top card of a fan that the table shows as movable, and where it is.
TAP_TARGET = """() => {
  for (const el of document.querySelectorAll('.card.card--movable')) {
    if (el.dataset.where === 'F') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    return { card: el.dataset.card, x: r.left + Math.min(8, r.width / 3), y: r.top + Math.min(8, r.height / 4) };
  }
  return null;
}"""

MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('cloverleaf:')).map((m) => [m.name.slice(11), m.startTime]))"""

# The opening book the page fetched, if any: when it arrived and its bytes (as served, and decoded).
BOOK = """() => {
  const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/py/book-'));
  return entry ? { arrived: entry.responseEnd, served: entry.encodedBodySize, bytes: entry.decodedBodySize } : null;
}"""


class Probe:
    """Reads a page through the DevTools protocol (``Runtime.evaluate``), never through Playwright's evaluate.

    Playwright injects scripts of its own into a document the first time it
    evaluates or waits for something there: about 40 ms of a slowed phone's main
    thread, measured in a trace, which landed inside the windows measured here
    (between the deal's arrival and its first frame, or before the first tap): a
    cost no player's browser pays. A plain expression evaluated through the
    protocol injects nothing. Polled every POLL_S, as a person glancing at the
    screen would; the times themselves are taken in the page (WATCH).
    """

    POLL_S = 0.02

    def __init__(self, cdp: Any) -> None:
        self.cdp = cdp

    def value(self, expression: str) -> Any:
        reply = self.cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails'].get('text')}")
        return reply["result"].get("value")

    def wait(self, expression: str) -> None:
        """Until ``expression`` is true in the page; it may be evaluated before the page has a document."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            try:
                if self.value(expression):
                    return
            except RuntimeError:
                pass  # between documents (a navigation): asked again
            time.sleep(self.POLL_S)
        raise SystemExit(f"not within {WAIT_MS / 1000:.0f} s: {expression}")


class Profile:
    def __init__(self, name: str, playwright: Any) -> None:
        self.name = name
        if name == "phone":
            device = dict(playwright.devices["Pixel 7"])
            device.pop("default_browser_type", None)
            self.options = device
        else:
            self.options = {"viewport": {"width": 1280, "height": 800}}

    def page(self, browser: Any) -> tuple[Any, Any, Probe]:
        context = browser.new_context(**self.options)
        context.add_init_script(WATCH)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        if self.name == "phone":
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        return context, page, Probe(cdp)

    def tap(self, page: Any, probe: Probe) -> bool:
        target = probe.value(f"({TAP_TARGET})()")
        if target is None:
            return False
        probe.value("window.__bench.movesAtTap = document.body.dataset.moves; "
                    "window.__bench.tapAt = performance.now();")
        if self.name == "phone":
            page.touchscreen.tap(target["x"], target["y"])
        else:
            page.mouse.click(target["x"], target["y"])
        return True


def watched(probe: Probe) -> dict[str, Any]:
    return dict(probe.value("window.__bench"))


def wait_for(probe: Probe, what: str) -> None:
    probe.wait(f"window.__bench?.{what} != null || document.body?.dataset.status === 'error'")
    if probe.value("document.body.dataset.status") == "error":
        raise SystemExit(f"the page failed to start: {probe.value('document.querySelector(`#panel`).innerText')}")


def first_tap(profile: Profile, page: Any, probe: Probe) -> dict[str, Any]:
    """Tap as soon as a deal is drawn; tap again when the page dropped it.

    A tap counts as dropped when it is still unanswered 2 s after the engine is
    ready (a queued tap is answered within milliseconds of it).
    """
    wait_for(probe, "painted")
    profile.tap(page, probe)
    deadline = time.monotonic() + WAIT_MS / 1000
    noticed_ready = None
    while time.monotonic() < deadline:
        seen = watched(probe)
        if seen["answered"] is not None:
            return seen
        if probe.value("document.body.dataset.status") == "error":
            raise SystemExit("the page failed to start")
        if seen["ready"] is not None:
            if noticed_ready is None:
                noticed_ready = time.monotonic()
            elif time.monotonic() - noticed_ready > 2:
                profile.tap(page, probe)
                noticed_ready = time.monotonic()
        time.sleep(Probe.POLL_S)
    state = page.evaluate("""() => ({body: {...document.body.dataset}, bench: window.__bench,
        dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
        notice: document.querySelector('#notice')?.textContent})""")
    page.screenshot(path="/tmp/startup-no-tap.png")
    raise SystemExit(f"no tap was answered within {WAIT_MS / 1000:.0f} s: {state}")


def bare_visit(profile: Profile, browser: Any, base: str) -> float:
    context, page, probe = profile.page(browser)
    page.goto(f"{base}bench/bare-worker.html", wait_until="commit")
    probe.wait("performance.getEntriesByName('bare:ready').length > 0")
    value = float(probe.value("performance.getEntriesByName('bare:ready')[0].startTime"))
    context.close()
    return value


def app_visits(profile: Profile, browser: Any, base: str) -> dict[str, Any]:
    context, page, probe = profile.page(browser)
    page.goto(f"{base}index.html", wait_until="commit")
    first = first_tap(profile, page, probe)
    wait_for(probe, "ready")
    first = watched(probe)
    marks = probe.value(f"({MARKS})()")
    book = probe.value(f"({BOOK})()")
    start = probe.value("document.body.dataset.engineStart")
    page.wait_for_function("() => navigator.serviceWorker?.controller != null", timeout=WAIT_MS)
    page.wait_for_function("() => document.body.dataset.pending === '0'", timeout=WAIT_MS)
    # A player who comes back has closed the game's first-visit overlay (it is
    # modal: nobody plays on with it open), so it is closed here as they close it.
    if page.evaluate("() => Boolean(document.querySelector('#intro-dialog[open]'))"):
        if profile.name == "phone":
            page.locator("#intro-close").tap()
        else:
            page.locator("#intro-close").click()
        page.wait_for_function("() => !document.querySelector('#intro-dialog[open]')", timeout=WAIT_MS)
    page.wait_for_timeout(300)  # the move's save is written
    page.reload(wait_until="commit")
    again = first_tap(profile, page, probe)
    wait_for(probe, "ready")
    again = watched(probe)
    return_marks = probe.value(f"({MARKS})()")
    return_start = probe.value("document.body.dataset.engineStart")
    context.close()
    return {
        "first draw": first["painted"],
        "first ready": first["ready"],
        "first tap": first["answered"],
        "return draw": again["painted"],
        "return ready": again["ready"],
        "return tap": again["answered"],
        "marks": marks,
        "return marks": return_marks,
        # Answered from the opening book: shown before the engine was ready.
        "tap from the book": first["answered"] < first["ready"],
        "book": book,
        "starts": [start, return_start],
    }


def screenshots(playwright: Any, browser: Any, base: str, out: Path) -> list[str]:
    """The phone's first seconds of a first visit, as fast as the (throttled) page allows.

    Taken in a visit of their own: a screenshot of a throttled page takes a while,
    so none is taken during the measured runs. Each file is named after the
    page's clock when it was taken.
    """
    profile = Profile("phone", playwright)
    context, page, _ = profile.page(browser)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("phone-first-visit-*.png"):
        old.unlink()
    page.goto(f"{base}index.html", wait_until="commit")
    taken: list[str] = []
    while True:
        at = float(page.evaluate("() => performance.now()"))
        path = out / f"phone-first-visit-{at / 1000:04.1f}s.png"
        page.screenshot(path=str(path))
        taken.append(str(path))
        if at > 2500 or len(taken) >= 8:
            break
        time.sleep(0.15)
    context.close()
    return taken


FIGURES = ("first draw", "first tap", "first ready", "return draw", "return tap", "return ready")


def run_profile(name: str, playwright: Any, browser: Any, base: str, runs: int) -> dict[str, Any]:
    profile = Profile(name, playwright)
    bare: list[float] = []
    app: dict[str, list[float]] = {figure: [] for figure in FIGURES}
    marks: dict[str, list[float]] = {}
    return_marks: dict[str, list[float]] = {}
    starts: list[list[str]] = []
    books: list[Any] = []
    for run in range(runs):
        bare.append(bare_visit(profile, browser, base))
        visit = app_visits(profile, browser, base)
        for figure in FIGURES:
            app[figure].append(float(visit[figure]))
        for mark, value in visit["marks"].items():
            marks.setdefault(mark, []).append(float(value))
        for mark, value in visit["return marks"].items():
            return_marks.setdefault(mark, []).append(float(value))
        starts.append(visit["starts"])
        books.append({**(visit["book"] or {}), "tap from the book": visit["tap from the book"]})
        print(f"{name} run {run + 1}/{runs}: bare {bare[-1]:.0f} ms, " + ", ".join(
            f"{figure} {app[figure][-1]:.0f}" for figure in FIGURES
        ) + f", book {visit['book']}, tap from the book: {visit['tap from the book']}", file=sys.stderr)
    base_median = statistics.median(bare)
    medians = {figure: statistics.median(values) for figure, values in app.items()}
    return {
        "runs": runs,
        "bare first visit": {"median": round(base_median, 1), "all": [round(v) for v in bare]},
        "app": {
            figure: {
                "median": round(medians[figure], 1),
                "ratio": round(medians[figure] / base_median, 3),
                "all": [round(v) for v in app[figure]],
            }
            for figure in FIGURES
        },
        "stages of the first visit": {mark: round(statistics.median(values)) for mark, values in sorted(
            marks.items(), key=lambda item: statistics.median(item[1])
        )},
        "stages of the return visit": {mark: round(statistics.median(values)) for mark, values in sorted(
            return_marks.items(), key=lambda item: statistics.median(item[1])
        )},
        "engine starts (first, return)": starts,
        "opening book of the first visit (ms, bytes)": books,
    }


def report(name: str, result: dict[str, Any]) -> None:
    base = result["bare first visit"]["median"]
    print(f"\n{name}: median of {result['runs']} runs, ms from navigation (ratio to bare Pyodide's first visit)")
    print(f"  bare Pyodide, first visit (worker)   {base:>8.0f}  {'1.00':>6}")
    labels = {
        "first draw": "app first visit: deal drawn",
        "first tap": "app first visit: first tap answered",
        "first ready": "app first visit: engine ready",
        "return draw": "return visit: table drawn",
        "return tap": "return visit: first tap answered",
        "return ready": "return visit: engine ready",
    }
    for figure, label in labels.items():
        entry = result["app"][figure]
        target = f"  (target {TARGETS[figure]:.2f})" if name == "phone" and figure in TARGETS else ""
        print(f"  {label:<37}{entry['median']:>8.0f}  {entry['ratio']:>6.2f}{target}")
    stages = result["stages of the first visit"]
    if stages:
        print("  the first visit's stages (median ms): " + ", ".join(f"{k} {v}" for k, v in stages.items()))
    stages = result.get("stages of the return visit")
    if stages:
        print("  the return visit's stages (median ms): " + ", ".join(f"{k} {v}" for k, v in stages.items()))
    print(f"  engine starts (first, return): {result['engine starts (first, return)']}")
    books = result["opening book of the first visit (ms, bytes)"]
    answered = sum(1 for book in books if book["tap from the book"])
    arrived = [book["arrived"] for book in books if "arrived" in book]
    print(f"  first taps answered from the opening book: {answered} of {len(books)}"
          + (f"; the book arrived at {statistics.median(arrived):.0f} ms (median)" if arrived else ""))


def book_bytes() -> dict[str, Any]:
    """The opening books in dist/: each deal's bytes, raw and gzipped as the bench's server sends them."""
    sizes = {}
    for path in sorted(DIST.glob("py/book-*.json")):
        data = path.read_bytes()
        sizes[path.name] = {"raw": len(data), "gzip": len(gzip.compress(data, 6))}
    return sizes


def main() -> None:
    global DIST
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each profile (default 5)")
    parser.add_argument("--profiles", default="phone,desktop", help="phone, desktop or both (default)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the results")
    parser.add_argument("--screenshots", type=Path, help="also keep the phone's first seconds here, as PNGs")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="the build to serve (default dist/): another commit's build, to compare with this one")
    args = parser.parse_args()
    DIST = args.dist.resolve()
    if not (DIST / "js" / "build-info.js").is_file():
        raise SystemExit("dist/ is missing: run ./build.sh build first")

    from playwright.sync_api import sync_playwright

    server, base = serve()
    load = os.getloadavg()
    results: dict[str, Any] = {
        "machine load (1, 5, 15 min) at the start": [round(v, 1) for v in load],
        "opening books (bytes)": book_bytes(),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for name in args.profiles.split(","):
            results[name] = run_profile(name.strip(), playwright, browser, base, args.runs)
        shots = screenshots(playwright, browser, base, args.screenshots) if args.screenshots else []
        browser.close()
    server.shutdown()
    results["machine load (1, 5, 15 min) at the end"] = [round(v, 1) for v in os.getloadavg()]
    for name in args.profiles.split(","):
        report(name.strip(), results[name.strip()])
    books = results["opening books (bytes)"]
    print("\nopening books, one a newcomer's deal (raw / gzip -6 bytes): " + ", ".join(
        f"{name} {size['raw']:,} / {size['gzip']:,}" for name, size in books.items()
    ))
    print(f"\nmachine load average (1, 5, 15 min): {results['machine load (1, 5, 15 min) at the start']} at the start, "
          f"{results['machine load (1, 5, 15 min) at the end']} at the end, on {os.cpu_count()} cores")
    if shots:
        print("screenshots of the phone's first visit: " + ", ".join(shots))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
