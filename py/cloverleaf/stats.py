"""Players' statistics: games played and won, streaks, best time, fewest moves.

The browser keeps the statistics (in localStorage) as the JSON text this module
writes; all the counting is here, so it is tested like the rules. The format is
versioned: :func:`load` reads every version written so far and upgrades it, and
text it cannot read is an :class:`InvalidInputError` (the page then starts afresh
and says so, rather than losing the whole app).

Each game has three buckets: ``all`` (every game), ``solvable`` (deals played
with "solvable deals only" on) and ``daily`` (deals of the day, which also count
the days in a row the player won the deal of the day).

Help is counted honestly: a game won after a hint is a win "with help". It
counts among the games played and won (``helped`` says how many of the wins
had help), but the records are the player's own: the best time, the fewest
moves and every streak come from games won alone. A win with help leaves the
streaks as they were: it adds no win to them, and it breaks none either (only a
loss does), so a player who asks for a hint once loses nothing they had won
alone (the statistics panel says so). Statistics written before this rule
load with no win counted as helped.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from dataclasses import fields as dataclass_fields
from datetime import date, timedelta
from typing import Any

from .errors import InvalidInputError
from .games import CATALOGUE, find_game
from .inputs import json_int, json_list, json_number, json_object, json_str, parse_iso_date, parse_json, quote

STATS_VERSION = 1
MAX_STATS_BYTES = 65536
"""The largest statistics text read, in bytes: every game's buckets take a few kilobytes."""
MAX_STATS_DEPTH = 5
"""Statistics nest five deep: the record, its games, a game, a bucket, the recent results."""
MAX_COUNT = 2**53 - 1
"""The largest count or move number kept: the largest integer a JavaScript number holds exactly."""
MAX_SECONDS = 1e9
"""The longest time kept, in seconds (some 31 years)."""
RECENT = 30
WON_WITH_HELP = 2
"""A win with help among the recent results (a win alone is 1, a loss 0)."""
BUCKETS = ("all", "solvable", "daily")
_GAME_IDS = frozenset(rules.id for rules in CATALOGUE)


@dataclass(frozen=True)
class Bucket:
    """The record of one kind of game; ``recent``, oldest first: 1 for a win alone, 2 for a win with
    help, 0 for a loss (the results chart draws each apart)."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    recent: tuple[int, ...] = ()
    last_day: str | None = None
    day_streak: int = 0
    best_day_streak: int = 0
    helped: int = 0
    """How many of the wins had help (a hint): counted as wins, never as records or streaks."""

    def record(
        self, won: bool, moves: int, seconds: float, day: str | None = None, helped: bool = False
    ) -> Bucket:
        recent = (*self.recent, WON_WITH_HELP if won and helped else int(won))[-RECENT:]
        if not won:
            return replace(self, played=_add_one(self.played), streak=0, recent=recent)
        if helped:
            return replace(
                self, played=_add_one(self.played), won=_add_one(self.won), helped=_add_one(self.helped), recent=recent
            )
        streak = _add_one(self.streak)
        updated = replace(
            self,
            played=_add_one(self.played),
            won=_add_one(self.won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            best_time=seconds if self.best_time is None else min(self.best_time, seconds),
            fewest_moves=moves if self.fewest_moves is None else min(self.fewest_moves, moves),
            recent=recent,
        )
        if day is not None and day != self.last_day:
            follows = self.last_day is not None and _day_after(self.last_day) == day
            day_streak = _add_one(self.day_streak) if follows else 1
            updated = replace(
                updated, last_day=day, day_streak=day_streak, best_day_streak=max(self.best_day_streak, day_streak)
            )
        return updated

    def summary(self) -> dict[str, Any]:
        data = asdict(self)
        data["recent"] = list(self.recent)
        data["win_rate"] = round(self.won / self.played, 4) if self.played else None
        return data


_BUCKET_FIELDS = frozenset(field.name for field in dataclass_fields(Bucket))
_COUNT_FIELDS = ("played", "won", "streak", "best_streak", "day_streak", "best_day_streak", "helped")


@dataclass(frozen=True)
class Stats:
    """Every game's buckets, keyed by game id then bucket name."""

    games: dict[str, dict[str, Bucket]] = field(default_factory=dict)

    def bucket(self, game: str, kind: str) -> Bucket:
        return self.games.get(game, {}).get(kind, Bucket())

    def record(
        self,
        game: str,
        won: bool,
        moves: int,
        seconds: float,
        solvable: bool = False,
        daily: str | None = None,
        hints: int = 0,
    ) -> Stats:
        """The statistics after one finished game (won, or lost: abandoned or stuck).

        ``hints``: the hints given in the game; a win after any is a win with help.
        """
        game = find_game(game).id
        if not isinstance(won, bool):
            raise InvalidInputError(f"bad result {quote(won)}: won is true or false")
        moves = json_int(moves, what="move count", low=0, high=MAX_COUNT)
        seconds = round(json_number(seconds, what="time", low=0, high=MAX_SECONDS), 1)  # tenths are kept
        helped = json_int(hints, what="hints", low=0, high=MAX_COUNT) > 0
        if daily is not None:
            daily = _parse_day(daily)
        kinds = ["all"] + (["solvable"] if solvable else []) + (["daily"] if daily else [])
        buckets = dict(self.games.get(game, {}))
        for kind in kinds:
            day = daily if kind == "daily" else None
            buckets[kind] = self.bucket(game, kind).record(won, moves, seconds, day, helped)
        return Stats({**self.games, game: buckets})

    def reset(self, game: str | None = None) -> Stats:
        """Forget one game's statistics, or every game's."""
        if game is None:
            return Stats()
        game = find_game(game).id
        return Stats({key: value for key, value in self.games.items() if key != game})

    def summary(self, game: str) -> dict[str, Any]:
        game = find_game(game).id
        return {kind: self.bucket(game, kind).summary() for kind in BUCKETS}

    def dumps(self) -> str:
        data = {
            "v": STATS_VERSION,
            "games": {
                game: {kind: _bucket_json(bucket) for kind, bucket in buckets.items()}
                for game, buckets in self.games.items()
            },
        }
        return json.dumps(data, separators=(",", ":"), sort_keys=True, allow_nan=False)


def _bucket_json(bucket: Bucket) -> dict[str, Any]:
    defaults = Bucket()
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in asdict(bucket).items()
        if value != getattr(defaults, key)
    }


def load(text: str | None) -> Stats:
    """Statistics from their saved text; None or "" is a fresh start.

    Anything but statistics this module could have written is an
    :class:`InvalidInputError`: text over :data:`MAX_STATS_BYTES` or nested
    deeper than :data:`MAX_STATS_DEPTH`, unknown games, buckets or fields, and
    any field of the wrong type or range (``"streak": "3"``, a string best
    time, ``"last_day": 5``, ``1e999``, ``NaN``, ``true`` for a count).
    """
    if text is None or text == "":
        return Stats()
    try:
        return _read_stats(text)
    except InvalidInputError as error:
        raise InvalidInputError(f"the statistics cannot be read: {error}") from None


def _read_stats(text: str) -> Stats:
    raw = parse_json(text, what="the statistics", max_bytes=MAX_STATS_BYTES, max_depth=MAX_STATS_DEPTH)
    data = json_object(raw, what="the statistics", keys=frozenset({"v", "games"}))
    version = data.get("v")
    if type(version) is not int or version != STATS_VERSION:
        raise InvalidInputError(f"unknown statistics version {quote(version)}")
    games: dict[str, dict[str, Bucket]] = {}
    for game, buckets in json_object(data.get("games"), what="games").items():
        if game not in _GAME_IDS:
            raise InvalidInputError(f"unknown game {quote(game)}")
        games[game] = {
            kind: _read_bucket(fields, f"{game} {kind}")
            for kind, fields in json_object(buckets, what=f"{game}", keys=frozenset(BUCKETS)).items()
        }
    return Stats(games)


def _read_bucket(value: object, where: str) -> Bucket:
    fields = json_object(value, what=where, keys=_BUCKET_FIELDS)
    counts = {
        name: json_int(fields.get(name, 0), what=f"{where} {name}", low=0, high=MAX_COUNT) for name in _COUNT_FIELDS
    }
    best_time = fields.get("best_time")
    if best_time is not None:
        best_time = json_number(best_time, what=f"{where} best_time", low=0, high=MAX_SECONDS)
    fewest_moves = fields.get("fewest_moves")
    if fewest_moves is not None:
        fewest_moves = json_int(fewest_moves, what=f"{where} fewest_moves", low=0, high=MAX_COUNT)
    recent = tuple(
        json_int(result, what=f"{where} recent result", low=0, high=WON_WITH_HELP)
        for result in json_list(fields.get("recent", []), what=f"{where} recent", max_items=RECENT)
    )
    last_day = fields.get("last_day")
    if last_day is not None:
        last_day = parse_iso_date(json_str(last_day, what=f"{where} last_day"), f"{where} last_day").isoformat()
    bucket = Bucket(
        best_time=best_time, fewest_moves=fewest_moves, recent=recent, last_day=last_day, **counts
    )
    if bucket.won > bucket.played:
        raise InvalidInputError(f"{where} counts more wins than games")
    if bucket.helped > bucket.won:
        raise InvalidInputError(f"{where} counts more wins with help than wins")
    return bucket


def _parse_day(text: str) -> str:
    return parse_iso_date(text).isoformat()


def _day_after(day: str) -> str | None:
    """The next day, or None after the last day a date can hold (9999-12-31)."""
    try:
        return (date.fromisoformat(day) + timedelta(days=1)).isoformat()
    except OverflowError:
        return None


def _add_one(count: int) -> int:
    """``count + 1``, held at :data:`MAX_COUNT` so that what is written always loads back."""
    return min(count + 1, MAX_COUNT)
