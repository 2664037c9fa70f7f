"""Following the hints wins, and a lost game names the move that lost it.

A player who presses Hint and plays the hinted move, again and again, must win
any deal the solver proved winnable: from the deal itself, and after a few
moves of their own that keep the win. For every game, on 50 such deals from a
range no other test uses (tests/data/hint_deals.txt): the first ``QUICK`` by
default, all fifty with ``--slow``. The hints are asked for
as the page asks (a hint job of :class:`cloverleaf.api.Api`), with the default
settings (auto move on).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cloverleaf.api import Api, move_json
from cloverleaf.deals import deal
from cloverleaf.engine import legal_moves
from cloverleaf.games import CATALOGUE, find_game
from cloverleaf.session import Session
from cloverleaf.solver import Search, Verdict
from cloverleaf.solver.jobs import run_to_end

DEALS_FILE = Path(__file__).parent / "data" / "hint_deals.txt"
RANDOM_MOVES = 5
SOLVED = Verdict.SOLVED.value  # as the API writes it
MAX_DECISIONS = 400  # far more than any game needs: more means the hints go round in circles


def read_deals() -> dict[str, list[int]]:
    deals: dict[str, list[int]] = {}
    for line in DEALS_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            game, numbers = line.split(":")
            deals[game] = [int(number) for number in numbers.split()]
    return deals


# Games whose hints do not yet win every winnable deal, with what goes wrong (docs/solver.md).
NOT_YET: set[str] = set()
QUICK = 6  # the first deals of each game run by default; the rest under the slow mark (--slow)
CASES = [
    pytest.param(game, number, marks=() if index < QUICK else pytest.mark.slow)
    for game, numbers in read_deals().items() if game not in NOT_YET
    for index, number in enumerate(numbers)
]


def start(game: str, number: int) -> Api:
    api = Api()
    api.call("new", f'{{"game": "{game}", "deal": "{number}"}}')
    return api


def hint(api: Api) -> dict[str, object]:
    result: dict[str, object] = run_to_end(api.hint_job("hint"))
    return result


def follow_hints(api: Api) -> str:
    """Play the hinted decisions until the game is won; the outcome in a word."""
    session = api.session
    for _ in range(MAX_DECISIONS):
        if session.won:
            return "won"
        result = hint(api)
        if result["verdict"] != SOLVED:
            return f"hint said {result['verdict']}"
        back = result["back"]
        assert isinstance(back, int)
        if back:
            for _ in range(back):
                session.undo()
            continue
        shown = session.coach.shown
        assert shown is not None and shown.move is not None and shown.move == session.coach.next_on_plan()
        session.play(shown.move)
    return "round in circles"


def test_the_deals_cover_every_game() -> None:
    deals = read_deals()
    assert set(deals) == {rules.id for rules in CATALOGUE}
    assert all(len(numbers) == 50 and min(numbers) > 7000 for numbers in deals.values())


@pytest.mark.parametrize(("game", "number"), CASES)
def test_following_the_hints_wins_from_the_deal(game: str, number: int) -> None:
    assert follow_hints(start(game, number)) == "won"


def random_moves_that_keep_the_win(game: str, number: int) -> Api:
    """The deal after RANDOM_MOVES random legal moves, each checked to keep the win.

    Checking only the end first (three tries) is cheaper and is enough for most
    deals; where random moves lose too easily (Alexander the Great), each move
    is checked and a losing one taken back.
    """
    rng = random.Random(f"{game}/{number}")
    for _ in range(3):
        api = start(game, number)
        session = api.session
        for _ in range(RANDOM_MOVES):
            moves = legal_moves(session.rules, session.position)
            if session.won or not moves:
                break
            session.play(rng.choice(moves))
        if hint(api)["verdict"] == SOLVED:
            return api
    api = start(game, number)
    session = api.session
    for _ in range(RANDOM_MOVES):
        moves = legal_moves(session.rules, session.position)
        rng.shuffle(moves)
        for move in moves:
            session.play(move)
            if hint(api)["verdict"] == SOLVED:
                break
            session.undo()
    return api


@pytest.mark.parametrize(("game", "number"), CASES)
def test_following_the_hints_wins_after_random_moves_that_keep_the_win(game: str, number: int) -> None:
    api = random_moves_that_keep_the_win(game, number)
    assert api.session.decisions > 0
    assert follow_hints(api) == "won"


def lost_games(game: str, count: int) -> list[Session]:
    """Short games of random moves that lost a winnable deal (the hint says so)."""
    rules = find_game(game)
    rng = random.Random(game)
    found: list[Session] = []
    number = 100
    while len(found) < count:
        number += 1
        api = start(game, number)
        if hint(api)["verdict"] != SOLVED:
            continue
        session = api.session
        for _ in range(8):
            moves = legal_moves(rules, session.position)
            if not moves:
                break
            session.play(rng.choice(moves))
            if hint(api)["verdict"] != SOLVED:
                found.append(session)
                break
    return found


@pytest.mark.parametrize("game", ["alexander-the-great", "clover-leaf", "fan"])
def test_the_losing_move_is_the_one_after_the_last_winnable_position(game: str) -> None:
    """The walk back agrees with a search from every earlier position of the game."""
    rules = find_game(game)
    for session in lost_games(game, 3):
        api = Api()
        api._session = session
        result = hint(api)
        assert result["verdict"] == "lost" and result["earlier"] == SOLVED
        undo = result["undo"]
        assert isinstance(undo, int) and undo >= 1
        history = session.history()
        verdicts = [
            Search(rules, position, forced_autoplay=True).run(200_000).value for position in history
        ]
        last_winnable = len(history) - 1 - undo
        assert verdicts[last_winnable] == SOLVED
        assert all(verdict == "lost" for verdict in verdicts[last_winnable + 1:])
        lost = result["lostMove"]
        assert isinstance(lost, dict)
        assert (lost["number"], lost["move"]) == (last_winnable + 1, move_json(session.groups[last_winnable][0]))


def write_deals() -> None:
    """Regenerate tests/data/hint_deals.txt (the first 50 proved-winnable deals from 7001)."""
    lines = [line for line in DEALS_FILE.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    for rules in CATALOGUE:
        found: list[int] = []
        number = 7000
        while len(found) < 50:
            number += 1
            if Search(rules, deal(rules, number), forced_autoplay=True).run(rules.solver.deal_budget) is Verdict.SOLVED:
                found.append(number)
        lines.append(f"{rules.id}: " + " ".join(map(str, found)))
    DEALS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
    write_deals()
