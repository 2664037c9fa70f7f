"""Play guided by the solver, in the page: hints followed by clicking the marked
cards win; where the search runs out of budget, a hint is a likely move and a
solution the most promising line; a hint or a lost game's walk back asked
again there goes on with the search; the solution played back, stepped
through and taken over; a game said lost as soon as it is, with the way back;
what the table shows of the game
(the last move, which way each foundation builds); sharing a deal; the
first-visit overlay.

Deals and moves are found with the engine on CPython (plans.py); the page plays
them in Pyodide.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.api import Api

from . import plans
from .conftest import INTRO_KEY
from .stored import Loads, wait_notice

pytestmark = pytest.mark.browser

SHORT_DEAL = "11"  # Clover Leaf deal 11: the hints win it in 8 decisions (checked below on CPython)
DIVED_DEAL = "405"  # Shamrocks deal 405: the search wins it only through a dive, past 20,000 nodes
LATE_DEAL = "886"  # Shamrocks deal 886: the search wins it at 64,205 nodes, past the hint budget of 60,000
NO_ANIMATIONS = {"animations": False}


def card_words(card: str) -> str:
    from cloverleaf.cards import card_name, parse_card

    return card_name(parse_card(card))


def hinted_plan(game: str, deal: str) -> list[dict[str, Any]]:
    """The decisions the hints play to win the deal, on CPython (a hint job, then the plan)."""
    api = Api()
    api.call("new", json.dumps({"game": game, "deal": deal}))
    result = None
    job = api.hint_job("hint")
    while result is None:
        result = job.step(100_000)
    assert result["verdict"] == "solved"
    moves: list[dict[str, Any]] = json.loads(api.call("plan"))["ok"]["moves"]
    return moves


def marks_after(game: str, deal: str, move: dict[str, Any]) -> list[str]:
    """The cards the page should mark after ``move`` from the opening: the card and the one it went onto."""
    api = Api()
    api.call("new", json.dumps({"game": game, "deal": deal}))
    played = {key: value for key, value in move.items() if key != "onto"}  # as "play" takes it
    after = json.loads(api.call("play", json.dumps(played)))["ok"]["state"]
    if move["to"] == "F":
        return [move["card"]]
    pile = after["fans"][move["to"] - 1]
    index = pile.index(move["card"])
    return pile[index - 1 : index + 1] if index > 0 else [move["card"]]


def follow_hints_by_clicking(app: Any, limit: int = 60) -> int:
    """Press H and click the marked card (or the marked redeal) until the game is won
    (or ``limit`` decisions were played); returns how many decisions were played."""
    page = app.page
    for decisions in range(limit):
        if page.evaluate("document.body.dataset.won") == "true":
            return decisions
        moves = app.moves()
        page.keyboard.press("h")
        page.wait_for_function("() => document.querySelector('.card.card--hint, #redeal.is-hint')", timeout=60_000)
        hinted = page.locator(".card.card--hint")
        if hinted.count():
            app.click_card(str(hinted.get_attribute("data-card")))
        else:
            app.press("redeal")
        app.wait_moves(moves + 1)
    assert limit < 60, "not won after 60 hinted decisions"
    return limit


def test_following_hints_by_clicking_the_marked_cards_wins(app: Any) -> None:
    plan = hinted_plan("clover-leaf", SHORT_DEAL)
    assert len(plan) == 8
    opening = plans.state("clover-leaf", SHORT_DEAL)
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    app.open(f"clover-leaf/{SHORT_DEAL}")
    page = app.page

    # Which way each foundation builds, over its cards.
    badges = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('[data-badge]')]"
                           ".map((e) => [e.dataset.badge, e.textContent]))")
    assert badges == {f["suit"]: "A\u2192K" if f["up"] else "K\u2192A" for f in opening["foundations"]}
    assert badges["C"] == "A\u2192K" and badges["H"] == "K\u2192A"

    # Share: on a desktop the deal's address goes to the clipboard.
    app.press("share")
    page.wait_for_function("() => document.querySelector('#notice').textContent.startsWith('Link copied')")
    assert page.evaluate("navigator.clipboard.readText()") == f"{app.base_url}index.html#clover-leaf/{SHORT_DEAL}"

    # The last move: the card that moved and the card it went onto, until the game changes.
    assert page.locator(".card.card--last").count() == 0
    follow_hints_by_clicking(app, limit=1)
    marked = page.locator(".card.card--last").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    assert sorted(marked) == sorted(marks_after("clover-leaf", SHORT_DEAL, plan[0]))
    app.press("undo")
    app.wait_moves(0)
    assert page.locator(".card.card--last").count() == 0

    # Hint after hint, each played by a click on the card it marks: a win in 8.
    assert follow_hints_by_clicking(app) == 8
    panel = page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    assert "You won" in panel.inner_text()


def test_a_hint_that_only_a_dive_finds_marks_the_same_card_in_the_page_as_on_cpython(app: Any) -> None:
    # Without its dives the search leaves this deal open within the hint's 60,000 nodes: a proven hint (not a
    # likely one) means the dives ran in Pyodide. They draw their chance from Python's own generator, seeded, so the
    # page's search takes CPython's steps and hints the same card.
    first = hinted_plan("shamrocks", DIVED_DEAL)[0]
    app.open(f"shamrocks/{DIVED_DEAL}")
    app.page.keyboard.press("h")
    hinted = app.page.locator(".card.card--hint")
    hinted.wait_for(timeout=60_000)
    assert hinted.get_attribute("data-card") == first["card"]
    assert "Not proven" not in app.notice()
    app.click_card(first["card"])
    app.wait_moves(1)
    assert app.page.locator(".card.card--hint").count() == 0


def test_a_hint_where_the_search_runs_out_is_a_likely_move_and_the_search_goes_on_to_a_proven_one(app: Any) -> None:
    # On CPython: the first ask runs out of budget and gives the likely move, the second wins: the card to mark.
    # The page lets the search go on in the background (a check) and shows the proven move, nothing pressed.
    api = Api()
    api.call("new", json.dumps({"game": "shamrocks", "deal": LATE_DEAL}))
    replies = []
    for kind in ("hint", "check"):
        job, result = api.hint_job(kind), None
        while result is None:
            result = job.step(100_000)
        replies.append(result)
    answers = [(r["verdict"], r["more"], r["likely"]) for r in replies]
    assert answers == [("unknown", True, True), ("solved", False, False)]
    likely, first = replies[0]["move"], replies[1]["move"]

    app.open(f"shamrocks/{LATE_DEAL}")
    page = app.page
    page.keyboard.press("h")
    wait_notice(app, "Not proven")
    assert page.locator(".card.card--hint").get_attribute("data-card") == likely["card"]
    page.wait_for_function(
        "card => { const n = document.querySelector('#notice'); const c = document.querySelector('.card.card--hint');"
        " return c && c.dataset.card === card && n && !n.hidden && !n.textContent.includes('Not proven'); }",
        arg=first["card"],
        timeout=60_000,
    )
    app.click_card(first["card"])
    app.wait_moves(1)


def test_solve_where_the_search_runs_out_plays_the_most_promising_line(app: Any) -> None:
    # Solve searches as a hint does: on Shamrocks deal 886 the first press runs out, and plays the likely line.
    app.open(f"shamrocks/{LATE_DEAL}")
    page = app.page
    page.keyboard.press("s")
    page.wait_for_function("() => document.body.dataset.player === 'playing'", timeout=60_000)
    app.wait_moves(1)


def test_a_stuck_table_whose_check_ran_out_offers_to_search_further(app: Any) -> None:
    # Shamrocks deal 24 is open at its start; the ace of spades sent up at once leaves no move (no fan has
    # room). The engine's background check of the stuck table runs out of budget before it finds where the
    # game was lost (tests/test_coach.py), so the panel that takes the stuck panel's place offers to search
    # further; a press asks the hint again, which goes on with that search (to the limit: tests/test_api.py).
    app.open("shamrocks/24")
    page = app.page
    app.click_card("AS")
    app.wait_moves(1)
    panel = page.locator('#panel[data-panel="lost"]')
    more = panel.locator('[data-panel-action="more"]')
    more.wait_for(timeout=60_000)
    assert panel.inner_text().startswith("No more moves")
    more.click()
    page.locator('#panel[data-panel="lost"] [data-panel-action]').first.wait_for(timeout=60_000)
    assert page.locator('#panel[data-panel="lost"]').is_visible()


def test_the_solution_played_stepped_back_taken_over_and_won(app: Any) -> None:
    app.open(f"clover-leaf/{SHORT_DEAL}")
    page = app.page
    page.keyboard.press("s")
    page.wait_for_function("() => document.body.dataset.player === 'playing'", timeout=60_000)
    app.wait_moves(1)  # the app plays the first step by itself
    page.keyboard.press("Space")
    page.wait_for_function("() => document.body.dataset.player === 'paused'")
    app.settle()
    played = app.moves()
    status = page.locator("#player").inner_text()
    assert f"Move {played} of 8" in status and "Next:" in status, status
    assert page.locator(".card.card--next").count() == 1  # the next step is marked while paused

    page.keyboard.press("ArrowLeft")
    app.wait_moves(played - 1)
    page.locator('#player [data-player="forward"]').click()
    app.wait_moves(played)
    page.keyboard.press("ArrowRight")
    app.wait_moves(played + 1)
    page.locator('#player [data-player="speed"]').click()
    assert page.locator('#player [data-player="speed"]').inner_text() == "2\u00d7"

    page.locator('#player [data-player="stop"]').click()
    page.locator("#player").wait_for(state="hidden")  # the engine's word: the solution is no longer on show
    assert page.evaluate("document.body.dataset.player") is None
    assert follow_hints_by_clicking(app) == 8 - played - 1

    panel = page.locator('#panel[data-panel="won"]')
    panel.wait_for()
    assert "Solved" in panel.inner_text() and "does not count in your statistics" in panel.inner_text()
    page.wait_for_timeout(300)
    assert page.evaluate("localStorage.getItem('cloverleaf.stats.v1')") is None  # nothing counted


def test_the_game_says_at_once_when_it_becomes_lost_and_shows_the_way_on(app: Any) -> None:
    deal, card, to = plans.lost_after_one_move()
    app.open(f"clover-leaf/{deal}")
    page = app.page
    lost = page.locator('#panel[data-panel="lost"]')
    # Off by default: the losing move goes by without a word.
    app.drag(card, to)
    app.wait_moves(1)
    page.wait_for_timeout(300)
    assert lost.is_hidden()
    app.press("undo")
    app.wait_moves(0)

    app.press("settings")
    page.locator('[data-setting="warnLost"]').check()
    page.locator("#settings-dialog .dialog__actions button").click()
    assert json.loads(page.evaluate("localStorage.getItem('cloverleaf.settings.v1')"))["warnLost"] is True

    app.drag(card, to)
    app.wait_moves(1)
    lost.wait_for(timeout=60_000)
    text = lost.inner_text()
    assert "Lost position" in text and f"Move 1 (the {card_words(card)}" in text, text
    assert "panel--docked" in str(lost.get_attribute("class"))
    # The warning says why too, its cards lit (test_why_lost.py checks them against the engine's).
    assert lost.locator(".panel__why").inner_text().strip() and page.locator(".card.card--why").count()
    # The solution from the last winnable position: one move back, then the app plays.
    lost.locator('[data-panel-action="solve"]').click()
    app.wait_moves(0)
    page.wait_for_function("() => document.body.dataset.player === 'playing'", timeout=60_000)
    app.wait_moves(1)
    page.keyboard.press("Escape")
    page.locator("#player").wait_for(state="hidden")
    app.settle()
    assert lost.is_hidden()  # the game the app played on is winnable: nothing to say


def test_the_first_visit_overlay_shows_once_per_game_and_from_help(make_app: Any) -> None:
    app = make_app(first_visit=True, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    app.context.add_init_script(
        "Object.defineProperty(navigator, 'share', {configurable: true,"
        " value: async (data) => { window.__shared = data; }})"
    )
    app.open("clover-leaf/5")
    page = app.page
    intro = page.locator("#intro-dialog")
    intro.wait_for()
    text = intro.inner_text()
    assert "How to play Clover Leaf" in text
    assert "Put all 52 cards on the four foundations." in text
    assert "Clubs and spades build up from the Ace, hearts and diamonds down from the King" in text
    assert "only an Ace or a King fills an empty fan" in text
    intro.locator("#intro-close").tap()
    assert intro.is_hidden()
    assert json.loads(page.evaluate("localStorage.getItem('cloverleaf.intro.v1')")) == ["clover-leaf"]

    # On a phone, Share (in the menu) opens the system's share sheet with the deal's address.
    page.locator('[data-action="menu"]').tap()
    page.locator('[data-menu-action="share"]').tap()
    page.wait_for_function("() => window.__shared !== undefined")
    assert page.evaluate("window.__shared.url") == f"{app.base_url}index.html#clover-leaf/5"

    # Another game: its own overlay, the first time only.
    app.press("games")
    page.locator('#games-list [data-game="trefoil"]').click()
    intro.wait_for(timeout=60_000)
    assert "The Aces start on them" in intro.inner_text() and "you may redeal twice" in intro.inner_text()
    page.keyboard.press("Escape")
    assert intro.is_hidden()
    app.reload()
    page.wait_for_timeout(300)
    assert intro.is_hidden()

    # Help shows it again.
    app.press("info")
    page.locator("#info-help [data-intro]").tap()
    intro.wait_for()
    assert page.locator("#info-dialog").is_hidden()
    assert "How to play Trefoil" in intro.inner_text()
    page.keyboard.press("Escape")

    # A storage that cannot keep its closing (full) does not show it by itself: it would come back every visit.
    Loads(app).load({INTRO_KEY: "[]"}, "clover-leaf/5", storage="full")
    page.wait_for_timeout(300)
    assert intro.is_hidden()


def test_the_overlay_the_lost_sheet_and_the_solution_player_pass_an_axe_audit(make_app: Any) -> None:
    from .test_access import AXE, axe_violations, choose_theme

    deal, card, to = plans.lost_after_one_move()
    app = make_app(bypass_csp=True)  # axe is injected as a script of its own: the page's CSP would refuse it
    app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {json.dumps(NO_ANIMATIONS)})")
    app.open(f"clover-leaf/{deal}")
    page = app.page
    page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = {}
    for theme in ("light", "dark"):
        choose_theme(page, theme)
        app.press("info")
        page.locator("#info-help [data-intro]").click()
        page.locator("#intro-dialog[open]").wait_for()
        found[f"{theme}/overlay"] = axe_violations(page)
        page.keyboard.press("Escape")

        app.drag(card, to)
        app.wait_moves(1)
        app.press("hint")
        lost = page.locator('#panel[data-panel="lost"]')
        lost.wait_for(timeout=60_000)
        found[f"{theme}/lost"] = axe_violations(page)

        lost.locator('[data-panel-action="solve"]').click()
        page.wait_for_function("() => document.body.dataset.player === 'playing'", timeout=60_000)
        page.keyboard.press("Space")
        page.wait_for_function("() => document.body.dataset.player === 'paused'")
        app.settle()
        found[f"{theme}/player"] = axe_violations(page)
        page.keyboard.press("Escape")
        while app.moves() > 0:
            moves = app.moves()
            app.press("undo")
            app.wait_moves(moves - 1)
    found = {name: violations for name, violations in found.items() if violations}
    assert not found, json.dumps(found, indent=1)


def level_on_cpython(game: str, deal: str) -> str | None:
    """The level the engine gives a deal on CPython (the difficulty job, as the page runs it)."""
    from cloverleaf.games import find_game
    from cloverleaf.solver import DealDifficulty
    from cloverleaf.solver.jobs import run_to_end

    level: str | None = run_to_end(DealDifficulty(find_game(game), int(deal)))["difficulty"]
    return level


def test_the_deal_shows_its_difficulty_and_new_deals_can_ask_for_one(app: Any) -> None:
    expected = level_on_cpython("clover-leaf", SHORT_DEAL)
    assert expected is not None
    app.open(f"clover-leaf/{SHORT_DEAL}")
    page = app.page
    label = page.locator("#deal-level")
    page.wait_for_function(
        f"() => document.querySelector('#deal-level').dataset.level === '{expected}'", timeout=60_000
    )
    assert label.is_visible() and label.inner_text() == expected.capitalize()

    app.press("settings")
    page.locator('select[data-setting-choice="level"]').select_option("hard")
    page.locator("#settings-dialog .dialog__actions button").click()
    assert json.loads(page.evaluate("localStorage.getItem('cloverleaf.settings.v1')"))["level"] == "hard"
    app.press("new")
    page.wait_for_function(f"() => document.body.dataset.deal !== '{SHORT_DEAL}'", timeout=120_000)
    app.settle()
    deal = str(page.evaluate("document.body.dataset.deal"))
    assert label.get_attribute("data-level") == "hard" and label.inner_text() == "Hard"
    assert level_on_cpython("clover-leaf", deal) == "hard"
    app.check_clean()
