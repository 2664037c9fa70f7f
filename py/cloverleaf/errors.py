"""The two ways input can be wrong, both ``ValueError`` so callers may catch either.

``InvalidInputError``: the text cannot be read (an unknown card, a missing card,
a position that cannot arise). ``IllegalMoveError``: the move is well formed but
the rules do not allow it in this position. Messages quote the input and say
where the problem is, because they are shown to players as they are.
"""


class CloverLeafError(ValueError):
    """Base of every error this package raises on purpose."""


class InvalidInputError(CloverLeafError):
    """Text that cannot be read as a card, move, position, deal number or save."""


class IllegalMoveError(CloverLeafError):
    """A readable move that the rules forbid in the current position."""
