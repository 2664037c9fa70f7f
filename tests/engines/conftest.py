"""Fixtures for the cross-engine smoke suite: the built dist/ in WebKit and Firefox.

Chromium runs the whole browser suite (tests/browser/, Playwright); these tests
check that the same app, real Pyodide and all, starts and plays in the two other
engines players have: WebKit (every iPhone browser) and Gecko (Firefox), both
from Debian. WebKitGTK is driven by Selenium through its WebKitWebDriver, Firefox
ESR by Mozilla's marionette-driver through the protocol it speaks natively (no
geckodriver): maintained PyPI libraries, nothing downloaded at run time, plain
pytest. drivers.py says why these and not the others.

- One browser per engine for the whole session (``engine``, parametrized): pytest
  runs every test of one engine, then starts the next.
- One origin per engine (``player``): dist/ served under SUB_PATH, as in
  tests/browser, on a port of its own, so the browser holds no storage, service
  worker or cache for it: a new player. Its first visit, the slowest step (Python
  starts from scratch; WebKit is the slowest at it), is made once and recorded;
  every test then plays in that page, opening its deal by the address. The
  offline test takes the server away and brings it back on the same port.
- Every request for another host goes to a recording proxy (``Outside``) that
  refuses it; each test fails if anything reached it. The page's console is not
  readable through WebDriver in these browsers: a failed start shows as
  ``body[data-status="error"]``, and the tests compare what the page shows with
  the engine on CPython (reference.py).
- Only the page's stable hooks are read: ``.card[data-card][data-where][data-index]``,
  ``[data-fan]``, ``[data-action]``, ``body[data-status|data-moves|data-pending|
  data-engine-start]``, the hinted card's ``card--hint`` and the address.

A browser that is not installed skips its tests with the reason on a developer's
machine; under CI (``CI`` set, as .ci/run runs), where ``./build.sh test``
installs both from Debian, it fails instead.
"""

from __future__ import annotations

import functools
import os
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ..browser.conftest import DIST, ROOT, SUB_PATH, QuietServer, _Handler
from . import reference
from .drivers import Driver, Firefox, WebKit, Xvfb, find_firefox, find_webkit

START_TIMEOUT_S = 90  # a first visit under a loaded CI machine, WebKit being the slowest
STEP_TIMEOUT_S = 20
FIRST_ADDRESS = "clover-leaf/3"  # the deal a new player's link names
SCREENSHOTS = ROOT / "test-results" / "engines"


# -- the network ---------------------------------------------------------------


class _NoStore(_Handler):
    """As tests/browser serves dist/, and the browser's HTTP cache may keep nothing:
    Firefox offline answers from its HTTP cache whatever it holds, so a start
    without the server could otherwise pass without the service worker."""

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class Site:
    """dist/ served under SUB_PATH on a port of its own: one origin, which can go
    away (``stop``: the port refuses every connection) and come back on the same port."""

    def __init__(self) -> None:
        self.server: QuietServer | None = None
        self.port = 0
        self.start()
        self.url = f"http://127.0.0.1:{self.port}{SUB_PATH}"

    def start(self) -> None:
        if self.server is None:
            handler = functools.partial(_NoStore, directory=str(DIST))
            self.server = QuietServer(("127.0.0.1", self.port), handler)
            self.port = self.server.server_address[1]
            threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


class _Refuse(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        first = self.rfile.readline(2048)
        # "GET http://host/..." or "CONNECT host:443"; WebKit sends an https request's
        # TLS handshake straight to the proxy, which names no host in plain text.
        tls = first[:1] == b"\x16"
        self.server.seen.append("an https connection (TLS handshake)" if tls else first.decode("latin-1").strip())  # type: ignore[attr-defined]
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


class Outside(socketserver.ThreadingTCPServer):
    """The browsers' proxy for every host but 127.0.0.1: records each request and refuses it."""

    daemon_threads = True

    def __init__(self) -> None:
        self.seen: list[str] = []
        super().__init__(("127.0.0.1", 0), _Refuse)
        threading.Thread(target=self.serve_forever, daemon=True).start()
        self.address = f"127.0.0.1:{self.server_address[1]}"


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "js" / "build-info.js").is_file():
        pytest.fail("dist/ is missing or incomplete: run ./build.sh build (./build.sh test builds it first)")
    return DIST


@pytest.fixture(scope="session")
def outside() -> Iterator[Outside]:
    proxy = Outside()
    yield proxy
    proxy.shutdown()
    proxy.server_close()


# -- the browsers --------------------------------------------------------------


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (./build.sh test installs it from Debian)")
    pytest.skip(f"{reason}: run ./build.sh test, or apt-get install webkit2gtk-driver xvfb firefox-esr")


def _start_webkit(outside: Outside, stack: list[Callable[[], None]]) -> Driver:
    found = find_webkit()
    if found is None:
        _missing("WebKitGTK not found (WebKitWebDriver, MiniBrowser and Xvfb)")
    assert found is not None
    display = Xvfb()
    stack.append(display.stop)
    return WebKit(*found, display=display.display, proxy=outside.address)


def _start_firefox(outside: Outside, stack: list[Callable[[], None]]) -> Driver:
    binary = find_firefox()
    if binary is None:
        _missing("Firefox ESR not found (/usr/bin/firefox-esr)")
    assert binary is not None
    return Firefox(binary, proxy_port=int(outside.address.rsplit(":", 1)[1]))


STARTERS = {"webkit": _start_webkit, "firefox": _start_firefox}


# Starts of a browser before its first test: WebKitWebDriver now and then never
# opens its session (its connection times out, drivers.COMMAND_TIMEOUT_S: seen in
# one full run of the suite in each of the last three stops, never when the
# same tests ran again), so a failed start is tried once more, with a new
# display and driver. Only starting is retried, never a test.
START_TRIES = 2


@pytest.fixture(scope="session", params=list(STARTERS))
def engine(request: pytest.FixtureRequest, outside: Outside) -> Iterator[Driver]:
    """One running browser of each engine, shared by every test of that engine."""
    for attempt in range(1, START_TRIES + 1):
        stack: list[Callable[[], None]] = []
        try:
            driver = STARTERS[request.param](outside, stack)
            break
        except BaseException as error:
            for stop in reversed(stack):
                stop()
            # pytest's skip and fail are BaseExceptions, not Exceptions: never retried
            if attempt == START_TRIES or not isinstance(error, Exception):
                raise
            print(f"{request.param} did not start ({error!r}); starting it once more")
    yield driver
    try:
        driver.quit()
    finally:
        for stop in reversed(stack):
            stop()


# -- the app -------------------------------------------------------------------

# The table as drawn, from the stable hooks only: fans by data-where/data-index,
# the move count, whether a request is pending, and where every card stands (to
# know when slides have ended).
READ_TABLE = """
const fans = [...document.querySelectorAll('[data-fan]')].map(() => []);
const boxes = [];
for (const el of document.querySelectorAll('.card[data-card]')) {
    const box = el.getBoundingClientRect();
    boxes.push(el.dataset.card + ':' + Math.round(box.x) + ',' + Math.round(box.y));
    if (el.dataset.where === 'F') continue;
    const fan = Number(el.dataset.where) - 1;
    while (fans.length <= fan) fans.push([]);  // a card outside every fan shows as a mismatch
    fans[fan][Number(el.dataset.index)] = el.dataset.card;
}
const body = document.body.dataset;
return {fans, moves: body.moves, pending: body.pending, status: body.status, boxes: boxes.join(' ')};
"""

# "ready" or "error" once the page has left "loading" (nothing while a new document
# has no body yet).
STATUS_SETTLED = "const status = document.body?.dataset.status; return status !== 'loading' && status;"

BOX = """
const el = document.querySelector(arguments[0]);
if (!el) return null;
const box = el.getBoundingClientRect();
return {x: box.x, y: box.y, w: box.width, h: box.height};
"""


class App:
    """The app on one origin in one engine's browser: open it, read the table, play as a person."""

    def __init__(self, driver: Driver, site: Site, outside: Outside) -> None:
        self.driver = driver
        self.site = site
        self.outside = outside
        self.seen_before = len(outside.seen)

    # -- loading ---------------------------------------------------------------

    def open(self, address: str) -> App:
        """Load index.html#address (about:blank first: a navigation that changes only
        the fragment would not load the page again) and wait until it is ready."""
        self.driver.navigate("about:blank")
        self.driver.navigate(f"{self.site.url}index.html#{address}")
        return self.wait_started()

    def reload(self) -> App:
        """Reload as a player does. Not WebDriver's Refresh: Firefox's bypasses the
        service worker, as a forced reload (Shift+F5) does."""
        self.run("window.__reloading = true; setTimeout(() => location.reload(), 0)")
        self.wait_for("return !window.__reloading", timeout=START_TIMEOUT_S, what="the page to load again")
        return self.wait_started()

    def wait_started(self) -> App:
        """Wait for "ready or error" (never for ready alone), then for the table to settle."""
        status = self.wait_for(STATUS_SETTLED, timeout=START_TIMEOUT_S, what="the page to leave 'loading'")
        assert status == "ready", f"page status {status!r}: {self.run('return document.body.innerText')[:400]!r}"
        self.settle()
        self.close_overlay()
        return self

    def close_overlay(self) -> None:
        """A game's first visit shows its three lines over the table (web/js/panels/overlay.js):
        closed as a player closes it, by its button."""
        if self.run("return Boolean(document.querySelector('#intro-dialog[open]'))"):
            box = self.box("#intro-close")
            self.tap(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)
            self.wait_for("return !document.querySelector('#intro-dialog[open]')", what="the overlay to close")

    def show_deal(self, game: str, deal: str) -> None:
        """Deal ``deal`` afresh by the address, as a player following a link does.

        Through another deal first: the page ignores an address naming the game it
        shows, whatever has been played since. Reloads the page only if it is not
        the app, ready.
        """
        here = self.run("return location.href.split('#')[0] + ' ' + document.body?.dataset.status")
        if here != f"{self.site.url}index.html ready":
            self.open(f"{game}/{deal}")
        other = str(int(deal) % 1000 + 1)
        for number in (other, deal):
            self.run("location.hash = arguments[0]", f"{game}/{number}")
            # Over a game in progress the page asks first: the player leaves it.
            self.wait_for(
                """const panel = document.querySelector('#panel[data-panel="confirm"]:not([hidden])');
                const leave = panel?.querySelector('[data-panel-action="leave"]');
                if (leave) leave.click();
                return document.body.dataset.game === arguments[0] && document.body.dataset.deal === arguments[1];""",
                game,
                number,
                what=f"the table of {game} {number}",
            )
            start = reference.table_of(reference.opening(game, number))
            self.wait_table(start)

    # -- reading ---------------------------------------------------------------

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.run(script, *args)

    def wait_for(self, script: str, *args: Any, timeout: float = STEP_TIMEOUT_S, what: str = "") -> Any:
        """Poll ``script`` until it returns something truthy; that value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout} s waiting for {what or script}")
            time.sleep(0.05)

    def read(self) -> dict[str, Any]:
        return dict(self.run(READ_TABLE))

    def table(self) -> reference.Table:
        state = self.read()
        return reference.Table(state["fans"], int(state["moves"]))

    def settle(self, timeout: float = STEP_TIMEOUT_S) -> None:
        """Wait until no request is pending and no card moved between two looks 100 ms apart."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            state = self.read()
            if state["pending"] == "0" and last is not None and state["boxes"] == last["boxes"]:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the table did not settle within {timeout} s (pending {state['pending']})")
            last = state
            time.sleep(0.1)

    def wait_table(self, expected: reference.Table, timeout: float = STEP_TIMEOUT_S) -> None:
        """Wait until the page shows exactly these fans and this move count, and has settled."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.read()
            if state["pending"] == "0" and reference.Table(state["fans"], int(state["moves"])) == expected:
                self.settle()
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the page shows {state['fans']} after {state['moves']} moves; "
                    f"the engine on CPython says {expected.fans} after {expected.moves}"
                )
            time.sleep(0.05)

    def engine_start(self) -> str:
        return str(self.run("return document.body.dataset.engineStart"))

    def wait_controlled(self) -> None:
        """Until the service worker has stored every file (the snapshot too) and controls the page."""
        try:
            self.wait_for("return navigator.serviceWorker.controller !== null",
                          timeout=START_TIMEOUT_S, what="the service worker to take control")
        except AssertionError as error:
            workers = self.run(
                "return navigator.serviceWorker.getRegistration().then(r => r && "
                "[r.installing, r.waiting, r.active].map(w => w && w.state))"
            )
            raise AssertionError(f"{error}; registration (installing, waiting, active): {workers}") from None

    def box(self, selector: str) -> dict[str, float]:
        box = self.run(BOX, selector)
        assert box is not None, f"nothing on the page matches {selector}"
        return dict(box)

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{self.driver.name}-{name}.png"
        self.driver.screenshot(path)
        return path

    # -- playing, as a person does -----------------------------------------------

    def _pointer(self, steps: list[dict[str, Any]]) -> None:
        self.driver.perform([{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps,
        }])

    @staticmethod
    def _move(x: float, y: float, duration: int = 0) -> dict[str, Any]:
        return {"type": "pointerMove", "origin": "viewport", "x": round(x), "y": round(y), "duration": duration}

    def tap(self, x: float, y: float) -> None:
        self._pointer([
            self._move(x, y), {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 40}, {"type": "pointerUp", "button": 0},
        ])

    def card_corner(self, card: str) -> tuple[float, float]:
        """A point of ``card`` no other card covers: its index corner."""
        box = self.box(f'.card[data-card="{card}"]')
        return box["x"] + 8, box["y"] + 8

    def click_card(self, card: str) -> None:
        self.tap(*self.card_corner(card))

    def press(self, action: str) -> None:
        box = self.box(f'[data-action="{action}"]')
        self.tap(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2)

    def drag(self, card: str, fan: int, steps: int = 10) -> None:
        """Press on ``card``, move in steps and let go over the middle of fan ``fan``."""
        x0, y0 = self.card_corner(card)
        target = self.box(f'[data-fan="{fan}"]')
        x1, y1 = target["x"] + target["w"] / 2, target["y"] + target["h"] / 2
        path = [self._move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, 16) for i in range(1, steps + 1)]
        self._pointer([
            self._move(x0, y0), {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 40},
            *path, {"type": "pause", "duration": 40}, {"type": "pointerUp", "button": 0},
        ])

    # -- checks ----------------------------------------------------------------

    def check_clean(self) -> None:
        left = self.outside.seen[self.seen_before:]
        assert not left, f"requests for other hosts reached the proxy: {left}"


@dataclass
class Player:
    """A new player of one engine: the origin, its page, and how the first visit went."""

    app: App
    first_status: str
    first_start: str
    first_table: reference.Table
    cards: int
    first_outside: list[str]  # what the first visit asked of other hosts


@pytest.fixture(scope="session")
def player(engine: Driver, outside: Outside, dist: Path) -> Iterator[Player]:
    """The first visit to a new origin in ``engine``'s browser, made once and recorded."""
    site = Site()
    app = App(engine, site, outside)
    engine.navigate(f"{site.url}index.html#{FIRST_ADDRESS}")
    status = app.wait_for(STATUS_SETTLED, timeout=START_TIMEOUT_S, what="the first visit to leave 'loading'")
    if status == "ready":
        app.settle()
    first = Player(app, status, app.engine_start(), app.table(),
                   app.run("return document.querySelectorAll('.card[data-card]').length"),
                   outside.seen[app.seen_before:])
    if status == "ready":
        app.close_overlay()
    yield first
    engine.navigate("about:blank")
    site.stop()


@pytest.fixture
def app(player: Player) -> Iterator[App]:
    """The player's page for one test; fails the test if anything left for another host,
    and brings the network back if the test took it away."""
    app = player.app
    app.seen_before = len(app.outside.seen)
    if player.first_status != "ready":
        pytest.fail(f"the first visit ended {player.first_status!r}, not 'ready'")
    yield app
    try:
        app.check_clean()
    finally:
        if app.driver.can_go_offline:
            app.driver.set_offline(False)
        app.site.start()
