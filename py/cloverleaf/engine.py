"""The rules of every game, read from a :class:`Rules` value.

Two doors, as in python-chess: :func:`apply_move` trusts its caller (the solver
and replays of already-checked moves use it), :func:`play` checks the move first
and says why it is illegal. Everything here is a pure function of its inputs.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import NamedTuple

from .cards import SUIT_NAMES, card_str, suit_of
from .errors import IllegalMoveError
from .position import FOUNDATION, REDEAL, Move, Position
from .rules import Build, Rules


def foundation_accepts(rules: Rules, position: Position, card: int) -> bool:
    """Whether ``card`` is the next card its foundation needs."""
    suit = suit_of(card)
    count = position.foundations[suit]
    return count < 13 and rules.foundation_card(suit, count) == card


def fan_accepts(rules: Rules, position: Position, card: int, fan_index: int) -> bool:
    """Whether fan ``fan_index`` may take ``card`` as its new top card."""
    fan = position.fans[fan_index]
    if rules.fan_limit is not None and len(fan) >= rules.fan_limit:
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
    count = position.foundations[suit]
    return rules.foundation_card(suit, count - 1) if count else None


def movable_cards(rules: Rules, position: Position) -> list[int]:
    """Fan tops, then foundation tops where the game lets them return."""
    cards = [fan[-1] for fan in position.fans if fan]
    if rules.foundation_return:
        for suit in range(4):
            top = foundation_top(rules, position, suit)
            if top is not None:
                cards.append(top)
    return cards


def is_free(rules: Rules, position: Position, card: int) -> bool:
    """Whether ``card`` may move at all: a fan's top card, or (where the game allows
    foundation returns) the top card of its foundation."""
    return _is_free(rules, position, card, position.find(card))


def accepts(rules: Rules, position: Position, card: int, dest: int) -> bool:
    """Whether ``dest`` (FOUNDATION or a fan index) takes the free card ``card``.

    With :func:`is_free` this is the whole of legality for card moves: every
    other function here that says what may move is built from these two.
    """
    return _accepts(rules, position, card, dest, position.find(card))


def _is_free(rules: Rules, position: Position, card: int, source: int | None) -> bool:
    if source is not None:
        return position.fans[source][-1] == card
    return rules.foundation_return and foundation_top(rules, position, suit_of(card)) == card


def _accepts(rules: Rules, position: Position, card: int, dest: int, source: int | None) -> bool:
    if dest == FOUNDATION:
        return source is not None and foundation_accepts(rules, position, card)
    return 0 <= dest < len(position.fans) and dest != source and fan_accepts(rules, position, card, dest)


def is_legal(rules: Rules, position: Position, move: Move) -> bool:
    if move.is_redeal:
        return can_redeal(position)
    card = move.card
    return 0 <= card < 52 and is_free(rules, position, card) and accepts(rules, position, card, move.dest)


def destinations_of(rules: Rules, position: Position, card: int) -> list[int]:
    """Every legal destination of ``card`` (FOUNDATION first, then fans in order)."""
    source = position.find(card)
    if not _is_free(rules, position, card, source):
        return []
    return [dest for dest in range(-1, len(position.fans)) if _accepts(rules, position, card, dest, source)]


def legal_moves(rules: Rules, position: Position) -> list[Move]:
    """All legal moves in a fixed order: by source fan, foundation returns, redeal."""
    moves = [
        Move(card, dest)
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
    card, dest = move
    fans = list(position.fans)
    foundations = list(position.foundations)
    source = position.find(card)
    if source is None:
        foundations[suit_of(card)] -= 1
    else:
        fans[source] = fans[source][:-1]
    if dest == FOUNDATION:
        foundations[suit_of(card)] += 1
    else:
        fans[dest] = fans[dest] + (card,)
    return Position(
        tuple(fans),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        position.redeals_left,
        position.deal,
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
    return Position(tuple(fans), position.foundations, position.redeals_left - 1, position.deal)


class Refusal(NamedTuple):
    """Why a move is illegal: ``reason`` for programs, ``text`` for players.

    Reasons: ``covered`` (another card lies on the card), ``build`` (the card
    does not go on the destination fan's top card), ``full`` (the destination fan
    holds all it may), ``empty`` (the empty destination fan does not take the
    card), ``foundation`` (the foundation takes another card next, or is
    complete), ``rules`` (anything else the rules forbid). The page says each in
    the player's words, naming the cards from the move and the table it sent.
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
    return Refusal(_refusal_reason(rules, position, move), _refusal_text(rules, position, move))


def _refusal_reason(rules: Rules, position: Position, move: Move) -> str:
    """The kind of refusal for an illegal ``move``, in the order _refusal_text tells them."""
    if move.is_redeal:
        return "rules"
    if _is_covered(position, move):
        return "covered"
    card, dest = move
    source = position.find(card)
    if source is None:
        return "rules"  # a card on its foundation that may not, or need not, come back
    if dest == FOUNDATION:
        return "foundation"
    if not 0 <= dest < len(position.fans) or dest == source:
        return "rules"
    fan = position.fans[dest]
    if rules.fan_limit is not None and len(fan) >= rules.fan_limit:
        return "full"
    return "build" if fan else "empty"


def _is_covered(position: Position, move: Move) -> bool:
    source = position.find(move.card) if not move.is_redeal else None
    return source is not None and position.fans[source][-1] != move.card


def _refusal_text(rules: Rules, position: Position, move: Move) -> str:
    if move.is_redeal:
        return "no redeals are left" if position.redeals_left <= 0 else "no cards are left to redeal"
    card, dest = move
    name = card_str(card)
    source = position.find(card)
    if source is None:
        suit = suit_of(card)
        if foundation_top(rules, position, suit) != card:
            return f"{name} is not in play"
        if not rules.foundation_return:
            return f"{name} is on its foundation, and in {rules.name} foundation cards stay there"
        if dest == FOUNDATION:
            return f"{name} is already on its foundation"
    elif position.fans[source][-1] != card:
        top = card_str(position.fans[source][-1])
        return f"{name} is not free: {top} covers it in fan {source + 1}"
    if dest == FOUNDATION:
        count = position.foundations[suit_of(card)]
        if count == 13:
            return f"the {SUIT_NAMES[suit_of(card)]} foundation is complete"
        wanted = card_str(rules.foundation_card(suit_of(card), count))
        return f"the foundation takes {wanted} next, not {name}"
    if not 0 <= dest < len(position.fans):
        return f"there is no fan {dest + 1} (fans are 1 to {len(position.fans)})"
    if dest == source:
        return f"{name} is already in fan {dest + 1}"
    fan = position.fans[dest]
    if rules.fan_limit is not None and len(fan) >= rules.fan_limit:
        return f"fan {dest + 1} is full ({rules.fan_limit} cards at most)"
    if not fan:
        return f"an empty fan takes {rules.empty_fan.value} in {rules.name}"
    return f"{name} does not go on {card_str(fan[-1])} (fans build {rules.build.value})"


def play(rules: Rules, position: Position, move: Move) -> Position:
    """The checked door: apply ``move`` or raise :class:`IllegalMoveError` saying why."""
    refusal = explain_illegal(rules, position, move)
    if refusal is not None:
        raise IllegalMoveError(f"illegal move {move}: {refusal.text}", refusal.reason)
    return apply_move(rules, position, move)


def auto_move_is_safe(rules: Rules, position: Position, card: int) -> bool:
    """Whether sending ``card`` to its foundation can never cost the player the game.

    Where fans build in suit (every game here but Shamrocks) the only cards that
    could ever be placed on ``card`` in a fan are its suit neighbours: the one
    before it is already on the foundation, the one after it must follow it to
    the foundation anyway, and any card that could go on that one is again of the
    same suit, so the whole suit can unwind onto the foundation in order. Moving a
    card up therefore never takes away a place another card needs: always safe
    (the full argument is :meth:`cloverleaf.solver.board.Board.autoplay`'s).

    Where any suit builds on any suit (Shamrocks) no such argument holds: every
    card is a possible stepping stone for the cards one rank away in all four
    suits, and a win may need a card taken back from a foundation, which a
    foundation that went further up no longer offers. An earlier, cautious rule
    (send a card up once the other suits had passed its neighbours) lost won
    games: on Shamrocks II deal 7034 it sent AD to 6D up and left a lost
    position. So there auto move sends nothing up; auto complete, which only
    finishes a game that foundation moves alone win, still does.
    """
    return rules.build is not Build.ANY_SUIT_UP_OR_DOWN


def foundation_sweep(
    rules: Rules, position: Position, allowed: Callable[[Position, int], bool] | None = None
) -> tuple[list[Move], Position]:
    """Play fan tops to their foundations while any fits (and ``allowed`` agrees).

    Returns the moves, in the order played, and the position they lead to. Auto
    move sweeps with its safety test; auto complete sweeps with no test.
    """
    moves: list[Move] = []
    progress = True
    while progress:
        progress = False
        for fan in position.fans:
            if not fan:
                continue
            card = fan[-1]
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
    Moving the only card of a fan into an empty fan changes nothing, so it is
    never chosen.
    """
    choices = destinations_of(rules, position, card)
    if FOUNDATION in choices:
        return FOUNDATION
    source = position.find(card)
    sole_card = source is not None and len(position.fans[source]) == 1
    best: tuple[int, int, int, int] | None = None
    best_dest: int | None = None
    for dest in choices:
        fan = position.fans[dest]
        if not fan:
            if sole_card:
                continue
            key = (1, 1, 1, dest)
        else:
            top = fan[-1]
            same_suit = suit_of(top) == suit_of(card)
            follows = same_suit and rules.foundation_index(top) == rules.foundation_index(card) + 1
            key = (0, 0 if same_suit else 1, 0 if follows else 1, dest)
        if best is None or key < best:
            best, best_dest = key, dest
    return best_dest


def destinations(rules: Rules, position: Position) -> dict[int, list[int]]:
    """Each movable card with its legal destinations (what the page highlights)."""
    result = {}
    for card in movable_cards(rules, position):
        dests = destinations_of(rules, position, card)
        if dests:
            result[card] = dests
    return result
