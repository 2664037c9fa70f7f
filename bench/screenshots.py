"""Screenshots of what a player sees, at the sizes we check by eye: desktop 1280x800,
a small phone 360x640 and a Pixel 7.

    ./build.sh build && PYTHONPATH=py:. python3 bench/screenshots.py [--out DIR] [--sizes desktop,phone,pixel7]

Scenes, one file each (``SIZE-SCENE.jpg``): the first-visit overlay; a hint on the
table (with the deal's difficulty beside its number); a hint on a Shamrocks deal
that only the search's dives win; a Shamrocks hint whose budget ran out, saying
that asking again goes on, and the card the second ask marks; every hint followed
on a Shamrocks deal the solver leaves open, to where the hint says no line gets a
card up any more; a game lost at
once on a Shamrocks deal the solver leaves open, whose panel offers to search
further back; the solution player,
paused after a few steps; the panel of a game that has just become lost (with
"tell me when the game becomes lost" on); the lost panel saying why, in each
of the four languages; the win panel of a game won faster
and in fewer moves than an earlier one; the settings dialog; the longest
Clover Leaf fans a short search builds by play; the words that change with the
language (Russian statistics, a Spanish daily deal's date, German about); the
left-handed Trefoil table with its redeal button, in four languages; a table
with a fan of five cards, before and with larger cards; a Shamrocks deal lost
from its start, in four languages; a hint's notice in the bar (Russian); the
keyboard's focus on a hinted card, and a destination picked; the nine games' new
rules: Free Fan's free cells (a card parked, a run on its way, dragged), Scotch
Patience's foundations in alternate colours, Three Shuffles and a Draw with its
draw left and after it, and the games dialog grouped by family. Each scene is
played as a person plays it (buttons, keys, drags) in Debian's Chromium, with
the test suite's driver and deals (tests/browser).

Not a test and not timed: it only makes pictures to look at.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

from tests.browser import plans  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    DIST,
    SUB_PATH,
    App,
    QuietServer,
    _Handler,
    chromium_path,
    press_control,
)
from tests.browser.test_dialogs_fit import seed_statistics  # noqa: E402
from tests.browser.test_i18n import choose_language  # noqa: E402

from cloverleaf.stats import load as load_stats  # noqa: E402

SHORT_DEAL = "11"  # Clover Leaf deal 11: won in 8 decisions (tests/browser/test_guidance.py)
DIVED_DEAL = "405"  # Shamrocks deal 405: open to the best-first strands, won by a dive past 20,000 nodes
UNDECIDED_DEAL = "409"  # Shamrocks deal 409: undecided within the solve budget (bench/results)
STALLED_DEAL = "5"  # Shamrocks deal 5: undecided; its hints end with no line that puts a card up (tests/test_coach.py)
LOST_FROM_START = "6"  # Shamrocks deal 6: its rating proves it lost from its start (tests/browser/test_why_lost.py)
NO_ANIMATIONS = json.dumps({"animations": False})


def sizes(playwright: Any) -> dict[str, dict[str, Any]]:
    pixel7 = dict(playwright.devices["Pixel 7"])
    pixel7.pop("default_browser_type", None)
    return {
        "desktop": {"viewport": {"width": 1280, "height": 800}},
        "phone": {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True,
                  "has_touch": True},
        "pixel7": pixel7,
    }


FORMAT = {"kind": "jpeg"}  # --png: lossless, for viewers that read PNG only


def shoot(app: App, out: Path, name: str) -> None:
    app.page.wait_for_timeout(400)  # panels and notices fade in
    # CSS pixels and JPEG: files small enough to keep in the repository.
    if FORMAT["kind"] == "png":
        app.page.screenshot(path=str(out / f"{name}.png"), scale="css", type="png")
    else:
        app.page.screenshot(path=str(out / f"{name}.jpg"), scale="css", type="jpeg", quality=85)
    print(f"  {name}.{'png' if FORMAT['kind'] == 'png' else 'jpg'}")


def overlay_hint_solution(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    with App(browser, base, first_visit=True, **options) as app:
        app.open(f"clover-leaf/{SHORT_DEAL}")
        app.page.locator("#intro-dialog").wait_for(state="visible")
        shoot(app, out, f"{size}-overlay")
        app.page.locator("#intro-close").click()
        app.page.wait_for_function("() => document.querySelector('#deal-level')?.dataset.level", timeout=60_000)
        app.press("hint")
        app.page.locator(".card.card--hint").first.wait_for(timeout=60_000)
        app.settle()
        shoot(app, out, f"{size}-hint")
        app.press("solve")
        app.page.wait_for_function("() => document.body.dataset.player === 'playing'", timeout=60_000)
        app.page.wait_for_function("() => Number(document.body.dataset.moves) >= 3", timeout=60_000)
        app.page.locator('[data-player="play"]').click()  # pause
        app.settle()
        shoot(app, out, f"{size}-solution")


def dived_hint(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """A hint on a Shamrocks deal that only the search's dives win (see cloverleaf.solver.dives)."""
    with App(browser, base, **options) as app:
        app.open(f"shamrocks/{DIVED_DEAL}")
        app.press("hint")
        app.page.locator(".card.card--hint").first.wait_for(timeout=120_000)
        app.settle()
        shoot(app, out, f"{size}-hint-shamrocks")


def hint_likely(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """A hint on a deal no search decides within the game's budgets: the likely move, drawn dashed, "Not proven"."""
    with App(browser, base, **options) as app:
        app.open(f"shamrocks/{UNDECIDED_DEAL}")
        app.press("hint")
        app.page.locator(".card.card--likely").first.wait_for(timeout=120_000)
        app.settle()
        shoot(app, out, f"{size}-hint-likely")


def lost_search_further(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """A game lost at once on a deal open at its start: the walk back runs out, and the panel offers more."""
    with App(browser, base, **options) as app:
        app.open("shamrocks/225")
        app.drag("5H", 18)
        app.wait_moves(1)
        app.press("hint")
        app.page.locator('#panel[data-panel="lost"] [data-panel-action="more"]').wait_for(timeout=120_000)
        shoot(app, out, f"{size}-lost-search-further")


def hints_to_their_end(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Every hint followed on a Shamrocks deal the solver leaves open: where no line puts a card up any more,
    the hint says so and offers to search further, to go back, a new deal. The hints are followed on
    CPython to the last table with a move; the page opens that game saved and asks the last hint."""
    from cloverleaf.api import Api

    api = Api()
    api.call("new", json.dumps({"game": "shamrocks", "deal": STALLED_DEAL}))
    while True:
        table = json.loads(api.call("state"))["ok"]
        job = json.loads(api.call("jobStart", json.dumps({"kind": "hint"})))["ok"]["job"]
        step = {"done": False}
        while not step["done"]:
            step = json.loads(api.call("jobStep", json.dumps({"job": job, "nodes": 100_000})))["ok"]
        result = step["result"]
        if not result["move"] or result["state"]["help"]["lost"]:
            break
        move = result["move"]
        api.call("play", json.dumps({"card": move["card"], "to": move["to"]}))
    record = {"save": table["save"], "game": "shamrocks", "deal": STALLED_DEAL, "elapsed": 0, "started": True,
              "daily": None, "drawn": table["state"]}
    with App(browser, base, **options) as app:
        app.context.add_init_script(
            f"localStorage.setItem('cloverleaf.save.v1', {json.dumps(json.dumps(record))});"
        )
        app.open(f"shamrocks/{STALLED_DEAL}")
        app.press("hint")
        app.page.locator('#panel[data-panel="lost"]').wait_for(timeout=120_000)
        app.settle()
        shoot(app, out, f"{size}-hints-to-their-end")


def lost(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    deal, card, to = plans.lost_after_one_move()
    with App(browser, base, **options) as app:
        settings = json.dumps({"animations": False, "warnLost": True})
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {settings!r})")
        app.open(f"clover-leaf/{deal}")
        app.drag(card, to)
        app.wait_moves(1)
        app.page.locator('#panel[data-panel="lost"]').wait_for(timeout=60_000)
        shoot(app, out, f"{size}-lost")


def lost_why(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """The lost panel with why the game is lost and its cards lit, in each of the four languages."""
    deal, card, to = plans.lost_after_one_move()
    for lang in ("en", "de", "es", "ru"):
        with App(browser, base, **options) as app:
            app.open(f"clover-leaf/{deal}")
            if lang != "en":
                choose_language(app.page, lang)
            app.drag(card, to)
            app.wait_moves(1)
            app.press("hint")
            app.page.locator('#panel[data-panel="lost"] .panel__why').wait_for(timeout=60_000)
            shoot(app, out, f"{size}-lost-why-{lang}")


def won(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    deal, decisions = plans.winnable_deal()
    earlier = load_stats(None).record("clover-leaf", True, 999, 5000.0, False, None).dumps()
    with App(browser, base, **options) as app:
        app.context.add_init_script(
            f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r});"
            f"localStorage.setItem('cloverleaf.stats.v1', {json.dumps(earlier)});"
        )
        app.open(f"clover-leaf/{deal}")
        app.play(decisions)
        app.page.wait_for_function("() => document.querySelector('#panel-text').textContent.includes('!')")
        shoot(app, out, f"{size}-won")
        app.press("settings")
        shoot(app, out, f"{size}-settings")


def long_fans(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Clover Leaf's longest fans that a short search finds, built by play (the tests' plan)."""
    deal, steps = plans.long_fans("clover-leaf")
    with App(browser, base, **options) as app:
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
        app.open(f"clover-leaf/{deal}")
        app.play_steps(steps)
        app.settle()
        shoot(app, out, f"{size}-long-fans")


def words(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Where the words change with the language: Russian statistics (the widest),
    German about (game and deal told apart), Spanish daily deal (a localised date)."""
    with App(browser, base, **options) as app:
        app.page.clock.set_fixed_time(datetime.datetime(2026, 11, 30, 10, 0))
        seed_statistics(app)
        app.open("clover-leaf/7")
        page = app.page
        choose_language(page, "ru")
        app.press("info")
        page.locator("#info-tab-stats").click()
        page.locator("#info-stats:not([aria-busy]) > *").first.wait_for()
        shoot(app, out, f"{size}-stats-ru")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('#info-dialog')?.open")
        choose_language(page, "es")
        app.press("daily")
        page.wait_for_function("() => !document.querySelector('#deal-label').textContent.startsWith('#')",
                               timeout=60_000)
        app.settle()
        shoot(app, out, f"{size}-daily-es")
        choose_language(page, "de")
        app.press("info")
        page.locator("#info-tab-about").click()
        page.locator("#info-about:not([aria-busy]) > *").first.wait_for()
        shoot(app, out, f"{size}-about-de")


def prefs_once(app: App, **prefs: Any) -> None:
    """Display preferences stored before the page first loads (a reload keeps what the page stored)."""
    key, value = "'cloverleaf.prefs.v1'", json.dumps(json.dumps(prefs))
    app.context.add_init_script(f"localStorage.getItem({key}) ?? localStorage.setItem({key}, {value})")


def left_handed_redeal(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Left-handed Trefoil: the redeal button in the left corner, the foundations clear of it, in each language."""
    for lang in ("en", "de", "es", "ru"):
        with App(browser, base, **options) as app:
            prefs_once(app, lang=lang, leftHanded=True)
            app.open("trefoil/5")
            app.settle()
            shoot(app, out, f"{size}-left-handed-{lang}")


def larger_cards(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Larger cards on a table with a fan of five cards: before the setting, and with it."""
    with App(browser, base, **options) as app:
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
        app.open("trefoil/5")
        app.play(plans.five_card_fan("trefoil", "5"))
        app.settle()
        shoot(app, out, f"{size}-five-card-fan")
        press_control(app.page, "settings")
        app.page.locator('input[data-pref="largerCards"]').check()
        app.page.keyboard.press("Escape")
        app.settle()
        shoot(app, out, f"{size}-larger-cards")


def lost_from_start(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """A Shamrocks deal lost from its start: the reason whole, its cards lit, in each of the four languages."""
    for lang in ("en", "de", "es", "ru"):
        with App(browser, base, **options) as app:
            prefs_once(app, lang=lang)
            app.open(f"shamrocks/{LOST_FROM_START}")
            app.page.locator('#panel[data-panel="lost"] .panel__why').wait_for(timeout=60_000)
            app.settle()
            shoot(app, out, f"{size}-lost-from-start-{lang}")


def notice_over_the_bar(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """A hint's notice in the bar, the game's name and clock in sight beside or above it (Russian: the longest)."""
    with App(browser, base, **options) as app:
        prefs_once(app, lang="ru")
        app.open(f"clover-leaf/{SHORT_DEAL}")
        app.press("hint")
        app.page.locator(".card.card--hint").first.wait_for(timeout=60_000)
        app.settle()
        shoot(app, out, f"{size}-notice-ru")


def keyboard_focus(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """The keyboard's focus on a fan (reached by its number), then a destination picked with Space."""
    with App(browser, base, **options) as app:
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
        app.open(f"clover-leaf/{SHORT_DEAL}")
        page = app.page
        page.keyboard.press("h")
        page.locator(".card.card--hint").first.wait_for(timeout=60_000)  # the hint takes the focus to its card
        app.settle()
        shoot(app, out, f"{size}-keyboard-hint")
        page.keyboard.press("Space")
        shoot(app, out, f"{size}-keyboard-pick")


def free_fan(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Free Fan: a card parked in a free cell, then a run dragged, caught on its way."""
    opening = plans.state("free-fan", "5")
    parked = next(card for card, to in opening["click"].items() if to == "cell")
    head = next(card for card in opening["movable"] if next(f for f in opening["fans"] if card in f)[-1] != card)
    with App(browser, base, **options) as app:
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
        app.open("free-fan/5")
        app.drag(parked, "cell")
        app.wait_moves(1)
        shoot(app, out, f"{size}-free-fan")
        box = app.card_box(head)
        target = app.page.locator(f'[data-fan="{opening["movable"][head][0]}"]').bounding_box()
        assert target is not None
        mouse = app.page.mouse
        mouse.move(box["x"] + 6, box["y"] + 6)
        mouse.down()
        mouse.move(target["x"] + 10, target["y"] + target["height"] / 2, steps=8)
        shoot(app, out, f"{size}-free-fan-run")
        mouse.up()


def scotch_patience(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Scotch Patience after its first foundation moves: each foundation's top and the badge of what it takes."""
    decisions = plans.winning_decisions("scotch-patience", "5")
    assert decisions is not None
    with App(browser, base, **options) as app:
        app.context.add_init_script(f"localStorage.setItem('cloverleaf.settings.v1', {NO_ANIMATIONS!r})")
        app.open("scotch-patience/5")
        app.play(decisions[:16])
        app.settle()
        shoot(app, out, f"{size}-scotch-patience")


def three_shuffles(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """Three Shuffles and a Draw: the draw left under the redeal button, then a card drawn from under a top card."""
    opening = plans.state("three-shuffles-and-a-draw", "5")
    drawn = opening["drawable"][0]
    with App(browser, base, **options) as app:
        app.open("three-shuffles-and-a-draw/5")
        shoot(app, out, f"{size}-three-shuffles")
        app.click_card(drawn)
        app.wait_moves(1)
        shoot(app, out, f"{size}-three-shuffles-drawn")


def games_dialog(browser: Any, base: str, options: dict[str, Any], out: Path, size: str) -> None:
    """The games dialog: the four main games first, then the families, in English and in Russian (the longest)."""
    with App(browser, base, **options) as app:
        app.open("clover-leaf/7")
        app.press("games")
        app.page.locator("#games-dialog").wait_for(state="visible")
        shoot(app, out, f"{size}-games")
        app.page.locator('#games-list button[data-game="quads"]').scroll_into_view_if_needed()
        shoot(app, out, f"{size}-games-end")
        app.page.keyboard.press("Escape")
        choose_language(app.page, "ru")
        app.press("games")
        app.page.locator("#games-dialog").wait_for(state="visible")
        shoot(app, out, f"{size}-games-ru")


SCENES = (
    overlay_hint_solution, dived_hint, hint_likely, hints_to_their_end, lost_search_further, lost, lost_why, won,
    long_fans, words, left_handed_redeal, larger_cards, lost_from_start, notice_over_the_bar, keyboard_focus,
    free_fan, scotch_patience, three_shuffles, games_dialog,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "screens"))
    parser.add_argument("--sizes", default="desktop,phone,pixel7")
    parser.add_argument("--scenes", help="comma-separated scene names (default: all)")
    parser.add_argument("--png", action="store_true", help="PNG files instead of JPEG")
    args = parser.parse_args()
    FORMAT["kind"] = "png" if args.png else "jpeg"
    scenes = [scene for scene in SCENES if not args.scenes or scene.__name__ in args.scenes.split(",")]
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is missing: run ./build.sh build first")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = QuietServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        known = sizes(playwright)
        for size in args.sizes.split(","):
            print(size)
            for scene in scenes:
                scene(browser, base, known[size], out, size)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
