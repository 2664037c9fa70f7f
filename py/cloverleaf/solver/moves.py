"""The moves the search makes from a board: every rule that drops a move, each with its argument.

A dropped move never loses a win (each rule says why), so the search that
makes only these moves finds every win there is; without pruning
(``Board.prune`` off) every legal move is made, one at a time, as the
engine lists them (:func:`legal_steps`), which the tests use to re-check the
rules.
"""

from __future__ import annotations

from operator import itemgetter

from . import general_moves
from .board import AUTOPLAYED, ON_FOUNDATION, REDEAL_STEP, Board, Step, waiting_in

_FEW_ROOMS = 3  # fans with room up to which worth_searching looks at them rather than at each card's targets
_SCORE = itemgetter(0)  # the score of a (score, step) pair of worth_searching, the sort key


def after(board: Board, parent: bytes | None, packed: int) -> list[Step]:
    """:func:`worth_searching` on the board, less the moves that can only find positions found already.

    ``parent`` and ``packed``: the search's record of how it found this
    position (the key of the position it came from, None at the start, and
    the packed step, see :func:`.board.pack`).

    Where the move that found this position played no foundation move
    after it (always so where none is played automatically), moving again
    the card c that it moved gives a position one move from the previous
    one, which that position's expansion finds. Say the move took c from
    fan a onto fan b. Moving c back to a gives the previous position.
    Moving it on to a fan d (neither a nor b, whose tops the move left as
    they were) gives the previous position with c moved from a to d at
    once: the same fans in the same order, b back as it was; and no
    foundation move follows either, since the cards it uncovers (the card
    under c in a, b's top) could not go up before. So the previous
    position's expansion finds it, or finds nothing there for one of the
    reasons of :func:`worth_searching` that holds for both: to an empty fan
    other than the first, or the only card of a fan to an empty fan (the
    same position again); the only card of a fan onto another fan would
    have been dropped for the move that found this position too. That
    expansion had c's moves: the previous position was not found by a
    move of c with no foundation move after it, or the move to here would
    have been dropped there. A search ends ``LOST`` only when every
    expansion has ended, so nothing dropped here is missed. Only with
    pruning on, so that the unpruned search stays plain, and not when the
    previous position had a card waiting to be used (Shamrocks, see
    :func:`worth_searching`): its expansion made only the moves that use that
    card, so the move at once that the argument counts on may not be among
    them (the last move put a card onto the waiting one; moving it off
    again leaves the waiting card free, a position no move there finds).
    """
    moves = worth_searching(board)
    if parent is None or not board.prune or packed & AUTOPLAYED or waiting_in(parent):
        return moves
    if board.general and not general_moves.moved_again_is_known(packed):
        return moves
    card = packed & 63
    return [step for step in moves if step[0] != card]


def worth_searching(board: Board) -> list[Step]:
    """The moves worth searching here, best first.

    Dropped, each for a reason that keeps every win:
    - in a settled position, moves to an empty fan other than the first one:
      the fans are interchangeable, so the positions are the same up to fan
      order (see :meth:`.board.Board.key`);
    - moving the only card of a fan to an empty fan: the same position again;
    - foundation moves where :meth:`.board.Board.autoplay` already plays them all;
    - foundation returns where fans build in suit (see :meth:`.board.Board.autoplay`: a
      win with returns gives a win without them);
    - in a settled position of a game whose empty fans stay empty, moving
      the only card of a fan onto another fan. Whatever can be done after
      it can be done without it, one move shorter: cards later put on the
      moved card can be put on it where it was, with more room under the
      fan limit; the card it covered stays free; the fan it leaves could
      never be used again. So the shortest win from any winnable position
      never makes such a move;
    - right after a card y came back from its foundation (:attr:`.board.Board.pending`),
      every move but those that use it: a card placed onto y, or y's
      predecessor coming back too. Take a shortest win W and a return of y
      in it. Before y moves again, W places a card onto y or brings back
      y's predecessor: otherwise y lay in its fan only taking room (no
      card of its suit can go up while y is out, and its predecessor stays
      put), and W without the return, with y's next move turned into a
      return to the same place (or left out, if y went back up), would be
      shorter. The moves W makes between the return and that use touch
      neither y, nor the card under it, nor y's suit, so they can all be
      made before the return: then the use comes right after it, in a win
      as short. Whether a card waits is part of the position's key, so
      the rule depends on positions only;
    - so, a return after which no move would use the card: the position
      it leads to would be a dead end (see :func:`_return_used`).
    The order (a heuristic only) prefers moves that uncover the card a
    foundation needs soonest, and sends cards to empty fans last.
    Without pruning: :func:`legal_steps`.
    """
    if board.general:
        return general_moves.worth_searching(board)  # type: ignore[arg-type]
    if not board.prune:
        return legal_steps(board)
    t = board.tables
    fans = board.fans
    found = board.found
    index = t.index
    targets = t.targets
    filler = t.filler
    limit = t.limit
    settled = board.redeals_left == 0  # the properties, read once (this runs for every expansion)
    autoplays = board.autoplays_always or (board.autoplays_settled and settled)
    sole_stays = settled and t.dead_empties
    # receiver[card]: the fan whose top it is, where that fan has room for one more card (else -1); a
    # receiver is never a fan's own top card, since no card builds on itself
    receiver = [-1] * 52
    empty = -1
    # Under a fan limit few fans have room (one or two in most Shamrocks positions): there each card
    # looks at them rather than at its targets, in the order of their top cards (the order of targets)
    onto = None
    movers = 0  # with onto: the cards that some fan with room takes, as bits (bit c for card c)
    if t.capped:
        rooms: list[tuple[int, int]] = []  # (top card, fan) of the fans with room
        for number, fan in enumerate(fans):
            if fan:
                if len(fan) < limit:
                    receiver[fan[-1]] = number
                    rooms.append((fan[-1], number))
            elif empty < 0:
                empty = number
        if len(rooms) <= _FEW_ROOMS:
            onto = t.onto
            rooms.sort()
            for top, _number in rooms:
                movers |= t.movers_onto[top]
    else:
        for number, fan in enumerate(fans):
            if fan:
                receiver[fan[-1]] = number
            elif empty < 0:
                empty = number
    scored: list[tuple[int, Step]] = []
    for source, fan in enumerate(fans):
        if not fan:
            continue
        card = fan[-1]
        if not autoplays and found[card // 13] == index[card]:
            scored.append((-100, (card, source, ON_FOUNDATION)))
        if onto is not None and not movers >> card & 1 and not filler[card]:
            continue  # no fan with room takes it
        if len(fan) > 1:
            under = fan[-2]
            need = index[under] - found[under // 13]
        else:
            need = -1
        if need < 0 and sole_stays:
            continue
        if onto is None:
            for target in targets[card]:
                dest = receiver[target]
                if dest >= 0:
                    scored.append((need, (card, source, dest)))
        else:
            row = 52 * card
            for top, dest in rooms:
                if onto[row + top]:
                    scored.append((need, (card, source, dest)))
        if filler[card] and (len(fan) > 1 or not settled):
            if settled:
                if empty >= 0:
                    scored.append((need + 20, (card, source, empty)))
            else:
                for dest, dest_fan in enumerate(fans):
                    if not dest_fan:
                        scored.append((need + 20, (card, source, dest)))
    if t.returns:
        order = t.order
        for suit in range(4):
            if found[suit]:
                card = order[suit][found[suit] - 1]
                for target in targets[card]:
                    dest = receiver[target]
                    if dest >= 0 and _return_used(board, card, dest, receiver):
                        scored.append((30, (card, ON_FOUNDATION, dest)))
    scored.sort(key=_SCORE)
    steps = [step for _, step in scored]
    if board.pending >= 0:
        return _uses(board, steps)
    if board.redeals_left > 0 and any(fans):
        steps.append((-1, -1, REDEAL_STEP))
    return steps

def _return_used(board: Board, card: int, dest: int, receiver: list[int]) -> bool:
    """Whether, after ``card`` came back from its foundation onto fan ``dest``, some move would use it.

    The position it leads to has a card waiting (:attr:`.board.Board.pending`), where
    :func:`worth_searching` keeps only the moves that use it; where there is none,
    the return leads to a dead end of the search, a node spent for
    nothing (docs/solver.md says how many).
    A move uses the card by going onto it, which needs room left in
    ``dest`` after it, or by bringing its predecessor back, onto it or onto
    another fan's top with room (``receiver``, as :func:`worth_searching` has it,
    holds the tops of the fans with room, ``dest`` among them). What may
    go onto it: another suit's foundation top, or another fan's top (not
    a fan's only card, where :func:`worth_searching` keeps those in place).
    """
    t = board.tables
    fans = board.fans
    found = board.found
    suit = card // 13
    before = t.order[suit][found[suit] - 2] if found[suit] > 1 else -1  # its predecessor, on the foundation
    onto = t.onto
    if len(fans[dest]) + 1 < t.limit:  # room left on it
        if before >= 0 and onto[52 * before + card]:
            return True
        for other in range(4):
            if other != suit and found[other] and onto[52 * t.order[other][found[other] - 1] + card]:
                return True
        fewest = 2 if board.redeals_left == 0 and t.dead_empties else 1
        for number, fan in enumerate(fans):
            if number != dest and len(fan) >= fewest and onto[52 * fan[-1] + card]:
                return True
    if before >= 0:
        for target in t.targets[before]:
            place = receiver[target]
            if place >= 0 and place != dest:
                return True
    return False

def _uses(board: Board, steps: list[Step]) -> list[Step]:
    """Of ``steps``, those that use the waiting card: onto it, or its predecessor back from its foundation."""
    pending = board.pending
    fan = board.where[pending]
    suit = pending // 13
    back = board.tables.order[suit][board.found[suit] - 1] if board.found[suit] else -1
    return [step for step in steps if step[2] == fan or (step[1] == ON_FOUNDATION and step[0] == back)]

def legal_steps(board: Board) -> list[Step]:
    """Every legal move, as the engine's :func:`~cloverleaf.engine.legal_moves` lists them.

    Written apart from :func:`worth_searching` (and as plainly as the rules read), so
    that a search without pruning checks the pruned one independently.
    """
    t = board.tables
    fans = board.fans
    found = board.found
    limit = t.limit
    tops = [(fan[-1], source) for source, fan in enumerate(fans) if fan]
    if board.rules.foundation_return:
        tops += [(t.order[suit][found[suit] - 1], ON_FOUNDATION) for suit in range(4) if found[suit]]
    steps: list[Step] = []
    for card, source in tops:
        if source >= 0 and found[card // 13] == t.index[card]:
            steps.append((card, source, ON_FOUNDATION))
        for dest, fan in enumerate(fans):
            if dest == source or len(fan) >= limit:
                continue
            if (fan and fan[-1] in t.targets[card]) or (not fan and t.filler[card]):
                steps.append((card, source, dest))
    if board.redeals_left > 0 and any(fans):
        steps.append((-1, -1, REDEAL_STEP))
    return steps
