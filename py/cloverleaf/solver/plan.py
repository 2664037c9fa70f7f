"""What joins a search when: the turns, the helper searches and the proofs of loss, as one value.

A :class:`Plan` is built from the game's :class:`~cloverleaf.rules.SolverProfile`
(:meth:`Plan.of`); a search reads it and nothing else to know when the
projections, their ladders, the ladders of three suits, the order proof's
case split, the inner checks and the dives join, and how many nodes each
may take. Two searches with the same plan search node for node alike. The
tests change plans, never the search's internals: a plan with thresholds at
0 shows a helper at once, a plan with fewer ``proofs`` switches proofs off,
and :data:`UNPRUNED` is the plain exhaustive search the others are checked
against. The reasons for each number, and what other numbers did, are in
docs/solver.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..rules import SolverProfile
from .proofs import PROOFS, Proof


@dataclass(frozen=True)
class Plan:
    """One search's plan (see the module's docstring); the defaults are every game's, the profile adds its own.

    - ``proofs``: the proofs of loss made (:mod:`.proofs`), in the registry's
      order; ``prune_moves``: whether the moves are pruned (:mod:`.moves`);
      ``helpers``: whether the helper searches (projections, ladders, the
      order proof's cases, the dives) join at all.
    - the turns: each strand runs ``quantum`` nodes in turn; a projection
      search or ladder ``projection_share`` times all strands' together.
    - when each joins, in nodes the search has used: the free places are
      counted on expansion (``places_after``), the start's order proof splits
      ``start_cases`` levels of cases, ``case_steps`` fixed points between two
      turns (``cases_after``), the pair projections, their ladders and the
      prefix cuts (``projections_after``), the ladders of three suits
      (``triples_after``), the dives (``dives_after``; searching alone past
      ``dives_alone_after``).
    - how much each may take: a ladder starts at prefixes of ``ladder_from``
      cards, ``rung_nodes`` a rung, ``triple_nodes`` a ladder of three suits
      in all; the prefix cuts look at prefixes of ``prefix_lengths`` cards,
      ``prefix_nodes`` a search, and stop after ``prefix_trial`` with none
      lost; an inner projection's search takes ``inner_pair_nodes`` (pairs) or
      ``inner_triple_nodes`` (three suits), and the inner checks stop unless
      one position in two is cut after ``inner_trial``.
    - from the profile: ``strands``, ``inner_projections`` (0, or the inner
      searches' nodes as a multiple of the search's own),
      ``inner_projections_after``, ``inner_triples_up`` (0, or the cards up
      from which a position's threes are looked at), ``inner_triples_after``,
      ``dive_length``, ``dive_noise`` and ``dive_share``.
    """

    proofs: tuple[Proof, ...] = PROOFS
    prune_moves: bool = True
    helpers: bool = True
    quantum: int = 256
    projection_share: int = 7
    places_after: int = 1_000
    cases_after: int = 10_000
    start_cases: int = 2
    case_steps: int = 4
    projections_after: int = 20_000
    triples_after: int = 100_000
    dives_after: int = 20_000
    dives_alone_after: int = 100_000
    ladder_from: int = 2
    rung_nodes: int = 2_000
    triple_nodes: int = 20_000
    prefix_lengths: tuple[int, ...] = (5,)
    prefix_nodes: int = 100
    prefix_trial: int = 100
    inner_pair_nodes: int = 200
    inner_triple_nodes: int = 1_000
    inner_trial: int = 50
    strands: tuple[int, ...] = (0,)
    inner_projections: int = 0
    inner_projections_after: int = 0
    inner_triples_up: int = 0
    inner_triples_after: int = 0
    dive_length: int = 0
    dive_noise: int = 8
    dive_share: float = 1.0
    names: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(proof.name for proof in self.proofs))

    @classmethod
    def of(cls, profile: SolverProfile, **changes: Any) -> Plan:
        """The plan of a game's profile, with ``changes`` (any field) on top."""
        plan = cls(
            strands=profile.strands,
            inner_projections=profile.inner_projections,
            inner_projections_after=profile.inner_projections_after,
            inner_triples_up=profile.inner_triples_up,
            inner_triples_after=profile.inner_triples_after,
            dive_length=profile.dive_length,
            dive_noise=profile.dive_noise,
            dive_share=profile.dive_share,
            dives_alone_after=profile.solve_budget,
        )
        return replace(plan, **changes) if changes else plan

    @classmethod
    def for_search(
        cls, profile: SolverProfile, plan: Plan | None, prune: bool, strands: tuple[int, ...] | None, project: bool
    ) -> Plan:
        """A search's plan: ``plan``, else the profile's, changed by the shorthands of :class:`.search.Search`.

        ``prune=False`` makes it :meth:`unpruned` (the plain exhaustive search
        the others are checked against), ``strands`` replace its strands and
        ``project=False`` leaves out its helpers.
        """
        plan = plan or cls.of(profile)
        if not prune:
            plan = plan.unpruned()
        if strands:
            plan = replace(plan, strands=strands)
        return plan if project else replace(plan, helpers=False)

    def of_searches_made(self) -> Plan:
        """The plan of the searches a search makes of projections: one strand, no helper (this one, if it is so)."""
        return self if self.strands == (0,) and not self.helpers else replace(self, strands=(0,), helpers=False)

    def unpruned(self) -> Plan:
        """This plan with no proof, no move pruned and no helper: the plain exhaustive search."""
        return replace(self, proofs=(), prune_moves=False, helpers=False)

    def makes(self, name: str) -> bool:
        """Whether the plan makes the proof of this name."""
        return name in self.names
