"""The table the page draws, as JSON: the state's fields, declared in ``page_facts.STATE``.

Every method that changes the game answers with it (``api.py``), and the build
keeps opening tables in it (the deal bank, the opening book): so it is written
in one place, from the session, its coach and what this visit knows of deals.
"""

from __future__ import annotations

from typing import Any

from .cards import SUIT_LETTERS, card_str
from .coach import Coach
from .deal_memory import DealMemory
from .engine import apply_move, can_redeal, destinations, foundation_top, is_drawn
from .games import FAMILIES
from .move_json import dest_json, onto, reported_move_json
from .position import NO_CARD
from .rules import Rules
from .session import SETTING_NAMES, Session

Json = Any


def catalogue_json() -> list[dict[str, Json]]:
    """The games as the page lists them (the API's ``games``; the build's bank holds it too),
    family by family (``games.FAMILIES``), the main games first."""
    return [
        {
            "id": rules.id,
            "family": family,
            "name": rules.name,
            "summary": rules.summary,
            "fans": rules.fan_count,
            "redeals": rules.redeals,
            "cells": rules.free_cells,
            "draws": rules.draws,
            "pysolId": rules.pysol_id,
        }
        for family, members in FAMILIES
        for rules in members
    ]


def state_json(session: Session, memory: DealMemory) -> dict[str, Json]:
    """Everything the page draws, as plain JSON (its fields: page_facts.STATE; docs/protocol.md, State)."""
    rules, position, record = session.rules, session.position, session.record
    movable = destinations(rules, position)
    click = {}
    for card in movable:
        target = session.click_target(card)
        if target is not None:
            click[card_str(card)] = dest_json(target)
    foundations = []
    for suit in range(4):
        top = foundation_top(rules, position, suit)
        foundations.append({
            "suit": SUIT_LETTERS[suit],
            "top": card_str(top) if top is not None else None,
            "count": position.foundations[suit],
            "up": rules.foundation_up[suit],
            "builds": "suit" if rules.suit_foundations else "colours",
            "next": [card_str(card) for card in _foundation_next(rules, position.foundations[suit], suit)],
        })
    key = (rules.id, session.deal_number or 0)
    known = session.deal_number is not None
    level = memory.levels.get(key) if known else None
    last_moves, before = [], session.last_from
    for move in session.last_moves:
        last_moves.append(reported_move_json(move, before))
        before = apply_move(rules, before, move)
    return {
        "game": rules.id,
        "gameName": rules.name,
        "deal": str(session.deal_number) if known else None,
        "fans": [[card_str(card) for card in fan] for fan in position.fans],
        "cells": [card_str(card) if card != NO_CARD else None for card in position.cells],
        "foundations": foundations,
        "movable": {card_str(card): [dest_json(d) for d in dests] for card, dests in movable.items()},
        "onto": {card_str(card): [onto(position, d) for d in dests] for card, dests in movable.items()},
        "click": click,
        "redealsLeft": position.redeals_left,
        "drawsLeft": position.draws_left,
        "drawable": [card_str(card) for card in movable if is_drawn(rules, position, card)],
        "canRedeal": can_redeal(position),
        "won": session.won,
        "stuck": session.stuck,
        "canUndo": session.can_undo,
        "canRedo": session.can_redo,
        "moves": session.decisions,
        "settings": {name: getattr(session.settings, field) for name, field in SETTING_NAMES.items()},
        "lastMoves": last_moves,
        "undone": _undone(session),
        "change": session.change,
        "inProgress": session.in_progress,
        "leaving": session.leaving_loses,
        "finished": session.won or session.stuck,
        "opening": record.opening,
        "daily": record.daily,
        "hints": record.hints,
        "solutionShown": record.shown,
        "level": level.value if level is not None else None,
        "rated": known and memory.rated(key),
        "lostFromStart": known and key in memory.lost,
        "time": {"played": round(session.clock.played()), "running": session.clock.running},
        "help": help_json(session.coach),
    }


def _undone(session: Session) -> list[dict[str, Json]]:
    """The decisions the last undo took back, latest first, each with the card it went onto then."""
    return [reported_move_json(move, made_in) for move, made_in in session.undone]


def help_json(coach: Coach) -> dict[str, Json]:
    """The state's ``help``: all the page shows of help, as the coach decided it (docs/protocol.md, Help)."""
    session = coach.session
    position = session.position
    shown, lost, showing = coach.shown, coach.lost, coach.showing
    hint = None
    if shown is not None:
        hint = {
            "move": reported_move_json(shown.move, position) if shown.move else None,
            "likely": shown.likely,
            "redeal": shown.redeal,
            "back": shown.back,
            "more": shown.more,
            "undo": shown.undo,
        }
    lost_json = None
    if lost is not None:
        lost_json = {
            "move": coach.decision_json(lost.decision) if lost.decision is not None else None,
            "undo": lost.undo,
            "earlier": lost.earlier.value if lost.earlier else None,
            "why": lost.why,
            "more": lost.more,
            "stuck": session.stuck,
        }
    solution = None
    place = showing.place(position) if showing else None
    if showing is not None and place is not None:
        following = showing.moves[place] if place < len(showing.moves) else None
        solution = {
            "step": place,
            "total": len(showing.moves),
            "next": reported_move_json(following, position) if following else None,
            "likely": showing.likely,
            "foundations": sum(showing.positions[-1].foundations),
        }
    return {
        "hint": hint,
        "lost": lost_json,
        "solution": solution,
        "work": coach.wants_work(),
        "par": coach.par_shown(),
        "startWhy": coach.start_why(),
    }


def _foundation_next(rules: Rules, count: int, foundation: int) -> list[int]:
    """The cards a foundation holding ``count`` cards takes next: one where it builds in suit,
    the two of a rank and colour where it builds in alternate colours, none once complete."""
    if count >= 13:
        return []
    if rules.suit_foundations:
        return [rules.foundation_card(foundation, count)]
    return [card for card in range(52) if rules.foundation_takes(foundation, count, card)]
