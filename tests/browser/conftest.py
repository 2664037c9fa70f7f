"""Fixtures for the browser tests: the built dist/ served under a sub-path, one
Chromium for the session, a fresh context per test that refuses (and records) any
request leaving the local server, and a page helper that waits for "ready or error".

Every test fails if the page logged an error, threw, or asked for anything outside
its own origin. Run ``./build.sh build`` first (``./build.sh test`` does).

Write ``wait_for_function`` predicates as functions ("() => ..."): Playwright
evaluates a bare expression with eval, which the page's Content-Security-Policy
(script-src 'self' 'wasm-unsafe-eval') refuses.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SUB_PATH = "/cloverleaf/"


def build_info(name: str) -> Any:
    """One value of what the build wrote into dist/js/build-info.js (scripts/package.py)."""
    text = (DIST / "js" / "build-info.js").read_text()
    match = re.search(rf"export const {name} = (.*);\n", text)
    assert match, name
    return json.loads(match.group(1))
SOURCES = "src/"  # SUB_PATH + "src/js/table/layout.js" is web/js/table/layout.js (dist/ holds the bundle only)
START_TIMEOUT_MS = 60_000
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",  # containers often give /dev/shm 64 MB: Chromium's tabs then crash or stall
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_path() -> str | None:
    """CLOVERLEAF_CHROMIUM, else Debian's /usr/bin/chromium, else Playwright's own (None)."""
    configured = os.environ.get("CLOVERLEAF_CHROMIUM")
    if configured:
        return configured
    for name in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if name and os.access(name, os.X_OK):
            return name
    return None


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ under SUB_PATH only, quietly, never cached between tests' contexts."""

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(SUB_PATH):
            return str(DIST / "__outside_the_sub_path__")
        rest = clean[len(SUB_PATH):]
        if rest.startswith(SOURCES):  # the page's modules as written, for tests that call one directly
            return str(ROOT / "web" / rest[len(SOURCES):])
        return super().translate_path("/" + rest)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a browser drops a connection (a closed page, an aborted load)."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "js" / "build-info.js").is_file():
        pytest.fail("dist/ is missing or incomplete: run ./build.sh build (./build.sh test builds it first)")
    return DIST


@pytest.fixture(scope="session")
def base_url(dist: Path) -> Iterator[str]:
    handler = functools.partial(_Handler, directory=str(dist))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Any) -> Iterator[Any]:
    browser = playwright_instance.chromium.launch(
        executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


INTRO_KEY = "cloverleaf.intro.v1"


def intro_seen() -> str:
    """The stored value that says every game's first-visit overlay was closed (web/js/panels/overlay.js)."""
    from cloverleaf.games import CATALOGUE

    return json.dumps([rules.id for rules in CATALOGUE])


def intro_seen_script() -> str:
    """An init script that marks every game's first-visit overlay as closed, unless something is stored."""
    key, games = INTRO_KEY, intro_seen()
    return f"try {{ if (localStorage.getItem('{key}') === null) localStorage.setItem('{key}', '{games}'); }} catch {{}}"


def press_control(page: Any, action: str) -> None:
    """Press the control for ``action``: the bar's button, or on a phone, where
    the bar keeps only the controls used most, the menu's item for it."""
    button = page.locator(f'[data-action="{action}"]').first
    if button.is_visible():
        button.click()
        return
    page.locator('[data-action="menu"]').click()
    page.locator(f'[data-menu-action="{action}"]').click()


class App:
    """One page of the app in a fresh context, with what the tests need to drive it.

    The first-visit overlay would stand over the table of every test: it is
    closed for every game beforehand, unless ``first_visit`` asks for it.
    """

    def __init__(self, browser: Any, base_url: str, first_visit: bool = False, **context_options: Any) -> None:
        self.base_url = base_url
        self.origin = base_url.split(SUB_PATH)[0]
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(**context_options)
        if not first_visit:
            self.context.add_init_script(intro_seen_script())
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.set_default_timeout(15_000)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.origin + "/"):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    # -- loading -------------------------------------------------------------

    def open(self, address: str = "", query: str = "", expect: str = "ready") -> App:
        """Load the page (``address`` is the part after #) and wait for ready or error."""
        url = self.base_url + "index.html" + (f"?{query}" if query else "") + (f"#{address}" if address else "")
        self.page.goto(url)
        return self.wait_started(expect)

    def reload(self, expect: str = "ready") -> App:
        self.page.reload()
        return self.wait_started(expect)

    def wait_started(self, expect: str = "ready") -> App:
        self.page.wait_for_function(
            "() => document.body.dataset.status !== 'loading'", timeout=START_TIMEOUT_MS
        )
        status = self.page.evaluate("document.body.dataset.status")
        if status != expect:
            panel = self.page.locator("#panel").inner_text() if self.page.locator("#panel").is_visible() else ""
            raise AssertionError(f"page status {status!r}, expected {expect!r}: {panel} {self.errors}")
        if expect == "ready":
            self.settle()
        return self

    # -- reading -------------------------------------------------------------

    def settle(self) -> None:
        """Wait until no request is pending and no card is sliding."""
        self.page.wait_for_function(
            "() => document.body.dataset.pending === '0' && !document.querySelector('.card--moving')"
        )

    def where(self, card: str) -> str:
        """"F" or the 1-based fan number the page shows ``card`` in."""
        return str(self.page.get_attribute(f'.card[data-card="{card}"]', "data-where"))

    def wait_where(self, card: str, where: str | int) -> None:
        self.page.wait_for_function(
            "([card, where]) => document.querySelector(`.card[data-card='${card}']`)?.dataset.where === where",
            arg=[card, str(where)],
        )
        self.settle()

    def moves(self) -> int:
        return int(self.page.evaluate("document.body.dataset.moves"))

    def wait_moves(self, count: int) -> None:
        self.page.wait_for_function("n => document.body.dataset.moves === String(n)", arg=count)
        self.settle()

    def fans(self) -> list[list[str]]:
        """The fans as drawn: cards by data-where and data-index."""
        return self.page.evaluate(
            """() => {
                const fans = [];
                for (const el of document.querySelectorAll('.card')) {
                    const where = el.dataset.where;
                    if (where === 'F' || where === 'cell') continue;
                    const fan = Number(where) - 1;
                    while (fans.length <= fan) fans.push([]);
                    fans[fan][Number(el.dataset.index)] = el.dataset.card;
                }
                return fans;
            }"""
        )

    def cells(self) -> list[str | None]:
        """The free cells as drawn: each cell's card by data-where="cell" and data-index, or None."""
        return self.page.evaluate(
            """() => [...document.querySelectorAll('.cell')].map((cell, i) =>
                document.querySelector(`.card[data-where='cell'][data-index='${i}']`)?.dataset.card ?? null)"""
        )

    def notice(self) -> str:
        return self.page.locator("#notice").inner_text() if self.page.locator("#notice").is_visible() else ""

    def center(self, selector: str) -> tuple[float, float]:
        box = self.page.locator(selector).bounding_box()
        assert box is not None, selector
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def card_box(self, card: str) -> dict[str, float]:
        box = self.page.locator(f'.card[data-card="{card}"]').bounding_box()
        assert box is not None, card
        return box

    def drop_point(self, to: str | int, card: str) -> tuple[float, float]:
        """Where to let go to drop on fan ``to`` (over its top card), the card's foundation
        (``F``; where foundations build in alternate colours, the one that takes it: the
        page marks it while dragging) or a free cell (``cell``: the first one)."""
        if str(to) == "cell":
            return self.center('[data-cell="1"]')
        if str(to) == "F":
            target = self.page.locator(".foundation.is-target")
            if target.count() == 1:
                box = target.bounding_box()
                assert box is not None
                return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            return self.center(f'[data-foundation="{card[-1]}"]')
        box = self.page.locator(f'[data-fan="{to}"]').bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + box["height"] - 12

    # -- playing -------------------------------------------------------------

    def click_card(self, card: str) -> None:
        self.page.locator(f'.card[data-card="{card}"]').click(position=self.visible_spot(card))

    def visible_spot(self, card: str) -> dict[str, float]:
        """A point of the card that no other card covers (its index corner works)."""
        return {"x": 6, "y": 6}

    def drag(self, card: str, to: str | int, steps: int = 8) -> None:
        """Press on ``card``, move in steps and let go over destination ``to``."""
        box = self.card_box(card)
        x0, y0 = box["x"] + 6, box["y"] + 6
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        if str(to) == "F":  # where the page marks the foundation that takes the card once the drag begins
            mouse.move(x0, y0 + 12)
        x1, y1 = self.drop_point(to, card)
        for i in range(1, steps + 1):
            mouse.move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        mouse.up()

    def follow_link(self, address: str) -> None:
        """Type ``address`` ("game/deal") into the address bar as a player does; over
        a game in progress the page asks first, and the player leaves it. Waits for the deal."""
        game, deal = address.split("/")
        self.page.evaluate("a => { location.hash = '#' + a; }", address)
        self.page.wait_for_function(
            """([game, deal]) => {
                const panel = document.querySelector('#panel[data-panel="confirm"]:not([hidden])');
                const leave = panel?.querySelector('[data-panel-action="leave"]');
                if (leave) leave.click();
                return document.body.dataset.game === game && document.body.dataset.deal === deal;
            }""",
            arg=[game, deal],
            timeout=60_000,
        )
        self.settle()

    def press(self, action: str) -> None:
        press_control(self.page, action)

    def play(self, decisions: Any) -> None:
        """Play ``(card, to)`` decisions as a person does: a drag each, the redeal button for "redeal"."""
        self.play_steps((card, to, "drag") for card, to in decisions)

    def play_steps(self, steps: Any) -> None:
        """Play ``(card, to, how)`` steps (plans.long_fans): a click where a click
        plays the card there, else a drag; the redeal button for "redeal"."""
        for card, to, how in steps:
            moves = self.moves()
            if card == "redeal":
                self.press("redeal")
            elif how == "click":
                self.click_card(card)
            else:
                self.drag(card, to)
            self.wait_moves(moves + 1)

    # -- checks --------------------------------------------------------------

    def check_clean(self) -> None:
        assert not self.outside, f"requests outside the origin: {self.outside}"
        assert not self.errors, f"page errors: {self.errors}"

    def close(self) -> None:
        self.context.close()

    def __enter__(self) -> App:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


@pytest.fixture
def make_app(browser: Any, base_url: str) -> Iterator[Any]:
    """make_app(**context_options) -> App; every app is checked and closed after the test."""
    apps: list[App] = []

    def make(**options: Any) -> App:
        options.setdefault("viewport", {"width": 1280, "height": 800})
        app = App(browser, base_url, **options)
        apps.append(app)
        return app

    yield make
    try:
        for app in apps:
            app.check_clean()
    finally:
        for app in apps:
            app.close()


@pytest.fixture
def app(make_app: Any) -> App:
    result: App = make_app()
    return result
