"""Quiz kind "Yahtzee: what does this box score?": five dice and a box, or the upper boxes and their bonus.

The rules are those of the game (seed 004, :mod:`webapp.games.yahtzee.rules`): an upper box scores the dice of its
number; Three and Four of a Kind and Chance all five dice when the pattern is there; Full House 25, Small Straight
30, Large Straight 40, Yahtzee 50; a box whose pattern is missing 0. The upper boxes give a bonus of 35 when they
add up to 63 or more. The engine's own step says why a box scores what it scores
(:func:`webapp.games.yahtzee.rules.options` on an empty score card: no joker, no bonus).

Two questions: ``box`` (the dice and a named box: how many points?) and ``upper`` (the six upper boxes filled:
how many points do they give, the bonus included?). By difficulty: ``easy`` the upper boxes and Chance; ``normal``
every box, the pattern there about two times in three; ``hard`` half of the questions the upper bonus (reached
about half the time), half every box, the pattern there half the time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.core.quizkind import Checked, Field, Question, Shown, step_index
from webapp.core.steps import NotationError, Step
from webapp.games.yahtzee.rules import (CATEGORIES, DICE, UPPER, UPPER_BONUS, UPPER_BONUS_AT, Category, Scorecard,
                                        options, parse_category, parse_dice)

NAME = "yahtzee_boxes"
TITLE = "quiz.kind.yahtzee_boxes"

FIELDS = (Field("points", "quiz.field.box_points", low=0, high=50),
          Field("upper_total", "quiz.field.upper_total", low=0, high=UPPER_BONUS + DICE * 21))

#: Per difficulty: the boxes asked about, the chance that the dice show the box's pattern, the share of ``upper``.
MIX: Mapping[str, tuple[tuple[Category, ...], float, float]] = {
    "easy": (UPPER + (Category.CHANCE,), 1.0, 0.0),
    "normal": (CATEGORIES, 0.65, 0.0),
    "hard": (CATEGORIES, 0.5, 0.5),
}


@dataclass(frozen=True)
class BoxQuestion(Question):
    """Dice and a box (``box`` question), or the six upper boxes' points (``upper`` question).

    Attributes:
        dice: five dice 1-6, sorted (empty for ``upper``).
        box: the box asked about (None for ``upper``).
        upper: the points in Aces to Sixes (empty for ``box``).

    JSON form: ``{"dice": [2, 3, 4, 5, 5], "box": "small", "upper": []}`` or
    ``{"dice": [], "box": "", "upper": [3, 6, 9, 12, 15, 18]}``.
    """

    dice: tuple[int, ...] = ()
    box: Category | None = None
    upper: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {"dice": list(self.dice), "box": self.box.value if self.box else "", "upper": list(self.upper)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoxQuestion:
        """The question of its JSON form.

        Raises:
            RuleInputError: dice that are no five dice 1-6 (``yahtzee.error.die``/``.count``), an unknown box
                (the box parser), upper points that no upper box can hold (``yahtzee.quiz.error.upper``).
            KeyError: a key is missing.
        """
        upper = data["upper"]
        if not upper:
            dice = parse_dice("".join(str(die) for die in data["dice"])[:DICE + 1])
            return cls(tuple(sorted(dice)), parse_category(str(data["box"])))
        if (data["dice"] or data["box"] or not isinstance(upper, (list, tuple)) or len(upper) != len(UPPER)
                or any(not isinstance(p, int) or isinstance(p, bool) or p % face or not 0 <= p <= DICE * face
                       for face, p in zip(range(1, 7), upper))):
            raise NotationError("yahtzee.quiz.error.upper", f"no upper section: {upper!r}"[:80])
        return cls(upper=tuple(upper))


#: The kind's question class.
QUESTION = BoxQuestion


def _pattern(rng: random.Random, box: Category) -> list[int]:
    """Five dice or more that show ``box``'s pattern (the first five are used: the pattern is laid in first)."""
    face, other = rng.sample(range(1, 7), 2)
    if box.is_upper:
        return [box.face] * rng.randint(1, 4) + [rng.randint(1, 6) for _ in range(5)]
    if box in (Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return [face] * (3 if box is Category.THREE_OF_A_KIND else 4) + [rng.randint(1, 6) for _ in range(2)]
    if box is Category.FULL_HOUSE:
        return [face] * 3 + [other] * 2
    if box is Category.SMALL_STRAIGHT:
        start = rng.randint(1, 3)
        return list(range(start, start + 4)) + [rng.randint(1, 6)]
    if box is Category.LARGE_STRAIGHT:
        start = rng.randint(1, 2)
        return list(range(start, start + 5))
    if box is Category.YAHTZEE:
        return [face] * 5
    return [rng.randint(1, 6) for _ in range(5)]


def _upper(rng: random.Random) -> tuple[int, ...]:
    """Six upper boxes around the bonus: each face 1 to 5 times, the bonus reached or not about evenly."""
    reach = rng.random() < 0.5
    while True:
        counts = [rng.choice((1, 2, 3, 3, 3, 4, 4, 5)) for _ in UPPER]
        points = tuple(face * count for face, count in zip(range(1, 7), counts))
        if (sum(points) >= UPPER_BONUS_AT) == reach:
            return points


def generate(rng: random.Random, difficulty: str) -> BoxQuestion:
    """A random question of :data:`MIX` (see the module docstring)."""
    boxes, matching, uppers = MIX[difficulty]
    if rng.random() < uppers:
        return BoxQuestion(upper=_upper(rng))
    box = rng.choice(boxes)
    dice = _pattern(rng, box)[:DICE] if rng.random() < matching else [rng.randint(1, 6) for _ in range(DICE)]
    return BoxQuestion(tuple(sorted(dice)), box)


def _upper_steps(question: BoxQuestion) -> tuple[Step, ...]:
    total = sum(question.upper)
    sums = " + ".join(str(points) for points in question.upper)
    if total >= UPPER_BONUS_AT:
        last = Step("yahtzee.quiz.upper.bonus", upper=total, needed=UPPER_BONUS_AT, bonus=UPPER_BONUS,
                    total=total + UPPER_BONUS)
    else:
        last = Step("yahtzee.quiz.upper.no_bonus", upper=total, needed=UPPER_BONUS_AT, total=total)
    return Step("yahtzee.quiz.upper.sum", sums=sums, upper=total), last


def explain(question: BoxQuestion | Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps: the dice and the engine's step for the box; or the upper boxes added up and the bonus rule."""
    question = BoxQuestion.of(question)
    if question.upper:
        return _upper_steps(question)
    (option,) = options(question.dice, Scorecard.empty(), only=question.box)
    return (Step("yahtzee.state.dice", dice=question.dice), *option.steps)


def solve(question: BoxQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"points": int}`` (a box) or ``{"upper_total": int}`` (the upper boxes with the bonus).

    ``question`` may also be given in its JSON form (:meth:`BoxQuestion.from_json`), as in every function here.
    """
    question = BoxQuestion.of(question)
    if question.upper:
        total = sum(question.upper)
        return {"upper_total": total + (UPPER_BONUS if total >= UPPER_BONUS_AT else 0)}
    (option,) = options(question.dice, Scorecard.empty(), only=question.box)
    return {"points": option.points}


def check(question: BoxQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's number with the engine's. A wrong box is marked at the box's step; a wrong upper total
    at the bonus step when it is off by just the bonus, else at the sum."""
    question = BoxQuestion.of(question)
    expected = solve(question)
    steps = explain(question)
    name, right = next(iter(expected.items()))
    given = answer.get(name)
    if given == right:
        return Checked(True, expected, steps)
    if not question.upper:
        return Checked(False, expected, steps, 1)
    off_by_bonus = isinstance(given, int) and abs(given - right) == UPPER_BONUS
    return Checked(False, expected, steps, step_index(steps, "yahtzee.quiz.upper.bonus", "yahtzee.quiz.upper.no_bonus")
                   if off_by_bonus else 0)


def describe(answer: dict[str, Any]) -> Step:
    """``"Points: 30"`` as a step."""
    value = answer.get("points", answer.get("upper_total"))
    return Step("yahtzee.quiz.answer", points="–" if value is None else value)


def fields_for(question: BoxQuestion | Mapping[str, Any]) -> tuple[Field, ...]:
    """The one field this question asks."""
    return FIELDS[1:] if BoxQuestion.of(question).upper else FIELDS[:1]


def show(question: BoxQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The dice and the box (no cards: the dice are written out), or the six upper boxes with their points."""
    question = BoxQuestion.of(question)
    if question.upper:
        return tuple(Shown("yahtzee", Step("yahtzee.quiz.show.box_points", box=box, points=points), ())
                     for box, points in zip(UPPER, question.upper))
    return (Shown("yahtzee", Step("yahtzee.state.dice", dice=question.dice), ()),
            Shown("yahtzee", Step("yahtzee.quiz.show.box", box=question.box), ()))
