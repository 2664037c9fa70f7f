"""Sounds are off until the player turns them on in the settings; the choice is
kept; when on, each of the three sounds plays through the Web Audio API, and
when off none makes a sound."""

from __future__ import annotations

from typing import Any

import pytest

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

PLAY_ALL = """async () => {
    const sound = await import(new URL('js/sound.js', document.baseURI));
    const before = window.__audioSources;
    sound.playMove();
    sound.playFoundation();
    sound.playWin();
    return window.__audioSources - before;
}"""


def sounds_toggle(app: App) -> Any:
    return app.page.locator('#settings-dialog input[data-pref="sounds"]')


def test_sounds_are_off_until_turned_on_and_the_choice_is_kept(app: App) -> None:
    app.context.add_init_script(COUNT_SOURCES)
    app.open("clover-leaf/3")
    page = app.page
    assert page.evaluate(PLAY_ALL) == 0, "silent by default"
    app.press("settings")
    toggle = sounds_toggle(app)
    assert not toggle.is_checked()
    assert toggle.locator("xpath=..").inner_text().startswith("Sounds")
    toggle.check()
    page.locator("#settings-dialog .dialog__actions button").click()
    # one source for the tap, two per note: 1 + 2 + 4 * 2
    assert page.evaluate(PLAY_ALL) == 11
    app.reload()
    app.press("settings")
    assert sounds_toggle(app).is_checked()
    sounds_toggle(app).uncheck()
    page.locator("#settings-dialog .dialog__actions button").click()
    assert page.evaluate(PLAY_ALL) == 0
