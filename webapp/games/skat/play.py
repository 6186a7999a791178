"""Skat trick play (ISkO 2.3): seats, following suit, the trick winner and card points. Pure, no Flask.

* Seats (ISkO 3.2): forehand (Vorhand) leads the first trick and hears first; middlehand says bids to
  forehand; rearhand (Hinterhand) says bids to the survivor.
* Following suit (ISkO 2.3): in a suit game the four jacks and the trump suit form one suit, trump; in a Grand
  the jacks alone are trump; in Null there is no trump and the jacks belong to their suits. A player must follow
  the led suit (trump counts as a suit) if able, else may play any card.
* The trick winner: the highest trump (JC JS JH JD A 10 K Q 9 8 7 of the trump suit; Grand: the jacks), else the
  highest card of the led suit (A 10 K Q 9 8 7 in suit games and Grand; A K Q J 10 9 8 7 in Null).

>>> from webapp.games.skat.official import GameType
>>> hand = parse_cards("JD 7C AS 0S")
>>> [str(c) for c in legal_cards(hand, parse_cards("AC"), GameType.CLUBS)]
['JD', '7C']
>>> trick_winner(parse_cards("0H AH JD"), GameType.GRAND), card_points(parse_cards("0H AH JD"))
(2, 23)
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Iterable, Sequence

from webapp.core.steps import NotationError, RuleViolation, Step
from webapp.games.skat.official import TRUMP_ORDER, GameType
from webapp.games.skat.rules import Card, Rank, Suit, card_points, parse_cards  # noqa: F401 - re-exported

__all__ = ["CardRefused", "Reason", "Seat", "TRICK_SIZE", "card_points", "check_trick", "follow_class",
           "is_trump", "legal_cards", "play_reason", "trick_winner"]

TRICK_SIZE = 3

#: Order of a plain suit from the highest down (ISkO 2.3.1/2.3.2): A 10 K Q 9 8 7 (jacks are trump there).
PLAIN_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
#: Order of a suit in Null from the highest down (ISkO 2.3.3): A K Q J 10 9 8 7.
NULL_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                                Rank.SEVEN)


class Seat(Enum):
    """The three seats of a game (ISkO 3.2): forehand leads first, then middlehand, then rearhand.

    The value (0, 1, 2) indexes per-seat tuples (``state.hands[seat.value]``); a plain Enum, so a seat never
    equals a number.
    """

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @property
    def next(self) -> "Seat":
        """The seat on this one's left, who plays after it: forehand -> middlehand -> rearhand -> forehand."""
        return Seat((self.value + 1) % 3)


class Reason(StrEnum):
    """Why a card may not be played: the code of the refusal's step (ISkO 2.3)."""

    FOLLOW_TRUMP = "skat.table.refused.follow_trump"
    FOLLOW_TRUMP_GRAND = "skat.table.refused.follow_trump_grand"
    FOLLOW_SUIT = "skat.table.refused.follow_suit"
    FOLLOW_SUIT_NO_JACK = "skat.table.refused.follow_suit_no_jack"
    FOLLOW_SUIT_NULL = "skat.table.refused.follow_suit_null"
    NOT_IN_HAND = "skat.table.refused.not_in_hand"


class CardRefused(RuleViolation):
    """A card that may not be played now (ISkO 2.3); ``reason`` names the rule, ``step`` says it in words.

    Attributes:
        reason: the :class:`Reason`.
    """

    def __init__(self, reason: Reason, english: str, **params: object) -> None:
        super().__init__(str(reason), english, **params)
        self.reason = reason


def is_trump(card: Card, game: GameType) -> bool:
    """True when ``card`` is a trump in ``game`` (ISkO 2.3): jacks and the trump suit; Grand: jacks; Null: none."""
    return card in TRUMP_ORDER.get(game, ())


def follow_class(card: Card, game: GameType) -> Suit | None:
    """The "suit" a card belongs to for following suit: None for trump, else its printed suit (ISkO 2.3)."""
    return None if is_trump(card, game) else card.suit


def _strength(card: Card, led: Suit | None, game: GameType) -> int:
    """Higher wins: trumps above everything, then cards of the led class, others never win (-1)."""
    trumps = TRUMP_ORDER.get(game, ())
    if card in trumps:
        return 100 + len(trumps) - trumps.index(card)
    if card.suit is not led:
        return -1
    order = NULL_ORDER if game.is_null else PLAIN_ORDER
    return len(order) - order.index(card.rank)


def check_trick(trick: Sequence[Card], full: bool = False) -> tuple[Card, ...]:
    """Check a trick's cards: distinct, at most 3 (exactly 3 when ``full``).

    Raises:
        NotationError: ``skat.table.error.trick_size`` for a wrong number of cards,
            ``skat.error.duplicate`` for a card given twice.
    """
    cards = tuple(trick)
    if len(cards) > TRICK_SIZE or (full and len(cards) != TRICK_SIZE):
        raise NotationError("skat.table.error.trick_size", f"a trick has 3 cards, not {len(cards)}",
                            count=len(cards))
    if len(set(cards)) != len(cards):
        card = next(c for i, c in enumerate(cards) if c in cards[:i])
        raise NotationError("skat.error.duplicate", f"duplicate card: {card}", token=str(card), card=card)
    return cards


def trick_winner(trick: Sequence[Card], game: GameType) -> int:
    """The index (0 = the led card) of the card that wins a trick (ISkO 2.3).

    Args:
        trick: 1 to 3 distinct cards, the led card first.
        game: the declared game.

    Raises:
        NotationError: as :func:`check_trick`; an empty trick has no winner.
    """
    cards = check_trick(trick)
    if not cards:
        raise NotationError("skat.table.error.trick_size", "a trick has 3 cards, not 0", count=0)
    led = follow_class(cards[0], game)
    strengths = [_strength(c, led, game) for c in cards]
    if led is None:  # trump led: every trump outranks, other cards cannot win
        strengths = [s if is_trump(c, game) else -1 for s, c in zip(strengths, cards)]
    return max(range(len(cards)), key=lambda i: strengths[i])


def legal_cards(hand: Iterable[Card], trick: Sequence[Card], game: GameType) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played on ``trick`` (ISkO 2.3), in the hand's order.

    A player must follow the led "suit" (trump counts as one suit: jacks and the trump suit in a suit game, the
    jacks in a Grand; in Null the jacks belong to their suits) if able; else any card. Leading: any card.
    """
    cards = tuple(hand)
    if not trick:
        return cards
    led = follow_class(trick[0], game)
    same = tuple(c for c in cards if follow_class(c, game) is led)
    return same or cards


def play_reason(hand: Iterable[Card], trick: Sequence[Card], game: GameType, card: Card) -> Step | None:
    """Why ``card`` may not be played from ``hand`` on ``trick``: a :class:`Step` coded by :class:`Reason`, or None.

    The step names the rule a child breaks most often: "you must follow trump: jacks are trumps".
    """
    cards = tuple(hand)
    if card not in cards:
        return Step(Reason.NOT_IN_HAND, card=card)
    if card in legal_cards(cards, trick, game):
        return None
    led_card = trick[0]
    led = follow_class(led_card, game)
    if led is None:
        code = Reason.FOLLOW_TRUMP_GRAND if game is GameType.GRAND else Reason.FOLLOW_TRUMP
        return Step(code, led=led_card, card=card, trump=game)
    if card.is_jack and not game.is_null:
        return Step(Reason.FOLLOW_SUIT_NO_JACK, led=led_card, card=card, suit=led)
    if game.is_null:
        return Step(Reason.FOLLOW_SUIT_NULL, led=led_card, card=card, suit=led)
    return Step(Reason.FOLLOW_SUIT, led=led_card, card=card, suit=led)


def check_play(hand: Iterable[Card], trick: Sequence[Card], game: GameType, card: Card) -> None:
    """Raise :class:`CardRefused` (a RuleViolation, 409) when ``card`` may not be played (ISkO 2.3)."""
    step = play_reason(hand, trick, game, card)
    if step is not None:
        raise CardRefused(Reason(step.code), f"{card} may not be played now ({step.code})", **step.as_dict())
