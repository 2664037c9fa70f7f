"""The text formats of docs/rules.md (Notation): positions and moves, read and written.

``format_position`` and ``parse_position`` round-trip. Parsing checks that the
text describes a position the game can reach: every card once, fans within the
game's limits, foundations consistent with the cards still in play. Errors name
the line and the card at fault.
"""

from __future__ import annotations

import sys
from typing import TextIO

from .cards import SUIT_NAMES, card_str, parse_card, suit_of
from .errors import CloverLeafError, InvalidInputError
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Rules


def format_move(move: Move) -> str:
    return str(move)


def parse_move(text: str) -> Move:
    """``5C>F``, ``5C>7`` (fan 7) or ``redeal``; spaces and case do not matter."""
    token = text.strip().replace(" ", "")
    if token.lower() == "redeal":
        return REDEAL
    card_text, arrow, dest_text = token.partition(">")
    if not arrow or not dest_text:
        raise InvalidInputError(
            f"bad move {text.strip()!r}: write card>F, card>FAN (like 5C>F or 5C>7), or redeal"
        )
    card = parse_card(card_text)
    if dest_text.upper() == "F":
        return Move(card, FOUNDATION)
    if not dest_text.isdigit() or not dest_text.isascii() or int(dest_text) < 1:
        raise InvalidInputError(f"bad move {text.strip()!r}: {dest_text!r} is not F or a fan number")
    return Move(card, int(dest_text) - 1)


def format_position(rules: Rules, position: Position) -> str:
    """The position as text: the foundations line, then one line a fan."""
    tops = []
    for suit in range(4):
        count = position.foundations[suit]
        tops.append(card_str(rules.foundation_card(suit, count - 1)) if count else "-")
    lines = ["Foundations: " + " ".join(tops)]
    if rules.redeals and position.redeals_left != rules.redeals:
        lines.append(f"Redeals: {position.redeals_left}")
    if rules.redeals and position.deal:
        lines.append(f"Deal: {position.deal}")
    for fan in position.fans:
        lines.append(" ".join(card_str(card) for card in fan) if fan else "-")
    return "\n".join(lines) + "\n"


def _parse_foundations(rules: Rules, text: str, line_number: int) -> list[int]:
    tokens = text.split()
    if len(tokens) != 4:
        raise InvalidInputError(
            f"line {line_number}: the foundations line needs 4 entries (a card or -), got {len(tokens)}"
        )
    counts: list[int | None] = [None] * 4
    for token in tokens:
        if token == "-":
            continue
        try:
            card = parse_card(token)
        except InvalidInputError as error:
            raise InvalidInputError(f"line {line_number}: {error}") from None
        suit = suit_of(card)
        if counts[suit] is not None:
            raise InvalidInputError(f"line {line_number}: two {SUIT_NAMES[suit]} foundations")
        counts[suit] = rules.foundation_index(card) + 1
    return [count or 0 for count in counts]


def _parse_count(text: str, what: str, line_number: int) -> int:
    token = text.strip()
    if not token.isdigit() or not token.isascii():
        raise InvalidInputError(f"line {line_number}: {what} must be a whole number, not {token!r}")
    return int(token)


def parse_position(rules: Rules, text: str) -> Position:
    """Read a position of ``rules``'s game, refusing any that the game cannot reach."""
    fans: list[tuple[int, ...]] = []
    fan_lines: list[int] = []
    foundations: list[int] | None = None
    redeals = rules.redeals
    deal = 0
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, colon, rest = line.partition(":")
        key = head.strip().lower()
        if colon and key == "foundations":
            foundations = _parse_foundations(rules, rest, line_number)
        elif colon and key == "redeals":
            redeals = _parse_count(rest, "Redeals", line_number)
        elif colon and key == "deal":
            deal = _parse_count(rest, "Deal", line_number)
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
    )
    validate(rules, position, fan_lines)
    return position


def validate(rules: Rules, position: Position, fan_lines: list[int] | None = None) -> None:
    """Raise :class:`InvalidInputError` unless ``position`` can arise in the game."""

    def where(index: int) -> str:
        line = f" (line {fan_lines[index]})" if fan_lines else ""
        return f"fan {index + 1}{line}"

    fans = position.fans
    if not fans:
        raise InvalidInputError("the position has no fans")
    if rules.redeals:
        if len(fans) > max(rules.fan_count, 18):
            raise InvalidInputError(f"{rules.name} has at most {rules.fan_count} fans, got {len(fans)}")
    elif len(fans) != rules.fan_count:
        raise InvalidInputError(f"{rules.name} has {rules.fan_count} fans, got {len(fans)}")
    if not 0 <= position.redeals_left <= rules.redeals:
        raise InvalidInputError(
            f"{rules.name} allows {rules.redeals} redeals, the position says {position.redeals_left} are left"
        )
    seen: dict[int, str] = {}
    for suit, count in enumerate(position.foundations):
        if not rules.foundation_return and rules.bases_dealt and count < 1:
            base = card_str(rules.foundation_base(suit))
            raise InvalidInputError(f"{base} starts on its foundation in {rules.name} and never leaves it")
        for index in range(count):
            seen[rules.foundation_card(suit, index)] = f"the {SUIT_NAMES[suit]} foundation"
    for index, fan in enumerate(fans):
        if rules.fan_limit is not None and len(fan) > rules.fan_limit:
            raise InvalidInputError(
                f"{where(index)} holds {len(fan)} cards; {rules.name} allows {rules.fan_limit} at most"
            )
        for card in fan:
            if card in seen:
                raise InvalidInputError(
                    f"{card_str(card)} appears twice: in {where(index)} and in {seen[card]}"
                )
            seen[card] = where(index)
    missing = [card_str(card) for card in range(52) if card not in seen]
    if missing:
        raise InvalidInputError(f"missing card{'s' if len(missing) > 1 else ''}: {' '.join(missing)}")




def read_position_text(source: str, stdin: TextIO | None = None) -> str:
    """The text of a position file, or of standard input for ``-`` (the command line's way)."""
    if source == "-":
        return (stdin or sys.stdin).read()
    try:
        with open(source, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise CloverLeafError(f"cannot read {source}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise CloverLeafError(f"cannot read {source}: it is not UTF-8 text") from None
