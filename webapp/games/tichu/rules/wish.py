"""The Mah Jong's wish: the lowest play from a hand that fulfils it, and the searches behind that.

Tichu rulebook, "Mah Jong", "Bombs"; FAQ.

The wish check reasons by rank counts: for the kind and length on the table it
walks the possible ranks upwards and, at each, the few rank patterns that make
such a combination (how many naturals of each rank, the Phoenix as one joker,
the Mah Jong at the bottom of a straight), so its work grows with the number of
ranks, not with the number of subsets of the hand. It stops at the first rank
that has a fulfilling play.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable, Iterator

from webapp.games.tichu.rules.cards import (
    ACE,
    COPIES,
    DOG,
    DRAGON,
    MAH_JONG,
    MIN_STRAIGHT,
    PHOENIX,
    TichuCard,
    TichuSuit,
    _canonical,
    _sort_key,
)
from webapp.games.tichu.rules.combinations import Combination, Kind, readings
from webapp.games.tichu.rules.compare import _beats, _is_dog

#: A rank pattern: how many natural cards of each rank, and whether the Phoenix and the Mah Jong join.
_Pattern = tuple[dict[int, int], bool, bool]


# --- The Mah Jong's wish -------------------------------------------------------
def play_order(combo: Combination) -> tuple:
    """The order in which fulfilling plays are offered: non-bombs before bombs, then lower before higher.

    Non-bombs go by rank, bombs by strength (cards, then rank; Tichu rulebook,
    "Bombs"); equal ones by length, then by their cards from low to high
    (ranks, the Phoenix as 15, then suit letters), so the order is total.
    """
    strength = combo.bomb_strength if combo.is_bomb else (0, combo.rank)
    return (combo.is_bomb, strength, combo.length, tuple(_sort_key(c) for c in _canonical(combo.cards)))


def lowest_fulfilling_play(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> Combination | None:
    """The lowest play from ``hand`` that fulfils ``wish`` on the current trick, or None.

    A play fulfils the wish when it holds a natural card of the wished rank
    and may legally be laid on ``previous`` in turn (on lead any play may: the
    lowest card of the wished rank alone is offered). The Phoenix may help to
    build the combination but does not count as the wished card; a bomb counts
    too: a player who can fulfil the wish only with a bomb must play the bomb
    (Tichu rulebook, "Mah Jong"; FAQ). "Lowest" is :func:`play_order`.

    The search is polynomial in the hand's size (rank patterns, not subsets)
    and stops at the first rank that has a fulfilling play.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> str(lowest_fulfilling_play(parse_play("55"), parse_play("8P9"), 8))
    '8P'
    >>> lowest_fulfilling_play(parse_play("55"), parse_play("9P"), 8) is None
    True

    Args:
        previous: the table (cards, a declared :class:`Combination`, or
            ``()``/None on lead).
        hand: the player's cards.
        wish: the wished rank 2..14.
        phoenix_on: the single a Phoenix single on the table was played on.

    Returns:
        The :class:`Combination`, or None when the player cannot fulfil the wish.
    """
    hand = tuple(hand)
    wished = sorted((c for c in hand if c.rank == wish), key=_sort_key)
    if not wished:
        return None
    if previous is None:
        previous = ()
    table = previous if isinstance(previous, Combination) else (readings(tuple(previous)) or (None,))[0]
    if table is None or _is_dog(table):
        return readings((wished[0],))[0]
    by_rank: dict[int, list[TichuCard]] = {}
    for card in sorted(hand, key=_sort_key):
        by_rank.setdefault(card.rank, []).append(card)
    if not table.is_bomb:  # a non-bomb must match the table's kind and length (Tichu rulebook)
        for rank, patterns in _levels(table.kind, table.length, table.rank, wish):
            found = [c for c in (_realise(table, by_rank, pattern, rank, wish, phoenix_on) for pattern in patterns) if c]
            if found:
                return min(found, key=play_order)
    found = [b for b in _bombs_with(hand, wish) if _beats(table, b, [], phoenix_on)[0]]
    return min(found, key=play_order) if found else None


def can_fulfil_wish(
    previous: Iterable[TichuCard] | Combination | None,
    hand: Iterable[TichuCard],
    wish: int,
    *,
    phoenix_on: TichuCard | None = None,
) -> bool:
    """True when the player in turn must fulfil ``wish`` now (see :func:`lowest_fulfilling_play`).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> can_fulfil_wish(parse_play("K"), parse_play("8"), 8), can_fulfil_wish((), parse_play("8"), 8)
    (False, True)
    """
    return lowest_fulfilling_play(previous, hand, wish, phoenix_on=phoenix_on) is not None


def _levels(kind: Kind, length: int, above: int, wish: int) -> Iterator[tuple[int, list[_Pattern]]]:
    """For each rank a play of ``kind`` and ``length`` may have (ascending, from ``above``'s rank on),
    the rank patterns that make such a play with a natural of rank ``wish``.

    The table's own rank is included (the Phoenix single and the Mah Jong make
    single ranks special); :func:`_beats` decides. At most 13 ranks, each with
    at most 13 x 3 patterns.
    """
    if kind is Kind.SINGLE:
        yield wish, [({wish: 1}, False, False)]
    elif kind in (Kind.PAIR, Kind.TRIPLE):
        yield wish, [({wish: length}, False, False), ({wish: length - 1}, True, False)]
    elif kind is Kind.FULL_HOUSE:
        for triple in range(max(2, min(above, ACE)), ACE + 1):
            patterns: list[_Pattern] = []
            for pair in range(2, ACE + 1):
                if pair != triple and wish in (triple, pair):
                    patterns += [({triple: 3, pair: 2}, False, False), ({triple: 3, pair: 1}, True, False),
                                 ({triple: 2, pair: 2}, True, False)]
            yield triple, patterns
    elif kind is Kind.STRAIGHT:
        for top in range(max(MIN_STRAIGHT, min(above, ACE)), ACE + 1):
            low = top - length + 1
            if low < MAH_JONG or not low <= wish <= top:
                continue
            mah_jong = low == MAH_JONG
            naturals = range(max(low, 2), top + 1)
            patterns = [({r: 1 for r in naturals}, False, mah_jong)]
            patterns += [({r: 1 for r in naturals if r != gap}, True, mah_jong) for gap in naturals if gap != wish]
            yield top, patterns
    elif kind is Kind.STAIRS:
        pairs = length // 2
        for top in range(max(2, min(above, ACE)), ACE + 1):
            low = top - pairs + 1
            if low < 2 or not low <= wish <= top:
                continue
            patterns = [({r: 2 for r in range(low, top + 1)}, False, False)]
            patterns += [({r: 1 if r == single else 2 for r in range(low, top + 1)}, True, False)
                         for single in range(low, top + 1)]
            yield top, patterns


def _realise(
    table: Combination,
    by_rank: dict[int, list[TichuCard]],
    pattern: _Pattern,
    rank: int,
    wish: int,
    phoenix_on: TichuCard | None,
) -> Combination | None:
    """The lowest cards of ``by_rank`` (the hand by rank, each sorted) with ``pattern``, read as a
    non-bomb of the table's kind at ``rank`` that beats the table; None when the hand lacks them."""
    counts, phoenix, mah_jong = pattern
    if any(len(by_rank.get(r, ())) < k for r, k in counts.items()):
        return None
    if (phoenix and PHOENIX not in by_rank) or (mah_jong and MAH_JONG not in by_rank):
        return None
    chosen = [by_rank[r][:k] for r, k in sorted(counts.items())]
    if table.kind is Kind.STRAIGHT and not (phoenix or mah_jong):
        if not _break_flush(chosen, by_rank):
            return None  # only one suit: a bomb, found among the bombs
    cards = [c for group in chosen for c in group]
    cards += [by_rank[PHOENIX][0]] if phoenix else []
    cards += [by_rank[MAH_JONG][0]] if mah_jong else []
    for combo in readings(cards):
        if combo.rank == rank and combo.kind is table.kind and counts.get(wish, 0) >= 1:
            if _beats(table, combo, [], phoenix_on)[0]:
                return combo
    return None


def _break_flush(chosen: list[list[TichuCard]], by_rank: dict[int, list[TichuCard]]) -> bool:
    """Make a straight of one card a rank ``chosen`` (lowest first) not all of one named suit, changing
    the highest rank that has another card to its next card (the lowest such choice). False if none can."""
    suits = {group[0].suit for group in chosen}
    if len(suits) > 1 or None in suits:
        return True
    for at in range(len(chosen) - 1, -1, -1):
        rank = chosen[at][0].rank
        if len(by_rank[rank]) > 1:
            chosen[at] = [by_rank[rank][1]]
            return True
    return False


def plays_of_length(hand: Iterable[TichuCard], length: int) -> tuple[Combination, ...]:
    """Every combination of ``length`` cards that ``hand`` can form (one per rank pattern; bombs aside).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [str(c) for c in plays_of_length(parse_play("5577P"), 2)]
    ['55', '5P', '77', '7P']
    """
    found: list[Combination] = []
    for cards in _candidates(tuple(hand), length):
        found.extend(c for c in readings(cards) if not c.is_straight_flush)
    return tuple(found)


def _candidates(hand: tuple[TichuCard, ...], length: int) -> Iterable[tuple[TichuCard, ...]]:
    """Every set of ``length`` cards from ``hand``, one per rank pattern.

    Cards of one rank are interchangeable here (suits only make bombs, which
    :func:`bombs` finds), so each multiset of ranks is tried once.
    """
    usable = sorted((c for c in hand if c.rank not in (DOG, DRAGON) or length == 1), key=_sort_key)
    if length > len(usable):
        return
    seen: set[tuple[int, ...]] = set()
    for cards in combinations(usable, length):
        ranks = tuple(c.rank for c in cards)
        if ranks not in seen:
            seen.add(ranks)
            yield cards


def bombs(hand: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every bomb in ``hand``: each four of a kind, and each one-suit run of 5 or more cards.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [str(b) for b in bombs(parse_play("7777 2g3g4g5g6g"))]
    ['7777', '2g3g4g5g6g']
    """
    hand = tuple(hand)
    found: list[Combination] = []
    counts = Counter(c.rank for c in hand if c.is_natural)
    for rank in sorted(r for r, k in counts.items() if k == COPIES):
        found.extend(readings(c for c in hand if c.rank == rank))
    for suit in TichuSuit:
        ranks = {c.rank for c in hand if c.suit is suit}
        for low in sorted(ranks):
            for high in range(low + MIN_STRAIGHT - 1, ACE + 1):
                if not all(r in ranks for r in range(low, high + 1)):
                    break
                found.extend(readings(TichuCard(r, suit) for r in range(low, high + 1)))
    return tuple(found)


def _bombs_with(hand: tuple[TichuCard, ...], wish: int) -> list[Combination]:
    """The bombs in ``hand`` holding a natural of rank ``wish``."""
    return [b for b in bombs(hand) if any(c.rank == wish for c in b.cards)]
