"""Every combination a Tichu hand can form, one per pattern of ranks: the candidates a round lists as plays.

The search walks the ranks (how many cards of each rank, the Phoenix as one joker, the Mah Jong at the bottom of
a straight), so its work grows with the ranks, not with the subsets of the hand. It only proposes cards; what
they count as comes from :func:`~webapp.games.tichu.rules.readings` and whether they may be played from
:meth:`~webapp.games.tichu.trick.Trick.judge` (Tichu rulebook: "Combinations", "Phoenix", "Bombs").

Cards of one rank differ only by suit, and suits matter only for straight-flush bombs, so each rank pattern is
offered once, with the cards that belong to no bomb picked first (a pair of 7s does not break a straight
flush when other 7s are free).

>>> from webapp.games.tichu.rules import parse_play
>>> [str(c) for c in hand_combinations(parse_play("1234 5P"))][:6]
['1', '2', '3', '4', '5', 'P']
>>> sorted(str(c) for c in hand_combinations(parse_play("77P")) if c.length == 2)
['77', '7P']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from webapp.games.tichu.rules import (
    ACE, MAH_JONG, MIN_STRAIGHT, PHOENIX, Combination, Kind, TichuCard, bombs, readings,
)

__all__ = ["combo_key", "hand_bombs", "hand_combinations", "straights"]

#: How many hands :func:`hand_bombs` remembers (a round's replay meets about 200 different hands).
BOMB_CACHE = 2048


@lru_cache(maxsize=BOMB_CACHE)
def _bombs(hand: tuple[TichuCard, ...]) -> tuple[Combination, ...]:
    return bombs(hand)


def hand_bombs(hand: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """:func:`~webapp.games.tichu.rules.bombs` of ``hand``, memoised: a round's replay asks for the bombs of the
    same hands on every move (each bot, out of turn, and the child's chance to bomb), about 1,400 times.

    >>> from webapp.games.tichu.rules import parse_play
    >>> [str(b) for b in hand_bombs(parse_play("7777 2g3g4g5g6g"))]
    ['7777', '2g3g4g5g6g']
    """
    return _bombs(tuple(hand))


def combo_key(combo: Combination) -> tuple:
    """What makes two combinations the same play for a learner: kind, length, rank, the Phoenix's rank and the
    ranks of the cards (suits aside; straight flushes are bombs and keep their suit)."""
    suits = tuple(str(c) for c in combo.cards) if combo.is_bomb else ()
    return (combo.kind, combo.length, combo.rank, combo.phoenix_as, tuple(c.rank for c in combo.cards), suits)


def hand_combinations(hand: Iterable[TichuCard], length: int | None = None) -> tuple[Combination, ...]:
    """Every combination ``hand`` can form (each rank pattern once, every reading of it), bombs last.

    With ``length``, only the non-bombs of that many cards (the plays that may follow a play of that length),
    and every bomb.

    Order: singles, pairs, triples, full houses, straights, stairs (each by rank), then the bombs of
    :func:`~webapp.games.tichu.rules.bombs`. Straight flushes appear only as bombs.

    Args:
        hand: the cards, any order, at most 14.

    Returns:
        A tuple of :class:`~webapp.games.tichu.rules.Combination`, no two with the same :func:`combo_key`.
    """
    hand = tuple(hand)
    the_bombs = hand_bombs(hand)
    by_rank = _by_rank(hand, the_bombs)
    phoenix = by_rank.get(PHOENIX, [None])[0]
    found: dict[tuple, Combination] = {}

    def add(cards: list[TichuCard]) -> None:
        if length is not None and len(cards) != length:
            return
        for combo in readings(cards):
            if not combo.is_bomb:
                found.setdefault(combo_key(combo), combo)

    for rank in sorted(by_rank):  # singles, the Dog and the Dragon included
        add([by_rank[rank][0]])
    if length == 1:
        return tuple(found.values()) + tuple(the_bombs)
    naturals = {r: cs for r, cs in by_rank.items() if 2 <= r <= ACE}
    for size in (2, 3):  # pairs and triples, with the Phoenix for one card
        for rank, cards in sorted(naturals.items()) if length in (None, size) else ():
            if len(cards) >= size:
                add(cards[:size])
            if phoenix is not None and len(cards) >= size - 1:
                add(cards[:size - 1] + [phoenix])
    for triple, t_cards in sorted(naturals.items()) if length in (None, 5) else ():  # full houses: the Phoenix in the triple or in the pair
        for pair, p_cards in sorted(naturals.items()):
            if pair == triple:
                continue
            if len(t_cards) >= 3 and len(p_cards) >= 2:
                add(t_cards[:3] + p_cards[:2])
            if phoenix is not None and len(t_cards) >= 3 and len(p_cards) >= 1:
                add(t_cards[:3] + p_cards[:1] + [phoenix])
            if phoenix is not None and len(t_cards) >= 2 and len(p_cards) >= 2:
                add(t_cards[:2] + p_cards[:2] + [phoenix])
    for cards in _straights(by_rank, phoenix) if length is None or length >= MIN_STRAIGHT else ():
        add(cards)
    for cards in _stairs(naturals, phoenix) if length is None or length % 2 == 0 else ():
        add(cards)
    return tuple(found.values()) + tuple(the_bombs)


def straights(hand: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every straight ``hand`` can form, one per rank pattern (as in :func:`hand_combinations`; no straight flushes).

    >>> from webapp.games.tichu.rules import parse_play
    >>> [str(c) for c in straights(parse_play("1234 56"))]
    ['12345', '123456', '23456']
    """
    hand = tuple(hand)
    by_rank = _by_rank(hand, ())
    found: dict[tuple, Combination] = {}
    for cards in _straights(by_rank, by_rank.get(PHOENIX, [None])[0]):
        for combo in readings(cards):
            if combo.kind is Kind.STRAIGHT:
                found.setdefault(combo_key(combo), combo)
    return tuple(found.values())


def _by_rank(hand: tuple[TichuCard, ...], the_bombs: Iterable[Combination]) -> dict[int, list[TichuCard]]:
    """The hand by rank, each rank's cards that belong to no bomb first."""
    in_bombs = {card for bomb in the_bombs for card in bomb.cards}
    by_rank: dict[int, list[TichuCard]] = {}
    for card in sorted(hand, key=lambda c: (c.rank, c in in_bombs, "" if c.suit is None else c.suit.value)):
        by_rank.setdefault(card.rank, []).append(card)
    return by_rank


def _straights(by_rank: dict[int, list[TichuCard]], phoenix: TichuCard | None) -> Iterable[list[TichuCard]]:
    """Cards for each straight (Mah Jong to Ace, at least five, the Phoenix for one missing natural rank, or in
    place of one natural card the hand holds: Tichu rulebook, "Phoenix": any rank in any combination but a bomb)."""
    for low in range(MAH_JONG, ACE - MIN_STRAIGHT + 2):
        for high in range(low + MIN_STRAIGHT - 1, ACE + 1):
            missing = [r for r in range(low, high + 1) if r not in by_rank]
            if len(missing) > 1 or missing == [MAH_JONG] or (missing and phoenix is None):
                if len(missing) > 1:
                    break  # a longer run from this low misses these ranks too
                continue
            cards = [by_rank[r][0] for r in range(low, high + 1) if r in by_rank]
            if missing:
                yield cards + [phoenix]  # type: ignore[list-item]
                continue
            mixed = _mixed(cards, by_rank)
            if mixed is not None:
                yield mixed
            if phoenix is not None:  # the Phoenix for a rank the hand holds (never for the Mah Jong)
                for at, card in enumerate(cards):
                    if card.rank != MAH_JONG:
                        yield cards[:at] + cards[at + 1:] + [phoenix]


def _mixed(cards: list[TichuCard], by_rank: dict[int, list[TichuCard]]) -> list[TichuCard] | None:
    """``cards`` (one a rank) changed so that they are not all of one suit, or None when only one suit has them."""
    suits = {c.suit for c in cards}
    if len(suits) > 1 or None in suits:
        return cards
    for at in range(len(cards) - 1, -1, -1):
        other = next((c for c in by_rank[cards[at].rank] if c.suit != cards[at].suit), None)
        if other is not None:
            return cards[:at] + [other] + cards[at + 1:]
    return None


def _stairs(naturals: dict[int, list[TichuCard]], phoenix: TichuCard | None) -> Iterable[list[TichuCard]]:
    """Cards for each run of two or more consecutive pairs (the Phoenix for one missing card, or in place of one
    card of a pair the hand holds)."""
    for low in range(2, ACE):
        for high in range(low + 1, ACE + 1):
            short = [r for r in range(low, high + 1) if len(naturals.get(r, ())) < 2]
            if any(len(naturals.get(r, ())) < 1 for r in short) or len(short) > 1 or (short and phoenix is None):
                break
            cards = [c for r in range(low, high + 1) for c in naturals[r][:2]]
            yield cards + ([phoenix] if short else [])  # type: ignore[list-item]
            if phoenix is not None and not short:  # the Phoenix for one card of a pair the hand holds
                for rank in range(low, high + 1):
                    yield [c for r in range(low, high + 1) for c in naturals[r][:1 if r == rank else 2]] + [phoenix]

