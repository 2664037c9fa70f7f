"""The text formats of docs/rules.md (Notation): positions and moves, read and written.

``format_position`` and ``parse_position`` round-trip. Parsing checks that the
text describes a position the game can reach: every card once, fans within the
game's limits, foundations consistent with the cards still in play. Errors name
the line and the card at fault.
"""

from __future__ import annotations

import re
import sys
from typing import IO

from .cards import ACE, SUIT_NAMES, card_str, colour_of, parse_card, rank_of, suit_of
from .deals import MAX_DEAL
from .errors import CloverLeafError, InvalidInputError
from .inputs import check_size, parse_whole_number, quote, read_limited, strip_space
from .position import CELL, FOUNDATION, NO_CARD, REDEAL, Move, Position
from .rules import Rules

MAX_POSITION_BYTES = 65536
"""The largest position text read, in bytes: a position takes about 200, comments the rest."""
MAX_FAN_NUMBER = 99
"""Fan numbers in moves have at most two digits: no game has more than 18 fans."""
MAX_REDEALS = 99
MAX_DRAWS = 9
_MOVE_FORMS = "write card>F, card>FAN, card>cell (like 5C>F, 5C>7 or 5C>cell), draw:card>F or draw:card>FAN, or redeal"
_HEADERS = {
    "foundations": "Foundations:", "cells": "Cells:", "redeals": "Redeals:", "draws": "Draws:", "deal": "Deal:",
}
_DRAW = "draw"
_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e\t]*")


def parse_move(text: str) -> Move:
    """``5C>F``, ``5C>7`` (fan 7), ``5C>cell``, ``draw:5C>F`` or ``redeal``; spaces and case do not matter.

    A fan is at most two ASCII digits (no game has 100 fans): ``5C>³`` and a
    5,000-digit fan are refused like any other bad move. ``draw`` may be
    followed by a colon or a space (``draw 5C>F``); it is written with the colon.
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"bad move {quote(text)}: {_MOVE_FORMS}")
    shown = quote(strip_space(text))
    token = strip_space(text).replace(" ", "")
    if token.lower() == "redeal":
        return REDEAL
    draw = token[:len(_DRAW)].lower() == _DRAW
    if draw:
        token = token[len(_DRAW):].removeprefix(":")
    card_text, arrow, dest_text = token.partition(">")
    if not arrow or not dest_text:
        raise InvalidInputError(f"bad move {shown}: {_MOVE_FORMS}")
    card = parse_card(card_text)
    if dest_text.upper() == "F":
        return Move(card, FOUNDATION, draw)
    if dest_text.lower() == "cell" and not draw:
        return Move(card, CELL)
    try:
        fan = parse_whole_number(dest_text, what="fan", low=1, high=MAX_FAN_NUMBER)
    except InvalidInputError:
        raise InvalidInputError(
            f"bad move {shown}: {quote(dest_text)} is not F or a fan number{'' if draw else ' (nor cell)'}"
        ) from None
    return Move(card, fan - 1, draw)


def format_position(rules: Rules, position: Position) -> str:
    """The position as text: the foundations line, the free cells, the counters, then one line a fan."""
    tops = []
    for suit in range(4):
        if position.tops:
            top = position.tops[suit]
            tops.append(card_str(top) if top != NO_CARD else "-")
            continue
        count = position.foundations[suit]
        tops.append(card_str(rules.foundation_card(suit, count - 1)) if count else "-")
    lines = ["Foundations: " + " ".join(tops)]
    if rules.free_cells:
        lines.append("Cells: " + " ".join(card_str(card) if card != NO_CARD else "-" for card in position.cells))
    if rules.redeals and position.redeals_left != rules.redeals:
        lines.append(f"Redeals: {position.redeals_left}")
    if rules.draws and position.draws_left != rules.draws:
        lines.append(f"Draws: {position.draws_left}")
    if rules.redeals and position.deal:
        lines.append(f"Deal: {position.deal}")
    for fan in position.fans:
        lines.append(" ".join(card_str(card) for card in fan) if fan else "-")
    return "\n".join(lines) + "\n"


def _entry_card(token: str, line_number: int) -> int:
    try:
        return parse_card(token)
    except InvalidInputError as error:
        raise InvalidInputError(f"line {line_number}: {error}") from None


def _parse_foundations(rules: Rules, text: str, line_number: int) -> tuple[list[int], tuple[int, ...]]:
    """The counts of the foundations, and (where they do not build in suit) their tops in order."""
    tokens = text.split()
    if len(tokens) != 4:
        raise InvalidInputError(
            f"line {line_number}: the foundations line needs 4 entries (a card or -), got {len(tokens)}"
        )
    if not rules.suit_foundations:
        return _parse_foundations_in_order(rules, tokens, line_number)
    counts: list[int | None] = [None] * 4
    for token in tokens:
        if token == "-":
            continue
        card = _entry_card(token, line_number)
        suit = suit_of(card)
        if counts[suit] is not None:
            raise InvalidInputError(f"line {line_number}: two {SUIT_NAMES[suit]} foundations")
        counts[suit] = rules.foundation_index(card) + 1
    return [count or 0 for count in counts], ()


def _parse_foundations_in_order(rules: Rules, tokens: list[str], line_number: int) -> tuple[list[int], tuple[int, ...]]:
    """Foundations that build in alternate colours: each entry the top of the foundation whose
    Ace is of that suit, in the order clubs, spades, hearts, diamonds."""
    counts, tops = [], []
    for foundation, token in enumerate(tokens):
        if token == "-":
            counts.append(0)
            tops.append(NO_CARD)
            continue
        card = _entry_card(token, line_number)
        count = rank_of(card) if rules.foundation_up[foundation] else 12 - rank_of(card)
        if not rules.foundation_takes(foundation, count, card):
            raise InvalidInputError(
                f"line {line_number}: {card_str(card)} cannot top the {SUIT_NAMES[foundation]} foundation "
                f"(entry {foundation + 1}: it starts with the Ace of {SUIT_NAMES[foundation]} and alternates colours)"
            )
        counts.append(count + 1)
        tops.append(card)
    return counts, tuple(tops)


def _parse_cells(rules: Rules, text: str, line_number: int) -> tuple[int, ...]:
    tokens = text.split()
    if not rules.free_cells:
        raise InvalidInputError(f"line {line_number}: {rules.name} has no free cells")
    if len(tokens) != rules.free_cells:
        raise InvalidInputError(
            f"line {line_number}: the cells line needs {rules.free_cells} entries (a card or -), got {len(tokens)}"
        )
    return tuple(NO_CARD if token == "-" else _entry_card(token, line_number) for token in tokens)


def _position_lines(text: str) -> list[tuple[int, str]]:
    """The lines that say something, numbered from 1, stripped of ASCII space.

    Lines end at ``\n`` only (``str.splitlines`` also breaks at U+2028 and
    friends, which could turn the tail of a comment into a fan). Comments may
    hold any text; every other line must be printable ASCII, so no look-alike
    letter or invisible character is read as part of a card.
    """
    lines = []
    for line_number, raw in enumerate(text.split("\n"), start=1):
        line = strip_space(raw)
        if not line or line.startswith("#"):
            continue
        if not _PRINTABLE_ASCII.fullmatch(line):
            raise InvalidInputError(f"line {line_number}: {quote(line)} is not plain ASCII text")
        lines.append((line_number, line))
    return lines


def parse_position(rules: Rules, text: str) -> Position:
    """Read a position of ``rules``'s game, refusing any that the game cannot reach.

    The text is at most :data:`MAX_POSITION_BYTES` bytes (a position takes
    about 200; the rest is room for comments); a UTF-8 byte-order mark at its
    start is ignored. ``Foundations:``, ``Redeals:`` and ``Deal:`` may each
    appear once.
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"a position must be text, not {quote(text)}")
    check_size(text, what="the position", max_bytes=MAX_POSITION_BYTES)
    fans: list[tuple[int, ...]] = []
    fan_lines: list[int] = []
    foundations: list[int] | None = None
    tops: tuple[int, ...] = () if rules.suit_foundations else (NO_CARD,) * 4
    cells: tuple[int, ...] = (NO_CARD,) * rules.free_cells
    redeals = rules.redeals
    draws = rules.draws
    deal = 0
    headers: dict[str, int] = {}
    for line_number, line in _position_lines(text.removeprefix("\ufeff")):
        head, colon, rest = line.partition(":")
        key = head.strip().lower()
        if colon and key in _HEADERS:
            if key in headers:
                raise InvalidInputError(
                    f"line {line_number}: a second {_HEADERS[key]} line (the first is line {headers[key]})"
                )
            headers[key] = line_number
        if colon and key == "foundations":
            foundations, tops = _parse_foundations(rules, rest, line_number)
        elif colon and key == "cells":
            cells = _parse_cells(rules, rest, line_number)
        elif colon and key == "redeals":
            redeals = _parse_count(rest, "Redeals", line_number, MAX_REDEALS)
        elif colon and key == "draws":
            draws = _parse_count(rest, "Draws", line_number, MAX_DRAWS)
        elif colon and key == "deal":
            deal = _parse_count(rest, "Deal", line_number, MAX_DEAL)
        elif line == "-":
            fans.append(())
            fan_lines.append(line_number)
        else:
            try:
                fans.append(tuple(parse_card(token) for token in line.split()))
            except InvalidInputError as error:
                raise InvalidInputError(f"line {line_number}: {error}") from None
            fan_lines.append(line_number)
    if foundations is None:
        foundations = list(rules.start_foundations())
    position = Position(
        tuple(fans),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        redeals,
        deal,
        cells,
        draws,
        tops,
    )
    validate(rules, position, fan_lines)
    return position


def _parse_count(text: str, what: str, line_number: int, high: int) -> int:
    try:
        return parse_whole_number(text, what=what, low=0, high=high)
    except InvalidInputError:
        raise InvalidInputError(
            f"line {line_number}: {what} must be a whole number from 0 to {high}, not {quote(strip_space(text))}"
        ) from None


def most_fans(rules: Rules) -> int:
    """The most fans a position of the game can have.

    Before any redeal that is the deal's fan count. A redeal deals the cards
    in play again in fans of three, splitting a last fan of three into two and
    one (engine.redeal), so the most fans come from redealing every card that
    can be in play: 48 in Trefoil give 17 fans, 52 in La Belle Lucie 18.
    """
    if not rules.redeals:
        return rules.fan_count
    in_play = 52 - (4 if rules.bases_dealt and not rules.foundation_return else 0)
    return max(rules.fan_count, redealt_fan_count(in_play))


def redealt_fan_count(cards: int) -> int:
    """How many fans a redeal of ``cards`` cards makes (engine.redeal's shape)."""
    return -(-cards // 3) + (1 if cards and cards % 3 == 0 else 0)


def validate(rules: Rules, position: Position, fan_lines: list[int] | None = None) -> None:
    """Raise :class:`InvalidInputError` unless ``position`` can arise in the game."""

    def where(index: int) -> str:
        line = f" (line {fan_lines[index]})" if fan_lines else ""
        return f"fan {index + 1}{line}"

    fans = position.fans
    if not fans:
        raise InvalidInputError("the position has no fans")
    if not 0 <= position.redeals_left <= rules.redeals:
        raise InvalidInputError(
            f"{rules.name} allows {rules.redeals} redeals, the position says {position.redeals_left} are left"
        )
    if position.redeals_left == rules.redeals:
        if len(fans) != rules.fan_count:
            redealt = " before a redeal" if rules.redeals else ""
            raise InvalidInputError(f"{rules.name} has {rules.fan_count} fans{redealt}, got {len(fans)}")
    elif len(fans) > most_fans(rules):
        raise InvalidInputError(f"{rules.name} has at most {most_fans(rules)} fans after a redeal, got {len(fans)}")
    if not 0 <= position.draws_left <= rules.draws:
        raise InvalidInputError(
            f"{rules.name} allows {rules.draws} draws, the position says {position.draws_left} are left"
        )
    if len(position.cells) != rules.free_cells:
        raise InvalidInputError(f"{rules.name} has {rules.free_cells} free cells, got {len(position.cells)}")
    seen: dict[int, str] = {}
    for suit, count in enumerate(position.foundations):
        if not rules.foundation_return and rules.bases_dealt and count < 1:
            base = card_str(rules.foundation_base(suit))
            raise InvalidInputError(f"{base} starts on its foundation in {rules.name} and never leaves it")
        if rules.suit_foundations:
            for index in range(count):
                seen[rules.foundation_card(suit, index)] = f"the {SUIT_NAMES[suit]} foundation"
        elif count:
            top = position.tops[suit]
            if top == NO_CARD or not rules.foundation_takes(suit, count - 1, top):
                raise InvalidInputError(f"the {SUIT_NAMES[suit]} foundation holds {count} cards, not topped so")
            seen[top] = f"the {SUIT_NAMES[suit]} foundation"
    for index, fan in enumerate(fans):
        if rules.fan_limit is not None and len(fan) > rules.fan_limit:
            raise InvalidInputError(
                f"{where(index)} holds {len(fan)} cards; {rules.name} allows {rules.fan_limit} at most"
            )
        for card in fan:
            _see(seen, card, where(index))
    for card in position.cells:
        if card != NO_CARD:
            _see(seen, card, "a free cell")
    if not rules.suit_foundations:
        _see_beneath_tops(rules, position, seen)
    missing = [card_str(card) for card in range(52) if card not in seen]
    if missing:
        raise InvalidInputError(f"missing card{'s' if len(missing) > 1 else ''}: {' '.join(missing)}")


def _see(seen: dict[int, str], card: int, place: str) -> None:
    if card in seen:
        raise InvalidInputError(f"{card_str(card)} appears twice: in {place} and in {seen[card]}")
    seen[card] = place


def _see_beneath_tops(rules: Rules, position: Position, seen: dict[int, str]) -> None:
    """Foundations in alternate colours: the cards under each top, which the text does not name.

    Under a top lie one card of each lower rank, of the colour the
    foundation asks there: which of the two suits of that colour is not
    written, and does not matter to the game. So each rank and colour asked
    for must be matched by as many cards of it found nowhere else.
    """
    wanted: dict[tuple[int, int], list[int]] = {}  # (rank, colour) -> the foundations that want one
    for foundation, count in enumerate(position.foundations):
        for index in range(count - 1):
            card = next(card for card in range(52) if rules.foundation_takes(foundation, index, card))
            wanted.setdefault((rank_of(card), colour_of(card) if rank_of(card) != ACE else -1 - suit_of(card)),
                              []).append(foundation)
    for (rank, colour), foundations in sorted(wanted.items()):
        free = [card for card in range(52) if card not in seen and rank_of(card) == rank
                and (colour_of(card) == colour if colour >= 0 else suit_of(card) == -1 - colour)]
        if len(free) < len(foundations):
            name = SUIT_NAMES[foundations[-1]]
            raise InvalidInputError(
                f"the {name} foundation needs a card of rank {card_str(rank)[0]} beneath its top, "
                "and none is left for it (each is elsewhere)"
            )
        for card, foundation in zip(free, foundations, strict=False):
            seen[card] = f"the {SUIT_NAMES[foundation]} foundation"


def read_position_text(source: str, stdin: IO[bytes] | IO[str] | None = None) -> str:
    """The text of a position file, or of standard input for ``-`` (the command line's way).

    At most :data:`MAX_POSITION_BYTES` bytes are read, so ``/dev/zero`` or an
    endless pipe is refused at once instead of filling the memory.
    """
    if source == "-":
        stream = stdin if stdin is not None else _standard_input()
        return read_limited(stream, what="standard input", max_bytes=MAX_POSITION_BYTES)
    try:
        with open(source, "rb") as handle:
            return read_limited(handle, what=quote(source), max_bytes=MAX_POSITION_BYTES)
    except OSError as error:
        raise CloverLeafError(f"cannot read {quote(source)}: {error.strerror}") from None


def _standard_input() -> IO[bytes] | IO[str] | None:
    """Standard input as bytes where it has them (a real file), else as it is (a test's StringIO)."""
    stream = sys.stdin
    if stream is None:
        return None
    buffer: IO[bytes] | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream
