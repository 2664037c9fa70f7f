"""A phone's table (issue 41), at 360x640 and on a Pixel 7, in the four
languages: the controls in sight and in reach at the bottom with their words,
nothing cut, every refusal explained whatever the gesture, and a table that
keeps its cards when a sheet docks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import plans
from .conftest import App, press_control
from .test_access import AXE, axe_violations
from .test_endings import card_words, stuck_after_clicks
from .test_i18n import choose_language
from .test_phone import touch_drag

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "de", "es", "ru")
PHONES = ("360x640", "Pixel 7")


def phone_app(make_app: Any, playwright_instance: Any, phone: str, **options: Any) -> App:
    if phone == "Pixel 7":
        device = dict(playwright_instance.devices["Pixel 7"])
        device.pop("default_browser_type", None)
        return make_app(**device, **options)  # type: ignore[no-any-return]
    return make_app(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, **options)  # type: ignore[no-any-return]


# What is cut on the page as it stands: the bar's name, the words of the controls
# in sight, and every text of an open dialog, each wider than its box or reaching
# outside the window.
CUT = """() => {
    const cut = [];
    const whole = (el, what) => {
        const r = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5
            || r.left < -0.5 || r.right > innerWidth + 0.5)
            cut.push(`${what}: «${el.textContent.trim()}» ${el.scrollWidth}>${el.clientWidth}`);
    };
    whole(document.querySelector('#game-name'), 'the name');
    for (const button of document.querySelectorAll('.bar__buttons button')) {
        if (!button.getClientRects().length) continue;
        const label = button.querySelector('span');
        const shown = label.getBoundingClientRect().width > 2;
        if (!shown) cut.push(`${button.dataset.action}: its word is not shown`);
        else whole(label, button.dataset.action);
    }
    for (const dialog of document.querySelectorAll('dialog[open], #panel:not([hidden]), #player:not([hidden])'))
        for (const el of dialog.querySelectorAll('button, h2, p, span, label, small, dt, dd'))
            if (el.getClientRects().length && !el.closest('.visually-hidden')
                && (el.matches('button') || getComputedStyle(el).overflow !== 'visible'))
                whole(el, dialog.id);
    return cut;
}"""

# The controls in sight that are not the topmost thing painted at their centre,
# with every element made hit-testable for the moment (a notice that lets presses
# through would be invisible to elementFromPoint).
COVERED = """() => {
    // (a constructed sheet: the page's CSP refuses a <style> element)
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { pointer-events: auto !important; }');
    const before = document.adoptedStyleSheets;
    document.adoptedStyleSheets = [...before, sheet];
    if (getComputedStyle(document.querySelector('#notice')).pointerEvents !== 'auto')
        return ['the check did not apply'];
    const covered = [];
    for (const control of document.querySelectorAll('[data-action], #redeal')) {
        const r = control.getBoundingClientRect();
        if (!control.getClientRects().length || r.width < 1 || control.closest('dialog:not([open])')) continue;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!top || !control.contains(top))
            covered.push(`${control.dataset.action || control.id} under `
                         + (top ? `${top.tagName}#${top.id}.${top.className}` : 'nothing'));
    }
    document.adoptedStyleSheets = before;
    return covered;
}"""


@pytest.mark.parametrize("phone", PHONES)
def test_after_a_hint_every_control_is_in_sight_and_every_word_is_whole(
    make_app: Any, playwright_instance: Any, phone: str
) -> None:
    app = phone_app(make_app, playwright_instance, phone)
    app.open("clover-leaf-warfield/993004118")  # the longest of the names
    page = app.page
    height = page.evaluate("innerHeight")
    for lang in LANGUAGES:
        choose_language(page, lang)
        assert page.evaluate(CUT) == [], (phone, lang)
        # The controls used every few seconds sit at the bottom, within a thumb's reach.
        for action in ("new", "undo", "hint", "menu"):
            box = page.locator(f'.bar [data-action="{action}"]').bounding_box()
            assert box is not None and box["y"] > height * 0.85, (phone, lang, action, box)
        page.locator('[data-action="hint"]').tap()
        page.locator("#notice:not([hidden])").wait_for()
        assert page.evaluate(COVERED) == [], (phone, lang, page.locator("#notice").inner_text())
        page.wait_for_function("() => document.querySelector('[data-action=hint]').ariaBusy !== 'true'")
        assert page.evaluate(COVERED) == [], (phone, lang, "after the search")
        # The rest of the controls are in the menu, their words whole.
        page.locator('[data-action="menu"]').tap()
        page.locator("#menu-dialog[open]").wait_for()
        assert page.evaluate(CUT) == [], (phone, lang, "menu")
        page.keyboard.press("Escape")
        for dialog in ("settings", "games", "info"):
            press_control(page, dialog)
            page.locator("dialog[open]").first.wait_for()
            assert page.evaluate(CUT) == [], (phone, lang, dialog)
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.querySelector('dialog[open]')")


def test_a_refused_drop_and_a_drag_of_a_stuck_card_say_why(make_app: Any, playwright_instance: Any) -> None:
    app = phone_app(make_app, playwright_instance, "360x640")
    deal = "993004118"
    opening = plans.state("clover-leaf", deal)
    app.open(f"clover-leaf/{deal}")
    fans = opening["fans"]
    # A top card and a fan whose top card it does not go on.
    card, to = next(
        (fan[-1], number)
        for fan in fans if fan and fan[-1] in opening["movable"]
        for number, other in enumerate(fans, 1)
        if other and other is not fan and number not in opening["movable"][fan[-1]]
    )
    onto = fans[to - 1][-1]
    touch_drag(app, card, to)
    app.page.wait_for_function("() => !document.querySelector('#notice').hidden")
    assert app.notice() == f"The {card_words(card)} does not go on the {card_words(onto)}."
    assert app.moves() == 0
    # A covered card, dragged: it does not move, and the notice says why.
    covered = next(fan[0] for fan in fans if len(fan) > 1)
    app.page.evaluate("() => { document.querySelector('#notice').hidden = true; }")
    touch_drag(app, covered, to)
    app.page.wait_for_function("() => !document.querySelector('#notice').hidden")
    assert app.notice() == f"The {card_words(covered)} is covered: move the cards on it first."
    assert app.moves() == 0
    # A move that goes through puts a refusal away.
    movable = next(iter(opening["click"]))
    app.page.locator(f'.card[data-card="{movable}"]').tap(position={"x": 6, "y": 6})
    app.wait_moves(1)
    assert app.page.locator("#notice").is_hidden()


# The covered cards whose corner index the next card of their fan hides.
HIDDEN_INDICES = """() => {
    const vertical = document.querySelector('#table').classList.contains('table--vertical');
    const fans = {};
    for (const el of document.querySelectorAll('.card')) {
        if (el.dataset.where !== 'F') (fans[el.dataset.where] ??= [])[Number(el.dataset.index)] = el;
    }
    const hidden = [];
    for (const cards of Object.values(fans)) {
        for (let i = 0; i + 1 < cards.length; i++) {
            const r = cards[i].getBoundingClientRect(), next = cards[i + 1].getBoundingClientRect();
            const index = cards[i].querySelector('.card__index').getBoundingClientRect();
            const strip = vertical ? next.top - r.top : next.left - r.left;
            const need = vertical ? index.bottom - r.top : index.right - r.left;
            if (strip + 0.01 < need) hidden.push(cards[i].dataset.card);
        }
    }
    return hidden;
}"""


def test_axe_finds_nothing_serious_on_a_phone(make_app: Any, playwright_instance: Any) -> None:
    app = phone_app(make_app, playwright_instance, "360x640", bypass_csp=True)
    deal, cards, _ = stuck_after_clicks()
    app.open(f"alexander-the-great/{deal}")
    page = app.page
    page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = {"table": axe_violations(page)}
    page.locator('[data-action="hint"]').tap()
    page.locator("#notice:not([hidden])").wait_for()
    found["hint"] = axe_violations(page)
    for dialog in ("menu", "settings", "games", "info"):
        press_control(page, dialog)
        page.locator("dialog[open]").first.wait_for()
        found[dialog] = axe_violations(page)
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
    for count, card in enumerate(cards, 1):
        page.locator(f'.card[data-card="{card}"]').tap(position={"x": 6, "y": 6})
        app.wait_moves(count)
    page.locator("#panel.panel--docked").wait_for()
    found["stuck"] = axe_violations(page)
    assert {name: found[name] for name in found if found[name]} == {}, json.dumps(found, indent=1)


def test_larger_cards_make_the_cards_larger_and_the_setting_is_kept(make_app: Any, playwright_instance: Any) -> None:
    app = phone_app(make_app, playwright_instance, "360x640")
    app.open("clover-leaf/993004118")
    page = app.page
    width = "() => document.querySelector('.card').getBoundingClientRect().width"
    before = page.evaluate(width)
    press_control(page, "settings")
    page.locator('input[data-pref="largerCards"]').check()
    page.keyboard.press("Escape")
    page.wait_for_function(f"w => ({width})() > w", arg=before)
    app.reload()
    assert page.evaluate(width) > before


def test_a_phone_shows_no_focus_ring_on_the_first_visit_overlay(make_app: Any, playwright_instance: Any) -> None:
    app = phone_app(make_app, playwright_instance, "360x640", first_visit=True)
    app.open("clover-leaf/5")
    app.page.locator("#intro-dialog[open]").wait_for()
    focused = app.page.evaluate(
        "() => [document.activeElement.id, getComputedStyle(document.activeElement).outlineStyle]"
    )
    assert focused == ["intro-close", "none"]


def test_the_cards_keep_their_size_when_the_solution_player_docks(make_app: Any, playwright_instance: Any) -> None:
    app = phone_app(make_app, playwright_instance, "360x640")
    app.open("clover-leaf/993004118")
    page = app.page
    size = "() => { const r = document.querySelector('.card').getBoundingClientRect(); return [r.width, r.height]; }"
    before = page.evaluate(size)
    press_control(page, "solve")
    page.locator("#player:not([hidden])").wait_for(timeout=60_000)
    app.wait_moves(1)
    page.wait_for_timeout(300)
    assert page.evaluate(size) == before
    # Its main button's words whole, in every language (they may take two lines).
    for lang in LANGUAGES:
        page.evaluate("l => document.querySelector('select[data-pref=language]').value = l", lang)
        page.evaluate("() => document.querySelector('select[data-pref=language]').dispatchEvent(new Event('change'))")
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        assert page.evaluate(CUT) == [], lang
