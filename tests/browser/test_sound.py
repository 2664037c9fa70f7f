"""Sounds are off until the player turns them on in the settings; the choice is
kept; when on, each of the three sounds plays through the Web Audio API, and
when off none makes a sound."""

from __future__ import annotations

from typing import Any

import pytest

from . import plans
from .conftest import App

pytestmark = pytest.mark.browser

# Count the audio sources the page starts (oscillators and noise buffers).
COUNT_SOURCES = """
window.__audioSources = 0;
for (const name of ['createOscillator', 'createBufferSource']) {
    const make = AudioContext.prototype[name];
    AudioContext.prototype[name] = function (...args) { window.__audioSources += 1; return make.apply(this, args); };
}
"""

SOURCES = "() => window.__audioSources"


def sounds_toggle(app: App) -> Any:
    return app.page.locator('#settings-dialog input[data-pref="sounds"]')


def set_sounds(app: App, on: bool) -> None:
    app.press("settings")
    toggle = sounds_toggle(app)
    assert toggle.locator("xpath=..").inner_text().startswith("Sounds")
    toggle.set_checked(on)
    app.page.locator("#settings-dialog .dialog__actions button").click()


def test_sounds_are_off_until_turned_on_and_the_choice_is_kept(app: App) -> None:
    deal, card, _, _ = plans.deal_with_fan_move()
    app.context.add_init_script(COUNT_SOURCES)
    app.open(f"clover-leaf/{deal}")
    page = app.page
    app.click_card(card)
    app.wait_moves(1)
    assert page.evaluate(SOURCES) == 0, "silent by default"
    set_sounds(app, True)
    app.press("undo")  # a move taken back sounds like a move
    app.wait_moves(0)
    page.wait_for_function(f"() => {SOURCES}() > 0")
    app.reload()
    app.press("settings")
    assert sounds_toggle(app).is_checked(), "the choice is kept"
    page.locator("#settings-dialog .dialog__actions button").click()
    set_sounds(app, False)
    before = page.evaluate(SOURCES)
    app.click_card(card)
    app.wait_moves(1)
    page.wait_for_timeout(300)
    assert page.evaluate(SOURCES) == before, "silent once turned off"
