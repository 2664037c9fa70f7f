"""The moves worth searching from a general board (:mod:`.general`), and how promising its positions look.

What :mod:`.moves` and :mod:`.costs` are for the first eight games' board, for
the games with free cells, runs, a draw, or builds not in suit; names as in
:mod:`.general`.
"""

from __future__ import annotations

from ..engine import legal_moves
from ..position import CELL, FOUNDATION
from .board import ON_FOUNDATION, REDEAL_STEP, Step
from .general import GeneralBoard
from .steps import CELL_STEP, DRAWN

_BYTE = [bytes((card,)) for card in range(52)]
_IN_CELL = 52  # the card under a card in a free cell, for the moves' scores: none, scored 0 (see worth_searching)


def worth_searching(board: GeneralBoard) -> list[Step]:
    """The moves worth searching from a general board, best first; every legal move without pruning.

    Dropped, each for a reason that keeps every win (as :func:`.moves.worth_searching`'s):
    - in a settled position, moves to an empty fan other than the first one
      (the fans are interchangeable), and to a free cell but the first
      (the cells are);
    - a whole fan moved to an empty fan: the same position again;
    - foundation moves where :meth:`GeneralBoard.autoplay` plays every one (in-suit games);
    - in a settled position of a game whose empty fans stay empty, moving the
      only card of a fan onto another fan: whatever follows can be done
      without it (the card where it was still takes what it would have taken
      there; the card it would have covered stays free, and a draw of it
      becomes a plain move of it to the same place, the draw kept).
    The order (a heuristic only) prefers foundation moves, then the moves
    that uncover the card a foundation needs soonest; moves to an empty fan
    and to a free cell come last.
    """
    if not board.prune:
        return legal_steps(board)
    t = board.tables
    fans = board.fans
    found = board.found
    settled = board.redeals_left == 0
    # where autoplay sends every card that fits, a foundation move is never left to make; elsewhere the
    # cards it holds back (something could still be placed on them) may go up by a move of their own
    all_up = t.in_suit and (board.autoplays_always or (board.autoplays_settled and settled))
    sole_stays = settled and t.dead_empties
    limit = t.limit
    receivers: dict[int, list[int]] = {}  # top card -> the fans it tops (room left under a limit is checked per move)
    receiving = 0  # the top cards of the fans with room, as bits (bit c for card c)
    empties: list[int] = []
    for number, fan in enumerate(fans):
        if fan:
            receivers.setdefault(fan[-1], []).append(number)
            if len(fan) < t.limit:
                receiving |= 1 << fan[-1]
        else:
            empties.append(number)
    if settled and empties:
        empties = empties[:1]
    free_cells = t.cells - len(board.cells)
    scored: list[tuple[int, Step]] = []
    targets, filler, rank_index, places, index = t.targets, t.filler, t.rank_index, t.places, t.index
    in_suit_places = t.rules.suit_foundations

    def need(card: int) -> int:
        """How far the card under a move's card is from going up (-1: none under it)."""
        if card < 0:
            return -1
        if card == _IN_CELL:
            return 0
        if in_suit_places:
            return index[card] - found[card // 13]
        return rank_index[card] - max(found[f] for f, _count in places[card])

    def onto_fans(cards: bytes, source: int, under: int, whole: bool) -> None:
        """Offer ``cards`` (a fan's top card, or a run) to the fans that take them; scored by ``need(under)``."""
        card = cards[0]
        score = None
        count = len(cards)
        for target in targets[card]:
            for dest in receivers.get(target, ()):
                if dest != source and len(fans[dest]) + count <= limit:
                    if score is None:
                        score = need(under)
                    scored.append((score, (card, source, dest)))
        if filler[card] and not whole and empties and count <= limit:
            if score is None:
                score = need(under)
            for dest in empties:
                scored.append((score + 20, (card, source, dest)))

    target_bits, runs = t.target_bits, t.runs
    for source, fan in enumerate(fans):
        if not fan:
            continue
        top = fan[-1]
        under = fan[-2] if len(fan) > 1 else -1
        if not all_up and (found[top // 13] == index[top] if in_suit_places else board.takes(top)):
            scored.append((-100, (top, source, ON_FOUNDATION)))
        sole = len(fan) == 1
        # most tops have nowhere to go: looked at only where a fan with room takes them, or an empty one
        reaches = target_bits[top] & receiving or (filler[top] and empties)
        if reaches and not (sole and sole_stays):
            onto_fans(fan[-1:], source, under, sole)
        if free_cells:
            scored.append((need(under) + 30, (top, source, CELL_STEP)))
        if runs and under >= 0 and target_bits[top] >> under & 1:  # the top card lies on its target: a run
            _runs(board, fan, source, free_cells, onto_fans)
        if board.draws_left and under >= 0:
            dest = _draw_destination(board, source, under)
            if dest is not None:
                scored.append((-50 if dest == ON_FOUNDATION else need(fan[-3] if len(fan) > 2 else -1),
                               (under, DRAWN + source, dest)))
    for card in dict.fromkeys(board.cells):
        if not all_up and board.takes(card):
            scored.append((-100, (card, CELL_STEP, ON_FOUNDATION)))
        onto_fans(_BYTE[card], CELL_STEP, _IN_CELL, False)
    scored.sort(key=lambda pair: pair[0])
    steps = [step for _, step in scored]
    if board.redeals_left > 0 and any(fans):
        steps.append((-1, -1, REDEAL_STEP))
    return steps


def _runs(board: GeneralBoard, fan: bytes, source: int, free_cells: int, onto_fans: object) -> None:
    """The runs of ``fan`` longer than one card that may move, each offered to the fans."""
    t = board.tables
    longest = len(fan) if t.runs_unbounded else free_cells + 1
    depth = len(fan) - 1
    while depth > 0 and len(fan) - depth < longest and fan[depth - 1] in t.targets[fan[depth]]:
        depth -= 1
        cards = fan[depth:]
        under = fan[depth - 1] if depth else -1
        onto_fans(cards, source, under, depth == 0)  # type: ignore[operator]


def _draw_destination(board: GeneralBoard, source: int, card: int) -> int | None:
    """Where the draw sends ``card`` (right under fan ``source``'s top): its foundation, else the first fan."""
    if board.takes(card):
        return ON_FOUNDATION
    t = board.tables
    for dest, fan in enumerate(board.fans):
        if dest != source and fan and fan[-1] in t.targets[card] and len(fan) < t.limit:
            return dest
    return None


def legal_steps(board: GeneralBoard) -> list[Step]:
    """Every legal move, as the engine lists them for the board's position (the unpruned search's moves)."""
    position = board.position()
    steps: list[Step] = []
    for move in legal_moves(board.rules, position):
        if move.is_redeal:
            steps.append((-1, -1, REDEAL_STEP))
            continue
        source = position.find(move.card)
        assert source is not None
        if move.draw:
            source += DRAWN
        elif source == CELL:
            source = CELL_STEP
        dest = ON_FOUNDATION if move.dest == FOUNDATION else CELL_STEP if move.dest == CELL else move.dest
        steps.append((move.card, source, dest))
    return steps


def cost(board: GeneralBoard) -> int:
    """How promising the position looks, as :func:`.costs.cost` reckons it: four times the cards not up,
    plus the cards over the next card each foundation needs (the nearer of two where two would do;
    none for a card in a free cell); a redeal still left counts as a card up.

    Not as the first eight's cost, which puts the redeals left first (a thousand a redeal), so that a
    search redeals at once and goes through the positions after the last redeal before any other: in
    Super Flower Garden that left 3 of deals 1-3 open at 100,000 nodes, where counting each redeal left as
    a card up wins all three within 1,200 nodes and deals 1-100 but one (redeals counted as nothing: 95;
    half a card: 99; two cards: 98; minus a card: 94), and Three Shuffles and a Draw's deals 1-60 all
    (59 with the thousand). Play on while it pays, and redeal where that looks better.
    """
    t = board.tables
    fans, where, found = board.fans, board.where, board.found
    left = 52 - found[0] - found[1] - found[2] - found[3]
    buried = 0
    for f in (0, 1, 2, 3):
        best = -1
        for card in t.wanted[f][found[f]]:
            at = where[card]
            if at == ON_FOUNDATION:
                continue
            depth = 0 if at == CELL_STEP else len(fans[at]) - 1 - fans[at].index(card)
            if best < 0 or depth < best:
                best = depth
        if best > 0:
            buried += best
    return 4 * (left - board.redeals_left) + buried


def moved_again_is_known(packed: int) -> bool:
    """Whether :func:`.moves.after`'s rule holds after this step: moving its card again gives a position one
    move from the last one. Not after a draw, whose card went where the draw sent it, not where the
    player chose."""
    source = (packed >> 6 & 63) - 2
    return not DRAWN <= source < CELL_STEP
