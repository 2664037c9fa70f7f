"""The save: a game in progress as the browser keeps it, written and read back exactly.

A save is compact, versioned JSON. It comes back from the browser's storage,
where anything can happen to it, so reading is strict: the text is bounded
before it is parsed (:data:`MAX_SAVE_BYTES`, :data:`MAX_SAVE_DEPTH`), every
field has its exact type, and every move is replayed through the engine's
checked door, the moves that can be redone too, so a save that restores can
always be redone to its end. Anything else is an InvalidInputError with a short
message, never a session that fails later.

Versions: 1 holds the game; 2 adds the statistics' record (``how``, ``date``,
``help``, ``counted``); 3 adds the time played (``time``, in milliseconds),
the fourth engine setting (warn when the game becomes lost) and whether the
engine has proved the deal winnable (``proved``). Every version still loads: what
an older one lacks takes its value then (no time played, no warning, not proved).
"""

from __future__ import annotations

import json
from typing import Any

from .counting import OPENINGS, Record
from .deals import deal, parse_deal_number
from .errors import CloverLeafError, InvalidInputError
from .games import find_game
from .inputs import json_int, json_list, json_object, json_str, parse_iso_date, parse_json, quote
from .notation import format_position, parse_move, parse_position
from .position import Move
from .session import Session, Settings

SAVE_VERSION = 3
MAX_SAVE_BYTES = 262144
"""The largest save read, in bytes: room for some 35,000 decisions (a won game takes a few hundred)."""
MAX_SAVE_DEPTH = 2
"""A save is an object of strings and lists of strings or flags: nested two deep."""
MAX_PLAYED_MS = 10**12
"""The longest time played a save holds, in milliseconds (some 31 years)."""

_FIELDS = {
    1: frozenset({"v", "game", "deal", "start", "open", "moves", "redo", "settings"}),
    2: frozenset({"v", "game", "deal", "start", "open", "moves", "redo", "settings", "how", "date", "help", "counted"}),
}
_FIELDS[3] = _FIELDS[2] | {"time", "proved"}
_SETTING_FLAGS = {1: 3, 2: 3, 3: 4}
"""How many engine settings each version keeps, in :class:`Settings`' order."""


def write(session: Session) -> str:
    """The save of ``session``: :func:`read` gives it back exactly."""
    data: dict[str, Any] = {"v": SAVE_VERSION, "game": session.rules.id}
    if session.deal_number is not None:
        data["deal"] = str(session.deal_number)
    else:
        data["start"] = format_position(session.rules, session.start)
    data["open"] = _group_text(session.opening)
    data["moves"] = [_group_text(group) for group in session.groups]
    data["redo"] = [_group_text(group) for group in session.redo_groups]
    s = session.settings
    data["settings"] = [int(s.click_to_play), int(s.auto_move), int(s.auto_complete), int(s.warn_lost)]
    record = session.record
    data["how"] = record.opening
    if record.daily is not None:
        data["date"] = record.daily
    data["help"] = [record.hints, int(record.shown)]
    data["counted"] = int(record.counted)
    data["proved"] = int(record.proved)
    data["time"] = min(round(session.clock.played()), MAX_PLAYED_MS)
    return json.dumps(data, separators=(",", ":"))


def read(text: str, played: float = 0) -> Session:
    """The session a save holds; anything but a save :func:`write` could have written is an InvalidInputError.

    ``played``: the milliseconds played, for a save of a version that did not keep them.
    """
    try:
        return _read(text, played)
    except CloverLeafError as error:
        raise InvalidInputError(f"the saved game cannot be read: {error}") from None


def _read(text: str, played: float) -> Session:
    raw = parse_json(text, what="the save", max_bytes=MAX_SAVE_BYTES, max_depth=MAX_SAVE_DEPTH)
    data = json_object(raw, what="the save", keys=_FIELDS[SAVE_VERSION])
    version = data.get("v")
    if type(version) is not int or version not in _FIELDS:
        raise InvalidInputError(f"unknown save version {quote(version)}")
    if not _FIELDS[version].issuperset(data):
        raise InvalidInputError(f"a version {version} save holds no {quote(sorted(set(data) - _FIELDS[version])[0])}")
    rules = find_game(json_str(data.get("game"), what="game"))
    settings = _settings(data.get("settings", [1] * _SETTING_FLAGS[version]), _SETTING_FLAGS[version])
    if ("deal" in data) == ("start" in data):
        raise InvalidInputError("a save holds either a deal number or a start position")
    if "deal" in data:
        number = parse_deal_number(json_str(data["deal"], what="deal number"))
        session = Session(rules, deal(rules, number), number, settings)
    else:
        session = Session(rules, parse_position(rules, json_str(data["start"], what="start position")), None, settings)
    session.replace_opening(_parse_group(json_str(data.get("open", ""), what="opening moves")))
    for group in _groups(data.get("moves", []), "moves"):
        session.replay_group(group)
    session.redo_groups = _groups(data.get("redo", []), "redo")
    session.check_redo()
    session.last_moves = []
    session.record = _record(data, session)
    if "time" in data:
        played = json_int(data["time"], what="time played", low=0, high=MAX_PLAYED_MS)
    session.clock.restore(played)
    session.change = "restore"
    return session  # its clock held until the game is played (Session.follow_clock)


def _record(data: dict[str, object], session: Session) -> Record:
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
    proved = json_int(data.get("proved", 0), what="proved", low=0, high=1)
    return Record(opening, daily, hints, bool(shown), bool(counted), bool(proved))


def _group_text(group: list[Move]) -> str:
    return " ".join(str(move) for move in group)


def _parse_group(text: str) -> list[Move]:
    return [parse_move(token) for token in text.split()]


def _groups(value: object, what: str) -> list[list[Move]]:
    """A save's list of decisions, each a non-empty string of moves."""
    groups = []
    for number, item in enumerate(json_list(value, what=what, max_items=MAX_SAVE_BYTES), start=1):
        group = _parse_group(json_str(item, what=f"{what} entry {number}"))
        if not group:
            raise InvalidInputError(f"{what} entry {number} holds no move")
        groups.append(group)
    return groups


def _settings(value: object, count: int) -> Settings:
    """Exactly ``count`` flags, each the integer 0 or 1 (as :func:`write` writes them), in :class:`Settings`' order."""
    flags = json_list(value, what="settings", max_items=count)
    if len(flags) != count:
        raise InvalidInputError(f"settings must hold {count} flags, not {len(flags)}")
    return Settings(*(bool(json_int(flag, what="setting", low=0, high=1)) for flag in flags))
