"""Pokerface cards (seed 003): ranks, suits, cards as bit fields, the notation, and the input errors.

Cards are written suit then rank, as in the seed: suits ``S C H D`` (spades,
clubs, hearts, diamonds), ranks ``2``-``9``, ``T`` (ten), ``J Q K A``:
``SA`` is the ace of spades, ``HT`` the ten of hearts, ``D4`` the four of
diamonds. A :class:`Card` is an ``int`` holding a rank counter and a suit
counter, so that the evaluator (:mod:`.evaluator`) can add cards up.
"""

from __future__ import annotations

from enum import Enum, IntEnum, StrEnum
from typing import Iterable, Sequence

from webapp.core import steps
from webapp.core.cards import Suit


class Reason(StrEnum):
    """Why the engine refuses an input; each value IS the message code of the sentence shown."""

    UNKNOWN = "poker.error.unknown"  # a token that is no card (``token``)
    DUPLICATE = "poker.error.duplicate"  # a card named twice (``card``)
    COUNT = "poker.error.count"  # a wrong number of cards (``count``, ``needed``)
    NOT_HELD = "poker.error.not_held"  # showing a card not held (``card``)
    FIVE = "poker.error.five"  # a sixth card selected to show
    NOT_NOW = "web.error.bad_url"  # an action or index the game does not offer now (``detail``)


class NotationError(steps.NotationError):
    """Input that names nothing: a token that is no card, a card written twice, a wrong number of cards.

    Pages answer it with 400, the contest calls such a bot answer "garbage" (seed 003).
    """


class RuleViolation(steps.RuleViolation):
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


#: The four suits (the French deck's, :class:`webapp.core.cards.Suit`) in the seed's order S C H D;
#: suits never break a tie, the order only lays out the deck and a card's bits.
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
RANKS: tuple[Rank, ...] = tuple(Rank)
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
        return super().__new__(cls, (_RANK_WEIGHT[rank] << _RANK_SHIFT) | (1 << (4 * _SUIT_INDEX[suit])))

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
        raise NotationError(Reason.UNKNOWN, f"not a card: {token!r}", token=token)
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
            raise NotationError(Reason.DUPLICATE, f"{card} is there twice", token=token, card=card)
        parsed.append(card)
    allowed = (count,) if isinstance(count, int) else count
    if allowed is not None and len(parsed) not in allowed:
        needed = " or ".join(map(str, allowed))
        raise NotationError(Reason.COUNT, f"{needed} cards needed, not {len(parsed)}",
                             count=len(parsed), needed=needed)
    return tuple(parsed)


def cards_text(cards: Iterable[Card]) -> str:
    """The cards in the seed's notation, separated by spaces: ``"SA HT D4"``."""
    return " ".join(map(str, cards))
