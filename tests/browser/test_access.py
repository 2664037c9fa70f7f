"""Access for everyone: a whole game won with the keyboard alone (arrow keys,
Enter, Space to pick a destination, Escape), and an axe-core audit of every game
in the light and dark themes with no serious or critical violation."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from cloverleaf import CATALOGUE
from cloverleaf.api import Api

from . import plans
from .conftest import ROOT, App
from .test_guidance import card_words

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
NO_ANIMATIONS = json.dumps({"animations": False})
GAMES = [rules.id for rules in CATALOGUE]


# The card the focused cell plays: the top card of the fan (or foundation) that has the focus.
FOCUSED_CARD = """() => {
    const cell = document.activeElement;
    const where = cell?.dataset.fan ?? (cell?.dataset.foundation ? 'F' : null);
    if (!where) return null;
    const cards = [...document.querySelectorAll('#table .card')].filter((card) => where === 'F'
        ? card.dataset.where === 'F' && card.dataset.card.endsWith(cell.dataset.foundation)
        : card.dataset.where === where);
    cards.sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    return cards.length ? cards[cards.length - 1].dataset.card : null;
}"""
ANNOUNCED = "() => document.querySelector('#announcer')?.textContent ?? ''"


def focused_card(app: App) -> str | None:
    return app.page.evaluate(FOCUSED_CARD)  # type: ignore[no-any-return]


TYPED: dict[int, float] = {}  # when each page last had a fan's number typed


def type_fan(app: App, fan: int | str) -> int:
    """Go to fan ``fan`` by its number, typed; returns the keys pressed. (Digits
    typed within 0.9 s of the last make one number, as for fan 12: a person's
    pause, waited for here.)"""
    pause = 0.95 - (time.monotonic() - TYPED.get(id(app), 0.0))
    if pause > 0:
        time.sleep(pause)
    for digit in str(fan):
        app.page.keyboard.press(digit)
    TYPED[id(app)] = time.monotonic()
    return len(str(fan))


def target(app: App) -> str:
    """The destination the keyboard pick highlights: a fan number or "F"."""
    element = app.page.locator(".table--picking .is-target")
    assert element.count() == 1
    return str(element.get_attribute("data-fan") or "F")


def test_a_whole_game_won_with_the_keyboard_alone(app: App) -> None:
    deal, decisions = plans.winnable_deal()
    opening = plans.state("clover-leaf", deal)
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
    app.open(f"clover-leaf/{deal}")
    page = app.page

    # Space picks the card's first destination, said with the card it goes onto
    # (the engine's state.onto), and how a pick ends, once; Escape cancels it, and nothing moves.
    first, to = decisions[0]
    keys = type_fan(app, app.where(first))  # from the page itself: a fan's number goes to it
    assert page.evaluate("() => document.activeElement.closest('[role=grid]') !== null")
    assert focused_card(app) == first
    page.keyboard.press("Space")
    first_to, first_onto = opening["movable"][first][0], opening["onto"][first][0]
    assert target(app) == str(first_to)
    said = "its foundation" if first_to == "F" else f"fan {first_to}, onto" if first_onto else f"empty fan {first_to}"
    page.wait_for_function(f"() => ({ANNOUNCED})().includes({said!r}) && ({ANNOUNCED})().includes('Escape cancels')")
    page.keyboard.press("Escape")
    assert page.locator(".is-target").count() == 0 and app.moves() == 0

    for number, (card, to) in enumerate(decisions):
        assert card != "redeal"
        keys += type_fan(app, app.where(card))  # a fan's number goes straight to it
        assert focused_card(app) == card
        if number == 0 and opening["click"].get(card) == to:
            page.keyboard.press("Enter")  # plays it as a click does
        else:
            for _ in range(len(opening["fans"]) + 1):
                page.keyboard.press("Space")
                keys += 1
                if target(app) == str(to):
                    break
            assert target(app) == str(to)
            page.keyboard.press("Enter")
        keys += 1
        app.wait_moves(number + 1)
        assert app.where(card) == str(to) or app.where(card) == "F"
    print(f"keyboard: {keys} keys for {len(decisions)} decisions")

    panel = page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    assert app.page.locator(".card[data-where='F']").count() == 52
    page.wait_for_function("() => /You won/.test(document.querySelector('#announcer')?.textContent ?? '')")

    # The win is in the statistics: F1 opens the info dialog, the arrow keys pick a tab.
    page.keyboard.press("F1")
    page.locator("#info-dialog[open]").wait_for()
    page.keyboard.press("ArrowRight")
    page.locator("#info-stats:not([aria-busy]) table").wait_for()
    cell = page.locator('#info-stats tr[data-stat="won"] td[data-kind="all"]')
    assert cell.inner_text() == "1"
    assert page.locator('#info-stats tr[data-stat="played"] td[data-kind="all"]').inner_text() == "1"
    # One result makes no chart (a lone, unlabelled bar): it is said in words.
    assert page.locator("#info-stats .chart").count() == 0
    assert "One game played so far: won." in page.locator("#info-stats .stats__chart").inner_text()


def test_the_table_is_a_grid_whose_cells_name_their_cards_and_shortcuts_work(app: App) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    opening = plans.state("clover-leaf", deal)
    app.open(f"clover-leaf/{deal}")
    page = app.page
    top, *under = reversed(opening["fans"][0])
    assert page.get_attribute('[data-fan="1"]', "role") == "gridcell"
    assert page.get_attribute('[data-fan="1"]', "aria-label") == f"Fan 1: {card_words(top)}, over " + ", ".join(
        card_words(name) for name in under[:-1]
    ) + f"{',' if len(under) > 2 else ''} and {card_words(under[-1])}"
    # Rows: the foundations first, then the fans as the layout places them.
    rows = page.eval_on_selector_all(
        "[role=grid] > [role=row]", "rows => rows.map((row) => [...row.children].map((cell) => cell.id))"
    )
    assert rows[0][:4] == ["foundation-C", "foundation-S", "foundation-H", "foundation-D"]
    assert [cell for row in rows[1:] for cell in row] == [f"fan-{i}" for i in range(1, len(opening["fans"]) + 1)]
    assert page.locator("[role=grid] [tabindex='0']").count() == 1
    assert page.locator(".card:not([aria-hidden='true'])").count() == 0  # each card is named by its cell
    # Play with Space then Enter, undo with Ctrl+Z, redo with Ctrl+Y, new deal with N.
    type_fan(app, app.where(card))
    for _ in range(20):
        page.keyboard.press("d")
        if target(app) == str(fan):
            break
    page.keyboard.press("Enter")
    app.wait_moves(1)
    page.keyboard.press("Control+z")
    app.wait_moves(0)
    page.wait_for_function(f"() => ({ANNOUNCED})().startsWith('Undone: the {card_words(card)}')")
    page.keyboard.press("Control+y")
    app.wait_moves(1)
    for button in page.locator(".bar__buttons button").all():
        assert button.inner_text().strip(), "every button has a visible label"
    page.keyboard.press("n")  # a game in progress: the page asks first, keeping it the first choice
    question = page.locator('#panel[data-panel="confirm"]')
    question.wait_for()
    assert page.evaluate("() => document.activeElement.dataset.panelAction") == "keep"
    page.keyboard.press("Escape")  # kept, and the focus back on the table
    question.wait_for(state="hidden")
    page.wait_for_function("() => document.activeElement.closest('[role=grid]') !== null")
    page.keyboard.press("n")
    page.locator('#panel[data-panel="confirm"] [data-panel-action="leave"]').click()
    page.wait_for_function("d => document.body.dataset.deal !== d", arg=deal, timeout=60_000)


def test_the_keys_move_by_place_go_to_the_hint_and_never_lose_the_focus(make_app: Any) -> None:
    """At 1280x800, on a first visit: Escape closes the first-visit dialog onto the
    table; the arrows move by place, Home and End along a row, a number to its fan;
    a hint asked with H takes the focus to its card, Enter plays it, and what moved
    is said, every card sent home; a screen reader's click plays a card too."""
    app = make_app(first_visit=True)
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
    app.open("clover-leaf/11")
    page = app.page
    page.locator("#intro-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#intro-dialog").wait_for(state="hidden")
    page.wait_for_function("() => document.querySelector('#table').contains(document.activeElement)")
    cell = "() => document.activeElement.id"
    columns = page.evaluate("() => document.querySelector('[role=grid] > [role=row]:nth-child(2)').children.length")
    page.keyboard.press("1")
    assert page.evaluate(cell) == "fan-1"
    page.keyboard.press("ArrowDown")  # the fan below, on the screen
    assert page.evaluate(cell) == f"fan-{1 + columns}"
    page.keyboard.press("Home")
    assert page.evaluate(cell) == f"fan-{1 + columns}"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    assert page.evaluate(cell) == f"fan-{columns}"
    page.keyboard.press("ArrowRight")  # past a row's end: the next row's first
    assert page.evaluate(cell) == f"fan-{columns + 1}"
    page.keyboard.press("Control+Home")
    assert page.evaluate(cell) == "foundation-C"
    page.keyboard.press("ArrowDown")  # the fan nearest below it
    assert page.evaluate(cell).startswith("fan-")
    page.keyboard.press("g")  # no hint yet: said so
    page.wait_for_function(f"() => ({ANNOUNCED})().startsWith('No hint')")

    page.keyboard.press("h")
    hinted = page.locator(".card.card--hint")
    hinted.wait_for(timeout=60_000)
    page.wait_for_function(f"() => ({FOCUSED_CARD})() === document.querySelector('.card.card--hint').dataset.card")
    card = str(hinted.get_attribute("data-card"))
    home = "() => [...document.querySelectorAll('.card[data-where=F]')].map((c) => c.dataset.card)"
    before = set(page.evaluate(home))
    page.keyboard.press("Enter")  # the hinted move, as a click on its card plays it
    app.wait_moves(1)
    page.wait_for_function(f"c => ({ANNOUNCED})().startsWith(c)", arg=card_words(card).capitalize())
    said = page.evaluate(ANNOUNCED).lower()
    sent = set(page.evaluate(home)) - before - {card}
    assert len(sent) >= 2 and all(card_words(each) in said for each in sent), (said, sent)  # every card sent home

    # A screen reader's click in browse mode (no pointer) plays the card of the cell it lands on.
    api = Api()
    api.call("new", json.dumps({"game": "clover-leaf", "deal": "11"}))
    api.call("play", json.dumps({"card": card, "to": "F" if app.where(card) == "F" else int(app.where(card))}))
    state = json.loads(api.call("state"))["ok"]["state"]
    fan = next(i + 1 for i, cards in enumerate(state["fans"]) if cards and cards[-1] in state["click"])
    click = "f => document.querySelector(`[data-fan='${f}']`).dispatchEvent(new MouseEvent('click', {bubbles: true}))"
    page.evaluate(click, fan)
    app.wait_moves(2)


def test_a_move_renames_only_the_cells_whose_names_change(app: App) -> None:
    """Every name on the table is right after a move, and none is written again unchanged.

    The names are rewritten from the state after each move; writing all of them
    again, unchanged, was a DOM mutation each (about 10 ms of a slowed phone's
    thread per move), so only the ones that change are written.
    """
    deal, card, fan, _ = plans.deal_with_fan_move()
    app.open(f"clover-leaf/{deal}")
    page = app.page
    page.evaluate("""() => {
        window.__renamed = [];
        new MutationObserver((records) => {
            for (const record of records) {
                window.__renamed.push({
                    what: record.target.id,
                    attribute: record.attributeName,
                    before: record.oldValue,
                    after: record.target.getAttribute(record.attributeName),
                });
            }
        }).observe(document.querySelector('#table'), {
            subtree: true, attributes: true, attributeOldValue: true,
            attributeFilter: ['aria-label', 'aria-hidden'],
        });
    }""")
    app.drag(card, fan)
    app.wait_moves(1)
    app.settle()
    renamed = page.evaluate("() => window.__renamed")
    assert any(entry["what"] == f"fan-{fan}" for entry in renamed), "the fan the card went onto is named again"
    unchanged = [entry for entry in renamed if entry["before"] == entry["after"]]
    assert not unchanged, f"written again unchanged: {unchanged[:5]}"
    for number, cards in enumerate(app.fans(), start=1):
        label = str(page.get_attribute(f'[data-fan="{number}"]', "aria-label"))
        assert label.startswith(f"Fan {number}: {card_words(cards[-1])}" if cards else f"Fan {number}, empty"), label


def axe_violations(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => ({id: v.id, impact: v.impact,
                              nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' ' + n.failureSummary)}));
        }"""
    ))


def choose_theme(page: Any, theme: str) -> None:
    page.locator('[data-action="settings"]').click()
    page.locator('select[data-pref="theme"]').select_option(theme)
    page.locator("#settings-dialog .dialog__actions button").click()
    page.wait_for_function("t => document.documentElement.dataset.theme === t", arg=theme)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_serious_violation_in_any_game(make_app: Any, theme: str) -> None:
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run npm ci (./build.sh test does)")
    # axe is injected as a script of its own: the page's CSP would refuse it.
    app = make_app(bypass_csp=True)
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
    app.open("clover-leaf/1")
    page = app.page
    choose_theme(page, theme)
    page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = {}
    for game in GAMES:
        if game != "clover-leaf":
            page.evaluate("g => { location.hash = `#${g}/1`; }", game)
            page.wait_for_function("g => document.body.dataset.game === g", arg=game)
            app.settle()
        violations = axe_violations(page)
        if violations:
            found[game] = violations
    # The info dialog, each tab, and the settings dialog.
    page.keyboard.press("F1")
    for tab in ("help", "stats", "about"):
        page.locator(f"#info-tab-{tab}").click()
        page.locator(f"#info-{tab} > *").first.wait_for()
        violations = axe_violations(page)
        if violations:
            found[f"info/{tab}"] = violations
    page.keyboard.press("Escape")
    page.locator('[data-action="settings"]').click()
    violations = axe_violations(page)
    if violations:
        found["settings"] = violations
    assert not found, json.dumps(found, indent=1)
