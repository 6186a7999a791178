"""How often a 10-card hand wins a game, before the skat: a small model fitted to open-cards results (issue 35).

Solving a deal with open cards from the first card takes the solver from a few milliseconds to seconds
(:mod:`webapp.games.skat.solver`), too slow to ask it of 50 sampled deals for every game a child could bid. So the
bidding coach asks a cheaper evaluation, fitted once to many solved deals (``benchmarks/skat_bidding_data.py``:
the declarer picks up the skat, puts away two cards by the bots' rule, and the solver says whether it reaches 61)
and checked against them on deals the fit did not see (its calibration table is printed by
``benchmarks/skat_bidding_fit.py`` and kept in ``docs/benchmarks.md``).

The model (logistic regression, the standard choice for a probability from a few counts): for a suit game or a
Grand, the chance is ``1 / (1 + exp(-w . f))`` with ``f`` the hand's :func:`features` for that game (the classic
hand-strength counts: trumps, the top jacks, the trump ace and ten, side aces and tens, short side suits, who leads)
and ``w`` the weights fitted separately for the suit games and for Grand, shipped in
``webapp/games/skat/data/hand-model-v1.json``.

The figure is the chance of winning *with best play by all three, every card seen*; at the table the defenders see
less, but nobody plays perfectly either. The coach shows the child the chance at the table instead,
:func:`play_chance` (and :func:`schneider_chance` for 90 card points): the open-cards chance mapped by Platt scaling,
``1 / (1 + exp(-(a * logit(p) + b)))`` with ``(a, b)`` for the suit games and for Grand (the ``real_play`` and
``real_schneider`` entries of the same file), fitted to whole games at the table
(``benchmarks/skat_coach_data.py``: each seat declares its likeliest game at 18 and three club players,
:mod:`webapp.games.skat.club`, play it out; ``benchmarks/skat_coach_fit.py`` fits the mapping and prints its
calibration on deals it did not see; only the games whose declarer would have won the auction against club bidders,
``--auction``: the child reads the figure for the games it then declares). Measured, a hand wins at the table about
as often as with open cards: weak hands a little more, strong ones a little less (docs/benchmarks.md, "Coach's
chances in real play"). The mapping keeps the order of the open-cards chances; it is fitted to the
chances of the shipped weights, so a refit of the weights needs ``skat_coach_fit.py`` again. How the coach's advice
does when followed: ``benchmarks/skat_bots.py --coach`` (figures in docs/benchmarks.md).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from webapp.games.skat.official import GameType
from webapp.games.skat.rules import DECK, Card, Rank, Suit, card_points

__all__ = ["FEATURES", "MODEL_FILE", "declare_chance", "features", "features_of_mask", "play_chance",
           "platt", "real_play_mapping", "schneider_chance", "win_chance"]

#: The shipped weights (format version 1).
MODEL_FILE = Path(__file__).with_name("data") / "hand-model-v1.json"
#: The features' names, in order (the weights' order).
FEATURES = ("bias", "trumps", "jacks", "club_jack", "spade_jack", "trump_ace", "trump_ten", "side_aces",
            "side_tens_guarded", "side_tens_bare", "side_voids", "side_singletons", "forehand", "points_10")


def features(hand: Sequence[Card], game: GameType, forehand: bool) -> tuple[float, ...]:
    """The hand-strength counts of a 10-card ``hand`` for a suit game or a Grand (see :data:`FEATURES`).

    Args:
        hand: the declarer's 10 cards before the skat.
        game: a suit game or Grand.
        forehand: whether the declarer leads the first trick (ISkO 3.3.1: forehand leads).

    Returns:
        one float a feature, in the order of :data:`FEATURES`; ``points_10`` is the hand's card points (ISkO 1.2.2) / 10.

    Raises:
        ValueError: ``game`` is Null.
    """
    if game.is_null:
        raise ValueError("the hand model has no features for Null")
    trump_suit = None if game is GameType.GRAND else game.suit
    jacks = [c for c in hand if c.is_jack]
    trumps = [c for c in hand if c.is_jack or c.suit is trump_suit]
    side: dict = {}
    for card in hand:
        if not (card.is_jack or card.suit is trump_suit):
            side.setdefault(card.suit, []).append(card.rank)
    suits = [s for s in Suit if s is not trump_suit]
    aces = sum(1 for ranks in side.values() if Rank.ACE in ranks)
    guarded = sum(1 for ranks in side.values() if Rank.TEN in ranks and (Rank.ACE in ranks or len(ranks) >= 3))
    bare = sum(1 for ranks in side.values() if Rank.TEN in ranks) - guarded
    voids = sum(1 for s in suits if s not in side)
    singles = sum(1 for ranks in side.values() if len(ranks) == 1 and ranks[0] is not Rank.ACE)
    trump_ranks = {c.rank for c in trumps if not c.is_jack}
    held = {str(c) for c in jacks}
    return (1.0, float(len(trumps)), float(len(jacks)), float("JC" in held), float("JS" in held),
            float(Rank.ACE in trump_ranks), float(Rank.TEN in trump_ranks), float(aces), float(guarded), float(bare),
            float(voids), float(singles), float(forehand), card_points(hand) / 10)


def features_of_mask(mask: int, game: GameType, forehand: bool) -> tuple[float, ...]:
    """:func:`features` of the hand whose cards are the set bits of ``mask`` (bit i = ``DECK[i]``)."""
    return features([card for i, card in enumerate(DECK) if mask >> i & 1], game, forehand)


def load_model(path: Path, names: Sequence[str]) -> dict:
    """A shipped model file (JSON with ``features`` and its weights) whose features are ``names``, in order.

    Raises:
        ValueError: the file's weights were fitted to other features.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("features") != list(names):
        raise ValueError(f"{path.name} was fitted to other features")
    return data


@lru_cache(maxsize=1)
def _model() -> dict:
    """The shipped model file, read once (see :func:`load_model`)."""
    return load_model(MODEL_FILE, FEATURES)


def _kind(game: GameType) -> str:
    return "grand" if game is GameType.GRAND else "suit"


def win_chance(hand: Sequence[Card], game: GameType, forehand: bool) -> float:
    """The fitted chance (0-1) that ``hand`` wins ``game`` (picking up the skat) with open-cards play.

    Raises:
        ValueError: ``game`` is Null, or the shipped weights do not fit :data:`FEATURES`.
    """
    weights = _model()["weights"][_kind(game)]
    z = sum(w * f for w, f in zip(weights, features(hand, game, forehand)))
    return _sigmoid(z)


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def real_play_mapping(chance: float, game: GameType, entry: str = "real_play") -> float:
    """An open-cards chance (0-1) of a suit game or Grand mapped by the Platt scaling ``entry`` of the shipped file
    (``real_play``, ``real_schneider`` or ``real_declare``): ``1 / (1 + exp(-(a * logit(chance) + b)))`` with ``(a, b)`` of the suit
    games or Grand (Platt 1999, fitted by ``benchmarks/skat_coach_fit.py``); without the entry, ``chance`` itself."""
    mapping = _model().get(entry, {}).get(_kind(game))
    return chance if mapping is None else platt(chance, *mapping)


def platt(chance: float, a: float, b: float) -> float:
    """Platt scaling (Platt 1999) of a chance (0-1): ``1 / (1 + exp(-(a * logit(chance) + b)))``, the chance held
    inside (1e-9, 1 - 1e-9) first."""
    p = min(max(chance, 1e-9), 1 - 1e-9)
    return _sigmoid(a * math.log(p / (1 - p)) + b)


def play_chance(hand: Sequence[Card], game: GameType, forehand: bool) -> float:
    """The chance (0-1) that ``hand`` wins ``game`` (picking up the skat) in real play at the table: the coach's
    figure for the child. :func:`win_chance` (open cards) mapped to the share of such games won when the club
    players play them (``real_play`` in the shipped weights, :func:`real_play_mapping`: Platt scaling, fitted per
    suit games and Grand to ``benchmarks/skat_coach_data.py``); without that entry in the file, the open-cards chance
    itself.

    Raises:
        ValueError: ``game`` is Null, or the shipped weights do not fit :data:`FEATURES`.
    """
    return real_play_mapping(win_chance(hand, game, forehand), game)


def declare_chance(kept: Sequence[Card], game: GameType, forehand: bool) -> float:
    """The chance (0-1) that the declarer wins ``game`` with the 10 cards ``kept`` once the skat is picked up and two
    cards are put away: the coach's figure after the skat. :func:`win_chance` of the kept cards mapped by the
    ``real_declare`` entry of the shipped weights (:func:`real_play_mapping`; fitted by
    ``benchmarks/skat_coach_fit.py --kept`` to the cards kept in whole games at the table: those of
    ``benchmarks/skat_coach_data.py`` and those a player following the coach declared, ``benchmarks/skat_bots.py
    --coach --out``). The model was fitted to dealt hands: applied to the cards kept it said 91 % for games won 83 %
    of the time, the best of 66 ways being picked by its own figure (docs/benchmarks.md); without the entry,
    :func:`play_chance`'s mapping.

    Raises:
        ValueError: ``game`` is Null, or the shipped weights do not fit :data:`FEATURES`.
    """
    chance = win_chance(kept, game, forehand)
    entry = "real_declare" if "real_declare" in _model() else "real_play"
    return real_play_mapping(chance, game, entry)


def schneider_chance(hand: Sequence[Card], game: GameType, forehand: bool) -> float:
    """The chance (0-1) that ``hand`` wins ``game`` Schneider in real play, picking up the skat: the declarer takes
    90 card points or more (the defenders 30 or fewer, ISkO 5.2.3). :func:`win_chance` mapped by the
    ``real_schneider`` entry of the shipped weights (:func:`real_play_mapping`, fitted like ``real_play`` to the club
    players' games), at most :func:`play_chance` (a Schneider is a win); without either entry, the open-cards chance
    of winning itself (the same shape as :func:`play_chance`).

    Raises:
        ValueError: ``game`` is Null, or the shipped weights do not fit :data:`FEATURES`.
    """
    chance = win_chance(hand, game, forehand)
    return min(real_play_mapping(chance, game, "real_schneider"), real_play_mapping(chance, game))
