"""Every platform feature is optional, and the service worker's answers fit the app (issue 42).

Without a service worker, the Cache API, Web Locks or BroadcastChannel (each made
absent by an init script), the page starts, plays and gives a hint, and throws
nothing. A page of the app's scope that is not one of its files gets the app at
its root; a device without room for the app's files plays online and is told
once, and the app does not claim to work offline.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import App
from .stored import play_a_card, wait_notice
from .test_offline import Site, cache_names, site, wait_controlled  # noqa: F401  (site: a fixture)

ABSENT = {
    "no service worker": "delete Navigator.prototype.serviceWorker;",
    "a service worker property that is undefined": (
        "Object.defineProperty(Navigator.prototype, 'serviceWorker', {get: () => undefined, configurable: true});"
    ),
    "no Cache API": "delete window.caches; delete window.CacheStorage;",
    "the Cache API refused": (
        "Object.defineProperty(window, 'caches', {get() { throw new DOMException('The operation is insecure.',"
        " 'SecurityError'); }, configurable: true});"
    ),
    "no Web Locks": "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined, configurable: true});",
    "no BroadcastChannel": "delete window.BroadcastChannel;",
}


@pytest.mark.parametrize("missing", list(ABSENT))
def test_the_page_plays_without_each_platform_feature_and_throws_nothing(make_app: Any, missing: str) -> None:
    app: App = make_app()
    app.context.add_init_script(ABSENT[missing])
    app.open("clover-leaf/1")
    play_a_card(app)
    app.page.keyboard.press("h")
    app.page.locator(".card.card--hint, #redeal.is-hint").first.wait_for(timeout=60_000)
    app.reload()
    play_a_card(app)
    time.sleep(1)  # the service worker's registration, when there is one, comes after the table
    # make_app checks that nothing was thrown or logged as an error


def test_a_page_of_the_scope_that_is_not_a_file_gets_the_app_at_its_root(browser: Any, site: Site) -> None:  # noqa: F811
    app = App(browser, site.url, viewport={"width": 1280, "height": 800})
    try:
        app.open("clover-leaf/1")
        wait_controlled(app)
        app.page.goto(site.url + "a/b/c#clover-leaf/5")
        app.wait_started()
        assert app.page.url == site.url + "#clover-leaf/5"
        assert app.page.evaluate("document.body.dataset.deal") == "5"
        site.stop()
        app.context.set_offline(True)
        app.page.goto(site.url + "help/#clover-leaf/6")
        app.wait_started()
        assert app.page.url == site.url + "#clover-leaf/6"
        play_a_card(app)
        app.check_clean()
    finally:
        app.close()


def test_without_room_for_the_app_it_plays_online_says_so_once_and_takes_no_control(browser: Any, site: Site) -> None:  # noqa: F811
    app = App(browser, site.url, viewport={"width": 1280, "height": 800})
    try:
        session = app.context.new_cdp_session(app.page)
        origin = site.url.split("/cloverleaf/")[0]
        session.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 12 * 1024 * 1024})
        app.open("clover-leaf/1")
        words = wait_notice(app, "not enough room")
        assert "offline" in words
        assert app.page.evaluate("navigator.serviceWorker.controller") is None
        assert not [name for name in cache_names(app) if name.startswith("cloverleaf-")]
        play_a_card(app)
        app.reload()
        time.sleep(3)  # the service worker's next try fails the same way: not said again
        assert "not enough room" not in app.notice()
        play_a_card(app)
        app.check_clean()
    finally:
        app.close()
