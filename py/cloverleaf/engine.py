"""The rules of every game, read from a :class:`Rules` value.

Two doors, as in python-chess: :func:`apply_move` trusts its caller (the solver
and replays of already-checked moves use it), :func:`play` checks the move first
and says why it is illegal. Everything here is a pure function of its inputs.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

from .cards import SUIT_NAMES, card_str, suit_of
from .errors import IllegalMoveError
from .position import CELL, FOUNDATION, NO_CARD, REDEAL, Move, Position
from .rules import Build, Rules, Runs


def foundation_for(rules: Rules, position: Position, card: int) -> int | None:
    """The foundation that takes ``card`` next (numbered by the suit of its base), or None.

    Where foundations build in alternate colours two of them may take the same
    card; it goes to the lower-numbered one. The two are alike for the rest of
    the game (each takes the same cards from then on), so the choice is only
    where the card is drawn.
    """
    if rules.suit_foundations:
        suit = suit_of(card)
        count = position.foundations[suit]
        return suit if count < 13 and rules.foundation_card(suit, count) == card else None
    for foundation in range(4):
        if rules.foundation_takes(foundation, position.foundations[foundation], card):
            return foundation
    return None


def foundation_accepts(rules: Rules, position: Position, card: int) -> bool:
    """Whether ``card`` is the next card a foundation needs."""
    return foundation_for(rules, position, card) is not None


def fan_accepts(rules: Rules, position: Position, card: int, fan_index: int, count: int = 1) -> bool:
    """Whether fan ``fan_index`` may take ``card`` (with the ``count`` - 1 cards on it) as its new top."""
    fan = position.fans[fan_index]
    if rules.fan_limit is not None and len(fan) + count > rules.fan_limit:
        return False
    if not fan:
        return rules.fills_empty_fan(card)
    return fan[-1] in _build_targets(rules)[card]


@functools.cache
def _build_targets(rules: Rules) -> tuple[frozenset[int], ...]:
    """For each card, the top cards it may be placed on (:meth:`Rules.builds_on`, tabled:
    the page asks for every card's destinations after every move)."""
    return tuple(frozenset(t for t in range(52) if t != c and rules.builds_on(c, t)) for c in range(52))


def foundation_top(rules: Rules, position: Position, suit: int) -> int | None:
    """The top card of a foundation (numbered by the suit of its base), or None when it is empty."""
    if position.tops:
        top = position.tops[suit]
        return None if top == NO_CARD else top
    count = position.foundations[suit]
    return rules.foundation_card(suit, count - 1) if count else None


def run_of(rules: Rules, position: Position, card: int, source: int) -> tuple[int, ...] | None:
    """The cards that move when ``card`` moves from fan ``source``: itself and every card on it.

    A top card moves alone. A card with others on it moves only in the games
    that move runs, and only when each card of them is built on the one
    beneath it (a *run*); where runs are counted by the free cells, of at most
    one card more than the empty cells. None when the card cannot move so.
    """
    fan = position.fans[source]
    if fan[-1] == card:
        return (card,)
    if rules.runs is Runs.NONE:
        return None
    cards = fan[fan.index(card):]
    targets = _build_targets(rules)
    for lower, upper in itertools.pairwise(cards):
        if lower not in targets[upper]:
            return None
    if rules.runs is Runs.FREE_CELLS and len(cards) > position.free_cells() + 1:
        return None
    return cards


def draw_destination(rules: Rules, position: Position, card: int) -> int | None:
    """Where the draw sends ``card``, the card right under a fan's top: None when it may not be drawn.

    As PySolFC plays Three Shuffles and a Draw: the first place that takes the
    card, its foundation before the fans, the fans in order (the fan it comes
    from never).
    """
    source = position.find(card)
    if position.draws_left <= 0 or source is None or source < 0:
        return None
    fan = position.fans[source]
    if len(fan) < 2 or fan[-2] != card:
        return None
    if foundation_accepts(rules, position, card):
        return FOUNDATION
    for dest in range(len(position.fans)):
        if dest != source and position.fans[dest] and fan_accepts(rules, position, card, dest):
            return dest
    return None


def movable_cards(rules: Rules, position: Position) -> list[int]:
    """Every card that may move somewhere, in the order :func:`legal_moves` lists them.

    Fan tops, then the cards with others on them that head a run (games with
    runs), then the cards that may be drawn (games with a draw), then the
    cards in the free cells, then foundation tops where the game lets them
    return.
    """
    cards = [fan[-1] for fan in position.fans if fan]
    if rules.runs is not Runs.NONE:
        for source, fan in enumerate(position.fans):
            cards += [card for card in fan[:-1] if run_of(rules, position, card, source) is not None]
    if position.draws_left > 0:
        cards += [fan[-2] for fan in position.fans if len(fan) > 1]
    cards += [card for card in position.cells if card != NO_CARD]
    if rules.foundation_return:
        for suit in range(4):
            top = foundation_top(rules, position, suit)
            if top is not None:
                cards.append(top)
    return cards


def is_free(rules: Rules, position: Position, card: int) -> bool:
    """Whether ``card`` may move at all, not drawn: a fan's top card, the head of a run that
    may move, a card in a free cell, or (where the game allows foundation returns) the top
    card of its foundation."""
    return _moving(rules, position, card, position.find(card), False) is not None


def accepts(rules: Rules, position: Position, card: int, dest: int) -> bool:
    """Whether ``dest`` (FOUNDATION, CELL or a fan index) takes the free card ``card`` (with any cards on it).

    With :func:`is_free` this is the whole of legality for card moves that
    are not draws: every other function here that says what may move is
    built from these two.
    """
    source = position.find(card)
    cards = _moving(rules, position, card, source, False)
    return cards is not None and _accepts(rules, position, cards, dest, source)


def _moving(rules: Rules, position: Position, card: int, source: int | None, draw: bool) -> tuple[int, ...] | None:
    """The cards a move of ``card`` from ``source`` takes along (itself first), or None when it may not move so."""
    if draw:
        return (card,) if draw_destination(rules, position, card) is not None else None
    if source is None:
        return (card,) if rules.foundation_return and foundation_top(rules, position, suit_of(card)) == card else None
    if source == CELL:
        return (card,)
    return run_of(rules, position, card, source)


def _accepts(rules: Rules, position: Position, cards: tuple[int, ...], dest: int, source: int | None) -> bool:
    card = cards[0]
    if dest == FOUNDATION:
        return source is not None and len(cards) == 1 and foundation_accepts(rules, position, card)
    if dest == CELL:
        return source is not None and source >= 0 and len(cards) == 1 and NO_CARD in position.cells
    return 0 <= dest < len(position.fans) and dest != source and fan_accepts(rules, position, card, dest, len(cards))


def is_legal(rules: Rules, position: Position, move: Move) -> bool:
    if move.is_redeal:
        return can_redeal(position)
    card = move.card
    if not 0 <= card < 52:
        return False
    if move.draw:
        return draw_destination(rules, position, card) == move.dest
    source = position.find(card)
    cards = _moving(rules, position, card, source, False)
    return cards is not None and _accepts(rules, position, cards, move.dest, source)


def destinations_of(rules: Rules, position: Position, card: int) -> list[int]:
    """Every legal destination of ``card`` (FOUNDATION first, then fans in order, then CELL).

    A card that may only be drawn has the one destination the draw sends it to.
    """
    source = position.find(card)
    cards = _moving(rules, position, card, source, False)
    if cards is None:
        dest = draw_destination(rules, position, card)
        return [] if dest is None else [dest]
    dests = [dest for dest in range(-1, len(position.fans)) if _accepts(rules, position, cards, dest, source)]
    if position.cells and _accepts(rules, position, cards, CELL, source):
        dests.append(CELL)
    return dests


def move_to(rules: Rules, position: Position, card: int, dest: int) -> Move:
    """The move that takes ``card`` to ``dest``: a draw where that is the only way the card moves.

    The page and a click name a card and where it goes; whether that is a
    draw follows from the position, as a move of the card under a fan's top
    can be nothing else.
    """
    return Move(card, dest, True) if is_drawn(rules, position, card) else Move(card, dest)


def is_drawn(rules: Rules, position: Position, card: int) -> bool:
    """Whether ``card`` moves only by the draw: a card under a fan's top that may be drawn
    and may not move otherwise (it then moves alone; the card on it stays)."""
    source = position.find(card)
    return (
        position.draws_left > 0
        and source is not None
        and source >= 0
        and _moving(rules, position, card, source, False) is None
        and draw_destination(rules, position, card) is not None
    )


def legal_moves(rules: Rules, position: Position) -> list[Move]:
    """All legal moves in a fixed order: by card as :func:`movable_cards` lists them, redeal last."""
    moves = [
        move_to(rules, position, card, dest)
        for card in movable_cards(rules, position)
        for dest in destinations_of(rules, position, card)
    ]
    if can_redeal(position):
        moves.append(REDEAL)
    return moves


def can_redeal(position: Position) -> bool:
    return position.redeals_left > 0 and position.cards_in_fans() > 0


def is_won(position: Position) -> bool:
    return sum(position.foundations) == 52


def is_stuck(rules: Rules, position: Position) -> bool:
    """Not won, no card can move and no redeal is left."""
    return not is_won(position) and not legal_moves(rules, position)


def apply_move(rules: Rules, position: Position, move: Move) -> Position:
    """The position after ``move``, which the caller guarantees is legal."""
    if move.is_redeal:
        return redeal(rules, position)
    card, dest, draw = move
    fans = list(position.fans)
    foundations = list(position.foundations)
    source = position.find(card)
    cells = position.cells
    if source is None:
        foundations[suit_of(card)] -= 1
        moving: tuple[int, ...] = (card,)
    elif source == CELL:
        cells = tuple(NO_CARD if held == card else held for held in cells)
        moving = (card,)
    elif draw:
        fan = fans[source]
        fans[source] = fan[:-2] + fan[-1:]
        moving = (card,)
    else:
        fan = fans[source]
        at = len(fan) - 1 if fan[-1] == card else fan.index(card)
        fans[source] = fan[:at]
        moving = fan[at:]
    tops = position.tops
    if dest == FOUNDATION:
        foundation = foundation_for(rules, position, card)
        assert foundation is not None, "a legal move to a foundation has one"
        foundations[foundation] += 1
        if tops:
            tops = (*tops[:foundation], card, *tops[foundation + 1:])
    elif dest == CELL:
        at = cells.index(NO_CARD)
        cells = (*cells[:at], card, *cells[at + 1:])
    else:
        fans[dest] = fans[dest] + moving
    return Position(
        tuple(fans),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        position.redeals_left,
        position.deal,
        cells,
        position.draws_left - 1 if draw else position.draws_left,
        tops,
    )


def redeal_seed(rules: Rules, position: Position) -> str:
    """The seed of a redeal's shuffle: the game, the deal and which redeal this is.

    Seeding from these (and not from the clock) makes every redeal of deal N the
    same on every machine, so a game replays move by move and the solver can
    treat the redeal as an ordinary move.
    """
    redeal_number = rules.redeals - position.redeals_left + 1
    return f"{rules.id}/{position.deal}/{redeal_number}"


def redeal(rules: Rules, position: Position) -> Position:
    """Gather the fans' cards, shuffle them, deal them again in fans of three.

    The 1 or 2 cards left over form the last fan; when the count divides by
    three, the last fan of three is split into a fan of two and a fan of one
    (docs/rules.md, Redeals).
    """
    cards = [card for fan in position.fans for card in fan]
    shuffle = random.Random(redeal_seed(rules, position))
    for n in range(len(cards) - 1, 0, -1):
        j = int(shuffle.random() * (n + 1))
        cards[n], cards[j] = cards[j], cards[n]
    fans = [tuple(cards[i:i + 3]) for i in range(0, len(cards), 3)]
    if fans and len(cards) % 3 == 0:
        last = fans.pop()
        fans += [last[:2], last[2:]]
    return replace(position, fans=tuple(fans), redeals_left=position.redeals_left - 1)


class Refusal(NamedTuple):
    """Why a move is illegal: ``reason`` for programs, ``text`` for players.

    Reasons: ``covered`` (another card lies on the card), ``build`` (the card
    does not go on the destination fan's top card), ``full`` (the destination fan
    holds all it may), ``empty`` (the empty destination fan does not take the
    card), ``foundation`` (the foundation takes another card next, or is
    complete), ``cells`` (every free cell holds a card), ``run`` (the run is
    longer than the free cells let move at once), ``rules`` (anything else the
    rules forbid). The page says each in the player's words, naming the cards
    from the move and the table it sent.
    """

    reason: str
    text: str


def explain_illegal(rules: Rules, position: Position, move: Move) -> Refusal | None:
    """Why ``move`` is illegal here; None when it is legal.

    Legality itself is :func:`is_legal`, asked first; the rest only finds the
    words for a refusal (a property test checks the two never disagree).
    """
    if is_legal(rules, position, move):
        return None
    return Refusal(*_refusal(rules, position, move))


def _refusal(rules: Rules, position: Position, move: Move) -> tuple[str, str]:
    """The kind of an illegal ``move``'s refusal and its words, told in this order."""
    if move.is_redeal:
        return "rules", "no redeals are left" if position.redeals_left <= 0 else "no cards are left to redeal"
    card, dest = move.card, move.dest
    name = card_str(card)
    source = position.find(card)
    if move.draw:
        return "rules", _draw_refusal(rules, position, card, dest, source)
    if source is None:
        suit = suit_of(card)
        if foundation_top(rules, position, suit) != card:
            return "rules", f"{name} is not in play"
        if not rules.foundation_return:
            return "rules", f"{name} is on its foundation, and in {rules.name} foundation cards stay there"
        if dest == FOUNDATION:
            return "rules", f"{name} is already on its foundation"
        # a card on its foundation that may come back, but not there: the fan's words, the reason "rules"
        return "rules", _fan_refusal(rules, position, card, dest, source, 1)[1]
    elif source >= 0 and position.fans[source][-1] != card:
        covered = _covered_refusal(rules, position, card, source)
        if covered is not None:
            return covered
    count = 1 if source is None or source < 0 else len(position.fans[source]) - position.fans[source].index(card)
    if dest == FOUNDATION:
        if count > 1:
            return "rules", f"{name} has cards on it: only a top card goes to a foundation"
        return "foundation", _foundation_refusal(rules, position, card)
    if dest == CELL:
        if not position.cells:
            return "rules", f"{rules.name} has no free cells"
        if source == CELL:
            return "rules", f"{name} is already in a free cell"
        if count > 1:
            return "rules", f"{name} has cards on it: a free cell takes one card"
        return "cells", "every free cell holds a card"
    return _fan_refusal(rules, position, card, dest, source, count)


def _fan_refusal(
    rules: Rules, position: Position, card: int, dest: int, source: int | None, count: int
) -> tuple[str, str]:
    """Why fan ``dest`` does not take ``card`` (with ``count`` - 1 cards on it)."""
    name = card_str(card)
    if not 0 <= dest < len(position.fans):
        return "rules", f"there is no fan {dest + 1} (fans are 1 to {len(position.fans)})"
    if dest == source:
        return "rules", f"{name} is already in fan {dest + 1}"
    fan = position.fans[dest]
    if rules.fan_limit is not None and len(fan) + count > rules.fan_limit:
        return "full", f"fan {dest + 1} is full ({rules.fan_limit} cards at most)"
    if not fan:
        return "empty", f"an empty fan takes {rules.empty_fan.value} in {rules.name}"
    return "build", f"{name} does not go on {card_str(fan[-1])} (fans build {rules.build.value})"


def _covered_refusal(rules: Rules, position: Position, card: int, source: int) -> tuple[str, str] | None:
    """Why ``card``, under others in fan ``source``, may not move with them; None where it may."""
    fan = position.fans[source]
    name, top = card_str(card), card_str(fan[-1])
    if rules.runs is Runs.NONE:
        drawn = " (a draw is written draw:" + name + ">F or draw:" + name + ">fan)" if (
            position.draws_left > 0 and fan[-2] == card) else ""
        return "covered", f"{name} is not free: {top} covers it in fan {source + 1}{drawn}"
    cards = fan[fan.index(card):]
    targets = _build_targets(rules)
    for lower, upper in itertools.pairwise(cards):
        if lower not in targets[upper]:
            return "covered", f"{name} is not free: {card_str(upper)} on it is no run (fans build {rules.build.value})"
    if run_of(rules, position, card, source) is None:
        cells = position.free_cells()
        return "run", (
            f"a run of {len(cards)} cards moves only with {len(cards) - 1} free cells, "
            f"and {cells} {'is' if cells == 1 else 'are'} free"
        )
    return None


def _foundation_refusal(rules: Rules, position: Position, card: int) -> str:
    name = card_str(card)
    if rules.suit_foundations:
        count = position.foundations[suit_of(card)]
        if count == 13:
            return f"the {SUIT_NAMES[suit_of(card)]} foundation is complete"
        return f"the foundation takes {card_str(rules.foundation_card(suit_of(card), count))} next, not {name}"
    wanted: list[str] = []
    for foundation in range(4):
        count = position.foundations[foundation]
        if count < 13:
            takes = [other for other in range(52) if rules.foundation_takes(foundation, count, other)]
            wanted.append(" or ".join(card_str(other) for other in takes))
    return f"the foundations take {', '.join(wanted)} next, not {name}"


def _draw_refusal(rules: Rules, position: Position, card: int, dest: int, source: int | None) -> str:
    name = card_str(card)
    if not rules.draws:
        return f"{rules.name} has no draw"
    if position.draws_left <= 0:
        return "the draw is used up"
    if source is None or source < 0 or len(position.fans[source]) < 2 or position.fans[source][-2] != card:
        return f"only the card right under a fan's top card may be drawn, not {name}"
    where = draw_destination(rules, position, card)
    if where is None:
        return f"{name} has nowhere to go: a drawn card goes to its foundation or onto a fan"
    said = "its foundation" if where == FOUNDATION else f"fan {where + 1}"
    return f"a drawn card goes to the first place that takes it: {name} goes to {said}"


def play(rules: Rules, position: Position, move: Move) -> Position:
    """The checked door: apply ``move`` or raise :class:`IllegalMoveError` saying why."""
    refusal = explain_illegal(rules, position, move)
    if refusal is not None:
        raise IllegalMoveError(f"illegal move {move}: {refusal.text}", refusal.reason)
    return apply_move(rules, position, move)


def auto_move_is_safe(rules: Rules, position: Position, card: int) -> bool:
    """Whether sending ``card`` to its foundation can never cost the player the game.

    Where fans build in suit (Clover Leaf and its kin, La Belle Lucie, Fan and
    theirs) the only cards that could ever be placed on ``card`` in a fan are
    its suit neighbours: the one before it is already on the foundation, the
    one after it must follow it to the foundation anyway, and any card that
    could go on that one is again of the same suit, so the whole suit can
    unwind onto the foundation in order. Moving a card up therefore never
    takes away a place another card needs: always safe (the full argument is
    :meth:`cloverleaf.solver.board.Board.autoplay`'s, which also covers free
    cells, runs and the draw).

    Where any suit builds on any suit, up or down (Shamrocks), no such
    argument holds: every card is a possible stepping stone for the cards one
    rank away in all four suits, and a win may need a card taken back from a
    foundation, which a foundation that went further up no longer offers. An
    earlier, cautious rule (send a card up once the other suits had passed
    its neighbours) lost won games: on Shamrocks II deal 7034 it sent AD to 6D
    up and left a lost position. So there auto move sends nothing up; auto
    complete, which only finishes a game that foundation moves alone win,
    still does.

    Where fans build otherwise and foundation cards stay up (by rank alone,
    by colour, by equal rank), a card goes up once every card that could be
    placed on it in a fan is already up: then nothing will ever need it as a
    place to go (:meth:`cloverleaf.solver.general.GeneralBoard.autoplay` has the
    argument).
    """
    build = rules.build
    if build.in_suit:
        return True
    if build is Build.ANY_SUIT_UP_OR_DOWN or rules.foundation_return:
        return False
    return all(position.find(other) is None for other in _placed_on(rules)[card])


@functools.cache
def _placed_on(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may be placed on it in a fan."""
    targets = _build_targets(rules)
    return tuple(tuple(other for other in range(52) if card in targets[other]) for card in range(52))


def foundation_sweep(
    rules: Rules, position: Position, allowed: Callable[[Position, int], bool] | None = None
) -> tuple[list[Move], Position]:
    """Play fan tops and free cells' cards to their foundations while any fits (and ``allowed`` agrees).

    Returns the moves, in the order played, and the position they lead to. Auto
    move sweeps with its safety test; auto complete sweeps with no test.
    """
    moves: list[Move] = []
    progress = True
    while progress:
        progress = False
        for card in [fan[-1] for fan in position.fans if fan] + [held for held in position.cells if held != NO_CARD]:
            if foundation_accepts(rules, position, card) and (allowed is None or allowed(position, card)):
                move = Move(card, FOUNDATION)
                position = apply_move(rules, position, move)
                moves.append(move)
                progress = True
    return moves, position


def can_finish_by_foundation_moves(rules: Rules, position: Position) -> bool:
    """Whether foundation moves alone win from here (the auto-complete test).

    Foundation moves never block one another, so sweeping greedily decides it.
    """
    return is_won(foundation_sweep(rules, position)[1])


def click_destination(rules: Rules, position: Position, card: int) -> int | None:
    """Where a click on ``card`` plays it, or None when it has nowhere useful to go.

    The foundation when it fits. Otherwise a fan, ranked by:
    1. a fan with cards over an empty one (an empty fan is a rare resource);
    2. a card of the same suit (in Shamrocks, any suit builds);
    3. a top card that comes after ``card`` on their foundation, so the fan
       unwinds to the foundation in order instead of burying the earlier card;
    4. the lowest fan number, so the choice is predictable.
    Moving the only card of a fan (or a run that fills its fan) into an empty
    fan changes nothing, so it is never chosen. With no fan to go to, a free
    cell, where the game has one free. A card that may only be drawn goes
    where the draw sends it.
    """
    choices = destinations_of(rules, position, card)
    if FOUNDATION in choices:
        return FOUNDATION
    source = position.find(card)
    whole_fan = source is not None and source >= 0 and position.fans[source][0] == card
    best: tuple[int, int, int, int] | None = None
    best_dest: int | None = None
    for dest in choices:
        if dest == CELL:
            continue
        fan = position.fans[dest]
        if not fan:
            if whole_fan:
                continue
            key = (1, 1, 1, dest)
        else:
            top = fan[-1]
            same_suit = suit_of(top) == suit_of(card)
            follows = (
                same_suit and rules.suit_foundations
                and rules.foundation_index(top) == rules.foundation_index(card) + 1
            )
            key = (0, 0 if same_suit else 1, 0 if follows else 1, dest)
        if best is None or key < best:
            best, best_dest = key, dest
    if best_dest is None and CELL in choices:
        return CELL
    return best_dest


def destinations(rules: Rules, position: Position) -> dict[int, list[int]]:
    """Each movable card with its legal destinations (what the page highlights)."""
    result = {}
    for card in movable_cards(rules, position):
        dests = destinations_of(rules, position, card)
        if dests:
            result[card] = dests
    return result
