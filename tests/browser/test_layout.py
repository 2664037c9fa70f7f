"""Every game fits its table, without scrolling, on a phone and on a desktop, and
every covered card shows its whole corner index, however long the fans grow."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf import CATALOGUE

from . import plans

pytestmark = pytest.mark.browser

GAMES = [rules.id for rules in CATALOGUE]
# The phone the issue was seen on (360x640), Pixel 7's viewport, a desktop.
WINDOWS = {"360x640": (360, 640), "Pixel 7": (412, 839), "1280x800": (1280, 800)}

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

# The layout module on its own: made for fans of `length` cards, every fan of that
# length stays in its cell and on the table, and shows each covered card's index.
DESIGNED_FOR = """async ([fanCount, length]) => {
    const layout = await import(new URL('src/js/layout.js', document.baseURI));
    const render = await import(new URL('src/js/render.js', document.baseURI));
    const table = document.querySelector('#table');
    const index = render.measureIndex(table);
    const L = layout.computeLayout(table.clientWidth, table.clientHeight, fanCount, {reserve: 104, length, index});
    const bad = [];
    const need = index[L.orientation].a + index[L.orientation].b * L.cardW;
    for (let fan = 0; fan < fanCount; fan++) {
        const last = layout.cardInFan(L, fan, length - 1, length);
        const prev = layout.cardInFan(L, fan, length - 2, length);
        if (last.x + L.cardW > table.clientWidth + 0.5 || last.y + L.cardH > table.clientHeight + 0.5) bad.push(fan);
        const cell = L.fans[fan].cell;
        if (last.x + L.cardW > cell.x + cell.w + 0.5 || last.y + L.cardH > cell.y + cell.h + 0.5) bad.push(fan);
        if (Math.max(last.x - prev.x, last.y - prev.y) < need) bad.push(fan);
    }
    return {bad, length: L.length};
}"""

# Each covered card's strip (the part the next card leaves visible) against its
# corner index as drawn (from the card's edge to the index's far edge), and any
# card outside the table.
STRIPS = """() => {
    const table = document.querySelector('#table');
    const box = table.getBoundingClientRect();
    const vertical = table.classList.contains('table--vertical');
    const fans = {};
    for (const el of document.querySelectorAll('.card')) {
        const r = el.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.top < box.top - 0.5
            || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) return {outside: el.dataset.card};
        if (el.dataset.where !== 'F') (fans[el.dataset.where] ??= [])[Number(el.dataset.index)] = el;
    }
    let worst = null, longest = 0;
    for (const cards of Object.values(fans)) {
        longest = Math.max(longest, cards.length);
        for (let i = 0; i + 1 < cards.length; i++) {
            const r = cards[i].getBoundingClientRect(), next = cards[i + 1].getBoundingClientRect();
            const index = cards[i].querySelector('.card__index').getBoundingClientRect();
            const strip = vertical ? next.top - r.top : next.left - r.left;
            const need = vertical ? index.bottom - r.top : index.right - r.left;
            if (!worst || strip - need < worst.strip - worst.need)
                worst = {card: cards[i].dataset.card, strip, need};
        }
    }
    return {worst, longest, vertical, cardWidth: parseFloat(table.style.getPropertyValue('--cw'))};
}"""

FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def open_game(app: Any, game: str, deal: str) -> None:
    app.page.evaluate("address => { location.hash = address; }", f"{game}/{deal}")
    app.page.wait_for_function(
        "([g, d]) => document.body.dataset.game === g && document.body.dataset.deal === d", arg=[game, deal]
    )
    app.settle()


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800), (800, 600)])
def test_every_game_fits_the_window(make_app: Any, width: int, height: int) -> None:
    app = make_app(viewport={"width": width, "height": height})
    app.open("clover-leaf/1")
    for game in GAMES:
        open_game(app, game, "1")
        result = app.page.evaluate(FITS)
        assert not result["outside"], (game, result["outside"])
        assert not result["scrolls"], game
        assert result["cardWidth"] >= 36, (game, result["cardWidth"])
        fans = app.page.evaluate("document.querySelectorAll('[data-fan]').length")
        for length in (13, 20):
            designed = app.page.evaluate(DESIGNED_FOR, [fans, length])
            assert designed == {"bad": [], "length": length}, (game, length, designed)


def test_long_fans_built_by_play_show_every_index(make_app: Any) -> None:
    """The engine's moves build the longest fans it finds in each game; played in
    the page at 360x640, then seen at Pixel 7's and a desktop's size, every covered
    card still shows its whole index and no card leaves the table."""
    app = make_app(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    app.open("clover-leaf/1")
    seen = []
    for game in GAMES:
        deal, steps = plans.long_fans(game)
        open_game(app, game, deal)
        app.play_steps(steps)
        for window, (width, height) in WINDOWS.items():
            app.page.set_viewport_size({"width": width, "height": height})
            app.page.evaluate(FRAMES)
            app.settle()
            result = app.page.evaluate(STRIPS)
            assert "outside" not in result, (game, window, result)
            worst = result["worst"]
            assert worst["strip"] >= worst["need"] - 0.01, (game, window, result)
            seen.append(f"{game} {window}: longest fan {result['longest']}, cards {result['cardWidth']} px, "
                        f"narrowest strip {worst['strip']:.1f} px for an index of {worst['need']:.1f} px")
        app.page.set_viewport_size({"width": 360, "height": 640})
    print("\n".join(seen))


# The notice's box against every card's and the bar's.
NOTICE_PLACE = """() => {
    const notice = document.querySelector('#notice').getBoundingClientRect();
    const bar = document.querySelector('.bar').getBoundingClientRect();
    const covered = [];
    for (const el of document.querySelectorAll('.card, .foundation')) {
        const r = el.getBoundingClientRect();
        if (r.left < notice.right && notice.left < r.right && r.top < notice.bottom && notice.top < r.bottom)
            covered.push(el.dataset.card || el.dataset.foundation);
    }
    return {covered, inBar: notice.top >= bar.top - 0.5 && notice.bottom <= bar.bottom + 0.5};
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800)])
def test_a_hint_notice_covers_no_card(make_app: Any, width: int, height: int) -> None:
    deal, _, _, _ = plans.deal_with_fan_move()
    app = make_app(viewport={"width": width, "height": height})
    app.open(f"clover-leaf/{deal}")
    app.press("hint")
    app.page.locator(".card.card--hint").wait_for(timeout=60_000)
    assert "Hint" in app.notice()
    assert app.page.evaluate(NOTICE_PLACE) == {"covered": [], "inBar": True}
    # A press on the bar goes through to its button and puts the notice away.
    app.press("settings")
    app.page.locator("#settings-dialog[open]").wait_for()
    assert app.notice() == ""
