"""The engine is watched (issue 42): a worker that is gone, or a runtime that
fails every call, is replaced by a new one from the game the page saved, without
reloading the page; what was asked meanwhile is answered on the same deal.

The worker is made to go as a crash would end it: the page's Worker objects are
found through the DevTools protocol (Runtime.queryObjects on Worker.prototype)
and terminated, which tells the page nothing. A runtime that fails every call is
made in the worker itself: every answer of Python then cannot be read, as after
a fatal error in the interpreter.
"""

from __future__ import annotations

import time

from .conftest import App

ANSWERED_WITHIN_MS = 30_000
RESTARTED_WORDS = "started again"


TERMINATE_ALL = "function () { for (const worker of this) worker.terminate(); return this.length; }"
FAIL_EVERY_CALL = "() => { JSON.parse = () => { throw new Error('RuntimeError: out of bounds (made by the test)'); }; }"


def terminate_the_workers(app: App) -> int:
    """Terminate every Worker object of the page, as a crash of its thread would; how many."""
    session = app.context.new_cdp_session(app.page)
    try:
        prototype = session.send("Runtime.evaluate", {"expression": "Worker.prototype"})["result"]["objectId"]
        found = session.send("Runtime.queryObjects", {"prototypeObjectId": prototype})["objects"]["objectId"]
        result = session.send(
            "Runtime.callFunctionOn",
            {
                "objectId": found,
                "functionDeclaration": TERMINATE_ALL,
                "returnByValue": True,
            },
        )
        return int(result["result"]["value"])
    finally:
        session.detach()


def break_the_runtime(app: App) -> None:
    """Make every call into Python fail in the engine's worker, as a runtime broken in place would."""
    workers = [worker for worker in app.page.workers if "worker.js" in worker.url]
    assert workers, [worker.url for worker in app.page.workers]
    for worker in workers:
        worker.evaluate(FAIL_EVERY_CALL)


def expected_engine_logs(app: App) -> None:
    """The worker reports the failed call on the console: expected here, and nothing else."""
    unexpected = [error for error in app.errors if "made by the test" not in error]
    assert not unexpected, unexpected
    app.errors.clear()


def tap_a_movable_card(app: App) -> None:
    """Click the first card the page offers as movable (its click plays it somewhere)."""
    app.page.locator(".card.card--movable").first.click(position={"x": 6, "y": 6})


def moves_and_deal(app: App) -> tuple[int, str]:
    return app.moves(), str(app.page.evaluate("document.body.dataset.deal"))


def wait_restarted_notice(app: App) -> None:
    app.page.wait_for_function(
        "words => document.querySelector('#notice')?.textContent.includes(words)",
        arg=RESTARTED_WORDS,
        timeout=ANSWERED_WITHIN_MS,
    )


def test_a_tap_made_after_the_worker_is_gone_is_played_on_the_same_deal(app: App) -> None:
    app.open("clover-leaf/1")
    app.click_card("7D")
    app.wait_moves(1)
    assert terminate_the_workers(app) == 1
    started = time.monotonic()
    tap_a_movable_card(app)
    app.page.wait_for_function("() => document.body.dataset.moves === '2'", timeout=ANSWERED_WITHIN_MS)
    assert time.monotonic() - started < ANSWERED_WITHIN_MS / 1000
    app.settle()
    assert moves_and_deal(app) == (2, "1")
    wait_restarted_notice(app)
    tap_a_movable_card(app)  # the new worker plays on
    app.wait_moves(3)


def test_a_hint_asked_after_the_worker_is_gone_is_answered(app: App) -> None:
    app.open("clover-leaf/1")
    app.click_card("7D")
    app.wait_moves(1)
    terminate_the_workers(app)
    app.page.keyboard.press("h")
    app.page.locator(".card.card--hint, #redeal.is-hint").first.wait_for(timeout=ANSWERED_WITHIN_MS)
    assert moves_and_deal(app) == (1, "1")
    assert app.page.locator("#panel").is_hidden()


def test_a_new_deal_asked_after_the_worker_is_gone_is_dealt(app: App) -> None:
    app.open("clover-leaf/1")
    terminate_the_workers(app)
    app.press("new")
    app.page.wait_for_function("() => document.body.dataset.deal !== '1'", timeout=ANSWERED_WITHIN_MS)
    app.settle()
    assert app.moves() == 0
    assert app.page.locator("#panel").is_hidden()


def test_a_runtime_that_fails_every_call_is_replaced_and_the_game_kept(app: App) -> None:
    app.open("clover-leaf/1")
    app.click_card("7D")
    app.wait_moves(1)
    break_the_runtime(app)
    tap_a_movable_card(app)
    app.page.wait_for_function("() => document.body.dataset.moves === '2'", timeout=ANSWERED_WITHIN_MS)
    app.settle()
    assert moves_and_deal(app) == (2, "1")
    wait_restarted_notice(app)
    app.press("undo")  # Undo works again
    app.wait_moves(1)
    expected_engine_logs(app)


def test_after_two_restarts_within_a_minute_one_message_offers_a_reload_and_nothing_is_lost(app: App) -> None:
    app.open("clover-leaf/1")
    app.click_card("7D")
    app.wait_moves(1)
    for restart in range(2):
        break_the_runtime(app)
        app.press("undo" if restart == 0 else "redo")
        app.wait_moves(0 if restart == 0 else 1)
        app.page.wait_for_function("() => document.body.dataset.pending === '0'")
        app.page.wait_for_function(
            "() => [...(document.querySelector('#notice')?.textContent ?? '')].length > 0", timeout=ANSWERED_WITHIN_MS
        )
    break_the_runtime(app)
    tap_a_movable_card(app)
    panel = app.page.locator('#panel[data-panel="error"]')
    panel.wait_for(timeout=ANSWERED_WITHIN_MS)
    assert "keeps stopping" in panel.inner_text() and "saved" in panel.inner_text()
    assert app.page.locator("#panel").count() == 1
    panel.locator('[data-panel-action="reload"]').click()
    app.wait_started()
    assert moves_and_deal(app) == (1, "1")
    expected_engine_logs(app)
