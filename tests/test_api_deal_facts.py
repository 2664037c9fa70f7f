"""What the API knows of the deal on the table from its rating or a walk: par and a deal lost from its start."""

from __future__ import annotations

from typing import Any

import pytest

from cloverleaf.api import Api

from .test_api import ok


def run_job(api: Api, **params: object) -> Any:
    job = ok(api, "jobStart", **params)["job"]
    while not (step := ok(api, "jobStep", job=job, nodes=50_000))["done"]:
        pass
    return step["result"]


def rated(game: str, deal: str) -> tuple[Api, dict[str, Any]]:
    api = Api()
    ok(api, "new", game=game, deal=deal)
    return api, run_job(api, kind="difficulty", game=game, deal=deal)


@pytest.mark.parametrize("game", ["fan", "clover-leaf"])
def test_a_deal_rated_lost_is_marked_lost_from_its_start(game: str) -> None:
    api, rating = rated(game, "415263900")
    assert rating["verdict"] == "lost"
    state = ok(api, "state")["state"]
    assert state["lostFromStart"] and state["par"] is None
    assert ok(api, "click", card=next(iter(state["click"])))["state"]["lostFromStart"]  # still, after a move
    assert not ok(api, "new", game=game, deal="617")["state"]["lostFromStart"]  # another deal is not


def test_a_deal_not_rated_yet_is_neither_lost_nor_has_a_par() -> None:
    state = ok(Api(), "new", game="fan", deal="415263900")["state"]
    assert (state["lostFromStart"], state["par"]) == (False, None)


def test_following_the_hints_from_the_start_wins_in_par_moves() -> None:
    api, rating = rated("clover-leaf", "204857331")
    assert rating["verdict"] == "solved"
    state = ok(api, "state")["state"]
    par = state["par"]
    assert isinstance(par, int) and par > 0
    while not state["won"]:
        move = ok(api, "jobStep", job=ok(api, "jobStart", kind="hint")["job"], nodes=100_000)["result"]["move"]
        state = ok(api, "play", **{key: move[key] for key in ("card", "to") if key in move})["state"]
        assert state["par"] == par
    assert state["moves"] == par


def test_par_counts_decisions_as_the_player_settings_make_them() -> None:
    api, _ = rated("clover-leaf", "617")
    with_auto_move = ok(api, "state")["state"]["par"]
    without = ok(api, "settings", autoMove=False, autoComplete=False)["state"]["par"]
    assert with_auto_move < without  # each foundation move is then a decision of its own


def test_a_deal_found_by_a_solvable_walk_has_its_par_at_once() -> None:
    api = Api()
    found = run_job(api, kind="solvable", game="fan", start="1")
    state = ok(api, "new", game="fan", deal=found["deal"], opening="solvable")["state"]
    assert isinstance(state["par"], int) and state["par"] > 0 and not state["lostFromStart"]
