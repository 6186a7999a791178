"""Quiz kind "Skat official value": what is this declared game worth by the ISkO?

The question is the declarer's 10 cards, the 2 skat cards and a declared
suit game or Grand (with or without Hand); the answer is the game value won
at the declared level. The engine is
:func:`webapp.games.skat.official.game_value` (ISkO 2.4 matadors over hand
and skat, ISkO 5.1 base values, ISkO 5.2 multiplier).

Fair questions: :func:`generate` chooses the game, "with" or "without"
(about half each), the number of matadors and whether the skat is to change
the matadors, builds 12 cards with exactly that run (the card after the run
is the opposite: held for "without", missing for "with"), and then picks the
2 skat cards so that they change the matadors or not, as chosen; the engine
confirms. By difficulty (:data:`MIX`): ``easy`` has suit games without Hand
and with at most 3 matadors, the skat never changing them; ``hard`` has many
Grands, Hand games and skats that change the matadors.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.games.skat import rules as skat
from webapp.games.skat import official as so
from webapp.core.steps import Step
from webapp.core.quizkind import Checked, Field, Question, Shown, step_index

NAME = "skat_official"
TITLE = "quiz.kind.skat_official"

#: Per difficulty: share of Grands, share of Hand games, share of skats that
#: change the matadors, the most matadors in a suit game.
MIX: dict[str, dict[str, float]] = {
    "easy": {"grand": 0.0, "hand": 0.0, "skat_changes": 0.0, "max_run": 3},
    "normal": {"grand": 0.2, "hand": 0.25, "skat_changes": 0.25, "max_run": 5},
    "hard": {"grand": 0.35, "hand": 0.5, "skat_changes": 0.5, "max_run": 7},
}

FIELDS = (Field("value", "quiz.field.official_value", low=1, high=999),)


@dataclass(frozen=True)
class OfficialQuestion(Question):
    """A declared game to value by the ISkO: the declarer's 10 cards, the skat, the game, Hand or not.

    Attributes:
        hand: the declarer's 10 cards, in deck order.
        skat: the 2 skat cards.
        game: the declared game (never Null).
        hand_game: True for a Hand game (ISkO 5.2: one more multiplier level).

    JSON form: ``{"hand": [10 card codes], "skat": [2 card codes], "game": "clubs", "hand_game": False}``.
    """

    hand: tuple[skat.Card, ...]
    skat: tuple[skat.Card, ...]
    game: so.GameType
    hand_game: bool

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring): cards in the skat notation, ``game`` a GameType value."""
        return {"hand": [str(c) for c in self.hand], "skat": [str(c) for c in self.skat],
                "game": self.game.value, "hand_game": self.hand_game}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OfficialQuestion:
        """The question of its JSON form; RuleInputError for bad cards, ValueError for an unknown game."""
        return cls(skat.parse_hand(data["hand"]), skat.parse_cards(data["skat"]), so.GameType(data["game"]),
                   bool(data["hand_game"]))


#: The kind's question class.
QUESTION = OfficialQuestion


def _twelve(rng: random.Random, game: so.GameType, with_: bool, run: int) -> list[skat.Card]:
    """12 cards (hand and skat) that are ``with``/``without`` ``run`` in ``game`` (ISkO 2.4.1)."""
    order = so.TRUMP_ORDER[game]
    cards = list(order[:run]) if with_ else []
    if not with_ and run < len(order):
        cards.append(order[run])  # the trump that ends a "without" run
    lower = list(order[run + 1:])
    if game is so.GameType.GRAND:
        cards += [jack for jack in lower if rng.random() < 0.5]
    else:  # a suit game: 5 to 7 trumps in all
        wanted = rng.randint(5, 7)
        cards += rng.sample(lower, max(0, min(len(lower), wanted - len(cards))))
    others = [c for c in skat.DECK if c not in order]
    return cards + rng.sample(others, 12 - len(cards))


def _split(rng: random.Random, game: so.GameType, twelve: list[skat.Card], change: bool):
    """Hand and skat from the 12 cards, the skat changing the matadors or not; None if impossible."""
    pairs = [(i, j) for i in range(12) for j in range(i + 1, 12)]
    rng.shuffle(pairs)
    for i, j in pairs:
        skat_cards = (twelve[i], twelve[j])
        hand = [c for c in twelve if c not in skat_cards]
        if bool(so.count_matadors(game, hand, skat_cards).from_skat) == change:
            return hand, skat_cards
    return None


def generate(rng: random.Random, difficulty: str) -> OfficialQuestion:
    """A fair random question (see the module docstring): the hand in deck order, the game never Null."""
    mix = MIX[difficulty]
    grand = rng.random() < mix["grand"]
    game = so.GameType.GRAND if grand else rng.choice(so.SUIT_GAMES)
    hand_game = rng.random() < mix["hand"]
    change = rng.random() < mix["skat_changes"]
    with_ = rng.random() < 0.5
    top = 4 if grand else int(mix["max_run"])
    if grand and not with_:
        top = 3  # "without 4" in a Grand would be a Grand without any jack
    run = rng.randint(1, top)
    while True:
        split = _split(rng, game, _twelve(rng, game, with_, run), change)
        if split is not None:
            hand, skat_cards = split
            break
    return OfficialQuestion(tuple(sorted(hand, key=skat.DECK.index)), tuple(skat_cards), game, hand_game)


def _value(question: OfficialQuestion | Mapping[str, Any]) -> so.GameValue:
    question = OfficialQuestion.of(question)
    declaration, _ = so.declare(question.game, hand=question.hand_game)
    return so.game_value(question.hand, question.skat, declaration)


def solve(question: OfficialQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"value": int}``, the game value won at the declared level (ISkO 5.2).

    ``question`` may also be given in its JSON form (:meth:`OfficialQuestion.from_json`), as in every function here.
    """
    return {"value": _value(question).value}


def check(question: OfficialQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's value with the engine's; mark the step that went wrong when it can be told.

    * Not a multiple of the base value: the base-value step (ISkO 5.1).
    * When the skat changed the matadors: base x a multiplier whose matadors
      are those of the 10 cards alone (the family rule's habit of not looking
      at the skat): the step saying that the skat changed them (ISkO 2.4).
    * Base x (the right multiplier - 1) in a Hand game: the Hand step (forgot Hand).
    * Base x (the right multiplier - 1) otherwise: the "+ 1 for the game" step.
    * Any other multiple of the base value: the matadors step (with/without N).
    """
    result = _value(question)
    expected = {"value": result.value}
    value = answer.get("value")
    correct = value == result.value
    wrong = None
    if not correct and isinstance(value, int):
        steps, matadors = result.steps, result.matadors
        levels = len(result.levels)
        if value % result.base:
            wrong = step_index(steps, "skat.official.base")
        elif matadors and matadors.without_skat and value // result.base - levels == matadors.without_skat[1]:
            wrong = step_index(steps, "skat.official.matadors.skat_changed")
        elif value // result.base == result.multiplier - 1:
            wrong = step_index(steps, "skat.official.level.hand" if result.declaration.hand else "skat.official.level.game")
        else:
            wrong = step_index(steps, "skat.official.matadors.with", "skat.official.matadors.without")
    return Checked(correct, expected, result.steps, wrong)


def describe(answer: dict[str, Any]) -> Step:
    """``"Game value 48"`` as a step."""
    return Step("quiz.official.value", value=answer.get("value"))


def show(question: OfficialQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The declared game (no cards), the declarer's 10 cards in deck order, the skat."""
    question = OfficialQuestion.of(question)
    declared = Step("quiz.show.declared_hand" if question.hand_game else "quiz.show.declared", game=question.game)
    skat_caption = "quiz.show.skat_hand" if question.hand_game else "quiz.show.skat"
    return (
        Shown("skat", declared, ()),
        Shown("skat", Step("quiz.show.hand"), question.hand),
        Shown("skat", Step(skat_caption), question.skat),
    )
