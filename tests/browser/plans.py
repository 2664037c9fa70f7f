"""Plans for the browser tests, computed with the engine on CPython: which deal to
open and which cards to click or drag to reach a given situation in the page.

The page runs the same engine in Pyodide, so a plan made here replays there.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from cloverleaf import FOUNDATION, REDEAL, Move, find_game
from cloverleaf.cards import card_str
from cloverleaf.engine import destinations, move_to
from cloverleaf.position import CELL
from cloverleaf.session import Session, Settings
from cloverleaf.solver.difficulty import DealDifficulty
from cloverleaf.solver.jobs import run_to_end

Dest = str | int  # "F", "cell" or a 1-based fan number, as the page's API writes it


def to_json(dest: int) -> Dest:
    return "F" if dest == FOUNDATION else "cell" if dest == CELL else dest + 1


def state(game: str, deal: str, **settings: bool) -> dict[str, Any]:
    """The engine's opening state of a deal, as the page receives it."""
    from cloverleaf.api import Api

    api = Api()
    api.call("settings", json.dumps({"clickToPlay": True, "autoMove": True, "autoComplete": True, **settings}))
    answer = json.loads(api.call("new", json.dumps({"game": game, "deal": deal})))
    return dict(answer["ok"]["state"])


@functools.cache
def deal_with_fan_move(game: str = "clover-leaf") -> tuple[str, str, int, int]:
    """(deal, card, fan it may go onto, a fan it may not go onto) at the opening."""
    for number in range(1, 200):
        opening = state(game, str(number))
        for card, dests in opening["movable"].items():
            fans = [d for d in dests if d != "F"]
            source = next(i + 1 for i, fan in enumerate(opening["fans"]) if card in fan)
            illegal = [
                i + 1 for i, fan in enumerate(opening["fans"])
                if fan and i + 1 not in dests and i + 1 != source
            ]
            if fans and illegal:
                return str(number), card, fans[0], illegal[0]
    raise AssertionError("no deal with a fan move found")


@functools.cache
def deal_with_foundation_click(game: str = "clover-leaf") -> tuple[str, str]:
    """(deal, card) where, with auto move off, clicking card plays it to its foundation."""
    for number in range(1, 200):
        opening = state(game, str(number), autoMove=False, autoComplete=False)
        for card, dest in opening["click"].items():
            if dest == "F":
                return str(number), card
    raise AssertionError("no deal with a foundation click found")


@functools.cache
@functools.cache
def clicks_to_stuck(
    games: tuple[str, ...] = ("alexander-the-great", "clover-leaf"), winnable: bool = False
) -> tuple[str, str, tuple[str, ...]]:
    """(game, deal, cards): clicking these cards in turn leaves the game stuck.

    The shortest such run among the first deals, playing the engine's click rule
    on the first clickable card each time; with ``winnable``, only on deals the
    page's rating proves winnable from their start (a deal lost from its start
    offers no restart).
    """
    best: tuple[str, str, tuple[str, ...]] | None = None
    for game in games:
        rules = find_game(game)
        for number in range(1, 150):
            session = Session.new(game, number, Settings())
            cards: list[str] = []
            while not session.stuck and not session.won and len(cards) < 25:
                clickable = [
                    card for card in destinations(rules, session.position)
                    if session.click_target(card) is not None
                ]
                if not clickable:
                    break
                session.click(clickable[0])
                cards.append(card_str(clickable[0]))
            if session.stuck and (best is None or len(cards) < len(best[2])):
                if winnable and run_to_end(DealDifficulty(rules, number))["verdict"] != "solved":
                    continue
                best = (game, str(number), tuple(cards))
            if best and len(best[2]) <= 3:
                return best
    assert best is not None, "no deal found that clicking leaves stuck"
    return best


def winning_decisions(game: str, deal: str, budget: int = 300_000) -> list[tuple[str, Dest]] | None:
    """The player's decisions that win ``deal`` with the default settings (auto move
    and auto complete on), from the solver's solution; None when it finds none.

    Moves that auto move already made are skipped; if the session's automatic moves
    make the rest of a solution inapplicable, the solver runs again from there.
    """
    from cloverleaf.solver import Verdict, solve

    session = Session.new(game, deal, Settings())
    decisions: list[tuple[str, Dest]] = []
    for _ in range(20):
        if session.won:
            return decisions
        result = solve(session.rules, session.position, budget)
        if result.verdict is not Verdict.SOLVED:
            return None
        progressed = False
        for move in result.solution:
            if session.won:
                break
            if move.is_redeal:
                session.play(REDEAL)
                decisions.append(("redeal", "redeal"))
                progressed = True
                continue
            legal = destinations(session.rules, session.position).get(move.card, [])
            if move.dest not in legal:
                if move.dest == FOUNDATION and session.position.find(move.card) is None:
                    continue  # auto move already played it
                break  # the session's auto moves changed the position: solve again
            session.play(move_to(session.rules, session.position, move.card, move.dest))  # a draw, where it is one
            decisions.append((card_str(move.card), to_json(move.dest)))
            progressed = True
        if not progressed:
            return None
    return decisions if session.won else None


@functools.cache
def winnable_deal(game: str = "clover-leaf") -> tuple[str, tuple[tuple[str, Dest], ...]]:
    """A deal the solver wins, with the player's decisions that win it."""
    for number in range(1, 40):
        decisions = winning_decisions(game, str(number))
        if decisions is not None:
            return str(number), tuple(decisions)
    raise AssertionError("the solver won none of the first deals")


def _hint(session: Session) -> str:
    """The hint's verdict for the session's position (the game as the page plays it)."""
    from cloverleaf.solver.jobs import hint

    return hint(session.rules, session.history(), forced_autoplay=session.settings.auto_move).verdict.value


@functools.cache
def lost_after_one_move(game: str = "clover-leaf") -> tuple[str, str, Dest]:
    """(deal, card, to): a winnable deal that this first move loses (not stuck yet)."""
    for number in range(1, 40):
        if _hint(Session.new(game, number, Settings())) != "solved":
            continue
        opening = Session.new(game, number, Settings())
        for card, dests in destinations(opening.rules, opening.position).items():
            for dest in dests:
                session = Session.new(game, number, Settings())
                session.play(Move(card, dest))
                if not session.stuck and _hint(session) == "lost":
                    return str(number), card_str(card), to_json(dest)
    raise AssertionError("no deal found that one move loses")


@functools.cache
def foundation_card_back(game: str = "clover-leaf-warfield") -> tuple[str, str, int]:
    """(deal, card, fan): at the opening, ``card`` may leave its foundation for ``fan``."""
    for number in range(1, 200):
        opening = state(game, str(number))
        tops = {foundation["top"] for foundation in opening["foundations"] if foundation["top"]}
        for card, dests in opening["movable"].items():
            fans = [d for d in dests if d != "F"]
            if card in tops and fans:
                return str(number), card, int(fans[0])
    raise AssertionError("no deal with a foundation card that may go back")


def _fan_lengths(position: Any) -> tuple[int, ...]:
    return tuple(sorted((len(fan) for fan in position.fans), reverse=True))


@functools.cache
def long_fans(
    game: str, deals: int = 5, width: int = 12, depth: int = 45
) -> tuple[str, tuple[tuple[str, int, str], ...]]:
    """(deal, steps): moves from fan to fan that build the longest fans a small beam
    search finds among the first ``deals`` deals, with the default settings (auto
    move takes what is safe to the foundations, as the page does).

    Each step is (card, fan it goes to, "click" or "drag"): "click" when a click on
    the card plays it there, so the page can be driven the quicker way. The steps
    stop at the first position where the longest fan (then the second longest, then
    the sum of squares of the lengths) was best, so the plan is as short as it gets.
    """
    rules = find_game(game)
    best: tuple[tuple[int, int, int], str, tuple[Move, ...]] | None = None
    for number in range(1, deals + 1):
        opening = Session.new(game, number, Settings())
        seen = {opening.position.fans}
        beam: list[tuple[Any, tuple[Move, ...]]] = [(opening.position, ())]
        for _ in range(depth):
            children = []
            for position, moves in beam:
                for card, dests in destinations(rules, position).items():
                    for dest in dests:
                        if dest in (FOUNDATION, CELL):
                            continue
                        move = move_to(rules, position, card, dest)  # a draw, where it is one
                        session = Session.from_position(rules, position, Settings())
                        session.play(move)
                        after = session.position
                        if after.fans in seen:
                            continue
                        seen.add(after.fans)
                        lengths = _fan_lengths(after)
                        score = (lengths[0], lengths[1], sum(n * n for n in lengths))
                        children.append((score, after, (*moves, move)))
            if not children:
                break
            children.sort(key=lambda child: child[0], reverse=True)
            beam = [(position, moves) for _, position, moves in children[:width]]
            top = children[0]
            if best is None or top[0] > best[0] or (top[0] == best[0] and len(top[2]) < len(best[2])):
                best = (top[0], str(number), top[2])
    if best is None or not best[2]:
        return "1", ()
    _, deal, moves = best
    session = Session.new(game, deal, Settings())
    steps = []
    for move in moves:
        how = "click" if session.click_target(move.card) == move.dest else "drag"
        steps.append((card_str(move.card), move.dest + 1, how))
        session.play(move)
    return deal, tuple(steps)


@functools.cache
def five_card_fan(game: str = "trefoil", deal: str = "5") -> tuple[tuple[str, Dest], ...]:
    """The decisions the hints give from the deal's start up to the first table with a
    fan of five cards (no redeal among them)."""
    from cloverleaf.solver.jobs import hint

    session = Session.new(game, int(deal), Settings())
    decisions: list[tuple[str, Dest]] = []
    while max(len(fan) for fan in session.position.fans) < 5:
        result = hint(session.rules, session.history(), forced_autoplay=True)
        assert result.solution and not result.back, (game, deal, decisions)
        move = result.solution[0]
        assert move.dest != REDEAL, (game, deal, decisions)
        session.play(move)
        decisions.append((card_str(move.card), to_json(move.dest)))
    return tuple(decisions)
