"""What the games with a French-suited deck share: the four suits (Skat, ISkO 1.1; poker, seed 003).

Each game keeps its own order of the suits where its rules need one (Skat: clubs, spades, hearts, diamonds,
highest first; Pokerface: the seed's order spades, clubs, hearts, diamonds, which never breaks a tie).
"""

from __future__ import annotations

from enum import Enum


class Suit(Enum):
    """One of the four suits of the French-suited deck; the value is its notation letter.

    >>> Suit("H").symbol, Suit.HEARTS.is_red
    ('♥', True)
    """

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♣ ♠ ♥ ♦."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (the red suits of the French deck)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
