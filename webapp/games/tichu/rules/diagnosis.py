"""Why some cards are no Tichu combination: one step naming the cheapest cause.

Seed 001 (the kinds of combination); Tichu rulebook, "Phoenix", "Bombs".
"""

from __future__ import annotations

from collections import Counter

from webapp.core.steps import Step
from webapp.games.tichu.rules.codes import Why
from webapp.games.tichu.rules.cards import _CARD, COPIES, DOG, DRAGON, MAH_JONG, MIN_STRAIGHT, PHOENIX, TichuCard


def _why_not(cards: tuple[TichuCard, ...]) -> list[Step]:
    """Say why cards (sorted, no reading) are no combination, where that is cheap."""
    n = len(cards)
    for card in cards:
        if card.rank in (DOG, DRAGON):
            return [Step(Why.ALONE, card=_CARD[card.rank])]
    specials = Counter(c.rank for c in cards if c.is_special)
    if any(k > 1 for k in specials.values()):
        return []  # a special card twice: impossible from parse_play
    has_phoenix = PHOENIX in specials
    has_mah_jong = MAH_JONG in specials
    counts = Counter(c.rank for c in cards if c.is_natural)
    if any(k > COPIES for k in counts.values()):
        return []
    if n >= 3 and all(k == 1 for k in counts.values()):
        ranks = sorted(counts) if not has_mah_jong else [MAH_JONG] + sorted(counts)
        if ranks:
            missing = tuple(_CARD[r] for r in range(ranks[0], ranks[-1] + 1) if r not in ranks)
            if len(missing) <= has_phoenix:
                if n < MIN_STRAIGHT:
                    return [Step(Why.STRAIGHT_SHORT, length=n)]
                return [Step(Why.PHOENIX_RANGE)]
            if n >= MIN_STRAIGHT:
                code = Why.STRAIGHT_GAP_PHOENIX if has_phoenix else Why.STRAIGHT_GAP
                return [Step(code, count=len(missing), missing=missing)]
    if has_mah_jong:
        return [Step(Why.MAH_JONG)]
    if has_phoenix and len(counts) == 1 and n - 1 >= 3:
        return [Step(Why.PHOENIX_BOMB)]
    for rank, k in counts.items():
        if k == COPIES:
            return [Step(Why.BOMB_ALONE, rank=_CARD[rank])]
    if n == 2:
        return [Step(Why.PAIR_RANKS)]
    if n == 3:
        return [Step(Why.TRIPLE_RANKS)]
    singles = sum(1 for k in counts.values() if k == 1)
    if n % 2 == 0 and all(k <= 2 for k in counts.values()) and singles == has_phoenix:
        ranks = sorted(counts)
        missing = tuple(_CARD[r] for r in range(ranks[0], ranks[-1] + 1) if r not in counts)
        if missing:
            return [Step(Why.STAIRS_GAP, count=len(missing), missing=missing)]
    if n == 4:
        return [Step(Why.FOUR_CARDS)]
    if n == 5:
        return [Step(Why.FULL_HOUSE)]
    return [Step(Why.MIXED)]


