"""Quiz kind "Skat: who wins this trick?": the highest trump, else the highest card of the led suit (ISkO 2.3).

The question is the declared game and a whole trick (3 cards in the order played, the led card first); the
answer is the card that wins it, and the explanation ends with the trick's card points (ISkO 1.2.2: ace 11,
ten 10, king 4, queen 3, jack 2). The engine is :func:`webapp.games.skat.play.trick_winner` and
:func:`webapp.games.skat.play.card_points`.

Fair questions: :func:`generate` picks the winning position first (each of the three about equally often), then
deals tricks at random until one fits it and the difficulty:

* ``easy``: a suit game, no jack, a plain suit led, at most one trump in the trick.
* ``normal``: any game (a few Grands and Nulls), jacks wherever the deal puts them.
* ``hard``: Grands and Nulls as often as suit games, and always a trap (:func:`traps`, :data:`TRAPS`): a jack led, a jack on
  a plain suit, a ten against a king (or, in Null, a ten against a jack), or an ace or ten that cannot win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.core.quizkind import Checked, Field, Question, Shown, step_index
from webapp.core.steps import RuleInputError, Step
from webapp.games.skat import play
from webapp.games.skat.official import GameType
from webapp.games.skat.quiz_table import (card_field, game_step, led_step, narrowed, pick_game, read_cards,
                                          read_game, suit_order, trump_order)
from webapp.games.skat.rules import CARD_POINTS, DECK, SUITS, Card, Rank, card_points, parse_card

NAME = "skat_trick"
TITLE = "quiz.kind.skat_trick"

FIELDS = (card_field("winner", "quiz.field.trick_winner"),)


@dataclass(frozen=True)
class TrickQuestion(Question):
    """Which card wins ``trick`` in ``game`` (ISkO 2.3)?

    Attributes:
        game: the declared game (a suit game, Grand or Null).
        trick: the 3 cards in the order played, the led card first.

    JSON form: ``{"game": "grand", "trick": ["0H", "AH", "JD"]}``.
    """

    game: GameType
    trick: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {"game": self.game.value, "trick": [str(c) for c in self.trick]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrickQuestion:
        """The question of its JSON form.

        Raises:
            RuleInputError: an unknown game or card, a card twice, not 3 cards.
            KeyError: a key is missing.
        """
        return cls(read_game(data["game"]), read_cards(data["trick"], 3, 3))


#: The kind's question class.
QUESTION = TrickQuestion


def _kind(card: Card, game: GameType) -> object:
    """What a card counts as in a trick: ``"trump"``, or its suit (ISkO 2.3)."""
    return "trump" if play.is_trump(card, game) else card.suit


def _winner(question: TrickQuestion) -> Card:
    return question.trick[play.trick_winner(question.trick, question.game)]


def traps(question: TrickQuestion) -> set[str]:
    """The traps of a trick, the mistakes beginners make most (ISkO 2.3):

    ``jack_led`` (a jack leads: trump in a suit game and a Grand, its suit in Null), ``jack_on_suit`` (a jack
    played on a plain suit: a trump, except in Null), ``ten_king`` (a ten and a king of the led suit or of
    trump compete: the ten is higher; in Null ``ten_jack``: the ten is lower than the jack), ``high_loses`` (an
    ace or a ten that does not win, as it neither follows nor is a trump).
    """
    game, trick = question.game, question.trick
    led_class = play.follow_class(trick[0], game)
    found = set()
    if trick[0].is_jack:
        found.add("jack_led")
    if led_class is not None and not game.is_null and any(c.is_jack for c in trick[1:]):
        found.add("jack_on_suit")
    winner = _winner(question)
    competing = {(c.rank, c.suit) for c in trick if _kind(c, game) == _kind(winner, game)}
    if not game.is_null and any({(Rank.TEN, s), (Rank.KING, s)} <= competing for s in {c.suit for c in trick}):
        found.add("ten_king")
    if game.is_null and {(Rank.TEN, trick[0].suit), (Rank.JACK, trick[0].suit)} <= competing:
        found.add("ten_jack")
    if any(c.rank in (Rank.ACE, Rank.TEN) and c != winner and play.follow_class(c, game) is not led_class
           and not play.is_trump(c, game) for c in trick):
        found.add("high_loses")
    return found


#: The traps of ``hard`` questions (:func:`traps`); each question is built for one of them, chosen evenly.
TRAPS = ("jack_led", "jack_on_suit", "ten_king", "ten_jack", "high_loses")


def _fits(question: TrickQuestion, difficulty: str, position: int, trap: str) -> bool:
    if play.trick_winner(question.trick, question.game) != position:
        return False
    if difficulty == "easy":
        led = question.trick[0]
        trumps = sum(play.is_trump(c, question.game) for c in question.trick)
        return not any(c.is_jack for c in question.trick) and not play.is_trump(led, question.game) and trumps <= 1
    return difficulty != "hard" or trap in traps(question)


def generate(rng: random.Random, difficulty: str) -> TrickQuestion:
    """A fair random question (see the module docstring): the winner's position is drawn first, evenly; a
    ``hard`` question is built for one of :data:`TRAPS`, drawn evenly (``ten_jack`` is a Null)."""
    position = rng.randrange(3)
    trap = rng.choice(TRAPS)
    if difficulty == "hard" and trap == "jack_on_suit" and position == 0:
        position = rng.randrange(1, 3)  # a jack played on a plain suit is a trump: the led card cannot win
    while True:
        game = GameType.NULL if difficulty == "hard" and trap == "ten_jack" else pick_game(rng, difficulty)
        cards = rng.sample(DECK, 3)
        if difficulty == "hard" and trap in ("ten_king", "ten_jack"):  # deal the pair, then one more card
            suit = rng.choice(SUITS)
            pair = [Card(Rank.TEN, suit), Card(Rank.KING if trap == "ten_king" else Rank.JACK, suit)]
            cards = pair + [rng.choice([c for c in DECK if c not in pair])]
            rng.shuffle(cards)
        question = TrickQuestion(game, tuple(cards))
        if _fits(question, difficulty, position, trap):
            return question


def _card_step(card: Card, led: Card, game: GameType) -> Step:
    """What a card played on ``led`` can do: it is a trump, it follows, or it cannot win (ISkO 2.3)."""
    led_class = play.follow_class(led, game)
    if play.is_trump(card, game):
        if card.is_jack and led_class is not None:
            return Step("skat.quiz.card.jack_trump", card=card, suit=led_class)
        return Step("skat.quiz.card.trump", card=card)
    if play.follow_class(card, game) is led_class:
        if game.is_null and card.is_jack:
            return Step("skat.quiz.card.null_jack", card=card, suit=led_class)
        return Step("skat.quiz.card.follows", card=card, suit=led_class)
    if led_class is None:
        return Step("skat.quiz.card.no_trump", card=card)
    return Step("skat.quiz.card.off_null" if game.is_null else "skat.quiz.card.off", card=card, suit=led_class)


def _win_step(question: TrickQuestion, winner: Card) -> Step:
    """Why the winner wins: the only or highest trump, else the only or highest card of the led suit."""
    game, trick = question.game, question.trick
    trumps = [c for c in trick if play.is_trump(c, game)]
    if len(trumps) == 1:
        return Step("skat.quiz.win.only_trump", card=winner)
    if trumps:
        return Step("skat.quiz.win.trump", card=winner, order=trump_order(game))
    suit = trick[0].suit
    if sum(play.follow_class(c, game) is suit for c in trick) == 1:
        code = "skat.quiz.win.only_suit_null" if game.is_null else "skat.quiz.win.only_suit"
        return Step(code, card=winner, suit=suit)
    code = "skat.quiz.win.suit_null" if game.is_null else "skat.quiz.win.suit"
    return Step(code, card=winner, suit=suit, order=suit_order(suit, game))


def explain(question: TrickQuestion | Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps to the answer: which cards are trumps, what the led card asks for, what each other card can
    do, why the winner wins (with the order of the cards that compete), and the trick's card points."""
    question = TrickQuestion.of(question)
    game, trick = question.game, question.trick
    winner = _winner(question)
    steps = [game_step(game), led_step(trick[0], game)]
    steps += [_card_step(card, trick[0], game) for card in trick[1:]]
    steps.append(_win_step(question, winner))
    points = {name: CARD_POINTS[card.rank] for name, card in zip(("pa", "pb", "pc"), trick)}
    steps.append(Step("skat.quiz.points", a=trick[0], b=trick[1], c=trick[2], points=card_points(trick),
                      card=winner, **points))
    return tuple(steps)


def solve(question: TrickQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"winner": code of the winning card}``.

    ``question`` may also be given in its JSON form (:meth:`TrickQuestion.from_json`), as in every function here.
    """
    return {"winner": str(_winner(TrickQuestion.of(question)))}


def check(question: TrickQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's card with the winner (ISkO 2.3); mark the step that went wrong.

    * A card that cannot win (it neither follows nor is a trump): that card's step.
    * A card of another kind than the winner (a plain card against a trump): the winner's step (the led
      card's step when the winner was led).
    * A card of the same kind (two trumps, two cards of the led suit): the step with their order.
    """
    question = TrickQuestion.of(question)
    winner = _winner(question)
    steps = explain(question)
    expected = {"winner": str(winner)}
    try:
        picked = parse_card(str(answer.get("winner", "")))
    except RuleInputError:
        picked = None
    if picked == winner:
        return Checked(True, expected, steps)
    wrong = None
    if picked in question.trick:
        game, trick = question.game, question.trick
        at = trick.index(picked)
        if at and steps[1 + at].code in ("skat.quiz.card.off", "skat.quiz.card.off_null", "skat.quiz.card.no_trump"):
            wrong = 1 + at
        elif _kind(picked, game) != _kind(winner, game):
            wrong = 1 + trick.index(winner)
        else:
            wrong = step_index(steps, "skat.quiz.win.")
    return Checked(False, expected, steps, wrong)


def describe(answer: dict[str, Any]) -> Step:
    """``"JD wins the trick"`` as a step (the card as its chip)."""
    try:
        return Step("skat.quiz.answer.winner", card=parse_card(str(answer.get("winner", ""))))
    except RuleInputError:
        return Step("skat.quiz.answer.none")


def fields_for(question: TrickQuestion | Mapping[str, Any]) -> tuple[Field, ...]:
    """The answer form of this question: a button for each card of the trick, in the order played."""
    return (narrowed(FIELDS[0], TrickQuestion.of(question).trick),)


def show(question: TrickQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The declared game (no cards) and the trick in the order played (the answer form draws it as buttons)."""
    question = TrickQuestion.of(question)
    return (
        Shown("skat", Step("quiz.show.declared", game=question.game), ()),
        Shown("skat", Step("skat.quiz.show.full_trick"), question.trick, answer="winner"),
    )
