"""A game being played: its deal, its history, undo and redo, and the player's settings.

One *decision* of the player (a move, a click, a redeal) may set off automatic
moves (auto move, auto complete). They are kept together in one group, so one
undo takes back one decision. Every move goes through the engine's checked door
when it is made and again when a save is read back, so a session can never hold
a position the rules do not allow.

The session also decides what the statistics count (``counting.py``): it keeps
how the deal was opened, the help given and whether the game was counted, in
its save, and each change that finishes a game leaves a result to count
(:meth:`Session.take_result`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import card_str
from .counting import OPENINGS, Record, Result
from .deals import DRAWN_DEALS, deal, parse_deal_number
from .engine import (
    apply_move,
    auto_move_is_safe,
    click_destination,
    explain_illegal,
    foundation_sweep,
    is_stuck,
    is_won,
    play,
)
from .errors import CloverLeafError, IllegalMoveError, InvalidInputError
from .games import find_game
from .inputs import json_int, json_list, json_object, json_str, parse_iso_date, parse_json, quote
from .notation import format_position, parse_move, parse_position
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Rules

SAVE_VERSION = 2
"""Version 2 adds the statistics' record ("how", "date", "help", "counted"); version 1 saves still load."""
MAX_SAVE_BYTES = 262144
"""The largest save read, in bytes: room for some 35,000 decisions (a won game takes a few hundred)."""
MAX_SAVE_DEPTH = 2
"""A save is an object of strings and lists of strings or flags: nested two deep."""
_SAVE_FIELDS = frozenset(
    {"v", "game", "deal", "start", "open", "moves", "redo", "settings", "how", "date", "help", "counted"}
)
CHANGES = ("new", "restore", "restart", "decision", "undo", "redo", "none")
"""What the last change to a session was: a deal dealt, a save restored, a restart,
a decision of the player, an undo, a redo, or nothing on the table (a setting)."""


@dataclass(frozen=True)
class Settings:
    """The player's three engine settings (docs/rules.md, Choices the app makes), each on by default."""

    click_to_play: bool = True
    auto_move: bool = True
    auto_complete: bool = True


SETTING_NAMES = {"clickToPlay": "click_to_play", "autoMove": "auto_move", "autoComplete": "auto_complete"}
"""Each engine setting as the page names it (the API's JSON) -> its field of :class:`Settings`."""


def random_deal_number() -> int:
    """A deal number for "new deal": any of the first billion, uniformly."""
    return random.SystemRandom().randint(1, DRAWN_DEALS)


class Session:
    """A game in progress. Build one with :meth:`new` or :meth:`restore`."""

    def __init__(
        self,
        rules: Rules,
        start: Position,
        deal_number: int | None,
        settings: Settings | None = None,
        record: Record | None = None,
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
        # The plan the hints follow: a position of this game -> (the decision a
        # hint suggests there, the position it leads to). See :meth:`follow`.
        self.plan: dict[Position, tuple[Move, Position]] = {}
        # The position where a hint was last shown: a click on the hinted card
        # there plays the hinted move (see :meth:`click`); ``likely``, the move
        # hinted there when it is a likely one, not the plan's.
        self.hinted: Position | None = None
        self.likely: Move | None = None
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
        self.hinted = None
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

    # -- playing ------------------------------------------------------------

    def play(self, move: Move) -> list[Move]:
        """Make one decision of the player; returns every move it caused."""
        returned = self._returned_after(move)
        automatic, position = self._automatic_moves(play(self.rules, self.position, move), returned)
        group = [move, *automatic]
        self.hinted = None
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

        Right after a hint, a click on the hinted card plays the hinted move,
        which the click rule alone might not choose.
        """
        if not self.settings.click_to_play:
            raise IllegalMoveError("click to play is off: drag the card where it should go", "click-off")
        hinted = (self.likely or self.hint_move()) if self.hinted == self.position else None
        if hinted is not None and hinted.card == card:
            return self.play(hinted)
        dest = self.click_target(card)
        if dest is None:
            raise self.why_stuck(card)
        return self.play(Move(card, dest))

    def why_stuck(self, card: int) -> IllegalMoveError:
        """Why ``card`` cannot be played by a click: covered, or nowhere to go.

        The refusal a click on it gets, and what a drag of a card that cannot
        move says (the page asks, rather than reading the table itself).
        """
        source = self.position.find(card)
        if source is not None and self.position.fans[source][-1] != card:
            return IllegalMoveError(f"{card_str(card)} is covered", "covered")
        return IllegalMoveError(f"{card_str(card)} has nowhere to go", "nowhere")

    def redeal(self) -> list[Move]:
        return self.play(REDEAL)

    # -- following a solution -----------------------------------------------

    def hint_move(self) -> Move | None:
        """The decision the plan makes here, or None when the plan does not pass here."""
        step = self.plan.get(self.position)
        return step[0] if step else None

    def plan_ahead(self, back: int = 0) -> list[tuple[Move, Position]]:
        """The plan's decisions from ``back`` decisions ago on, each with the position it is made in
        (empty when the plan does not pass there)."""
        steps: list[tuple[Move, Position]] = []
        position = self._positions[len(self._positions) - 1 - back]
        while position in self.plan and len(steps) <= 52 * 13:
            move, after = self.plan[position]
            steps.append((move, position))
            position = after
        return steps

    def follow(self, solution: Sequence[Move], back: int = 0) -> bool:
        """Make ``solution`` the plan, from the position ``back`` decisions ago.

        A solution is a list of moves, foundation moves included, as the solver
        writes it; the plan is the player's decisions that play it with this
        session's automatic moves, each keyed by the position where it is made
        (:meth:`decisions_along`). Keying by position lets the plan survive
        undo and redo along it, and lets a hint continue it at once. Returns
        whether the plan reaches a win.
        """
        steps = self.decisions_along(solution, back)
        self.plan = {before: (move, after) for move, before, after in steps}
        return is_won(steps[-1][2] if steps else self._positions[len(self._positions) - 1 - back])

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
        self.hinted = None
        self._positions.pop()
        self._returned.pop()
        self.redo_groups.append(group)
        self.last_moves = []
        self.change = "undo"
        return group

    def redo(self) -> list[Move]:
        """Make again the last decision undone, with the same automatic moves."""
        if not self.redo_groups:
            raise IllegalMoveError("nothing to redo", "no-redo")
        group = self.redo_groups.pop()
        self._replay_group(group)
        self._changed("redo")
        return group

    def restart(self) -> None:
        """Back to the start of this deal; the history is dropped, and the attempt left counts (a loss after a move)."""
        self._result = self.leave()
        self.record = self.record.restarted()
        self.redo_groups = []
        self._open()
        self.change = "restart"

    def change_settings(self, **changes: bool) -> None:
        self.settings = replace(self.settings, **changes)
        self.last_moves = []
        self.change = "none"

    # -- what the statistics count --------------------------------------------

    def leave(self) -> Result | None:
        """The player leaves this game (another deal, a restart): its result, when it counts (a loss)."""
        return self.record.on_leave(self.rules.id, self.decisions, self.won)

    def take_result(self) -> Result | None:
        """The result the last change left to count (a win, or the loss a restart left), once."""
        result, self._result = self._result, None
        return result

    def helped(self, *, hint: bool = False, solution: bool = False) -> None:
        """The player was given a hint, or shown the solution (counting.Record)."""
        record = self.record
        self.record = replace(record, hints=record.hints + int(hint), shown=record.shown or solution)

    def _changed(self, change: str) -> None:
        """A decision made or redone: a first win on the table is left to count."""
        self.change = change
        self._result = None
        if self.won:
            self.record, self._result = self.record.on_win(self.rules.id, self.decisions)

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

    def _replay_group(self, group: list[Move]) -> None:
        """Apply a recorded group, checking every move (used by redo and restore)."""
        returned = self._returned_after(group[0])
        position = self.position
        for move in group:
            position = play(self.rules, position, move)
        self.hinted = None
        self.last_from = self.position
        self.groups.append(list(group))
        self._positions.append(position)
        self._returned.append(returned)
        self.last_moves = list(group)

    # -- saving -------------------------------------------------------------

    def save(self) -> str:
        """A compact, versioned JSON string that :meth:`restore` reads back exactly."""
        data: dict[str, Any] = {"v": SAVE_VERSION, "game": self.rules.id}
        if self.deal_number is not None:
            data["deal"] = str(self.deal_number)
        else:
            data["start"] = format_position(self.rules, self.start)
        data["open"] = _group_text(self.opening)
        data["moves"] = [_group_text(group) for group in self.groups]
        data["redo"] = [_group_text(group) for group in self.redo_groups]
        s = self.settings
        data["settings"] = [int(s.click_to_play), int(s.auto_move), int(s.auto_complete)]
        record = self.record
        data["how"] = record.opening
        if record.daily is not None:
            data["date"] = record.daily
        data["help"] = [record.hints, int(record.shown)]
        data["counted"] = int(record.counted)
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str) -> Session:
        """Read a save; anything but a save this class could have written is an InvalidInputError.

        The text is bounded before it is parsed (:data:`MAX_SAVE_BYTES`,
        :data:`MAX_SAVE_DEPTH`), every field has its exact type, and every
        move is replayed through the checked door: the moves made and also the
        moves that can be redone, so a save that restores can always be
        redone to its end.
        """
        try:
            return cls._read_save(text)
        except CloverLeafError as error:
            raise InvalidInputError(f"the saved game cannot be read: {error}") from None

    @classmethod
    def _read_save(cls, text: str) -> Session:
        raw = parse_json(text, what="the save", max_bytes=MAX_SAVE_BYTES, max_depth=MAX_SAVE_DEPTH)
        data = json_object(raw, what="the save", keys=_SAVE_FIELDS)
        version = data.get("v")
        if type(version) is not int or version not in (1, SAVE_VERSION):
            raise InvalidInputError(f"unknown save version {quote(version)}")
        if version == 1 and not _SAVE_FIELDS_V1.issuperset(data):
            raise InvalidInputError(f"a version 1 save holds no {quote(sorted(set(data) - _SAVE_FIELDS_V1)[0])}")
        rules = find_game(json_str(data.get("game"), what="game"))
        settings = _settings_from_save(data.get("settings", [1, 1, 1]))
        if ("deal" in data) == ("start" in data):
            raise InvalidInputError("a save holds either a deal number or a start position")
        if "deal" in data:
            number = parse_deal_number(json_str(data["deal"], what="deal number"))
            session = cls(rules, deal(rules, number), number, settings)
        else:
            session = cls(rules, parse_position(rules, json_str(data["start"], what="start position")), None, settings)
        session._replace_opening(_parse_group(json_str(data.get("open", ""), what="opening moves")))
        for group in _groups_from_save(data.get("moves", []), "moves"):
            session._replay_group(group)
        session.redo_groups = _groups_from_save(data.get("redo", []), "redo")
        session._check_redo()
        session.last_moves = []
        session.record = _record_from_save(data, session)
        session.change = "restore"
        return session

    def _check_redo(self) -> None:
        """Raise IllegalMoveError unless every group that can be redone replays legally, in redo order."""
        position = self.position
        for group in reversed(self.redo_groups):
            for move in group:
                position = play(self.rules, position, move)

    def _replace_opening(self, opening: list[Move]) -> None:
        """Use the opening moves recorded in a save instead of recomputing them."""
        position = self.start
        for move in opening:
            position = play(self.rules, position, move)
        self.opening = opening
        self.groups = []
        self._positions = [position]
        self._returned = [frozenset()]


_SAVE_FIELDS_V1 = frozenset({"v", "game", "deal", "start", "open", "moves", "redo", "settings"})


def _record_from_save(data: dict[str, object], session: Session) -> Record:
    """The statistics' record of a save. A version 1 save has none: its deal counts as
    a random one (a typed position's as a position), and a won game as counted already."""
    default = "random" if session.deal_number is not None else "position"
    opening = json_str(data.get("how", default), what="how the deal was opened")
    if opening not in OPENINGS:
        raise InvalidInputError(f"unknown opening {quote(opening)}")
    daily = None
    if "date" in data:
        daily = parse_iso_date(json_str(data["date"], what="date"), "date").isoformat()
    if (opening == "daily") != (daily is not None):
        raise InvalidInputError("a deal of the day holds its date, and only it")
    help_flags = json_list(data.get("help", [0, 0]), what="help", max_items=2)
    if len(help_flags) != 2:
        raise InvalidInputError(f"help must hold 2 numbers, not {len(help_flags)}")
    hints = json_int(help_flags[0], what="hints", low=0, high=MAX_SAVE_BYTES)
    shown = json_int(help_flags[1], what="solution shown", low=0, high=1)
    counted = json_int(data.get("counted", int(session.won)), what="counted", low=0, high=1)
    return Record(opening, daily, hints, bool(shown), bool(counted))


def _returned_after(position: Position, returned: frozenset[int], move: Move) -> frozenset[int]:
    """The cards the player has taken back from a foundation, after the decision ``move``."""
    returned = returned - {move.card}
    if not move.is_redeal and move.dest != FOUNDATION and position.find(move.card) is None:
        returned |= {move.card}
    return returned


def _group_text(group: list[Move]) -> str:
    return " ".join(str(move) for move in group)


def _parse_group(text: str) -> list[Move]:
    return [parse_move(token) for token in text.split()]


def _groups_from_save(value: object, what: str) -> list[list[Move]]:
    """A save's list of decisions, each a non-empty string of moves."""
    groups = []
    for number, item in enumerate(json_list(value, what=what, max_items=MAX_SAVE_BYTES), start=1):
        group = _parse_group(json_str(item, what=f"{what} entry {number}"))
        if not group:
            raise InvalidInputError(f"{what} entry {number} holds no move")
        groups.append(group)
    return groups


def _settings_from_save(value: object) -> Settings:
    """Exactly three flags, each the integer 0 or 1 (as :meth:`Session.save` writes them)."""
    flags = json_list(value, what="settings", max_items=3)
    if len(flags) != 3:
        raise InvalidInputError(f"settings must hold 3 flags, not {len(flags)}")
    click_to_play, auto_move, auto_complete = (json_int(flag, what="setting", low=0, high=1) for flag in flags)
    return Settings(bool(click_to_play), bool(auto_move), bool(auto_complete))
