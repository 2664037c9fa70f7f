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

from .cards import SUIT_NAMES, card_str, parse_card, suit_of
from .deals import MAX_DEAL
from .errors import CloverLeafError, InvalidInputError
from .inputs import check_size, parse_whole_number, quote, read_limited, strip_space
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Rules

MAX_POSITION_BYTES = 65536
"""The largest position text read, in bytes: a position takes about 200, comments the rest."""
MAX_FAN_NUMBER = 99
"""Fan numbers in moves have at most two digits: no game has more than 18 fans."""
MAX_REDEALS = 99
_MOVE_FORMS = "write card>F, card>FAN (like 5C>F or 5C>7), or redeal"
_HEADERS = {"foundations": "Foundations:", "redeals": "Redeals:", "deal": "Deal:"}
_PRINTABLE_ASCII = re.compile(r"[\x20-\x7e\t]*")


def parse_move(text: str) -> Move:
    """``5C>F``, ``5C>7`` (fan 7) or ``redeal``; spaces and case do not matter.

    A fan is at most two ASCII digits (no game has 100 fans): ``5C>³`` and a
    5,000-digit fan are refused like any other bad move.
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"bad move {quote(text)}: {_MOVE_FORMS}")
    shown = quote(strip_space(text))
    token = strip_space(text).replace(" ", "")
    if token.lower() == "redeal":
        return REDEAL
    card_text, arrow, dest_text = token.partition(">")
    if not arrow or not dest_text:
        raise InvalidInputError(f"bad move {shown}: {_MOVE_FORMS}")
    card = parse_card(card_text)
    if dest_text.upper() == "F":
        return Move(card, FOUNDATION)
    try:
        fan = parse_whole_number(dest_text, what="fan", low=1, high=MAX_FAN_NUMBER)
    except InvalidInputError:
        raise InvalidInputError(f"bad move {shown}: {quote(dest_text)} is not F or a fan number") from None
    return Move(card, fan - 1)


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
    redeals = rules.redeals
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
            foundations = _parse_foundations(rules, rest, line_number)
        elif colon and key == "redeals":
            redeals = _parse_count(rest, "Redeals", line_number, MAX_REDEALS)
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
