"""When a game counts in the statistics, decided by the session (counting.py) and
reported by the API as each table's ``count``: won once; left or restarted after a
move, a loss; the solution shown, neither, nor its restart; the buckets by how the
deal was opened; all of it kept in the save, so a reload changes nothing."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from cloverleaf.api import Api
from cloverleaf.counting import Record
from cloverleaf.errors import InvalidInputError
from cloverleaf.session import Session

GAME = "clover-leaf"
DEAL = "11"  # Clover Leaf deal 11: won in a few decisions (tests/browser/test_guidance.py SHORT_DEAL)


def stopped_clock() -> float:
    """A clock that never moves: every result's time is 0 (the clock's own tests: tests/test_clock.py)."""
    return 0.0


def ok(api: Api, method: str, **params: object) -> Any:
    reply = json.loads(api.call(method, json.dumps(params)))
    assert "ok" in reply, reply
    return reply["ok"]


def run_job(api: Api, **params: object) -> Any:
    job = ok(api, "jobStart", **params)["job"]
    while True:
        step = ok(api, "jobStep", job=job, nodes=200_000)
        if step["done"]:
            return step["result"]


@functools.cache
def winning_decisions() -> list[dict[str, Any]]:
    """Deal 11's decisions to a win as the API takes them, from the plan the solver makes."""
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL)
    result = run_job(api, kind="solution")
    assert result["verdict"] == "solved" and result["back"] == 0
    return [{key: value for key, value in move.items() if key != "onto"} for move in result["moves"]]


def win(api: Api) -> dict[str, Any]:
    """Play deal 11 to its win from its start; the last table."""
    table: dict[str, Any] = {}
    for move in winning_decisions():
        assert table.get("count") is None
        table = ok(api, "play", **move)
    assert table["state"]["won"]
    return table


def first_move(api: Api) -> dict[str, Any]:
    card, dests = min(ok(api, "state")["state"]["movable"].items())
    table: dict[str, Any] = ok(api, "play", card=card, to=dests[0])
    return table


def reload(api: Api) -> Api:
    """A reload: a new API (a new worker) that restores the page's last save."""
    fresh = Api(now=stopped_clock)
    ok(fresh, "restore", save=ok(api, "state")["save"])
    return fresh


def test_a_win_counts_once() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL)
    table = win(api)
    assert table["count"] == {
        "game": GAME, "won": True, "moves": len(winning_decisions()), "solvable": False, "daily": None, "hints": 0,
        "seconds": 0.0,
    }
    ok(api, "undo")
    assert ok(api, "redo")["count"] is None  # won again by a redo: counted already
    assert ok(api, "state")["count"] is None
    assert ok(reload(api), "state")["count"] is None


def test_leaving_a_game_after_a_move_counts_a_loss_and_before_it_nothing() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal="5")
    assert ok(api, "new", game=GAME, deal="6")["count"] is None  # no move: nothing
    first_move(api)
    left = ok(api, "new", game="fan", deal="1")["count"]
    assert left == {
        "game": GAME, "won": False, "moves": 1, "solvable": False, "daily": None, "hints": 0, "seconds": 0.0,
    }
    first_move(api)
    assert ok(api, "restart")["count"]["won"] is False  # a restart after a move: a loss
    assert ok(api, "restart")["count"] is None  # and again with no move: nothing


def test_a_won_game_left_or_restarted_counts_no_loss_and_its_restart_counts_again() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL)
    win(api)
    ok(api, "undo")  # off the win, not yet left
    assert ok(api, "restart")["count"] is None
    assert win(api)["count"]["won"] is True  # played again: a win again
    assert ok(api, "new", game=GAME, deal="5")["count"] is None


def test_the_solution_shown_counts_neither_way_nor_does_its_restart() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL)
    first_move(api)
    result = run_job(api, kind="solution")
    assert result["moves"] and ok(api, "state")["state"]["solutionShown"]
    assert json.loads(result["save"])["help"][1] == 1  # kept in the save at once
    assert ok(api, "restart")["count"] is None  # no loss for leaving it
    assert win(api)["count"] is None  # nor a win after its restart
    assert ok(api, "new", game=GAME, deal="5")["count"] is None
    first_move(api)
    assert ok(api, "new", game=GAME, deal="6")["count"]["won"] is False  # the next deal counts again


def test_hints_are_kept_and_reported_with_the_result() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL)
    hint = run_job(api, kind="hint")
    assert hint["move"] and json.loads(hint["save"])["help"] == [1, 0]
    run_job(api, kind="check")  # a background check is no help
    assert ok(api, "state")["state"]["hints"] == 1
    assert win(reload(api))["count"]["hints"] == 1


@pytest.mark.parametrize(
    ("opening", "solvable", "daily"), [("bank", True, None), ("link", False, None), ("random", False, None)]
)
def test_the_buckets_follow_how_the_deal_was_opened(opening: str, solvable: bool, daily: str | None) -> None:
    api = Api(now=stopped_clock)
    params = {"game": GAME} if opening == "random" else {"game": GAME, "deal": DEAL}
    state = ok(api, "new", opening=opening, **params)["state"]
    assert state["opening"] == opening
    first_move(api)
    count = ok(api, "new", game=GAME, deal="5")["count"]
    assert (count["solvable"], count["daily"]) == (solvable, daily)


def test_a_walk_s_deal_counts_as_solvable_and_the_deal_of_the_day_as_daily_too() -> None:
    api = Api(now=stopped_clock)
    found = run_job(api, kind="solvable", game=GAME, start="1")
    state = ok(api, "new", game=GAME, deal=found["deal"], opening="solvable")["state"]
    assert (state["opening"], state["level"], state["rated"]) == ("solvable", found["difficulty"], True)
    first_move(api)
    daily = run_job(api, kind="daily", game=GAME, date="2026-11-29")
    left = ok(api, "new", game=GAME, deal=daily["deal"], opening="daily")
    assert left["count"]["solvable"] is True
    assert (left["state"]["opening"], left["state"]["daily"]) == ("daily", "2026-11-29")
    first_move(api)
    assert ok(api, "new", game=GAME, deal="5")["count"]["daily"] == "2026-11-29"


def test_a_deal_no_walk_found_is_not_counted_as_solvable_nor_daily() -> None:
    api = Api(now=stopped_clock)
    assert ok(api, "new", game=GAME, deal="5", opening="solvable")["state"]["opening"] == "link"
    refused = json.loads(api.call("new", json.dumps({"game": GAME, "deal": "5", "opening": "daily"})))
    assert refused["error"]["type"] == "InvalidInput"


def test_a_solvable_deal_reloaded_and_restarted_still_counts_as_solvable() -> None:
    # Issue 39's bug: a deal dealt as proved winnable, one move, a reload, Restart, then a win was
    # recorded outside the solvable statistics (the page's copy of "solvable" was lost on reload).
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL, opening="bank")
    first_move(api)
    api = reload(api)
    assert ok(api, "restart")["count"]["solvable"] is True  # the attempt left: a solvable loss
    assert win(api)["count"]["solvable"] is True


def test_in_progress_means_a_move_made_and_the_game_neither_won_nor_stuck() -> None:
    api = Api(now=stopped_clock)
    assert ok(api, "new", game=GAME, deal=DEAL)["state"]["inProgress"] is False
    assert first_move(api)["state"]["inProgress"] is True
    ok(api, "restart")
    won = win(api)["state"]
    assert (won["inProgress"], won["finished"]) == (False, True)


def test_the_solution_job_answers_the_moves_from_where_every_win_passes() -> None:
    """A lost position: the solution is the loss (no moves); a winnable one: moves, each with its card onto."""
    api = Api(now=stopped_clock)
    ok(api, "new", game="alexander-the-great", deal="2")
    ok(api, "play", card="9H", to=11)  # loses the deal (tests/test_api.py)
    lost = run_job(api, kind="solution")
    assert (lost["verdict"], lost["moves"], lost["lostMove"]["number"]) == ("lost", [], 1)
    assert not ok(api, "state")["state"]["solutionShown"]
    ok(api, "undo")
    found = run_job(api, kind="solution")
    assert found["verdict"] == "solved" and found["back"] == 0 and found["moves"]
    assert all("onto" in move for move in found["moves"])
    first = found["moves"][0]
    fans = ok(api, "state")["state"]["fans"]
    expected = None if first["to"] == "F" or not fans[first["to"] - 1] else fans[first["to"] - 1][-1]
    assert first["onto"] == expected


def test_old_saves_load_with_a_record_that_counts_a_won_game_as_counted() -> None:
    api = Api(now=stopped_clock)
    ok(api, "new", game=GAME, deal=DEAL, opening="bank")
    played = json.loads(ok(api, "state")["save"])
    won = json.loads(win(api)["save"])
    for data, counted in ((played, False), (won, True)):
        newer = ("how", "date", "help", "counted", "time", "proved")
        version_1 = {key: value for key, value in data.items() if key not in newer} | {"settings": [1, 1, 1]}
        restored = Session.restore(json.dumps({**version_1, "v": 1}))
        assert restored.record == Record(opening="random", counted=counted)
    with pytest.raises(InvalidInputError, match="a version 1 save holds no"):
        Session.restore(json.dumps({**won, "v": 1}))
    with pytest.raises(InvalidInputError, match="a version 2 save holds no 'proved'"):
        Session.restore(json.dumps({**{key: value for key, value in won.items() if key != "time"}, "v": 2,
                                    "settings": [1, 1, 1]}))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"how": "poker"}, "unknown opening"),
        ({"how": "daily"}, "deal of the day"),
        ({"date": "2026-11-29"}, "deal of the day"),
        ({"help": [1]}, "help must hold 2"),
        ({"help": [0, 2]}, "solution shown"),
        ({"counted": True}, "counted"),
    ],
)
def test_a_save_with_a_bad_record_is_refused(fields: dict[str, Any], message: str) -> None:
    data = {**json.loads(Session.new(GAME, DEAL).save()), **fields}
    with pytest.raises(InvalidInputError, match=message):
        Session.restore(json.dumps(data))


# Texts written by the build before the coach (c2357f1): a game in progress opened from the bank with a
# hint given, and statistics of a win and a loss.
LAST_BUILDS_SAVE = (
    '{"v":2,"game":"clover-leaf","deal":"11","open":"QD>F JD>F","moves":["4S>7 2C>F TD>F 9D>F 8D>F 7D>F"],'
    '"redo":[],"settings":[1,1,1],"how":"bank","help":[1,0],"counted":0}'
)
LAST_BUILDS_STATISTICS = (
    '{"games":{"clover-leaf":{"all":{"best_streak":1,"best_time":95.5,"fewest_moves":30,"played":2,'
    '"recent":[1,0],"won":1},"solvable":{"best_streak":1,"best_time":95.5,"fewest_moves":30,"played":1,'
    '"recent":[1],"streak":1,"won":1}}},"v":1}'
)


def test_a_save_and_statistics_of_the_last_build_restore_and_count_as_before() -> None:
    api = Api(now=stopped_clock)
    state = ok(api, "restore", save=LAST_BUILDS_SAVE, played=61_000)["state"]
    assert (state["moves"], state["opening"], state["hints"], state["time"]["played"]) == (1, "bank", 1, 61_000)
    table: dict[str, Any] = {"state": state}
    while not table["state"]["won"]:
        move = run_job(api, kind="hint")["move"]
        table = ok(api, "play", **{key: move[key] for key in ("card", "to") if key in move})
    count = table["count"]
    assert (count["won"], count["solvable"], count["hints"] > 0, count["seconds"]) == (True, True, True, 61.0)
    recorded = ok(api, "statsRecord", stats=LAST_BUILDS_STATISTICS, **count)
    assert "setAside" not in recorded
    summary = recorded["summary"]
    assert (summary["all"]["played"], summary["all"]["won"], summary["all"]["helped"]) == (3, 2, 1)
    assert (summary["solvable"]["streak"], summary["solvable"]["best_time"]) == (1, 95.5)  # help sets no record
    assert summary["all"]["recent"] == [1, 0, 2]
