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
    """A readable move that is not allowed now.

    ``reason`` names the kind of refusal, so that a program (the page) can put
    it in the player's words without reading the English message: ``rules``
    (the rules forbid it), ``covered`` (another card lies on the card),
    ``build``, ``full``, ``empty`` (the fan does not take it: not on its top
    card, no room, not into an empty fan), ``foundation`` (not next there),
    ``cells`` (every free cell holds a card), ``run`` (too few free cells are
    empty for the cards on it), ``nowhere`` (a click on a card with nowhere to
    go), ``click-off`` (click to play is off), ``no-undo`` and ``no-redo``
    (nothing to take back or replay). docs/protocol.md lists them for the page.
    """

    def __init__(self, message: str, reason: str = "rules") -> None:
        super().__init__(message)
        self.reason = reason
