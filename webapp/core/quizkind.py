"""The common interface of question kinds: answer fields, verdicts, what to draw."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from webapp.core.steps import Step


class Difficulty(StrEnum):
    """A quiz's difficulty level; the value is the one in URLs, forms, quiz seeds and the database."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


#: Difficulty levels, easiest first.
DIFFICULTIES: tuple[Difficulty, ...] = tuple(Difficulty)


@dataclass(frozen=True)
class Choice:
    """One answer button: the value sent and the step that names it."""

    value: str
    label: Step


@dataclass(frozen=True)
class Field:
    """One part of the answer form.

    Attributes:
        name: the form field's name and the answer dict's key.
        label: message code of the question asked (``"quiz.field.trump"``).
        choices: the buttons to pick from; empty for a whole-number field.
        low, high: the accepted range of a number field.
        unless: ``(field, value)``: this field is not needed (and ignored)
            when that other field has that value (no game value after "pass").
    """

    name: str
    label: str
    choices: tuple[Choice, ...] = ()
    low: int = 0
    high: int = 999
    unless: tuple[str, str] | None = None


@dataclass(frozen=True)
class Checked:
    """The verdict on a child's answer.

    Attributes:
        correct: True if the answer is right.
        expected: the correct answer.
        steps: the engine's explanation.
        wrong_step: index into ``steps`` of the step where the answer went
            wrong, or None when it is right or that cannot be told.
    """

    correct: bool
    expected: dict[str, Any]
    steps: tuple[Step, ...]
    wrong_step: int | None = None


@dataclass(frozen=True)
class Shown:
    """Cards to draw for a question: which game's cards, a caption step, the cards."""

    game: str
    caption: Step
    cards: tuple[Any, ...]


class AnswerError(ValueError):
    """A submitted answer is incomplete or malformed; ``step`` says what is wrong."""

    def __init__(self, step: Step) -> None:
        super().__init__(step.code)
        self.step = step


def step_index(steps: tuple[Step, ...], *codes: str) -> int | None:
    """The index of the first step whose code is one of ``codes`` (or starts with a code ending in ``.``)."""
    for index, step in enumerate(steps):
        for code in codes:
            if step.code == code or (code.endswith(".") and step.code.startswith(code)):
                return index
    return None
