"""Start-up from the memory snapshot build.sh makes (scripts/snapshot.mjs).

A first visit starts Python from scratch (the 6.6 MB snapshot is not worth a
wait); once the service worker has stored the app, the engine restores the
snapshot instead. A snapshot that cannot be used (damaged or missing bytes: its
SHA-256 is not the build's) is set aside and the engine starts the usual way, quietly.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import DIST, App

WAIT_MS = 60_000


def snapshot_path() -> str:
    info = (DIST / "js" / "build-info.js").read_text()
    match = re.search(r'export const SNAPSHOT = "([^"]+)";', info)
    assert match, "build-info.js names no snapshot"
    return match.group(1)


def engine_start(app: App) -> str:
    return str(app.page.evaluate("() => document.body.dataset.engineStart"))


def visit_and_return(app: App, address: str) -> None:
    """A first visit, then the page once the service worker has stored the app."""
    app.open(address)
    assert engine_start(app) == "fresh"
    app.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT_MS)


# Rewrites the stored snapshot in the service worker's cache, which holds it
# inflated (web/sw.js): `how` is "crc" (a byte flipped, so its SHA-256 is not
# the build's), "truncated" (its second half gone) or "gzipped" (as an older
# service worker stored it: the worker inflates it itself).
REWRITE = """async ([path, how]) => {
    const url = new URL(path, location.href).href;
    const [name] = await caches.keys();
    const cache = await caches.open(name);
    const stored = await cache.match(url);
    if (!stored) throw new Error("snapshot not cached: " + url);
    let bytes = new Uint8Array(await stored.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) throw new Error("the service worker stored the snapshot gzipped");
    if (how === "crc") {
        bytes[bytes.length >> 1] ^= 0xff;
    } else if (how === "truncated") {
        bytes = bytes.slice(0, bytes.length >> 1);
    } else {
        bytes = new Uint8Array(await new Response(
            new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
    }
    await cache.put(url, new Response(bytes, {headers: stored.headers}));
}"""


def play_a_move_and_a_hint(app: App) -> None:
    """On deal 1 of Clover Leaf: a click, its undo, and a hint from the solver."""
    app.click_card("7D")
    app.wait_moves(1)
    app.press("undo")
    app.wait_moves(0)
    app.page.keyboard.press("h")
    app.page.locator(".card.card--hint, #redeal.is-hint").first.wait_for(timeout=WAIT_MS)


def test_a_returning_player_starts_from_the_snapshot_and_plays(make_app: Any) -> None:
    app: App = make_app()
    visit_and_return(app, "clover-leaf/1")
    app.reload()
    assert engine_start(app) == "snapshot"
    play_a_move_and_a_hint(app)
    # A game of another kind, dealt by the restored engine, with its rules. The game
    # left was taken back to its start: its Redo would be lost, so the link asks first.
    app.open("alexander-the-great/5")
    app.page.locator('#panel[data-panel="confirm"] [data-panel-action="leave"]').click()
    app.page.wait_for_function("() => document.body.dataset.game === 'alexander-the-great'")
    app.settle()
    assert engine_start(app) == "snapshot"
    assert len(app.fans()) == 12


def test_a_snapshot_stored_gzipped_by_an_older_service_worker_is_inflated_and_restored(make_app: Any) -> None:
    app: App = make_app()
    visit_and_return(app, "clover-leaf/1")
    app.page.evaluate(REWRITE, [snapshot_path(), "gzipped"])
    app.reload()
    assert engine_start(app) == "snapshot"
    play_a_move_and_a_hint(app)


@pytest.mark.parametrize(
    "damage", ["crc", "truncated"], ids=["damaged bytes", "cut short"]
)
def test_a_snapshot_that_cannot_be_restored_is_set_aside_and_the_engine_starts_the_usual_way(
    make_app: Any, damage: str
) -> None:
    app: App = make_app()
    visit_and_return(app, "clover-leaf/1")
    app.page.evaluate(REWRITE, [snapshot_path(), damage])
    app.reload()
    assert engine_start(app) == "fresh"
    play_a_move_and_a_hint(app)
