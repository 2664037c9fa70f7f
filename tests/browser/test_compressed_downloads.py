"""The runtime and the zips come as Zstandard frames, decoded on the way in (issue 10).

A first visit downloads the build's frames (scripts/zstd.mjs) and the engine's
worker decodes them as they arrive (web/js/engine/zstd.js); the service worker stores
them decoded, so a returning player's start reads plain bytes; and a frame
found in the cache still compressed (as an older service worker would have left
it) is decoded all the same.
"""

from __future__ import annotations

import base64
from typing import Any

from .conftest import DIST, ROOT, App, build_info

WAIT_MS = 60_000


def frames() -> dict[str, str]:
    """Each compressed download's path in dist/, with the magic its decoded bytes start with."""
    return {
        str(build_info("PYODIDE_DIR")) + "pyodide.asm.wasm.zst": "0061736d",  # \0asm
        build_info("STDLIB_ZIP"): "504b0304",  # PK\3\4
        build_info("PACKAGE_ZIP"): "504b0304",
    }


STORED = """async (path) => {
    const [name] = await caches.keys();
    const stored = await (await caches.open(name)).match(new URL(path, location.href).href);
    if (!stored) return null;
    const bytes = new Uint8Array(await stored.arrayBuffer());
    const head = Array.from(bytes.slice(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
    return [head, bytes.length];
}"""

# Puts `base64` bytes into the service worker's cache under `path`.
STORE = """async ([path, base64]) => {
    const [name] = await caches.keys();
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    await (await caches.open(name)).put(new URL(path, location.href).href, new Response(bytes));
}"""


def visit_until_stored(app: App) -> None:
    app.open("clover-leaf/1")
    app.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT_MS)


def test_the_page_ships_frames_not_the_files_themselves(dist: Any) -> None:
    assert not list(DIST.rglob("*.wasm")), "the runtime is shipped only as a Zstandard frame"
    for path in frames():
        data = (DIST / path).read_bytes()
        assert data[:4] == bytes.fromhex("28b52ffd"), path
    wasm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").stat().st_size
    assert (DIST / next(iter(frames()))).stat().st_size < 0.35 * wasm


def test_the_service_worker_stores_the_runtime_and_both_zips_decoded(app: App) -> None:
    visit_until_stored(app)
    wasm = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm").stat().st_size
    for path, magic in frames().items():
        stored = app.page.evaluate(STORED, path)
        assert stored is not None, f"{path} is not in the cache"
        head, size = stored
        assert head == magic, path
        if path.endswith(".wasm.zst"):
            assert size == wasm
    app.check_clean()


def test_frames_found_in_the_cache_still_compressed_are_decoded_and_the_engine_plays(app: App) -> None:
    visit_until_stored(app)
    for path in frames():
        app.page.evaluate(STORE, [path, base64.b64encode((DIST / path).read_bytes()).decode()])
        assert app.page.evaluate(STORED, path)[0] == "28b52ffd"
    app.reload()
    assert app.page.evaluate("() => document.body.dataset.engineStart") == "snapshot"
    app.click_card("7D")
    app.wait_moves(1)
    app.check_clean()
