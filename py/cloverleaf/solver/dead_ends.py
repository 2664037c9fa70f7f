"""Dead ends: a card just placed on a fan that can never move again, which proves the position lost.

A card just placed on a fan could move to its foundation only after its predecessor there, and
onto a fan only onto one of its targets. If the predecessor lies beneath
it in the same fan, and so does every target or the target is on its
foundation (where, in a game without returns, it stays), then every way
out waits for a card beneath it: the card never moves and never reaches
its foundation, so the position is lost. A card that may fill an empty
fan is left to :mod:`.schedule`. Tried on every position found (it costs a
few look-ups), in settled positions of games without returns.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step


def applies(board: Board) -> bool:
    """Games whose foundation cards stay up (a target on its foundation is no way out there), on the
    board of the first eight games (no free cell, run or draw is a way out)."""
    return not board.returns and not board.general


def lost_after(board: Board, step: Step) -> bool:
    """Whether the card that ``step`` just placed on a fan can never move again (the module's argument)."""
    card, _source, dest = step
    if dest < 0:
        return False
    t = board.tables
    if t.filler[card]:
        return False
    where = board.where
    fan = where[card]
    if fan < 0:  # it went on up to its foundation after the move
        return False
    before = t.previous[card]
    if before >= 0 and where[before] != fan:
        return False
    # a loop rather than all() over a generator: this runs for most nodes
    for target in t.targets[card]:
        place = where[target]
        if place != fan and place != ON_FOUNDATION:
            return False
    else:
        return True


def dead_card(board: Board) -> list[int] | None:
    """A witness of the argument for a settled board: a card in a fan that can never move, and what it waits for.

    The argument holds for any card in a fan, not only one just placed: its
    predecessor and every target lie beneath it in its fan (or on their
    foundations, for targets). The first such card, then its predecessor and
    the targets beneath it; None where no card is such. Only asked for after
    a verdict (:mod:`.why`), never in a search.
    """
    if not applies(board) or not board.settled:
        return None
    t = board.tables
    for fan in board.fans:
        for depth, card in enumerate(fan):
            before = t.previous[card]
            if t.filler[card] or before < 0 or before not in fan[:depth]:
                continue
            targets = t.targets[card]
            if all(target in fan[:depth] or board.where[target] == ON_FOUNDATION for target in targets):
                return [card, before, *(target for target in targets if target in fan[:depth] and target != before)]
    return None
