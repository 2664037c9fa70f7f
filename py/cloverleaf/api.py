"""The page's API: one game in progress, the searches running for it, and the
methods the page calls through its Web Worker.

One entry point, :func:`call`, takes a method name and JSON parameters and
returns JSON: ``{"ok": result}`` or ``{"error": {"type", "message", ...}}``. It
never raises, so a Python traceback can never reach a player: bad input
becomes ``InvalidInput``, a move that is not allowed ``IllegalMove`` (with a
``reason`` the page puts in the player's words), anything unexpected
``Internal`` with a one-line message (the details go to the console log).

Every method is declared once, in :data:`METHODS`, with the names of the
parameters it takes; ``docs/protocol.md`` describes each, and
``web/js/engine/protocol.js`` mirrors the table for the page (a test checks that the
two agree). Moves travel as ``{"card": "8H", "to": "F" | 3}`` (fans numbered
from 1) or ``{"to": "redeal"}``. A method that changes the game answers with
the whole table, ``{"state": ..., "save": ...}``: what to draw and what to
keep, in one round trip. The table also says what the change was, whether a
game is in progress, every reported move's card ``onto``, and, when the change
finished a game that counts in the statistics, that result (``count``): the
page only stores it (``counting.py`` has the rules).

Long searches are *jobs*: started once, then stepped a slice of nodes at a
time, so the worker can answer moves between slices and cancel a search at
once.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import __version__
from .cards import SUIT_LETTERS, card_str, parse_card
from .counting import Result
from .deals import parse_deal_number
from .engine import apply_move, can_redeal, destinations, foundation_top
from .errors import IllegalMoveError, InvalidInputError
from .games import CATALOGUE, DEFAULT_GAME, find_game
from .inputs import json_int, parse_iso_date, parse_json, parse_whole_number, quote
from .notation import parse_move
from .position import FOUNDATION, Move, Position
from .session import MAX_SAVE_BYTES, SETTING_NAMES, Session, Settings, random_deal_number
from .solver import Verdict
from .solver.difficulty import DealDifficulty, Level
from .solver.jobs import DailyDeal, Hint, HintResult, NextSolvableDeal
from .solver.redeals import redeal_reason, unproved_redeal
from .solver.why import why_lost
from .stats import Stats
from .stats import load as load_stats

Json = Any
Params = dict[str, Json]

MAX_JOB_NODES = 10_000_000  # nodes one job_step may search: a bound, not a budget
MAX_UNDO = 10_000  # decisions one undo or redo may take back or replay
MAX_PARAMETER_BYTES = 4 * MAX_SAVE_BYTES
"""The largest parameter text read, in bytes: room for the largest save, escaped as a JSON string."""
MAX_PARAMETER_DEPTH = 2
"""Parameters are one object of plain values: a list or object inside is refused by the parameter's own parser."""


# -- moves and parameters as JSON -------------------------------------------------------


def move_json(move: Move) -> dict[str, Json]:
    """``{"card": "8H", "to": "F" | fan number}``, or ``{"to": "redeal"}``."""
    if move.is_redeal:
        return {"to": "redeal"}
    return {"card": card_str(move.card), "to": _dest_json(move.dest)}


def reported_move_json(move: Move, before: Position) -> dict[str, Json]:
    """A move as :func:`move_json` writes it, with the card it goes onto from ``before``
    (``onto``: null for a foundation, an empty fan or a redeal)."""
    onto = None if move.is_redeal else _onto(before, move.dest)
    return {**move_json(move), "onto": onto}


def _onto(position: Position, dest: int) -> str | None:
    """The card a move to ``dest`` goes onto in ``position``: None for a foundation or an empty fan."""
    if dest == FOUNDATION or not position.fans[dest]:
        return None
    return card_str(position.fans[dest][-1])


def _dest_json(dest: int) -> str | int:
    return "F" if dest == FOUNDATION else dest + 1


def _dest(value: Json, fan_count: int) -> int:
    """A destination: "F" or a fan number from 1 to ``fan_count`` (an int, or ASCII digits)."""
    if value == "F":
        return FOUNDATION
    advice = f'use "F" or a fan number from 1 to {fan_count}'
    if isinstance(value, str):
        return parse_whole_number(value, what="destination", low=1, high=fan_count, hint=advice) - 1
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= fan_count:
        return value - 1
    raise InvalidInputError(f"bad destination {quote(value)}: {advice}")


def _string(params: Params, name: str, default: str | None = None, limit: int = 100) -> str:
    value = params.get(name, default)
    if not isinstance(value, str) or len(value) > limit:
        raise InvalidInputError(f"{name} must be a string of at most {limit} characters")
    return value


def _count(params: Params, name: str, default: int, maximum: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= maximum:
        raise InvalidInputError(f"{name} must be a whole number from 1 to {maximum}")
    return value


def _flag(params: Params, name: str) -> bool:
    value = params.get(name, False)
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be true or false")
    return value


# -- the API's object ---------------------------------------------------------------------


Job = NextSolvableDeal | DealDifficulty  # NextSolvableDeal's subclass DailyDeal too


@dataclass
class _HintJob:
    """A hint for the game in progress: the plan's next decision at once, else a search.

    ``kind``: ``hint``, shown to the player (a click on the hinted card then
    plays the hinted move; it counts as help); ``check``, a background check for
    a lost game, shown only when lost; ``solution``, the plan's moves to show
    from where every win passes (the solution shown: the game no longer counts).
    """

    api: Api
    session: Session
    search: Hint | None
    kind: str
    result: Json = None

    def __post_init__(self) -> None:
        self.start = self.session.position
        self.decisions = self.session.decisions

    @property
    def fresh(self) -> bool:
        """Whether the game is still where the hint was asked for."""
        session = self.session
        return session is self.api._session and session.position == self.start and session.decisions == self.decisions

    def step(self, nodes: int) -> Json:
        if self.result is None:
            found: HintResult | None = self.search.step(nodes) if self.search else None
            if self.search is None or found is not None:
                self.result = self.api.hint_reply(self, found)
        return self.result


class Api:
    """One game in progress (a :class:`Session`), its running jobs, and the methods.

    The worker holds one of these for its lifetime (the module's :func:`call`
    uses a shared one); tests make their own.
    """

    def __init__(self) -> None:
        self._session: Session | None = None
        self.jobs: dict[int, _HintJob | Job] = {}
        self.next_job = 1
        self._kept_hint: _HintJob | None = None  # the last hint, whose search the next may go on with
        # Every deal rated this visit (a deal-finding walk or a rating): (game, deal) -> its level, None
        # when not proved winnable; and the deals the walks found, with the date of a deal of the day.
        self.levels: dict[tuple[str, int], Level | None] = {}
        self.found: dict[tuple[str, int], str | None] = {}
        # The deals a rating proved lost from their start, and the solutions the walks and ratings found.
        self.lost: set[tuple[str, int]] = set()
        self.solutions: dict[tuple[str, int], tuple[Move, ...]] = {}
        self._pars: dict[tuple[str, int, Settings], int | None] = {}
        # The decisions the last undo took back, latest first, as reported moves (State.undone).
        self.undone: list[Json] = []

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session.new(DEFAULT_GAME.id)
        return self._session

    def call(self, method: str, params_json: str = "{}") -> str:
        """Run one request; always returns a JSON string (see the module's docstring)."""
        try:
            params = parse_json(
                params_json or "{}",
                what="the parameter object",
                max_bytes=MAX_PARAMETER_BYTES,
                max_depth=MAX_PARAMETER_DEPTH,
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

    # -- the table ----------------------------------------------------------------------

    def table(self, left: Result | None = None) -> dict[str, Json]:
        """The reply of every method that changes the game: what to draw, what to keep,
        and the result to count (``left``: the game a new deal left), or null.

        The last hint's search is let go here once the game has moved on: it
        can hold tens of megabytes.
        """
        if self._kept_hint is not None and not self._kept_hint.fresh:
            self._kept_hint = None
        session = self.session
        result = session.take_result() or left
        count = dataclasses.asdict(result) if result is not None else None
        return {"state": self.state(), "save": session.save(), "count": count}

    def state(self) -> dict[str, Json]:
        """Everything the page draws, as plain JSON (its shape: docs/protocol.md, State)."""
        session = self.session
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
        record = session.record
        rated = session.deal_number is not None and (rules.id, session.deal_number) in self.levels
        level = self.levels.get((rules.id, session.deal_number)) if session.deal_number is not None else None
        last_moves = []
        before = session.last_from
        for move in session.last_moves:
            last_moves.append(reported_move_json(move, before))
            before = apply_move(rules, before, move)
        return {
            "game": rules.id,
            "gameName": rules.name,
            "deal": str(session.deal_number) if session.deal_number is not None else None,
            "fans": [[card_str(card) for card in fan] for fan in position.fans],
            "foundations": foundations,
            "movable": {card_str(card): [_dest_json(d) for d in dests] for card, dests in movable.items()},
            "onto": {card_str(card): [_onto(position, d) for d in dests] for card, dests in movable.items()},
            "click": click,
            "redealsLeft": position.redeals_left,
            "canRedeal": can_redeal(position),
            "won": session.won,
            "stuck": session.stuck,
            "canUndo": session.can_undo,
            "canRedo": session.can_redo,
            "moves": session.decisions,
            "settings": {name: getattr(settings, field) for name, field in SETTING_NAMES.items()},
            "lastMoves": last_moves,
            "undone": list(self.undone) if session.change == "undo" else [],
            "change": session.change,
            "inProgress": session.in_progress,
            "finished": session.won or session.stuck,
            "opening": record.opening,
            "daily": record.daily,
            "hints": record.hints,
            "solutionShown": record.shown,
            "level": level.value if level is not None else None,
            "rated": rated,
            "lostFromStart": session.deal_number is not None and (rules.id, session.deal_number) in self.lost,
            "par": self.par(session),
        }

    def par(self, session: Session) -> int | None:
        """The decisions the solver's plan for this deal takes, counted as ``state.moves`` counts them.

        The plan is the solution a walk or a rating found from the deal's start,
        played with the player's settings (auto move makes some of its moves for
        the player); None when no solution of the deal is known this visit, or
        when it does not play to a win with these settings.
        """
        if session.deal_number is None:
            return None
        key = (session.rules.id, session.deal_number)
        solution = self.solutions.get(key)
        if solution is None:
            return None
        cached = (*key, session.settings)
        if cached not in self._pars:
            replay = Session(session.rules, session.start, session.deal_number, session.settings)
            self._pars[cached] = len(replay.plan) if replay.follow(solution) else None
        return self._pars[cached]

    # -- hints --------------------------------------------------------------------------

    def hint_job(self, kind: str) -> _HintJob:
        """The plan's next decision when the game is on it, else a search (see Hint).

        A plan's redeal where a card could move instead is no hint (nor the
        solution shown) until a search has proved it needed (solver.redeals);
        a background check, which only looks for a loss, takes the plan as it is.

        Asked again where the last hint's search ran out of budget, the same
        search goes on (:meth:`Hint.search_on`) rather than start again and
        fail again: the search is deterministic. That search is kept until the
        game moves on (see :meth:`table`).
        """
        session = self.session
        planned = session.hint_move()
        on_plan = planned is not None and (
            kind == "check" or not unproved_redeal(session.rules, session.position, planned)
        )
        if session.won or on_plan:
            return _HintJob(self, session, None, kind)
        auto_move = session.settings.auto_move
        kept = self._kept_hint
        if kept is not None and kept.fresh and kept.search is not None and kept.search.forced_autoplay == auto_move:
            search = kept.search
            search.search_on()
        else:
            search = Hint(session.rules, session.history(), forced_autoplay=auto_move)
        self._kept_hint = _HintJob(self, session, search, kind)
        return self._kept_hint

    def hint_reply(self, job: _HintJob, found: HintResult | None) -> dict[str, Json]:
        """A hint's result as JSON; a solution found becomes the session's plan.

        ``found`` is None when the plan already passes here (or the game is
        won). A result that arrives after the game moved on changes nothing
        and suggests no move. A hint that suggests something counts as help, a
        solution given shows the game's solution (counting.Record); ``save`` is
        the game's save after that (null when the game moved on). Where the
        search ran out of budget, the move is the first of its most promising
        line (``likely``), which does not become the plan: it is not proven,
        and the next hint searches on (solver.likely). The page lets a check
        search on behind a likely hint; when it finds a win, its move is the
        hint on show (a click plays it), and the page says so.
        """
        session = job.session
        verdict, back, undo, earlier, nodes = Verdict.SOLVED, 0, None, None, 0
        if found is not None:
            verdict, back, undo, earlier, nodes = found.verdict, found.back, found.undo, found.earlier, found.nodes
        likely = found is not None and bool(found.likely)
        move = None
        line: list[tuple[Move, Position, Position]] = []
        if job.fresh:
            if found is not None and verdict is Verdict.SOLVED:
                session.follow(found.solution, back)
            if found is not None and likely:
                line = session.decisions_along(found.likely, back)
                move = line[0][0] if line and back == 0 else None
            else:
                move = session.hint_move() if back == 0 else None
            if job.kind == "hint" and move is not None:
                session.hinted, session.likely = session.position, move if likely else None
            elif job.kind == "check" and move is not None and not likely and session.hinted == session.position:
                session.likely = None  # the likely hint on show is proven or replaced: a click plays the plan's move
            if job.kind == "hint" and (move is not None or back > 0):
                session.helped(hint=True)
        needed = found is not None and found.redeal_needed
        reply: dict[str, Json] = {
            "verdict": verdict.value,
            "move": reported_move_json(move, session.position) if move else None,
            "back": back,
            "undo": undo,
            "earlier": earlier.value if earlier else None,
            "lostMove": None,
            "why": None,
            "nodes": nodes,
            "more": job.search is not None and job.search.can_search_on,
            "likely": bool(line),
            "redeal": redeal_reason(session.rules, session.position, move, needed) if job.fresh else None,
        }
        if job.fresh and verdict is Verdict.LOST and undo is not None and undo <= len(session.groups):
            number = len(session.groups) - undo  # the decision made at the last winnable position
            reply["lostMove"] = _decision_json(session, number)
        if job.fresh and verdict is Verdict.LOST and job.search is not None:
            reply["why"] = why_lost(session.rules, session.position, job.search.lost_proof)
        if job.kind == "solution":
            _solution_moves(reply, job, verdict, back, line)
        reply["save"] = session.save() if job.fresh else None
        return reply

    def plan_from_rating(self, rating: DealDifficulty) -> None:
        """Make the solution a deal's rating found the plan of the game in progress, if it is that deal's.

        The page rates every new deal in the background, and the rating's
        search wins most deals from their start: with its solution as the
        plan, the first hints along it are answered at once instead of by a
        new search (a few thousand nodes at a Shamrocks deal's start, seconds
        on a phone). Only for the deal and game rated, with auto move on (the
        rating searches with it forced on), and only where no hint has made a
        plan yet. A player who has left the solution's line meanwhile is not
        on the plan, and the next hint searches as before. A solution that
        redeals first where a card could move (Trefoil, La Belle Lucie) is the
        plan too, but its redeal is no hint: the hint searches first for a win
        without it (:meth:`hint_job`).
        """
        session = self._session
        if (
            session is None
            or not rating.solution
            or session.plan
            or session.rules != rating.rules
            or session.deal_number != rating.number
            or not session.settings.auto_move
        ):
            return
        session.follow(rating.solution, back=session.decisions)

    # -- jobs ---------------------------------------------------------------------------

    def remember(self, job: Job, result: dict[str, Json]) -> None:
        """A deal-finding walk's or a rating's result: the deal's level, a walk's deal as found,
        the solution found (the plan ``par`` counts), or the deal proved lost from its start."""
        key = (job.rules.id, int(result["deal"]))
        level = result.get("difficulty")
        self.levels[key] = Level(level) if level else None
        if result.get("verdict") == Verdict.LOST.value:
            self.lost.add(key)
        if isinstance(job, DealDifficulty):
            solution = job.solution
        else:
            solution = tuple(parse_move(move) for move in result.get("solution", ()))
        if solution:
            self.solutions[key] = solution
        if isinstance(job, DailyDeal):
            self.found[key] = job.date.isoformat()
        elif isinstance(job, NextSolvableDeal):
            self.found.setdefault(key, None)

    def start_job(self, job: _HintJob | Job) -> dict[str, Json]:
        number, self.next_job = self.next_job, self.next_job + 1
        self.jobs[number] = job
        return {"job": number}

    def job(self, params: Params) -> tuple[int, _HintJob | Job]:
        number = _job_number(params)
        job = self.jobs.get(number)
        if job is None:
            raise InvalidInputError(f"no job {number} (finished or cancelled)")
        return number, job


def _job_number(params: Params) -> int:
    """The ``job`` parameter: a job number as :meth:`Api.start_job` gave it (a whole number from 1)."""
    return json_int(params.get("job"), what="job", low=1, high=2**53 - 1)


def _solution_moves(
    reply: dict[str, Json], job: _HintJob, verdict: Verdict, back: int, line: list[tuple[Move, Position, Position]]
) -> None:
    """A solution job's ``moves``: the plan's from ``back`` decisions ago to the win; where the search
    ran out of budget, its most promising line as far as it goes, and ``stops``, where that ends."""
    session = job.session
    steps = session.plan_ahead(back) if job.fresh and verdict is Verdict.SOLVED else []
    if line:
        steps = [(move, before) for move, before, _after in line]
    reply["moves"] = [reported_move_json(move, before) for move, before in steps]
    reply["stops"] = {"moves": len(line), "foundations": sum(line[-1][2].foundations)} if line else None
    if steps:
        session.helped(solution=True)


def _decision_json(session: Session, index: int) -> dict[str, Json]:
    """Decision ``index`` of the game: its number from 1, its move, and the card it went onto."""
    move = session.groups[index][0]
    onto = reported_move_json(move, session.history()[index])["onto"]
    return {"number": index + 1, "move": move_json(move), "onto": onto}


def _error(kind: str, message: str, reason: str | None = None) -> str:
    error: dict[str, str] = {"type": kind, "message": message}
    if reason is not None:
        error["reason"] = reason
    return json.dumps({"error": error}, separators=(",", ":"))


# -- the methods ----------------------------------------------------------------------------


def _games(api: Api, params: Params) -> Json:
    return [
        {
            "id": rules.id,
            "name": rules.name,
            "summary": rules.summary,
            "fans": rules.fan_count,
            "redeals": rules.redeals,
            "pysolId": rules.pysol_id,
        }
        for rules in CATALOGUE
    ]


def _version(api: Api, params: Params) -> Json:
    return __version__


def _new(api: Api, params: Params) -> Json:
    """Deal a game; the game left counts as the session decides (a loss after a move).

    ``opening`` says how the page came by the deal: ``random`` (no deal given),
    ``link`` (a deal given, the default), ``bank`` (the build's proved deals),
    ``solvable`` or ``daily`` (a walk of this API found it: a deal the walks did
    not find opens as ``link``, or is refused as the deal of the day).
    """
    game = find_game(_string(params, "game", DEFAULT_GAME.id))
    deal = params.get("deal")
    number = None if deal is None else parse_deal_number(_string(params, "deal", limit=40))
    opening = _string(params, "opening", "random" if number is None else "link")
    if opening not in ("random", "link", "bank", "solvable", "daily"):
        raise InvalidInputError(f"unknown opening {quote(opening)} (random, link, bank, solvable or daily)")
    if (opening == "random") != (number is None):
        raise InvalidInputError("a random deal takes no deal number; every other opening needs one")
    key = (game.id, number or 0)
    daily = api.found.get(key) if opening == "daily" else None
    if opening == "daily" and daily is None:
        raise InvalidInputError(f"deal {number} is not a deal of the day found here")
    if opening == "solvable" and key not in api.found:
        opening = "link"  # not proved by a walk here: dealt as any deal
    settings = api._session.settings if api._session is not None else Settings()
    left = api._session.leave() if api._session is not None else None
    api._session = Session.new(game.id, number, settings, opening, daily)
    return api.table(left)


def _link(api: Api, params: Params) -> Json:
    """The game and deal a link names, read as ``new`` reads them but not dealt.

    The page asks before a link replaces a game in progress; a link that names
    no deal is refused here first, so the player is never asked about it.
    """
    game = find_game(_string(params, "game"))
    number = parse_deal_number(_string(params, "deal", limit=40))
    return {"game": game.id, "deal": str(number)}


def _restore(api: Api, params: Params) -> Json:
    api._session = Session.restore(_string(params, "save", limit=MAX_SAVE_BYTES))
    return api.table()


def _state(api: Api, params: Params) -> Json:
    return api.table()


def _play(api: Api, params: Params) -> Json:
    session = api.session
    if params.get("to") == "redeal":
        session.redeal()
    else:
        card = parse_card(_string(params, "card", limit=3))
        session.play(Move(card, _dest(params.get("to"), len(session.position.fans))))
    return api.table()


def _click(api: Api, params: Params) -> Json:
    api.session.click(parse_card(_string(params, "card", limit=3)))
    return api.table()


def _why_stuck(api: Api, params: Params) -> Json:
    """Why a card cannot move, as the refusal a click on it gets; nothing is played."""
    raise api.session.why_stuck(parse_card(_string(params, "card", limit=3)))


def _repeat(action: Callable[[], object], available: int, count: int) -> None:
    """Run ``action`` ``count`` times, or as often as ``available`` allows; once when
    nothing is available, so that the session says why (nothing to undo, to redo)."""
    for _ in range(max(1, min(count, available))):
        action()


def _undo(api: Api, params: Params) -> Json:
    session = api.session
    undone: list[Json] = []

    def undo_one() -> None:
        # The decision taken back, with the card it went onto from where it was made: here, now.
        undone.append(reported_move_json(session.undo()[0], session.position))

    _repeat(undo_one, len(session.groups), _count(params, "count", 1, MAX_UNDO))
    api.undone = undone
    return api.table()


def _redo(api: Api, params: Params) -> Json:
    session = api.session
    _repeat(session.redo, len(session.redo_groups), _count(params, "count", 1, MAX_UNDO))
    return api.table()


def _restart(api: Api, params: Params) -> Json:
    api.session.restart()
    return api.table()


def _redeal(api: Api, params: Params) -> Json:
    api.session.redeal()
    return api.table()


def _settings(api: Api, params: Params) -> Json:
    api.session.change_settings(**{SETTING_NAMES[key]: _flag(params, key) for key in params})
    return api.table()


def _plan(api: Api, params: Params) -> Json:
    """The plan's decisions from here to the win (empty when no plan passes here)."""
    return {"moves": [reported_move_json(move, before) for move, before in api.session.plan_ahead()]}


def _stats_loaded(params: Params) -> tuple[Stats, bool]:
    """The statistics the page sent, and whether their text was unreadable.

    Unreadable text is no refusal: the call goes on from fresh statistics and its
    reply says ``setAside`` (the page keeps the old text aside and tells the
    player), so one request answers where the page would otherwise ask again.
    """
    value = params.get("stats")
    if value is not None and not isinstance(value, str):
        raise InvalidInputError("stats must be the saved statistics text or null")
    try:
        return load_stats(value), False
    except InvalidInputError:
        return Stats(), True


def _stats_reply(stats: Stats, game: str, set_aside: bool) -> dict[str, Json]:
    reply: dict[str, Json] = {"stats": stats.dumps(), "summary": stats.summary(game)}
    if set_aside:
        reply["setAside"] = True
    return reply


def _stats_summary(api: Api, params: Params) -> Json:
    game = find_game(_string(params, "game", DEFAULT_GAME.id)).id
    stats, set_aside = _stats_loaded(params)
    return _stats_reply(stats, game, set_aside)


def _stats_record(api: Api, params: Params) -> Json:
    """A finished game, as a table's ``count`` gave it, with the time played (``Stats.record`` checks each field).

    Besides the usual reply, ``improved`` says which of the game's records a win
    beat (``time``: a best time, ``moves``: fewest moves), for the win panel; a
    first win beats no record, as there was none, and a win with help none either
    (``stats.py``: records come from games won alone).
    """
    game = find_game(_string(params, "game", DEFAULT_GAME.id)).id
    won: Json = params.get("won")
    moves: Json = params.get("moves")
    seconds: Json = params.get("seconds")
    daily: Json = params.get("daily")
    hints: Json = params.get("hints", 0)
    before, set_aside = _stats_loaded(params)
    stats = before.record(game, won, moves, seconds, _flag(params, "solvable"), daily, hints)
    old, new = before.bucket(game, "all"), stats.bucket(game, "all")
    improved = {
        "time": old.best_time is not None and new.best_time is not None and new.best_time < old.best_time,
        "moves": old.fewest_moves is not None and new.fewest_moves is not None and new.fewest_moves < old.fewest_moves,
    }
    return {**_stats_reply(stats, game, set_aside), "improved": improved}


def _stats_reset(api: Api, params: Params) -> Json:
    """Forgets one game (or every game when ``game`` is absent)."""
    game = None if params.get("game") is None else find_game(_string(params, "game")).id
    before, set_aside = _stats_loaded(params)
    return _stats_reply(before.reset(game), game or DEFAULT_GAME.id, set_aside)


def _level(params: Params) -> Level | None:
    """The ``level`` parameter: easy, medium, hard, or any level (``any``, or absent)."""
    level = params.get("level")
    if level is None or level == "any":
        return None
    if isinstance(level, str):
        for known in Level:
            if known.value == level:
                return known
    raise InvalidInputError(f"unknown level {quote(level)} (easy, medium, hard or any)")


def _job_start(api: Api, params: Params) -> Json:
    kind = params.get("kind")
    if kind in ("hint", "check", "solution"):
        return api.start_job(api.hint_job(kind))
    rules = find_game(_string(params, "game", DEFAULT_GAME.id))
    if kind == "solvable":
        start = random_deal_number() if params.get("start") is None else parse_deal_number(_string(params, "start"))
        return api.start_job(NextSolvableDeal(rules, start, level=_level(params)))
    if kind == "daily":
        return api.start_job(DailyDeal(rules, parse_iso_date(params.get("date"))))
    if kind == "difficulty":
        return api.start_job(DealDifficulty(rules, parse_deal_number(_string(params, "deal", limit=40))))
    raise InvalidInputError(f"unknown job kind {quote(kind)} (hint, check, solution, solvable, daily or difficulty)")


def _job_step(api: Api, params: Params) -> Json:
    number, job = api.job(params)
    result = job.step(_count(params, "nodes", 5000, MAX_JOB_NODES))
    if result is None:
        return {"done": False}
    del api.jobs[number]
    if isinstance(job, DealDifficulty):
        api.plan_from_rating(job)
    if isinstance(job, (NextSolvableDeal, DealDifficulty)):  # deal numbers travel as strings (past 2**53)
        api.remember(job, result)
        found = {key: value for key, value in result.items() if key not in ("moves", "solution")}
        result = {**found, "deal": str(result["deal"])}
    return {"done": True, "result": result}


def _job_cancel(api: Api, params: Params) -> Json:
    """Forgets the job; a job that has finished or was cancelled already is no error."""
    api.jobs.pop(_job_number(params), None)
    return None


@dataclass(frozen=True)
class Method:
    """One method of the API: its handler and the names of the parameters it takes."""

    handler: Callable[[Api, Params], Json]
    params: tuple[str, ...] = ()


METHODS: dict[str, Method] = {
    "games": Method(_games),
    "version": Method(_version),
    "new": Method(_new, ("game", "deal", "opening")),
    "link": Method(_link, ("game", "deal")),
    "restore": Method(_restore, ("save",)),
    "state": Method(_state),
    "play": Method(_play, ("card", "to")),
    "click": Method(_click, ("card",)),
    "whyStuck": Method(_why_stuck, ("card",)),
    "undo": Method(_undo, ("count",)),
    "redo": Method(_redo, ("count",)),
    "restart": Method(_restart),
    "redeal": Method(_redeal),
    "settings": Method(_settings, tuple(SETTING_NAMES)),
    "plan": Method(_plan),
    "statsSummary": Method(_stats_summary, ("stats", "game")),
    "statsRecord": Method(
        _stats_record, ("stats", "game", "won", "moves", "seconds", "solvable", "daily", "hints")
    ),
    "statsReset": Method(_stats_reset, ("stats", "game")),
    "jobStart": Method(_job_start, ("kind", "game", "start", "date", "level", "deal")),
    "jobStep": Method(_job_step, ("job", "nodes")),
    "jobCancel": Method(_job_cancel, ("job",)),
}

_SHARED = Api()


def call(method: str, params_json: str = "{}") -> str:
    """Run one request on the worker's shared :class:`Api`; always returns a JSON string."""
    return _SHARED.call(method, params_json)


__all__ = ["METHODS", "Api", "Method", "call", "move_json"]
