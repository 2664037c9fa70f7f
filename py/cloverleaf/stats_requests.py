"""The API's statistics requests: the page sends the text it keeps, the engine counts and answers.

The browser keeps the statistics; the counting is :mod:`.stats`'s. Each request
carries the stored text and answers the new text and its summary. Text the
engine cannot read is no refusal: the request goes on from fresh statistics and
its reply says ``setAside`` (the page keeps the old text aside and tells the
player), so one request answers where the page would otherwise ask again.
"""

from __future__ import annotations

from typing import Any

from .errors import InvalidInputError
from .games import DEFAULT_GAME, find_game
from .stats import Stats
from .stats import load as load_stats

Json = Any
Params = dict[str, Json]


def loaded(params: Params) -> tuple[Stats, bool]:
    """The statistics the page sent, and whether their text was unreadable (set aside)."""
    value = params.get("stats")
    if value is not None and not isinstance(value, str):
        raise InvalidInputError("stats must be the saved statistics text or null")
    try:
        return load_stats(value), False
    except InvalidInputError:
        return Stats(), True


def reply(stats: Stats, game: str, set_aside: bool) -> dict[str, Json]:
    answer: dict[str, Json] = {"stats": stats.dumps(), "summary": stats.summary(game)}
    if set_aside:
        answer["setAside"] = True
    return answer


def game_named(params: Params) -> str:
    value = params.get("game", DEFAULT_GAME.id)
    if not isinstance(value, str) or len(value) > 100:
        raise InvalidInputError("game must be a string of at most 100 characters")
    return find_game(value).id


def summary(params: Params) -> Json:
    game = game_named(params)
    stats, set_aside = loaded(params)
    return reply(stats, game, set_aside)


def record(params: Params) -> Json:
    """A finished game, as a table's ``count`` gave it (``Stats.record`` checks each field).

    Besides the usual reply, ``improved`` says which of the game's records a win
    beat (``time``: a best time, ``moves``: fewest moves), for the win panel; a
    first win beats no record, as there was none, and a win with help none either
    (``stats.py``: records come from games won alone).
    """
    game = game_named(params)
    before, set_aside = loaded(params)
    won: Json = params.get("won")
    moves: Json = params.get("moves")
    seconds: Json = params.get("seconds")
    daily: Json = params.get("daily")
    stats = before.record(game, won, moves, seconds, _flag(params, "solvable"), daily, params.get("hints", 0))
    old, new = before.bucket(game, "all"), stats.bucket(game, "all")
    improved = {
        "time": old.best_time is not None and new.best_time is not None and new.best_time < old.best_time,
        "moves": old.fewest_moves is not None and new.fewest_moves is not None and new.fewest_moves < old.fewest_moves,
    }
    return {**reply(stats, game, set_aside), "improved": improved}


def reset(params: Params) -> Json:
    """Forgets one game (or every game when ``game`` is absent)."""
    game = None if params.get("game") is None else game_named(params)
    before, set_aside = loaded(params)
    return reply(before.reset(game), game or DEFAULT_GAME.id, set_aside)


def _flag(params: Params, name: str) -> bool:
    value = params.get(name, False)
    if not isinstance(value, bool):
        raise InvalidInputError(f"{name} must be true or false")
    return value
