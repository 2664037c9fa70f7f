"""The witness of the projection proofs: the suits whose projection is lost, and the shortest prefix of each still lost.

A lost projection on some suits proves the position lost (:mod:`.suits`),
and so does a lost prefix projection (:mod:`.prefixes`), which keeps only
the next few cards of each of those suits: those cards alone already decide
the loss. Asked for only after a verdict (:mod:`.why`), never in a search.
Each search here is the solver's own, bounded in nodes; one it does not
decide counts as not lost, so a witness found is always proved, and at worst
longer than the shortest.
"""

from __future__ import annotations

from ..rules import Rules
from . import prefixes
from .board import Board
from .plan import Plan
from .search import Search
from .suits import pairs_present
from .turn import Verdict

PAIR_NODES = 2_000  # the most nodes a search of a pair's whole projection may take here
PREFIX_NODES = 2_000  # the most nodes a search of a prefix projection may take here

Kept = dict[int, int]  # suit -> how many of its next cards are kept


def one_suit(board: Board) -> Kept | None:
    """The first suit whose one-suit projection is lost, with the shortest prefix of it still lost; None if none.

    The one-suit games are searched exhaustively (and cached) by
    :class:`.suits.SuitGames`, so each prefix is decided.
    """
    games = board.tables.suits
    if games is None or not board.settled:
        return None
    for suit in range(4):
        if not games.lost(board.fans, suit):
            continue
        left = 13 - board.found[suit]
        if prefixes.applies(board.tables):
            position = board.position()
            for length in range(1, left):
                projected = prefixes.prefix_projection(board.tables, position, {suit: length})
                if games.lost([bytes(fan) for fan in projected.fans], suit):
                    return {suit: length}
        return {suit: left}
    return None


def lost_pair(rules: Rules, board: Board) -> Kept | None:
    """The first pair of suits whose projection a search of ``PAIR_NODES`` proves lost, shortened; None if none."""
    if board.tables.suits is None or not board.settled:
        return None
    for pair in pairs_present(board.position()):
        whole = {suit: 13 - board.found[suit] for suit in pair}
        if _lost(rules, board, whole, PAIR_NODES):
            return shortest(rules, board, whole)
    return None


def from_start(board: Board, start_found: tuple[int, ...], kept: Kept) -> Kept:
    """A prefix of the position a search started from (its ``start_found``), as a prefix of the settled board.

    The settled board has played some of the prefix's cards up: the same
    cards in the fans are kept, and a suit none of whose kept cards is left
    drops out.
    """
    found = board.found
    moved = {suit: min(13 - found[suit], start_found[suit] + length - found[suit]) for suit, length in kept.items()}
    return {suit: length for suit, length in moved.items() if length > 0}


def shortest(rules: Rules, board: Board, kept: Kept) -> Kept:
    """A shortest prefix of the lost projection ``kept`` still proved lost (``kept`` where prefixes prove nothing).

    For a pair, the staircase of the lengths (a longer prefix of a lost one
    is lost too): from (1, the whole second suit), one step down the second
    suit while lost, else one up the first, which finds the least total
    length among those the searches decide. For three suits, each suit in
    turn is cut to its shortest length still lost, by halves.
    """
    if not prefixes.applies(board.tables) or len(kept) < 2:
        return kept
    if len(kept) == 2:
        (first, first_length), (second, second_length) = kept.items()
        best = dict(kept)
        i, j = 1, second_length
        while i <= first_length and j >= 1:
            trial = {first: i, second: j}
            if _lost(rules, board, trial, PREFIX_NODES):
                if i + j < sum(best.values()):
                    best = trial
                j -= 1
            else:
                i += 1
        return best
    best = dict(kept)
    for suit in kept:
        low, high = 1, best[suit]  # high is lost
        while low < high:
            middle = (low + high) // 2
            if _lost(rules, board, {**best, suit: middle}, PREFIX_NODES):
                high = middle
            else:
                low = middle + 1
        best[suit] = high
    return best


def _lost(rules: Rules, board: Board, kept: Kept, nodes: int) -> bool:
    """Whether the prefix projection ``kept`` of the board's position (the projection itself, kept whole) is
    proved lost within ``nodes``."""
    position = prefixes.prefix_projection(board.tables, board.position(), kept)
    search = Search(rules, position, replay=False, plan=Plan.of(rules.solver).of_searches_made())
    return search.run(nodes) is Verdict.LOST


def cards_of(board: Board, kept: Kept) -> list[int]:
    """The cards a prefix keeps, suit by suit, in the order their foundations take them: all in the fans."""
    order = board.tables.order
    return [order[suit][index] for suit, length in sorted(kept.items())
            for index in range(board.found[suit], board.found[suit] + length)]
