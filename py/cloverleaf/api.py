"""The page's API: the methods the page calls through its Web Worker, and their JSON.

One entry point, :func:`call`, takes a method name and JSON parameters and
returns JSON: ``{"ok": result}`` or ``{"error": {"type", "message", ...}}``. It
never raises, so a Python traceback can never reach a player: bad input
becomes ``InvalidInput``, a move that is not allowed ``IllegalMove`` (with a
``reason`` the page puts in the player's words), anything unexpected
``Internal`` with a one-line message (the details go to the console log).

Every method is declared once, in :data:`METHODS`, with the names of the
parameters it takes; ``docs/protocol.md`` describes each, and
``web/js/engine/protocol.js`` mirrors the table for the page (a test checks that the
two agree). A method that changes the game answers with the whole table,
``{"state": ..., "save": ..., "count": ...}``: what to draw, what to keep, and
the finished game to count, in one round trip. This module only reads
parameters and writes answers: the game is the session's (``session.py``),
help its coach's (``coach.py``), what this visit knows of deals the memory's
(``deal_memory.py``), the statistics ``stats_requests.py``'s.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import __version__, stats_requests
from . import params as read
from .coach import HelpJob
from .counting import Result
from .deal_memory import DealMemory
from .deals import parse_deal_number
from .engine import move_to
from .errors import IllegalMoveError, InvalidInputError
from .games import DEFAULT_GAME, find_game
from .inputs import json_int, parse_iso_date, parse_json, quote
from .job_registry import BackgroundWork, JobRegistry, finished, job_number
from .move_json import move_json, parse_dest, reported_move_json
from .rules import Rules
from .save_format import MAX_PLAYED_MS, MAX_SAVE_BYTES
from .session import SETTING_NAMES, Session, Settings, random_deal_number
from .solver.difficulty import DealDifficulty
from .solver.jobs import DailyDeal, NextSolvableDeal
from .state_json import catalogue_json, state_json

Json = Any
Params = dict[str, Json]

MAX_JOB_NODES = 10_000_000  # nodes one job_step may search: a bound, not a budget
MAX_UNDO = 10_000  # decisions one undo or redo may take back or replay


class Api:
    """One game in progress (a :class:`Session`), what this visit knows of deals, the running jobs.

    The worker holds one of these for its lifetime (the module's :func:`call`
    uses a shared one); tests make their own, with their own clock (``now``).
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.memory = DealMemory()
        self.jobs = JobRegistry()
        self.visible = True  # the page is on screen (it reports when it is hidden)
        self._session: Session | None = None

    @property
    def session(self) -> Session:
        if self._session is None:
            self.adopt(Session.new(DEFAULT_GAME.id))
        assert self._session is not None
        return self._session

    def adopt(self, session: Session) -> Session:
        """Make ``session`` the game in progress, sharing this visit's memory, clock and visibility."""
        session.clock.read_from(self.now)
        session.coach.memory = self.memory
        session.visible = self.visible
        session.follow_clock()
        self._session = session
        return session

    def call(self, method: str, params_json: str = "{}") -> str:
        """Run one request; always returns a JSON string (see the module's docstring)."""
        try:
            params = parse_json(
                params_json or "{}",
                what="the parameter object",
                max_bytes=read.MAX_PARAMETER_BYTES,
                max_depth=read.MAX_PARAMETER_DEPTH,
            )
            if not isinstance(params, dict):
                raise InvalidInputError("parameters must be a JSON object")
            entry = METHODS.get(method) if isinstance(method, str) else None
            if entry is None:
                raise InvalidInputError(f"unknown method {quote(method)}")
            unknown = sorted(set(params) - set(entry.params))
            if unknown:
                raise InvalidInputError(f"{method} takes no parameter {quote(unknown[0])}")
            result = entry.handler(self, params)
            return json.dumps({"ok": result}, separators=(",", ":"), allow_nan=False)
        except IllegalMoveError as error:
            return _error("IllegalMove", str(error), error.reason)
        except InvalidInputError as error:
            return _error("InvalidInput", str(error))
        except Exception as error:  # the page must never see a traceback
            traceback.print_exc(file=sys.stderr)
            return _error("Internal", f"internal error in {quote(method)}: {type(error).__name__}")

    def table(self, left: Result | None = None) -> dict[str, Json]:
        """The reply of every method that changes the game: what to draw, what to keep,
        and the result to count (``left``: the game a new deal left), or null."""
        session = self.session
        result = session.take_result() or left
        count = dataclasses.asdict(result) if result is not None else None
        return {"state": self.state(), "save": session.save(), "count": count}

    def state(self) -> dict[str, Json]:
        """Everything the page draws (state_json.py)."""
        return state_json(self.session, self.memory)

    def finish(self, job: object, result: dict[str, Json]) -> dict[str, Json]:
        """A finished job's result as the page reads it (job_registry.finished)."""
        return finished(job, result, self.memory, self._session, self.table)

    def hint_job(self, kind: str) -> HelpJob:
        """A hint, check or solution job for the game on the table (coach.Coach.job)."""
        session = self.session
        job = session.coach.job(kind)
        job.is_current = lambda: self._session is session
        return job

    def work_job(self) -> BackgroundWork:
        """The background search the coach wants now (coach.Coach.work)."""
        session = self.session
        work = session.coach.work()
        if isinstance(work, HelpJob):
            work.is_current = lambda: self._session is session
        return BackgroundWork(work)


def _error(kind: str, message: str, reason: str | None = None) -> str:
    error: dict[str, str] = {"type": kind, "message": message}
    if reason is not None:
        error["reason"] = reason
    return json.dumps({"error": error}, separators=(",", ":"))


# -- the methods ----------------------------------------------------------------------------


def _new(api: Api, params: Params) -> Json:
    """Deal a game; the game left counts as the session decides (a loss after a move).

    ``opening`` says how the page came by the deal: ``random`` (no deal given),
    ``link`` (a deal given, the default), ``bank`` (the build's proved deals),
    ``solvable`` or ``daily`` (a walk of this API found it: a deal the walks did
    not find opens as ``link``, or is refused as the deal of the day).
    """
    game = find_game(read.string(params, "game", DEFAULT_GAME.id))
    number = None if params.get("deal") is None else parse_deal_number(read.string(params, "deal", limit=40))
    opening, daily = api.memory.opening(
        (game.id, number), read.string(params, "opening", "random" if number is None else "link")
    )
    settings = api._session.settings if api._session is not None else Settings()
    left = api._session.leave() if api._session is not None else None
    session = api.adopt(Session.new(game.id, number, settings, opening, daily))
    if number is not None and api.memory.proved_winnable((game.id, number)):
        session.proved()
    return api.table(left)


def _link(api: Api, params: Params) -> Json:
    """The game and deal a link names, read as ``new`` reads them but not dealt (the page asks first)."""
    game = find_game(read.string(params, "game"))
    return {"game": game.id, "deal": str(parse_deal_number(read.string(params, "deal", limit=40)))}


def _restore(api: Api, params: Params) -> Json:
    """A saved game; ``played``: the time a save written before saves kept it was played, in milliseconds."""
    played = json_int(params["played"], what="played", low=0, high=MAX_PLAYED_MS) if "played" in params else 0
    api.adopt(Session.restore(read.string(params, "save", limit=MAX_SAVE_BYTES), played))
    return api.table()


def _play(api: Api, params: Params) -> Json:
    session = api.session
    if params.get("to") == "redeal":
        session.redeal()
    else:
        dest = parse_dest(params.get("to"), len(session.position.fans))
        session.play(move_to(session.rules, session.position, read.card(params), dest))
    return api.table()


def _repeat(api: Api, action: Callable[[], object], available: int, params: Params) -> Json:
    """Run ``action`` ``count`` times, or as often as ``available`` allows; once when
    nothing is available, so that the session says why (nothing to undo, to redo)."""
    for _ in range(max(1, min(read.count(params, "count", 1, MAX_UNDO), available))):
        action()
    return api.table()


def _undo(api: Api, params: Params) -> Json:
    api.session.undone = []  # the decisions this undo takes back (State.undone)
    return _repeat(api, api.session.undo, len(api.session.groups), params)


def _redo(api: Api, params: Params) -> Json:
    return _repeat(api, api.session.redo, len(api.session.redo_groups), params)


def _settings(api: Api, params: Params) -> Json:
    api.session.change_settings(**{SETTING_NAMES[key]: read.flag(params, key) for key in params})
    return api.table()


def _visible(api: Api, params: Params) -> Json:
    """The page is shown or hidden: the clock holds while it is hidden."""
    api.visible = read.flag(params, "visible", True)
    api.session.set_visible(api.visible)
    return api.table()


def _plan(api: Api, params: Params) -> Json:
    """The plan's decisions from here to the win (empty when no plan passes here)."""
    coach = api.session.coach
    steps = coach.plan_ahead(api.session.position) if coach.proven else []
    return {"moves": [reported_move_json(move, before) for move, before, _ in steps]}


DEAL_JOBS: dict[str, Callable[[Rules, Params], Any]] = {
    "solvable": lambda rules, params: NextSolvableDeal(
        rules,
        random_deal_number() if params.get("start") is None else parse_deal_number(read.string(params, "start")),
        level=read.level(params),
    ),
    "daily": lambda rules, params: DailyDeal(rules, parse_iso_date(params.get("date"))),
    "difficulty": lambda rules, params: DealDifficulty(rules, parse_deal_number(read.string(params, "deal", limit=40))),
}
"""The jobs that search deals of a game (``game``), not the game on the table: each built from its parameters."""


def _job_start(api: Api, params: Params) -> Json:
    kind = params.get("kind")
    job: Any
    if kind in ("hint", "check", "solution"):
        job = api.hint_job(kind)
    elif kind == "work":
        job = api.work_job()
    elif isinstance(kind, str) and kind in DEAL_JOBS:
        job = DEAL_JOBS[kind](find_game(read.string(params, "game", DEFAULT_GAME.id)), params)
    else:
        raise InvalidInputError(f"unknown job kind {quote(kind)} (hint, check, solution, work, {', '.join(DEAL_JOBS)})")
    return {"job": api.jobs.start(job)}


def _job_step(api: Api, params: Params) -> Json:
    number, job = api.jobs.get(params.get("job"))
    result = job.step(read.count(params, "nodes", 5000, MAX_JOB_NODES))
    if result is None:
        return {"done": False}
    api.jobs.forget(number)
    return {"done": True, "result": api.finish(job, result)}


def _job_cancel(api: Api, params: Params) -> Json:
    """Forgets the job; a job that has finished or was cancelled already is no error."""
    api.jobs.forget(job_number(params.get("job")))
    return None


@dataclass(frozen=True)
class Method:
    """One method of the API: its handler and the names of the parameters it takes."""

    handler: Callable[[Api, Params], Json]
    params: tuple[str, ...] = ()


def _session_change(change: Callable[[Session], object]) -> Callable[[Api, Params], Json]:
    """A method that changes the game and takes no parameter: the change, then the table."""

    def handler(api: Api, params: Params) -> Json:
        change(api.session)
        return api.table()

    return handler


def _why_stuck(api: Api, params: Params) -> Json:
    """Why a card cannot move, as the refusal a click on it gets; nothing is played."""
    raise api.session.why_stuck(read.card(params))


def _click(api: Api, params: Params) -> Json:
    api.session.click(read.card(params))
    return api.table()


METHODS: dict[str, Method] = {
    "games": Method(lambda api, params: catalogue_json()),
    "version": Method(lambda api, params: __version__),
    "new": Method(_new, ("game", "deal", "opening")),
    "link": Method(_link, ("game", "deal")),
    "restore": Method(_restore, ("save", "played")),
    "state": Method(lambda api, params: api.table()),
    "play": Method(_play, ("card", "to")),
    "click": Method(_click, ("card",)),
    "whyStuck": Method(_why_stuck, ("card",)),
    "undo": Method(_undo, ("count",)),
    "redo": Method(_redo, ("count",)),
    "restart": Method(_session_change(Session.restart)),
    "redeal": Method(_session_change(Session.redeal)),
    "settings": Method(_settings, tuple(SETTING_NAMES)),
    "visible": Method(_visible, ("visible",)),
    "solutionStop": Method(_session_change(lambda session: session.coach.stop_solution())),
    "plan": Method(_plan),
    "statsSummary": Method(lambda api, params: stats_requests.summary(params), ("stats", "game")),
    "statsRecord": Method(
        lambda api, params: stats_requests.record(params),
        ("stats", "game", "won", "moves", "seconds", "solvable", "daily", "hints"),
    ),
    "statsReset": Method(lambda api, params: stats_requests.reset(params), ("stats", "game")),
    "jobStart": Method(_job_start, ("kind", "game", "start", "date", "level", "deal")),
    "jobStep": Method(_job_step, ("job", "nodes")),
    "jobCancel": Method(_job_cancel, ("job",)),
}

_SHARED = Api()


def call(method: str, params_json: str = "{}") -> str:
    """Run one request on the worker's shared :class:`Api`; always returns a JSON string."""
    return _SHARED.call(method, params_json)


__all__ = ["METHODS", "Api", "Method", "call", "move_json"]
