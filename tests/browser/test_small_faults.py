"""Smaller faults of issue 42: words, never text keys, when no language file can
be read or the engine cannot start; a busy mark that always ends; failures named
at once, in the player's words."""

from __future__ import annotations

import re
import time
from typing import Any

from .conftest import App
from .stored import play_a_card

KEY = re.compile(r"\b(?:error|button|loading|status|game|deal|settings|notice)\.[a-z][a-zA-Z]+\b")


def visible_text(app: App) -> str:
    return str(app.page.locator("body").inner_text())


def test_an_unreadable_language_file_leaves_english_words_not_keys(make_app: Any) -> None:
    app: App = make_app(locale="de-DE")
    app.context.route(
        "**/i18n/*.json", lambda route: route.fulfill(status=200, body="{not json", content_type="application/json")
    )
    app.open("clover-leaf/1")
    text = visible_text(app)
    assert not KEY.search(text), text
    assert "New" in text and "Undo" in text
    play_a_card(app)
    app.errors[:] = [error for error in app.errors if "i18n" not in error]


def test_an_engine_that_cannot_start_is_named_at_once_in_words_before_any_language_file(make_app: Any) -> None:
    app: App = make_app()
    app.context.route("**/i18n/*.json", lambda route: route.abort())
    app.context.route("**/*.wasm.zst", lambda route: route.abort())
    started = time.monotonic()
    app.open("clover-leaf/1", expect="error")
    assert time.monotonic() - started < 15
    panel = app.page.locator("#panel").inner_text()
    assert "could not start" in panel and "Reload" in panel, panel
    assert "connection" in panel  # the download failed: the connection is the cause
    assert not KEY.search(panel), panel
    app.errors.clear()  # the aborted downloads' console lines


def test_a_runtime_that_is_not_wasm_is_named_at_once_without_blaming_the_connection(make_app: Any) -> None:
    app: App = make_app()
    garbage = bytes(range(256)) * 64
    app.context.route(
        "**/*.wasm.zst", lambda route: route.fulfill(status=200, body=garbage, content_type="application/octet-stream")
    )
    started = time.monotonic()
    app.open("clover-leaf/1", expect="error")
    assert time.monotonic() - started < 15
    panel = app.page.locator("#panel").inner_text()
    assert "could not be read" in panel and "connection" not in panel, panel
    # Issue 48: the advice risks nothing (clearing the site's data deletes the game and statistics).
    assert "kept" in panel and "clear" not in panel and "data" not in panel, panel
    app.errors.clear()


def test_daily_then_new_at_once_leaves_no_button_busy(app: App) -> None:
    app.open("clover-leaf/1")
    app.page.evaluate(
        """() => {
            document.querySelector('[data-action="daily"]').click();
            setTimeout(() => document.querySelector('[data-action="new"]').click(), 20);
        }"""
    )
    app.page.wait_for_function("() => document.body.dataset.deal !== '1'", timeout=60_000)
    app.settle()
    app.page.wait_for_function("() => !document.querySelector('[aria-busy=\"true\"]')", timeout=10_000)


def test_play_here_at_the_instant_of_a_move_in_the_owner_tab_loses_no_move(app: App) -> None:
    from .test_tabs import Tab

    first = app.open("clover-leaf/1")
    # Another tab's "Play here" reaches this one while its move is on its way to
    # the engine: sent on the tabs' channel as the tap ends, before the move is asked.
    first.page.evaluate(
        """() => document.addEventListener('pointerup', () => {
            new BroadcastChannel('cloverleaf.tabs').postMessage({ type: 'yield', from: 'another-tab' });
        }, { once: true, capture: true })"""
    )
    first.page.locator(".card.card--movable").first.click(position={"x": 6, "y": 6})
    first.page.wait_for_function("() => document.body.dataset.moves === '1'")
    first.page.wait_for_function("() => document.body.dataset.tab !== 'owner'")
    second = Tab(first).open()
    second.page.wait_for_function("() => document.body.dataset.tab === 'owner'")
    assert second.moves() == 1 and second.page.evaluate("document.body.dataset.deal") == "1"
