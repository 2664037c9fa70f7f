"""A tap while the solver searches: how long it waits, against a tap with the engine idle.

    ./build.sh build && python3 bench/tap_during_search.py [--deals 5,6,7,9,26,27]

The engine's worker runs a search (a hint, the deal's difficulty) a slice at a
time and answers a request that arrives meanwhile once the slice under way ends
(web/js/engine/sliced-jobs.js). On an emulated mid-range phone (Pixel 7, CPU 4x slower, as
in bench/startup.py, no network limit: the app is loaded first), for each
Shamrocks deal given (deals the solver cannot decide, so that the hint searches
its whole budget, seconds on such a phone): a card tapped with the engine idle
(once the deal's difficulty rating, which the page starts for every new deal,
has had time to end), then a card tapped while a hint is being searched; each
time from the tap to the moves counter changing. Prints both medians and their
ratio; results go to bench/results/tap-during-search.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import startup  # noqa: E402  (bench/startup.py: its server, phone profile and watcher)

RESULTS = ROOT / "bench" / "results" / "tap-during-search.json"
HINT_START_MS = 400  # from pressing Hint to the tap: the search is under way by then
RATING_MS = 5000  # the difficulty rating's search (20,000 nodes) ends within this, at 4x
HINT_BUSY = "() => document.querySelector('[data-action=\"hint\"]').classList.contains('is-busy')"


def open_deal(page: Any, base: str, deal: int) -> None:
    page.goto(f"{base}index.html#shamrocks/{deal}")
    page.reload()
    page.wait_for_function(
        "() => document.body.dataset.status === 'ready' && document.body.dataset.moves === '0'",
        timeout=startup.WAIT_MS,
    )
    if page.evaluate("() => Boolean(document.querySelector('#intro-dialog[open]'))"):
        page.locator("#intro-close").tap()
    page.wait_for_timeout(300)


def timed_tap(profile: startup.Profile, page: Any, probe: startup.Probe) -> float:
    """Tap a movable card; the milliseconds until the moves counter changes."""
    page.evaluate("() => { window.__bench.movesAtTap = document.body.dataset.moves; "
                  "window.__bench.answered = null; window.__bench.tapAt = performance.now(); }")
    if not profile.tap(page, probe):
        raise SystemExit("no movable card to tap")
    page.wait_for_function("() => window.__bench.answered != null", timeout=startup.WAIT_MS)
    seen = startup.watched(probe)
    return float(seen["answered"] - seen["tapAt"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", default="5,6,7,9,26,27", help="Shamrocks deals the solver leaves open")
    args = parser.parse_args()
    deals = [int(deal) for deal in args.deals.split(",")]
    from playwright.sync_api import sync_playwright

    server, base = startup.serve()
    idle: list[float] = []
    searching: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=startup.chromium_path(), args=startup.CHROMIUM_ARGS)
            profile = startup.Profile("phone", playwright)
            context, page, probe = profile.page(browser)
            probe.cdp.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            for deal in deals:
                open_deal(page, base, deal)
                page.wait_for_timeout(RATING_MS)
                idle.append(timed_tap(profile, page, probe))
                page.locator('[data-action="hint"]').tap()
                page.wait_for_timeout(HINT_START_MS)
                if not page.evaluate(HINT_BUSY):
                    raise SystemExit(f"deal {deal}: the hint was not searching when the card was tapped")
                searching.append(timed_tap(profile, page, probe))
                print(f"shamrocks {deal}: tap answered in {idle[-1]:.0f} ms idle, "
                      f"{searching[-1]:.0f} ms during a hint", flush=True)
            context.close()
            browser.close()
    finally:
        server.shutdown()
    result = {
        "deals": deals,
        "idle ms": {"median": statistics.median(idle), "all": idle},
        "during a hint ms": {"median": statistics.median(searching), "all": searching},
        "ratio": statistics.median(searching) / statistics.median(idle),
    }
    print(f"tap answered, phone (CPU 4x slower), medians of {len(deals)} deals: "
          f"idle {result['idle ms']['median']:.0f} ms, during a hint {result['during a hint ms']['median']:.0f} ms "
          f"({result['ratio']:.2f} of idle)")
    RESULTS.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
