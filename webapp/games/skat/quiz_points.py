"""Quiz kind "Skat: count the card points": how many card points are these cards worth (ISkO 1.2.2)?

Card points (ISkO 1.2.2): ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and seven 0; the 32 cards hold
120 points. The declarer's points include the skat. The engine is :func:`webapp.games.skat.rules.card_points`.

The question is the skat (0 or 2 cards) and one or more tricks of 3 cards; the answer is their card points. By
difficulty: ``easy`` one trick; ``normal`` a skat and a trick; ``hard`` the skat and the declarer's tricks of a
whole game (3 to 7 tricks). The explanation counts card by card, a step for the skat and each trick, then adds up.

:func:`point_steps` (the counting steps) and :class:`PointsQuestion` are shared with :mod:`.quiz_result`
("who won the game?").
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from webapp.core.quizkind import Checked, Field, Question, Shown, step_index
from webapp.core.steps import NotationError, Step
from webapp.games.skat.quiz_table import distinct, read_cards
from webapp.games.skat.rules import CARD_POINTS, DECK, Card, card_points

NAME = "skat_points"
TITLE = "quiz.kind.skat_points"

FIELDS = (Field("points", "quiz.field.card_points", low=0, high=120),)

#: Per difficulty: (skat cards, fewest tricks, most tricks).
SIZES: Mapping[str, tuple[int, int, int]] = {"easy": (0, 1, 1), "normal": (2, 1, 1), "hard": (2, 3, 7)}
#: The card point values a child may give a card by mistake (ISkO 1.2.2's values).
_VALUES = frozenset(CARD_POINTS.values())


@dataclass(frozen=True)
class PointsQuestion(Question):
    """Cards to count: the skat (none or 2 cards) and tricks of 3 cards, every card once.

    Attributes:
        skat: the 2 skat cards, or () when the skat is not asked.
        tricks: the tricks, each 3 cards in the order played.

    JSON form: ``{"skat": ["7C", "AH"], "tricks": [["0S", "KS", "JD"], ...]}``.
    """

    skat: tuple[Card, ...]
    tricks: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {"skat": [str(c) for c in self.skat], "tricks": [[str(c) for c in trick] for trick in self.tricks]}

    @classmethod
    def read(cls, data: Mapping[str, Any], fewest: int) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
        """The skat and the tricks of a JSON form, checked: a skat of 0 or 2 cards, ``fewest`` to 10 tricks of 3.

        Raises:
            RuleInputError: an unknown card, a card twice (``skat.error.duplicate``), a wrong number of cards or
                tricks (``skat.quiz.error.count``).
            KeyError: a key is missing.
        """
        skat = read_cards(data["skat"], 0, 2)
        raw = data["tricks"]
        if not isinstance(raw, (list, tuple)) or not fewest <= len(raw) <= 10:
            count = len(raw) if isinstance(raw, (list, tuple)) else 0
            raise NotationError("skat.quiz.error.count", f"{count} tricks", low=fewest, high=10, count=count)
        if len(skat) == 1:
            raise NotationError("skat.quiz.error.count", "a skat of 1 card", low=2, high=2, count=1)
        tricks = tuple(read_cards(trick, 3, 3) for trick in raw)
        distinct(skat, *tricks)
        return skat, tricks

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PointsQuestion:
        """The question of its JSON form (:meth:`read`: one trick at least)."""
        return cls(*cls.read(data, 1))

    @property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The skat (when there is one), then the tricks."""
        return ((self.skat,) if self.skat else ()) + self.tricks

    @property
    def points(self) -> int:
        """The card points of all the cards (ISkO 1.2.2)."""
        return sum(card_points(group) for group in self.groups)


#: The kind's question class.
QUESTION = PointsQuestion


def deal(rng: random.Random, skat_size: int, count: int) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """A random skat of ``skat_size`` cards and ``count`` tricks of 3 (distinct cards from a shuffled deck)."""
    cards = rng.sample(DECK, skat_size + 3 * count)
    skat, rest = tuple(cards[:skat_size]), cards[skat_size:]
    return skat, tuple(tuple(rest[3 * i:3 * i + 3]) for i in range(count))


def generate(rng: random.Random, difficulty: str) -> PointsQuestion:
    """A random question of :data:`SIZES` (at least one card worth points, so that 0 is rarely the answer)."""
    skat_size, fewest, most = SIZES[difficulty]
    while True:
        question = PointsQuestion(*deal(rng, skat_size, rng.randint(fewest, most)))
        if question.points:
            return question


def _sum_step(code: str, cards: Sequence[Card], **params: Any) -> Step:
    names = "abc"[:len(cards)]
    values = {f"p{name}": CARD_POINTS[card.rank] for name, card in zip(names, cards)}
    return Step(code, points=card_points(cards), **dict(zip(names, cards)), **values, **params)


def point_steps(question: PointsQuestion) -> tuple[Step, ...]:
    """The counting steps (ISkO 1.2.2): the card values, the skat card by card, each trick card by card, and
    the sum of them all when there is more than one group."""
    steps = [Step("skat.quiz.points.values")]
    if question.skat:
        steps.append(_sum_step("skat.quiz.points.skat", question.skat))
    steps += [_sum_step("skat.quiz.points.trick", trick, n=n) for n, trick in enumerate(question.tricks, 1)]
    if len(question.groups) > 1:
        sums = " + ".join(str(card_points(group)) for group in question.groups)
        steps.append(Step("skat.quiz.points.total", sums=sums, points=question.points))
    return tuple(steps)


def solve(question: PointsQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"points": int}``, the card points of the skat and the tricks (ISkO 1.2.2).

    ``question`` may also be given in its JSON form (:meth:`PointsQuestion.from_json`), as in every function here.
    """
    return {"points": PointsQuestion.of(question).points}


def miscounted_step(question: PointsQuestion, steps: tuple[Step, ...], value: Any) -> int | None:
    """The step where a wrong number of points went wrong, or None when it is right or no number.

    * The points without the skat: the skat step (the skat counts for the declarer).
    * One card given another card's value (a ten as 0, a jack as 11): the step of the first group holding
      such a card.
    * Otherwise the sum (several groups), else the only trick's step.
    """
    total = question.points
    if not isinstance(value, int) or value == total:
        return None
    if question.skat and value == total - card_points(question.skat):
        return step_index(steps, "skat.quiz.points.skat")
    for at, group in enumerate(question.groups):  # the steps: the card values, then one step a group
        if any(value == total - CARD_POINTS[card.rank] + other for card in group for other in _VALUES):
            return 1 + at
    total_at = step_index(steps, "skat.quiz.points.total")
    return total_at if total_at is not None else step_index(steps, "skat.quiz.points.trick")


def check(question: PointsQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's number with the card points (ISkO 1.2.2); mark the step that went wrong
    (:func:`miscounted_step`)."""
    question = PointsQuestion.of(question)
    steps = point_steps(question)
    value = answer.get("points")
    correct = value == question.points
    return Checked(correct, solve(question), steps, None if correct else miscounted_step(question, steps, value))


def describe(answer: dict[str, Any]) -> Step:
    """``"43 card points"`` as a step."""
    return Step("skat.quiz.answer.points", points=answer.get("points"))


def shown_groups(question: PointsQuestion) -> tuple[Shown, ...]:
    """The skat (when there is one), then each trick as its own group, side by side where there is room."""
    groups = (Shown("skat", Step("skat.quiz.show.skat_counts"), question.skat, inline=True),) if question.skat else ()
    return groups + tuple(Shown("skat", Step("skat.quiz.show.trick_n", n=n), trick, inline=True)
                          for n, trick in enumerate(question.tricks, 1))


def show(question: PointsQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The skat and the tricks to count."""
    return shown_groups(PointsQuestion.of(question))
