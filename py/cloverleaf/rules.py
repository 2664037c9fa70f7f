"""What distinguishes one fan game from another, as plain data.

One :class:`Rules` value describes a game completely; the engine reads it and has
no game-specific code. Adding a game means adding a value to ``games.CATALOGUE``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from .cards import ACE, KING, colour_of, make_card, rank_of, suit_of


class Build(Enum):
    """Which card a fan's top card accepts."""

    SUIT_UP_OR_DOWN = "same suit, one rank up or down"
    ANY_SUIT_UP_OR_DOWN = "any suit, one rank up or down"
    SUIT_DOWN = "same suit, one rank down"
    ANY_SUIT_DOWN = "any suit, one rank down"
    ALTERNATE_COLOUR_DOWN = "the other colour, one rank down"
    SAME_RANK = "any suit, the same rank"

    @property
    def in_suit(self) -> bool:
        """Whether a card only ever goes onto a card of its own suit (what the proofs of in-suit games need)."""
        return self in (Build.SUIT_UP_OR_DOWN, Build.SUIT_DOWN)


class EmptyFan(Enum):
    """What an emptied fan may take."""

    ACE_OR_KING = "an Ace or a King"
    KING = "a King"
    NOTHING = "nothing"
    ANY = "any card"


class FoundationBuild(Enum):
    """What a foundation takes after its Ace (every foundation here builds up from an Ace, or down from a King)."""

    SUIT = "in suit"
    ALTERNATE_COLOUR = "in alternate colours, any suit"


class Runs(Enum):
    """Which cards may move together: a *run* is a fan's top cards, each built on the one beneath it."""

    NONE = "one card at a time"
    FREE_CELLS = "a run of up to one card more than the free cells"
    ANY = "a run of any length"


class DealHook(Enum):
    """How the shuffled stock is rearranged before dealing (docs/deal-numbers.md, The game's hook)."""

    NONE = "none"
    BASES_TO_BOTTOM = "foundation bases to the bottom"
    KINGS_TO_BOTTOM = "kings to the bottom of their fans"
    BASES_TO_TOP = "foundation bases to the top"


class DealOrder(Enum):
    """In which order the fans receive their cards (docs/deal-numbers.md, Dealing the fans)."""

    PASSES = "in passes, one card to each fan in turn"
    FAN_BY_FAN = "one fan filled after the other"


@dataclass(frozen=True)
class SolverProfile:
    """How the solver treats one game: plain numbers, kept with the game's rules.

    Budgets are nodes, never seconds, so every machine and browser gives the
    same answers. Changing ``deal_budget`` changes which deals count as
    solvable, and so the deal of the day: change it only on purpose.

    - ``solve_budget``: the command line's ``solve`` and ``stats`` and the bench.
    - ``deal_budget``: "solvable deal" and the deal of the day: a deal is
      solvable when the solver proves it won within this budget.
    - ``hint_budget``: a hint, the walk back through the history included.
    - ``hint_limit``: what a hint asked again and again where it ran out may
      search in all, each ask going on for another ``hint_budget`` (see
      :class:`cloverleaf.solver.jobs.Hint`); 0 means the solve budget. Past
      the solve budget only the dives search (see
      :class:`cloverleaf.solver.search.Search`), so it is set only for the
      games that dive.
    - ``strands``: the orders in which the search expands positions, each
      given by its depth weight (see :class:`cloverleaf.solver.search.Strand`).
    - ``inner_projections``: 0, or how much work the searches of pair
      projections of positions inside a hard search may take, as a multiple of
      the search's own nodes (see :meth:`cloverleaf.solver.search.Search`);
      ``inner_projections_after``: the nodes a search has used before it
      starts on them, where they must leave a hint's first ask as it was.
    - ``inner_triples_up``: 0, or how many cards must be on the foundations
      before a long search also looks at the projections on three suits of
      a position it expands (see :class:`cloverleaf.solver.search.Search`);
      with fewer cards up, those searches are long. ``inner_triples_after``:
      the nodes a search has used before it starts on them, where that is
      later than the search's own threshold.
    - ``difficulty``: the two thresholds, in nodes to the first solution, that
      cut the winnable deals into easy, medium and hard (see
      :mod:`cloverleaf.solver.difficulty`). Each game sets its own, calibrated
      on deals 1-1000 so that each level holds about a third of the deals won
      within the deal budget (``bench/solver.py`` prints the split and the
      even thresholds; recalibrate when the search changes).
    - ``dive_length``: 0, or the nodes of each of the dives that join a
      long search (see :mod:`cloverleaf.solver.dives`); ``dive_noise``: the
      most each dive adds at random to a position's cost, so that each
      follows its own order; ``dive_share``: the dives' turn, as a share of
      the strands' turns together (1: half of the nodes once they join).
    """

    solve_budget: int = 100_000
    deal_budget: int = 20_000
    hint_budget: int = 100_000
    hint_limit: int = 0
    strands: tuple[int, ...] = (0,)
    inner_projections: int = 0
    inner_projections_after: int = 0
    inner_triples_up: int = 0
    inner_triples_after: int = 0
    difficulty: tuple[int, int] = (400, 1_500)
    dive_length: int = 0
    dive_noise: int = 8
    dive_share: float = 1.0


@dataclass(frozen=True)
class Rules:
    """One game of the catalogue.

    ``foundation_up[suit]`` is True when that suit's foundation builds Ace to King
    and False when it builds King to Ace; ``bases_dealt`` says whether the first
    card of each foundation starts there. ``fan_sizes`` is the shape of the deal,
    ``deal_order`` the order of its cards, and ``aces_up_while_dealing`` whether an
    Ace met while dealing goes to its foundation instead of its fan (which then
    holds one card fewer). ``foundation_build`` says what a foundation takes
    after its base: the next card of its suit, or (numbered by the suit of its
    Ace) the next rank in the other colour. ``free_cells`` is how many cells of
    one card the game has, ``runs`` which cards move together, ``draws`` how
    many times a game may take the card under a fan's top card (Three Shuffles
    and a Draw). ``solver`` says how the solver treats the game (a new game
    works with the default profile).
    """

    id: str
    name: str
    fan_sizes: tuple[int, ...]
    foundation_up: tuple[bool, bool, bool, bool]
    bases_dealt: bool
    build: Build
    empty_fan: EmptyFan
    fan_limit: int | None = None
    foundation_return: bool = False
    redeals: int = 0
    deal_hook: DealHook = DealHook.NONE
    deal_order: DealOrder = DealOrder.PASSES
    aces_up_while_dealing: bool = False
    foundation_build: FoundationBuild = FoundationBuild.SUIT
    free_cells: int = 0
    runs: Runs = Runs.NONE
    draws: int = 0
    pysol_id: int | None = None
    summary: str = ""
    solver: SolverProfile = SolverProfile()

    def __post_init__(self) -> None:
        # Rules key the engine's tables (engine._build_targets), looked up for every
        # card and fan each time the page asks for a table's moves: the generated
        # hash, recomputed from every field at each lookup, was most of that work.
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, field.name) for field in fields(self))))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    @property
    def fan_count(self) -> int:
        return len(self.fan_sizes)

    @property
    def suit_foundations(self) -> bool:
        """Whether each suit has its own foundation, so a foundation's count alone says which cards lie on it."""
        return self.foundation_build is FoundationBuild.SUIT

    def foundation_base(self, suit: int) -> int:
        """The first card of that suit's foundation."""
        return make_card(ACE if self.foundation_up[suit] else KING, suit)

    def foundation_card(self, suit: int, index: int) -> int:
        """The card at ``index`` (0 = base) of that suit's foundation (in games whose foundations build in suit)."""
        rank = index if self.foundation_up[suit] else KING - index
        return make_card(rank, suit)

    def foundation_takes(self, foundation: int, count: int, card: int) -> bool:
        """Whether ``card`` may go next on a foundation that holds ``count`` cards.

        Foundations are numbered by the suit of their base. Where they build
        in suit that is the one card :meth:`foundation_card` names; in
        alternate colours, after the base, the card of rank ``count`` whose
        colour is the base's when ``count`` is even and the other one when it
        is odd, whatever its suit.
        """
        if count >= 13:
            return False
        if self.foundation_build is FoundationBuild.SUIT or count == 0:
            return card == self.foundation_card(foundation, count)
        rank = count if self.foundation_up[foundation] else KING - count
        return rank_of(card) == rank and colour_of(card) == colour_of(foundation * 13) ^ (count & 1)

    def foundation_index(self, card: int) -> int:
        """Where ``card`` sits on its foundation: 0 for the base, 12 for the last."""
        rank = rank_of(card)
        return rank if self.foundation_up[suit_of(card)] else KING - rank

    def start_foundations(self) -> tuple[int, int, int, int]:
        n = 1 if self.bases_dealt else 0
        return (n, n, n, n)

    def fills_empty_fan(self, card: int) -> bool:
        if self.empty_fan is EmptyFan.NOTHING:
            return False
        if self.empty_fan is EmptyFan.ANY:
            return True
        rank = rank_of(card)
        if self.empty_fan is EmptyFan.KING:
            return rank == KING
        return rank in (ACE, KING)

    def builds_on(self, card: int, target: int) -> bool:
        """Whether ``card`` may be placed on a fan whose top card is ``target``."""
        build = self.build
        if build is Build.SUIT_DOWN:
            return card + 1 == target and rank_of(target) != ACE
        difference = rank_of(card) - rank_of(target)
        if build is Build.SAME_RANK:
            return difference == 0 and card != target
        if build is Build.ANY_SUIT_DOWN:
            return difference == -1
        if build is Build.ALTERNATE_COLOUR_DOWN:
            return difference == -1 and colour_of(card) != colour_of(target)
        if difference not in (1, -1):
            return False
        return build is Build.ANY_SUIT_UP_OR_DOWN or suit_of(card) == suit_of(target)

    def describe(self) -> str:
        """One line for ``cloverleaf games``."""
        sizes = sorted(set(self.fan_sizes), reverse=True)
        shape = " + ".join(
            (f"{self.fan_sizes.count(s)} empty fans" if self.fan_sizes.count(s) > 1 else "1 empty fan") if s == 0
            else f"{self.fan_sizes.count(s)} fans of {s}" if self.fan_sizes.count(s) > 1
            else f"1 fan of {s}"
            for s in sizes
        )
        extras = "".join([
            f"; {self.free_cells} free cells" if self.free_cells else "",
            f"; moves {self.runs.value}" if self.runs is not Runs.NONE else "",
            f"; {self.redeals} redeals" if self.redeals else "",
            f"; {self.draws} draw" if self.draws else "",
        ])
        return f"{self.id:<26} {self.name}: {shape}; builds {self.build.value}{extras}"


