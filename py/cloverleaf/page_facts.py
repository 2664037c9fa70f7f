"""What the page must know before its engine has started, written once, here.

The page reads the player's settings, chooses its first game and draws the table
it saved before Python has started in the browser (web/js/startup/): it cannot
ask the engine for these facts. So they are written here once, and the build
copies them into the page (scripts/package.py writes them into js/build-info.js;
scripts/page_facts.py writes the State type the page's type checker reads,
scripts/types/page-facts.d.ts). tests/test_page_facts.py checks that both copies
are this module's and that the API's state has exactly the fields declared here.

This module is not among the page's Python (cloverleaf.api does not import it):
only the build reads it.
"""

from __future__ import annotations

from dataclasses import asdict

from .games import DEFAULT_GAME
from .save_format import MAX_SAVE_BYTES
from .session import SETTING_NAMES, Settings
from .solver.difficulty import Level
from .stats import MAX_STATS_BYTES

DEFAULT_GAME_ID = DEFAULT_GAME.id
"""The game a first visit opens."""

DEFAULT_GAME_SHAPE = {"fans": DEFAULT_GAME.fan_count, "name": DEFAULT_GAME.name}
"""Its fans and English name: the outlines drawn before anything is known."""

ENGINE_SETTINGS = tuple(SETTING_NAMES)
"""The settings the engine keeps (the API's ``settings`` method), by the page's names."""

PAGE_SETTINGS: dict[str, bool | str] = {
    "solvableOnly": True,  # new deals are ones the solver proved winnable
    "animations": True,  # cards slide (never when the system asks for reduced motion)
    "level": "any",  # the difficulty of new solvable deals: "any", or one of LEVELS
}
"""The settings only the page uses, with their defaults."""

LEVELS = tuple(level.value for level in Level)
"""A winnable deal's difficulty, easiest first."""

SETTING_CHOICES: dict[str, tuple[str, ...]] = {"level": ("any", *LEVELS)}
"""The values a setting that is not a flag may take."""


def default_settings() -> dict[str, bool | str]:
    """Every setting of the player's by the page's name, with its default: the engine's first."""
    engine = asdict(Settings())
    return {name: engine[field] for name, field in SETTING_NAMES.items()} | PAGE_SETTINGS


TEXT_BYTES = {"save": MAX_SAVE_BYTES, "stats": MAX_STATS_BYTES}
"""The longest save and statistics texts the engine reads, in UTF-8 bytes: the page
measures what it keeps the same way, and sets aside a longer text itself, as the engine
would refuse it (a parameter that long could not even be sent)."""

STATE: dict[str, tuple[str, str]] = {
    "game": ("string", 'the game\'s id ("clover-leaf")'),
    "gameName": ("string", "its English name (the page shows its own words)"),
    "deal": ("string | null", "the deal number, as a string (numbers reach 10^20); null for a position typed by hand"),
    "fans": ("Card[][]", "each fan from its bottom card to its top"),
    "cells": ("(Card | null)[]", "each free cell's card (null: empty); none in games without free cells"),
    "foundations": ("Foundation[]", "clubs, spades, hearts, diamonds by their base's suit, with what each takes next"),
    "movable": ("Record<Card, Dest[]>", "every card that can move, with its destinations"),
    "onto": ("Record<Card, (Card | null)[]>", "the card each of those destinations puts it on (null: none)"),
    "click": ("Record<Card, Dest>", "where a click plays each card that has somewhere to go"),
    "redealsLeft": ("number", "redeals still allowed"),
    "drawsLeft": ("number", "draws still allowed (Three Shuffles and a Draw)"),
    "drawable": ("Card[]", "the cards of movable that a draw takes: each moves alone (the card on it stays)"),
    "canRedeal": ("boolean", "a redeal is allowed now"),
    "won": ("boolean", "every card is on the foundations"),
    "stuck": ("boolean", "not won, and no card can move and no redeal is left"),
    "canUndo": ("boolean", "a decision can be taken back"),
    "canRedo": ("boolean", "a decision taken back can be made again"),
    "moves": ("number", "the player's decisions so far"),
    "settings": ("EngineSettings", "the engine's settings"),
    "lastMoves": ("Move[]", "the moves the last change made, the player's first"),
    "undone": ("Move[]", "the decisions the last change took back (an undo), the latest first"),
    "change": ("Change", "what the last change was"),
    "inProgress": ("boolean", "a decision made, and neither won nor stuck"),
    "leaving": (
        '"game" | "redo" | null',
        'what leaving the game loses, so the page asks first: "game" (in progress: it counts as lost), '
        '"redo" (decisions taken back that could be made again), null (nothing)',
    ),
    "finished": ("boolean", "won or stuck"),
    "opening": ("Opening", "how the deal was opened"),
    "daily": ("string | null", "the date of the deal of the day, when it is one"),
    "hints": ("number", "hints given in this attempt"),
    "solutionShown": ("boolean", "the app showed this deal's solution: the game counts in no statistics"),
    "level": ("Level | null", "the deal's level, once rated (null: not rated, or not proved winnable)"),
    "rated": ("boolean", "the engine has rated the deal this visit"),
    "lostFromStart": ("boolean", "the deal's rating proved it lost from its start this visit"),
    "time": ("Played", "the time played on this attempt: milliseconds, and whether the clock runs"),
    "help": ("Help", "all the page shows of help (docs/protocol.md, Help)"),
}
"""The fields of the state the API answers (``Api.state``), each with its type as
the page declares it (TypeScript, from protocol.js's Card, Dest, Foundation and
Move) and what it means. The order is the page's."""


def page_facts() -> dict[str, object]:
    """The facts as js/build-info.js exports them (scripts/package.py)."""
    return {
        "DEFAULT_GAME": DEFAULT_GAME_ID,
        "DEFAULT_GAME_SHAPE": DEFAULT_GAME_SHAPE,
        "DEFAULT_SETTINGS": default_settings(),
        "ENGINE_SETTINGS": list(ENGINE_SETTINGS),
        "LEVELS": list(LEVELS),
        "SETTING_CHOICES": {name: list(values) for name, values in SETTING_CHOICES.items()},
        "STATE_FIELDS": {name: kind for name, (kind, _) in STATE.items()},
        "TEXT_BYTES": TEXT_BYTES,
    }
