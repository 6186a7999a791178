"""What the two Skat table quiz kinds share: the game of a question, its first explanation steps, card buttons.

The kinds are :mod:`.quiz_legal` ("Which cards may you play?") and :mod:`.quiz_trick` ("Who wins this
trick?"); both ask about trick play by the ISkO (2.3: following suit with the jacks as trumps, the trick
winner; 1.2.2 card points), with :mod:`.play` as the engine. Pure: no Flask.

* :func:`pick_game`: the declared game by difficulty (:data:`GAME_MIX`): ``easy`` only suit games, ``hard``
  as many Grands and Nulls as suit games, where the jacks change their place.
* :func:`game_step` / :func:`led_step`: "In a Clubs game the trumps are ..." and "JH was led: it is a trump".
* :func:`card_field`: an answer field whose buttons are cards (all 32 in deck order; a question narrows it
  to its own cards with :func:`narrowed`), so an answer names cards by their code (``"JC"``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Iterable, Mapping, Sequence

from webapp.core.quizkind import Choice, Field
from webapp.core.steps import NotationError, Step
from webapp.games.skat import play
from webapp.games.skat.official import TRUMP_ORDER, GameType, SUIT_GAMES
from webapp.games.skat.rules import DECK, Card, Suit, parse_cards

__all__ = ["GAME_MIX", "card_field", "deck_order", "distinct", "game_step", "led_step", "narrowed", "pick_game",
           "read_cards", "read_game", "suit_order", "trump_order"]

#: Per difficulty: the chance of a Grand and of a Null (the rest: the four suit games, evenly).
GAME_MIX: Mapping[str, tuple[float, float]] = {"easy": (0.0, 0.0), "normal": (0.2, 0.15), "hard": (0.3, 0.3)}


def pick_game(rng: random.Random, difficulty: str) -> GameType:
    """The declared game of a question: Grand, Null or a suit game by :data:`GAME_MIX` (``rng`` decides)."""
    grand, null = GAME_MIX[difficulty]
    toss = rng.random()
    if toss < grand:
        return GameType.GRAND
    if toss < grand + null:
        return GameType.NULL
    return rng.choice(SUIT_GAMES)


def deck_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` sorted as the deck is (clubs, spades, hearts, diamonds; A K Q J 10 9 8 7 in each suit)."""
    return tuple(sorted(cards, key=DECK.index))


def trump_order(game: GameType) -> tuple[Card, ...]:
    """The trumps of ``game`` from the highest down (ISkO 2.3): JC JS JH JD A 10 K Q 9 8 7; Grand: the jacks."""
    return TRUMP_ORDER.get(game, ())


def suit_order(suit: Suit, game: GameType) -> tuple[Card, ...]:
    """The cards of ``suit`` that are no trump, from the highest down (ISkO 2.3): A 10 K Q 9 8 7 (the jacks
    are trumps); in Null all eight, A K Q J 10 9 8 7."""
    ranks = play.NULL_ORDER if game.is_null else play.PLAIN_ORDER
    return tuple(Card(rank, suit) for rank in ranks)


def game_step(game: GameType) -> Step:
    """Which cards are trumps in ``game`` (ISkO 2.3): the jacks and the trump suit; Grand: the jacks; Null: none."""
    if game is GameType.GRAND:
        return Step("skat.quiz.game.grand", jacks=trump_order(game))
    if game.is_null:
        return Step("skat.quiz.game.null")
    return Step("skat.quiz.game.suit", game=game, suit=game.suit)


def led_step(led: Card, game: GameType) -> Step:
    """What the led card asks for (ISkO 2.3): trump, or its suit."""
    if play.is_trump(led, game):
        return Step("skat.quiz.led.trump", led=led)
    return Step("skat.quiz.led.suit", led=led, suit=led.suit)


def card_field(name: str, label: str, multiple: bool = False) -> Field:
    """An answer field whose buttons are the 32 cards (deck order), each drawn as the card; value: its code."""
    return Field(name, label, tuple(Choice(str(c), Step("quiz.choice.card", card=c), card=c) for c in DECK),
                 multiple=multiple)


def narrowed(field: Field, cards: Sequence[Card]) -> Field:
    """``field`` with only the buttons of ``cards``, in that order (a question's own answer form)."""
    by_value = {c.value: c for c in field.choices}
    return dataclasses.replace(field, choices=tuple(by_value[str(card)] for card in cards))


def read_game(text: Any) -> GameType:
    """The game of a question's JSON form (``"clubs"``, ``"grand"``, ``"null"``).

    Raises:
        NotationError: ``skat.quiz.error.game`` for anything else.
    """
    try:
        return GameType(text)
    except ValueError:
        raise NotationError("skat.quiz.error.game", f"no Skat game: {text!r}", token=str(text)[:20]) from None


def read_cards(codes: Any, low: int, high: int) -> tuple[Card, ...]:
    """``low`` to ``high`` distinct cards from a list of card codes (a question's JSON form).

    Raises:
        RuleInputError: ``skat.error.unknown`` / ``skat.error.duplicate`` (the parser); NotationError:
            ``skat.quiz.error.count`` for a wrong number of cards.
    """
    cards = parse_cards([str(code) for code in codes] if isinstance(codes, (list, tuple)) else str(codes))
    if not low <= len(cards) <= high:
        raise NotationError("skat.quiz.error.count", f"{len(cards)} cards, not {low} to {high}",
                            low=low, high=high, count=len(cards))
    return cards


def distinct(*groups: Sequence[Card]) -> None:
    """Check that no card is in two of ``groups`` (a hand and a trick).

    Raises:
        NotationError: ``skat.error.duplicate`` naming the card.
    """
    seen: set[Card] = set()
    for group in groups:
        for card in group:
            if card in seen:
                raise NotationError("skat.error.duplicate", f"duplicate card: {card}", token=str(card), card=card)
            seen.add(card)
