"""Nothing a browser holds stops the app from starting: statistics, settings and
preferences it cannot read are set aside under their backup keys with one notice,
and a storage that is full or turned off lets the game go on, said once."""

from __future__ import annotations

import json

import pytest

from cloverleaf.stats import Stats

from . import plans
from .conftest import App
from .stored import Loads, assert_playable, play_a_card

pytestmark = pytest.mark.browser

SAVE = "cloverleaf.save.v1"
STATS = "cloverleaf.stats.v1"
INDEX = "cloverleaf.index.v1"
UNREADABLE_STATS = "statistics could not be read"


def statistics() -> str:
    """Real statistics text: a win, and a daily win (its bucket has a last_day)."""
    stats = Stats().record("clover-leaf", True, 40, 125.0).record("clover-leaf", True, 38, 99.5, daily="2024-05-01")
    return stats.dumps()


def test_statistics_of_the_wrong_types_are_set_aside_and_start_afresh(app: App) -> None:
    good = statistics()
    assert '"streak":2' in good and '"best_time":99.5' in good and '"last_day":"2024-05-01"' in good
    damaged = {
        "a streak written as text": good.replace('"streak":2', '"streak":"3"'),
        "a best time written as text": good.replace('"best_time":99.5', '"best_time":"1:40"'),
        "a last day that is a number": good.replace('"last_day":"2024-05-01"', '"last_day":5'),
        "a number too large for a float": good.replace('"best_time":99.5', '"best_time":1e999'),
        "NaN written as text": good.replace('"best_time":99.5', '"best_time":NaN'),
    }
    deal, _, _, _ = plans.deal_with_fan_move()
    loads = Loads(app)
    for kind, text in damaged.items():
        loads.load({STATS: text}, f"clover-leaf/{deal}")
        assert_playable(app, UNREADABLE_STATS)
        assert loads.backup(STATS) == text, kind
        assert loads.stored(STATS) is None, kind

    # A result after that is counted afresh (the table's deal, left after a move).
    app.follow_link("clover-leaf/2")
    app.page.wait_for_function(f"() => localStorage.getItem('{STATS}') !== null")
    counted = json.loads(str(loads.stored(STATS)))
    assert counted["games"]["clover-leaf"]["all"]["played"] == 1

    # Good statistics are checked at start-up too, and kept as they are.
    loads.load({STATS: good}, f"clover-leaf/{deal}")
    play_a_card(app)
    assert loads.stored(STATS) == good and loads.backup(STATS) is None
    assert UNREADABLE_STATS not in app.notice()


def test_statistics_too_long_for_the_engine_are_kept_aside_and_the_next_game_counted(app: App) -> None:
    # Under the page's own limit in characters, over what the engine reads once
    # encoded: they stopped every statistics request (issue 48).
    hostile = {"600,000 é": "é" * 600_000, "200,000 U+0001": "\x01" * 200_000}
    deal, _, _, _ = plans.deal_with_fan_move()
    loads = Loads(app)
    for kind, text in hostile.items():
        loads.load({STATS: text}, f"clover-leaf/{deal}")
        assert_playable(app, UNREADABLE_STATS)
        app.follow_link("clover-leaf/2")  # the game left after a move counts as lost
        app.page.wait_for_function(f"() => localStorage.getItem('{STATS}') !== null")
        counted = json.loads(str(loads.stored(STATS)))
        assert counted["games"]["clover-leaf"]["all"]["played"] == 1, kind
        assert loads.backup(STATS) == text, kind


def test_unreadable_settings_and_preferences_are_set_aside_with_one_notice(app: App) -> None:
    stored = {
        "cloverleaf.settings.v1": "[true, true]",  # not an object
        "cloverleaf.prefs.v1": "{theme: dark}",  # not JSON
        "cloverleaf.table.v1": '{"fans": 1e999, "name": "Clover Leaf"}',  # no table has that many fans
    }
    loads = Loads(app)
    loads.load(
        # The owner record is the tabs' own, the corner index a measurement: rewritten unsaid.
        {**stored, "cloverleaf.owner.v1": "{not json", INDEX: '{"fingerprint": 5, "vertical": []}'},
        "clover-leaf/5",
    )
    notice = assert_playable(app, "could not be read")
    assert notice.count("could not be read") == 1, notice
    for key, text in stored.items():
        assert loads.backup(key) == text, key
    app.page.wait_for_function(
        "key => { try { return JSON.parse(localStorage.getItem(key)).vertical.b > 0; } catch { return false; } }",
        arg=INDEX,
    )
    assert loads.backup(INDEX) is None
    # Preferences fields of the wrong type or out of range fall back to their defaults, unsaid.
    loads.load({"cloverleaf.prefs.v1": '{"lang": "xx", "theme": 5, "fourColour": "yes"}'}, "clover-leaf/5")
    assert app.page.evaluate("document.documentElement.lang") == "en"
    assert app.page.evaluate("document.documentElement.dataset.deck") is None
    assert_playable(app)


def test_a_full_or_disabled_storage_lets_the_game_go_on_said_once(app: App) -> None:
    loads = Loads(app)
    for storage in ("full", "disabled"):
        loads.load({}, "clover-leaf/5", storage=storage)
        notice = assert_playable(app, "not keeping anything")
        assert notice.count("not keeping anything") == 1, storage
        app.page.evaluate("() => { document.querySelector('#notice').hidden = true; }")
        play_a_card(app)  # a second move, and its save: nothing more is said
        assert "not keeping anything" not in app.notice(), storage
        assert app.page.evaluate("document.body.dataset.tab") == "owner", storage
