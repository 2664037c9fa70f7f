"""``cloverleaf``: the engine and the solver from a shell.

Every command reads positions in the text format of docs/rules.md (Notation). Bad
input is one short line on standard error and exit status 2, an illegal move exit
status 1; no traceback ever reaches the user. Input is bounded: a position file or
standard input is read up to its limit (notation.MAX_POSITION_BYTES) and refused
beyond it, so ``/dev/zero`` is an error message, not an exhausted memory; messages
quote at most a short prefix of what was typed.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence

from . import solver_cli
from .deals import deal
from .engine import legal_moves, play
from .errors import CloverLeafError, IllegalMoveError
from .games import CATALOGUE, find_game
from .inputs import QUOTE_LIMIT
from .notation import MAX_POSITION_BYTES, format_position, parse_move, parse_position, read_position_text
from .position import Position
from .rules import Rules

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


def read_position(game: str, source: str) -> tuple[Rules, Position]:
    rules = find_game(game)
    return rules, parse_position(rules, read_position_text(source))


def _games(_: argparse.Namespace) -> int:
    for rules in CATALOGUE:
        print(rules.describe())
    return 0


def _deal(args: argparse.Namespace) -> int:
    rules = find_game(args.game)
    sys.stdout.write(format_position(rules, deal(rules, args.number)))
    return 0


def _moves(args: argparse.Namespace) -> int:
    rules, position = read_position(args.game, args.file)
    moves = [str(move) for move in legal_moves(rules, position)]
    if args.json:
        print(json.dumps(moves))
    else:
        for move in moves:
            print(move)
    return 0


def _play(args: argparse.Namespace) -> int:
    moves = [parse_move(text) for text in args.moves]
    rules, position = read_position(args.game, args.file)
    for number, move in enumerate(moves, start=1):
        try:
            position = play(rules, position, move)
        except IllegalMoveError as error:
            print(f"cloverleaf: move {number}: {error}", file=sys.stderr)
            return EXIT_ILLEGAL
    sys.stdout.write(format_position(rules, position))
    return 0


_QUOTED = re.compile("'([^']{" + str(QUOTE_LIMIT) + "})[^']+'")
_MESSAGE_LIMIT = 200
"""argparse's own messages quote whole arguments: longer than this, they are cut."""


def short_usage_message(message: str) -> str:
    """argparse's message on one short line: each quoted argument cut to QUOTE_LIMIT characters.

    argparse quotes what was typed in full ("invalid choice: '<100 kB>'",
    "unrecognized arguments: <every extra word>"), so its messages are
    shortened here, as every message of our own parsers already is.
    """
    message = " ".join(_QUOTED.sub(r"'\1…'", message).split())
    return message if len(message) <= _MESSAGE_LIMIT else message[:_MESSAGE_LIMIT] + "…"


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors with exit status 2 and one short line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {short_usage_message(message)} (try --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cloverleaf",
        description="Clover Leaf and other fan patience games.",
        epilog=f"Position files and standard input are read up to {MAX_POSITION_BYTES} bytes (UTF-8, "
        "a byte-order mark allowed). Bad input: one line on standard error, exit status 2.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    games = commands.add_parser("games", help="list the games")
    games.set_defaults(handler=_games)

    deal_cmd = commands.add_parser("deal", help="print the position of a numbered deal")
    deal_cmd.add_argument("game")
    deal_cmd.add_argument("number", help="deal number, 1 to 10**20 (PySolFC's numbering)")
    deal_cmd.set_defaults(handler=_deal)

    moves = commands.add_parser("moves", help="list the legal moves of a position")
    moves.add_argument("game")
    moves.add_argument("file", nargs="?", default="-", help="position file, or - for standard input")
    moves.add_argument("--json", action="store_true", help="print a JSON list")
    moves.set_defaults(handler=_moves)

    play_cmd = commands.add_parser("play", help="apply moves to a position and print the result")
    play_cmd.add_argument("game")
    play_cmd.add_argument("file", help="position file, or - for standard input")
    play_cmd.add_argument("moves", nargs="*", help="moves like 5C>F, 5C>7 or redeal")
    play_cmd.set_defaults(handler=_play)

    solver_cli.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.handler(args)
    except CloverLeafError as error:
        print(f"cloverleaf: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
