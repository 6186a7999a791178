"""The poker hand evaluator (seed 003 ranks hands as standard poker): an object that owns its lookup tables.

The API is in the style of treys: ``Evaluator().evaluate(cards)`` maps 5 to 8
cards to a *rank* from 1 (the best hand, a royal flush) to 7462 (the worst,
7-5-4-3-2 of mixed suits): the number of the hand's equivalence class, so a
lower rank is a better hand and equal ranks tie. :func:`hand_class` gives the
class (category and the ranks that matter). For 6, 7 or 8 cards the rank is
that of the best five of them (:meth:`Evaluator.best_five` also says which five).

How it is fast in pure Python: a card is an integer holding a bit field for
its rank (3 bits a rank) and one for its suit (4 bits a suit), so the *sum* of
up to eight cards is their rank multiset plus their suit counts. One dict maps
every rank multiset of 5 to 8 cards to the best class among its 5-card parts
ignoring suits; a second maps every set of 5 to 8 distinct ranks to its best
flush or straight flush. A flush shows as a suit count of five or more (one
addition and one mask), so 8 cards take a sum, a test and a dict look-up
instead of 56 five-card evaluations.

An :class:`Evaluator` builds its tables when it is made and never changes them:
for five cards in about 10 ms, for up to eight in about half a second, or a
tenth of that when the caller names a cache folder holding a copy. Nothing is
written anywhere unless the caller passes ``cache_folder``. The module-level
functions (:func:`evaluate`, :func:`evaluate5`, :func:`best_five`) use the
shared evaluators of :func:`default_evaluator`.

>>> Evaluator(max_cards=5).evaluate(parse_cards("SA SK SQ SJ ST"))
1
"""

from __future__ import annotations

import itertools
import marshal
import os
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

from webapp.games.pokerface.cards import (_FLUSH_BITS, _FLUSH_TEST, _RANK_SHIFT, _RANK_WEIGHT, HAND_SIZE, MAX_EXTRA,
                                          Card, NotationError, Rank, Reason, parse_cards)  # noqa: F401 (doctests)


# --- Hand classes ----------------------------------------------------------------------
class Category(Enum):
    """The nine hand categories, best first (value 1 = straight flush, as treys numbers them)."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9


#: How many of the 2,598,960 five-card hands fall into each category (standard poker
#: combinatorics; the exhaustive unit test counts them with the evaluator).
CATEGORY_HANDS: dict[Category, int] = {
    Category.STRAIGHT_FLUSH: 40, Category.FOUR_OF_A_KIND: 624, Category.FULL_HOUSE: 3_744, Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200, Category.THREE_OF_A_KIND: 54_912, Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
}


@dataclass(frozen=True)
class HandClass:
    """One of the 7,462 equivalence classes of five-card hands.

    Attributes:
        category: the :class:`Category`.
        ranks: the ranks that decide between hands of the category, most
            important first: straight (flush) ``(top,)`` (5 for A-2-3-4-5);
            four of a kind ``(quad, kicker)``; full house ``(triple, pair)``;
            flush and high card the five ranks high to low; three of a kind
            ``(triple, kicker, kicker)``; two pair ``(high pair, low pair, kicker)``;
            one pair ``(pair, kicker, kicker, kicker)``.
        rank: the class number, 1 (best) to 7462.
    """

    category: Category
    ranks: tuple[Rank, ...]
    rank: int

    @property
    def is_royal(self) -> bool:
        """True for the royal flush (the ace-high straight flush)."""
        return self.category is Category.STRAIGHT_FLUSH and self.ranks[0] is Rank.ACE


#: What each position of :attr:`HandClass.ranks` is, by category (used by the showdown explanation).
ROLES: dict[Category, tuple[str, ...]] = {
    Category.STRAIGHT_FLUSH: ("top",),
    Category.FOUR_OF_A_KIND: ("quad", "kicker"),
    Category.FULL_HOUSE: ("triple", "pair"),
    Category.FLUSH: ("high", "kicker", "kicker", "kicker", "kicker"),
    Category.STRAIGHT: ("top",),
    Category.THREE_OF_A_KIND: ("triple", "kicker", "kicker"),
    Category.TWO_PAIR: ("high_pair", "low_pair", "kicker"),
    Category.ONE_PAIR: ("pair", "kicker", "kicker", "kicker"),
    Category.HIGH_CARD: ("high", "kicker", "kicker", "kicker", "kicker"),
}

# The tables are built with plain ints for the ranks (pip counts 2..14): enum members are slow to hash.
_STRAIGHT_TOPS = tuple(range(14, 4, -1))  # A-high down to the 5-high wheel
_WEIGHT_OF = [0, 0] + [_RANK_WEIGHT[r] for r in Rank]  # by pip count
_RANK_OF = [None, None] + list(Rank)  # pip count -> Rank


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (14, 5, 4, 3, 2) if top == 5 else tuple(range(top, top - 5, -1))


def _key(ranks: Iterable[int]) -> int:
    """The rank-multiset key of some ranks (the rank fields of their cards' sum)."""
    weight = _WEIGHT_OF
    return sum([weight[r] for r in ranks])


def _number_classes() -> tuple[tuple[Category, tuple[int, ...], int], ...]:
    """The 7,462 classes best first: ``(category, significant pip counts, key of the five ranks)``.

    The numbering is fixed by the hand ranking, so it is a constant; the keys
    let an :class:`Evaluator` fill its 5-card tables.
    """
    desc = list(range(14, 1, -1))
    five_sets = [s for s in itertools.combinations(desc, 5)]  # each high to low, in descending order
    straights = {frozenset(_straight_ranks(t)): t for t in _STRAIGHT_TOPS}
    no_straight = [s for s in five_sets if frozenset(s) not in straights]
    groups: list[tuple[Category, list[tuple[tuple[int, ...], tuple[int, ...]]]]] = [
        # (category, [(significant ranks, the five ranks)]) in descending order
        (Category.STRAIGHT_FLUSH, [((t,), _straight_ranks(t)) for t in _STRAIGHT_TOPS]),
        (Category.FOUR_OF_A_KIND, [((q, k), (q,) * 4 + (k,)) for q in desc for k in desc if k != q]),
        (Category.FULL_HOUSE, [((t, p), (t,) * 3 + (p,) * 2) for t in desc for p in desc if p != t]),
        (Category.FLUSH, [(s, s) for s in no_straight]),
        (Category.STRAIGHT, [((t,), _straight_ranks(t)) for t in _STRAIGHT_TOPS]),
        (Category.THREE_OF_A_KIND, [((t,) + ks, (t,) * 3 + ks) for t in desc
                                    for ks in itertools.combinations([r for r in desc if r != t], 2)]),
        (Category.TWO_PAIR, [((h, lo, k), (h, h, lo, lo, k)) for h, lo in itertools.combinations(desc, 2)
                             for k in desc if k not in (h, lo)]),
        (Category.ONE_PAIR, [((p,) + ks, (p, p) + ks) for p in desc
                             for ks in itertools.combinations([r for r in desc if r != p], 3)]),
        (Category.HIGH_CARD, [(s, s) for s in no_straight]),
    ]
    return tuple((category, significant, _key(five)) for category, members in groups for significant, five in members)


_CLASSES = _number_classes()
#: The number of equivalence classes of five-card hands.
CLASS_COUNT = len(_CLASSES)
_FLUSH_CATEGORIES = (Category.STRAIGHT_FLUSH, Category.FLUSH)


def _five_tables() -> tuple[dict[int, int], dict[int, int]]:
    """New 5-card tables: rank-multiset key -> class (plain), rank-set key -> class (flush)."""
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for number, (category, _significant, key) in enumerate(_CLASSES, start=1):
        (flush if category in _FLUSH_CATEGORIES else plain)[key] = number
    return plain, flush


def _extend(table: dict[int, int], smaller: list[int], limit: int) -> list[int]:
    """Add to ``table`` the keys one card bigger than ``smaller``; return the new keys.

    A bigger key's value is the best (lowest) of the keys one card smaller that
    it contains, so each level holds the best five of its cards. ``limit`` is
    how many cards of one rank a key may hold (4 ignoring suits, 1 in a flush).
    """
    weights = [(w, 3 * (r - 2)) for r, w in _RANK_WEIGHT.items()]
    bigger: dict[int, int] = {}
    get = bigger.get
    for key in smaller:
        value = table[key]
        for weight, shift in weights:
            if (key >> shift) & 7 < limit:
                new = key + weight
                old = get(new)
                if old is None or value < old:
                    bigger[new] = value
    table.update(bigger)
    return list(bigger)


#: Sizes of the full tables (5 to 8 cards), to check a cached copy.
_BIG_SIZES = (193_830, 6_006)
#: The name of the cached 5-8-card tables in a cache folder.
CACHE_NAME = "pokerface-tables-v1.marshal"


def _big_tables(cache_folder: str | os.PathLike | None) -> tuple[dict[int, int], dict[int, int]]:
    """New 5-8-card tables: loaded from ``cache_folder`` when a good copy is there, else built (and saved there).

    Without ``cache_folder`` nothing is read or written. A missing, unreadable
    or wrong copy is rebuilt and replaced; an unwritable folder or a full disk is ignored (the partly
    written copy is removed).
    """
    plain, flush = _five_tables()
    path = None if cache_folder is None else Path(cache_folder) / CACHE_NAME
    if path is not None:
        try:
            cached_plain, cached_flush = marshal.loads(path.read_bytes())
            if ((len(cached_plain), len(cached_flush)) == _BIG_SIZES
                    and all(cached_plain[k] == v for k, v in plain.items())):
                return cached_plain, cached_flush
        except (OSError, ValueError, EOFError, TypeError, KeyError):
            pass
    plain_keys, flush_keys = list(plain), list(flush)
    for _size in (6, 7, 8):
        plain_keys = _extend(plain, plain_keys, 4)
        flush_keys = _extend(flush, flush_keys, 1)
    if path is not None:
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(marshal.dumps((plain, flush)))
            os.replace(partial, path)
        except OSError:  # e.g. a full disk: no partial file stays behind
            partial.unlink(missing_ok=True)
    return plain, flush


def _evaluate5_on(plain: dict[int, int], flush: dict[int, int]) -> Callable[[Card, Card, Card, Card, Card], int]:
    """The five-argument evaluation over two tables (a closure: faster than a method reading attributes)."""

    def evaluate5(a: Card, b: Card, c: Card, d: Card, e: Card) -> int:
        total = a + b + c + d + e
        if (total + _FLUSH_TEST) & _FLUSH_BITS:
            return flush[total >> _RANK_SHIFT]
        return plain[total >> _RANK_SHIFT]

    return evaluate5


def _evaluate_on(plain: dict[int, int], flush: dict[int, int]) -> Callable[[Sequence[Card]], int]:
    """The evaluation of 5 or more cards over two tables (a closure, as :func:`_evaluate5_on`)."""

    def evaluate(cards: Sequence[Card]) -> int:
        total = sum(cards)
        suits = (total + _FLUSH_TEST) & _FLUSH_BITS
        if suits:
            if len(cards) == 5:
                return flush[total >> _RANK_SHIFT]
            best = plain[total >> _RANK_SHIFT]
            suit_bit = suits >> 3  # the suit counter's lowest bit
            suited = flush[sum(c for c in cards if c & suit_bit) >> _RANK_SHIFT]
            return suited if suited < best else best
        return plain[total >> _RANK_SHIFT]

    return evaluate


class Evaluator:
    """A poker hand evaluator for 5 to ``max_cards`` cards; it owns its lookup tables (treys style).

    The tables are built (or loaded) here and never changed afterwards, so an
    evaluator may be shared freely, also between threads.

    >>> ev = Evaluator()
    >>> ev.evaluate(parse_cards("SA HA D7 C7 S2 H9 C3 DK")) == ev.evaluate5(*parse_cards("SA HA D7 C7 DK"))
    True

    Args:
        max_cards: the most cards one evaluation takes, 5 to 8 (seed 003: five
            dealt plus up to three extra). 5 builds in about 10 ms, more in
            about half a second.
        cache_folder: a folder for a copy of the 5-8-card tables (read when
            good, else written); None reads and writes nothing. Only used for
            ``max_cards`` 8.

    Raises:
        ValueError: for ``max_cards`` outside 5..8.

    Attributes:
        max_cards: as given.
        evaluate: ``evaluate(cards)``: the rank 1..7462 of the best five of 5 to
            ``max_cards`` distinct cards. Lower is better, equal ranks tie. The
            cards must be distinct :class:`Card` objects (or their ints); this is
            not checked, for speed (use :func:`parse_cards` for checked input).
            Raises KeyError for fewer than 5 or more than ``max_cards`` cards.
        evaluate5: ``evaluate5(a, b, c, d, e)``: the rank of exactly five cards
            given as five arguments (the fastest path).
    """

    __slots__ = ("max_cards", "evaluate", "evaluate5")

    max_cards: int
    evaluate: Callable[[Sequence[Card]], int]
    evaluate5: Callable[[Card, Card, Card, Card, Card], int]

    def __init__(self, max_cards: int = HAND_SIZE + MAX_EXTRA, cache_folder: str | os.PathLike | None = None) -> None:
        if not HAND_SIZE <= max_cards <= HAND_SIZE + MAX_EXTRA:
            raise ValueError(f"an evaluator takes 5 to 8 cards, not {max_cards!r}")
        if max_cards == HAND_SIZE + MAX_EXTRA:
            plain, flush = _big_tables(cache_folder)
        else:
            plain, flush = _five_tables()
            plain_keys, flush_keys = list(plain), list(flush)
            for _size in range(HAND_SIZE + 1, max_cards + 1):
                plain_keys = _extend(plain, plain_keys, 4)
                flush_keys = _extend(flush, flush_keys, 1)
        object.__setattr__(self, "max_cards", max_cards)
        object.__setattr__(self, "evaluate", _evaluate_on(plain, flush))
        object.__setattr__(self, "evaluate5", _evaluate5_on(plain, flush))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Evaluator is immutable")

    def __repr__(self) -> str:
        return f"Evaluator(max_cards={self.max_cards})"

    def best_five(self, cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
        """The best five of 5 to 8 cards: ``(rank, five cards)``, the cards in the order given.

        Among equal best five-card hands (the same class) the first in the order of
        :func:`itertools.combinations` is returned. Only 5-card look-ups are made,
        so any evaluator will do.

        Raises:
            NotationError: ``poker.error.count`` for fewer than 5 or more than 8 cards.
        """
        if not HAND_SIZE <= len(cards) <= HAND_SIZE + MAX_EXTRA:
            raise NotationError(Reason.COUNT, f"5 to 8 cards needed, not {len(cards)}",
                                count=len(cards), needed="5-8")
        evaluate5 = self.evaluate5
        best, chosen = CLASS_COUNT + 1, tuple(cards[:5])
        for five in itertools.combinations(cards, 5):
            value = evaluate5(*five)
            if value < best:
                best, chosen = value, five
        return best, chosen


def cache_folder() -> Path:
    """The usual folder for cached tables: ``$KARTENSCHULE_CACHE_DIR`` or ``~/.cache/kartenschule`` (not created).

    For callers that want a cache (the built-in bots, started once a round);
    the evaluator itself never picks a folder.
    """
    return Path(os.environ.get("KARTENSCHULE_CACHE_DIR") or Path.home() / ".cache" / "kartenschule")


@lru_cache(maxsize=None)
def default_evaluator(max_cards: int = HAND_SIZE + MAX_EXTRA) -> Evaluator:
    """The shared evaluator behind :func:`evaluate`, :func:`evaluate5` and :func:`best_five`.

    Built once per ``max_cards`` (5 for five-card look-ups, 8 for more), on
    first use, and immutable after: the same object is returned every time.
    The 8-card one caches its tables in ``$KARTENSCHULE_CACHE_DIR`` when that
    variable is set (the caller's choice), and writes nothing otherwise.
    """
    return Evaluator(max_cards, cache_folder=os.environ.get("KARTENSCHULE_CACHE_DIR") or None)


def evaluate(cards: Sequence[Card]) -> int:
    """The rank of the best five of 5 to 8 distinct cards: 1 (royal flush) to 7462 (the default evaluator).

    Lower is better, equal ranks tie. The cards must be distinct :class:`Card`
    objects (or their ints); this is not checked, for speed (use
    :func:`parse_cards` for checked input).

    Raises:
        KeyError: for fewer than 5 or more than 8 cards (no class exists).
    """
    return default_evaluator(HAND_SIZE if len(cards) <= HAND_SIZE else HAND_SIZE + MAX_EXTRA).evaluate(cards)


def evaluate5(a: Card, b: Card, c: Card, d: Card, e: Card) -> int:
    """The rank of exactly five cards given as five arguments (the default 5-card evaluator)."""
    return default_evaluator(HAND_SIZE).evaluate5(a, b, c, d, e)


def best_five(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
    """The best five of 5 to 8 cards: ``(rank, five cards)`` (:meth:`Evaluator.best_five` of the default evaluator).

    Raises:
        NotationError: ``poker.error.count`` for fewer than 5 or more than 8 cards.
    """
    return default_evaluator(HAND_SIZE).best_five(cards)


def hand_class(rank: int) -> HandClass:
    """The :class:`HandClass` of a rank 1..7462.

    Raises:
        ValueError: for a number outside 1..7462.
    """
    if not 1 <= rank <= CLASS_COUNT:
        raise ValueError(f"no hand class {rank!r}: ranks run from 1 to {CLASS_COUNT}")
    return _hand_class(rank)


@lru_cache(maxsize=None)
def _hand_class(rank: int) -> HandClass:
    category, significant, _ = _CLASSES[rank - 1]
    return HandClass(category, tuple(_RANK_OF[r] for r in significant), rank)


def category(rank: int) -> Category:
    """The :class:`Category` of a rank 1..7462 (treys: ``get_rank_class``)."""
    return hand_class(rank).category
