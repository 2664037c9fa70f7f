"""The catalogue: every game the app plays, as declarative :class:`Rules`.

The rules are described in docs/rules.md; where it leaves a choice open the choice is written
in the game's ``summary`` (shown by the command line and the help).
"""

from __future__ import annotations

from dataclasses import replace

from .errors import InvalidInputError
from .inputs import quote, strip_space
from .rules import Build, DealHook, DealOrder, EmptyFan, FoundationBuild, Rules, Runs, SolverProfile

_SIXTEEN_OF_THREE = (3,) * 16
_SEVENTEEN_AND_ONE = (3,) * 17 + (1,)
_THIRTEEN_OF_FOUR = (4,) * 13
_BLACK_UP_RED_DOWN = (True, True, False, False)  # clubs, spades, hearts, diamonds
_ALL_UP = (True, True, True, True)
# Shamrocks searches with four strands (see cloverleaf.solver.search.Strand): one or two find fewer
# wins within the budget (plain Shamrocks deals 1-100). Of the wins within 250000 nodes on deals
# 1-100, one (plain) needs more than 100000: the solve budget keeps a deal under about 2 s. A hint asked
# again goes on with the dives alone past it, up to 400,000 nodes: of the deals 1-1000 open at the solve
# budget, that wins 20 of 92 plain Shamrocks deals and 10 of 29 in Shamrocks II (see docs/solver.md).
_SHAMROCKS_SOLVER = SolverProfile(
    solve_budget=100_000,
    hint_budget=60_000,
    hint_limit=400_000,
    strands=(0, 8, 16, 24),
    dive_length=5_000,
    dive_noise=8,
)

# The games searched one card at a time on the general board (cloverleaf.solver.general) with builds not in
# suit: a second, broader strand (depth weight 24) decides Box Fan deals 9, 10 and 13 within 60,000 nodes
# (none of them with one strand) and Scotch Patience 5 at 14,350 (see docs/solver.md)
_GENERAL_SOLVER = SolverProfile(solve_budget=100_000, hint_budget=60_000, strands=(0, 24))

CLOVER_LEAF = Rules(
    id="clover-leaf",
    name="Clover Leaf",
    fan_sizes=_SIXTEEN_OF_THREE,
    foundation_up=_BLACK_UP_RED_DOWN,
    bases_dealt=True,
    build=Build.SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.ACE_OR_KING,
    deal_hook=DealHook.BASES_TO_BOTTOM,
    pysol_id=320,
    summary="clubs and spades up from the Ace, hearts and diamonds down from the King",
    # the projections of inner positions: deal 175 in 71,394 nodes instead of 250,917 (531 139,511 -> 150,003);
    # dives (short, nearly shuffled, a quarter of the strands' turns) for the wins found late: see docs/solver.md
    solver=SolverProfile(
        solve_budget=360_000,
        hint_budget=60_000,
        strands=(0, 24),
        inner_projections=8,
        inner_triples_up=10,
        difficulty=(153, 232),
        dive_length=2_000,
        dive_noise=64,
        dive_share=0.25,
    ),
)

CLOVER_LEAF_WARFIELD = Rules(
    id="clover-leaf-warfield",
    name="Clover Leaf (Warfield rules)",
    fan_sizes=_SIXTEEN_OF_THREE,
    foundation_up=(False, False, True, True),
    bases_dealt=True,
    build=Build.SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.ACE_OR_KING,
    foundation_return=True,
    deal_hook=DealHook.BASES_TO_BOTTOM,
    summary="red up from the Ace, black down from the King; foundation cards may return",
    # Clover Leaf's search (its inner projections decide deals 804 and 918 here: 2 million nodes without
    # them), with a budget and difficulty of its own
    solver=replace(CLOVER_LEAF.solver, solve_budget=300_000, difficulty=(155, 232)),
)

ALEXANDER_THE_GREAT = Rules(
    id="alexander-the-great",
    name="Alexander the Great",
    fan_sizes=(4,) * 12,
    foundation_up=_BLACK_UP_RED_DOWN,
    bases_dealt=True,
    build=Build.SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.ACE_OR_KING,
    deal_hook=DealHook.BASES_TO_BOTTOM,
    pysol_id=926,
    summary="Clover Leaf dealt into 12 fans of 4",
    # a second, broader strand (depth weight 24): deal 902 in 34,831 nodes instead of 148,284 (once it
    # made deal 913 need 366,440 instead of 705; now 1,058 instead of 546)
    # the projections of inner positions, once a search has used a hint's budget (before it, they would take
    # that budget from a hint on some deals, 7022 among them): deals 1816 and 9910, open at the budget, lost at
    # 65,331 and 81,402 nodes; and the projections on three suits once a search has run past 200,000 nodes:
    # 2302, open at the budget, won at 238,586 (from 100,000 nodes they leave other deals open; docs/solver.md)
    solver=SolverProfile(
        solve_budget=250_000,
        hint_budget=60_000,
        strands=(0, 24),
        inner_projections=8,
        inner_projections_after=60_000,
        inner_triples_up=10,
        inner_triples_after=200_000,
        difficulty=(172, 578),
    ),
)

SHAMROCKS = Rules(
    id="shamrocks",
    name="Shamrocks",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.ANY_SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.NOTHING,
    fan_limit=3,
    foundation_return=True,
    pysol_id=57,
    summary="any suit up or down, at most 3 cards a fan; foundation cards may return",
    solver=replace(_SHAMROCKS_SOLVER, difficulty=(1_079, 1_449)),
)

SHAMROCKS_II = Rules(
    id="shamrocks-ii",
    name="Shamrocks II",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.ANY_SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.NOTHING,
    fan_limit=3,
    foundation_return=True,
    deal_hook=DealHook.KINGS_TO_BOTTOM,
    pysol_id=714,
    summary="Shamrocks with every King dealt to the bottom of its fan",
    solver=replace(_SHAMROCKS_SOLVER, difficulty=(870, 1_326)),
)

TREFOIL = Rules(
    id="trefoil",
    name="Trefoil",
    fan_sizes=_SIXTEEN_OF_THREE,
    foundation_up=_ALL_UP,
    bases_dealt=True,
    build=Build.SUIT_DOWN,
    empty_fan=EmptyFan.NOTHING,
    redeals=2,
    deal_hook=DealHook.BASES_TO_BOTTOM,
    pysol_id=88,
    summary="Aces start on the foundations; down in suit; two redeals",
    solver=SolverProfile(solve_budget=200_000, hint_budget=60_000, difficulty=(80, 240)),
)

LA_BELLE_LUCIE = Rules(
    id="la-belle-lucie",
    name="La Belle Lucie",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SUIT_DOWN,
    empty_fan=EmptyFan.NOTHING,
    redeals=2,
    pysol_id=901,
    summary="down in suit, empty fans stay empty, two redeals",
    solver=SolverProfile(solve_budget=200_000, hint_budget=60_000, difficulty=(115, 390)),
)

FAN = Rules(
    id="fan",
    name="Fan",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SUIT_DOWN,
    empty_fan=EmptyFan.KING,
    pysol_id=56,
    summary="down in suit, only a King fills an empty fan, no redeals",
    # a second, broader strand: deal 905 in 1032 nodes instead of 169887
    # the projections of inner positions: deal 2161, open at the budget (lost at 272,945 nodes), lost at 56,847
    solver=SolverProfile(
        solve_budget=200_000, hint_budget=60_000, strands=(0, 24), inner_projections=8, difficulty=(85, 140)
    ),
)

SCOTCH_PATIENCE = Rules(
    id="scotch-patience",
    name="Scotch Patience",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.ANY_SUIT_DOWN,
    empty_fan=EmptyFan.NOTHING,
    foundation_build=FoundationBuild.ALTERNATE_COLOUR,
    pysol_id=87,
    summary="down by rank in any suit; foundations up from each Ace in alternate colours",
    solver=replace(_GENERAL_SOLVER, difficulty=(450, 560)),
)

SUPER_FLOWER_GARDEN = Rules(
    id="super-flower-garden",
    name="Super Flower Garden",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.ANY_SUIT_DOWN,
    empty_fan=EmptyFan.NOTHING,
    redeals=2,
    pysol_id=132,
    summary="La Belle Lucie built down by rank in any suit; two redeals",
    solver=replace(_GENERAL_SOLVER, difficulty=(600, 800)),
)

THREE_SHUFFLES_AND_A_DRAW = Rules(
    id="three-shuffles-and-a-draw",
    name="Three Shuffles and a Draw",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SUIT_DOWN,
    empty_fan=EmptyFan.NOTHING,
    redeals=2,
    draws=1,
    pysol_id=128,
    summary="La Belle Lucie with one draw: the card under a top card, once a game",
    solver=SolverProfile(solve_budget=100_000, hint_budget=60_000, difficulty=(115, 160)),
)

FREE_FAN = Rules(
    id="free-fan",
    name="Free Fan",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SUIT_DOWN,
    empty_fan=EmptyFan.KING,
    free_cells=2,
    runs=Runs.FREE_CELLS,
    pysol_id=347,
    summary="Fan with two free cells; runs in suit move as the free cells allow",
    # its slow deals are wins found late: a broader strand and dives (short, nearly shuffled, half the strands'
    # turns from 20,000 nodes) win deals 9, 35 and 95, open at 100,000 nodes with one strand (docs/solver.md)
    solver=SolverProfile(
        solve_budget=100_000,
        hint_budget=60_000,
        strands=(0, 24),
        difficulty=(180, 220),
        dive_length=2_000,
        dive_noise=64,
        dive_share=0.5,
    ),
)

BOX_FAN = Rules(
    id="box-fan",
    name="Box Fan",
    fan_sizes=_SIXTEEN_OF_THREE,
    foundation_up=_ALL_UP,
    bases_dealt=True,
    build=Build.ALTERNATE_COLOUR_DOWN,
    empty_fan=EmptyFan.KING,
    deal_hook=DealHook.BASES_TO_BOTTOM,
    pysol_id=385,
    summary="Aces start on the foundations; down in alternate colours; a King fills an empty fan",
    # as Free Fan, its slow deals are wins found late: four strands and dives win every deal of 1-40, where the
    # two strands of the others leave 5 open at 100,000 nodes (docs/solver.md)
    solver=replace(
        _GENERAL_SOLVER, strands=(0, 8, 24, 48), difficulty=(300, 700), dive_length=2_000, dive_noise=64,
        dive_share=0.5,
    ),
)

TROIKA = Rules(
    id="troika",
    name="Troika",
    fan_sizes=_SEVENTEEN_AND_ONE,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SAME_RANK,
    empty_fan=EmptyFan.NOTHING,
    fan_limit=3,
    deal_order=DealOrder.FAN_BY_FAN,
    aces_up_while_dealing=True,
    pysol_id=516,
    summary="cards go on cards of the same rank, at most 3 a fan; Aces go up while dealing",
    solver=replace(_GENERAL_SOLVER, difficulty=(600, 2_000)),
)

QUADS = Rules(
    id="quads",
    name="Quads",
    fan_sizes=_THIRTEEN_OF_FOUR,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SAME_RANK,
    empty_fan=EmptyFan.ANY,
    fan_limit=4,
    runs=Runs.ANY,
    deal_order=DealOrder.FAN_BY_FAN,
    aces_up_while_dealing=True,
    pysol_id=517,
    summary="cards of one rank go together, at most 4 a fan, any card fills an empty fan; Aces go up while dealing",
    solver=SolverProfile(solve_budget=100_000, hint_budget=60_000, difficulty=(700, 790)),
)

QUADS_PLUS = Rules(
    id="quads-plus",
    name="Quads +",
    fan_sizes=(4,) * 12 + (0,),
    foundation_up=_ALL_UP,
    bases_dealt=True,
    build=Build.SAME_RANK,
    empty_fan=EmptyFan.ANY,
    fan_limit=4,
    runs=Runs.ANY,
    deal_hook=DealHook.BASES_TO_TOP,
    pysol_id=767,
    summary="Quads with the Aces on the foundations from the start and the last fan empty",
    solver=SolverProfile(solve_budget=100_000, hint_budget=60_000, difficulty=(770, 935)),
)

LUCKY_PILES = Rules(
    id="lucky-piles",
    name="Lucky Piles",
    fan_sizes=_THIRTEEN_OF_FOUR,
    foundation_up=_ALL_UP,
    bases_dealt=False,
    build=Build.SUIT_UP_OR_DOWN,
    empty_fan=EmptyFan.KING,
    pysol_id=586,
    summary="13 fans of 4; up or down in suit; a King fills an empty fan",
    solver=SolverProfile(solve_budget=200_000, hint_budget=60_000, difficulty=(151, 549)),
)

CATALOGUE: tuple[Rules, ...] = (
    CLOVER_LEAF,
    CLOVER_LEAF_WARFIELD,
    ALEXANDER_THE_GREAT,
    SHAMROCKS,
    SHAMROCKS_II,
    TREFOIL,
    LA_BELLE_LUCIE,
    FAN,
    SCOTCH_PATIENCE,
    SUPER_FLOWER_GARDEN,
    THREE_SHUFFLES_AND_A_DRAW,
    FREE_FAN,
    BOX_FAN,
    TROIKA,
    QUADS,
    QUADS_PLUS,
    LUCKY_PILES,
)
DEFAULT_GAME = CLOVER_LEAF

FAMILIES: tuple[tuple[str, tuple[Rules, ...]], ...] = (
    ("main", (CLOVER_LEAF, CLOVER_LEAF_WARFIELD, SHAMROCKS_II, TREFOIL)),
    ("la-belle-lucie", (LA_BELLE_LUCIE, THREE_SHUFFLES_AND_A_DRAW, SUPER_FLOWER_GARDEN, SCOTCH_PATIENCE)),
    ("fan", (FAN, FREE_FAN, BOX_FAN)),
    ("clover-leaf", (ALEXANDER_THE_GREAT, LUCKY_PILES)),
    ("short-fans", (SHAMROCKS, TROIKA, QUADS, QUADS_PLUS)),
)
"""The catalogue as the page's games dialog groups it, each family by an id the page
names (web/i18n ``family.<id>``): the app's four main games first, then families
by what their games share, so that seventeen games stay easy to find on a phone.
La Belle Lucie's: its deal, and empty fans that take nothing; Fan's: a King fills
an empty fan; Clover Leaf's: up or down in suit; short fans: three or four cards
at most. Every game is in exactly one family."""
_BY_ID = {rules.id: rules for rules in CATALOGUE}


def find_game(game_id: str) -> Rules:
    """The game with that id; an :class:`InvalidInputError` naming the known ids otherwise."""
    key = strip_space(game_id).lower() if isinstance(game_id, str) and game_id.isascii() else None
    if key not in _BY_ID:
        raise InvalidInputError(
            f"unknown game {quote(game_id)} (known games: {len(_BY_ID)} ids, such as {DEFAULT_GAME.id}; "
            "`cloverleaf games` lists them)"
        )
    return _BY_ID[key]
