"""Quiz kind "Skat: who won the game?": 61 card points win; Schneider and Schwarz (ISkO 5.2.2-5.2.4).

The question is the skat and the declarer's tricks after a whole game (a suit game or Grand); the skat counts for
the declarer. The declarer wins with 61 card points or more, the defenders with 60 (ISkO 5.2.2). A side with 30
card points or fewer is Schneider, a side that took no trick is Schwarz (ISkO 5.2.3, 5.2.4); each adds a level
to the multiplier of the game value: 1 for the game, + 1 for Schneider, + 1 for Schwarz (ISkO 5.2.1).
The limits are those of :mod:`webapp.games.skat.official` (``WIN_POINTS``, ``SCHNEIDER_POINTS``, ``TRICKS``).

What is asked grows with the difficulty (:data:`ASKS`): ``easy`` won or lost; ``normal`` also Schneider or not;
``hard`` also Schwarz, and the levels the play adds to the multiplier. Fair questions: :func:`generate` first
draws the outcome evenly from :data:`OUTCOMES` (``hard`` adds Schwarz and the edges 30/31, 60/61, 89/90), then
deals tricks until one fits it.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.core.quizkind import Checked, Choice, Field, Shown, step_index
from webapp.core.steps import NotationError, Step
from webapp.games.skat.official import SCHNEIDER_POINTS, TOTAL_POINTS, TRICKS, WIN_POINTS
from webapp.games.skat.quiz_points import PointsQuestion, deal, point_steps, shown_groups

NAME = "skat_result"
TITLE = "quiz.kind.skat_result"

#: What a question asks, by difficulty: the answer fields.
ASKS: Mapping[str, tuple[str, ...]] = {"easy": ("won",), "normal": ("won", "reached"),
                                       "hard": ("won", "reached", "levels")}
#: The outcomes drawn, by difficulty: (name, fewest and most tricks of the declarer, lowest and highest points).
OUTCOMES: Mapping[str, tuple[tuple[str, int, int, int, int], ...]] = {
    "easy": (("won", 4, 8, 61, 89), ("lost", 2, 6, 31, 60)),
    "normal": (("won", 4, 8, 61, 89), ("lost", 2, 6, 31, 60), ("won_schneider", 6, 9, 90, 119),
               ("lost_schneider", 1, 4, 0, 30)),
    "hard": (("won", 4, 8, 61, 89), ("lost", 2, 6, 31, 60), ("won_schneider", 6, 9, 90, 119),
             ("lost_schneider", 1, 4, 0, 30), ("won_schwarz", 10, 10, 120, 120), ("lost_schwarz", 0, 0, 0, 30),
             ("edge_61", 4, 7, 60, 61), ("edge_30", 1, 5, 30, 31), ("edge_90", 6, 9, 89, 90)),
}
_REACHED = ("none", "schneider", "schwarz")

FIELDS = (
    Field("won", "quiz.field.result_won", (Choice("yes", Step("skat.quiz.result.choice.won")),
                                           Choice("no", Step("skat.quiz.result.choice.lost")))),
    Field("reached", "quiz.field.result_reached",
          tuple(Choice(value, Step(f"skat.quiz.result.choice.{value}")) for value in _REACHED)),
    Field("levels", "quiz.field.result_levels", low=1, high=3),
)


@dataclass(frozen=True)
class ResultQuestion(PointsQuestion):
    """The skat and the declarer's tricks after a whole game; ``asks`` names the answer fields.

    Attributes:
        asks: the fields asked, a key of :data:`ASKS` (``"easy"``: won or lost, ...).

    JSON form: ``{"skat": [2 card codes], "tricks": [[3 card codes], ...], "asks": "normal"}`` (0 to 10 tricks).
    """

    asks: str = "easy"

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {**super().to_json(), "asks": self.asks}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ResultQuestion:
        """The question of its JSON form; ``skat.quiz.error.count`` also for a skat that is not 2 cards.

        Raises:
            RuleInputError: see :meth:`PointsQuestion.read`; ``skat.quiz.error.asks`` for an unknown ``asks``.
            KeyError: a key is missing.
        """
        skat, tricks = cls.read(data, 0)
        if len(skat) != 2:
            raise NotationError("skat.quiz.error.count", "no skat", low=2, high=2, count=len(skat))
        asks = str(data["asks"])
        if asks not in ASKS:
            raise NotationError("skat.quiz.error.asks", f"unknown asks: {asks!r}", token=asks[:20])
        return cls(skat, tricks, asks)


#: The kind's question class.
QUESTION = ResultQuestion


def generate(rng: random.Random, difficulty: str) -> ResultQuestion:
    """A fair random question (see the module docstring): the outcome drawn evenly, then dealt."""
    _, fewest, most, low, high = rng.choice(OUTCOMES[difficulty])
    while True:
        skat, tricks = deal(rng, 2, rng.randint(fewest, most))
        question = ResultQuestion(skat, tricks, difficulty)
        if low <= question.points <= high:
            return question


def _reached(question: ResultQuestion) -> str:
    """``"schwarz"`` (a side took no trick), ``"schneider"`` (a side has 30 card points or fewer) or ``"none"``."""
    if len(question.tricks) in (0, TRICKS):
        return "schwarz"
    points = question.points
    return "schneider" if points <= SCHNEIDER_POINTS or points >= TOTAL_POINTS - SCHNEIDER_POINTS else "none"


def _expected(question: ResultQuestion) -> dict[str, Any]:
    reached = _reached(question)
    every = {"won": "yes" if question.points >= WIN_POINTS else "no", "reached": reached,
             "levels": 1 + _REACHED.index(reached)}
    return {name: every[name] for name in ASKS[question.asks]}


def explain(question: ResultQuestion | Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps: counting the declarer's card points (:func:`~.quiz_points.point_steps`), won or lost (ISkO
    5.2.2), then as asked Schneider (5.2.3), Schwarz (5.2.4) and the levels they add (5.2.1)."""
    question = ResultQuestion.of(question)
    points, count = question.points, len(question.tricks)
    other = TOTAL_POINTS - points
    steps = list(point_steps(question))
    steps.append(Step("skat.quiz.result.won" if points >= WIN_POINTS else "skat.quiz.result.lost",
                      points=points, other=other))
    asks = ASKS[question.asks]
    if "reached" in asks:
        if points >= TOTAL_POINTS - SCHNEIDER_POINTS:
            steps.append(Step("skat.quiz.schneider.defenders", other=other))
        elif points <= SCHNEIDER_POINTS:
            steps.append(Step("skat.quiz.schneider.declarer", points=points))
        else:
            steps.append(Step("skat.quiz.schneider.none", points=points, other=other))
    if "levels" in asks:
        code = {TRICKS: "skat.quiz.schwarz.defenders", 0: "skat.quiz.schwarz.declarer"}.get(count, "skat.quiz.schwarz.none")
        steps.append(Step(code, tricks=count))
        reached = _reached(question)
        steps.append(Step("skat.quiz.levels", schneider=int(reached != "none"), schwarz=int(reached == "schwarz"),
                          levels=1 + _REACHED.index(reached)))
    return tuple(steps)


def solve(question: ResultQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"won": "yes"|"no"}``, with ``"reached"`` (``"none"``, ``"schneider"``,
    ``"schwarz"``) and ``"levels"`` (1 to 3) when asked.

    ``question`` may also be given in its JSON form (:meth:`ResultQuestion.from_json`), as in every function here.
    """
    return _expected(ResultQuestion.of(question))


def check(question: ResultQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's answer field by field; mark the step of the first wrong field: won or lost, then
    Schneider (the Schwarz step when Schwarz was given or is right), then the levels."""
    question = ResultQuestion.of(question)
    expected = _expected(question)
    steps = explain(question)
    wrong_field = next((name for name in expected if answer.get(name) != expected[name]), None)
    if wrong_field is None:
        return Checked(True, expected, steps)
    if wrong_field == "won":
        at = step_index(steps, "skat.quiz.result.")
    elif wrong_field == "reached" and "schwarz" in (answer.get("reached"), expected["reached"]):
        at = step_index(steps, "skat.quiz.schwarz.")
    elif wrong_field == "reached":
        at = step_index(steps, "skat.quiz.schneider.")
    else:
        at = step_index(steps, "skat.quiz.levels")
    return Checked(False, expected, steps, at)


def describe(answer: dict[str, Any]) -> Step:
    """``"won, Schneider, 2 levels"`` as a step (the parts answered)."""
    won = {"yes": "won", "no": "lost"}.get(answer.get("won"))
    parts = [Step(f"skat.quiz.result.choice.{won}")] if won else []
    if answer.get("reached") in _REACHED:
        parts.append(Step(f"skat.quiz.result.choice.{answer['reached']}"))
    if isinstance(answer.get("levels"), int):
        parts.append(Step("skat.quiz.answer.levels", levels=answer["levels"]))
    return Step("skat.quiz.answer.result", parts=tuple(parts))


def fields_for(question: ResultQuestion | Mapping[str, Any]) -> tuple[Field, ...]:
    """The fields asked (:data:`ASKS`); Schwarz is a choice only when the levels are asked too (``hard``)."""
    question = ResultQuestion.of(question)
    asks = ASKS[question.asks]
    fields = [field for field in FIELDS if field.name in asks]
    if "reached" in asks and "levels" not in asks:
        fields[1] = narrowed_choices(fields[1], ("none", "schneider"))
    return tuple(fields)


def narrowed_choices(field: Field, values: tuple[str, ...]) -> Field:
    """``field`` with only the choices of ``values``."""
    return dataclasses.replace(field, choices=tuple(c for c in field.choices if c.value in values))


def show(question: ResultQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The skat and the declarer's tricks (a caption alone when the declarer took none)."""
    question = ResultQuestion.of(question)
    groups = shown_groups(question)
    if not question.tricks:
        groups += (Shown("skat", Step("skat.quiz.show.no_tricks"), ()),)
    return groups
