"""A game being played: its deal, its history, undo and redo, the player's settings, the time played.

One *decision* of the player (a move, a click, a redeal) may set off automatic
moves (auto move, auto complete). They are kept together in one group, so one
undo takes back one decision. Every move goes through the engine's checked door
when it is made and again when a save is read back, so a session can never hold
a position the rules do not allow.

The session also decides what the statistics count (``counting.py``): it keeps
how the deal was opened, the help given and whether the game was counted, in
its save, and each change that finishes a game leaves a result to count
(:meth:`Session.take_result`).

What the player is told about their game is its coach's (``coach.py``), which
the session makes and tells of every change; a click on the move the coach shows
plays that move. The save's format is ``save_format.py``'s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .cards import card_str
from .clock import Clock
from .coach import Coach
from .counting import OPENINGS, Record, Result
from .deals import DRAWN_DEALS, deal, parse_deal_number
from .engine import (
    apply_move,
    auto_move_is_safe,
    click_destination,
    explain_illegal,
    foundation_sweep,
    is_free,
    is_stuck,
    is_won,
    move_to,
    play,
)
from .errors import IllegalMoveError
from .games import find_game
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Rules

CHANGES = ("new", "restore", "restart", "decision", "undo", "redo", "none")
"""What the last change to a session was: a deal dealt, a save restored, a restart,
a decision of the player, an undo, a redo, or nothing on the table (a setting)."""


@dataclass(frozen=True)
class Settings:
    """The player's engine settings (docs/rules.md, Choices the app makes).

    The first three change how moves are made, each on by default; ``warn_lost``
    has the coach check every move in the background and say when the game
    has just been lost (off by default: it spends the device's battery).
    """

    click_to_play: bool = True
    auto_move: bool = True
    auto_complete: bool = True
    warn_lost: bool = False


SETTING_NAMES = {
    "clickToPlay": "click_to_play",
    "autoMove": "auto_move",
    "autoComplete": "auto_complete",
    "warnLost": "warn_lost",
}
"""Each engine setting as the page names it (the API's JSON) -> its field of :class:`Settings`."""


def random_deal_number() -> int:
    """A deal number for "new deal": any of the first billion, uniformly."""
    return random.SystemRandom().randint(1, DRAWN_DEALS)


class Session:
    """A game in progress. Build one with :meth:`new` or :meth:`restore`.

    ``now``: the clock's time source (seconds, monotonic), which tests replace.
    """

    def __init__(
        self,
        rules: Rules,
        start: Position,
        deal_number: int | None,
        settings: Settings | None = None,
        record: Record | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rules = rules
        self.start = start
        self.deal_number = deal_number
        self.settings = settings or Settings()
        self.opening: list[Move] = []
        self.groups: list[list[Move]] = []
        self.redo_groups: list[list[Move]] = []
        self._positions: list[Position] = []
        self._returned: list[frozenset[int]] = []  # per position: cards the player took back
        self.last_moves: list[Move] = []
        # The decisions the last undo took back, latest first, each with the position it was made in.
        self.undone: list[tuple[Move, Position]] = []
        self.started = False  # a decision has been made on this attempt: the clock runs (follow_clock)
        self.clock = Clock(now)
        self.visible = True  # the page is on screen: the clock may run (the page reports it)
        self.coach = Coach(self)
        self.record = record or Record(opening="random" if deal_number is not None else "position")
        self.change = "new"
        self.last_from = start  # the position the last moves were made from
        self._result: Result | None = None
        self._open()

    # -- building -----------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str,
        number: int | str | None = None,
        settings: Settings | None = None,
        opening: str = "random",
        daily: str | None = None,
    ) -> Session:
        """Deal ``number`` of ``game`` (a random deal when None), opened as ``opening`` (counting.OPENINGS)."""
        if opening not in OPENINGS or (opening == "daily") != (daily is not None):
            raise ValueError(f"bad opening {opening!r} (daily {daily!r})")
        rules = find_game(game)
        number = random_deal_number() if number is None else parse_deal_number(number)
        return cls(rules, deal(rules, number), number, settings, Record(opening=opening, daily=daily))

    @classmethod
    def from_position(cls, rules: Rules, position: Position, settings: Settings | None = None) -> Session:
        """A session that starts from a typed or prepared position."""
        return cls(rules, position, None, settings)

    def _open(self) -> None:
        """Reset to the start, playing the automatic moves the deal allows at once."""
        self.groups = []
        self.opening, position = self._automatic_moves(self.start, frozenset())
        self._positions = [position]
        self._returned = [frozenset()]
        self.last_moves = list(self.opening)
        self.last_from = self.start

    # -- reading ------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def won(self) -> bool:
        return is_won(self.position)

    @property
    def stuck(self) -> bool:
        return is_stuck(self.rules, self.position)

    @property
    def in_progress(self) -> bool:
        """A game the player has started and not finished (won or stuck): leaving it asks first."""
        return self.decisions > 0 and not self.won and not self.stuck

    @property
    def leaving_loses(self) -> str | None:
        """What leaving this game loses, so the page asks first: ``"game"`` (in progress:
        it counts as lost), ``"redo"`` (the decisions taken back, which could be made
        again: taken back to the deal's start, nothing counts, but the way back is
        gone), or None (nothing)."""
        if self.in_progress:
            return "game"
        if self.can_redo and not self.won:
            return "redo"
        return None

    @property
    def can_undo(self) -> bool:
        return bool(self.groups)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_groups)

    @property
    def decisions(self) -> int:
        """How many decisions the player has made (what a "moves" counter shows)."""
        return len(self.groups)

    def history(self) -> list[Position]:
        """The position after the opening and after each decision, oldest first."""
        return list(self._positions)

    def click_target(self, card: int) -> int | None:
        """Where a click on ``card`` would play it (see engine.click_destination)."""
        return click_destination(self.rules, self.position, card)

    # -- saving -------------------------------------------------------------

    def save(self) -> str:
        """The save that :meth:`restore` reads back exactly (its format: ``save_format.py``)."""
        from . import save_format  # the format reads sessions back: it imports this module

        return save_format.write(self)

    @classmethod
    def restore(cls, text: str, played: float = 0) -> Session:
        """The session a save holds; anything else is an InvalidInputError (``save_format.py``).

        ``played``: the milliseconds played, for a save written before saves kept them.
        """
        from . import save_format

        return save_format.read(text, played)

    # -- playing ------------------------------------------------------------

    def play(self, move: Move) -> list[Move]:
        """Make one decision of the player; returns every move it caused."""
        returned = self._returned_after(move)
        automatic, position = self._automatic_moves(play(self.rules, self.position, move), returned)
        group = [move, *automatic]
        self.last_from = self.position
        self.groups.append(group)
        self._positions.append(position)
        self._returned.append(returned)
        self.redo_groups = []
        self.last_moves = group
        self._changed("decision")
        return group

    def click(self, card: int) -> list[Move]:
        """Play ``card`` where a click plays it; IllegalMoveError when it has nowhere to go.

        A click on the card of the move the coach shows (the hint on show, the
        solution's next decision) plays that move, which the click rule alone
        might not choose.
        """
        if not self.settings.click_to_play:
            raise IllegalMoveError("click to play is off: drag the card where it should go", "click-off")
        shown = self.coach.clicked_move(card)
        if shown is not None:
            return self.play(shown)
        dest = self.click_target(card)
        if dest is None:
            raise self.why_stuck(card)
        return self.play(move_to(self.rules, self.position, card, dest))

    def why_stuck(self, card: int) -> IllegalMoveError:
        """Why ``card`` cannot be played by a click: covered, or nowhere to go.

        The refusal a click on it gets, and what a drag of a card that cannot
        move says (the page asks, rather than reading the table itself).
        """
        source = self.position.find(card)
        if source is not None and source >= 0 and not is_free(self.rules, self.position, card):
            return IllegalMoveError(f"{card_str(card)} is covered", "covered")
        return IllegalMoveError(f"{card_str(card)} has nowhere to go", "nowhere")

    def redeal(self) -> list[Move]:
        return self.play(REDEAL)

    # -- lines of decisions -------------------------------------------------

    def decisions_along(self, line: Sequence[Move], back: int = 0) -> list[tuple[Move, Position, Position]]:
        """The decisions that play ``line`` from ``back`` decisions ago, with this session's automatic moves.

        Each with the position it is made in and the one it leads to. A
        foundation move that auto move has already made is skipped; if a move
        of the line is not legal where the session stands (the session's
        automatic moves went another way), the decisions stop there, as they
        do at a win.
        """
        index = len(self._positions) - 1 - back
        if not 0 <= index < len(self._positions):
            raise ValueError(f"no position {back} decisions back")
        position, returned = self._positions[index], self._returned[index]
        steps: list[tuple[Move, Position, Position]] = []
        for move in line:
            if is_won(position):
                break
            if not move.is_redeal and move.dest == FOUNDATION and position.find(move.card) is None:
                continue  # auto move played it already
            if explain_illegal(self.rules, position, move) is not None:
                break
            returned = _returned_after(position, returned, move)
            _, after = self._automatic_moves(apply_move(self.rules, position, move), returned)
            steps.append((move, position, after))
            position = after
        return steps

    def undo(self) -> list[Move]:
        """Take back the last decision and the automatic moves it caused."""
        if not self.groups:
            raise IllegalMoveError("nothing to undo", "no-undo")
        group = self.groups.pop()
        self._positions.pop()
        self._returned.pop()
        self.last_from = self.position  # where the decision undone was made
        self.redo_groups.append(group)
        self.last_moves = []
        self.undone.append((group[0], self.position))
        self._changed("undo")
        return group

    def redo(self) -> list[Move]:
        """Make again the last decision undone, with the same automatic moves."""
        if not self.redo_groups:
            raise IllegalMoveError("nothing to redo", "no-redo")
        group = self.redo_groups.pop()
        self.replay_group(group)
        self._changed("redo")
        return group

    def restart(self) -> None:
        """Back to the start of this deal; the history is dropped, and the attempt left counts (a loss after a move)."""
        self._result = self.leave()
        self.record = self.record.restarted()
        self.redo_groups = []
        self._open()
        self.clock.restore(0)
        self.started = False
        self._changed("restart")

    def change_settings(self, **changes: bool) -> None:
        before = self.settings
        self.settings = replace(self.settings, **changes)
        self.last_moves = []
        if (before.auto_move, before.auto_complete) != (self.settings.auto_move, self.settings.auto_complete):
            self.coach.settings_changed()
        self._changed("none")

    def set_visible(self, visible: bool) -> None:
        """The page is shown or hidden: the clock runs only while it is shown."""
        self.visible = visible
        self.unchanged()
        self.follow_clock()

    def unchanged(self) -> None:
        """The table is answered again with nothing on it changed (the page shown again, the solution put away)."""
        self.last_moves = []
        self.undone = []
        self.change = "none"

    # -- what the statistics count --------------------------------------------

    def leave(self) -> Result | None:
        """The player leaves this game (another deal, a restart): its result, when it counts (a loss)."""
        return self.record.on_leave(self.rules.id, self.decisions, self.won, self.seconds_played())

    def seconds_played(self) -> float:
        return self.clock.played() / 1000

    def take_result(self) -> Result | None:
        """The result the last change left to count (a win, or the loss a restart left), once."""
        result, self._result = self._result, None
        return result

    def helped(self, *, hint: bool = False, solution: bool = False) -> None:
        """The player was given a hint, or shown the solution (counting.Record)."""
        record = self.record
        self.record = replace(record, hints=record.hints + int(hint), shown=record.shown or solution)

    def proved(self) -> None:
        """A search has won this deal from a position of this game: it counts among the solvable ones."""
        if self.deal_number is not None:
            self.record = replace(self.record, proved=True)

    def follow_clock(self) -> None:
        """Run the clock while the game has started (a decision made, or time already played),
        is not finished (won or stuck), and the page is shown; else hold it."""
        self.started = self.started or self.decisions > 0 or self.clock.played() > 0
        self.clock.run(self.started and not self.won and not self.stuck and self.visible)

    def _changed(self, change: str) -> None:
        """Any change: the coach hears of it and the clock follows; a decision made or redone
        that wins leaves its first win to count."""
        self.change = change
        if change != "undo":
            self.undone = []
        if change in ("decision", "redo"):
            self._result = None
        self.coach.changed(change)
        self.follow_clock()
        if change in ("decision", "redo") and self.won:
            self.record, self._result = self.record.on_win(self.rules.id, self.decisions, self.seconds_played())

    # -- automatic moves ----------------------------------------------------

    def _automatic_moves(self, position: Position, returned: frozenset[int]) -> tuple[list[Move], Position]:
        """Auto move, then auto complete, as the settings ask; the moves and where they lead.

        Auto move sends each fan top that fits its foundation and is safe there
        (engine.auto_move_is_safe), but never a card the player has taken back
        from a foundation and left where it is (``returned``): the player wanted
        it in play.
        """
        rules = self.rules
        moves: list[Move] = []
        if self.settings.auto_move:
            moves, position = foundation_sweep(
                rules, position, lambda pos, card: card not in returned and auto_move_is_safe(rules, pos, card)
            )
        if self.settings.auto_complete and not is_won(position):
            finish, end = foundation_sweep(rules, position)
            if is_won(end):
                moves, position = moves + finish, end
        return moves, position

    def _returned_after(self, move: Move) -> frozenset[int]:
        """The cards taken back from a foundation by the player, after the decision ``move``."""
        return _returned_after(self.position, self._returned[-1], move)

    def replace_opening(self, opening: list[Move]) -> None:
        """Use the opening moves recorded in a save instead of working them out again (each checked)."""
        position = self.start
        for move in opening:
            position = play(self.rules, position, move)
        self.opening = opening
        self.groups = []
        self._positions = [position]
        self._returned = [frozenset()]

    def check_redo(self) -> None:
        """Raise IllegalMoveError unless every group that can be redone replays legally, in redo order."""
        position = self.position
        for group in reversed(self.redo_groups):
            for move in group:
                position = play(self.rules, position, move)

    def replay_group(self, group: list[Move]) -> None:
        """Apply a recorded group, checking every move (used by redo and restore)."""
        returned = self._returned_after(group[0])
        position = self.position
        for move in group:
            position = play(self.rules, position, move)
        self.last_from = self.position
        self.groups.append(list(group))
        self._positions.append(position)
        self._returned.append(returned)
        self.last_moves = list(group)


def _returned_after(position: Position, returned: frozenset[int], move: Move) -> frozenset[int]:
    """The cards the player has taken back from a foundation, after the decision ``move``."""
    returned = returned - {move.card}
    if not move.is_redeal and move.dest != FOUNDATION and position.find(move.card) is None:
        returned |= {move.card}
    return returned
