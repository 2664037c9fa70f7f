"""Help for the game in progress, decided in one place: the coach.

Everything a player is told and shown about their game besides the cards is
decided here, and the page only draws it (the state's ``help``,
``state_json.help_json``): the hint on show and whether it is proven, the plan
the hints follow, why the game is lost and where it could still be won, the
solution player's place, the par of the deal, and which search the engine wants
to run in the background. The searches are the solver's (:mod:`.solver.jobs`);
the coach says which to run, keeps what they find, and answers.

Names:

- *plan*: the decisions the hints follow, each keyed by the position it is
  made in (so undo and redo along it keep it), played with the session's own
  automatic moves. A plan is *proven* (a solution) or *likely* (the line
  toward the most promising position an undecided search reached).
- *detour*: a stretch of a line that comes back to a table the line already
  passed. A plan never keeps one (:func:`without_detours`): following hints
  never shows the same table twice, and a solution's length is a fair par.
- *progress*: a card put on a foundation or a fan emptied. Where the search
  cannot decide, a likely line is a plan only when it ends with progress, so
  following hints always gets somewhere; where no line does, the hint says so
  rather than suggest a move that goes round (``stalled``).
- *work*: a search the player did not ask for, run in the background while the
  game stays where it is: the deal's rating, the check that proves a likely
  hint, the check that says when the game has just been lost (the
  ``warnLost`` setting), the reason a stuck game was lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .engine import is_won
from .move_json import move_json, reported_move_json
from .position import Move, Position
from .solver import Verdict
from .solver.difficulty import DealDifficulty
from .solver.jobs import Hint, HintResult
from .solver.redeals import MOVES_ABOUT, redeal_reason, unproved_redeal
from .solver.why import why_lost

if TYPE_CHECKING:
    from .deal_memory import DealMemory
    from .session import Session

Json = Any
Step = tuple[Move, Position, Position]
"""A decision, the position it is made in and the one it leads to."""


def without_detours(steps: Sequence[Step]) -> list[Step]:
    """``steps`` with every detour cut out: where a step comes back to a position the line
    passed, the line goes on from that position as if it had never left it."""
    path: list[Step] = []
    reached: dict[Position, int] = {}  # a position of the path -> the steps of the path that lead to it
    for move, before, after in steps:
        if not path:
            reached[before] = 0
        path.append((move, before, after))
        if after in reached:
            kept = reached[after]
            del path[kept:]
            reached = {position: count for position, count in reached.items() if count <= kept}
        else:
            reached[after] = len(path)
    return path


def progress(before: Position, after: Position) -> bool:
    """Whether ``after`` has more cards on the foundations, or more empty fans, than ``before``."""
    return sum(after.foundations) > sum(before.foundations) or sum(not fan for fan in after.fans) > sum(
        not fan for fan in before.fans
    )


@dataclass(frozen=True)
class Shown:
    """The hint on show: a move (``likely`` when not proven, ``redeal`` why it redeals), or where
    there is none, ``back`` (every win passes through the position that many decisions ago) or
    nothing found that makes progress (``more``: asking again searches further; ``undo``: decisions
    back to the nearest position known to be winnable, if any)."""

    move: Move | None = None
    likely: bool = False
    redeal: str | None = None
    back: int = 0
    more: bool = False
    undo: int | None = None


@dataclass(frozen=True)
class Lost:
    """The game on the table is lost: the decision that lost it (its index), the way back, and why."""

    decision: int | None
    undo: int | None
    earlier: Verdict | None
    why: Json
    more: bool


@dataclass
class Showing:
    """The solution on show: the positions of its line from where it started, and its decisions."""

    positions: list[Position]
    moves: list[Move]
    likely: bool

    def place(self, position: Position) -> int | None:
        """How many of its decisions lead to ``position``, or None when the game left the line."""
        try:
            return self.positions.index(position)
        except ValueError:
            return None


class Coach:
    """The help a :class:`.session.Session` gives; the session makes one and tells it of each change."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.memory: DealMemory | None = None  # what this visit knows of deals (the API gives it)
        self.plan: dict[Position, tuple[Move, Position]] = {}
        self.proven = False  # the plan is a solution, not a likely line
        self.shown: Shown | None = None  # the hint on show at the position on the table
        self.lost: Lost | None = None  # the loss on show at the position on the table
        self.showing: Showing | None = None  # the solution player, while the game is on its line
        self.search: Hint | None = None  # the last search, kept while the game stays where it was asked
        self.checked = False  # a background check has answered for the position on the table
        self.told_lost: int | None = None  # the losing decision last said by a check (said once)
        # A proven plan's redeal a hint searched past (see _hint): where, and that plan.
        self.questioned: tuple[Position, dict[Position, tuple[Move, Position]]] | None = None
        self._pars: dict[object, int | None] = {}

    # -- the session's changes ----------------------------------------------------

    def changed(self, change: str) -> None:
        """The table changed (``change`` as :data:`.session.CHANGES`): what was on show goes."""
        if change == "none":
            return
        self.shown = self.lost = self.search = self.questioned = None
        self.checked = False
        if change in ("new", "restart"):
            self.told_lost = None
        if self.showing is not None and self.showing.place(self.session.position) is None:
            self.showing = None

    def settings_changed(self) -> None:
        """The automatic moves changed: the plan, played with the old ones, is let go."""
        self.plan, self.proven, self.search, self.showing = {}, False, None, None

    # -- the plan -----------------------------------------------------------------

    def follow(self, solution: Sequence[Move], back: int = 0, proven: bool = True) -> list[Step]:
        """Make ``solution`` (solver moves) the plan, from ``back`` decisions ago, its detours cut; its steps."""
        steps = without_detours(self.session.decisions_along(solution, back))
        self.plan = {before: (move, after) for move, before, after in steps}
        self.proven = proven
        return steps

    def next_on_plan(self) -> Move | None:
        """The plan's decision here, unless it leads to a table the game has been at already."""
        session = self.session
        step = self.plan.get(session.position)
        if step is None or step[1] in session.history():
            return None
        return step[0]

    def plan_back(self) -> int:
        """Where the plan's decision here leads to a table the game has been at: the decisions back to
        it (the way on is from there), else 0. Only a move of the player's own leads so: a card taken
        back from a foundation, which the solver would put up again."""
        session = self.session
        step = self.plan.get(session.position)
        history = session.history()
        if step is None or step[1] not in history:
            return 0
        return len(history) - 1 - history.index(step[1])

    def plan_ahead(self, position: Position) -> list[Step]:
        """The plan's steps from ``position`` to its end (empty where it does not pass)."""
        steps: list[Step] = []
        seen = {position}
        while position in self.plan:
            move, after = self.plan[position]
            if after in seen:
                break
            steps.append((move, position, after))
            seen.add(after)
            position = after
        return steps

    def winnable_back(self) -> int | None:
        """Decisions back to the nearest position of the game known to be winnable (0: here), or None."""
        session = self.session
        history = session.history()
        for back, position in enumerate(reversed(history)):
            if self.proven and position in self.plan:
                return back
            if back == len(history) - 1 and self._deal_proved():
                return back
        return None

    def _deal_proved(self) -> bool:
        """Whether the deal is known to be winnable from its start."""
        session, memory = self.session, self.memory
        if session.record.proved:
            return True
        return memory is not None and session.deal_number is not None and memory.proved_winnable(self._deal())

    def _deal(self) -> tuple[str, int]:
        session = self.session
        return (session.rules.id, session.deal_number or 0)

    # -- clicks ---------------------------------------------------------------------

    def clicked_move(self, card: int) -> Move | None:
        """The move on show that moves ``card`` (the hint's, else the solution's next): a click plays it."""
        for move in (self.shown.move if self.shown else None, self.solution_next()):
            if move is not None and not move.is_redeal and move.card == card:
                return move
        return None

    # -- jobs -----------------------------------------------------------------------

    def job(self, kind: str) -> HelpJob:
        """A ``hint``, ``check`` or ``solution`` job for the position on the table (see :class:`HelpJob`).

        A hint on a plan is answered at once (a likely plan too: it is followed
        to its end, where a card has gone up); a check, and the solution, search
        where the plan is only likely, to prove it. A plan's redeal where a card
        could move instead is no hint until a search has proved it needed
        (:mod:`.solver.redeals`). Asked again where the last search ran out of
        budget, the same search goes on (:meth:`.solver.jobs.Hint.search_on`):
        being deterministic, a new one would fail again the same way.
        """
        session = self.session
        planned = self.next_on_plan()
        on_plan = planned is not None and (self.proven or kind == "hint")
        if on_plan and kind != "check" and unproved_redeal(session.rules, session.position, planned):
            on_plan = False
            if self.proven:
                self.questioned = (session.position, self.plan)
        if session.won or on_plan:
            return HelpJob(self, kind, None)
        search = self.search
        if search is not None and search.forced_autoplay == session.settings.auto_move:
            search.search_on()
        else:
            search = self.search = Hint(session.rules, session.history(), forced_autoplay=session.settings.auto_move)
        return HelpJob(self, kind, search)

    def answer(self, job: HelpJob, found: HintResult | None) -> dict[str, Json]:
        """What a job found, kept (the plan, the hint or the loss on show) and answered as JSON."""
        session = self.session
        fresh = job.fresh
        if found is None:  # answered from the plan
            found = HintResult(Verdict.SOLVED if self.proven or session.won else Verdict.UNKNOWN)
        reply: dict[str, Json] = {
            "verdict": found.verdict.value, "move": None, "back": found.back, "undo": found.undo,
            "earlier": found.earlier.value if found.earlier else None, "lostMove": None, "why": None,
            "nodes": found.nodes, "more": job.search is not None and job.search.can_search_on, "likely": False,
            "redeal": None,
        }
        if job.kind == "solution":
            reply.update(moves=[], stops=None)
        if not fresh:
            return reply
        if found.verdict is Verdict.LOST:
            self._lost(job, found, reply)
        elif job.kind == "solution":
            self._show_solution(job, found, reply)
        else:
            self._hint(job, found, reply)
        if job.kind == "check":
            self.checked = True
        return reply

    def _hint(self, job: HelpJob, found: HintResult, reply: dict[str, Json]) -> None:
        """A hint's or a check's answer where the game is not lost: the plan, and the hint on show."""
        session = self.session
        stays = self._questioned_redeal_stays(found)
        if stays:
            reply["verdict"] = Verdict.SOLVED.value
        elif found.verdict is Verdict.SOLVED and found.solution:
            self.follow(found.solution, found.back)
            self.told_lost = None
        elif found.likely and found.back == 0 and job.kind == "hint":
            steps = without_detours(session.decisions_along(found.likely))
            if steps and progress(session.position, steps[-1][2]):
                self.plan = {before: (move, after) for move, before, after in steps}
                self.proven = False
        move = self.next_on_plan() if found.back == 0 else None
        back = found.back or (self.plan_back() if self.proven else 0)
        likely = move is not None and not self.proven
        redeal = redeal_reason(session.rules, session.position, move, found.redeal_needed)
        if stays and move is not None and move.is_redeal and redeal is None:
            redeal = MOVES_ABOUT
        reply.update(back=back, move=reported_move_json(move, session.position) if move else None, likely=likely)
        reply["redeal"] = redeal
        if job.kind == "check":
            if self.shown is not None and self.shown.likely and move is not None and not likely:
                self.shown = Shown(move, redeal=redeal)  # the likely hint on show is proven
            return
        if move is not None:
            self.shown = Shown(move, likely=likely, redeal=redeal)
        elif back > 0 and found.verdict is Verdict.SOLVED:
            self.shown = Shown(back=back)
        else:
            self.shown = Shown(more=reply["more"], undo=self.winnable_back())
        if move is not None or back > 0:
            session.helped(hint=True)

    def _questioned_redeal_stays(self, found: HintResult) -> bool:
        """Whether a proven plan's redeal that a hint searched past stays the plan (and the hint): where
        the search found no win that moves a card first within its budget, or only one that moves cards
        about before it redeals (no card up, no fan emptied).

        Why. A hint redeals only where no win moves a card first (:mod:`.solver.redeals`). But
        where cards build regardless of suit (Super Flower Garden) a card can nearly always be moved
        to and fro: such a win was nearly always found, and at its redeal the next hint searched
        again and found another, so the hints moved cards about and never redealt; or the search
        ran out of budget where the plan already held a win. Cards only moved about before a
        redeal bring no card nearer its foundation.
        """
        session, questioned = self.session, self.questioned
        self.questioned = None
        if questioned is None or questioned[0] != session.position or found.back or session.rules.build.in_suit:
            return False
        if found.verdict is Verdict.SOLVED and found.solution:
            redeals = [before for move, before, _ in without_detours(session.decisions_along(found.solution))
                       if move.is_redeal]
            if not redeals or progress(session.position, redeals[0]):
                return False
        elif found.verdict is not Verdict.UNKNOWN:
            return False
        self.plan, self.proven = questioned[1], True
        return True

    def _lost(self, job: HelpJob, found: HintResult, reply: dict[str, Json]) -> None:
        """The position on the table is lost: the loss on show (a check says the same loss once)."""
        session = self.session
        decision = None
        if found.undo is not None and found.undo <= session.decisions:
            decision = session.decisions - found.undo
            reply["lostMove"] = self.decision_json(decision)
        why = why_lost(session.rules, session.position, job.search.lost_proof) if job.search else None
        reply["why"] = why
        number = decision + 1 if decision is not None else 0
        if job.kind == "check" and number == self.told_lost and not session.stuck:
            return
        if job.kind == "check":
            self.told_lost = number
        self.lost = Lost(decision, found.undo, found.earlier, why, reply["more"])

    def _show_solution(self, job: HelpJob, found: HintResult, reply: dict[str, Json]) -> None:
        """The solution to show: taken back to where every win passes, then its line from there."""
        session = self.session
        if found.verdict is Verdict.SOLVED:
            for _ in range(found.back if found.solution else 0):
                session.undo()
            steps = self.follow(found.solution) if found.solution else self.plan_ahead(session.position)
            likely = False
        else:
            steps = without_detours(session.decisions_along(found.likely)) if found.back == 0 else []
            likely = True
        reply["moves"] = [reported_move_json(move, before) for move, before, _ in steps]
        reply["likely"] = likely and bool(steps)
        end = {"moves": len(steps), "foundations": sum(steps[-1][2].foundations)} if likely and steps else None
        reply["stops"] = end
        if steps:
            positions = [steps[0][1], *(after for _, _, after in steps)]
            self.showing = Showing(positions, [move for move, _, _ in steps], likely)
            session.helped(solution=True)

    def decision_json(self, index: int) -> dict[str, Json]:
        """Decision ``index`` of the game: its number from 1, its move, and the card it went onto."""
        session = self.session
        move = session.groups[index][0]
        made_in = session.history()[index]
        return {"number": index + 1, "move": move_json(move), "onto": reported_move_json(move, made_in)["onto"]}

    # -- work in the background ----------------------------------------------------

    def wants_work(self) -> bool:
        """Whether the engine has a search to run for this game in the background (:meth:`work`)."""
        return self._work_kind() is not None

    def _work_kind(self) -> str | None:
        session = self.session
        if session.deal_number is not None and self.memory is not None and not self.memory.rated(self._deal()):
            return "rate"
        if session.won:
            return None
        shown = self.shown
        if shown is not None and shown.likely and (self.search is None or self.search.can_search_on):
            return "check"
        if self.checked:
            return None
        if session.stuck and self.lost is None:
            return "check"
        if session.settings.warn_lost and session.in_progress and self.showing is None:
            return "check"
        return None

    def work(self) -> DealDifficulty | HelpJob | None:
        """The background search the game wants now, or None (see :meth:`wants_work`)."""
        kind = self._work_kind()
        if kind == "rate":
            return DealDifficulty(self.session.rules, self.session.deal_number or 0)
        return self.job("check") if kind == "check" else None

    def rated(self, rating: DealDifficulty) -> None:
        """The deal's rating is known: its solution becomes the plan where no hint has made one.

        With the rating's solution as the plan, the first hints along it are
        answered at once rather than by a new search; only with auto move on
        (the rating searches with it on).
        """
        session = self.session
        if (
            rating.solution
            and not (self.plan and self.proven)
            and session.rules == rating.rules
            and session.deal_number == rating.number
            and session.settings.auto_move
        ):
            self.follow(rating.solution, back=session.decisions)

    # -- what the page shows -------------------------------------------------------

    def solution_next(self) -> Move | None:
        """The solution's next decision, while it is on show and the game on its line."""
        showing = self.showing
        place = showing.place(self.session.position) if showing else None
        if showing is None or place is None or place >= len(showing.moves):
            return None
        return showing.moves[place]

    def stop_solution(self) -> None:
        """The player takes over from the solution player: the game itself stays as it is."""
        self.showing = None
        self.session.unchanged()

    def par(self) -> int | None:
        """The decisions of the solver's plan for this deal from its start, detours cut (None: none known).

        The plan is the solution a rating or a walk found from the deal's start,
        else the proven plan of the hints where it starts there; played with
        the player's settings, counted as ``moves`` counts them.
        """
        session = self.session
        start = session.history()[0]
        memory = self.memory
        solution = memory.solutions.get(self._deal()) if memory and session.deal_number is not None else None
        if solution is None:
            steps = self.plan_ahead(start) if self.proven else []
            return len(steps) if steps and is_won(steps[-1][2]) else None
        key = (self._deal(), session.settings.auto_move, session.settings.auto_complete)
        if key not in self._pars:
            steps = without_detours(session.decisions_along(solution, session.decisions))
            self._pars[key] = len(steps) if steps and is_won(steps[-1][2]) else None
        return self._pars[key]

    def par_shown(self) -> int | None:
        """The par the win panel shows: with a win where it compares like with like (the player won
        alone, or every decision was the plan's), never where the app showed the solution."""
        session = self.session
        record = session.record
        if not session.won or record.shown:
            return None
        par = self.par()
        if par is not None and record.hints and session.decisions != par:
            return None  # with help off the plan, the moves and the plan's length compare nothing alike
        return par

    def start_why(self) -> Json:
        """Why the deal is lost from its start, when a rating of this visit proved it (else None)."""
        memory = self.memory
        return memory.lost.get(self._deal()) if memory and self.session.deal_number is not None else None


class HelpJob:
    """A search for the position on the table, stepped like the solver's jobs.

    ``kind``: ``hint``, asked by the player (its move is the hint on show, and a
    click on its card plays it; it counts as help); ``check``, run in the
    background (it proves a likely hint, or finds that the game is lost: said
    once); ``solution``, the solution shown (the game then counts in no
    statistics). ``search`` is None when the plan answers at once.
    """

    def __init__(self, coach: Coach, kind: str, search: Hint | None) -> None:
        self.coach = coach
        self.kind = kind
        self.search = search
        self.start = coach.session.position
        self.decisions = coach.session.decisions
        self.result: dict[str, Json] | None = None
        self.is_current: Callable[[], bool] = lambda: True  # the API's: the session is still the one on the table

    @property
    def fresh(self) -> bool:
        """Whether the game is still where the job was asked for."""
        session = self.coach.session
        return self.is_current() and session.position == self.start and session.decisions == self.decisions

    def step(self, nodes: int) -> dict[str, Json] | None:
        if self.result is None:
            found = self.search.step(nodes) if self.search else None
            if self.search is None or found is not None:
                self.result = self.coach.answer(self, found)
        return self.result
