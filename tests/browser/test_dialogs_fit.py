"""On a 360x640 phone, in every language, every dialog's content fits its box:
nothing sticks out sideways and nothing scrolls sideways (help, statistics and
about, the games list, the settings)."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf.stats import Stats

from .conftest import App, press_control
from .test_i18n import choose_language

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "de", "es", "ru")

# Elements of the open dialog `selector` that reach outside its box, or that
# scroll sideways; each described by tag, class and the start of its text.
TOO_WIDE = """(selector) => {
    const dialog = document.querySelector(selector);
    const box = dialog.getBoundingClientRect();
    const name = (el) => `${el.tagName.toLowerCase()}.${el.className} «${(el.textContent || '').trim().slice(0, 30)}»`;
    const wide = [];
    if (box.left < -0.5 || box.right > innerWidth + 0.5) wide.push(`the dialog ${JSON.stringify(box)}`);
    for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
        if (!el.getClientRects().length || el.closest('.visually-hidden')) continue; // not shown
        const r = el.getBoundingClientRect();
        if (r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
            wide.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`
                      + ` in ${Math.round(box.left)}..${Math.round(box.right)}`);
        // (a text field scrolls its own long value: that is how a field works)
        if (!el.matches('input, select, textarea') && getComputedStyle(el).overflowX !== 'visible'
            && el.scrollWidth > el.clientWidth + 1)
            wide.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return wide;
}"""


def seed_statistics(app: App) -> None:
    """Statistics with the widest values a player sees: hours, hundreds, a percentage."""
    stats = Stats()
    for day in range(1, 13):
        stats = stats.record("clover-leaf", True, 104, 3723.0, solvable=True, daily=f"2026-11-{day:02d}")
    stats = stats.record("clover-leaf", False, 30, 60.0)
    key = "cloverleaf.stats.v1"
    app.context.add_init_script(f"if (!localStorage.getItem('{key}')) localStorage.setItem('{key}', {stats.dumps()!r})")


def test_every_dialog_fits_a_phone_in_every_language(make_app: Any) -> None:
    app = make_app(viewport={"width": 360, "height": 640})
    seed_statistics(app)
    app.open("clover-leaf/7")
    page = app.page
    for lang in LANGUAGES:
        choose_language(page, lang)
        press_control(page, "games")
        assert page.evaluate(TOO_WIDE, "#games-dialog") == [], (lang, "games")
        page.keyboard.press("Escape")
        press_control(page, "settings")
        assert page.evaluate(TOO_WIDE, "#settings-dialog") == [], (lang, "settings")
        page.keyboard.press("Escape")
        press_control(page, "info")
        for tab in ("help", "stats", "about"):
            page.locator(f"#info-tab-{tab}").click()
            page.locator(f"#info-{tab}:not([aria-busy]) > *").first.wait_for()
            assert page.evaluate(TOO_WIDE, "#info-dialog") == [], (lang, tab)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")


# The bar's labels at this size: whether the bar shows icons alone, and which
# shown labels are clipped.
BAR_LABELS = """() => {
    const buttons = document.querySelector('.bar__buttons');
    const icons = buttons.classList.contains('bar__buttons--icons');
    const clipped = [...buttons.querySelectorAll('button > span')]
        .filter((span) => span.offsetParent !== null && span.getBoundingClientRect().width > 2
                && span.scrollWidth > span.clientWidth + 0.5)
        .map((span) => span.textContent);
    return {icons, clipped};
}"""


def test_the_bar_shows_whole_words_in_every_language(make_app: Any) -> None:
    """No clipped word on the bar ("Desha…"): at 360 px the phone's bar keeps four
    controls (css/phone.css) and each shows its word whole in every language; at a
    desktop's width every language has its words too."""
    app = make_app(viewport={"width": 360, "height": 640})
    app.open("clover-leaf/7")
    page = app.page
    seen = {}
    for lang in LANGUAGES:
        choose_language(page, lang)
        for width in (360, 1280):
            page.set_viewport_size({"width": width, "height": 640 if width == 360 else 800})
            page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
            labels = page.evaluate(BAR_LABELS)
            assert labels["clipped"] == [], (lang, width, labels)
            seen[lang, width] = labels["icons"]
        page.set_viewport_size({"width": 360, "height": 640})
    assert not any(seen.values()), seen  # words everywhere, never icons alone
