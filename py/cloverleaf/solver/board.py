"""The solver's board: a mutable position with do/undo, canonical keys and pruning.

Names used here and in :mod:`.search`:

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

- ``prune``: whether the pruning rules and proofs of loss apply. Every pruning
  rule of the solver lives in this file, each with the argument that it never
  loses a win (see :meth:`Board.autoplay`, :meth:`Board.moves`,
  :meth:`Board.dead_after`, :meth:`Board.schedule_lost`, :meth:`Board.room_lost`,
  :meth:`Board.suit_lost`, :meth:`Board.order_lost`, :meth:`Board.capacity_lost`).
  Cutting a win would turn a ``lost`` verdict into a false proof, so a rule
  without a proof is only ever used to *order* moves, never to drop them. A
  board made with ``prune=False`` plays every legal move one at a time and
  proves nothing lost (as Black Hole Solver's option): a search on it is a
  plain exhaustive search, which the tests use to re-check the rules.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from ..engine import redeal as engine_redeal
from ..position import FOUNDATION, REDEAL_DEST, Position
from ..rules import Build, EmptyFan, Rules
from .capacity import capacity_lost
from .hosts import Steps, order_lost, order_lost_in_steps
from .suits import SuitGames, pair_keys, pair_projections, projection, triple_keys, triple_projections

ON_FOUNDATION = FOUNDATION  # -1: where[] of a card on its foundation; a step's source/dest
REDEAL_STEP = REDEAL_DEST  # -2
SEPARATOR = b"\x7f"
_BYTE = [bytes((card,)) for card in range(52)]
# A state starts with 0x80 + the redeals left: never a card, so no settled key
# (sorted fans, which starts with a card or a separator) equals an unsettled one.
_PREFIX = [bytes((0x80 + n,)) for n in range(64)]
_NOWHERE = [ON_FOUNDATION] * 52  # where[] before the fans are read
_SUIT_OF = bytes(byte // 13 if byte < 52 else 0xFF for byte in range(256))  # card -> its suit, for bytes.translate
# After a state's redeal byte: the card that just came back from its foundation and waits
# to be used (see Board.moves); 0xC0 and up, never a card or a separator.
_PENDING = [bytes((0xC0 + card,)) for card in range(52)]

Step = tuple[int, int, int]
AVAILABLE, MOVED = 1, 2  # what Board.schedule_lost knows of a card
_FEW_ROOMS = 3  # fans with room up to which Board.moves looks at them rather than at each card's targets
_NONE_PLAYED: list[Step] = []  # the foundation moves after most steps: none (shared, never changed)


class Played(NamedTuple):
    """What :meth:`Board.advance` played: the step, the foundation moves that followed, and what undoes the step."""

    step: Step
    auto: list[Step]
    saved: object
    pending: int  # :attr:`Board.pending` before the step


# Played from a plain tuple of its four fields: a NamedTuple's own constructor takes some 0.3 us, more
# than twice this, and advance makes one a node (about 1% of a search's time)
_new_tuple = tuple.__new__


class MisplacedByFan(dict[bytes, int]):
    """fan -> how many of its cards lie above an earlier card of their own suit (see :meth:`Board.misplaced`).

    Filled as fans are met. Where fans hold three cards at most (the only
    games that count misplaced cards), it can hold no more than the 135,000
    or so fans there are.
    """

    def __init__(self, before: bytes) -> None:
        super().__init__()
        self.before = before  # as Tables.before

    def __missing__(self, fan: bytes) -> int:
        before = self.before
        total = 0
        if len(fan) > 1:
            bottom = 52 * fan[0]
            second = fan[1]
            total += before[bottom + second]
            for top in fan[2:]:  # where fans hold three cards at most, the one card at depth 2
                total += before[bottom + top] | before[52 * second + top]
        self[fan] = total
        return total


class FanCards(dict[bytes, tuple[tuple[int, int, int, int, int], ...]]):
    """fan -> its cards from the top down, each as (card, its rank's bit, suit, place on the foundation, depth).

    What :meth:`Board.room_lost` reads of each card, worked out the first
    time a fan is met: a search meets the same fans again and again, and
    where fans hold three cards at most (the only games that ask) there are
    no more than some 135,000 of them.
    """

    def __init__(self, index: list[int]) -> None:
        super().__init__()
        self.index = index  # as Tables.index

    def __missing__(self, fan: bytes) -> tuple[tuple[int, int, int, int, int], ...]:
        index = self.index
        cards = self[fan] = tuple(
            (fan[depth], 1 << fan[depth] % 13, fan[depth] // 13, index[fan[depth]], depth)
            for depth in range(len(fan) - 1, -1, -1)
        )
        return cards


class Tables:
    """Everything about a game that the search looks up per card, computed once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.in_suit = rules.build is not Build.ANY_SUIT_UP_OR_DOWN
        # index[card]: its place on its foundation (0 = base, 12 = last card).
        self.index = [rules.foundation_index(card) for card in range(52)]
        # order[suit][i]: the i-th card of that suit's foundation; a 53rd entry (-1) ends it.
        self.order = [[rules.foundation_card(suit, i) for i in range(13)] + [-1] for suit in range(4)]
        # previous[card], following[card]: the cards before and after it on its foundation (-1: none),
        # one look-up where the proofs would work them out from order and index
        self.previous = [self.order[card // 13][self.index[card] - 1] if self.index[card] else -1 for card in range(52)]
        self.following = [self.order[card // 13][self.index[card] + 1] for card in range(52)]
        # before[52 * a + b]: 1 when card a comes before card b on their (one) foundation
        self.before = bytes(
            a // 13 == b // 13 and self.index[a] < self.index[b] for a in range(52) for b in range(52)
        )
        # targets[card]: the cards it may be placed on in a fan.
        self.targets = [
            tuple(target for target in range(52) if target != card and rules.builds_on(card, target))
            for card in range(52)
        ]
        # onto[52 * card + target]: 1 where the card may be placed on the target (targets, as one look-up)
        self.onto = bytes(target in self.targets[card] for card in range(52) for target in range(52))
        # movers_onto[target]: the cards that may be placed on it, as bits (bit c for card c)
        self.movers_onto = [
            sum(1 << card for card in range(52) if target in self.targets[card]) for target in range(52)
        ]
        self.filler = [rules.fills_empty_fan(card) for card in range(52)]
        # up_masks[suit][n]: 13 bytes, 1 at the places (card - 13 * suit) of the suit's first n foundation
        # cards: four of them, one for each suit's count, mark the cards on the foundations
        self.up_masks = [
            [bytes(int(self.index[13 * suit + place] < n) for place in range(13)) for n in range(14)]
            for suit in range(4)
        ]
        # next_masks[suit][n]: 13 bytes, 1 at the place of the suit's foundation card n (none for n = 13)
        self.next_masks = [
            [bytes(int(self.index[13 * suit + place] == n) for place in range(13)) for n in range(14)]
            for suit in range(4)
        ]
        self.capped = rules.fan_limit is not None
        self.limit = rules.fan_limit if rules.fan_limit is not None else 10**6
        self.returns = rules.foundation_return and not self.in_suit
        self.dead_empties = rules.empty_fan is EmptyFan.NOTHING
        # where fans hold three cards at most and empty fans stay empty, room decides (see
        # :meth:`Board.room_lost`, whose sets of ranks are written for fans of three)
        self.room = rules.fan_limit == 3 and self.dead_empties and not self.in_suit
        # the search's cost counts misplaced cards there, with fans of three (see :meth:`Board.cost`)
        self.counts_misplaced = self.room
        self.misplaced_by_fan = MisplacedByFan(self.before)
        self.fan_cards = FanCards(self.index)
        # the one-suit games (see :mod:`.suits`): only where fans build in suit
        self.suits = SuitGames(self) if self.in_suit else None


_TABLES: dict[Rules, Tables] = {}


def tables_for(rules: Rules) -> Tables:
    """The per-card tables of a game, computed once per process (the one-suit verdicts are cached in them)."""
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = Tables(rules)
    return tables


class Board:
    """A position of one game that the search changes in place and changes back.

    >>> from cloverleaf.games import CLOVER_LEAF
    >>> from cloverleaf.deals import deal
    >>> board = Board(Tables(CLOVER_LEAF), deal(CLOVER_LEAF, 1))
    >>> len(board.fans), sum(board.found)
    (16, 4)
    """

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
        # next move must use (see :meth:`moves`), or -1
        self.pending = -1
        self.where: list[int] = [ON_FOUNDATION] * 52
        self._index_fans()
        # :attr:`autoplays` in two flags read once a node: always, or once no redeal is left
        self._autoplay_always = tables.in_suit and forced_autoplay
        self._autoplay_settled = tables.in_suit and prune
        self._capacity: dict[bytes, bool] = {}  # capacity_lost's verdicts, by foundations and bottom cards
        # whether lost_on_expansion counts the free places (capacity_lost): a search turns it on once it is
        # no longer short, where it pays (see search.PLACES_AFTER)
        self.counts_places = False

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
        return self._autoplay_always or (self._autoplay_settled and self.redeals_left == 0)

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

        A card brought back from its foundation becomes :attr:`pending` (see :meth:`moves`).
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
            return _new_tuple(Played, (step, self.autoplay(None) if self.autoplays else [], saved, pending))
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
            and (self._autoplay_always or (self._autoplay_settled and self.redeals_left == 0))
            and self.found[fan[-1] // 13] == self.tables.index[fan[-1]]
        ):
            return _new_tuple(Played, (step, self.autoplay([source]), None, pending))
        return _new_tuple(Played, (step, _NONE_PLAYED, None, pending))

    def retreat(self, played: Played) -> None:
        """Take back what :meth:`advance` played (:meth:`undo` written out for a step that is no redeal, as there)."""
        step, auto, saved, self.pending = played
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

    # -- moves -------------------------------------------------------------------------

    def moves(self) -> list[Step]:
        """The moves worth searching here, best first.

        Dropped, each for a reason that keeps every win:
        - in a settled position, moves to an empty fan other than the first one:
          the fans are interchangeable, so the positions are the same up to fan
          order (see :meth:`key`);
        - moving the only card of a fan to an empty fan: the same position again;
        - foundation moves where :meth:`autoplay` already plays them all;
        - foundation returns where fans build in suit (see :meth:`autoplay`: a
          win with returns gives a win without them);
        - in a settled position of a game whose empty fans stay empty, moving
          the only card of a fan onto another fan. Whatever can be done after
          it can be done without it, one move shorter: cards later put on the
          moved card can be put on it where it was, with more room under the
          fan limit; the card it covered stays free; the fan it leaves could
          never be used again. So the shortest win from any winnable position
          never makes such a move;
        - right after a card y came back from its foundation (:attr:`pending`),
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
          it leads to would be a dead end (see :meth:`_return_used`).
        The order (a heuristic only) prefers moves that uncover the card a
        foundation needs soonest, and sends cards to empty fans last.
        Without pruning: :meth:`legal_steps`.
        """
        if not self.prune:
            return self.legal_steps()
        t = self.tables
        fans = self.fans
        found = self.found
        index = t.index
        targets = t.targets
        filler = t.filler
        limit = t.limit
        settled = self.redeals_left == 0  # the properties, read once (this runs for every expansion)
        autoplays = self._autoplay_always or (self._autoplay_settled and settled)
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
                        if dest >= 0 and self._return_used(card, dest, receiver):
                            scored.append((30, (card, ON_FOUNDATION, dest)))
        scored.sort(key=_SCORE)
        steps = [step for _, step in scored]
        if self.pending >= 0:
            return self._uses(steps)
        if self.redeals_left > 0 and any(fans):
            steps.append((-1, -1, REDEAL_STEP))
        return steps

    def _return_used(self, card: int, dest: int, receiver: list[int]) -> bool:
        """Whether, after ``card`` came back from its foundation onto fan ``dest``, some move would use it.

        The position it leads to has a card waiting (:attr:`pending`), where
        :meth:`moves` keeps only the moves that use it; where there is none,
        the return leads to a dead end of the search, a node spent for
        nothing: 8,795 of the 100,000 nodes of a search of Shamrocks deal 5
        were such returns, 14,484 of deal 26's.
        A move uses the card by going onto it, which needs room left in
        ``dest`` after it, or by bringing its predecessor back, onto it or onto
        another fan's top with room (``receiver``, as :meth:`moves` has it,
        holds the tops of the fans with room, ``dest`` among them). What may
        go onto it: another suit's foundation top, or another fan's top (not
        a fan's only card, where :meth:`moves` keeps those in place).
        """
        t = self.tables
        fans = self.fans
        found = self.found
        suit = card // 13
        before = t.order[suit][found[suit] - 2] if found[suit] > 1 else -1  # its predecessor, on the foundation
        onto = t.onto
        if len(fans[dest]) + 1 < t.limit:  # room left on it
            if before >= 0 and onto[52 * before + card]:
                return True
            for other in range(4):
                if other != suit and found[other] and onto[52 * t.order[other][found[other] - 1] + card]:
                    return True
            fewest = 2 if self.redeals_left == 0 and t.dead_empties else 1
            for number, fan in enumerate(fans):
                if number != dest and len(fan) >= fewest and onto[52 * fan[-1] + card]:
                    return True
        if before >= 0:
            for target in t.targets[before]:
                place = receiver[target]
                if place >= 0 and place != dest:
                    return True
        return False

    def _uses(self, steps: list[Step]) -> list[Step]:
        """Of ``steps``, those that use :attr:`pending`: onto it, or its predecessor back from the foundation."""
        pending = self.pending
        fan = self.where[pending]
        suit = pending // 13
        back = self.tables.order[suit][self.found[suit] - 1] if self.found[suit] else -1
        return [step for step in steps if step[2] == fan or (step[1] == ON_FOUNDATION and step[0] == back)]

    def legal_steps(self) -> list[Step]:
        """Every legal move, as the engine's :func:`~cloverleaf.engine.legal_moves` lists them.

        Written apart from :meth:`moves` (and as plainly as the rules read), so
        that a search without pruning checks the pruned one independently.
        """
        t = self.tables
        fans = self.fans
        found = self.found
        limit = t.limit
        tops = [(fan[-1], source) for source, fan in enumerate(fans) if fan]
        if self.rules.foundation_return:
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
        if self.redeals_left > 0 and any(fans):
            steps.append((-1, -1, REDEAL_STEP))
        return steps

    # -- proofs that a position is lost -------------------------------------------------

    def lost_after(self, step: Step) -> bool:
        """The quick proofs that the position :meth:`advance` just reached by ``step`` is lost.

        :meth:`dead_after` for the card moved; the one-suit projection
        (:meth:`suit_lost`) of the card's suit, the only projection a move onto
        a fan changes (foundation moves played after it change none of the
        verdicts: they are moves of the one-suit game that
        :func:`.suits._settle` plays too); after a redeal, every suit's. Only
        in settled positions, and only with pruning on.
        """
        if not self.prune or self.redeals_left:  # not settled (not the property: this runs for most nodes)
            return False
        card, _source, dest = step
        if dest >= 0:
            if not self.returns and self.dead_after(card):
                return True
            suits = self.tables.suits  # suit_lost, whose other conditions hold here
            return suits is not None and suits.lost(self.fans, card // 13)
        return dest == REDEAL_STEP and self.any_suit_lost()

    def dead_after(self, card: int) -> bool:
        """Whether ``card``, just placed on a fan top, can never move again.

        It could move to its foundation only after its predecessor there, and
        onto a fan only onto one of its targets. If the predecessor lies beneath
        it in the same fan, and so does every target or the target is on its
        foundation (where, in a game without returns, it stays), then every way
        out waits for a card beneath it: the card never moves and never reaches
        its foundation, so the position is lost. A card that may fill an empty
        fan is left to :meth:`schedule_lost`. Only used in settled positions of games
        without returns.
        """
        t = self.tables
        if t.filler[card]:
            return False
        where = self.where
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

    def schedule_lost(self) -> bool:
        """Whether some card in a fan can never move, which proves the position lost.

        A schedule of *first moves*, computed greedily to a fixed point. A card
        can first move only after every card above it has moved; to its
        foundation only when every earlier card of its suit is on the foundation
        or has moved; onto a target only when that target has moved (it is then a
        top somewhere) or every card above the target has moved (in the card's
        own fan the targets beneath it never qualify; under a fan limit nor does
        a target with a full fan's worth of cards under and beneath it, since
        those cannot leave before it); to an empty fan only if it
        may fill one and a fan is empty or every card of another fan has moved.
        Where foundation cards may return, a target on its foundation counts as
        available. Every condition is necessary and gets only easier as more
        cards are scheduled, so the greedy fixed point contains every card that
        can ever move; a card left out never moves, never reaches its
        foundation, and the position is lost. Only used in settled positions.
        """
        t = self.tables
        fans = self.fans
        found = self.found
        successor = t.following
        targets = t.targets
        filler = t.filler
        # state[card]: MOVED, or AVAILABLE as a target (an unmoved top below the fan limit's last place,
        # or a card on its foundation where cards may return: the up masks' 1), or 0
        if t.returns:
            masks = t.up_masks
            state = bytearray(masks[0][found[0]] + masks[1][found[1]] + masks[2][found[2]] + masks[3][found[3]])
        else:
            state = bytearray(52)
        if t.capped:
            limit = t.limit
            for fan in fans:
                if fan and len(fan) < limit:
                    state[fan[-1]] = AVAILABLE
        else:
            for fan in fans:
                if fan:
                    state[fan[-1]] = AVAILABLE
        # frontier[fan]: the depth of its top card not yet moved (-1: all moved). An unmoved target is a
        # top once every card above it has moved, that is when it is its fan's frontier card.
        frontier = [len(fan) - 1 for fan in fans]
        empty_possible = not all(fans)
        # ready[card]: 1 for the next card of each suit to go up, every earlier one up or moved
        masks = t.next_masks
        ready = bytearray(masks[0][found[0]] + masks[1][found[1]] + masks[2][found[2]] + masks[3][found[3]])
        left = 52 - found[0] - found[1] - found[2] - found[3]
        # the fans with a card not yet moved: every fan at first, then those a sweep left stuck
        stuck: range | list[int] = range(len(fans))
        changed = True
        while changed and left:
            changed = False
            still: list[int] = []
            for number in stuck:
                fan = fans[number]
                depth = start = frontier[number]
                while depth >= 0:
                    card = fan[depth]
                    if ready[card]:  # it goes up, and so may the next card of its suit not moved yet
                        following = successor[card]
                        while following >= 0 and state[following] == MOVED:
                            following = successor[following]
                        if following >= 0:
                            ready[following] = 1
                    else:
                        for target in targets[card]:
                            if state[target]:
                                break
                        else:
                            if not (filler[card] and empty_possible):
                                still.append(number)
                                break
                    state[card] = MOVED
                    depth -= 1
                if depth != start:
                    changed = True
                    left -= start - depth
                    frontier[number] = depth
                    # the card uncovered is a top now, below the last place (the cards uncovered on the
                    # way moved: no other fan was looked at in between)
                    if depth >= 0:
                        state[fan[depth]] = AVAILABLE
                    else:
                        empty_possible = True
            stuck = still
        return left > 0

    def schedule_kept(self, step: Step) -> bool:
        """Whether :meth:`schedule_lost` answers no here for sure, after ``step`` from a position where it did.

        Call P the position before the step and C this one, reached by the
        step alone (no foundation move after it). P's schedule holds every
        card; so does C's when one of these holds:

        - the step sent a card x up. Take P's schedule without x: each card's
          conditions hold in C at the same point. The cards above it and
          its targets are as in P, less x; its suit's earlier cards are up
          or moved as before, x now up. A card whose target was x is of x's
          suit and one rank from it: the one before x on the foundation is
          up already, and the one after it may go up at once in C, which is
          more than a target gives;
        - x moved from fan A onto fan B (onto y, or into B empty) and can
          leave again at once in C: it goes up next in its suit, or one of
          its targets is another fan's top, or it may fill an empty fan and
          one is empty. Schedule x first in C: then A is as P had it once x
          had moved (the card x covered is a top), B as P had it (y a top
          again, or B empty), and every later card of P's schedule meets
          its conditions in C where it met them in P.

        A card uncovered in C being a top from the start, and a fan emptied
        being empty, only help, and no game whose fans build in suit caps
        them, so no fan limit enters. A redeal is no such case: the position
        before it was not settled, so the proof never ran there. On Clover
        Leaf's slowest deals, 29% and 48% of the positions a search expands
        are found by a move whose card can leave again at once, mostly
        because it can go back onto the card it covered (building there runs
        up or down).
        """
        card, _source, dest = step
        if dest == REDEAL_STEP:
            return False
        if dest == ON_FOUNDATION:
            return True
        t = self.tables
        if self.found[card // 13] == t.index[card]:
            return True
        fans, where = self.fans, self.where
        for target in t.targets[card]:
            holder = where[target]
            if holder >= 0 and fans[holder][-1] == target:
                return True
        return t.filler[card] and not all(fans)

    def room_lost(self) -> bool:
        """Whether some card in a fan can never reach its foundation for want of room.

        For settled positions of games whose fans are capped at three cards and
        whose empty fans stay empty, where any suit builds on any suit
        (Shamrocks). Like :meth:`schedule_lost`, a greedy fixed point of events that
        every win needs in order; here they follow where a card can sit with
        room above it, which is what decides these games.

        Take a win W from here that never moves the only card of a fan onto
        another fan (the shortest win is one: see :meth:`moves`). Then a card at
        the bottom of a fan (depth 0) stays there until it goes to its
        foundation, and no card ever arrives at depth 0 (an empty fan takes
        nothing). A card is a *receiver* when it is the top of a fan with room,
        that is at depth 1 or less. So in W:

        - a card is a receiver in its own place only once every card above it
          has left and it lies at depth 1 or less; elsewhere only by arriving
          there, on a bottom card left alone. Call the least depth at which a
          card can be a top, by either way, its ``low``;
        - a card above the bottom first leaves its place once every card above
          it has left, onto a receiver among its targets or to its foundation;
          a bottom card leaves only to its foundation;
        - a card reaches its foundation once every card above it has left and
          its predecessor is on the foundation or reaches it;
        - a foundation card comes back (where the rules allow it) only when
          every card above it on its foundation has come back first, onto a
          receiver among its targets.

        Every condition is necessary, and each only gets easier as more events
        are known, so the least fixed point holds every event of every such W;
        a card in a fan that never reaches its foundation there proves the
        position lost.

        How it is reached. Any suit builds on any suit, so what a card needs
        is a receiver of the rank above or below it, and only the least ``low``
        of each rank is ever read; only whether it is 0, 1 or more matters. So
        two sets of ranks (bits of an int) hold it: ``top0``, the ranks of
        which a card can be a top at depth 0, and ``top1``, at depth 1 or less.
        A card can leave where a rank next to its own is in ``top1``
        (``reach1``: ``top1`` shifted one rank either way), and lands at depth 1
        where one is in ``top0`` (``reach0``); a rank of which a card can leave
        joins ``top1`` once it is in ``reach0``. A sweep walks each fan not done
        down from its frontier while its cards can leave, the sets growing as
        it goes, and sweeps repeat until one changes nothing (2.3 of them on
        average in a long Shamrocks search). Cards reach their foundations in
        suit order, so the cards up are a count per suit, and a card that
        could leave earlier goes up as soon as its predecessor does. Once no
        card above a bottom card is still held, every card gets up: each
        suit's next card can either leave, or is a bottom card uncovered,
        which goes up once its predecessor has. Each fan's cards, with their
        ranks' bits, are worked out once per fan (:class:`FanCards`): a search
        meets the same fans again and again.
        """
        t = self.tables
        found = self.found
        order = t.order
        cards_of = t.fan_cards
        top0 = top1 = leaving = 0  # leaving: the ranks of which some card can leave its place
        up = [found[0], found[1], found[2], found[3]]
        left = 52 - up[0] - up[1] - up[2] - up[3]
        could_leave = bytearray(52)
        todo = []
        for fan in self.fans:
            if fan:
                cards = cards_of[fan]
                todo.append(cards)
                if len(fan) == 1:
                    top0 |= cards[0][1]
                elif len(fan) == 2:
                    top1 |= cards[0][1]
        top1 |= top0
        # the next foundation card of each suit to come back, by its place on the foundation (-1: none)
        back = [up[0] - 1, up[1] - 1, up[2] - 1, up[3] - 1] if self.returns else None
        reach0 = (top0 << 1) | (top0 >> 1)
        reach1 = (top1 << 1) | (top1 >> 1)
        while True:
            before = (reach0, reach1, left)
            held: list[tuple[tuple[int, int, int, int, int], ...]] = []
            upper_held = False  # whether a card above a bottom card could not leave in this sweep
            for cards in todo:
                for card, bit, suit, place, depth in cards:
                    if not depth:
                        if not top0 & bit:
                            top0 |= bit
                            top1 |= bit
                            reach0 = (top0 << 1) | (top0 >> 1)
                            reach1 = (top1 << 1) | (top1 >> 1)
                    elif depth == 1 and not top1 & bit:
                        top1 |= bit
                        reach1 = (top1 << 1) | (top1 >> 1)
                    next_up = up[suit]
                    if place >= next_up:  # not up yet
                        if place == next_up:  # it goes up, and so do the cards after it that could leave
                            next_up += 1
                            left -= 1
                            suit_order = order[suit]
                            while next_up < 13 and could_leave[suit_order[next_up]]:
                                next_up += 1
                                left -= 1
                            up[suit] = next_up
                            if not left:
                                return False
                        elif not depth:  # a bottom card leaves only to its foundation
                            held.append(cards[cards[0][4] - depth :])
                            break
                        elif not reach1 & bit:
                            held.append(cards[cards[0][4] - depth :])
                            upper_held = True
                            break
                    could_leave[card] = 1
                    leaving |= bit
                    if reach0 & bit and not top1 & bit:
                        top1 |= bit
                        reach1 = (top1 << 1) | (top1 >> 1)
            if not upper_held:
                return False
            todo = held
            if back is not None:
                for suit in (0, 1, 2, 3):
                    place = back[suit]
                    while place >= 0:
                        card = order[suit][place]
                        bit = 1 << card % 13
                        if not reach1 & bit:
                            break
                        could_leave[card] = 1
                        leaving |= bit
                        place -= 1
                    back[suit] = place
            gained = leaving & reach0 & ~top1
            if gained:
                top1 |= gained
                reach1 = (top1 << 1) | (top1 >> 1)
            if (reach0, reach1, left) == before:
                return left > 0

    def order_lost(self, cases: int = 0) -> bool:
        """Whether the orders in which the cards must go up contradict each other (see :mod:`.hosts`).

        For settled positions of the games :meth:`room_lost` is for, with fans
        of at most three cards (elsewhere this answers False). ``cases``: how
        many levels deep the proof may split on a card's ways (see
        :func:`.hosts.order_lost`); each level costs some eight times the last.
        """
        return self._orders_apply() and order_lost(self.fans, self.found, self.tables.order, cases)

    def order_lost_in_steps(self, cases: int) -> Steps | None:
        """:meth:`order_lost` in steps a caller can spread over time (see :func:`.hosts.order_lost_in_steps`).

        None where :meth:`order_lost` answers False without looking.
        """
        if not self._orders_apply():
            return None
        return order_lost_in_steps(self.fans, self.found, self.tables.order, cases)

    def capacity_lost(self) -> bool:
        """Whether the fans run out of free places before every card can go up (see :mod:`.capacity`).

        For settled positions of the games :meth:`room_lost` is for (elsewhere
        this answers False).
        """
        t = self.tables
        if not (t.room and self.prune and self.settled):
            return False
        fans, found = self.fans, self.found
        # the answer depends on the foundations and the fans' bottom cards only, and a search meets few of those;
        # the bottom cards in fan order, unsorted: a search never reorders its fans, and no card arrives at the
        # bottom of one, so its positions with the same foundations list them alike
        key = bytes(found) + bytes([fan[0] for fan in fans if fan])
        lost = self._capacity.get(key)
        if lost is None:
            lost = self._capacity[key] = capacity_lost(fans, found, t.order, t.limit)
        return lost

    def _orders_apply(self) -> bool:
        """Whether :mod:`.hosts`' proof is for this position: settled, pruning on, fans of three that stay empty."""
        t = self.tables
        return t.room and self.prune and self.settled

    def buried(self) -> int:
        """How many cards lie over the next card of each foundation (a heuristic)."""
        fans = self.fans
        where = self.where
        order = self.tables.order
        found = self.found
        total = 0
        for suit in (0, 1, 2, 3):  # a tuple, not range(4): this runs for most nodes
            card = order[suit][found[suit]]
            if card >= 0:
                fan = fans[where[card]]
                total += len(fan) - 1 - fan.index(card)
        return total

    def misplaced(self) -> int:
        """How many cards lie above an earlier card of their own suit in their fan (a heuristic).

        Each of them must leave its fan before it can go up, and where fans
        are capped that takes room: a lower bound on the moves onto fans still
        to be made. Each fan's count is worked out once, the first time that
        fan is met (:class:`MisplacedByFan`): a search meets the same few
        hundred fans again and again (409 in the 100,000 nodes of Shamrocks II
        deal 3), and a look-up costs far less than the count.
        """
        return sum(map(self.tables.misplaced_by_fan.__getitem__, self.fans))

    def cost(self) -> int:
        """How promising this position looks, lower first (a heuristic that only orders the search).

        Four times the cards left in the fans plus :meth:`buried`, plus twice
        :meth:`misplaced` where fans are capped and any suit builds on any
        (Shamrocks); before the last redeal, the redeals left come first.
        The misplaced cards, on deals 1-1000 with the solve budget: plain
        Shamrocks 692 won, 184 lost, 124 undecided instead of 679, 184, 137
        (median 1576 nodes instead of 2312); Shamrocks II 943, 16, 41 instead
        of 914, 16, 70 (median 1244 instead of 1427). On deals 1-200, counting
        them three times, or the next two cards of each suit in :meth:`buried`,
        did no better; twice the dead fans as well decided 3 deals more, at a
        median a third higher. Measured against the cost
        :meth:`schedule_lost`'s fixed point used to give (the cards left plus
        the sweep in which each could first move): on Clover Leaf deals 1-60
        and the 5 slowest of 1-1000, 283k nodes in all instead of 898k, the
        slowest deal 251k instead of 172k but the 95th percentile 1145 nodes
        instead of 101k; on Alexander the Great 148k instead of 919k.
        """
        left = 52 - self.found[0] - self.found[1] - self.found[2] - self.found[3]
        if self.redeals_left:  # not settled (not the property: this runs for most nodes)
            return 1000 * self.redeals_left + 4 * left + self.buried()
        if self.tables.counts_misplaced:
            return 4 * left + self.buried() + 2 * self.misplaced()
        return 4 * left + self.buried()

    def suit_lost(self, suit: int) -> bool:
        """Whether the projection on ``suit`` is lost, which proves this position lost.

        See :mod:`.suits` for the argument; only for settled positions of games
        whose fans build in suit (elsewhere this answers False).
        """
        suits = self.tables.suits
        return suits is not None and self.prune and self.settled and suits.lost(self.fans, suit)

    def lost_on_expansion(self, found_by: Step | None = None) -> bool:
        """The proofs of loss too costly for every position found, tried on those about to be expanded.

        In settled positions: :meth:`schedule_lost` where fans build in suit,
        :meth:`room_lost` where fans are capped, stay empty once emptied and
        build in any suit, and there :meth:`capacity_lost` too once
        :attr:`counts_places` (the search sets it). A best-first search
        expands only some of the positions it finds (about a third in Clover
        Leaf), so a proof tried there costs a fraction of one tried on every
        position, and cuts as much: a position's successors are only found
        when it is expanded.

        ``found_by``: the move that found this position from one that passed
        this check, where the caller knows it (a search finds positions only
        by expanding others); :meth:`schedule_kept` and :meth:`room_kept` then
        spare the schedule and room proofs where that move cannot have changed
        their answer.
        """
        if not self.prune or not self.settled:
            return False
        t = self.tables
        return (t.in_suit and not (found_by is not None and self.schedule_kept(found_by)) and self.schedule_lost()) or (
            t.room
            and (
                (self.counts_places and self.capacity_lost())
                or (not (found_by is not None and self.room_kept(found_by)) and self.room_lost())
            )
        )

    def room_kept(self, step: Step) -> bool:
        """Whether :meth:`room_lost` is sure to answer no here, ``step`` having led here from a position where it did.

        Its fixed point only grows with what it starts from (the cards up and
        the foundation cards free to come back, and each fan's top as a
        receiver at its depth), and holds at once whatever a card that can
        leave at once brings. Call P the position before the step and C this
        one; C's fixed point holds all of P's, where every card reached its
        foundation, in two cases:

        - a foundation card x came back onto a fan: it is its suit's next card,
          on top, so in C it goes up at once, uncovering what it covers; from
          there C has all P had, and the card under x on its foundation may
          come back without waiting for x. So every return;
        - x moved from fan A onto y in fan B and can leave at once in C: it is
          its suit's next card, or another fan's top at depth 0 or 1 is one
          rank from it. Then y is uncovered at once, as P had it, and the card
          x covered in A is a top from the start (in P once x left, which it
          could at once, onto y). x was a top at its depth in A and is one in
          B, so B must not hold it deeper: a move from depth 1 to depth 2, where
          x would be a receiver no more, is not such a case.

        A card sent up is no such case, even from a full fan's top where it
        was no receiver: the foundation card it covers can no longer come
        back before it does (Shamrocks deal 820 meets one where that was the
        only way left). A search meets these cases at some half of the
        positions it expands (41% on Shamrocks deal 818, 59% on deal 5, in
        100,000 nodes), and the proof is the dearest part of expanding one.
        """
        card, source, dest = step
        fans = self.fans
        if source == ON_FOUNDATION:
            return True
        if dest < 0 or len(fans[dest]) > len(fans[source]) + 1:
            return False
        if self.found[card // 13] == self.tables.index[card]:
            return True
        rank = card % 13
        return any(0 < len(fan) < 3 and fan[-1] != card and fan[-1] % 13 - rank in (1, -1) for fan in fans)

    def lost_at_start(self) -> bool:
        """The proofs of loss for the position a search starts from.

        :meth:`lost_on_expansion`, :meth:`capacity_lost` and :meth:`order_lost`.
        The order proof is tried there only. At the deal it proves lost about
        one plain Shamrocks deal in twenty-five that the search could not
        decide (42 of deals 1-1000), but tried on every position expanded as
        well it cut next to nothing more: on deals 1-100 the same verdicts in
        three times the time. A hint's search starts from the position on the table,
        so it too is checked once. A search that stays undecided tries it on its
        start once more, splitting cases (see :class:`.search.Search`).
        """
        return self.lost_on_expansion() or self.capacity_lost() or self.order_lost()

    def any_suit_lost(self) -> bool:
        """:meth:`suit_lost` for any suit."""
        return any(self.suit_lost(suit) for suit in range(4))

    def pair_projections(self) -> list[Position]:
        """This position seen through each pair of suits (:func:`.suits.pair_projections`), where that proves anything.

        Only with pruning on, in settled positions of games that build in suit.
        """
        if not self.prune or self.tables.suits is None or not self.settled:
            return []
        return pair_projections(self.position())

    def triple_projections(self) -> list[Position]:
        """This position seen through each three suits (:func:`.suits.triple_projections`), where that proves anything.

        Where :meth:`pair_projections` does.
        """
        if not self.prune or self.tables.suits is None or not self.settled:
            return []
        return triple_projections(self.position())

    def pair_keys(self) -> list[tuple[tuple[int, int], bytes]]:
        """The keys of this position's projections on pairs of suits (see :meth:`pair_projections`).

        Two positions whose projections on a pair have the same key have the
        same projection there (the fans sorted, as in :meth:`key`), so a
        verdict on one projection holds for every position that projects onto
        it. Empty where :meth:`pair_projections` is.
        """
        if not self.prune or self.tables.suits is None or not self.settled:
            return []
        return pair_keys(self.fans)

    def triple_keys(self) -> list[tuple[tuple[int, ...], bytes]]:
        """The keys of this position's projections on three suits, as :meth:`pair_keys` for pairs.

        Empty where :meth:`triple_projections` is.
        """
        if not self.prune or self.tables.suits is None or not self.settled:
            return []
        return triple_keys(self.fans)

    def suits_present(self) -> set[int]:
        """The suits with a card in the fans."""
        found = self.found
        return {suit for suit in range(4) if found[suit] < 13}

    def projection(self, kept: tuple[int, ...]) -> Position:
        """This position seen through the suits of ``kept`` (a pair or three; the others on their foundations)."""
        return projection(self.position(), kept)


def waiting_in(key: bytes) -> bool:
    """Whether the position of this :meth:`Board.key` has a card waiting to be used (:attr:`Board.pending`).

    A settled key ends with the waiting card's byte; an unsettled one (a state)
    carries it right after its redeal byte. Those bytes are never a card's.
    """
    return key[-1] >= _PENDING[0][0] or (len(key) > 1 and key[0] >= _PREFIX[0][0] and key[1] >= _PENDING[0][0])


_SCORE = itemgetter(0)  # the score of a (score, step) pair of :meth:`Board.moves`, the sort key
