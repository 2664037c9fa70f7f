"""What the solver powers: hints, solvable deals, the deal of the day.

Each is a *job*: an object with ``step(nodes) -> result | None`` that searches
at most ``nodes`` more nodes and returns None while it has not finished, or its
result once it has (and the same result on every later call). A step is a
slice of time as much as of budget, so the positions its searches drop on
expansion count in ``nodes`` too (:meth:`.search.Search.run`'s ``work``),
though not in the budget. The page's
worker calls ``step`` in slices, answers the player's moves between slices,
and cancels a job by dropping it. A job gives the same result
however it is sliced.

>>> from cloverleaf.games import CLOVER_LEAF
>>> job = NextSolvableDeal(CLOVER_LEAF, 1)
>>> result = None
>>> while result is None:
...     result = job.step(5_000)
>>> result["deal"] >= 1 and result["verdict"] == "solved"
True
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..deals import DRAWN_DEALS, MAX_DEAL, deal
from ..engine import apply_move
from ..position import Move, Position
from ..rules import Rules
from .board import Board
from .difficulty import Level, level_of
from .likely import likely_line
from .redeals import redeal_now_key
from .search import Search, Verdict
from .tables import tables_for
from .why import Proved, proved

Result = TypeVar("Result", covariant=True)


class Job(Protocol[Result]):
    """What every job offers: search ``nodes`` more nodes; None until the result is known."""

    def step(self, nodes: int) -> Result | None: ...


def run_to_end(job: Job[Result]) -> Result:
    """Step ``job`` until it has its result (for the command line, tests and benches)."""
    while True:
        result = job.step(1 << 30)
        if result is not None:
            return result


@dataclass(frozen=True)
class HintResult:
    """What a :class:`Hint` found for the last position of its history.

    - ``verdict``: for the current position.
    - ``solution``: when solved, moves that win from the position ``back``
      decisions ago (usually 0: from the current position). The solution never
      passes through a position of the history other than the one it starts
      from, so a player who follows it moves forward, never round in circles.
    - ``back``: when solved, how many decisions to take back before the
      solution applies. It is more than 0 only when every win from the current
      position passes through an earlier position of the game.
    - ``undo``: when lost, how many decisions to take back to reach the
      nearest winnable position (None when none was found).
    - ``earlier``: when lost, what the walk back found: SOLVED (a winnable
      position, ``undo`` away), LOST (every earlier position is lost too) or
      UNKNOWN (the budget ran out first).
    - ``nodes``: nodes searched, all phases together.
    - ``likely``: when the budget ran out before a verdict (``UNKNOWN``), the
      line toward the most promising position the search reached, from the
      position ``back`` decisions ago (:mod:`.likely`); not proven.
    - ``redeal_needed``: the hint proved that no win avoids redealing now
      (:mod:`.redeals`), so a solution or line that starts with a redeal
      starts with one a player needs.
    """

    verdict: Verdict
    solution: tuple[Move, ...] = ()
    back: int = 0
    undo: int | None = None
    earlier: Verdict | None = None
    nodes: int = 0
    likely: tuple[Move, ...] = ()
    redeal_needed: bool = False


def position_key(rules: Rules, position: Position, forced_autoplay: bool = False) -> bytes:
    """The search's key of ``position``: equal for positions the search treats as one.

    The board plays its safe foundation moves first where the search does, so a
    position and the same position with those moves played share a key.
    """
    board = Board(tables_for(rules), position, forced_autoplay=forced_autoplay)
    board.settle()
    return board.key()


class Hint:
    """A way forward from the last position of ``history`` (oldest position first).

    The result is a :class:`HintResult`. The search runs in up to four
    phases, within one budget:

    0. *first*: only where a redeal is allowed and a card could move instead,
       the *ahead* search below with the position a redeal now leads to
       counted as lost: a win whose first decision is no redeal, as a player
       would play (:mod:`.redeals`). When there is none, the phases below
       follow, and the result says that the redeal is needed.
    1. *ahead*: a search of the current position that never enters a position
       of the history. Its solution moves the game forward: hints that each
       take the first move of *some* solution can otherwise send a card back
       and forth forever, every search finding a solution that starts by
       undoing the last move.
    2. *through*: only when no win avoids the history, a plain search of the
       current position. A win found now passes through an earlier position;
       the result says how many decisions back (``back``), and the solution
       continues from there, from the last history position on its path, so
       it too never returns to the history.
    3. *back*: when the current position is lost, the walk back through the
       history, nearest position first; each search skips the positions the
       earlier ones proved lost, so the walk costs little more than the new
       positions it meets.

    ``budget`` (the game's hint budget unless given) is what one ask may
    search. When it runs out first, :meth:`search_on` lets the same search go
    on for as much again, up to ``limit`` in all (the profile's ``hint_limit``,
    else the game's solve budget, unless given). Asked again at the same place,
    a hint would otherwise repeat the very search that just failed, the search
    being deterministic; going on, it decides what the command line's ``solve``
    decides, and in the games that dive, past that, what the dives alone find
    (see :class:`.search.Search`). Each ask that ends with the budget and no
    verdict gives the line toward the most promising position the search
    under way reached (``likely``, :mod:`.likely`), from the current position
    (or, in the *through* phase, from where it leaves the history). The page's worker keeps
    the search between two asks (:meth:`cloverleaf.api.Api.hint_job`). Going
    on is the same search as one given the larger budget from the start.
    """

    def __init__(
        self,
        rules: Rules,
        history: Sequence[Position],
        budget: int | None = None,
        forced_autoplay: bool = False,
        limit: int | None = None,
    ) -> None:
        if not history:
            raise ValueError("a hint needs at least the current position")
        self.rules = rules
        self.history = list(history)
        self.budget = rules.solver.hint_budget if budget is None else budget
        self.ask = self.budget  # what each ask may search
        if limit is None:
            limit = rules.solver.hint_limit or rules.solver.solve_budget
        self.limit = max(self.budget, limit)
        self.forced_autoplay = forced_autoplay
        self.nodes = 0
        self._keys = [position_key(rules, position, forced_autoplay) for position in self.history]
        avoid = set(self._keys[:-1]) - {self._keys[-1]}
        self._avoid = avoid
        self._phase = "ahead" if avoid else "through"
        self._redeal_needed = False
        redeal_now = redeal_now_key(rules, self.history[-1], forced_autoplay)
        if redeal_now is not None:
            self._phase = "first"
            avoid = avoid | {redeal_now}
        self._back = 0
        self._lost: set[bytes] = set()
        self._search = self._new_search(self.history[-1], avoid)
        self.lost_proof: Proved | None = None  # what proved the current position lost (see .why)
        self._result: HintResult | None = None
        self._ran_out = False  # whether the result is the budget's end (see search_on)

    def step(self, nodes: int) -> HintResult | None:
        while self._result is None:
            allowed = min(nodes, self.budget - self.nodes)
            if allowed <= 0:
                if self.nodes >= self.budget:
                    self._finish_out_of_budget()
                return self._result
            search = self._search
            before, before_work = search.nodes, search.work
            verdict = search.run(allowed, nodes)
            self.nodes += search.nodes - before
            nodes -= search.work - before_work
            if verdict is not Verdict.UNKNOWN:
                self._advance(verdict)
        return self._result

    @property
    def can_search_on(self) -> bool:
        """Whether the budget ran out before the answer, below ``limit``: :meth:`search_on` would go on."""
        return self._ran_out and self.budget < self.limit

    def search_on(self) -> bool:
        """Where the budget ran out first, let the search go on for one more ask (see the class); whether it will."""
        if not self.can_search_on:
            return False
        self.budget = min(self.budget + self.ask, self.limit)
        self._result = None
        self._ran_out = False
        return True

    def _advance(self, verdict: Verdict) -> None:
        search = self._search
        needed = self._redeal_needed
        if self._phase == "first":
            if verdict is Verdict.SOLVED:
                self._result = HintResult(Verdict.SOLVED, search.solution, nodes=self.nodes)
            else:  # every win redeals now: the same phases as where no card could move instead
                self._redeal_needed = True
                self._phase = "ahead" if self._avoid else "through"
                self._search = self._new_search(self.history[-1], self._avoid or None)
        elif self._phase == "ahead":
            if verdict is Verdict.SOLVED:
                self._result = HintResult(Verdict.SOLVED, search.solution, nodes=self.nodes, redeal_needed=needed)
            else:  # no win avoids the history: is there one through it?
                self._phase = "through"
                self._search = self._new_search(self.history[-1])
        elif self._phase == "through":
            if verdict is Verdict.SOLVED:
                back, solution = self._rejoin(search.solution)
                self._result = HintResult(
                    Verdict.SOLVED, solution, back=back, nodes=self.nodes, redeal_needed=needed and back == 0
                )
            else:
                self._phase = "back"
                self.lost_proof = proved(search)
                self._walk_back(search)
        elif verdict is Verdict.SOLVED:
            self._result = HintResult(Verdict.LOST, undo=self._back, earlier=Verdict.SOLVED, nodes=self.nodes)
        else:
            self._walk_back(search)

    def _walk_back(self, lost_search: Search) -> None:
        """The search just proved its position lost: on to the position one decision earlier."""
        self._lost |= lost_search.parents
        self._back += 1
        if self._back >= len(self.history):
            self._result = HintResult(Verdict.LOST, earlier=Verdict.LOST, nodes=self.nodes)
            return
        self._search = self._new_search(self.history[-1 - self._back], self._lost)

    def _new_search(self, position: Position, known_lost: set[bytes] | None = None) -> Search:
        return Search(self.rules, position, known_lost, forced_autoplay=self.forced_autoplay)

    def _rejoin(self, solution: tuple[Move, ...]) -> tuple[int, tuple[Move, ...]]:
        """Where a solution through the history leaves it for good: (decisions back, the rest).

        The solution is cut at the start of the last run of its positions that
        share a key with a position of the history; the rest then never meets
        the history again, and starts from that history position (or from it
        with some of its safe foundation moves played, which the session
        skips when it follows the solution).
        """
        latest = {key: index for index, key in enumerate(self._keys)}
        position = self.history[-1]
        keys = [self._keys[-1]]
        for move in solution:
            position = apply_move(self.rules, position, move)
            keys.append(position_key(self.rules, position, self.forced_autoplay))
        last = max(step for step, key in enumerate(keys) if key in latest)
        first = last
        while first > 0 and keys[first - 1] == keys[last]:
            first -= 1
        return len(self.history) - 1 - latest[keys[last]], solution[first:]

    def _finish_out_of_budget(self) -> None:
        self._ran_out = True
        if self._phase == "back":
            self._result = HintResult(Verdict.LOST, earlier=Verdict.UNKNOWN, nodes=self.nodes)
            return
        back, line = 0, likely_line(self._search)
        if self._phase == "through" and line:  # a line through the history: from where it leaves it
            back, line = self._rejoin(line)
        needed = self._redeal_needed and back == 0
        self._result = HintResult(Verdict.UNKNOWN, back=back, nodes=self.nodes, likely=line, redeal_needed=needed)


def hint(
    rules: Rules, history: Sequence[Position], budget: int | None = None, forced_autoplay: bool = False
) -> HintResult:
    """A :class:`Hint` run to the end in one call."""
    return run_to_end(Hint(rules, history, budget, forced_autoplay))


class NextSolvableDeal:
    """The first deal number from ``start`` upward that the solver proves winnable (at ``level``, if given).

    Each deal gets the game's deal budget (``rules.solver.deal_budget``), so
    the walk, and which deal it stops at, is the same everywhere. Numbers past
    the last deal wrap to 1. With a ``level``, the walk also passes over the
    winnable deals of the other levels (see :mod:`.difficulty`). Deals are
    proved in the game as played with auto move on (``forced_autoplay``, see
    :attr:`.board.Board.autoplays`): it changes nothing but the games with
    redeals, and a deal won that way is won by a player with auto move on or off.

    Result::

        {"deal": N, "verdict": "solved", "difficulty": "easy" | "medium" | "hard",
         "solution": [...], "tried": k, "nodes": n}

    ``tried`` counts the deal numbers searched (the found one included),
    ``nodes`` the nodes of the whole walk.
    """

    def __init__(self, rules: Rules, start: int, budget: int | None = None, level: Level | None = None) -> None:
        self.rules = rules
        self.budget = rules.solver.deal_budget if budget is None else budget
        self.level = level
        self.number = min(max(1, start), MAX_DEAL)
        self.tried = 0
        self.nodes = 0
        self._search: Search | None = None
        self._result: dict[str, Any] | None = None

    def step(self, nodes: int) -> dict[str, Any] | None:
        while self._result is None and nodes > 0:
            if self._search is None:
                self._search = Search(self.rules, deal(self.rules, self.number), forced_autoplay=True)
                self.tried += 1
            search = self._search
            before, before_work = search.nodes, search.work
            verdict = search.run(min(nodes, self.budget - search.nodes), nodes)
            self.nodes += search.nodes - before
            nodes -= search.work - before_work
            level = level_of(self.rules, search.nodes) if verdict is Verdict.SOLVED else None
            if level is not None and self.level in (None, level):
                self._result = {
                    "deal": self.number,
                    "verdict": verdict.value,
                    "difficulty": level.value,
                    "solution": [str(move) for move in search.solution],
                    "tried": self.tried,
                    "nodes": self.nodes,
                }
            elif verdict is not Verdict.UNKNOWN or search.nodes >= self.budget:
                self._search = None
                self.number = self.number + 1 if self.number < MAX_DEAL else 1
        return self._result


def next_solvable_deal(rules: Rules, start: int) -> int:
    """The first deal number from ``start`` upward proved winnable within the deal budget."""
    number: int = run_to_end(NextSolvableDeal(rules, start))["deal"]
    return number


def daily_start(rules: Rules, date: datetime.date) -> int:
    """Where the deal of the day's walk starts: a hash of the game and the date, 1 to 10**9."""
    digest = hashlib.sha256(f"{rules.id}/{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % DRAWN_DEALS + 1


class DailyDeal(NextSolvableDeal):
    """The deal of the day: the same solvable deal for every player on ``date``.

    Result: as :class:`NextSolvableDeal`, plus ``"date": "YYYY-MM-DD"``.
    """

    def __init__(self, rules: Rules, date: datetime.date) -> None:
        super().__init__(rules, daily_start(rules, date))
        self.date = date

    def step(self, nodes: int) -> dict[str, Any] | None:
        result = super().step(nodes)
        if result is not None:
            result["date"] = self.date.isoformat()
        return result


def daily_deal(rules: Rules, date: datetime.date) -> int:
    """The deal number of the day for that game."""
    number: int = run_to_end(DailyDeal(rules, date))["deal"]
    return number

