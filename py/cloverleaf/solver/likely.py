"""The most promising line of a search that has not decided its position: a likely move, never a proof.

Why. A hint must always offer a move while a card can move: where the search
runs out of budget before a verdict (deals the solver cannot decide, such as
many Shamrocks deals at their start), the player still gets the first step
toward the position that looked best among those the search reached, marked
as not proven. The choice is read from the search when it is asked for, never
worked out while it searches, so the search takes exactly the steps it takes
without it: its node counts do not move.

Which position. Among the positions the search queued and has not expanded
yet (positions that no proof has cut, and none found to have no move), the
one with the most cards on the foundations, then the fewest moves from the
start (the greedy strand reaches as many cards up along lines of hundreds of
moves that shuffle cards round and round), then the lowest cost
(:func:`.costs.cost`), then the first queued: deterministic, so a hint asked
twice gives the same move. Every position is queued in every strand, and a
strand drops a position from its queue only by taking it to expand, so the
first strand's queue holds every position not expanded yet.

The line is read back from the search's table like a solution
(:meth:`.search.Search._solved`) and checked through the engine's checked
door, move by move; it starts from the search's start.
"""

from __future__ import annotations

from ..engine import play
from ..position import Move
from .board import Board
from .search import Search
from .steps import to_move, unpack

_NOT_CARDS = bytes(range(52, 256))  # a state's bytes that are no card: its redeal and waiting bytes, separators


def cards_up(state: bytes) -> int:
    """How many cards lie on the foundations in a :meth:`.board.Board.state` (the cards not in a fan)."""
    return 52 - len(state.translate(None, _NOT_CARDS))


def most_promising(search: Search) -> bytes | None:
    """The key of the most promising position ``search`` queued and has not expanded (see the module), or None."""
    if not search.strands:
        return None
    strand = search.strands[0]
    expanded = search.expanded
    weight = strand.depth_weight
    best: tuple[int, int, int, int] | None = None
    best_key = None
    for priority, order, key, state, depth in strand.queue:
        if key in expanded:
            continue
        rank = (-cards_up(state), depth, priority - (weight * depth >> 3), -order)
        if best is None or rank < best:
            best, best_key = rank, key
    return best_key


def line_to(search: Search, key: bytes) -> tuple[Move, ...]:
    """The engine moves from the search's start to the position of ``key`` in its table, foundation moves included."""
    records: list[int] = []
    at: bytes | None = key
    while at is not None:
        parent, record = search.table[at]
        if parent is not None:
            records.append(record)
        at = parent
    board = Board(search.board.tables, search.start, search.prune, search.board.forced_autoplay)
    moves = [to_move(step) for step in board.settle()]
    for record in reversed(records):
        step = unpack(record)
        played = board.advance(step)
        moves.append(to_move(step))
        moves.extend(to_move(auto) for auto in played.auto)
    position = search.start
    for move in moves:  # a solver bug raises here rather than hand the page a move the rules refuse
        position = play(search.rules, position, move)
    return tuple(moves)


def likely_line(search: Search) -> tuple[Move, ...]:
    """The line from the search's start to its most promising position (empty when it queued none)."""
    key = most_promising(search)
    return () if key is None else line_to(search, key)
