"""What the page should show, from the same engine on CPython (tests/browser/plans.py
does the same for Chromium): the page runs this engine in Pyodide, so after the
same actions both must show the same table.

>>> start = table_of(opening("clover-leaf", "3"))
>>> len(start.fans), start.moves
(16, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from cloverleaf import Move, parse_card
from cloverleaf.api import Api
from cloverleaf.cards import card_str
from cloverleaf.engine import destinations
from cloverleaf.session import Session, Settings
from cloverleaf.solver.jobs import run_to_end


@dataclass(frozen=True)
class Table:
    """What the page draws: the fans (1-based on the page; cards bottom to top) and the move count."""

    fans: list[list[str]]
    moves: int


def table_of(session: Session) -> Table:
    return Table([[card_str(card) for card in fan] for fan in session.position.fans], session.decisions)


def opening(game: str, deal: str) -> Session:
    """A deal as a new visitor's page opens it: default settings, auto moves on."""
    return Session.new(game, deal, Settings())


def clickable(session: Session) -> str:
    """A card that a click plays now (the first the engine lists)."""
    for card in destinations(session.rules, session.position):
        if session.click_target(card) is not None:
            return card_str(card)
    raise AssertionError("no card can be played by a click")


def drag_elsewhere(session: Session) -> tuple[str, int]:
    """(card, fan): a legal fan for the card that a click would NOT choose, so only
    a drop read from where the pointer let go can play it there."""
    for card, dests in destinations(session.rules, session.position).items():
        for dest in dests:
            if dest >= 0 and dest != session.click_target(card):
                return card_str(card), dest + 1
    raise AssertionError("no card has a second fan to go to")


def click(session: Session, card: str) -> Session:
    session.click(parse_card(card))
    return session


def drop(session: Session, card: str, fan: int) -> Session:
    session.play(Move(parse_card(card), fan - 1))
    return session


def hinted_card(session: Session) -> str:
    """The card the solver's hint moves next (the page runs the same job, through the API)."""
    api = Api()
    api._session = session
    result = run_to_end(api.hint_job("hint"))
    assert result["verdict"] == "solved" and result["move"], result
    return str(result["move"]["card"])
