"""The JSON API of the page: shapes, errors as data by kind, never a traceback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cloverleaf.api import METHODS, Api
from cloverleaf.cards import parse_card
from cloverleaf.inputs import json_string_bytes
from cloverleaf.params import MAX_PARAMETER_BYTES
from cloverleaf.position import Move
from cloverleaf.save_format import MAX_SAVE_BYTES
from cloverleaf.stats import MAX_STATS_BYTES


@pytest.fixture
def api() -> Api:
    return Api()


def call(api: Api, method: str, **params: object) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.call(method, json.dumps(params)))
    return reply


def ok(api: Api, method: str, **params: object) -> Any:
    reply = call(api, method, **params)
    assert "ok" in reply, reply
    return reply["ok"]


def played(move: dict[str, Any]) -> dict[str, Any]:
    """A reported move (with the card it goes ``onto``) as ``play`` takes it."""
    return {key: value for key, value in move.items() if key != "onto"}


def state(api: Api, method: str, **params: object) -> dict[str, Any]:
    table = ok(api, method, **params)
    assert set(table) == {"state", "save", "count"}
    result: dict[str, Any] = table["state"]
    return result


def test_new_game_state_has_everything_the_page_draws(api: Api) -> None:
    table = ok(api, "new", game="clover-leaf", deal="1")
    drawn = table["state"]
    assert drawn["game"] == "clover-leaf" and drawn["deal"] == "1"
    assert len(drawn["fans"]) == 16
    assert [f["suit"] for f in drawn["foundations"]] == ["C", "S", "H", "D"]
    assert drawn["movable"]["7D"] == [5, 7]
    assert drawn["click"]["7D"] == 5
    assert drawn["lastMoves"] == [{"card": "2C", "to": "F", "onto": None}, {"card": "QD", "to": "F", "onto": None}]
    assert not drawn["won"] and not drawn["stuck"] and not drawn["canUndo"]
    assert json.loads(table["save"])["game"] == "clover-leaf"


def test_the_state_says_the_card_each_destination_puts_a_movable_card_on(api: Api) -> None:
    drawn = state(api, "new", game="clover-leaf", deal="1")
    assert list(drawn["onto"]) == list(drawn["movable"])
    for card, dests in drawn["movable"].items():
        onto = drawn["onto"][card]
        assert len(onto) == len(dests), card
        for to, below in zip(dests, onto, strict=True):
            fan = [] if to == "F" else drawn["fans"][to - 1]
            assert below == (fan[-1] if fan else None), (card, to)
    assert drawn["onto"]["7D"] == [drawn["fans"][4][-1], drawn["fans"][6][-1]]


def test_a_link_is_read_as_new_reads_it_and_deals_nothing(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    ok(api, "play", card="6D", to=4)
    assert ok(api, "link", game="fan", deal="0012") == {"game": "fan", "deal": "12"}
    for game, deal in (("fan", "12x"), ("fan", "7" * 41), ("no-such-game", "1")):
        assert call(api, "link", game=game, deal=deal)["error"]["type"] == "InvalidInput"
    # The game in play is untouched.
    assert ok(api, "state")["state"]["moves"] == 1


def test_play_click_undo_redo_restart(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    after = state(api, "play", card="6D", to=4)
    assert after["lastMoves"] == [{"card": "6D", "to": 4, "onto": "7D"}, {"card": "3C", "to": "F", "onto": None}]
    assert after["canUndo"] and after["change"] == "decision"
    undone = state(api, "undo")
    assert undone["canRedo"] and (undone["change"], undone["lastMoves"]) == ("undo", [])
    redone = state(api, "redo")
    assert (redone["moves"], redone["change"], redone["lastMoves"]) == (1, "redo", after["lastMoves"])
    assert state(api, "click", card="9C")["moves"] == 2
    restarted = state(api, "restart")
    assert (restarted["moves"], restarted["change"]) == (0, "restart")
    assert state(api, "settings", autoMove=True)["change"] == "none"


def test_undo_and_redo_take_a_count(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    state(api, "play", card="6D", to=4)
    state(api, "click", card="9C")
    assert state(api, "undo", count=2)["moves"] == 0
    assert state(api, "redo", count=5)["moves"] == 2
    assert call(api, "undo", count=0)["error"]["type"] == "InvalidInput"
    assert call(api, "undo", count=True)["error"]["type"] == "InvalidInput"


def test_an_undo_says_which_decisions_it_took_back_the_latest_first(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    first = state(api, "play", card="6D", to=4)["lastMoves"][0]  # (its auto move is no decision)
    second = state(api, "click", card="9C")["lastMoves"][0]
    assert state(api, "undo")["undone"] == [second]
    assert state(api, "redo")["undone"] == []
    assert state(api, "undo", count=2)["undone"] == [second, first]  # each with the card it went onto then
    assert first == {"card": "6D", "to": 4, "onto": "7D"}
    assert state(api, "settings", autoMove=True)["undone"] == []  # another change: none


def test_every_refusal_comes_back_as_an_error_of_a_kind(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    assert call(api, "play", card="8H", to="F")["error"]["type"] == "IllegalMove"
    assert call(api, "play", card="8H", to=99)["error"]["type"] == "InvalidInput"
    assert call(api, "play", card="ZZ", to="F")["error"]["type"] == "InvalidInput"
    assert call(api, "play", card="8H", to="³")["error"]["type"] == "InvalidInput"
    assert call(api, "new", game="chess")["error"]["message"].startswith("unknown game")
    assert call(api, "new", deal="12abc")["error"]["type"] == "InvalidInput"
    assert json.loads(api.call("state", "[1"))["error"]["type"] == "InvalidInput"
    assert call(api, "nonsense")["error"]["type"] == "InvalidInput"
    assert call(api, "state", extra=1)["error"]["type"] == "InvalidInput"


@pytest.mark.parametrize(
    ("method", "params", "reason"),
    [
        ("click", {"card": "9D"}, "covered"),
        ("play", {"card": "9D", "to": 2}, "covered"),
        ("play", {"card": "7D", "to": 1}, "build"),
        ("play", {"card": "7D", "to": "F"}, "foundation"),
        ("undo", {}, "no-undo"),
        ("redo", {}, "no-redo"),
    ],
)
def test_a_refused_move_says_why_by_a_reason_not_by_its_words(
    api: Api, method: str, params: dict[str, Any], reason: str
) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    error = call(api, method, **params)["error"]
    assert (error["type"], error["reason"]) == ("IllegalMove", reason)


def test_a_click_with_click_to_play_off_is_refused_as_such(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    state(api, "settings", clickToPlay=False)
    assert call(api, "click", card="9C")["error"]["reason"] == "click-off"


def test_the_save_of_every_reply_restores_the_same_table(api: Api) -> None:
    ok(api, "new", game="trefoil", deal="77")
    table = ok(api, "redeal")
    ok(api, "new", game="fan", deal="1")
    assert state(api, "restore", save=table["save"])["fans"] == table["state"]["fans"]
    assert call(api, "restore", save="{broken")["error"]["type"] == "InvalidInput"


def test_settings_change_and_refuse_unknown_names(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    assert state(api, "settings", autoMove=False)["settings"]["autoMove"] is False
    assert call(api, "settings", colour="red")["error"]["type"] == "InvalidInput"
    assert call(api, "settings", autoMove="000")["error"]["type"] == "InvalidInput"


def test_a_random_deal_is_numbered_as_a_string(api: Api) -> None:
    assert state(api, "new", game="fan")["deal"].isdigit()


def test_games_lists_the_catalogue(api: Api) -> None:
    ids = [game["id"] for game in ok(api, "games")]
    assert ids[0] == "clover-leaf" and {"shamrocks", "shamrocks-ii", "trefoil", "fan"} <= set(ids)


def test_a_recorded_win_says_which_of_the_games_records_it_beat(api: Api) -> None:
    first = ok(api, "statsRecord", stats=None, game="fan", won=True, moves=40, seconds=75.5)
    assert first["improved"] == {"time": False, "moves": False}  # the first win: no record to beat
    faster = ok(api, "statsRecord", stats=first["stats"], game="fan", won=True, moves=52, seconds=60)
    assert faster["improved"] == {"time": True, "moves": False}
    shorter = ok(api, "statsRecord", stats=faster["stats"], game="fan", won=True, moves=31, seconds=61)
    assert shorter["improved"] == {"time": False, "moves": True}
    lost = ok(api, "statsRecord", stats=shorter["stats"], game="fan", won=False, moves=3, seconds=5)
    assert lost["improved"] == {"time": False, "moves": False}
    helped = ok(api, "statsRecord", stats=lost["stats"], game="fan", won=True, moves=20, seconds=30, hints=2)
    assert helped["improved"] == {"time": False, "moves": False}  # records come from games won alone
    assert (helped["summary"]["all"]["won"], helped["summary"]["all"]["helped"]) == (4, 1)


def test_statistics_are_recorded_and_summarised_through_the_api(api: Api) -> None:
    reply = ok(api, "statsRecord", stats=None, game="fan", won=True, moves=40, seconds=75.5, solvable=True)
    assert reply["summary"]["all"]["won"] == 1
    reply = ok(api, "statsRecord", stats=reply["stats"], game="fan", won=False, moves=3, seconds=9)
    assert reply["summary"]["all"]["played"] == 2 and reply["summary"]["solvable"]["played"] == 1
    assert ok(api, "statsSummary", stats=reply["stats"], game="fan")["summary"]["all"]["streak"] == 0
    assert ok(api, "statsReset", stats=reply["stats"], game="fan")["summary"]["all"]["played"] == 0
    assert call(api, "statsSummary", stats=7, game="fan")["error"]["type"] == "InvalidInput"
    bad = call(api, "statsRecord", stats=None, game="fan", won="yes", moves=1, seconds=1)
    assert bad["error"]["type"] == "InvalidInput"


def test_unreadable_statistics_are_set_aside_and_the_call_answered_from_fresh_ones(api: Api) -> None:
    reply = ok(api, "statsRecord", stats="{oops", game="fan", won=True, moves=40, seconds=75.46)
    assert reply["setAside"] is True and reply["summary"]["all"]["won"] == 1
    assert reply["summary"]["all"]["best_time"] == 75.5  # tenths of a second are kept
    assert ok(api, "statsSummary", stats="{oops", game="fan")["setAside"] is True
    assert ok(api, "statsReset", stats="{oops", game="fan")["setAside"] is True
    assert "setAside" not in ok(api, "statsSummary", stats=reply["stats"], game="fan")


@pytest.mark.parametrize(
    "hostile",
    ["é" * 600_000, "\x01" * 200_000, "\x01" * MAX_STATS_BYTES, "\ud800" * (MAX_STATS_BYTES // 3)],
    ids=["600000 é", "200000 U+0001", "U+0001 to the limit", "lone surrogates to the limit"],
)
def test_statistics_too_long_to_read_are_set_aside_however_json_escapes_them(api: Api, hostile: str) -> None:
    # As the page's JSON.stringify writes them: non-ASCII as it is, control characters as \u0001.
    params = {"stats": hostile, "game": "fan", "won": False, "moves": 3, "seconds": 9}
    reply = json.loads(api.call("statsRecord", json.dumps(params, ensure_ascii=False)))
    assert reply["ok"]["setAside"] is True, reply
    assert reply["ok"]["summary"]["all"]["played"] == 1


def test_the_longest_save_the_engine_reads_reaches_its_parser_however_json_escapes_it(api: Api) -> None:
    for save in ("\x01" * MAX_SAVE_BYTES, "é" * (MAX_SAVE_BYTES // 2)):
        for ascii_only in (True, False):
            error = call_text(api, "restore", json.dumps({"save": save}, ensure_ascii=ascii_only))["error"]
            assert error["type"] == "InvalidInput" and "saved game" in error["message"], error["message"]
    assert json_string_bytes(max(MAX_SAVE_BYTES, MAX_STATS_BYTES)) <= MAX_PARAMETER_BYTES


def call_text(api: Api, method: str, params: str) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(api.call(method, params))
    return reply


def test_leaving_says_what_it_loses_a_game_taken_back_to_its_start_its_redo(api: Api) -> None:
    dealt = state(api, "new", game="clover-leaf", deal="1")
    assert dealt["leaving"] is None
    played_once = state(api, "click", card=next(iter(dealt["click"])))
    assert (played_once["leaving"], played_once["inProgress"]) == ("game", True)
    taken_back = state(api, "undo")
    assert (taken_back["moves"], taken_back["inProgress"], taken_back["leaving"]) == (0, False, "redo")
    left = ok(api, "new", game="clover-leaf", deal="2")
    assert left["count"] is None  # no decision made: nothing counts, only the way back is lost
    assert left["state"]["leaving"] is None


def run_job(api: Api, **params: object) -> dict[str, Any]:
    job = ok(api, "jobStart", **params)["job"]
    for _ in range(1000):
        step = ok(api, "jobStep", job=job, nodes=5000)
        if step["done"]:
            result: dict[str, Any] = step["result"]
            return result
    raise AssertionError("the job did not finish")


def test_a_hint_gives_a_move_that_plays(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    result = run_job(api, kind="hint")
    assert result["verdict"] == "solved" and result["back"] == 0
    assert state(api, "play", **played(result["move"]))["moves"] == 1


def test_the_next_hint_continues_the_plan_without_searching(api: Api) -> None:
    ok(api, "new", game="clover-leaf", deal="1")
    first = run_job(api, kind="hint")
    plan = ok(api, "plan")["moves"]
    assert plan[0] == first["move"] and len(plan) > 5
    state(api, "play", **played(first["move"]))
    second = run_job(api, kind="hint")
    assert (second["move"], second["nodes"]) == (plan[1], 0)


@pytest.mark.parametrize("auto_move", [True, False])
def test_a_rated_deal_gives_its_first_hint_without_searching(api: Api, auto_move: bool) -> None:
    # The page rates every new deal; the rating's solution becomes the plan (auto move on only:
    # the rating searches with it forced on), so the first hint is the plan's move at once.
    ok(api, "new", game="shamrocks", deal="101")
    ok(api, "settings", autoMove=auto_move)
    rating = run_job(api, kind="difficulty", game="shamrocks", deal="101")
    assert rating["verdict"] == "solved"
    hint = run_job(api, kind="hint")
    assert hint["verdict"] == "solved" and hint["move"] is not None
    assert (hint["nodes"] == 0) is auto_move


def test_a_rating_of_another_deal_makes_no_plan(api: Api) -> None:
    ok(api, "new", game="shamrocks", deal="101")
    assert run_job(api, kind="difficulty", game="shamrocks", deal="104")["verdict"] == "solved"
    assert run_job(api, kind="hint")["nodes"] > 0


def test_clicking_the_hinted_card_plays_the_hinted_move(api: Api) -> None:
    """Clover Leaf deal 1: 7D may go onto fan 5 (where a click sends it) or fan 7.
    With a plan that wants fan 7, the hint says fan 7, and a click then plays it."""
    drawn = state(api, "new", game="clover-leaf", deal="1")
    assert drawn["movable"]["7D"] == [5, 7] and drawn["click"]["7D"] == 5
    api.session.coach.follow([Move(parse_card("7D"), 6)])  # the plan's first decision: 7D onto fan 7
    hinted = run_job(api, kind="hint")
    assert (hinted["move"], hinted["nodes"]) == ({"card": "7D", "to": 7, "onto": "8D"}, 0)
    assert state(api, "click", card="7D")["lastMoves"][0] == {"card": "7D", "to": 7, "onto": "8D"}
    # Once the hint is gone (a move, an undo), a click follows the click rule again.
    state(api, "undo")
    assert state(api, "click", card="7D")["lastMoves"][0] == {"card": "7D", "to": 5, "onto": "6D"}


def test_a_hint_on_a_lost_game_names_the_move_that_lost_it(api: Api) -> None:
    """Alexander the Great deal 2 is winnable; 9H>11 loses it (tests/test_solver_jobs.py)."""
    ok(api, "new", game="alexander-the-great", deal="2")
    state(api, "play", card="9H", to=11)
    result = run_job(api, kind="hint")
    assert (result["verdict"], result["undo"], result["earlier"]) == ("lost", 1, "solved")
    assert result["lostMove"] == {"number": 1, "move": {"card": "9H", "to": 11}, "onto": "TH"}


def test_a_hint_asked_again_where_its_budget_ran_out_searches_on(api: Api) -> None:
    """Shamrocks deal 886 is won at 64,205 nodes, past the hint budget of 60,000: the first
    search (here a background check) runs out, and the hint asked next goes on with it."""
    ok(api, "new", game="shamrocks", deal="886")
    first = run_job(api, kind="check")
    assert (first["verdict"], first["nodes"], first["more"]) == ("unknown", 60_000, True)
    second = run_job(api, kind="hint")
    assert (second["verdict"], second["nodes"], second["more"]) == ("solved", 64_205, False)
    move = second["move"]
    assert state(api, "play", card=move["card"], to=move["to"])["moves"] == 1


def test_a_walk_back_that_ran_out_of_budget_goes_on_when_asked_again(api: Api) -> None:
    """Shamrocks deal 225 is open at its start (100,000 nodes, and 400,000, the hint's limit);
    5H onto fan 18 at once loses it (proved in a node). The hint's walk back then searches the
    start, 60,000 nodes an ask, the dives alone past the solve budget, until the limit."""
    ok(api, "new", game="shamrocks", deal="225")
    state(api, "play", card="5H", to=18)
    walks = [run_job(api, kind="hint")]
    while walks[-1]["more"]:
        walks.append(run_job(api, kind="hint"))
    assert [(walk["verdict"], walk["earlier"], walk["nodes"]) for walk in walks] == [
        ("lost", "unknown", nodes) for nodes in (60_000, 120_000, 180_000, 240_000, 300_000, 360_000, 400_000)
    ]
    last = run_job(api, kind="hint")  # at the limit: the same answer at once
    assert (last["nodes"], last["more"]) == (400_000, False)


def test_the_search_kept_for_a_hint_is_let_go_once_the_game_moves_on(api: Api) -> None:
    drawn = state(api, "new", game="shamrocks", deal="886")
    assert run_job(api, kind="check")["nodes"] == 60_000
    assert api.session.coach.search is not None
    card, targets = next(iter(drawn["movable"].items()))
    state(api, "play", card=card, to=targets[0])
    assert api.session.coach.search is None
    state(api, "undo")  # the same position again, but a new search
    again = run_job(api, kind="check")
    assert (again["verdict"], again["nodes"], again["more"]) == ("unknown", 60_000, True)


def test_solvable_and_daily_jobs_give_deal_numbers_as_strings(api: Api) -> None:
    found = run_job(api, kind="solvable", game="clover-leaf", start="99999999999999999990")
    assert found["verdict"] == "solved" and isinstance(found["deal"], str)
    daily = run_job(api, kind="daily", game="fan", date="2026-11-29")
    assert daily["date"] == "2026-11-29" and daily["deal"].isdigit()


def test_a_solvable_deal_of_a_chosen_level_has_that_level_and_the_difficulty_job_agrees(api: Api) -> None:
    for level in ("easy", "medium", "hard"):
        found = run_job(api, kind="solvable", game="trefoil", start="1", level=level)
        assert found["difficulty"] == level
        again = run_job(api, kind="difficulty", game="trefoil", deal=found["deal"])
        assert (again["deal"], again["verdict"], again["difficulty"]) == (found["deal"], "solved", level)
    lost = run_job(api, kind="difficulty", game="fan", deal="1")  # Fan deal 1 is lost
    assert (lost["verdict"], lost["difficulty"]) == ("lost", None)


def test_jobs_refuse_bad_requests_and_forget_cancelled_jobs(api: Api) -> None:
    assert call(api, "jobStart", kind="poker")["error"]["type"] == "InvalidInput"
    assert call(api, "jobStart", kind="solvable", game="fan", level="impossible")["error"]["type"] == "InvalidInput"
    assert "job" in ok(api, "jobStart", kind="solvable", game="fan", start="1", level="any")  # the setting's own word
    assert call(api, "jobStart", kind="difficulty", game="fan")["error"]["type"] == "InvalidInput"
    assert call(api, "jobStart", kind="difficulty", game="fan", deal="-4")["error"]["type"] == "InvalidInput"
    assert call(api, "jobStart", kind="daily", game="fan", date="tomorrow")["error"]["type"] == "InvalidInput"
    job = ok(api, "jobStart", kind="solvable", game="fan", start="5")["job"]
    assert call(api, "jobStep", job=job, nodes=-3)["error"]["type"] == "InvalidInput"
    assert call(api, "jobStep", job=[job], nodes=10)["error"]["type"] == "InvalidInput"
    ok(api, "jobCancel", job=job)
    assert call(api, "jobStep", job=job, nodes=10)["error"]["type"] == "InvalidInput"


def test_every_method_declares_its_parameters() -> None:
    assert all(isinstance(method.params, tuple) for method in METHODS.values())
