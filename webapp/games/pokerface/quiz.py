"""Quiz kind "Poker: which hand wins?": two five-card hands, the child picks the winner or "tie".

The questions come from the Pokerface generator
:func:`webapp.games.pokerface.rules.which_hand_wins` (seed 003; about half of the
pairs share a category, so that the ranks and kickers decide); the answer and
the showdown steps from :func:`webapp.games.pokerface.rules.judge_hands`. Fair
figures are in the unit tests; the generator yields no difficulty levels, so
every difficulty asks the same mix.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.games.pokerface import rules as pf
from webapp.core.steps import Step
from webapp.core.quizkind import Checked, Choice, Field, Question, Shown, step_index

NAME = "poker_showdown"
TITLE = "quiz.kind.poker_showdown"
NAMES = ("A", "B")
TIE = "tie"

FIELDS = (
    Field("winner", "quiz.field.winner", (
        Choice("a", Step("quiz.poker.wins", hand="A")),
        Choice("b", Step("quiz.poker.wins", hand="B")),
        Choice(TIE, Step("quiz.poker.tie")),
    )),
)


@dataclass(frozen=True)
class ShowdownQuestion(Question):
    """Two five-card hands, A and B, in the order dealt (seed 003).

    JSON form: ``{"a": ["SA", ...5], "b": [...5]}`` (the seed 003 notation).
    """

    a: tuple[pf.Card, ...]
    b: tuple[pf.Card, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"a": [5 card codes], "b": [5 card codes]}``."""
        return {"a": [str(c) for c in self.a], "b": [str(c) for c in self.b]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShowdownQuestion:
        """The question of its JSON form; RuleInputError for a bad card or not five cards a hand."""
        return cls(pf.parse_cards(data["a"], 5), pf.parse_cards(data["b"], 5))


#: The kind's question class.
QUESTION = ShowdownQuestion


def generate(rng: random.Random, difficulty: str) -> ShowdownQuestion:
    """A question from the Pokerface generator (``difficulty`` unused)."""
    question = pf.which_hand_wins(rng, names=NAMES)
    return ShowdownQuestion(tuple(question.hands[0]), tuple(question.hands[1]))


def _judged(question: ShowdownQuestion | Mapping[str, Any]) -> pf.Question:
    question = ShowdownQuestion.of(question)
    return pf.judge_hands(question.a, question.b, NAMES)


def solve(question: ShowdownQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"winner": "a"|"b"|"tie"}``.

    ``question`` may also be given in its JSON form (:meth:`ShowdownQuestion.from_json`), as in every function here.
    """
    return {"winner": _judged(question).answer}


def check(question: ShowdownQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare with the showdown; a wrong pick marks the deciding comparison (category, rank or kicker)."""
    judged = _judged(question)
    correct = answer.get("winner") == judged.answer
    wrong = None if correct else step_index(judged.steps, "poker.showdown.beats", "poker.showdown.ties")
    return Checked(correct, {"winner": judged.answer}, judged.steps, wrong)


def describe(answer: dict[str, Any]) -> Step:
    """``"Hand A wins"`` or ``"Tie"`` as a step."""
    if answer.get("winner") == TIE:
        return Step("quiz.poker.tie")
    return Step("quiz.poker.wins", hand="B" if answer.get("winner") == "b" else "A")


def show(question: ShowdownQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """Hand A and hand B."""
    question = ShowdownQuestion.of(question)
    return tuple(Shown("poker", Step("quiz.show.poker_hand", hand=name), cards)
                 for name, cards in zip(NAMES, (question.a, question.b)))
