"""How strong a Tichu hand of 8 or 14 cards is: one documented score, a "call index". Pure, no Flask.

Method: a call index as in the Stanford CS229 Tichu study cited in issue 38 (a hand's strength as a weighted
count of what wins tricks, less what it costs to get rid of the rest; there a strength of 7 or more made a call
succeed about half the time). Here the weights are the bots' (:mod:`webapp.games.tichu.round_bots`), so that the
score and the bots' play agree:

* high cards (:data:`HONOURS`): Dragon 3, Phoenix 3, each Ace 2, each King 1 (as
  :func:`~webapp.games.tichu.round_bots.grand_strength`);
* each bomb (four of a kind or straight flush) 4;
* tempo: :data:`PAR` (the median number of plays of a random hand of that size, measured over 3,000 random
  hands of 8 and of 14 cards: 7 and 8) less the plays the hand needs to go out by the bots'
  :func:`~webapp.games.tichu.round_bots.plan` (bombs, the longest straights, stairs, full houses, triples,
  pairs, singles). Straights and stairs take many cards in one play, so they raise the score; every lone low
  card lowers it.

>>> from webapp.games.tichu.rules import parse_play
>>> hand_strength(parse_play("RPAK2345")).score  # high cards 9, par 7, eight lone cards: 8 plays
8
>>> hand_strength(parse_play("23456789 0JQ K AR")).plays  # the straight 2 to Ace and the Dragon
2
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

from webapp.games.tichu.round_bots import is_high, plan
from webapp.games.tichu.rules import ACE, DRAGON, KING, PHOENIX, TichuCard

__all__ = ["BOMB", "HONOURS", "PAR", "HandStrength", "hand_strength"]

#: Points of the high cards (the bots' Grand Tichu weights).
HONOURS: Mapping[int, int] = MappingProxyType({DRAGON: 3, PHOENIX: 3, ACE: 2, KING: 1})
#: Points of each bomb.
BOMB = 4
#: The median number of plays of a random hand of 8 and of 14 cards by :func:`plan` (see the module's docstring).
PAR: Mapping[int, int] = MappingProxyType({8: 7, 14: 8})


@dataclass(frozen=True)
class HandStrength:
    """The parts of a hand's score: ``score = honours + bombs * BOMB + PAR - plays`` (points, an int).

    Attributes:
        score: the call index; honours: the high cards' points; bombs: how many bombs; plays: the plays needed to
            go out by the bots' plan; high: how many of those plays are high (:func:`is_high`).
    """

    score: int
    honours: int
    bombs: int
    plays: int
    high: int


def hand_strength(cards: Iterable[TichuCard]) -> HandStrength:
    """The :class:`HandStrength` of a hand of 8 or 14 cards (see the module's docstring for the method).

    Raises:
        ValueError: a hand of another size (the score's par is known for 8 and 14 cards only).
    """
    hand = tuple(cards)
    if len(hand) not in PAR:
        raise ValueError(f"a hand of 8 or 14 cards, not {len(hand)}")
    honours = sum(HONOURS.get(card.rank, 0) for card in hand)
    plays = plan(hand)
    bombs = sum(1 for p in plays if p.is_bomb)
    score = honours + BOMB * bombs + PAR[len(hand)] - len(plays)
    return HandStrength(score=score, honours=honours, bombs=bombs, plays=len(plays),
                        high=sum(1 for p in plays if is_high(p)))
