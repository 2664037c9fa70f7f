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

from ..engine import redeal as engine_redeal
from ..position import NO_CARD, Position
from . import general_autoplay
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

    def rise(self, card: int) -> None:
        """Put ``card`` on the foundation that takes it (its ``where`` is the caller's)."""
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
            twins = self.tables.twin_map
            if twins is not None:
                return head + self.cells + SEPARATOR + SEPARATOR.join(sorted(fan.translate(twins) for fan in self.fans))
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
            self.rise(card)
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
        """Play every foundation move that can cost no win, repeatedly; return the steps played
        (:func:`.general_autoplay.autoplay`, where the argument is)."""
        return general_autoplay.autoplay(self, sources)

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
        makes safe (:func:`.general_autoplay.sweep`); a redeal looks at every fan.
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
            auto = general_autoplay.sweep(self, todo)
        return Played(step, auto, saved, -1, bool(auto) or dest == ON_FOUNDATION)

    def record(self, played: Played) -> int:
        card, source, dest = played.step
        packed = (card & 63) | (source + 2) << 6 | (dest + 2) << 12
        return packed | AUTOPLAYED if played.auto else packed

    def retreat(self, played: Played) -> None:
        if played.auto:
            self.unplay(played.auto)
        self.undo(played.step, played.saved)


Board.kinds[True] = GeneralBoard
