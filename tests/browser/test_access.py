"""Access for everyone: a whole game won with the keyboard alone (arrow keys,
Enter, Space to pick a destination, Escape), and an axe-core audit of every game
in the light and dark themes with no serious or critical violation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf import CATALOGUE

from . import plans
from .conftest import ROOT, App

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
NO_ANIMATIONS = json.dumps({"animations": False})
GAMES = [rules.id for rules in CATALOGUE]


def focused_card(app: App) -> str | None:
    return app.page.evaluate("() => document.activeElement?.dataset?.card ?? null")


def focus_card(app: App, card: str) -> None:
    """Walk the movable cards with the arrow keys until ``card`` has the focus."""
    for _ in range(60):
        if focused_card(app) == card:
            return
        app.page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {card}")


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
    # (the engine's state.onto); Escape cancels the pick, and nothing moves.
    first, to = decisions[0]
    focus_card(app, first)
    page.keyboard.press("Space")
    first_to, first_onto = opening["movable"][first][0], opening["onto"][first][0]
    assert target(app) == str(first_to)
    said = "its foundation" if first_to == "F" else f"fan {first_to}, onto" if first_onto else f"empty fan {first_to}"
    announced = "(said) => (document.querySelector('#announcer')?.textContent ?? '').includes(said)"
    page.wait_for_function(announced, arg=said)
    page.keyboard.press("Escape")
    assert page.locator(".is-target").count() == 0 and app.moves() == 0

    for number, (card, to) in enumerate(decisions):
        assert card != "redeal"
        focus_card(app, card)
        if number == 0 and opening["click"].get(card) == to:
            page.keyboard.press("Enter")  # plays it as a click does
        else:
            for _ in range(len(opening["fans"]) + 1):
                page.keyboard.press("Space")
                if target(app) == str(to):
                    break
            assert target(app) == str(to)
            page.keyboard.press("Enter")
        app.wait_moves(number + 1)
        assert app.where(card) == str(to) or app.where(card) == "F"

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


def test_cards_and_fans_have_names_and_shortcuts_work(app: App) -> None:
    deal, card, fan, _ = plans.deal_with_fan_move()
    opening = plans.state("clover-leaf", deal)
    app.open(f"clover-leaf/{deal}")
    page = app.page
    top = opening["fans"][0][-1]
    label = page.get_attribute(f'.card[data-card="{top}"]', "aria-label")
    assert label and label.endswith("top of fan 1"), label
    assert page.get_attribute('[data-fan="1"]', "aria-label") == "Fan 1"
    assert page.get_attribute('[data-fan="1"]', "role") == "group"
    movable = page.locator(".card[role='button']")
    assert movable.count() == len(opening["movable"])
    assert page.locator(".card[tabindex='0']").count() == 1
    # Play with Space then Enter, undo with Ctrl+Z, redo with Ctrl+Y, new deal with N.
    focus_card(app, card)
    for _ in range(20):
        page.keyboard.press("d")
        if target(app) == str(fan):
            break
    page.keyboard.press("Enter")
    app.wait_moves(1)
    page.keyboard.press("Control+z")
    app.wait_moves(0)
    page.keyboard.press("Control+y")
    app.wait_moves(1)
    for button in page.locator(".bar__buttons button").all():
        assert button.inner_text().strip(), "every button has a visible label"
    page.keyboard.press("n")  # a game in progress: the page asks first
    page.locator('#panel[data-panel="confirm"] [data-panel-action="leave"]').click()
    page.wait_for_function("d => document.body.dataset.deal !== d", arg=deal, timeout=60_000)


def test_a_move_renames_only_the_cards_whose_names_change(app: App) -> None:
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
                    what: record.target.dataset.card ?? `fan ${record.target.dataset.fan}`,
                    attribute: record.attributeName,
                    before: record.oldValue,
                    after: record.target.getAttribute(record.attributeName),
                });
            }
        }).observe(document.querySelector('#table'), {
            subtree: true, attributes: true, attributeOldValue: true,
            attributeFilter: ['aria-label', 'aria-owns', 'aria-hidden'],
        });
    }""")
    app.drag(card, fan)
    app.wait_moves(1)
    app.settle()
    renamed = page.evaluate("() => window.__renamed")
    assert any(entry["what"] == card for entry in renamed), "the moved card is named after its new place"
    unchanged = [entry for entry in renamed if entry["before"] == entry["after"]]
    assert not unchanged, f"written again unchanged: {unchanged[:5]}"
    for number, cards in enumerate(app.fans(), start=1):
        for index, name in enumerate(cards):
            label = str(page.get_attribute(f'.card[data-card="{name}"]', "aria-label"))
            top = index == len(cards) - 1
            place = f"top of fan {number}" if top else f"fan {number}, card {index + 1} of {len(cards)}"
            assert label.endswith(place), (name, label)


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
