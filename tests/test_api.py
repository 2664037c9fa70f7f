"""The JSON API of the page: shapes, errors as data, never a traceback."""

from __future__ import annotations

import json

import pytest

from cloverleaf import api


def call(method: str, **params: object) -> dict:
    return json.loads(api.call(method, json.dumps(params)))


def ok(method: str, **params: object):
    reply = call(method, **params)
    assert "ok" in reply, reply
    return reply["ok"]


def test_new_game_state_has_everything_the_page_draws() -> None:
    state = ok("new", game="clover-leaf", deal="1")
    assert state["game"] == "clover-leaf" and state["deal"] == "1"
    assert len(state["fans"]) == 16
    assert [f["suit"] for f in state["foundations"]] == ["C", "S", "H", "D"]
    assert state["movable"]["7D"] == [5, 7]
    assert state["click"]["7D"] == 5
    assert state["lastMoves"] == ["2C>F", "QD>F"]
    assert not state["won"] and not state["stuck"] and not state["canUndo"]


def test_play_click_undo_redo_restart() -> None:
    ok("new", game="clover-leaf", deal="1")
    state = ok("play", card="6D", to=4)
    assert state["lastMoves"] == ["6D>4", "3C>F"] and state["canUndo"]
    assert ok("undo")["canRedo"]
    assert ok("redo")["moves"] == 1
    assert ok("click", card="9C")["moves"] == 2
    assert ok("restart")["moves"] == 0


def test_illegal_moves_and_bad_input_come_back_as_errors() -> None:
    ok("new", game="clover-leaf", deal="1")
    assert call("play", card="8H", to="F")["error"]["type"] == "IllegalMove"
    assert call("play", card="8H", to=99)["error"]["type"] == "InvalidInput"
    assert call("play", card="ZZ", to="F")["error"]["type"] == "InvalidInput"
    assert call("new", game="chess")["error"]["message"].startswith("unknown game")
    assert call("new", deal="12abc")["error"]["type"] == "InvalidInput"
    assert json.loads(api.call("state", "[1"))["error"]["type"] == "InvalidInput"
    assert call("nonsense")["error"]["type"] == "InvalidInput"


def test_save_and_restore_through_the_api() -> None:
    ok("new", game="trefoil", deal="77")
    ok("redeal")
    save = ok("save")
    before = ok("state")
    ok("new", game="fan", deal="1")
    assert ok("restore", save=save)["fans"] == before["fans"]
    assert call("restore", save="{broken")["error"]["type"] == "InvalidInput"


def test_settings_change_and_refuse_unknown_names() -> None:
    ok("new", game="clover-leaf", deal="1")
    assert ok("settings", autoMove=False)["settings"]["autoMove"] is False
    assert call("settings", colour="red")["error"]["type"] == "InvalidInput"
    ok("settings", autoMove=True)


def test_a_random_deal_is_numbered_as_a_string() -> None:
    state = ok("new", game="fan")
    assert state["deal"].isdigit()


@pytest.mark.parametrize("game", ["clover-leaf", "shamrocks-ii", "trefoil", "fan"])
def test_games_lists_every_game(game: str) -> None:
    assert game in [g["id"] for g in ok("games")]


def test_statistics_are_recorded_and_summarised_through_the_api() -> None:
    reply = ok("stats_record", stats=None, game="fan", won=True, moves=40, seconds=75.5, solvable=True)
    assert reply["summary"]["all"]["won"] == 1
    reply = ok("stats_record", stats=reply["stats"], game="fan", won=False, moves=3, seconds=9)
    assert reply["summary"]["all"]["played"] == 2 and reply["summary"]["solvable"]["played"] == 1
    assert ok("stats_summary", stats=reply["stats"], game="fan")["summary"]["all"]["streak"] == 0
    assert ok("stats_reset", stats=reply["stats"], game="fan")["summary"]["all"]["played"] == 0
    assert call("stats_summary", stats="{oops", game="fan")["error"]["type"] == "InvalidInput"
    bad = call("stats_record", stats=None, game="fan", won="yes", moves=1, seconds=1)
    assert bad["error"]["type"] == "InvalidInput"


def run_job(**params: object) -> dict:
    job = ok("job_start", **params)["job"]
    for _ in range(1000):
        step = ok("job_step", job=job, nodes=5000)
        if step["done"]:
            return step["result"]
    raise AssertionError("the job did not finish")


def test_a_hint_job_gives_the_next_move_of_a_solution() -> None:
    ok("new", game="clover-leaf", deal="1")
    result = run_job(kind="hint")
    assert result["verdict"] == "solved"
    card, to = result["move"].split(">")
    assert ok("play", card=card, to=to)["moves"] == 1


def test_solvable_and_daily_jobs_give_deal_numbers_as_strings() -> None:
    found = run_job(kind="solvable", game="clover-leaf", start="99999999999999999990")
    assert found["verdict"] == "solved" and isinstance(found["deal"], str)
    daily = run_job(kind="daily", game="fan", date="2026-11-29")
    assert daily["date"] == "2026-11-29" and daily["deal"].isdigit()


def test_jobs_refuse_bad_requests_and_forget_cancelled_jobs() -> None:
    assert call("job_start", kind="poker")["error"]["type"] == "InvalidInput"
    assert call("job_start", kind="daily", game="fan", date="tomorrow")["error"]["type"] == "InvalidInput"
    job = ok("job_start", kind="solvable", game="fan", start="5")["job"]
    assert call("job_step", job=job, nodes=-3)["error"]["type"] == "InvalidInput"
    ok("job_cancel", job=job)
    assert call("job_step", job=job, nodes=10)["error"]["type"] == "InvalidInput"
