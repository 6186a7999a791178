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
from typing import Any

from webapp.games.pokerface import rules as pf
from webapp.core.steps import Step
from webapp.core.quizkind import Checked, Choice, Field, Shown, step_index

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


def generate(rng: random.Random, difficulty: str) -> dict[str, Any]:
    """A question from the Pokerface generator: ``{"a": ["SA", ...5], "b": [...5]}`` (``difficulty`` unused)."""
    question = pf.which_hand_wins(rng, names=NAMES)
    return {"a": [str(c) for c in question.hands[0]], "b": [str(c) for c in question.hands[1]]}


def _judged(question: dict[str, Any]) -> pf.Question:
    return pf.judge_hands(pf.parse_cards(question["a"], 5), pf.parse_cards(question["b"], 5), NAMES)


def solve(question: dict[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"winner": "a"|"b"|"tie"}``."""
    return {"winner": _judged(question).answer}


def check(question: dict[str, Any], answer: dict[str, Any]) -> Checked:
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


def show(question: dict[str, Any]) -> tuple[Shown, ...]:
    """Hand A and hand B."""
    return tuple(Shown("poker", Step("quiz.show.poker_hand", hand=name), pf.parse_cards(question[key], 5))
                 for name, key in zip(NAMES, ("a", "b")))
