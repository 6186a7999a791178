"""Tichu sentences of the chance to go out first and the call advice (``tichu.chance.*``,
:mod:`webapp.games.tichu.chance`)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # Input the chance cannot be computed for (webapp.games.tichu.chance.ChanceError)
    "tichu.chance.error.count": N_(
        "Give 8 cards (to decide on Grand Tichu) or 14 cards (to decide on Tichu), not %(count)s."
    ),
    # The advice's reasons (webapp.games.tichu.chance.ChanceStep)
    "tichu.chance.chance": NP_(
        "If you call, you go out first in about %(percent)s of 100 deals with these cards (between %(low)s and "
        "%(high)s): the bots played %(samples)s deal with the cards you cannot see.",
        "If you call, you go out first in about %(percent)s of 100 deals with these cards (between %(low)s and "
        "%(high)s): the bots played %(samples)s deals with the cards you cannot see.",
        "samples",
    ),
    "tichu.chance.strength": N_(
        "Your hand's strength is %(strength)s: the Dragon, the Phoenix, Aces, Kings and bombs make it stronger, "
        "and every play you need to get rid of your cards (%(plays)s now) makes it weaker."
    ),
    "tichu.chance.grand": NP_(
        "Call Grand Tichu! It wins 200 points if you go out first and loses 200 if not. With a chance of "
        "%(percent)s in 100 it brings you about %(value)s point on average.",
        "Call Grand Tichu! It wins 200 points if you go out first and loses 200 if not. With a chance of "
        "%(percent)s in 100 it brings you about %(value)s points on average.",
        "value",
    ),
    "tichu.chance.no_grand": NP_(
        "Do not call Grand Tichu: it wins 200 points if you go out first and loses 200 if not. With a chance of "
        "%(percent)s in 100 it would cost you about %(value)s point on average; a call pays from %(threshold)s in 100.",
        "Do not call Grand Tichu: it wins 200 points if you go out first and loses 200 if not. With a chance of "
        "%(percent)s in 100 it would cost you about %(value)s points on average; a call pays from %(threshold)s in 100.",
        "value",
    ),
    "tichu.chance.tichu": NP_(
        "Call Tichu! It wins 100 points if you go out first and loses 100 if not. With a chance of %(percent)s in "
        "100 it brings you about %(value)s point on average.",
        "Call Tichu! It wins 100 points if you go out first and loses 100 if not. With a chance of %(percent)s in "
        "100 it brings you about %(value)s points on average.",
        "value",
    ),
    "tichu.chance.no_tichu": NP_(
        "Do not call Tichu: it wins 100 points if you go out first and loses 100 if not. With a chance of "
        "%(percent)s in 100 it would cost you about %(value)s point on average; a call pays from %(threshold)s in 100.",
        "Do not call Tichu: it wins 100 points if you go out first and loses 100 if not. With a chance of "
        "%(percent)s in 100 it would cost you about %(value)s points on average; a call pays from %(threshold)s in 100.",
        "value",
    ),
}
