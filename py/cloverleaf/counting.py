"""When a game counts in the player's statistics, and in which buckets.

PySolFC has the game decide what counts (``getWinStatus``, ``updateStats``);
so does this package: the session keeps a :class:`Record` beside its history
and saves it with the game, so a reload neither loses nor repeats a result,
and the page only stores what it is told to count (``stats.py`` counts it).

The rules:

- a game counts once: a win when the table is won; a loss when the player
  leaves it (another deal, another game, a restart) after at least one move
  and without a win;
- a game whose solution the app showed counts neither way, nor does a restart
  of that deal (the player has seen the way); the next deal counts again;
- the buckets follow what is known of the deal: a deal the engine has proved
  winnable counts among the solvable ones too, however it was opened (a
  solvable-deal walk, the deal of the day and the build's bank deal proved
  deals; a link or a random deal counts there once a rating, a walk or a hint's
  search has won it), the deal of the day among the daily ones;
- a result carries the time played on it (``clock.py``: from the first
  decision, held while finished or hidden).

The record also keeps the hints the player was given in this attempt, and
each result carries them: ``stats.py`` counts a win after a hint as a win
"with help" (records and streaks come from games won alone).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

OPENINGS = ("random", "solvable", "daily", "link", "bank", "position")
"""How a deal came to the table: a random deal, a solvable-deal walk's, the deal
of the day, a link (or address), the build's bank of proved deals, a typed position."""
PROVED_OPENINGS = frozenset({"solvable", "daily", "bank"})
"""The openings that deal a deal proved winnable: its game counts among the solvable ones."""


@dataclass(frozen=True)
class Result:
    """A finished game for the statistics (``stats.Stats.record`` takes its fields)."""

    game: str
    won: bool
    moves: int
    solvable: bool
    daily: str | None
    hints: int
    seconds: float


@dataclass(frozen=True)
class Record:
    """What the statistics need to know about the game on the table.

    ``opening``: one of :data:`OPENINGS`; ``daily``: the date of the deal of
    the day (with ``opening == "daily"``); ``hints``: hints given in this
    attempt; ``shown``: the app showed this deal's solution (kept through a
    restart); ``counted``: this attempt's result is in the statistics already;
    ``proved``: the engine has proved the deal winnable since it was dealt.
    """

    opening: str = "random"
    daily: str | None = None
    hints: int = 0
    shown: bool = False
    counted: bool = False
    proved: bool = False

    @property
    def solvable(self) -> bool:
        return self.proved or self.opening in PROVED_OPENINGS

    def result(self, game: str, won: bool, moves: int, seconds: float) -> Result:
        return Result(game, won, moves, self.solvable, self.daily, self.hints, round(seconds, 1))

    def on_win(self, game: str, moves: int, seconds: float) -> tuple[Record, Result | None]:
        """The table has just been won: a win, unless counted already or solved by the app."""
        if self.counted or self.shown:
            return self, None
        return replace(self, counted=True), self.result(game, True, moves, seconds)

    def on_leave(self, game: str, moves: int, won: bool, seconds: float) -> Result | None:
        """The player leaves this attempt: a loss after a move, unless won, counted or solved by the app."""
        if moves == 0 or won or self.counted or self.shown:
            return None
        return self.result(game, False, moves, seconds)

    def restarted(self) -> Record:
        """A new attempt at the same deal: it may count anew, with no hints yet (a solution shown stays shown)."""
        return replace(self, hints=0, counted=False)
