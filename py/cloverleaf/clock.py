"""The time played on a deal: what a best time and the statistics count.

The game decides what time counts, as PySolFC's game object does, not the page:
the clock runs from the player's first decision, holds while the game is
finished (won, or stuck: an undo out of a stuck table runs it again) and while
the page is hidden (the page reports that, and only that), and starts over with
a new deal or a restart. The session says when it runs (:meth:`Clock.run`); the
save keeps what it holds, so a reload loses at most the time since the last
change.

Time is read from ``now`` (seconds, a monotonic clock), which tests replace.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    """Milliseconds played, running or held."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self._held = 0.0  # milliseconds counted before ``_since``
        self._since: float | None = None  # ``now()`` when it last started running, else None

    @property
    def running(self) -> bool:
        return self._since is not None

    def played(self) -> float:
        """Milliseconds played, up to this moment."""
        if self._since is None:
            return self._held
        return self._held + (self.now() - self._since) * 1000

    def run(self, running: bool) -> None:
        """Run, or hold what has been played (no change when it already does)."""
        if running and self._since is None:
            self._since = self.now()
        elif not running and self._since is not None:
            self._held = self.played()
            self._since = None

    def read_from(self, now: Callable[[], float]) -> None:
        """Read time from ``now`` from here on, keeping what has been played."""
        running = self.running
        self.run(False)
        self.now = now
        self.run(running)

    def restore(self, played: float) -> None:
        """Start over from ``played`` milliseconds, held (a new deal: 0; a save: its time)."""
        self._held = float(played)
        self._since = None
