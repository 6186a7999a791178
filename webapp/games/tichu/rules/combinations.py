"""Tichu combinations: the kinds, one reading of some cards, and every reading of them.

Seed 001 (the seed's "tractor" is the stairs); Tichu rulebook, "Combinations",
"Bombs", "Phoenix".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Iterable

from webapp.games.tichu.rules.cards import (
    ACE,
    COPIES,
    MAH_JONG,
    MIN_STAIRS_PAIRS,
    MIN_STRAIGHT,
    PHOENIX,
    TichuCard,
    _canonical,
    _text,
)

# --- Combinations --------------------------------------------------------------
class Kind(Enum):
    """The kinds of combination (seed 001; the seed's "tractor" is the stairs)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    STAIRS = "stairs"
    BOMB = "bomb"


@dataclass(frozen=True)
class Combination:
    """One reading of some cards as a Tichu combination.

    Attributes:
        kind: the :class:`Kind`.
        length: the number of cards.
        rank: the comparison rank: a single's card rank (Dog 0, Mah Jong 1,
            Dragon 16; :data:`PHOENIX` 15 for the Phoenix single, whose value
            depends on the table, see :attr:`is_phoenix_single`); the rank of
            a pair, triple or bomb; a full house's triple; the top rank of a
            straight or stairs.
        cards: the cards from low to high, the Phoenix at the rank it stands
            for (so the order of the input never matters).
        phoenix_as: the natural rank the Phoenix stands for, or None (no
            Phoenix, or the Phoenix as a single).

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> best = readings(parse_play("KK55P"))[0]
    >>> best.kind, best.rank, best.phoenix_as, str(best)
    (<Kind.FULL_HOUSE: 'full_house'>, 13, 13, '55KKP')
    """

    kind: Kind
    length: int
    rank: int
    cards: tuple[TichuCard, ...]
    phoenix_as: int | None = None

    @property
    def is_bomb(self) -> bool:
        """True for four of a kind or a straight-flush bomb, which beat every non-bomb."""
        return self.kind is Kind.BOMB

    @property
    def is_straight_flush(self) -> bool:
        """True for a bomb of five or more cards of one suit in a row (Tichu rulebook: "Bombs")."""
        return self.kind is Kind.BOMB and self.length > COPIES

    @property
    def bomb_strength(self) -> tuple[int, int]:
        """How bombs compare: the number of cards first, then the (top) rank.

        Every straight-flush bomb beats every four of a kind, a longer one beats
        a shorter one (Tichu rulebook: "Bombs").
        """
        return (self.length, self.rank)

    @property
    def is_phoenix_single(self) -> bool:
        """True for the Phoenix alone: 1½ when led, ½ above the single it beats.

        Tichu rulebook, "Phoenix"; seed 001, note 2.
        """
        return self.kind is Kind.SINGLE and self.rank == PHOENIX

    @property
    def bottom(self) -> int:
        """The lowest rank of a straight or stairs (else the rank itself)."""
        if self.kind is Kind.STRAIGHT:
            return self.rank - self.length + 1
        if self.kind is Kind.STAIRS:
            return self.rank - self.length // 2 + 1
        return self.rank

    @property
    def pair_rank(self) -> int | None:
        """The rank of a full house's pair (None for other kinds)."""
        if self.kind is not Kind.FULL_HOUSE:
            return None
        for card in self.cards:
            rank = self.phoenix_as if card.rank == PHOENIX else card.rank
            if rank != self.rank:
                return rank
        return None  # pragma: no cover - a full house always has a pair

    def __str__(self) -> str:
        return _text(self.cards)


def _arranged(naturals: tuple[TichuCard, ...], phoenix: TichuCard, phoenix_as: int) -> tuple[TichuCard, ...]:
    """Insert the Phoenix after the naturals it does not exceed (naturals sorted)."""
    at = 0
    while at < len(naturals) and naturals[at].rank <= phoenix_as:
        at += 1
    return naturals[:at] + (phoenix,) + naturals[at:]


def readings(cards: Iterable[TichuCard]) -> tuple[Combination, ...]:
    """Every reading of the cards as one combination, highest first.

    Kinds (seed 001): single; pair; triple; full house (a triple and a pair,
    ranked by the triple); straight (5 or more consecutive ranks, ranked by its
    top; the Mah Jong may be its bottom 1); stairs (2 or more pairs of
    consecutive ranks, ranked by the top pair); bomb (four of a kind, or a
    straight of 5 or more cards all of one named suit: a straight-flush bomb,
    Tichu rulebook "Bombs"; a one-suit straight is never an ordinary one). The
    Phoenix may stand for any one natural rank 2 to Ace in any combination but
    a bomb (Tichu rulebook, "Phoenix"; seed 001 comments: ``5555 777P`` is not
    a bomb). The Dragon and the Dog are only singles.

    All readings of the same cards have the same kind and length; they differ
    only in what the Phoenix stands for.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> [(c.rank, c.phoenix_as) for c in readings(parse_play("KK55P"))]
    [(13, 13), (5, 5)]
    >>> [(c.kind.value, c.rank) for c in readings(parse_play("3456P"))]
    [('straight', 7), ('straight', 6)]
    >>> readings(parse_play("223355"))
    ()
    """
    return _readings(_canonical(cards))


@lru_cache(maxsize=8192)
def _readings(cards: tuple[TichuCard, ...]) -> tuple[Combination, ...]:
    n = len(cards)
    if n == 0:
        return ()
    if n == 1:
        return (Combination(Kind.SINGLE, 1, cards[0].rank, cards),)
    naturals = tuple(c for c in cards if c.is_natural)
    specials = [c.rank for c in cards if not c.is_natural]
    has_phoenix = specials == [PHOENIX]
    has_mah_jong = specials == [MAH_JONG]
    if specials and not (has_phoenix or has_mah_jong or specials == [MAH_JONG, PHOENIX]):
        return ()  # the Dog or the Dragon with other cards, or a special twice
    if specials == [MAH_JONG, PHOENIX]:
        has_phoenix = has_mah_jong = True
    phoenix = cards[-1] if has_phoenix else None
    counts = Counter(c.rank for c in naturals)
    found: list[Combination] = []

    if has_mah_jong:  # the Mah Jong is only ever a single or the bottom of a straight
        found.extend(_straights(cards, naturals, phoenix, counts, has_mah_jong=True))
    else:
        found.extend(_same_rank(n, naturals, phoenix, counts))
        if n == 5:
            found.extend(_full_houses(naturals, phoenix, counts))
        if n >= MIN_STRAIGHT:
            found.extend(_straights(cards, naturals, phoenix, counts, has_mah_jong=False))
        if n >= 2 * MIN_STAIRS_PAIRS and n % 2 == 0:
            found.extend(_stairs(n, naturals, phoenix, counts))
    found.sort(key=lambda c: (c.is_bomb, c.rank, c.phoenix_as or 0), reverse=True)
    return tuple(found)


_Cards = tuple[TichuCard, ...]


def _same_rank(n: int, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """Pair, triple, bomb: n cards of one rank (the Phoenix joins a pair or triple)."""
    if len(counts) != 1 or n > COPIES:
        return []
    (rank,) = counts
    if phoenix is None:
        kind = {2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.BOMB}[n]
        return [Combination(kind, n, rank, naturals)]
    if n < COPIES:  # never a bomb with the Phoenix
        kind = Kind.PAIR if n == 2 else Kind.TRIPLE
        return [Combination(kind, n, rank, naturals + (phoenix,), rank)]
    return []


def _full_houses(naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """A triple and a pair; with the Phoenix, 3+1 naturals (one reading) or 2+2 (two).

    Four of a kind and the Phoenix is no full house: four naturals of one rank
    are neither 3+1 nor 2+2.
    """
    shape = sorted(counts.items(), key=lambda rc: rc[1])
    if len(shape) != 2:
        return []
    (low_rank, low_count), (high_rank, high_count) = shape
    if phoenix is None:
        if (low_count, high_count) == (2, 3):
            return [Combination(Kind.FULL_HOUSE, 5, high_rank, naturals)]
        return []
    if (low_count, high_count) == (1, 3):
        return [Combination(Kind.FULL_HOUSE, 5, high_rank, _arranged(naturals, phoenix, low_rank), low_rank)]
    if (low_count, high_count) == (2, 2):
        return [
            Combination(Kind.FULL_HOUSE, 5, triple, _arranged(naturals, phoenix, triple), triple)
            for triple in (low_rank, high_rank)
        ]
    return []


def _straights(
    cards: _Cards, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int], has_mah_jong: bool
) -> list[Combination]:
    """Straights: distinct consecutive ranks; the Phoenix fills one gap or extends an end."""
    n = len(cards)
    if n < MIN_STRAIGHT or any(k != 1 for k in counts.values()):
        return []
    ranks = sorted(counts)
    if has_mah_jong:
        ranks.insert(0, MAH_JONG)
    low, high = ranks[0], ranks[-1]
    span = high - low + 1
    ordered = ((cards[0],) if has_mah_jong else ()) + naturals  # Mah Jong, then naturals, ascending
    if phoenix is None:
        if span != n:
            return []
        suits = {c.suit for c in ordered}
        # One suit throughout (the Mah Jong has none): always a bomb, never a straight.
        kind = Kind.BOMB if len(suits) == 1 and None not in suits else Kind.STRAIGHT
        return [Combination(kind, n, high, ordered)]
    if span == n:  # one gap inside: the Phoenix fills it
        gap = next(r for r in range(low, high + 1) if r not in counts and r != MAH_JONG)
        return [Combination(Kind.STRAIGHT, n, high, _arranged(ordered, phoenix, gap), gap)]
    result: list[Combination] = []
    if span == n - 1:  # already consecutive: the Phoenix goes on top or below
        if high + 1 <= ACE:
            result.append(Combination(Kind.STRAIGHT, n, high + 1, ordered + (phoenix,), high + 1))
        if low - 1 >= 2:
            result.append(Combination(Kind.STRAIGHT, n, high, (phoenix,) + ordered, low - 1))
    return result


def _stairs(n: int, naturals: _Cards, phoenix: TichuCard | None, counts: Counter[int]) -> list[Combination]:
    """Stairs: pairs of consecutive ranks; the Phoenix completes one pair."""
    pairs = n // 2
    ranks = sorted(counts)
    if len(ranks) != pairs or ranks[-1] - ranks[0] != pairs - 1 or any(k > 2 for k in counts.values()):
        return []
    singles = [r for r, k in counts.items() if k == 1]
    if phoenix is None and not singles:
        return [Combination(Kind.STAIRS, n, ranks[-1], naturals)]
    if phoenix is not None and len(singles) == 1:
        return [Combination(Kind.STAIRS, n, ranks[-1], _arranged(naturals, phoenix, singles[0]), singles[0])]
    return []

