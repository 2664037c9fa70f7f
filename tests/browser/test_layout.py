"""Every game fits its table, without scrolling, on a phone and on a desktop."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf import CATALOGUE

pytestmark = pytest.mark.browser

GAMES = [rules.id for rules in CATALOGUE]

FITS = """() => {
    const w = innerWidth, h = innerHeight;
    const outside = [];
    for (const el of document.querySelectorAll('.card, .foundation, [data-action]')) {
        if (el.hidden || el.closest('[hidden]')) continue;
        const r = el.getBoundingClientRect();
        if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5) outside.push(
            (el.dataset.card || el.dataset.foundation || el.dataset.action) + ' ' + JSON.stringify(r));
    }
    const root = document.documentElement;
    return {outside, scrolls: root.scrollWidth > w || root.scrollHeight > h,
            cardWidth: document.querySelector('.card').getBoundingClientRect().width};
}"""

# Fans as long as they get: 13 cards in one fan (and 20, beyond any real game).
LONG_FANS = """async ([fanCount, length]) => {
    const layout = await import(new URL('js/layout.js', document.baseURI));
    const table = document.querySelector('#table');
    const L = layout.computeLayout(table.clientWidth, table.clientHeight, fanCount, 104);
    const bad = [];
    for (let fan = 0; fan < fanCount; fan++) {
        const last = layout.cardInFan(L, fan, length - 1, length);
        const prev = layout.cardInFan(L, fan, length - 2, length);
        if (last.x + L.cardW > table.clientWidth + 0.5 || last.y + L.cardH > table.clientHeight + 0.5) bad.push(fan);
        const cell = L.fans[fan].cell;
        if (last.x + L.cardW > cell.x + cell.w + 0.5 || last.y + L.cardH > cell.y + cell.h + 0.5) bad.push(fan);
        const step = Math.max(last.x - prev.x, last.y - prev.y);
        if (step < 3) bad.push(fan);
    }
    return bad;
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800), (800, 600)])
def test_every_game_fits_the_window(make_app: Any, width: int, height: int) -> None:
    app = make_app(viewport={"width": width, "height": height})
    app.open("clover-leaf/1")
    for game in GAMES:
        app.page.evaluate("g => { location.hash = g; }", f"{game}/1")
        app.page.wait_for_function("g => document.body.dataset.game === g", arg=game)
        app.settle()
        result = app.page.evaluate(FITS)
        assert not result["outside"], (game, result["outside"])
        assert not result["scrolls"], game
        assert result["cardWidth"] >= 36, (game, result["cardWidth"])
        for length in (13, 20):
            fans = app.page.evaluate("document.querySelectorAll('[data-fan]').length")
            assert app.page.evaluate(LONG_FANS, [fans, length]) == [], (game, length)
