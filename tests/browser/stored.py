"""Loading one page again and again with chosen browser storage: what a player's
browser may hold (bad saves, statistics, settings), or a storage that is full or
turned off. Each load starts from exactly the values given (localStorage is
cleared first), so one page checks many cases without a new context each time.

The values travel in ``window.name``, which survives a navigation in the same
tab and can be set before the first load (about:blank has no localStorage); an
init script puts them in place before the page's own scripts run.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .conftest import INTRO_KEY, App, intro_seen

MARK = "cloverleaf-test-seed:"

SEED_SCRIPT = """(() => {
  const mark = MARK;
  if (!window.name.startsWith(mark)) return;
  const seed = JSON.parse(window.name.slice(mark.length));
  window.name = "";
  localStorage.clear();
  for (const [key, value] of Object.entries(seed.values)) localStorage.setItem(key, value);
  if (seed.storage === "full") {
    Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  } else if (seed.storage === "disabled") {
    Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
    });
  }
})();""".replace("MARK", json.dumps(MARK))

BACKUP = ".unreadable"


class Loads:
    """One App's page, loaded with chosen storage each time."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.count = 0
        app.context.add_init_script(SEED_SCRIPT)

    def load(self, values: dict[str, str], address: str = "", storage: str = "usable") -> App:
        """Load the page with only ``values`` stored (storage "full" or "disabled" for this load),
        and the first-visit overlay closed as for every test (conftest.py), unless ``values`` say otherwise."""
        self.count += 1
        seed = MARK + json.dumps({"values": {INTRO_KEY: intro_seen(), **values}, "storage": storage})
        self.app.page.evaluate("seed => { window.name = seed; }", seed)
        # A new query each time: a change of the address's hash alone would not load the page.
        return self.app.open(address, query=f"load={self.count}")

    def stored(self, key: str) -> str | None:
        result: str | None = self.app.page.evaluate("key => localStorage.getItem(key)", key)
        return result

    def backup(self, key: str) -> str | None:
        return self.stored(key + BACKUP)


def wait_notice(app: App, *words: str) -> str:
    """The notice once it says all of ``words``."""
    app.page.wait_for_function(
        "words => { const n = document.querySelector('#notice');"
        " return n && !n.hidden && words.every((w) => n.textContent.includes(w)); }",
        arg=list(words),
    )
    return app.notice()


def play_a_card(app: App) -> None:
    """Click the first card the page offers as movable: the table plays."""
    before = app.moves()
    card = app.page.locator(".card.card--movable").first
    card.click(position={"x": 6, "y": 6})
    app.wait_moves(before + 1)


def assert_playable(app: App, *words: str) -> Any:
    """A table is up, the notice says ``words``, no panel blocks it, and a card plays."""
    assert app.page.evaluate("document.body.dataset.status") == "ready"
    notice = wait_notice(app, *words) if words else ""
    assert not re.search(r"\b(storage|save|stats|address|tabs)\.[a-zA-Z]+", notice), f"a text's key shown: {notice}"
    assert app.page.locator("#panel").is_hidden(), app.page.locator("#panel").inner_text()
    play_a_card(app)
    return notice
