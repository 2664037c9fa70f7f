"""The witness of the order proof (:mod:`.hosts`): the cards whose events cannot be put in any order.

Asked for only after a verdict (:mod:`.why`), never in a search. It follows
the proof step for step (the same fixed points, the same case splits in the
same order), so it finds a witness exactly where :func:`.hosts.lost_here`
proves the position lost with as many levels of cases; at each
contradiction it reads what broke: a card left with no way (with the anchors
of the fans it could be in), or a cycle of orders (the cards of its
events). A split's witness is the union of its ways' witnesses, with the card
split on.
"""

from __future__ import annotations

from .board import Board
from .hosts import BREADTH, LEAVE, Choice, _events, _order, _propagate


def order_witness(board: Board, cases: int = 0) -> list[int] | None:
    """The cards that decide the order proof's contradiction on this settled board; None where it proves nothing."""
    if not board.settled:
        return None
    after, undecided, previous_of, full_top = _events(board.fans, board.found, board.tables.order, board.tables.alike)
    cards = _contradiction(after, undecided, previous_of, full_top, cases)
    return sorted(cards) if cards is not None else None


def _contradiction(
    after: list[int], undecided: list[Choice], previous_of: list[int], full_top: list[int], cases: int
) -> set[int] | None:
    """As :func:`.hosts._lost_in_every_case`, the cards of the contradiction instead of True; None for False."""
    blame: list[int] = []
    propagated = _propagate(after, undecided, previous_of, full_top, blame)
    if propagated is None:
        if blame:
            card = blame[0]
            hosts = next((hosts for upper, _home, hosts in undecided if upper == card), [])
            return {card, *hosts}
        return _cycle(after)
    if not cases:
        return None
    undecided, splits = propagated
    splits.sort(key=len)
    for ways in splits[:BREADTH]:
        cards: set[int] = set()
        for orders in ways:
            branch = list(after)
            for first, then in orders:
                _order(branch, first, then)
                cards |= {first % LEAVE, then % LEAVE}
            found = _contradiction(branch, undecided, previous_of, full_top, cases - 1)
            if found is None:
                break
            cards |= found
        else:
            return cards
    return None


def _cycle(after: list[int]) -> set[int]:
    """The cards of the events of one cycle of ``after`` (event e before f where bit f of ``after[e]`` is set)."""
    state = bytearray(len(after))  # 0 new, 1 on the path, 2 done
    for root in range(len(after)):
        if state[root]:
            continue
        path = [root]
        todo = [after[root]]
        state[root] = 1
        while path:
            if todo[-1]:
                low = todo[-1] & -todo[-1]
                todo[-1] ^= low
                nxt = low.bit_length() - 1
                if state[nxt] == 1:
                    return {event % LEAVE for event in path[path.index(nxt):]}
                if not state[nxt]:
                    state[nxt] = 1
                    path.append(nxt)
                    todo.append(after[nxt])
                continue
            state[path.pop()] = 2
            todo.pop()
    return set()
