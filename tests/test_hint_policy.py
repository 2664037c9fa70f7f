"""Hints play as a person would: a redeal only when it is needed or nothing else moves, and always a move.

Through the API, as the page asks (a hint job of :class:`cloverleaf.api.Api`,
default settings):

- Trefoil and La Belle Lucie: following the hints never redeals while a card
  can move unless the hint says the redeal is ``needed`` (a search proved that
  no win avoids it); a redeal where no card can move says ``stuck``. On the
  deals issue 40 names and deals 1-17 of each (20 a game), and deals 18-37
  more under the ``slow`` mark. A rating's plan that starts with a redeal is
  not hinted as it is either.
- Shamrocks and Shamrocks II: on the deals of 1-1000 that the solve budget
  leaves open (bench/results/solver-verdicts-1-1000.txt, letter ``u``), the
  first hint still gives a move, a ``likely`` one (two of each in the default
  run, all under ``slow``); Shamrocks II 204857331 from its start too, and the
  likely move is followed as a hint, not as a plan.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cloverleaf.api import Api
from cloverleaf.deals import deal
from cloverleaf.engine import legal_moves, play
from cloverleaf.games import find_game
from cloverleaf.solver import Verdict
from cloverleaf.solver.jobs import Hint, run_to_end

from .test_api import ok, played, run_job, state
from .test_solver_jobs import passes_through

VERDICTS = Path(__file__).resolve().parents[1] / "bench" / "results" / "solver-verdicts-1-1000.txt"
ISSUE_DEALS = {"trefoil": (993004118, 204857331, 77120456), "la-belle-lucie": (77120456, 993004118, 415263900)}
REDEAL_GAMES = tuple(ISSUE_DEALS)
MAX_DECISIONS = 200  # far more than either game needs
SMALL_BUDGET = 3_000  # a hint's budget that decides none of the open deals: their likely lines, fast


def new_game(game: str, number: int) -> Api:
    api = Api()
    ok(api, "new", game=game, deal=str(number))
    return api


def hint(api: Api) -> dict[str, Any]:
    result: dict[str, Any] = run_to_end(api.hint_job("hint"))
    return result


def follow_hints(api: Api) -> tuple[str, list[tuple[str | None, int]]]:
    """Play each hinted decision until the game is won; the outcome, and each redeal hinted
    with the reason it gave and how many other moves the table had then."""
    session = api.session
    redeals: list[tuple[str | None, int]] = []
    for _ in range(MAX_DECISIONS):
        if session.won:
            return "won", redeals
        result = hint(api)
        move = result["move"]
        if move is None:
            return f"no move ({result['verdict']})", redeals
        if move["to"] == "redeal":
            others = [other for other in legal_moves(session.rules, session.position) if not other.is_redeal]
            redeals.append((result["redeal"], len(others)))
            ok(api, "redeal")
        else:
            assert result["redeal"] is None
            ok(api, "play", **played(move))
    return "round in circles", redeals


def redeal_cases(deals: range) -> list[tuple[str, int]]:
    return [(game, number) for game in REDEAL_GAMES for number in deals]


def check_following(game: str, number: int) -> None:
    outcome, redeals = follow_hints(new_game(game, number))
    assert outcome == "won"
    assert all(reason == ("stuck" if others == 0 else "needed") for reason, others in redeals), redeals


@pytest.mark.parametrize(
    ("game", "number"), [(game, number) for game, deals in ISSUE_DEALS.items() for number in deals]
    + redeal_cases(range(1, 18))
)
def test_following_the_hints_redeals_only_when_stuck_or_when_the_hint_says_it_is_needed(
    game: str, number: int
) -> None:
    check_following(game, number)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "number"), redeal_cases(range(18, 38)))
def test_following_the_hints_redeals_only_when_stuck_or_needed_on_more_deals(game: str, number: int) -> None:
    check_following(game, number)


@pytest.mark.parametrize("number", range(1, 5))
def test_where_cards_build_regardless_of_suit_following_the_hints_redeals_once_moving_cards_only_moves_them_about(
    number: int,
) -> None:
    """Super Flower Garden: at each redeal of the hints' plan a search found a win that moved a card first,
    to and fro, and the hints never redealt; now such a redeal is hinted, and says why (``movesAbout``)."""
    outcome, redeals = follow_hints(new_game("super-flower-garden", number))
    assert outcome == "won"
    assert all(reason == "stuck" if others == 0 else reason in ("needed", "movesAbout") for reason, others in redeals)


@pytest.mark.parametrize(("game", "number"), [(game, deals[0]) for game, deals in ISSUE_DEALS.items()])
def test_a_first_hint_is_an_ordinary_move_where_cards_can_move(game: str, number: int) -> None:
    """Issue 40: the first hint was "redeal the cards" at move 0 (Trefoil 993004118: 8D onto 9D was there)."""
    result = hint(new_game(game, number))
    assert result["verdict"] == "solved" and result["move"]["to"] != "redeal" and result["redeal"] is None


def test_a_ratings_plan_that_starts_with_a_redeal_is_not_hinted_as_it_is() -> None:
    """The rating's solution of Trefoil 993004118 redeals first; the hint searches for a move instead."""
    api = new_game("trefoil", 993004118)
    assert run_job(api, kind="difficulty", game="trefoil", deal="993004118")["verdict"] == "solved"
    assert ok(api, "plan")["moves"][0]["to"] == "redeal"
    result = hint(api)
    assert result["nodes"] > 0 and result["move"]["to"] != "redeal" and result["redeal"] is None
    assert ok(api, "plan")["moves"][0] == result["move"]  # the new solution is the plan now


def open_deals(game: str) -> list[int]:
    """The deals of 1-1000 that the solve budget leaves open (letter ``u``)."""
    deals: list[int] = []
    for line in VERDICTS.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{game} "):
            _game, first, letters = line.split()
            deals += [int(first) + at for at, letter in enumerate(letters) if letter == "u"]
    return deals


def check_first_hint_moves(game: str, number: int) -> dict[str, Any]:
    api = new_game(game, number)
    result = hint(api)
    assert result["verdict"] == "unknown" and result["likely"] and result["more"]
    move = result["move"]
    assert move is not None and move["to"] != "redeal"
    assert state(api, "play", **played(move))["moves"] == 1
    return result


OPEN = [(game, number) for game in ("shamrocks", "shamrocks-ii") for number in open_deals(game)]


def test_the_open_deals_are_those_issue_40_counts() -> None:
    assert (len(open_deals("shamrocks")), len(open_deals("shamrocks-ii"))) == (92, 29)


@pytest.mark.parametrize(("game", "number"), [("shamrocks", 5), ("shamrocks-ii", 3)])
def test_the_first_hint_gives_a_likely_move_where_the_search_cannot_decide(game: str, number: int) -> None:
    check_first_hint_moves(game, number)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "number"), OPEN)
def test_the_first_hint_gives_a_move_on_every_deal_the_solve_budget_leaves_open(game: str, number: int) -> None:
    check_first_hint_moves(game, number)


def test_shamrocks_ii_204857331_gets_a_likely_move_at_once_which_a_click_plays() -> None:
    """Issue 40: six presses of Hint there said only "no sure move found yet", with two Aces free.

    The likely line is followed to its end (a card goes up there), so Hint asked again gives the
    same move at once; the search goes on behind it, in the background check (``help.work``).
    """
    api = new_game("shamrocks-ii", 204857331)
    result = hint(api)
    assert (result["verdict"], result["likely"], result["nodes"], result["more"]) == ("unknown", True, 60_000, True)
    move = result["move"]
    assert move is not None and ok(api, "plan")["moves"] == []  # not proven: no plan to show as a solution
    again = hint(api)
    assert (again["move"], again["likely"], again["nodes"]) == (move, True, 0)
    assert state(api, "state")["help"]["work"]
    assert run_to_end(api.hint_job("check"))["nodes"] == 120_000  # the same search goes on
    after = state(api, "click", card=move["card"])
    assert after["lastMoves"][0] == move


def test_a_check_that_searches_on_behind_a_likely_hint_proves_a_move_which_a_click_then_plays() -> None:
    """The page lets a check search on behind a likely hint; a win it finds is the hint on show."""
    api = new_game("shamrocks", 37)
    likely = hint(api)
    assert (likely["verdict"], likely["likely"], likely["more"]) == ("unknown", True, True)
    proven = run_to_end(api.hint_job("check"))
    assert (proven["verdict"], proven["likely"]) == ("solved", False) and proven["move"] is not None
    assert ok(api, "plan")["moves"][0] == proven["move"]
    after = state(api, "click", card=proven["move"]["card"])
    assert after["lastMoves"][0] == proven["move"]


def test_the_solution_job_gives_the_likely_line_and_where_it_stops() -> None:
    api = new_game("shamrocks-ii", 204857331)
    result = run_job(api, kind="solution")
    assert result["verdict"] == "unknown" and result["likely"]
    moves, stops = result["moves"], result["stops"]
    assert len(moves) == stops["moves"] > 0 and 0 < stops["foundations"] < 52
    for move in moves:  # the line plays, as far as it goes
        ok(api, "redeal") if move["to"] == "redeal" else ok(api, "play", **played(move))
    drawn = ok(api, "state")["state"]
    assert sum(foundation["count"] for foundation in drawn["foundations"]) == stops["foundations"]


def test_a_likely_line_never_enters_the_games_history() -> None:
    """Shamrocks builds up or down: a card can go back where it came from; the likely line does not."""
    rules = find_game("shamrocks-ii")
    history = [deal(rules, 204857331)]
    for _ in range(4):
        found = run_to_end(Hint(rules, history, budget=SMALL_BUDGET))
        assert found.verdict is Verdict.UNKNOWN and found.likely
        assert not passes_through(rules, history[-1], found.likely, history)
        history.append(play(rules, history[-1], found.likely[0]))


def test_a_likely_line_is_the_same_each_time() -> None:
    rules = find_game("shamrocks")
    lines = [run_to_end(Hint(rules, [deal(rules, 24)], budget=SMALL_BUDGET)).likely for _ in range(2)]
    assert lines[0] and lines[0] == lines[1]
