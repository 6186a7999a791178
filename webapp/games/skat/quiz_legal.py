"""Quiz kind "Skat: which cards may you play?": follow suit with the jacks as trumps (ISkO 2.3).

The question is the declared game, the trick so far (1 or 2 cards, the led card first) and the child's hand;
the answer is every card of the hand that may be played now (check boxes: the child taps the cards). The
engine is :func:`webapp.games.skat.play.legal_cards`: the led card asks for its "suit", where in a suit game
the four jacks and the trump suit are one suit (trump), in a Grand the jacks alone, and in Null the jacks
belong to their printed suits; who holds that suit must play one of it, else any card.

Fair questions: :func:`generate` decides first whether the hand can follow (:data:`FOLLOW_SHARE`), then deals
the trick and the hand at random until they fit that and the difficulty:

* ``easy``: a suit game, no jack anywhere, one card on the table, 4 to 6 cards in the hand.
* ``normal``: any game (a few Grands and Nulls), jacks wherever the deal puts them.
* ``hard``: Grands and Nulls as often as suit games, and always a trap (:func:`traps`, :data:`TRAPS`): a jack
  led, a jack in the hand while a plain suit is led, trump led by a plain card while the hand holds jacks, or a
  trump played second on a plain suit.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.core.quizkind import Checked, Field, Question, Shown, step_index
from webapp.core.steps import RuleInputError, Step
from webapp.games.skat import play
from webapp.games.skat.official import GameType
from webapp.games.skat.quiz_table import (card_field, deck_order, distinct, game_step, led_step, narrowed, pick_game,
                                          read_cards, read_game)
from webapp.games.skat.rules import DECK, Card, Rank, parse_card

NAME = "skat_legal"
TITLE = "quiz.kind.skat_legal"

#: Share of questions whose hand holds a card of the led suit (else every card may be played).
FOLLOW_SHARE = 0.7
#: The hand's size, lowest and highest, by difficulty.
HAND_SIZES: Mapping[str, tuple[int, int]] = {"easy": (4, 6), "normal": (5, 8), "hard": (6, 10)}

FIELDS = (card_field("cards", "quiz.field.legal_cards", multiple=True),)


@dataclass(frozen=True)
class LegalQuestion(Question):
    """Which cards of ``hand`` may be played on ``trick`` in ``game`` (ISkO 2.3)?

    Attributes:
        game: the declared game (a suit game, Grand or Null).
        trick: the 1 or 2 cards already played, the led card first.
        hand: the child's 1 to 10 cards, in deck order, none of them in the trick.

    JSON form: ``{"game": "hearts", "trick": ["9H"], "hand": ["JC", "AS", "KH"]}``.
    """

    game: GameType
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {"game": self.game.value, "trick": [str(c) for c in self.trick], "hand": [str(c) for c in self.hand]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LegalQuestion:
        """The question of its JSON form; the hand is put in deck order.

        Raises:
            RuleInputError: an unknown game or card, a card twice, 0 or over 2 cards in the trick, 0 or over
                10 in the hand.
            KeyError: a key is missing.
        """
        trick, hand = read_cards(data["trick"], 1, 2), read_cards(data["hand"], 1, 10)
        distinct(trick, hand)
        return cls(read_game(data["game"]), trick, deck_order(hand))


#: The kind's question class.
QUESTION = LegalQuestion


def can_follow(question: LegalQuestion) -> bool:
    """True when the hand holds a card of the led "suit" (trump counts as one suit; ISkO 2.3)."""
    led = play.follow_class(question.trick[0], question.game)
    return any(play.follow_class(card, question.game) is led for card in question.hand)


def traps(question: LegalQuestion) -> set[str]:
    """The traps of a question, the mistakes beginners make most (ISkO 2.3):

    ``jack_led`` (a jack asks for trump in a suit game and a Grand, for its suit in Null), ``jack_in_suit`` (the
    hand holds a jack while a plain suit is led: it does not follow in a suit game or a Grand, it does in Null),
    ``trump_led`` (a plain trump led while the hand holds jacks: they must follow), ``second_trump`` (a trump
    played second on a plain suit: only the led card counts).
    """
    game, led = question.game, question.trick[0]
    found = set()
    if led.is_jack:
        found.add("jack_led")
    if game.is_null and Card(Rank.JACK, led.suit) in question.hand:
        found.add("jack_in_suit")
    if not game.is_null and not play.is_trump(led, game) and any(c.is_jack for c in question.hand):
        found.add("jack_in_suit")
    if play.is_trump(led, game) and not led.is_jack and any(c.is_jack for c in question.hand):
        found.add("trump_led")
    if len(question.trick) == 2 and not play.is_trump(led, game) and play.is_trump(question.trick[1], game):
        found.add("second_trump")
    return found


#: The traps of ``hard`` questions (:func:`traps`); each question is built for one of them, chosen evenly.
TRAPS = ("jack_led", "jack_in_suit", "trump_led", "second_trump")


def _fits(question: LegalQuestion, difficulty: str, follow: bool, trap: str) -> bool:
    if can_follow(question) != follow:
        return False
    if difficulty == "easy":
        return not any(c.is_jack for c in question.trick + question.hand)
    return difficulty != "hard" or trap in traps(question)


def generate(rng: random.Random, difficulty: str) -> LegalQuestion:
    """A fair random question (see the module docstring); the hand in deck order. Whether the hand can follow
    is drawn first (:data:`FOLLOW_SHARE`); a ``hard`` question is built for one of :data:`TRAPS`, drawn evenly."""
    follow = rng.random() < FOLLOW_SHARE
    trap = rng.choice(TRAPS)
    if difficulty == "hard" and trap == "trump_led":
        follow = True  # the hand's jacks follow a trump lead
    low, high = HAND_SIZES[difficulty]
    while True:
        game = pick_game(rng, difficulty)
        on_table = 1 if difficulty == "easy" or rng.random() < 0.5 else 2
        cards = rng.sample(DECK, on_table + rng.randint(low, high))
        question = LegalQuestion(game, tuple(cards[:on_table]), deck_order(cards[on_table:]))
        if _fits(question, difficulty, follow, trap):
            return question


def _legal(question: LegalQuestion) -> tuple[Card, ...]:
    return deck_order(play.legal_cards(question.hand, question.trick, question.game))


def explain(question: LegalQuestion | Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps to the answer: which cards are trumps, what the led card asks for, what the second card
    changes (nothing), where the jacks belong, and which cards of the hand follow (ISkO 2.3)."""
    question = LegalQuestion.of(question)
    game, led = question.game, question.trick[0]
    led_class = play.follow_class(led, game)
    steps = [game_step(game), led_step(led, game)]
    if len(question.trick) == 2 and play.follow_class(question.trick[1], game) is not led_class:
        steps.append(Step("skat.quiz.second", card=question.trick[1]))
    jacks = tuple(c for c in question.hand if c.is_jack)
    if led_class is not None and jacks and not game.is_null:
        steps.append(Step("skat.quiz.jacks_not_suit", jacks=jacks, suit=led_class, count=len(jacks)))
    if game.is_null and not led.is_jack and Card(Rank.JACK, led.suit) in question.hand:
        steps.append(Step("skat.quiz.null_jack", card=Card(Rank.JACK, led.suit), suit=led.suit))
    following = tuple(c for c in question.hand if play.follow_class(c, game) is led_class)
    if following:
        steps.append(Step("skat.quiz.hold.follow", cards=following, count=len(following)))
    elif led_class is None:
        steps.append(Step("skat.quiz.hold.no_trump"))
    else:
        steps.append(Step("skat.quiz.hold.no_suit", suit=led_class))
    return tuple(steps)


def solve(question: LegalQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"cards": [codes of the playable cards, in deck order]}``.

    ``question`` may also be given in its JSON form (:meth:`LegalQuestion.from_json`), as in every function here.
    """
    return {"cards": [str(c) for c in _legal(LegalQuestion.of(question))]}


def _picked(answer: Mapping[str, Any]) -> tuple[set[Card], bool]:
    """The cards of an answer and whether every code in it was a card."""
    codes = answer.get("cards") or []
    cards: set[Card] = set()
    for code in codes if isinstance(codes, (list, tuple)) else [codes]:
        try:
            cards.add(parse_card(str(code)))
        except RuleInputError:
            return cards, False
    return cards, True


def _wrong_step(question: LegalQuestion, steps: tuple[Step, ...], card: Card) -> int | None:
    """The step of the rule that the first wrong card breaks: where the jacks belong, else what follows."""
    led_is_trump = play.is_trump(question.trick[0], question.game)
    if card.is_jack and question.game.is_null:
        return step_index(steps, "skat.quiz.null_jack", "skat.quiz.hold.")
    if card.is_jack and not led_is_trump:
        return step_index(steps, "skat.quiz.jacks_not_suit")
    if led_is_trump and play.is_trump(card, question.game):
        return step_index(steps, "skat.quiz.game.")  # a jack or a card of the trump suit left out: it is a trump
    return step_index(steps, "skat.quiz.hold.")


def check(question: LegalQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's cards with the playable ones (ISkO 2.3).

    A wrong answer gets, after the explanation, the cards picked wrongly (one step) with the reason the first
    of them may not be played (:func:`webapp.games.skat.play.play_reason`), and the cards left out. The marked
    step is the rule the first wrong card of the hand breaks: the jacks being trumps (a jack picked on a plain
    suit, or left out when trump is led), a jack belonging to its suit in Null, else which cards follow.
    """
    question = LegalQuestion.of(question)
    legal = _legal(question)
    picked, readable = _picked(answer)
    steps = explain(question)
    expected = {"cards": [str(c) for c in legal]}
    if readable and picked == set(legal):
        return Checked(True, expected, steps)
    wrong = [c for c in question.hand if (c in picked) != (c in legal)]
    refused = tuple(c for c in question.hand if c in picked and c not in legal)
    missed = tuple(c for c in legal if c not in picked)
    extra: tuple[Step, ...] = ()
    if refused:  # the cards picked wrongly, then the rule, shown on the first of them
        extra += (Step("skat.quiz.legal.refused", cards=refused, count=len(refused)),)
        reason = play.play_reason(question.hand, question.trick, question.game, refused[0])
        extra += (reason,) if reason is not None else ()
    if missed:
        extra += (Step("skat.quiz.legal.missed", cards=missed, count=len(missed)),)
    wrong_step = _wrong_step(question, steps, wrong[0]) if wrong else None
    return Checked(False, expected, steps + extra, wrong_step)


def describe(answer: dict[str, Any]) -> Step:
    """The picked cards as a step (their chips, in deck order)."""
    cards, _ = _picked(answer)
    return Step("skat.quiz.answer.cards", cards=deck_order(cards))


def fields_for(question: LegalQuestion | Mapping[str, Any]) -> tuple[Field, ...]:
    """The answer form of this question: a check box for each card of the hand, drawn as the card."""
    return (narrowed(FIELDS[0], LegalQuestion.of(question).hand),)


def show(question: LegalQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The declared game (no cards), the trick so far, the hand (the answer form draws it as buttons)."""
    question = LegalQuestion.of(question)
    return (
        Shown("skat", Step("quiz.show.declared", game=question.game), ()),
        Shown("skat", Step("skat.quiz.show.trick"), question.trick),
        Shown("skat", Step("skat.quiz.show.hand"), question.hand, answer="cards"),
    )
