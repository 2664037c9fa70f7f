"""Players' statistics: games played and won, streaks, best time, fewest moves.

The browser keeps the statistics (in localStorage) as the JSON text this module
writes; all the counting is here, so it is tested like the rules. The format is
versioned: :func:`load` reads every version written so far and upgrades it, and
text it cannot read is an :class:`InvalidInputError` (the page then starts afresh
and says so, rather than losing the whole app).

Each game has three buckets: ``all`` (every game), ``solvable`` (deals played
with "solvable deals only" on) and ``daily`` (deals of the day, which also count
the days in a row the player won the deal of the day).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from datetime import date, timedelta
from typing import Any

from .errors import InvalidInputError
from .games import find_game

STATS_VERSION = 1
RECENT = 30
BUCKETS = ("all", "solvable", "daily")


@dataclass(frozen=True)
class Bucket:
    """The record of one kind of game; ``recent`` is 1 for a win, 0 for a loss, oldest first."""

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

    def record(self, won: bool, moves: int, seconds: float, day: str | None = None) -> Bucket:
        recent = (*self.recent, int(won))[-RECENT:]
        if not won:
            return replace(self, played=self.played + 1, streak=0, recent=recent)
        streak = self.streak + 1
        updated = replace(
            self,
            played=self.played + 1,
            won=self.won + 1,
            streak=streak,
            best_streak=max(self.best_streak, streak),
            best_time=seconds if self.best_time is None else min(self.best_time, seconds),
            fewest_moves=moves if self.fewest_moves is None else min(self.fewest_moves, moves),
            recent=recent,
        )
        if day is not None and day != self.last_day:
            follows = self.last_day is not None and _day_after(self.last_day) == day
            day_streak = self.day_streak + 1 if follows else 1
            updated = replace(
                updated, last_day=day, day_streak=day_streak, best_day_streak=max(self.best_day_streak, day_streak)
            )
        return updated

    def summary(self) -> dict[str, Any]:
        data = asdict(self)
        data["recent"] = list(self.recent)
        data["win_rate"] = round(self.won / self.played, 4) if self.played else None
        return data


@dataclass(frozen=True)
class Stats:
    """Every game's buckets, keyed by game id then bucket name."""

    games: dict[str, dict[str, Bucket]] = field(default_factory=dict)

    def bucket(self, game: str, kind: str) -> Bucket:
        return self.games.get(game, {}).get(kind, Bucket())

    def record(
        self, game: str, won: bool, moves: int, seconds: float, solvable: bool = False, daily: str | None = None
    ) -> Stats:
        """The statistics after one finished game (won, or lost: abandoned or stuck)."""
        game = find_game(game).id
        if moves < 0 or seconds < 0:
            raise InvalidInputError("moves and time cannot be negative")
        if daily is not None:
            daily = _parse_day(daily)
        kinds = ["all"] + (["solvable"] if solvable else []) + (["daily"] if daily else [])
        buckets = dict(self.games.get(game, {}))
        for kind in kinds:
            buckets[kind] = self.bucket(game, kind).record(won, moves, seconds, daily if kind == "daily" else None)
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
        return json.dumps(data, separators=(",", ":"), sort_keys=True)


def _bucket_json(bucket: Bucket) -> dict[str, Any]:
    defaults = Bucket()
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in asdict(bucket).items()
        if value != getattr(defaults, key)
    }


def load(text: str | None) -> Stats:
    """Statistics from their saved text; None or "" is a fresh start."""
    if not text:
        return Stats()
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != STATS_VERSION:
            raise InvalidInputError(f"unknown statistics version {data.get('v') if isinstance(data, dict) else None!r}")
        games: dict[str, dict[str, Bucket]] = {}
        for game, buckets in data["games"].items():
            game = find_game(game).id
            games[game] = {}
            for kind, fields in buckets.items():
                if kind not in BUCKETS:
                    raise InvalidInputError(f"unknown statistics bucket {kind!r}")
                if "recent" in fields:
                    fields = {**fields, "recent": tuple(int(bool(x)) for x in fields["recent"])[-RECENT:]}
                bucket = Bucket(**fields)
                if not 0 <= bucket.won <= bucket.played:
                    raise InvalidInputError("statistics count more wins than games")
                games[game][kind] = bucket
        return Stats(games)
    except InvalidInputError as error:
        raise InvalidInputError(f"the statistics cannot be read: {error}") from None
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise InvalidInputError(f"the statistics cannot be read: {type(error).__name__}") from None


def _parse_day(text: str) -> str:
    try:
        return date.fromisoformat(str(text)).isoformat()
    except ValueError:
        raise InvalidInputError(f"bad date {str(text)[:20]!r}: write YYYY-MM-DD") from None


def _day_after(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()
