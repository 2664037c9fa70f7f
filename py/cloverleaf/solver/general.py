"""The board of the games whose rules go past single cards moving between fans and suit foundations.

Free cells (Free Fan), runs that move together (Free Fan, Quads, Quads +),
the draw (Three Shuffles and a Draw), foundations in alternate colours
(Scotch Patience), and fans that build by rank alone, by colour or by equal
rank (Scotch Patience, Super Flower Garden, Box Fan, Troika, the Quads): the
search (:mod:`.search`) plays these games on a :class:`GeneralBoard`, which
:class:`.board.Board` hands out for them (``Tables.general``). It keeps the
board's interface (state, key, advance and retreat, record, autoplay), so
every job, hint and solution works alike; the games of the first eight keep
the board written for them, step for step.

Names as in :mod:`.board`, and:

- ``cells``: the cards in the free cells, sorted (the cells are
  interchangeable: a move to a cell goes to the first empty one, and nothing
  else looks at which cell holds a card); ``where[card]`` is :data:`CELL_STEP`
  for them.
- a step ``(card, source, dest)``: ``source`` or ``dest`` :data:`CELL_STEP`
  for a free cell; a ``source`` of :data:`DRAWN` plus a fan for the draw of
  the card right under that fan's top; a card that is not its fan's top
  moves with the cards on it (a run).
- ``found``: the cards on each foundation. Where foundations build in
  alternate colours the two whose Aces are of one colour take the same cards
  once both Aces are up (each the next rank in the colour its count asks for),
  so they are kept as a pair, the larger count first; before that, the one
  whose Ace is up holds the count (:meth:`GeneralBoard.position` names the
  cards on them).
"""

from __future__ import annotations

from ..engine import legal_moves
from ..engine import redeal as engine_redeal
from ..position import CELL, FOUNDATION, NO_CARD, Position
from .board import AUTOPLAYED, ON_FOUNDATION, REDEAL_STEP, SEPARATOR, Board, Played, Step
from .steps import CELL_STEP, DRAWN
from .tables import Tables

_BYTE = [bytes((card,)) for card in range(52)]
# A state starts with the redeals and draws left and the foundations' counts, each a byte no card
# has (52 and up), so that the cards of a state are its bytes below 52 (.likely.cards_up counts them).
_REDEALS, _DRAWS, _COUNT = 0x80, 0x90, 0xA0
_NONE_PLAYED: list[Step] = []


class GeneralBoard(Board):
    """A position of a game with free cells, runs, a draw or builds not in suit (see the module's docstring)."""

    general = True

    def __init__(self, tables: Tables, position: Position, prune: bool = True, forced_autoplay: bool = False) -> None:
        self.tables = tables
        self.rules = tables.rules
        self.prune = prune
        self.forced_autoplay = forced_autoplay
        self.returns = False
        self.fans = [bytes(fan) for fan in position.fans]
        self.cells = bytes(sorted(card for card in position.cells if card != NO_CARD))
        self.found = list(position.foundations)
        self.redeals_left = position.redeals_left
        self.draws_left = position.draws_left
        self.deal = position.deal
        self.pending = -1
        self.where: list[int] = [ON_FOUNDATION] * 52
        self._index_fans()
        self.autoplays_always = forced_autoplay
        self.autoplays_settled = prune
        self.capacity_verdicts = {}
        if tables.pairs:
            self._order_pairs()

    def _index_fans(self) -> None:
        where = self.where
        for card in range(52):
            where[card] = ON_FOUNDATION
        for number, fan in enumerate(self.fans):
            for card in fan:
                where[card] = number
        for card in self.cells:
            where[card] = CELL_STEP

    # -- the foundations -----------------------------------------------------------

    def _order_pairs(self) -> None:
        """Foundations in alternate colours: each pair of one colour's Aces in its kept order (see the module)."""
        found, where = self.found, self.where
        for first, second in self.tables.pairs:
            high, low = max(found[first], found[second]), min(found[first], found[second])
            if low or where[13 * first] == ON_FOUNDATION:  # both Aces up, or only the first one's
                found[first], found[second] = high, low
            else:
                found[first], found[second] = low, high

    def takes(self, card: int) -> bool:
        """Whether a foundation takes ``card`` now."""
        found = self.found
        return any(found[f] == count for f, count in self.tables.places[card])

    def _up(self, card: int) -> None:
        found = self.found
        for f, count in self.tables.places[card]:
            if found[f] == count:
                found[f] += 1
                break
        if self.tables.pairs:
            self._order_pairs()

    def _down(self, card: int) -> None:
        found = self.found
        for f, count in self.tables.places[card]:
            if found[f] == count + 1:
                found[f] -= 1
                break
        if self.tables.pairs:
            self._order_pairs()

    # -- what the board is -------------------------------------------------------------

    def state(self) -> bytes:
        """This board in one byte string: counters, foundations, free cells, then the fans in their order."""
        head = bytes((_REDEALS + self.redeals_left, _DRAWS + self.draws_left)) + bytes(_COUNT + n for n in self.found)
        return head + self.cells + SEPARATOR + SEPARATOR.join(self.fans)

    def load(self, state: bytes) -> None:
        self.redeals_left = state[0] - _REDEALS
        self.draws_left = state[1] - _DRAWS
        self.found = [state[2] - _COUNT, state[3] - _COUNT, state[4] - _COUNT, state[5] - _COUNT]
        parts = state[6:].split(SEPARATOR)
        self.cells = parts[0]
        self.fans = parts[1:]
        self._index_fans()

    def key(self) -> bytes:
        """As :meth:`.board.Board.key`: settled positions sort their fans (no rule looks at a fan's number:
        the draw's first fan that takes a card is the only one that does, where building in suit)."""
        if self.redeals_left == 0:
            head = bytes((_DRAWS + self.draws_left,)) + bytes(_COUNT + n for n in self.found)
            return head + self.cells + SEPARATOR + SEPARATOR.join(sorted(self.fans))
        return self.state()

    def position(self) -> Position:
        """The engine's value of this board (free cells filled from the first, foundations' tops named)."""
        cells = tuple(self.cells) + (NO_CARD,) * (self.rules.free_cells - len(self.cells))
        tops: tuple[int, ...] = ()
        if not self.rules.suit_foundations:
            tops = self._tops()
        return Position(
            tuple(tuple(fan) for fan in self.fans),
            (self.found[0], self.found[1], self.found[2], self.found[3]),
            self.redeals_left,
            self.deal,
            cells,
            self.draws_left,
            tops,
        )

    def _tops(self) -> tuple[int, ...]:
        """A top card for each foundation that holds cards: one of the cards up that it asks for there."""
        rules, where = self.rules, self.where
        tops = []
        used: set[int] = set()
        for f, count in enumerate(self.found):
            if not count:
                tops.append(NO_CARD)
                continue
            top = next(
                card for card in range(52)
                if where[card] == ON_FOUNDATION and card not in used and rules.foundation_takes(f, count - 1, card)
            )
            used.add(top)
            tops.append(top)
        return tuple(tops)

    def won(self) -> bool:
        return sum(self.found) == 52

    # -- changing the board ----------------------------------------------------------

    def do(self, step: Step) -> object:
        """Play ``step`` (legal by construction); return what :meth:`undo` needs: the cards moved."""
        card, source, dest = step
        if dest == REDEAL_STEP:
            saved = (self.fans, self.redeals_left)
            after = engine_redeal(self.rules, self.position())
            self.fans = [bytes(fan) for fan in after.fans]
            self.redeals_left = after.redeals_left
            self._index_fans()
            return saved
        where = self.where
        if source >= DRAWN and source != CELL_STEP:
            fan = self.fans[source - DRAWN]
            self.fans[source - DRAWN] = fan[:-2] + fan[-1:]
            self.draws_left -= 1
            moving = _BYTE[card]
        elif source == CELL_STEP:
            cells = self.cells
            at = cells.index(card)
            self.cells = cells[:at] + cells[at + 1:]
            moving = _BYTE[card]
        else:
            fan = self.fans[source]
            at = fan.index(card)
            moving = fan[at:]
            self.fans[source] = fan[:at]
        if dest == ON_FOUNDATION:
            where[card] = ON_FOUNDATION
            self._up(card)
        elif dest == CELL_STEP:
            self.cells = bytes(sorted(self.cells + moving))
            where[card] = CELL_STEP
        else:
            self.fans[dest] += moving
            for moved in moving:
                where[moved] = dest
        return moving

    def undo(self, step: Step, saved: object) -> None:
        card, source, dest = step
        if dest == REDEAL_STEP:
            assert isinstance(saved, tuple)
            self.fans = list(saved[0])
            self.redeals_left = int(saved[1])
            self._index_fans()
            return
        assert isinstance(saved, bytes)
        moving = saved
        where = self.where
        if dest == ON_FOUNDATION:
            where[card] = -3  # not up while _down orders the pairs
            self._down(card)
        elif dest == CELL_STEP:
            at = self.cells.index(card)
            self.cells = self.cells[:at] + self.cells[at + 1:]
        else:
            self.fans[dest] = self.fans[dest][:-len(moving)]
        if source >= DRAWN and source != CELL_STEP:
            fan = self.fans[source - DRAWN]
            self.fans[source - DRAWN] = fan[:-1] + moving + fan[-1:]
            self.draws_left += 1
            where[card] = source - DRAWN
        elif source == CELL_STEP:
            self.cells = bytes(sorted(self.cells + moving))
            where[card] = CELL_STEP
        else:
            self.fans[source] += moving
            for moved in moving:
                where[moved] = source

    def autoplay(self, sources: list[int] | None) -> list[Step]:
        """Play every foundation move that can cost no win, repeatedly; return the steps played.

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
        """
        fans = self.fans
        todo = [fan[-1] for fan in fans if fan] if sources is None else [
            fans[source][-1] for source in sources if fans[source]
        ]
        return self._sweep(todo + list(self.cells))

    def _sweep(self, todo: list[int]) -> list[Step]:
        """Send up every card of ``todo`` that :meth:`autoplay` sends up, and every card that lets up or makes
        safe, in turn: a fan's next card, the cards that follow it on a foundation, and (where :meth:`autoplay`
        asks that nothing could be placed on a card) the cards it could have been placed on."""
        t = self.tables
        fans, where, found = self.fans, self.where, self.found
        in_suit, placed_on, places, targets, next_up = t.in_suit, t.placed_on, t.places, t.targets, t.next_up
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
            if not in_suit and not all(where[other] == ON_FOUNDATION for other in placed_on[card]):
                continue
            if at == CELL_STEP:
                cells = self.cells
                index = cells.index(card)
                self.cells = cells[:index] + cells[index + 1:]
            else:
                fan = fans[at]
                if fan[-1] != card:
                    continue
                fans[at] = fan[:-1]
                if len(fan) > 1:
                    todo.append(fan[-2])
            where[card] = ON_FOUNDATION
            self._up(card)
            played.append((card, at, ON_FOUNDATION))
            todo += next_up[card]
            if not in_suit:
                todo += targets[card]
        return played

    def unplay(self, played: list[Step]) -> None:
        for step in reversed(played):
            card, source, _dest = step
            self.where[card] = -3
            self._down(card)
            if source == CELL_STEP:
                self.cells = bytes(sorted(self.cells + _BYTE[card]))
                self.where[card] = CELL_STEP
            else:
                self.fans[source] += _BYTE[card]
                self.where[card] = source

    def advance(self, step: Step) -> Played:
        """Play ``step`` and then, where :attr:`autoplays` holds, every foundation move :meth:`autoplay` allows.

        What may go up after a step: the card it uncovered, the card it moved (onto a fan or into a
        cell), the cards in the cells, and, where the step sent a card up, what that one lets up or
        makes safe (:meth:`_sweep`); a redeal looks at every fan.
        """
        saved = self.do(step)
        card, source, dest = step
        if not (self.autoplays_always or (self.autoplays_settled and self.redeals_left == 0)):
            return Played(step, _NONE_PLAYED, saved, -1, dest == ON_FOUNDATION)
        if dest == REDEAL_STEP:
            auto = self.autoplay(None)
        else:
            fans = self.fans
            todo = list(self.cells)
            fan = fans[source - DRAWN] if DRAWN <= source < CELL_STEP else fans[source] if 0 <= source < DRAWN else b""
            if fan:
                todo.append(fan[-1])
                if DRAWN <= source < CELL_STEP and len(fan) > 1:
                    todo.append(fan[-2])
            if dest == ON_FOUNDATION:
                todo += self.tables.next_up[card]
                if not self.tables.in_suit:
                    todo += self.tables.targets[card]
            elif dest != CELL_STEP:
                todo.append(fans[dest][-1])
            auto = self._sweep(todo)
        return Played(step, auto, saved, -1, bool(auto) or dest == ON_FOUNDATION)

    def record(self, played: Played) -> int:
        card, source, dest = played.step
        packed = (card & 63) | (source + 2) << 6 | (dest + 2) << 12
        return packed | AUTOPLAYED if played.auto else packed

    def retreat(self, played: Played) -> None:
        if played.auto:
            self.unplay(played.auto)
        self.undo(played.step, played.saved)


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
    empties: list[int] = []
    for number, fan in enumerate(fans):
        if fan:
            receivers.setdefault(fan[-1], []).append(number)
        else:
            empties.append(number)
    if settled and empties:
        empties = empties[:1]
    free_cells = t.cells - len(board.cells)
    scored: list[tuple[int, Step]] = []

    def need(card: int) -> int:
        return t.rank_index[card] - max(found[f] for f, _count in t.places[card]) if card >= 0 else -1

    def onto_fans(cards: bytes, source: int, score: int, whole: bool) -> None:
        card = cards[0]
        for target in t.targets[card]:
            for dest in receivers.get(target, ()):
                if dest != source and len(fans[dest]) + len(cards) <= limit:
                    scored.append((score, (card, source, dest)))
        if t.filler[card] and not whole:
            for dest in empties:
                if len(cards) <= limit:
                    scored.append((score + 20, (card, source, dest)))

    for source, fan in enumerate(fans):
        if not fan:
            continue
        top = fan[-1]
        under = fan[-2] if len(fan) > 1 else -1
        if not all_up and board.takes(top):
            scored.append((-100, (top, source, ON_FOUNDATION)))
        sole = len(fan) == 1
        if not (sole and sole_stays):
            onto_fans(fan[-1:], source, need(under), sole)
        if free_cells:
            scored.append((need(under) + 30, (top, source, CELL_STEP)))
        if t.runs:
            _runs(board, fan, source, free_cells, need, onto_fans)
        if board.draws_left and under >= 0:
            dest = _draw_destination(board, source, under)
            if dest is not None:
                scored.append((-50 if dest == ON_FOUNDATION else need(fan[-3] if len(fan) > 2 else -1),
                               (under, DRAWN + source, dest)))
    for card in dict.fromkeys(board.cells):
        if not all_up and board.takes(card):
            scored.append((-100, (card, CELL_STEP, ON_FOUNDATION)))
        onto_fans(_BYTE[card], CELL_STEP, 0, False)
    scored.sort(key=lambda pair: pair[0])
    steps = [step for _, step in scored]
    if board.redeals_left > 0 and any(fans):
        steps.append((-1, -1, REDEAL_STEP))
    return steps


def _runs(board: GeneralBoard, fan: bytes, source: int, free_cells: int, need: object, onto_fans: object) -> None:
    """The runs of ``fan`` longer than one card that may move, each offered to the fans."""
    t = board.tables
    longest = len(fan) if t.runs_unbounded else free_cells + 1
    depth = len(fan) - 1
    while depth > 0 and len(fan) - depth < longest and fan[depth - 1] in t.targets[fan[depth]]:
        depth -= 1
        cards = fan[depth:]
        under = fan[depth - 1] if depth else -1
        onto_fans(cards, source, need(under), depth == 0)  # type: ignore[operator]


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
    none for a card in a free cell); before the last redeal, the redeals left first."""
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
    if board.redeals_left:
        return 1000 * board.redeals_left + 4 * left + buried
    return 4 * left + buried


def moved_again_is_known(packed: int) -> bool:
    """Whether :func:`.moves.after`'s rule holds after this step: moving its card again gives a position one
    move from the last one. Not after a draw, whose card went where the draw sent it, not where the
    player chose."""
    source = (packed >> 6 & 63) - 2
    return not DRAWN <= source < CELL_STEP
