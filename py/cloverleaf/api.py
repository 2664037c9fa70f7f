"""The small JSON API the web page calls (through the Web Worker).

One entry point, :func:`call`, takes a method name and JSON parameters and returns
JSON: ``{"ok": result}`` or ``{"error": {"type": ..., "message": ...}}``. It never
raises, so a Python traceback can never reach a player: bad input becomes
``InvalidInput``, a forbidden move ``IllegalMove``, and anything unexpected
``Internal`` with a one-line message (the details go to the console log).

The worker holds one game at a time, so the session lives in this module. Long
searches are *jobs*: started once, then stepped a slice of nodes at a time, so
the worker can answer moves between slices and cancel a search at once.
"""

from __future__ import annotations

import datetime
import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

from . import __version__
from .cards import SUIT_LETTERS, card_str, parse_card
from .deals import parse_deal_number
from .engine import can_redeal, destinations, foundation_top
from .errors import IllegalMoveError, InvalidInputError
from .games import CATALOGUE, DEFAULT_GAME, find_game
from .position import FOUNDATION, Move
from .session import Session
from .solver.jobs import DailyDeal, Hint, NextSolvableDeal
from .stats import Stats
from .stats import load as load_stats

Json = Any

_session: Session | None = None
_jobs: dict[int, Hint | NextSolvableDeal] = {}
_next_job = 1


def _current() -> Session:
    global _session
    if _session is None:
        _session = Session.new(DEFAULT_GAME.id)
    return _session


def _dest_json(dest: int) -> str | int:
    return "F" if dest == FOUNDATION else dest + 1


def _parse_dest(value: Json, fan_count: int) -> int:
    if isinstance(value, str) and value.strip().upper() == "F":
        return FOUNDATION
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= fan_count:
        return value - 1
    raise InvalidInputError(f"bad destination {value!r}: use \"F\" or a fan number from 1 to {fan_count}")


def state() -> dict[str, Json]:
    """Everything the page draws, as plain JSON."""
    session = _current()
    rules, position = session.rules, session.position
    movable = destinations(rules, position)
    click: dict[str, Json] = {}
    for card in movable:
        target = session.click_target(card)
        if target is not None:
            click[card_str(card)] = _dest_json(target)
    foundations = []
    for suit in range(4):
        top = foundation_top(rules, position, suit)
        foundations.append({
            "suit": SUIT_LETTERS[suit],
            "top": card_str(top) if top is not None else None,
            "count": position.foundations[suit],
            "up": rules.foundation_up[suit],
        })
    settings = session.settings
    return {
        "game": rules.id,
        "gameName": rules.name,
        "deal": str(session.deal_number) if session.deal_number is not None else None,
        "fans": [[card_str(card) for card in fan] for fan in position.fans],
        "foundations": foundations,
        "movable": {card_str(card): [_dest_json(d) for d in dests] for card, dests in movable.items()},
        "click": click,
        "redealsLeft": position.redeals_left,
        "canRedeal": can_redeal(position),
        "won": session.won,
        "stuck": session.stuck,
        "canUndo": session.can_undo,
        "canRedo": session.can_redo,
        "moves": session.decisions,
        "settings": {
            "clickToPlay": settings.click_to_play,
            "autoMove": settings.auto_move,
            "autoComplete": settings.auto_complete,
        },
        "lastMoves": [str(move) for move in session.last_moves],
    }


def _games(_: dict[str, Json]) -> Json:
    return [
        {
            "id": rules.id,
            "name": rules.name,
            "summary": rules.summary,
            "fans": rules.fan_count,
            "redeals": rules.redeals,
        }
        for rules in CATALOGUE
    ]


def _new(params: dict[str, Json]) -> Json:
    global _session
    game = str(params.get("game") or DEFAULT_GAME.id)
    number = params.get("deal")
    settings = _session.settings if _session is not None else None
    _session = Session.new(game, None if number in (None, "") else str(number), settings)
    return state()


def _play(params: dict[str, Json]) -> Json:
    session = _current()
    card = parse_card(str(params.get("card", "")))
    dest = _parse_dest(params.get("to"), len(session.position.fans))
    session.play(Move(card, dest))
    return state()


def _click(params: dict[str, Json]) -> Json:
    _current().click(parse_card(str(params.get("card", ""))))
    return state()


def _simple(action: Callable[[Session], object]) -> Callable[[dict[str, Json]], Json]:
    def method(_: dict[str, Json]) -> Json:
        action(_current())
        return state()

    return method


_SETTING_NAMES = {"clickToPlay": "click_to_play", "autoMove": "auto_move", "autoComplete": "auto_complete"}


def _settings(params: dict[str, Json]) -> Json:
    changes = {}
    for key, value in params.items():
        if key not in _SETTING_NAMES or not isinstance(value, bool):
            raise InvalidInputError(f"bad setting {key!r}={value!r}")
        changes[_SETTING_NAMES[key]] = value
    _current().change_settings(**changes)
    return state()


def _save(_: dict[str, Json]) -> Json:
    return _current().save()


def _restore(params: dict[str, Json]) -> Json:
    global _session
    _session = Session.restore(str(params.get("save", "")))
    return state()


def _stats_reply(stats: Stats, game: str) -> Json:
    return {"stats": stats.dumps(), "summary": stats.summary(game)}


def _stats_summary(params: dict[str, Json]) -> Json:
    """{stats: saved text or null, game} -> {stats, summary}."""
    return _stats_reply(load_stats(params.get("stats")), str(params.get("game") or DEFAULT_GAME.id))


def _stats_record(params: dict[str, Json]) -> Json:
    """{stats, game, won, moves, seconds, solvable?, daily?: "YYYY-MM-DD"} -> {stats, summary}."""
    game = str(params.get("game") or DEFAULT_GAME.id)
    won, moves, seconds = params.get("won"), params.get("moves"), params.get("seconds")
    if not isinstance(won, bool) or not isinstance(moves, int) or not isinstance(seconds, (int, float)):
        raise InvalidInputError("a result needs won (true/false), moves and seconds")
    daily = params.get("daily")
    stats = load_stats(params.get("stats")).record(
        game, won, moves, float(seconds), bool(params.get("solvable")), None if daily is None else str(daily)
    )
    return _stats_reply(stats, game)


def _stats_reset(params: dict[str, Json]) -> Json:
    """{stats, game?} -> {stats, summary}: forgets one game (or every game when game is absent)."""
    game = params.get("game")
    stats = load_stats(params.get("stats")).reset(None if game is None else str(game))
    return _stats_reply(stats, str(game or DEFAULT_GAME.id))


def _job_start(params: dict[str, Json]) -> Json:
    """{kind: "hint"} | {kind: "solvable", game, start} | {kind: "daily", game, date} -> {job}."""
    global _next_job
    kind = params.get("kind")
    job: Hint | NextSolvableDeal
    if kind == "hint":
        session = _current()
        job = Hint(session.rules, session.history())
    elif kind == "solvable":
        rules = find_game(str(params.get("game") or DEFAULT_GAME.id))
        job = NextSolvableDeal(rules, parse_deal_number(str(params.get("start", "1"))))
    elif kind == "daily":
        rules = find_game(str(params.get("game") or DEFAULT_GAME.id))
        job = DailyDeal(rules, _parse_date(params.get("date")))
    else:
        raise InvalidInputError(f"unknown job kind {kind!r} (hint, solvable or daily)")
    number, _next_job = _next_job, _next_job + 1
    _jobs[number] = job
    return {"job": number}


def _parse_date(value: Json) -> datetime.date:
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        raise InvalidInputError(f"bad date {str(value)[:20]!r}: write YYYY-MM-DD") from None


def _job(params: dict[str, Json]) -> Hint | NextSolvableDeal:
    job = _jobs.get(params.get("job"))  # type: ignore[arg-type]
    if job is None:
        raise InvalidInputError(f"no job {params.get('job')!r} (finished or cancelled)")
    return job


def _job_step(params: dict[str, Json]) -> Json:
    """{job, nodes} -> {done: false} or {done: true, result}; a finished job is forgotten."""
    job = _job(params)
    nodes = params.get("nodes", 5000)
    if not isinstance(nodes, int) or isinstance(nodes, bool) or not 1 <= nodes <= 10_000_000:
        raise InvalidInputError(f"bad node count {nodes!r}")
    result = job.step(nodes)
    if result is None:
        return {"done": False}
    del _jobs[params["job"]]
    if "deal" in result:  # deal numbers travel as strings: they outgrow JavaScript numbers
        result = {**result, "deal": str(result["deal"])}
    return {"done": True, "result": result}


def _job_cancel(params: dict[str, Json]) -> Json:
    _jobs.pop(params.get("job"), None)  # type: ignore[arg-type]
    return None


def _version(_: dict[str, Json]) -> Json:
    return __version__


METHODS: dict[str, Callable[[dict[str, Json]], Json]] = {
    "games": _games,
    "version": _version,
    "new": _new,
    "state": lambda _: state(),
    "play": _play,
    "click": _click,
    "undo": _simple(Session.undo),
    "redo": _simple(Session.redo),
    "restart": _simple(Session.restart),
    "redeal": _simple(Session.redeal),
    "settings": _settings,
    "save": _save,
    "restore": _restore,
    "job_start": _job_start,
    "job_step": _job_step,
    "job_cancel": _job_cancel,
    "stats_summary": _stats_summary,
    "stats_record": _stats_record,
    "stats_reset": _stats_reset,
}


def call(method: str, params_json: str = "{}") -> str:
    """Run one request of the page; always returns a JSON string."""
    try:
        params = json.loads(params_json or "{}")
        if not isinstance(params, dict):
            raise InvalidInputError("parameters must be a JSON object")
        handler = METHODS.get(method)
        if handler is None:
            raise InvalidInputError(f"unknown method {method!r}")
        return json.dumps({"ok": handler(params)}, separators=(",", ":"))
    except IllegalMoveError as error:
        return _error("IllegalMove", str(error))
    except (InvalidInputError, json.JSONDecodeError) as error:
        return _error("InvalidInput", str(error))
    except Exception as error:  # the page must never see a traceback
        traceback.print_exc(file=sys.stderr)
        return _error("Internal", f"internal error in {method}: {type(error).__name__}")


def _error(kind: str, message: str) -> str:
    return json.dumps({"error": {"type": kind, "message": message}}, separators=(",", ":"))
