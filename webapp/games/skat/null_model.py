"""How often a 10-card hand wins Null at the table: a small model fitted to games played out by the club players
(issue 35).

Null (ISkO 2.3.3, 5.1.2): no trumps, the order A K Q J 10 9 8 7 in every suit, and the declarer wins by taking no
trick. What loses a Null is a card the defenders can force to win a trick: the classic count is the *gap* of each
card, read low to high within its suit (:func:`suit_gaps`): the cards of the suit below it that the defenders may
hold, less the declarer's own lower cards that can duck the leads first. A card with gap 0 (the 7; a 9 over the
7; 7 9 J ...) can stay under the defenders' leads (a forehand declarer's own first lead can still spoil a suit);
a card with a gap can be caught when the defenders lead the suit often enough
before the declarer throws it on another suit (a void helps). A bare 8 (gap 1) is caught only if the defender with
the 7 leads it and its partner can stay out of the trick, so gap 1 and larger gaps count apart.

The model (logistic regression): ``null_chance = 1 / (1 + exp(-w . f))`` with ``f`` the hand's :func:`features`
(gap-1 cards, cards with a gap of 2 or more, their total gap, suits with a gap, voids, singletons above the 8, who
leads, whether the game is Hand, Ouvert, both, and the suits whose lowest card held is the 9 or higher: no card
to duck the defenders' first lead of the suit) and ``w`` fitted by ``benchmarks/null_fit.py`` to Null games
played out by the club players (``benchmarks/null_data.py``: :func:`webapp.games.skat.club.club_move` at every
seat, so the defenders play by sampling and the open-cards solver, the declarer too): open-cards results alone
would be too pessimistic for the declarer, the defenders not seeing each other's cards. The data's deals, how the
hands were chosen and the calibration check are in ``docs/benchmarks.md``; the weights are shipped in
``webapp/games/skat/data/null-model-v1.json``.

Putting away for Null (:func:`null_discard`): of the 66 pairs of the 12 cards, the pair that leaves the kept
10 cards the smallest :func:`danger` (the cards put away are out of play, so they no longer count as the
defenders' low cards); ties to the pair with the higher cards (Null order).
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Iterable, Sequence

from webapp.games.skat.coach import NULL_ORDER
from webapp.games.skat.hand_model import load_model, platt
from webapp.games.skat.rules import Card, Suit

__all__ = ["FEATURES", "MODEL_FILE", "danger", "declare_null_chance", "features", "null_chance", "null_discard",
           "suit_gaps"]

#: The shipped weights (format version 1).
MODEL_FILE = Path(__file__).with_name("data") / "null-model-v1.json"
#: The features' names, in order (the weights' order).
FEATURES = ("bias", "gap_one", "gap_more", "gap_sum", "gap_suits", "voids", "high_singletons", "forehand",
            "hand_game", "ouvert", "hand_ouvert", "high_lowest")
#: Each rank's place in the Null order, low (7: 0) to high (ace: 7).
_LEVEL = {rank: i for i, rank in enumerate(NULL_ORDER)}


def suit_gaps(cards: Iterable[Card], suit: Suit, dead: Iterable[Card] = ()) -> tuple[int, ...]:
    """The gap of each of the declarer's cards of ``suit``, lowest card first (see the module's docstring): the
    cards of the suit below it that neither the declarer holds nor are ``dead`` (put away, out of play), less the
    declarer's own cards below it, never below 0.

    >>> from webapp.games.skat.rules import parse_cards
    >>> suit_gaps(parse_cards("7C 9C JC 0S"), Suit.CLUBS), suit_gaps(parse_cards("8H KH"), Suit.HEARTS)
    ((0, 0, 0), (1, 4))
    """
    mine = sorted(_LEVEL[c.rank] for c in cards if c.suit is suit)
    out = {_LEVEL[c.rank] for c in dead if c.suit is suit}
    gaps = []
    for k, level in enumerate(mine):
        outside = sum(1 for lower in range(level) if lower not in mine and lower not in out)
        gaps.append(max(0, outside - k))
    return tuple(gaps)


def features(hand: Sequence[Card], forehand: bool, *, hand_game: bool = False, ouvert: bool = False,
             dead: Sequence[Card] = ()) -> tuple[float, ...]:
    """The Null counts of a 10-card ``hand`` (see :data:`FEATURES` and the module's docstring).

    Args:
        hand: the declarer's 10 cards; forehand: whether it leads the first trick (ISkO 3.3.1).
        hand_game, ouvert: the Null variant (Null Hand: the skat stays down; Ouvert: the cards are laid open).
        dead: cards known to be out of play (the two put away), which then no longer make a gap.

    Returns:
        one float a feature, in the order of :data:`FEATURES`.
    """
    gaps = [suit_gaps(hand, suit, dead) for suit in Suit]
    flat = [g for suit in gaps for g in suit]
    lengths = [len(suit) for suit in gaps]
    singles = sum(1 for suit in Suit for c in hand if c.suit is suit and lengths[list(Suit).index(suit)] == 1
                  and _LEVEL[c.rank] >= 2)
    high_lowest = sum(1 for suit in Suit if min((_LEVEL[c.rank] for c in hand if c.suit is suit), default=0) >= 2)
    return (1.0, float(sum(1 for g in flat if g == 1)), float(sum(1 for g in flat if g >= 2)), float(sum(flat)),
            float(sum(1 for suit in gaps if any(suit))), float(sum(1 for n in lengths if n == 0)), float(singles),
            float(forehand), float(hand_game), float(ouvert), float(hand_game and ouvert), float(high_lowest))


def danger(hand: Sequence[Card], dead: Sequence[Card] = ()) -> tuple[int, int, int]:
    """How dangerous a Null hand is, for putting away and for choosing the hands of the model's data (smaller is
    safer): ``(cards with a gap of 2 or more, cards with a gap of 1, total gap)``."""
    flat = [g for suit in Suit for g in suit_gaps(hand, suit, dead)]
    return sum(1 for g in flat if g >= 2), sum(1 for g in flat if g == 1), sum(flat)


def null_discard(cards: Sequence[Card]) -> tuple[Card, Card]:
    """The two of the declarer's 12 ``cards`` to put away for Null (see the module's docstring).

    Raises:
        ValueError: not 12 distinct cards.
    """
    if len(set(cards)) != 12:
        raise ValueError("putting away needs the 12 distinct cards of hand and skat")
    best = None
    for pair in combinations(cards, 2):
        kept = [c for c in cards if c not in pair]
        key = (danger(kept, pair), -sum(_LEVEL[c.rank] for c in pair))
        if best is None or key < best[0]:
            best = (key, pair)
    assert best is not None
    return best[1]


@lru_cache(maxsize=1)
def _model() -> dict:
    return load_model(MODEL_FILE, FEATURES)


def null_chance(hand: Sequence[Card], forehand: bool, *, hand_game: bool = False, ouvert: bool = False) -> float:
    """The fitted chance (0-1) that the 10 dealt cards ``hand`` win Null at the table when the club players play
    it out: picking up the skat and putting away two cards by :func:`null_discard` (``hand_game=False``), or Null
    Hand; ``ouvert``: Null Ouvert (the declarer's cards laid open before the first lead, ISkO 5.1.2). Ready for
    the bidding advice: one call a hand and variant, microseconds.

    Args:
        hand: 10 distinct cards, as dealt; forehand: whether the declarer leads the first trick.

    Raises:
        ValueError: not 10 distinct cards, or the shipped weights do not fit :data:`FEATURES`.
    """
    if len(set(hand)) != 10 or len(hand) != 10:
        raise ValueError("a Null hand is 10 distinct cards")
    weights = _model()["weights"]
    z = sum(w * f for w, f in zip(weights, features(hand, forehand, hand_game=hand_game, ouvert=ouvert)))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def declare_null_chance(kept: Sequence[Card], forehand: bool, *, ouvert: bool = False) -> float:
    """The chance (0-1) that the declarer wins Null (``ouvert``: Null Ouvert) with the 10 cards ``kept`` once the
    skat is picked up and two cards are put away: the coach's figure after the skat. :func:`null_chance` of the
    kept cards mapped by Platt scaling, ``1 / (1 + exp(-(a * logit(p) + b)))`` with ``(a, b)`` the ``real_declare``
    entry of the shipped file (fitted by ``benchmarks/skat_coach_fit.py --null`` to the Nulls a player following
    the coach declared, ``benchmarks/skat_bots.py --coach --out``): the model was fitted to dealt hands, and the
    best of the ways the coach weighs, picked by the model's own figure, is won less often than the figure says.
    Without the entry, :func:`null_chance` itself.

    Raises:
        ValueError: not 10 distinct cards, or the shipped weights do not fit :data:`FEATURES`.
    """
    chance = null_chance(kept, forehand, ouvert=ouvert)
    mapping = _model().get("real_declare")
    return chance if mapping is None else platt(chance, *mapping)
