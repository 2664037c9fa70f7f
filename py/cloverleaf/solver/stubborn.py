"""Partial-order reduction for Troika: of a position's moves, search only those of one stubborn set.

Troika's moves are few in kind: a fan's top card x goes up, or onto the top
card h of another fan, of x's rank, with room under the fan limit (never the
only card of a fan: a shortest win never moves one, see
:func:`.general_moves.worth_searching`). Name a *transition* by its two
cards, ``x -> h``, or ``x -> up``. Two transitions that share no card
commute and neither takes the other away: each changes only the fans of its
own cards (x leaves its fan, h's fan gains x), and a fan's top is the only
card anything there can do with. So the transitions that can interfere with
``x -> h`` are the other moves of x and of h, and the moves onto x or h; for
``x -> up``, the other moves of x and the moves onto it (the next card of
x's suit only becomes possible after it).

A set T of transitions is *stubborn* (Valmari's strong stubborn sets) when,
for each transition of T that is possible now, every transition that can
interfere with it is in T, and for each one that is not, T holds a
*necessary enabling set*: transitions one of which must happen before it
can: for a card under another, the moves of the card right on it; for
``x -> up`` with x a top, the going up of its suit's next card; onto a top
in a full fan, the moves of that top; the only card of a fan never moves
but up. Then, of any sequence of moves from here that wins, one of T's
possible transitions can be played first and the rest after it, in the same
number of moves (the win ends where nothing moves, so it must meet T: a
transition of T stays possible until one of T is played): searching only
T's possible moves keeps a shortest win, as every other rule of the search
does, and a search that exhausts them proves the position lost.

T is closed from a seed: the next card of one suit going up, each suit in
turn, and the smallest set is kept. Where a seed's set holds no possible
transition at all, no move of it can ever become possible, that suit's next
card never goes up, and the position is lost: no move is searched.
"""

from __future__ import annotations

from .board import ON_FOUNDATION, Board, Step

UP = -1  # a transition's host for a move to the foundation


def applies(board: Board) -> bool:
    """Troika's kind: equal ranks in anchored fans (``Tables.bottoms_stay``), settled, with the moves pruned."""
    return bool(board.general and board.prune and board.tables.bottoms_stay and board.redeals_left == 0)


def reduced(board: Board, steps: list[Step]) -> list[Step]:
    """``steps`` (the moves worth searching) less those outside the smallest stubborn set of the four seeds."""
    if len(steps) <= 1:
        return steps
    best: set[tuple[int, int]] | None = None
    tables = board.tables
    order = tables.order
    for suit in range(4):
        count = board.found[suit]
        if count >= 13:
            continue
        enabled = _closure(board, order[suit][count], len(steps) if best is None else len(best))
        if enabled is None:
            continue
        if not enabled:
            return []
        if best is None or len(enabled) < len(best):
            best = enabled
            if len(best) == 1:
                break
    if best is None:
        return steps
    fans = board.fans
    return [step for step in steps
            if (step[0], UP if step[2] == ON_FOUNDATION else fans[step[2]][-1]) in best]


def _closure(board: Board, seed: int, enough: int) -> set[tuple[int, int]] | None:
    """The possible transitions of the stubborn set closed from ``seed -> up``; None once they reach ``enough``."""
    t = board.tables
    fans, where, found, index, order, targets = board.fans, board.where, board.found, t.index, t.order, t.targets
    limit = t.limit
    seen: set[tuple[int, int]] = set()
    moved: set[int] = set()  # the cards all of whose moves are in the set
    enabled: set[tuple[int, int]] = set()
    todo: list[tuple[int, int]] = [(seed, UP)]

    def moves_of(card: int) -> None:
        if card not in moved:
            moved.add(card)
            todo.append((card, UP))
            todo.extend((card, host) for host in targets[card] if where[host] != ON_FOUNDATION)

    def onto(host: int) -> None:
        todo.extend((card, host) for card in targets[host] if where[card] != ON_FOUNDATION)

    def above(card: int) -> int:
        fan = fans[where[card]]
        return fan[fan.index(card) + 1]

    while todo:
        transition = todo.pop()
        if transition in seen:
            continue
        seen.add(transition)
        card, host = transition
        fan = fans[where[card]]
        on_top = fan[-1] == card
        if host == UP:
            suit = card // 13
            if on_top and found[suit] == index[card]:
                enabled.add(transition)
                moves_of(card)
                onto(card)
            elif not on_top:
                moves_of(above(card))
            else:
                todo.append((order[suit][found[suit]], UP))
        else:
            dest = fans[where[host]]
            host_on_top = dest[-1] == host
            if not on_top:
                if not host_on_top and above(host) in moved:
                    continue  # its enabling set is in already
                moves_of(above(card))
            elif len(fan) == 1:
                continue  # the only card of a fan never moves but up: never possible
            elif not host_on_top:
                moves_of(above(host))
            elif len(dest) >= limit:
                moves_of(host)
            else:
                enabled.add(transition)
                moves_of(card)
                onto(card)
                moves_of(host)
                onto(host)
        if len(enabled) >= enough:
            return None
    return enabled
