"""Skat cards and the family rule for a hand's game value.

The family rule is the one of the seed challenge "Skat hand value" (seed 002,
German original seed 000): a simplified form of the bidding value that the
International Skat Order (ISkO) computes in full.

>>> hand = parse_hand("JC JS JD AC KC 9C AS 7H QD 8D")
>>> result = family_game_value(hand)
>>> result.value, result.trump
(36, <Suit.CLUBS: 'C'>)
>>> str(result)
'36 Clubs'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from webapp.core.cards import Suit
from webapp.core.steps import RuleInputError, Step

HAND_SIZE = 10
MIN_TRUMPS = 6


#: The suits' base values for a suit game (seed 002; ISkO 4.1): clubs 12, spades 11, hearts 10, diamonds 9.
BASE_VALUES: dict[Suit, int] = {Suit.CLUBS: 12, Suit.SPADES: 11, Suit.HEARTS: 10, Suit.DIAMONDS: 9}


def base_value(suit: Suit) -> int:
    """The suit's base value for a suit game: clubs 12, spades 11, hearts 10, diamonds 9 (ISkO 4.1)."""
    return BASE_VALUES[suit]


class Rank(Enum):
    """The eight Skat ranks in the seed's order; the value is the notation (``0`` = ten)."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "0"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"

    @property
    def label(self) -> str:
        """The rank as printed on a card: ``A K Q J 10 9 8 7``."""
        return "10" if self is Rank.TEN else self.value


@dataclass(frozen=True, order=False)
class Card:
    """One Skat card, e.g. ``Card(Rank.JACK, Suit.CLUBS)``; ``str()`` gives ``"JC"``."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    @property
    def is_jack(self) -> bool:
        """True for the four jacks, which are always trump."""
        return self.rank is Rank.JACK

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.is_red


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
#: The 32 cards, grouped by suit (clubs first), ranks in the seed's order.
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
#: The jacks from highest to lowest: JC > JS > JH > JD (seed 002; ISkO 2.4).
JACKS: tuple[Card, ...] = tuple(Card(Rank.JACK, s) for s in SUITS)

#: Card points (ISkO 1.2.2): A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing.
CARD_POINTS: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                                Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}


def card_points(cards: Iterable[Card]) -> int:
    """The card points of ``cards`` (ISkO 1.2.2); the whole deck has 120."""
    return sum(CARD_POINTS[c.rank] for c in cards)


_TOKEN = re.compile(r"^(10|[AKQJ0987])([CSHD])$")
_SPLIT = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Parse one card in the seed's notation: value then suit, case-insensitive.

    Values ``A K Q J 0 9 8 7`` (``0`` or ``10`` for the ten), suits ``C S H D``.

    >>> parse_card("0s"), parse_card("10S") == parse_card("0S")
    (Card(rank=<Rank.TEN: '0'>, suit=<Suit.SPADES: 'S'>), True)

    Raises:
        RuleInputError: code ``skat.error.unknown`` naming the token.
    """
    token = text.strip()
    match = _TOKEN.match(token.upper())
    if match is None:
        raise RuleInputError("skat.error.unknown", f"unknown card: {token!r}", token=token)
    value = "0" if match.group(1) == "10" else match.group(1)
    return Card(Rank(value), Suit(match.group(2)))


def split_tokens(text: str) -> list[str]:
    """Split a list of cards written with spaces, commas or semicolons."""
    return [t for t in _SPLIT.split(text.strip()) if t]


def parse_cards(cards: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse any number of distinct cards, keeping their order.

    Args:
        cards: one string (``"JC JS 0H"``, ``"JC,JS,10H"``) or an iterable of tokens.

    Raises:
        RuleInputError: ``skat.error.unknown`` for a token that is no card,
            ``skat.error.duplicate`` for a card given twice (naming it).
    """
    tokens = split_tokens(cards) if isinstance(cards, str) else list(cards)
    parsed: list[Card] = []
    for token in tokens:
        card = parse_card(token)
        if card in parsed:
            raise RuleInputError("skat.error.duplicate", f"duplicate card: {card}", token=token, card=card)
        parsed.append(card)
    return tuple(parsed)


def parse_hand(cards: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse a Skat hand: exactly 10 distinct cards, any order (seed 002).

    Raises:
        RuleInputError: as :func:`parse_cards`, or ``skat.error.count`` when the
            number of cards is not 10.
    """
    hand = parse_cards(cards)
    check_hand(hand)
    return hand


def check_hand(hand: tuple[Card, ...]) -> None:
    """Raise :class:`RuleInputError` unless ``hand`` is 10 distinct cards."""
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise RuleInputError("skat.error.duplicate", f"duplicate card: {card}", token=str(card), card=card)
        seen.add(card)
    if len(hand) != HAND_SIZE:
        raise RuleInputError(
            "skat.error.count", f"a hand has 10 cards, not {len(hand)}", count=len(hand), needed=HAND_SIZE
        )


@dataclass(frozen=True)
class FamilyValue:
    """The family-rule game value of a 10-card hand (seed 002).

    Attributes:
        hand: the 10 cards as given.
        with_matadors: True if the Jack of Clubs is held ("with"), else "without".
        matadors: the length of the unbroken run of top jacks held (with) or
            missing (without), 1 to 4.
        jack_factor: ``matadors + 1``, 2 to 5.
        trump_counts: ``(suit, trumps)`` for each suit, clubs first.
        trump: the suit with the most trumps (ties to the higher suit), or None
            when no suit reaches 6 trumps.
        value: the game value ``jack_factor * base_value(trump)``, or None for a pass.
        steps: the explanation, in the order a teacher would give it.
    """

    hand: tuple[Card, ...]
    with_matadors: bool
    matadors: int
    jack_factor: int
    trump_counts: tuple[tuple[Suit, int], ...]
    trump: Suit | None
    value: int | None
    steps: tuple[Step, ...]

    @property
    def is_pass(self) -> bool:
        """True when the hand must pass."""
        return self.value is None

    def __str__(self) -> str:
        """``"36 Clubs"`` or ``"pass"``, the seed's output format (English)."""
        if self.value is None or self.trump is None:
            return "pass"
        return f"{self.value} {self.trump.name.capitalize()}"


def jack_run(hand: Iterable[Card]) -> tuple[bool, tuple[Card, ...]]:
    """Return ``(with, run)``: the unbroken run of top jacks held or missing.

    With the Jack of Clubs, ``run`` is the jacks held from the top down until
    the first gap ("with N"); without it, the jacks missing from the top down
    until the first jack held ("without N"; all four when no jack is held).
    Seed 002, "The Jack Factor"; ISkO 2.4.1 counts matadors the same way.

    >>> jack_run(parse_cards("JC JS JD"))[1] == JACKS[:2]
    True
    """
    held = set(hand)
    with_ = JACKS[0] in held
    run: list[Card] = []
    for jack in JACKS:
        if (jack in held) != with_:
            break
        run.append(jack)
    return with_, tuple(run)


def family_game_value(hand: Iterable[Card]) -> FamilyValue:
    """Compute the family-rule game value of a 10-card hand (seed 002).

    1. Jack factor: the run of top jacks with or without, plus 1 (2 to 5).
    2. Trumps for each suit: its non-jack cards plus all jacks held; the suit
       with the most trumps is chosen, a tie going to the higher suit
       (clubs 12 > spades 11 > hearts 10 > diamonds 9).
    3. Playable only with at least 6 trumps and an ace of another suit;
       otherwise the answer is pass.
    4. Game value = jack factor x the trump suit's base value.

    Args:
        hand: 10 distinct :class:`Card` objects, any order.

    Returns:
        A :class:`FamilyValue`; ``value`` is None for a pass.

    Raises:
        RuleInputError: ``skat.error.duplicate`` or ``skat.error.count``.
    """
    cards = tuple(hand)
    check_hand(cards)
    steps: list[Step] = []

    jacks = tuple(j for j in JACKS if j in cards)
    steps.append(Step("skat.jacks.held", jacks=jacks) if jacks else Step("skat.jacks.none"))
    with_, run = jack_run(cards)
    if with_:
        steps.append(Step("skat.jacks.with", run=len(run), jacks=run))
    else:
        steps.append(Step("skat.jacks.without", run=len(run), missing=run))
    factor = len(run) + 1
    steps.append(Step("skat.factor.jacks", run=len(run), factor=factor))

    counts = []
    for suit in SUITS:
        own = tuple(c for c in cards if c.suit is suit and not c.is_jack)
        counts.append((suit, len(own) + len(jacks)))
        steps.append(Step("skat.trumps.suit", suit=suit, count=len(own) + len(jacks), own=len(own), jacks=len(jacks)))
    best_suit, best = max(counts, key=lambda sc: (sc[1], base_value(sc[0])))

    def result(trump: Suit | None, value: int | None) -> FamilyValue:
        return FamilyValue(cards, with_, len(run), factor, tuple(counts), trump, value, tuple(steps))

    if best < MIN_TRUMPS:
        steps.append(Step("skat.pass.few_trumps", suit=best_suit, count=best, needed=MIN_TRUMPS))
        steps.append(Step("skat.verdict.pass"))
        return result(None, None)
    tied = tuple(s for s, n in counts if n == best and s is not best_suit)
    if tied:
        steps.append(Step("skat.trump.tie", suit=best_suit, count=best, others=tied))
    else:
        steps.append(Step("skat.trump.choice", suit=best_suit, count=best))

    aces = tuple(c for c in cards if c.rank is Rank.ACE and c.suit is not best_suit)
    if not aces:
        steps.append(Step("skat.pass.no_ace", suit=best_suit))
        steps.append(Step("skat.verdict.pass"))
        return result(best_suit, None)
    steps.append(Step("skat.ace.found", aces=aces))
    value = factor * base_value(best_suit)
    steps.append(Step("skat.value", factor=factor, suit=best_suit, base=base_value(best_suit), value=value))
    return result(best_suit, value)
