"""What the API knows of the deal on the table from its rating or a walk: par and a deal lost from its start.

Par is the length of the solver's plan from the deal's start (coach.Coach.par);
the state's ``help.par`` shows it with a win, where it compares like with like.
"""

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
    assert state["lostFromStart"] and api.session.coach.par() is None
    assert state["help"]["startWhy"] == rating["why"] and rating["why"]["cards"]
    assert ok(api, "click", card=next(iter(state["click"])))["state"]["lostFromStart"]  # still, after a move
    assert not ok(api, "new", game=game, deal="617")["state"]["lostFromStart"]  # another deal is not


def test_a_deal_not_rated_yet_is_neither_lost_nor_has_a_par() -> None:
    api = Api()
    state = ok(api, "new", game="fan", deal="415263900")["state"]
    assert (state["lostFromStart"], state["help"]["startWhy"], api.session.coach.par()) == (False, None, None)


def test_following_the_hints_from_the_start_wins_in_par_moves() -> None:
    api, rating = rated("clover-leaf", "204857331")
    assert rating["verdict"] == "solved"
    state = ok(api, "state")["state"]
    par = api.session.coach.par()
    assert isinstance(par, int) and par > 0
    while not state["won"]:
        assert state["help"]["par"] is None  # shown with a win only
        move = ok(api, "jobStep", job=ok(api, "jobStart", kind="hint")["job"], nodes=100_000)["result"]["move"]
        state = ok(api, "play", **{key: move[key] for key in ("card", "to") if key in move})["state"]
    assert state["moves"] == par == state["help"]["par"]  # the hints followed the plan: the same length


def test_par_counts_decisions_as_the_player_settings_make_them() -> None:
    api, _ = rated("clover-leaf", "617")
    with_auto_move = api.session.coach.par()
    ok(api, "settings", autoMove=False, autoComplete=False)
    without = api.session.coach.par()
    assert with_auto_move is not None and without is not None
    assert with_auto_move < without  # each foundation move is then a decision of its own


def test_a_deal_found_by_a_solvable_walk_has_its_par_at_once() -> None:
    api = Api()
    found = run_job(api, kind="solvable", game="fan", start="1")
    state = ok(api, "new", game="fan", deal=found["deal"], opening="solvable")["state"]
    par = api.session.coach.par()
    assert isinstance(par, int) and par > 0 and not state["lostFromStart"]
