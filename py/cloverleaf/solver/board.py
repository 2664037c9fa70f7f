"""The solver's board: a mutable position with do/undo and canonical keys.

Names used here and in the modules that read a board:

- ``card``: an int 0..51 (``13 * suit + rank``), as in :mod:`cloverleaf.cards`.
- ``fans``: a list of ``bytes``, one a fan, bottom card first; a fan is a byte
  string so that moving a card is one slice and one concatenation, and a key is
  one ``join``.
- ``where[card]``: the index of the fan holding the card, or ``ON_FOUNDATION``.
- ``found[suit]``: how many cards lie on that suit's foundation.
- ``step``: ``(card, source, dest)``; ``source`` is a fan index or
  ``ON_FOUNDATION`` (a foundation return), ``dest`` a fan index, ``ON_FOUNDATION``
  or ``REDEAL_STEP``.
- ``phase``: what the rules allow from this position. A *settled* position is one
  from which no redeal is left: its fans are interchangeable (no rule looks at a
  fan's number), so its key sorts them. Before the last redeal the order of the
  fans and of their cards decides what the redeal deals, so nothing may be
  sorted or pruned there.

- ``prune``: whether the moves are pruned: foundation moves played at once
  where that loses no win (:meth:`Board.autoplay`), a card brought back from
  its foundation used at once (:attr:`Board.pending`), and the rules of
  :mod:`.moves`. A board made with ``prune=False`` plays every legal move one
  at a time (as Black Hole Solver's option): a search on it that makes no
  proof of loss either (:mod:`.proofs`) is a plain exhaustive search, which
  the tests use to re-check every rule and proof.

The board knows the rules of a position and how to change it; which moves are
worth making is :mod:`.moves`, how promising a position looks :mod:`.costs`,
and the proofs that it is lost are the modules :mod:`.proofs` registers.
"""

from __future__ import annotations

from typing import ClassVar

from ..engine import redeal as engine_redeal
from ..position import FOUNDATION, Position
from .steps import AUTOPLAYED, REDEAL_STEP, Played, Step
from .tables import Tables

ON_FOUNDATION = FOUNDATION  # -1: where[] of a card on its foundation; a step's source/dest
SEPARATOR = b"\x7f"
_BYTE = [bytes((card,)) for card in range(52)]
# A state starts with 0x80 + the redeals left: never a card, so no settled key
# (sorted fans, which starts with a card or a separator) equals an unsettled one.
_PREFIX = [bytes((0x80 + n,)) for n in range(64)]
_NOWHERE = [ON_FOUNDATION] * 52  # where[] before the fans are read
_SUIT_OF = bytes(byte // 13 if byte < 52 else 0xFF for byte in range(256))  # card -> its suit, for bytes.translate
# After a state's redeal byte: the card that just came back from its foundation and waits
# to be used (see .moves.worth_searching); 0xC0 and up, never a card or a separator.
_PENDING = [bytes((0xC0 + card,)) for card in range(52)]

_NONE_PLAYED: list[Step] = []  # the foundation moves after most steps: none (shared, never changed)
# Played from a plain tuple of its fields: a NamedTuple's own constructor takes some 0.3 us, more
# than twice this, and advance makes one a node (about 1% of a search's time)
_new_tuple = tuple.__new__


class Board:
    """A position of one game that the search changes in place and changes back.

    >>> from cloverleaf.games import CLOVER_LEAF
    >>> from cloverleaf.deals import deal
    >>> board = Board(Tables(CLOVER_LEAF), deal(CLOVER_LEAF, 1))
    >>> len(board.fans), sum(board.found)
    (16, 4)
    """

    general = False  # the board of the first eight games; GeneralBoard (.general) is True
    # the board of the games that need one (``Tables.general``), registered by .general (the package imports it)
    kinds: ClassVar[dict[bool, type[Board]]] = {}

    def __new__(
        cls,
        tables: Tables | None = None,
        position: Position | None = None,
        prune: bool = True,
        forced_autoplay: bool = False,
    ) -> Board:
        """A :class:`.general.GeneralBoard` where the game needs one (``Tables.general``), else this board.

        Made with no arguments, as a copy is (``copy.deepcopy``: the opening book copies whole engines), it is
        of the class asked for.
        """
        if cls is Board and tables is not None and tables.general:
            cls = Board.kinds[True]
        return object.__new__(cls)

    def __init__(self, tables: Tables, position: Position, prune: bool = True, forced_autoplay: bool = False) -> None:
        self.tables = tables
        self.rules = tables.rules
        self.prune = prune
        # Foundation moves played at once before the last redeal too: the game as
        # the page plays it with auto move on (see :attr:`autoplays`).
        self.forced_autoplay = forced_autoplay
        # whether foundation returns are searched: always where the rules allow
        # them and nothing is pruned; see :meth:`autoplay` for in-suit games
        self.returns = tables.returns if prune else tables.rules.foundation_return
        self.fans: list[bytes] = [bytes(fan) for fan in position.fans]
        self.found: list[int] = list(position.foundations)
        self.redeals_left = position.redeals_left
        self.deal = position.deal
        # the card that the last move brought back from its foundation, which the
        # next move must use (see :func:`.moves.worth_searching`), or -1
        self.pending = -1
        self.where: list[int] = [ON_FOUNDATION] * 52
        self._index_fans()
        # :attr:`autoplays` in two flags read once a node: always, or once no redeal is left
        self.autoplays_always = tables.in_suit and forced_autoplay
        self.autoplays_settled = tables.in_suit and prune
        self.capacity_verdicts: dict[bytes, bool] = {}  # the capacity proof's, by foundations and bottom cards

    def state(self) -> bytes:
        """This board in one byte string, fans in their real order (see :meth:`load`)."""
        if self.pending < 0:
            return _PREFIX[self.redeals_left] + SEPARATOR.join(self.fans)
        return _PREFIX[self.redeals_left] + _PENDING[self.pending] + SEPARATOR.join(self.fans)

    def load(self, state: bytes) -> None:
        """Become the board that :meth:`state` encoded."""
        self.redeals_left = state[0] - 0x80
        if len(state) > 1 and state[1] >= 0xC0:
            self.pending = state[1] - 0xC0
            body = state[2:]
        else:
            self.pending = -1
            body = state[1:]
        self.fans = fans = body.split(SEPARATOR)
        where = self.where
        where[:] = _NOWHERE
        for number, fan in enumerate(fans):
            for card in fan:
                where[card] = number
        # the cards of each suit that are not in a fan lie on its foundation: counted by one translate
        suits = body.translate(_SUIT_OF)
        self.found = [13 - suits.count(0), 13 - suits.count(1), 13 - suits.count(2), 13 - suits.count(3)]

    def _index_fans(self) -> None:
        where = self.where
        for card in range(52):
            where[card] = ON_FOUNDATION
        for number, fan in enumerate(self.fans):
            for card in fan:
                where[card] = number

    # -- what the rules allow here ---------------------------------------------------

    @property
    def settled(self) -> bool:
        """No redeal is left: fans are interchangeable and every pruning rule applies."""
        return self.redeals_left == 0

    @property
    def autoplays(self) -> bool:
        """Whether foundation moves are played at once (see :meth:`autoplay`).

        In settled positions this is a pruning rule that loses no win. With
        ``forced_autoplay`` it is a rule of the game, before the last redeal too:
        a card sent up is not in the next redeal's shuffle, so the redeal deals
        differently. That game is the one a player with auto move on plays (the
        page sends cards up after every move), and every line of it is a line of
        the game without auto move, so a deal proved winnable with
        ``forced_autoplay`` is winnable either way.
        """
        return self.autoplays_always or (self.autoplays_settled and self.redeals_left == 0)

    def position(self) -> Position:
        """The engine's value of this board."""
        return Position(
            tuple(tuple(fan) for fan in self.fans),
            (self.found[0], self.found[1], self.found[2], self.found[3]),
            self.redeals_left,
            self.deal,
        )

    def won(self) -> bool:
        return self.found[0] + self.found[1] + self.found[2] + self.found[3] == 52

    def key(self) -> bytes:
        """One byte string per equivalent position.

        The cards that are not in a fan are on their foundations (a returned card
        lies in a fan), so the fans alone give the position. Settled positions
        sort their fans: no rule looks at a fan's number, so a position and any
        permutation of its fans win or lose together, and are searched once.
        Before the last redeal the shuffle gathers the fans in order, so the order
        is part of the key, and so is the number of redeals left. A card that
        waits to be used (:attr:`pending`) makes a position of its own: it
        allows fewer moves.
        """
        if self.redeals_left == 0:  # settled (not the property: this runs for every node)
            if self.pending < 0:
                return SEPARATOR.join(sorted(self.fans))
            return SEPARATOR.join(sorted(self.fans)) + _PENDING[self.pending]
        return self.state()

    # -- changing the board ----------------------------------------------------------

    def do(self, step: Step) -> object:
        """Play ``step`` (legal by construction); return what :meth:`undo` needs."""
        card, source, dest = step
        if dest == REDEAL_STEP:
            saved = (self.fans, self.redeals_left)
            after = engine_redeal(self.rules, self.position())
            self.fans = [bytes(fan) for fan in after.fans]
            self.redeals_left = after.redeals_left
            self._index_fans()
            return saved
        fans = self.fans
        if source >= 0:
            fans[source] = fans[source][:-1]
        else:
            self.found[card // 13] -= 1
        if dest >= 0:
            fans[dest] += _BYTE[card]
        else:
            self.found[card // 13] += 1
        self.where[card] = dest
        return None

    def undo(self, step: Step, saved: object) -> None:
        card, source, dest = step
        if dest == REDEAL_STEP:
            assert isinstance(saved, tuple)
            self.fans = list(saved[0])
            self.redeals_left = int(saved[1])
            self._index_fans()
            return
        fans = self.fans
        if dest >= 0:
            fans[dest] = fans[dest][:-1]
        else:
            self.found[card // 13] -= 1
        if source >= 0:
            fans[source] += _BYTE[card]
        else:
            self.found[card // 13] += 1
        self.where[card] = source

    def autoplay(self, sources: list[int] | None) -> list[Step]:
        """Play every foundation move there is, repeatedly; return the steps played.

        ``sources`` lists the fans whose top card may have changed (None: all).
        Only called where :attr:`autoplays` holds: fans build in suit and no
        redeal is left.

        Why this never loses a win (it also shows that foundation returns are
        never needed in these games, Warfield's rules included). Take a winning
        sequence S from a position P and the position P' after some card c went
        up. Call *ghosts* the cards that lie on a foundation in P' but in a fan in
        S; for each suit they are the foundation cards from S's count to P''s
        count. Replay S from P', skipping every move of a ghost and every return
        (a returned card simply becomes a ghost), and keep the invariant: ghosts
        lie only at the tops of fans in S, and P''s fans are S's fans without
        their ghosts. A card x that is no ghost moves in S either onto a card that
        is no ghost (a top in S, hence a top in P'), or to an empty fan (empty in
        P' too), or to its foundation (then its suit has no ghosts and P' plays
        it too), or onto a ghost g. Building is in suit, so x is g's successor or
        predecessor on the foundation; the predecessor is a ghost or lies on the
        foundation, so x is the successor of the last ghost of its suit: P' plays
        x to the foundation and it becomes a ghost on top of g. Fewer cards in
        each fan never break a fan limit. So P' reaches a win. Redeals break the
        argument (a shuffle of other cards deals differently), hence the
        ``settled`` condition.
        """
        t = self.tables
        fans = self.fans
        where = self.where
        found = self.found
        index = t.index
        successor = t.following
        played: list[Step] = []
        todo = [fan[-1] for fan in fans if fan] if sources is None else [
            fans[s][-1] for s in sources if fans[s]
        ]
        while todo:
            card = todo.pop()
            suit = card // 13
            if found[suit] != index[card]:
                continue
            source = where[card]
            if source < 0:
                continue
            fan = fans[source]
            if fan[-1] != card:
                continue
            fans[source] = fan[:-1]
            found[suit] += 1
            where[card] = ON_FOUNDATION
            played.append((card, source, ON_FOUNDATION))
            if len(fan) > 1:
                todo.append(fan[-2])
            following = successor[card]
            if following >= 0:
                todo.append(following)
        return played

    def unplay(self, played: list[Step]) -> None:
        """Take back the foundation moves :meth:`autoplay` played.

        What :meth:`undo` does for each, written out for the one kind of step
        there is here (a fan's top to its foundation): a move brings some
        seven of them in Clover Leaf, and a call per step cost about 2% of a
        search's time.
        """
        fans = self.fans
        found = self.found
        where = self.where
        for card, source, _dest in reversed(played):
            fans[source] += _BYTE[card]
            found[card // 13] -= 1
            where[card] = source

    def settle(self) -> list[Step]:
        """The foundation moves :meth:`autoplay` plays from a fresh board (none where it does not apply)."""
        return self.autoplay(None) if self.autoplays else []

    def advance(self, step: Step) -> Played:
        """Play ``step`` and then, where :attr:`autoplays` holds, every foundation move it allows.

        A card brought back from its foundation becomes :attr:`pending` (see :func:`.moves.worth_searching`).
        This runs once a node, so what :meth:`do` does for a step that is no
        redeal is written out here, saving a call a node, and :attr:`autoplays`
        is read from its two flags (reading the property cost some 2% of a
        search's time).
        """
        card, source, dest = step
        pending = self.pending
        self.pending = card if source == ON_FOUNDATION and self.prune else -1
        if dest == REDEAL_STEP:
            saved = self.do(step)
            auto = self.autoplay(None) if self.autoplays else []
            return _new_tuple(Played, (step, auto, saved, pending, bool(auto)))
        fans = self.fans
        if source >= 0:
            fans[source] = fan = fans[source][:-1]
        else:
            self.found[card // 13] -= 1
            fan = b""
        if dest >= 0:
            fans[dest] += _BYTE[card]
        else:
            self.found[card // 13] += 1
        self.where[card] = dest
        # autoplay starts from the card the step uncovered; most steps uncover one that cannot go
        # up, and then it would play nothing: this skips its set-up for them
        if (
            fan
            and (self.autoplays_always or (self.autoplays_settled and self.redeals_left == 0))
            and self.found[fan[-1] // 13] == self.tables.index[fan[-1]]
        ):
            return _new_tuple(Played, (step, self.autoplay([source]), None, pending, True))
        return _new_tuple(Played, (step, _NONE_PLAYED, None, pending, dest == ON_FOUNDATION))

    def record(self, played: Played) -> int:
        """What a search's table keeps of ``played``: its step packed (:func:`.steps.pack`, written out), with
        :data:`AUTOPLAYED` set where foundation moves followed it."""
        card, source, dest = played.step
        packed = (card & 63) | (source + 2) << 6 | (dest + 2) << 12
        return packed | AUTOPLAYED if played.auto else packed

    def retreat(self, played: Played) -> None:
        """Take back what :meth:`advance` played (:meth:`undo` written out for a step that is no redeal, as there)."""
        step, auto, saved, self.pending, _rose = played
        if auto:
            self.unplay(auto)
        card, source, dest = step
        if dest == REDEAL_STEP:
            self.undo(step, saved)
            return
        fans = self.fans
        if dest >= 0:
            fans[dest] = fans[dest][:-1]
        else:
            self.found[card // 13] -= 1
        if source >= 0:
            fans[source] += _BYTE[card]
        else:
            self.found[card // 13] += 1
        self.where[card] = source


def waiting_in(key: bytes) -> bool:
    """Whether the position of this :meth:`Board.key` has a card waiting to be used (:attr:`Board.pending`).

    A settled key ends with the waiting card's byte; an unsettled one (a state)
    carries it right after its redeal byte. Those bytes are never a card's.
    """
    return key[-1] >= _PENDING[0][0] or (len(key) > 1 and key[0] >= _PREFIX[0][0] and key[1] >= _PENDING[0][0])


# the step's names, kept in .steps, are still read from here by the modules that work on boards
__all__ = ["AUTOPLAYED", "ON_FOUNDATION", "REDEAL_STEP", "SEPARATOR", "Board", "Played", "Step", "waiting_in"]
