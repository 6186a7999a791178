"""Pokerface (seed 003): cards, the poker hand evaluator, rounds and the showdown.

Cards are written suit then rank, as in the seed: suits ``S C H D`` (spades,
clubs, hearts, diamonds), ranks ``2``-``9``, ``T`` (ten), ``J Q K A``:
``SA`` is the ace of spades, ``HT`` the ten of hearts, ``D4`` the four of
diamonds.

The evaluator has a tiny API in the style of treys: :func:`evaluate` maps 5 to
8 cards to a *rank* from 1 (the best hand, a royal flush) to 7462 (the worst,
7-5-4-3-2 of mixed suits): the number of the hand's equivalence class, so a
lower rank is a better hand and equal ranks tie. :func:`hand_class` gives the
class (category and the ranks that matter), :func:`hand_name` a name such as
``"full house, fours over aces"``. For 6, 7 or 8 cards the rank is that of the
best five of them (:func:`best_five` also says which five).

How it is fast in pure Python: a card is an integer holding a bit field for
its rank (3 bits a rank) and one for its suit (4 bits a suit), so the *sum* of
up to eight cards is their rank multiset plus their suit counts. One dict maps
every rank multiset of 5 to 8 cards to the best class among its 5-card parts
ignoring suits; a second maps every set of 5 to 8 distinct ranks to its best
flush or straight flush. A flush shows as a suit count of five or more (one
addition and one mask), so 8 cards take a sum, a test and a dict look-up
instead of 56 five-card evaluations. The 5-card tables are built at import
(under a tenth of a second); the 6-8-card tables on first use (half a second,
then cached on disk).

>>> evaluate(parse_cards("SA SK SQ SJ ST"))
1
>>> hand_name(evaluate(parse_cards("H4 D4 C4 DA SA")))
'full house, fours over aces'
>>> hand_name(evaluate(parse_cards("SA HA D7 C7 S2 H9 C3 DK")))
'two pair, aces and sevens, king kicker'

Hand ranking (standard poker, the seed's linked rules): straight flush, four of
a kind, full house, flush, straight, three of a kind, two pair, one pair, high
card; aces high, A-2-3-4-5 the lowest straight; suits never break ties;
kickers are compared from the highest down.
"""

from __future__ import annotations

import itertools
import marshal
import os
import random
from dataclasses import dataclass
from functools import lru_cache
from enum import Enum, IntEnum
from pathlib import Path
from typing import Iterable, Sequence

from webapp.core.steps import RuleInputError, Step


class NotationError(RuleInputError):
    """Input that names nothing: a token that is no card, a card written twice, a wrong number of cards.

    Pages answer it with 400, the contest calls such a bot answer "garbage" (seed 003).
    """


class RuleViolation(RuleInputError):
    """A well-formed move that the rules forbid now: showing a card not held, picking a sixth card.

    The contest calls such a bot answer a "cheat" (seed 003: only cards you have);
    the browser game answers it with 422, as it always has.
    """


HAND_SIZE = 5
#: At most this many extra cards may be taken (seed 003).
MAX_EXTRA = 3
#: Rounds in a game (seed 003).
ROUNDS = 10
#: Players at a table in the tournament and the browser game (seed 003).
PLAYERS = 4


class Rank(IntEnum):
    """The thirteen ranks, 2 low to ace high (the value is the pip count, ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's notation letter: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    @property
    def label(self) -> str:
        """The rank as printed on a card: ``2``-``10``, ``J``, ``Q``, ``K``, ``A``."""
        return "10" if self is Rank.TEN else self.letter


class Ranks(Enum):
    """A rank named in the plural in a sentence ("three *fours*"); same values as :class:`Rank`.

    A plain :class:`Enum` (not an int), so that its members never equal the
    :class:`Rank` members in a lookup table of names.
    """

    TWOS = 2
    THREES = 3
    FOURS = 4
    FIVES = 5
    SIXES = 6
    SEVENS = 7
    EIGHTS = 8
    NINES = 9
    TENS = 10
    JACKS = 11
    QUEENS = 12
    KINGS = 13
    ACES = 14


_RANK_LETTERS = {r: str(int(r)) for r in Rank if r < 10}
_RANK_LETTERS.update({Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"})


class Suit(Enum):
    """The four suits in the seed's order; suits never break a tie."""

    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♣ ♥ ♦."""
        return _SYMBOLS[self]

    @property
    def index(self) -> int:
        """0 to 3 in the seed's order S C H D."""
        return _SUIT_INDEX[self]


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

# --- Cards as bit fields ----------------------------------------------------------
_RANK_SHIFT = 16  # bits 0-15: four 4-bit suit counters; from bit 16: thirteen 3-bit rank counters
_RANK_WEIGHT = {r: 1 << (3 * (r - 2)) for r in Rank}  # a rank's unit in the multiset key
_FLUSH_TEST = 0x3333  # added to the suit counters: a counter of 5..8 then sets its top bit
_FLUSH_BITS = 0x8888


class Card(int):
    """One card; an ``int`` whose bits hold a rank counter and a suit counter.

    Build cards with ``Card(Rank.ACE, Suit.SPADES)`` or :func:`parse_card`;
    ``str()`` gives the seed's notation. Cards compare and hash as their
    integer, so they are cheap to sum, put in sets and use as dict keys.

    >>> c = Card(Rank.TEN, Suit.HEARTS)
    >>> str(c), c.rank, c.suit
    ('HT', <Rank.TEN: 10>, <Suit.HEARTS: 'H'>)
    """

    __slots__ = ()

    def __new__(cls, rank: Rank, suit: Suit) -> "Card":
        rank, suit = Rank(rank), Suit(suit)
        return super().__new__(cls, (_RANK_WEIGHT[rank] << _RANK_SHIFT) | (1 << (4 * suit.index)))

    @property
    def rank(self) -> Rank:
        """The card's :class:`Rank`."""
        return Rank((int(self) >> _RANK_SHIFT).bit_length() // 3 + 2)

    @property
    def suit(self) -> Suit:
        """The card's :class:`Suit`."""
        return SUITS[((int(self) & 0xFFFF).bit_length() - 1) // 4]

    def __str__(self) -> str:
        return self.suit.value + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({self})"

    def __reduce__(self):
        return (Card, (int(self.rank), self.suit.value))


#: The 52 cards, suit by suit (S C H D), ranks from 2 up to the ace.
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
_BY_TEXT = {str(c): c for c in DECK}


def parse_card(text: str) -> Card:
    """Parse one card: suit then rank (seed 003), case-insensitive; ``10`` may stand for ``T``.

    >>> parse_card("sa"), parse_card("H10") == parse_card("HT")
    (Card(SA), True)

    Raises:
        NotationError: ``poker.error.unknown`` naming the token.
    """
    token = text.strip()
    upper = token.upper()
    card = _BY_TEXT.get(upper)
    if card is None and upper[:1] in "SCHD" and upper[1:] == "10":
        card = _BY_TEXT[upper[0] + "T"]
    if card is None:
        raise NotationError("poker.error.unknown", f"not a card: {token!r}", token=token)
    return card


def split_tokens(text: str) -> list[str]:
    """Split a card list written with spaces and/or commas."""
    return text.replace(",", " ").split()


def parse_cards(cards: str | Iterable[str], count: int | Sequence[int] | None = None) -> tuple[Card, ...]:
    """Parse distinct cards, keeping their order.

    Args:
        cards: one string (``"SA HT D4"``, ``"SA,HT,D4"``) or an iterable of tokens.
        count: the number of cards wanted (an int, or the allowed numbers), or None for any.

    Raises:
        NotationError: ``poker.error.unknown`` for a token that is no card,
            ``poker.error.duplicate`` (``card``) for a card given twice,
            ``poker.error.count`` (``count``, ``needed``) for a wrong number.
    """
    tokens = split_tokens(cards) if isinstance(cards, str) else list(cards)
    parsed: list[Card] = []
    for token in tokens:
        card = parse_card(token)
        if card in parsed:
            raise NotationError("poker.error.duplicate", f"{card} is there twice", token=token, card=card)
        parsed.append(card)
    allowed = (count,) if isinstance(count, int) else count
    if allowed is not None and len(parsed) not in allowed:
        needed = " or ".join(map(str, allowed))
        raise NotationError("poker.error.count", f"{needed} cards needed, not {len(parsed)}",
                             count=len(parsed), needed=needed)
    return tuple(parsed)


def cards_text(cards: Iterable[Card]) -> str:
    """The cards in the seed's notation, separated by spaces: ``"SA HT D4"``."""
    return " ".join(map(str, cards))


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


def _build_five() -> tuple[list[tuple[Category, tuple[int, ...]]], dict[int, int], dict[int, int]]:
    """Number the 7,462 classes best first; map 5-rank keys to them (plain and flush).

    Returns the classes as ``(category, significant pip counts)`` (see :func:`hand_class`) and the two tables.
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
    classes: list[tuple[Category, tuple[int, ...]]] = []
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for category, members in groups:
        table = flush if category in (Category.STRAIGHT_FLUSH, Category.FLUSH) else plain
        for significant, five in members:
            classes.append((category, significant))
            table[_key(five)] = len(classes)
    return classes, plain, flush


_CLASSES, _PLAIN, _FLUSH = _build_five()
#: The number of equivalence classes of five-card hands.
CLASS_COUNT = len(_CLASSES)
_BIG_BUILT = False


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
_CACHE_NAME = "pokerface-tables-v1.marshal"


def _cache_path() -> Path:
    """Where the 6-8-card tables are cached: ``$KARTENSCHULE_CACHE_DIR`` or ``~/.cache/kartenschule``."""
    folder = os.environ.get("KARTENSCHULE_CACHE_DIR") or Path.home() / ".cache" / "kartenschule"
    return Path(folder) / _CACHE_NAME


def _build_big() -> None:
    """Extend both tables from 5 cards to 6, 7 and 8 (once, on first use).

    Building takes about half a second; a copy is cached on disk (marshal, a
    tenth of that to load), so that bots started once a round start quickly.
    A missing, unreadable or wrong cache is rebuilt; an unwritable one ignored.
    """
    global _BIG_BUILT
    path = _cache_path()
    try:
        plain, flush = marshal.loads(path.read_bytes())
        if (len(plain), len(flush)) == _BIG_SIZES and all(plain[k] == v for k, v in _PLAIN.items()):
            _PLAIN.update(plain)
            _FLUSH.update(flush)
            _BIG_BUILT = True
            return
    except (OSError, ValueError, EOFError, TypeError, KeyError):
        pass
    plain_keys, flush_keys = list(_PLAIN), list(_FLUSH)
    for _size in (6, 7, 8):
        plain_keys = _extend(_PLAIN, plain_keys, 4)
        flush_keys = _extend(_FLUSH, flush_keys, 1)
    _BIG_BUILT = True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(marshal.dumps((_PLAIN, _FLUSH)))
        os.replace(partial, path)
    except OSError:
        pass


def evaluate(cards: Sequence[Card]) -> int:
    """The rank of the best five of 5 to 8 distinct cards: 1 (royal flush) to 7462.

    Lower is better, equal ranks tie. The cards must be distinct :class:`Card`
    objects (or their ints); this is not checked, for speed (use
    :func:`parse_cards` for checked input).

    Raises:
        KeyError: for fewer than 5 or more than 8 cards (no class exists).
    """
    total = sum(cards)
    if len(cards) > 5 and not _BIG_BUILT:
        _build_big()
    flush = (total + _FLUSH_TEST) & _FLUSH_BITS
    if flush:
        if len(cards) == 5:
            return _FLUSH[total >> _RANK_SHIFT]
        plain = _PLAIN[total >> _RANK_SHIFT]
        suit_bit = flush >> 3  # the suit counter's lowest bit
        suited = sum(c for c in cards if c & suit_bit) >> _RANK_SHIFT
        best = _FLUSH[suited]
        return best if best < plain else plain
    return _PLAIN[total >> _RANK_SHIFT]


def evaluate5(a: Card, b: Card, c: Card, d: Card, e: Card) -> int:
    """The rank of exactly five cards given as five arguments (the fastest path)."""
    total = a + b + c + d + e
    if (total + _FLUSH_TEST) & _FLUSH_BITS:
        return _FLUSH[total >> _RANK_SHIFT]
    return _PLAIN[total >> _RANK_SHIFT]


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
    category, significant = _CLASSES[rank - 1]
    return HandClass(category, tuple(_RANK_OF[r] for r in significant), rank)


def category(rank: int) -> Category:
    """The :class:`Category` of a rank 1..7462 (treys: ``get_rank_class``)."""
    return hand_class(rank).category


_NAMES = {r: n for r, n in zip(Rank, "two three four five six seven eight nine ten jack queen king ace".split())}
_PLURALS = {r: n for r, n in zip(Rank, "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces".split())}


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hand_name(rank: int) -> str:
    """The English name of a class, e.g. ``"full house, fours over aces"``, ``"royal flush"``.

    The pages and the CLI in German use the explanation steps instead
    (:func:`hand_step`); this plain name is for logs, bots and doctests.
    """
    cls = hand_class(rank)
    r = cls.ranks
    n, p = _NAMES, _PLURALS
    if cls.is_royal:
        return "royal flush"
    match cls.category:
        case Category.STRAIGHT_FLUSH:
            return f"straight flush, {n[r[0]]} high"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {p[r[0]]}, {n[r[1]]} kicker"
        case Category.FULL_HOUSE:
            return f"full house, {p[r[0]]} over {p[r[1]]}"
        case Category.FLUSH:
            return "flush, " + "-".join(n[x] for x in r)
        case Category.STRAIGHT:
            return f"straight, {n[r[0]]} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {p[r[0]]}, kickers {n[r[1]]} and {n[r[2]]}"
        case Category.TWO_PAIR:
            return f"two pair, {p[r[0]]} and {p[r[1]]}, {n[r[2]]} kicker"
        case Category.ONE_PAIR:
            return f"one pair, {p[r[0]]}, kickers " + _and([n[x] for x in r[1:]])
    return "high card, " + "-".join(n[x] for x in r)


def hand_step(rank: int) -> Step:
    """The class as a translatable step: ``poker.hand.<category>`` with the ranks as parameters.

    Parameters by category: straight (flush) ``top``; four of a kind ``quad``,
    ``kicker``; full house ``triple``, ``pair`` (both as :class:`Ranks`);
    flush and high card ``ranks`` (a tuple); three of a kind ``triple``,
    ``kickers``; two pair ``high``, ``low``, ``kicker``; one pair ``pair``,
    ``kickers``. Plurals ("three *fours*") are :class:`Ranks`, single cards
    :class:`Rank`. The royal flush has the code ``poker.hand.royal_flush``.
    """
    cls = hand_class(rank)
    r = cls.ranks
    if cls.is_royal:
        return Step("poker.hand.royal_flush")
    code = f"poker.hand.{cls.category.name.lower()}"
    match cls.category:
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT:
            return Step(code, top=r[0])
        case Category.FOUR_OF_A_KIND:
            return Step(code, quad=Ranks(int(r[0])), kicker=r[1])
        case Category.FULL_HOUSE:
            return Step(code, triple=Ranks(int(r[0])), pair=Ranks(int(r[1])))
        case Category.THREE_OF_A_KIND:
            return Step(code, triple=Ranks(int(r[0])), kickers=r[1:])
        case Category.TWO_PAIR:
            return Step(code, high=Ranks(int(r[0])), low=Ranks(int(r[1])), kicker=r[2])
        case Category.ONE_PAIR:
            return Step(code, pair=Ranks(int(r[0])), kickers=r[1:])
    return Step(code, ranks=r)


def best_five(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
    """The best five of 5 to 8 cards: ``(rank, five cards)``, the cards in the order given.

    Among equal best five-card hands (the same class) the first in the order of
    :func:`itertools.combinations` is returned.

    Raises:
        NotationError: ``poker.error.count`` for fewer than 5 or more than 8 cards.
    """
    if not HAND_SIZE <= len(cards) <= HAND_SIZE + MAX_EXTRA:
        raise NotationError("poker.error.count", f"5 to 8 cards needed, not {len(cards)}",
                             count=len(cards), needed="5-8")
    best, chosen = CLASS_COUNT + 1, tuple(cards[:5])
    for five in itertools.combinations(cards, 5):
        value = evaluate5(*five)
        if value < best:
            best, chosen = value, five
    return best, chosen


# --- Comparing two hands ---------------------------------------------------------------
def compare(a: int, b: int) -> Step:
    """Why hand ``a`` beats, loses to or ties hand ``b`` (two ranks), as one step.

    Codes: ``poker.compare.category`` (``better``, ``worse``: categories),
    ``poker.compare.rank`` (``role``, ``better``, ``worse``: the first deciding
    rank, a ``role`` from :data:`ROLES` other than ``kicker``),
    ``poker.compare.kicker`` (``position``: 1 for the first kicker, ``better``,
    ``worse``), ``poker.compare.tie`` (``category``). ``better`` is always the
    higher of the two, whichever hand holds it.
    """
    ca, cb = hand_class(a), hand_class(b)
    if ca.category != cb.category:
        high, low = (ca, cb) if a < b else (cb, ca)
        return Step("poker.compare.category", better=high.category, worse=low.category)
    roles = ROLES[ca.category]
    kicker = 0
    for role, x, y in zip(roles, ca.ranks, cb.ranks):
        if role == "kicker":
            kicker += 1
        if x != y:
            better, worse = max(x, y), min(x, y)
            if role == "kicker":
                return Step("poker.compare.kicker", position=kicker, better=better, worse=worse)
            if role in ("triple", "quad", "pair", "high_pair", "low_pair"):
                better, worse = Ranks(int(better)), Ranks(int(worse))
            return Step(f"poker.compare.{role}", better=better, worse=worse)
    return Step("poker.compare.tie", category=ca.category)


# --- A round -------------------------------------------------------------------------------
def shuffled_deck(seed: str | int) -> list[Card]:
    """The 52 cards shuffled reproducibly from ``seed`` (the same seed, the same order)."""
    deck = list(DECK)
    random.Random(str(seed)).shuffle(deck)
    return deck


class Dealer:
    """Deals one round from a shuffled deck: hands, replacements, extra cards (seed 003).

    Four players use at most 4 x (5 + 5 + 3) = 52 cards, so one deck suffices.

    >>> dealer = Dealer("demo")
    >>> hands = dealer.deal(4)
    >>> [len(h) for h in hands], len(dealer.remaining)
    ([5, 5, 5, 5], 32)
    """

    def __init__(self, seed: str | int) -> None:
        self.remaining: list[Card] = shuffled_deck(seed)

    def draw(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards from the top of the deck."""
        cards, self.remaining = tuple(self.remaining[:count]), self.remaining[count:]
        if len(cards) != count:
            raise RuntimeError("the deck is empty")  # cannot happen with 4 players
        return cards

    def deal(self, players: int) -> list[tuple[Card, ...]]:
        """Deal five cards to each of ``players`` players."""
        return [self.draw(HAND_SIZE) for _ in range(players)]


def exchange(hand: Sequence[Card], give: Iterable[int], new: Sequence[Card]) -> tuple[Card, ...]:
    """The hand after an exchange: the kept cards in their order, then the new ones."""
    gone = set(give)
    return tuple(c for i, c in enumerate(hand) if i not in gone) + tuple(new)


def check_reveal(held: Sequence[Card], revealed: Sequence[Card]) -> None:
    """Check a revealed hand: five distinct cards, all held (seed 003: only cards you have).

    Raises:
        NotationError: ``poker.error.count`` (not five), ``poker.error.duplicate``.
        RuleViolation: ``poker.error.not_held`` (``card``: a card the player does not hold).
    """
    seen: set[Card] = set()
    for card in revealed:
        if card in seen:
            raise NotationError("poker.error.duplicate", f"{card} is there twice", token=str(card), card=card)
        seen.add(card)
        if card not in held:
            raise RuleViolation("poker.error.not_held", f"{card} is not in the hand", token=str(card), card=card)
    if len(revealed) != HAND_SIZE:
        raise NotationError("poker.error.count", f"5 cards needed, not {len(revealed)}",
                             count=len(revealed), needed="5")


@dataclass(frozen=True)
class Showdown:
    """The end of a round: who revealed what, who wins, and why.

    Attributes:
        names: the players' names, in seat order.
        hands: each player's five revealed cards (``None`` for a player out of the round).
        ranks: each player's rank 1..7462 (``None`` when out).
        winners: the seats of the best hand (several on a tie); each scores a point.
        steps: the explanation: each player's hand and category, then why the
            winner beats (or ties) each other player.
    """

    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    ranks: tuple[int | None, ...]
    winners: tuple[int, ...]
    steps: tuple[Step, ...]


def showdown(names: Sequence[str], hands: Sequence[Sequence[Card] | None]) -> Showdown:
    """Compare the revealed five-card hands of a round (seed 003: the best hand scores a point).

    Args:
        names: the players' names.
        hands: each player's revealed five cards, or ``None`` for a player who is
            out of the round (a bot that broke the rules); at least one hand.

    Returns:
        A :class:`Showdown`. Its steps: ``poker.showdown.hand`` (``player``,
        ``cards``, then the class as ``hand``: a nested step), ``poker.showdown.out``
        for a player without a hand, then for each other player
        ``poker.showdown.beats`` / ``poker.showdown.ties`` (``winner``, ``loser``
        / ``other``, ``why``: a :func:`compare` step), and ``poker.showdown.winner``
        or ``poker.showdown.shared`` (``players``).
    """
    ranks = tuple(None if h is None else evaluate5(*h) for h in hands)
    valid = [r for r in ranks if r is not None]
    if not valid:
        raise ValueError("a showdown needs at least one hand")
    best = min(valid)
    winners = tuple(i for i, r in enumerate(ranks) if r == best)
    steps: list[Step] = []
    for name, hand, rank in zip(names, hands, ranks):
        if rank is None:
            steps.append(Step("poker.showdown.out", player=name))
        else:
            steps.append(Step("poker.showdown.hand", player=name, cards=tuple(hand), hand=hand_step(rank)))
    first = winners[0]
    for i, rank in enumerate(ranks):
        if rank is None or i == first:
            continue
        why = compare(best, rank)
        code = "poker.showdown.ties" if rank == best else "poker.showdown.beats"
        other = "other" if rank == best else "loser"
        steps.append(Step(code, winner=names[first], why=why, **{other: names[i]}))
    if len(winners) == 1:
        steps.append(Step("poker.showdown.winner", player=names[first]))
    else:
        steps.append(Step("poker.showdown.shared", players=tuple(names[i] for i in winners)))
    return Showdown(tuple(names), tuple(None if h is None else tuple(h) for h in hands), ranks, winners, tuple(steps))


def game_winners(points: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points after a game; each wins a victory point (seed 003)."""
    top = max(points)
    return tuple(i for i, p in enumerate(points) if p == top)


# --- "Which hand wins?" questions ------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """A "which hand wins?" question: two five-card hands from one deck and the answer.

    Attributes:
        hands: the two hands, ``(A, B)``.
        answer: ``"a"``, ``"b"`` or ``"tie"``.
        steps: why: the :func:`showdown` steps, ending in ``poker.quiz.winner``
            (``hand``: the winning hand's name) or ``poker.quiz.tie``.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    answer: str
    steps: tuple[Step, ...]


def which_hand_wins(rng: random.Random, names: tuple[str, str] = ("A", "B")) -> Question:
    """Generate a "which hand wins?" question (pure: the same ``rng`` state, the same question).

    Half of the questions pair two hands of the same category, where the
    kickers or the ranks decide: that is what children get wrong. The two
    hands never share a card.
    """
    same_category = rng.random() < 0.5
    for _ in range(200):
        cards = rng.sample(DECK, 10)
        a, b = tuple(cards[:5]), tuple(cards[5:])
        if not same_category or category(evaluate5(*a)) == category(evaluate5(*b)):
            break
    return judge_hands(a, b, names)


def judge_hands(a: Sequence[Card], b: Sequence[Card], names: tuple[str, str] = ("A", "B")) -> Question:
    """The answer to "which hand wins?" for two five-card hands, with the showdown steps (seed 003).

    Returns:
        A :class:`Question` (hands as tuples); its steps are the
        :func:`showdown` steps with the last one replaced by
        ``poker.quiz.winner`` or ``poker.quiz.tie``.
    """
    result = showdown(names, [a, b])
    if len(result.winners) == 2:
        answer, verdict = "tie", Step("poker.quiz.tie")
    else:
        answer, verdict = ("a", "b")[result.winners[0]], Step("poker.quiz.winner", hand=names[result.winners[0]])
    return Question((tuple(a), tuple(b)), answer, result.steps[:-1] + (verdict,))


def category_example(cat: Category) -> tuple[Card, ...]:
    """An example hand of a category, for the hand-rankings page."""
    return _EXAMPLES[cat]


_EXAMPLES = {
    Category.STRAIGHT_FLUSH: parse_cards("H9 H8 H7 H6 H5"),
    Category.FOUR_OF_A_KIND: parse_cards("SQ CQ HQ DQ C3"),
    Category.FULL_HOUSE: parse_cards("S7 H7 D7 C4 H4"),
    Category.FLUSH: parse_cards("DK DT D8 D5 D2"),
    Category.STRAIGHT: parse_cards("C9 D8 S7 H6 C5"),
    Category.THREE_OF_A_KIND: parse_cards("ST CT DT SA H6"),
    Category.TWO_PAIR: parse_cards("SJ HJ C4 D4 SA"),
    Category.ONE_PAIR: parse_cards("H8 C8 SK D9 H3"),
    Category.HIGH_CARD: parse_cards("SA D10 C8 H6 S3"),
}
