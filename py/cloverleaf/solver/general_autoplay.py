"""The foundation moves the general board (:mod:`.general`) plays at once, each with the argument that it costs
no win.

Names as in :mod:`.general`.
"""

from __future__ import annotations

from typing import Protocol

from .board import ON_FOUNDATION
from .steps import CELL_STEP, Step
from .tables import Tables


class GeneralBoard(Protocol):
    """What the safe foundation moves read and change of a :class:`.general.GeneralBoard`."""

    tables: Tables
    fans: list[bytes]
    cells: bytes
    where: list[int]
    found: list[int]

    def rise(self, card: int) -> None: ...


def autoplay(board: GeneralBoard, sources: list[int] | None) -> list[Step]:
    """Play every foundation move on ``board`` that can cost no win, repeatedly; return the steps played.

    ``sources``: the fans whose top card may have changed (None: all).

    Where fans build in suit, every card that fits: the argument of
    :meth:`.board.Board.autoplay` holds here too. A card a step leaves
    out of a fan's line of cards (a *ghost*) was at a fan's top or in a
    free cell: a run moved in the win without its ghosts is shorter (the
    free cells allow it, as many or more being empty); a ghost moved to
    a free cell is a move left out, a cell left empty; the draw of a card
    whose top card is a ghost becomes a plain move of the same card to the
    same place, the draw kept for later; no draw is made of a ghost.

    Elsewhere (by rank alone, by colour, by equal rank: no foundation
    returns) a card goes up once every card that could be placed on it in
    a fan is on its foundation. Take a win S from a position P, and P'
    where such a card c went up. In S no card is ever placed on c (each
    that could is up, and stays up), so c is always a top, or in a cell, or
    under none; playing S from P' without c's own moves keeps every move
    legal: c's fan has a card fewer (the card under c is free sooner,
    more room under a fan limit), a run of S that ended with c is
    shorter, a cell c held is empty. Where foundations take a colour and
    not a suit, c's move up in S takes the place of a card d of the same
    rank and colour that P' sends up instead; the two are alike in every
    rule (fans build by rank there), so S with c and d exchanged wins
    from P'.

    Where foundations build in suit (not fans), two more cases:

    - *ready above*: c goes up once every card that could ever come to
      lie above it, one placed on the next (``Tables.above``), is up or
      next on its foundation. Play S from P' keeping P''s fans as S's
      without its *ghosts* (c, at first), which lie only at the tops of
      S's fans: a card S places on a ghost is in ``above`` of c, next on
      its foundation (it was, and foundations only grow), and a top in
      P': P' sends it up, a ghost on the ghost; a ghost's own moves are
      left out; a card that is no ghost moves in P' as in S (a top in S is
      one in P', with more room), a run less its ghosts is a run.
    - *equal ranks* (Troika, the Quads; no free cell): c goes up when it
      lies on a card u of its own rank, or in a full fan, or alone where
      any card fills an empty fan. Play S from P' without c: a card S
      places on c, of c's rank, goes onto u, or into the fan c leaves
      empty; in a full fan nothing is placed on c, and the card under it
      stays under it (no run holds both, their ranks differ), until c moves;
      and c moves only onto a card of its rank or, alone or heading a run,
      into an empty fan, so it always lies in one of those ways. A run of
      S that holds c is a run without it, onto the same place.
    - *only bottoms left* (equal ranks in anchored fans: Troika): c goes
      up when every other card of its rank still in a fan lies at the
      bottom of its fan or beneath c. Take S a shortest win: it never
      moves the only card of a fan onto another fan (see
      :func:`.general_moves.worth_searching`), so a bottom card never
      moves but up, and a card beneath c waits for c to leave its fan.
      So while c lies in its fan nothing is placed on it; once S moves
      it onto a card u of its rank, a card S places on it goes onto u,
      as above. Play S from P' without c's moves, so placed.
    """
    fans = board.fans
    todo = [fan[-1] for fan in fans if fan] if sources is None else [
        fans[source][-1] for source in sources if fans[source]
    ]
    return sweep(board, todo + list(board.cells))


def sweep(board: GeneralBoard, todo: list[int]) -> list[Step]:
    """Send up every card of ``todo`` that :func:`autoplay` sends up, and every card that lets up or makes
    safe, in turn: a fan's next card, the cards that follow it on a foundation, (where :func:`autoplay`
    asks that nothing could be placed on a card) the cards it could have been placed on, and (where it
    asks that the cards above a card be up or next) the cards above which it, or a card it lets up, may lie."""
    t = board.tables
    fans, where, found = board.fans, board.where, board.found
    in_suit, placed_on, places, targets, next_up = t.in_suit, t.placed_on, t.places, t.targets, t.next_up
    alike, alone_up, limit, bottoms_stay = t.alike, t.alone_up, t.limit, t.bottoms_stay
    ready_up, above, guarded, index = t.ready_up, t.above, t.guarded, t.index
    played: list[Step] = []
    while todo:
        card = todo.pop()
        at = where[card]
        if at == ON_FOUNDATION:
            continue
        for f, count in places[card]:
            if found[f] == count:
                break
        else:
            continue
        if not in_suit and not all(where[other] == ON_FOUNDATION for other in placed_on[card]) and not (
            alike and at != CELL_STEP and _lies_alike(fans[at], card, limit, alone_up)
        ) and not (ready_up and all(found[other // 13] >= index[other] for other in above[card])) and not (
            bottoms_stay and _only_bottoms(fans, where, card, at, targets[card])
        ):
            continue
        if at == CELL_STEP:
            cells = board.cells
            held = cells.index(card)
            board.cells = cells[:held] + cells[held + 1:]
        else:
            fan = fans[at]
            if fan[-1] != card:
                continue
            fans[at] = fan[:-1]
            if len(fan) > 1:
                todo.append(fan[-2])
        where[card] = ON_FOUNDATION
        board.rise(card)
        played.append((card, at, ON_FOUNDATION))
        todo += next_up[card]
        if not in_suit:
            todo += targets[card]
        if ready_up:
            todo += guarded[card]
            for other in next_up[card]:
                todo += guarded[other]
    return played


def _only_bottoms(fans: list[bytes], where: list[int], card: int, at: int, others: tuple[int, ...]) -> bool:
    """Whether every card ``card`` could take in a fan (its rank's other cards) is up, at the bottom of its
    fan or beneath ``card`` in fan ``at`` (the *only bottoms left* case of :func:`autoplay`)."""
    for other in others:
        holder = where[other]
        if holder != ON_FOUNDATION and holder != at and fans[holder][0] != other:
            return False
    return True


def _lies_alike(fan: bytes, card: int, limit: int, alone_up: bool) -> bool:
    """Whether ``card``, the top of ``fan``, lies where no win ever needs it as a fan's top (equal-rank
    builds, see :func:`autoplay`): on a card of its own rank, in a full fan, or alone where
    any card fills an empty fan."""
    if len(fan) >= limit:
        return True
    if len(fan) == 1:
        return alone_up
    return fan[-2] % 13 == card % 13
