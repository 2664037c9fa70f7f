"""The time played is the engine's: from the first decision, held while finished or hidden, kept in the save."""

from __future__ import annotations

import json
from typing import Any

from cloverleaf.api import Api
from cloverleaf.clock import Clock

from .test_counting import win


class FakeTime:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def ok(api: Api, method: str, **params: object) -> Any:
    reply = json.loads(api.call(method, json.dumps(params)))
    assert "ok" in reply, reply
    return reply["ok"]


def played(api: Api) -> float:
    return float(ok(api, "state")["state"]["time"]["played"])


def first_move(api: Api) -> None:
    card, dests = min(ok(api, "state")["state"]["movable"].items())
    ok(api, "play", card=card, to=dests[0])


def test_the_clock_runs_from_the_first_decision_and_holds_while_hidden() -> None:
    time = FakeTime()
    api = Api(now=time)
    ok(api, "new", game="clover-leaf", deal="11")
    time.now += 30
    assert played(api) == 0  # no decision yet: the cards are only looked at
    first_move(api)
    time.now += 12.5
    assert played(api) == 12_500 and ok(api, "state")["state"]["time"]["running"]
    ok(api, "visible", visible=False)
    time.now += 600
    assert played(api) == 12_500
    ok(api, "visible", visible=True)
    time.now += 1
    assert played(api) == 13_500


def test_a_win_stops_the_clock_and_its_count_carries_the_time() -> None:
    time = FakeTime()
    api = Api(now=time)
    ok(api, "new", game="clover-leaf", deal="11")
    first_move(api)
    ok(api, "undo")
    time.now += 42
    table = win(api)
    assert table["count"]["seconds"] == 42.0
    time.now += 100
    assert played(api) == 42_000 and not table["state"]["time"]["running"]


def test_a_new_deal_and_a_restart_start_over_and_the_loss_left_counts_its_time() -> None:
    time = FakeTime()
    api = Api(now=time)
    ok(api, "new", game="clover-leaf", deal="11")
    first_move(api)
    time.now += 7
    left = ok(api, "restart")["count"]
    assert (left["won"], left["seconds"]) == (False, 7.0)
    time.now += 5
    assert played(api) == 0


def test_the_save_keeps_the_time_played_and_a_reload_goes_on_from_it() -> None:
    time = FakeTime()
    api = Api(now=time)
    ok(api, "new", game="clover-leaf", deal="11")
    first_move(api)
    time.now += 20
    save = ok(api, "state")["save"]
    assert json.loads(save)["time"] == 20_000
    reloaded = Api(now=time)
    ok(reloaded, "restore", save=save)
    time.now += 3
    assert played(reloaded) == 23_000


def test_a_save_from_before_the_time_was_saved_takes_the_time_the_page_kept() -> None:
    api = Api(now=FakeTime())
    ok(api, "new", game="clover-leaf", deal="11")
    first_move(api)
    old = {key: value for key, value in json.loads(ok(api, "state")["save"]).items() if key not in ("time", "proved")}
    old = {**old, "v": 2, "settings": old["settings"][:3]}
    restored = Api(now=FakeTime())
    ok(restored, "restore", save=json.dumps(old), played=90_000)
    assert played(restored) == 90_000


def test_a_clock_read_from_another_source_keeps_what_was_played() -> None:
    first, second = FakeTime(), FakeTime()
    second.now = 5000.0
    clock = Clock(first)
    clock.run(True)
    first.now += 2
    clock.read_from(second)
    second.now += 3
    assert clock.played() == 5000 and clock.running
