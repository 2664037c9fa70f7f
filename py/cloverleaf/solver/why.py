"""Why a position is lost, in a form a player can be shown: the argument's kind and the cards that decide it.

:func:`why_lost` is asked after a ``LOST`` verdict (a hint, a deal's
rating), never during a search. It tries the proofs of loss on the settled
board of the position, the cheapest and most telling first, and takes the
first that proves it: a card that can never move (``deadEnd``), the
projection on one suit (``suits``), the schedule of first moves
(``schedule``), the free places (``capacity``), room (``room``), the order
of going up (``order``). Then what the search that gave the verdict
recorded (:attr:`.search.Search.proved_by`): a lost projection or ladder
(``suits``, shortened to the shortest prefix still lost), the order proof's
case split (``order``). Then a pair's projection searched here. Else the
search itself is the proof (``search``, with the positions it went
through). docs/protocol.md has the object; docs/solver.md each witness.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SUIT_LETTERS, card_str
from ..position import Position
from ..rules import Rules
from . import capacity, dead_ends, room, schedule, suit_witness
from .board import Board
from .order_witness import order_witness
from .search import Search
from .tables import tables_for
from .turn import Verdict

Why = dict[str, Any]


@dataclass(frozen=True)
class Proved:
    """What :func:`why_lost` reads of a finished ``LOST`` search, kept without the search's table."""

    proved_by: tuple[object, ...]
    lines: int  # the positions it went through
    start_found: tuple[int, ...]  # the foundations of the position it started from
    forced_autoplay: bool


def proved(search: Search) -> Proved:
    """The little of a finished search that :func:`why_lost` needs (a hint keeps this, not the search)."""
    return Proved(search.proved_by, len(search.table), search.start.foundations, search.board.forced_autoplay)


def why_lost(rules: Rules, position: Position, search: Search | Proved | None = None) -> Why | None:
    """Why ``position`` is lost: ``{"kind", "cards", ...}`` (see the module's docstring); None where nothing shows it.

    ``search``: the finished search that proved it lost (or what :func:`proved`
    kept of it); without one, only the proofs and a pair's projection can
    answer.
    """
    summary = proved(search) if isinstance(search, Search) else search
    forced = summary.forced_autoplay if summary is not None else False
    board = Board(tables_for(rules), position, forced_autoplay=forced)
    board.settle()
    if board.won():
        return None
    why = _at_start(board) if board.settled else None
    if why is None and board.settled and summary is not None:
        why = _recorded(rules, board, summary)
    if why is None and board.settled:
        kept = suit_witness.lost_pair(rules, board)
        if kept is not None:
            why = _suits(board, kept)
    if why is None and summary is not None and summary.proved_by[0] != "known":
        why = {"kind": "search", "cards": [], "lines": summary.lines}
    return why


def _at_start(board: Board) -> Why | None:
    """The witness of the first proof that shows the settled board lost, in the order of the module's docstring."""
    dead = dead_ends.dead_card(board)
    if dead is not None:
        return {"kind": "deadEnd", "cards": _cards(dead), "card": card_str(dead[0])}
    kept = suit_witness.one_suit(board)
    if kept is not None:
        return _suits(board, kept)
    stuck = schedule.never_move(board)
    if stuck is not None:
        return {"kind": "schedule", "cards": _cards(stuck)}
    places = capacity.free_places(board)
    if places is not None:
        anchors = places["anchors"]
        assert isinstance(anchors, list)
        return {"kind": "capacity", "cards": _cards(anchors), "free": places["free"], "limit": places["limit"]}
    held = room.held(board)
    if held is not None:
        return {"kind": "room", "cards": _cards(held)}
    if board.tables.room:
        cards = order_witness(board)
        if cards is not None:
            return {"kind": "order", "cards": _cards(cards), "cases": 0}
    return None


def _recorded(rules: Rules, board: Board, summary: Proved) -> Why | None:
    """The witness of what the search recorded as its proof, where that was a helper of its own."""
    proved_by = summary.proved_by
    if proved_by[0] == "projection":
        suits = proved_by[1]
        assert isinstance(suits, tuple)
        kept = {suit: 13 - board.found[suit] for suit in suits if board.found[suit] < 13}
        return _suits(board, suit_witness.shortest(rules, board, kept)) if len(kept) == len(suits) else None
    if proved_by[0] == "ladder":
        rung = proved_by[1]
        assert isinstance(rung, dict)
        kept = suit_witness.from_start(board, summary.start_found, rung)
        return _suits(board, suit_witness.shortest(rules, board, kept)) if kept else None
    if proved_by[0] == "order" and board.tables.room:
        cases = proved_by[1]
        assert isinstance(cases, int)
        cards = order_witness(board, cases)
        return {"kind": "order", "cards": _cards(cards), "cases": cases} if cards is not None else None
    return None


def _suits(board: Board, kept: dict[int, int]) -> Why:
    cards = suit_witness.cards_of(board, kept)
    why: Why = {"kind": "suits", "cards": _cards(cards), "suits": [SUIT_LETTERS[suit] for suit in sorted(kept)]}
    block = _block(board, cards)
    if block is not None:
        why["block"] = block
    return why


def _block(board: Board, cards: list[int]) -> dict[str, Any] | None:
    """One fact a player can see among the cards: one lying under another, preferably one that goes up after it.

    ``under`` lies beneath ``over`` in a fan; ``after``: whether ``over`` is
    of the same suit and goes up after ``under`` (so it must leave first, and
    can only go onto its neighbours).
    """
    kept = set(cards)
    index = board.tables.index
    found: dict[str, Any] | None = None
    for fan in board.fans:
        mine = [card for card in fan if card in kept]
        for depth, under in enumerate(mine):
            for over in mine[depth + 1:]:
                after = over // 13 == under // 13 and index[over] > index[under]
                if after:
                    return {"under": card_str(under), "over": card_str(over), "after": True}
                if found is None and over // 13 != under // 13:
                    found = {"under": card_str(under), "over": card_str(over), "after": False}
    return found


def _cards(cards: list[int]) -> list[str]:
    return [card_str(card) for card in cards]


__all__ = ["Proved", "Verdict", "Why", "proved", "why_lost"]
