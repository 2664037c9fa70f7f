"""Dives: short depth-first searches in a shuffled order, begun again and again, for wins found late.

Why. In Shamrocks and Shamrocks II a best-first search proves early every
deal it proves lost (within 10,753 nodes on deals 1-1000 of Shamrocks), and
many of the deals it leaves open at its budget are wins it does not reach:
its strands spread their nodes over many lines, and the positions of those
games are far too many to go through. A depth-first search follows one line
to its end; where it leads nowhere, the search is stuck under its first few
choices for a very long time, and where it is lucky it wins in a few
thousand nodes. How long it takes varies enormously with those first
choices, so many short tries in different orders do far better than one
long one: a *dive* follows the cost (:func:`.costs.cost`) with a random
amount of up to ``noise`` added to each position's, and once it has used
``length`` nodes the next dive begins from the start in another order.

What a dive proves: only wins. Dives are not meant to go through every
position (where one does, within its length, the dives just stop: there is
nothing more to find), and they claim no loss; the best-first search beside
them proves those. A dive
makes only the board's moves (:func:`.moves.worth_searching`) and cuts only the
positions the board's proofs find lost, so the line it finds is a line of
legal moves to a won position; the search reads it and replays it through
the engine like any other solution. It never enters a position in
``avoid`` (the search's ``known_lost``), so a hint's dive never returns to
a position of the game's history either.

How long and how shuffled: the games' profiles take the lengths and noises
that won most of the open deals tried; docs/solver.md has what each won.

The two Clover Leaf games dive too, for the same reason in their slowest
deals, which are mostly wins their best-first search finds late: there
short, nearly shuffled dives did best of the lengths and noises tried.
Where fans build in suit the board plays foundation moves at once, so a
dive's line holds only the moves chosen; the search's replay plays the
foundation moves after each, as it does for its own solutions.

Deterministic: dive ``n`` draws from ``random.Random(n)``, which gives the
same numbers in CPython and in Pyodide, and dives count nodes as the search
does, one a move played, stopping between two nodes: run in slices of any
size, they take the same steps.
"""

from __future__ import annotations

from random import Random

from .board import Board, Step
from .costs import cost as position_cost
from .moves import worth_searching
from .proofs import Cuts
from .turn import UNBOUNDED, Verdict

# what a dive keeps for each position found and not yet expanded: its cost (noise added), its state, and the
# move from its parent
_Child = tuple[float, bytes, Step]


class Dives:
    """The dives of one position, run in slices of nodes (see the module's docstring).

    ``board`` holds the position, settled; the dives play on it and on no
    other board, and make the proofs of loss of ``cuts`` on it. ``steps``,
    once :attr:`done` with a win, is the line from that position to a won one.
    """

    def __init__(self, board: Board, cuts: Cuts, avoid: set[bytes], length: int, noise: int) -> None:
        self.board = board
        self.cuts = cuts
        self.avoid = avoid
        self.length = length
        self.noise = noise
        self.start = board.state()
        self.nodes = 0
        self.work = 0  # nodes, and positions expanded without a move played (as :attr:`Search.work`)
        self.dives = 0
        self.steps: list[Step] | None = None
        self.done = False
        self._begin()

    def _begin(self) -> None:
        """The next dive, from the start, in its own order."""
        self._random = Random(self.dives)
        self.dives += 1
        self._used = 0
        self.board.load(self.start)
        self._seen = {self.board.key()}
        self._frames: list[list[_Child]] = []  # the children of each position on the line, best last
        self._line: list[Step] = []  # the moves from the start to the position being expanded
        self._moves: list[Step] = worth_searching(self.board)
        self._at = 0
        self._children: list[_Child] = []
        self._expanding = True

    def run(self, nodes: int, work: int | None = None) -> Verdict:
        """Dive for at most ``nodes`` nodes and ``work`` work; ``SOLVED`` once a win was found (then :attr:`steps`).

        Never ``LOST``: the dives prove nothing lost.
        """
        if work is None:
            work = UNBOUNDED
        board = self.board
        avoid = self.avoid
        lost_after = self.cuts.lost_after
        used = 0
        spent = 0
        while used < nodes and spent < work and not self.done:
            if self._expanding:
                if self._at < len(self._moves):  # the expansion's next move
                    step = self._moves[self._at]
                    self._at += 1
                    played = board.advance(step)
                    used += 1
                    spent += 1
                    self._used += 1
                    key = board.key()
                    if key not in self._seen and key not in avoid:
                        self._seen.add(key)
                        if board.won():
                            self.steps = [*self._line, step]
                            self.done = True
                        elif not lost_after(step):
                            cost = position_cost(board) + self._random.random() * self.noise
                            self._children.append((cost, board.state(), step))
                    board.retreat(played)
                    continue
                self._children.sort(key=_cost, reverse=True)
                self._frames.append(self._children)
                self._children = []
                self._expanding = False
                if not self._moves:  # cut as lost, or no move: no node, but a node's time
                    spent += 1
            elif self._used >= self.length:  # this dive has had its nodes
                self._begin()
            elif not self._next_position():
                # The dive went through every position it could reach: in any order, another would go
                # through the same ones (the cuts do not depend on the order), so there is no win to find.
                self.done = True
        self.nodes += used
        self.work += spent
        return Verdict.UNKNOWN if self.steps is None else Verdict.SOLVED

    def _next_position(self) -> bool:
        """Load the best child of the deepest position with one left and start its expansion; False if none."""
        frames = self._frames
        board = self.board
        while frames and not frames[-1]:
            frames.pop()
        if not frames:
            return False
        _cost_of, state, step = frames[-1].pop()
        del self._line[len(frames) - 1 :]
        self._line.append(step)
        board.load(state)
        found_by = step if board.tables.room else None
        self._moves = [] if self.cuts.lost_on_expansion(found_by) else worth_searching(board)
        self._at = 0
        self._expanding = True
        return True


def _cost(child: _Child) -> float:
    return child[0]


__all__ = ["Dives"]
