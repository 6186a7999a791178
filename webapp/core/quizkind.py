"""The common interface of question kinds: answer fields, verdicts, what to draw."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping, Self

from webapp.core.steps import Step


class Difficulty(StrEnum):
    """A quiz's difficulty level; the value is the one in URLs, forms, quiz seeds and the database."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


#: Difficulty levels, easiest first.
DIFFICULTIES: tuple[Difficulty, ...] = tuple(Difficulty)


@dataclass(frozen=True)
class Question:
    """Base of every kind's question: a frozen dataclass, one class a kind, defined in the kind's module.

    Questions are generated again from their quiz code whenever needed and
    shared from a cache, so they cannot be changed. Where a question leaves
    Python as data (JSON, a worksheet, a test's seed example) it goes through
    :meth:`to_json` and comes back through :meth:`from_json`; the JSON shape is
    the one quiz codes have always given (lists of card codes, enum values).
    """

    def to_json(self) -> dict[str, Any]:
        """The question as JSON-serialisable data (a new dict)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The question from its JSON form (:meth:`to_json`).

        Raises:
            RuleInputError: a card that is no card, or a wrong number of cards (the engine's parser).
            KeyError: a key of the JSON form is missing.
        """
        raise NotImplementedError

    @classmethod
    def of(cls, question: Self | Mapping[str, Any]) -> Self:
        """``question`` itself, or the question read from its JSON form with :meth:`from_json`."""
        return question if isinstance(question, cls) else cls.from_json(question)


@dataclass(frozen=True)
class Choice:
    """One answer button: the value sent and the step that names it.

    Attributes:
        value: the form value sent when it is picked.
        label: the step naming it (for a card: its chip, read by screen readers as the card's name).
        card: a card to draw as the button itself (a tap on the card picks it); None: a text button.
    """

    value: str
    label: Step
    card: Any = None


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
        multiple: the child picks one or more of the choices (check boxes, not radio buttons); the answer's
            value is then a list of the picked values in the order of ``choices`` (at least one).
    """

    name: str
    label: str
    choices: tuple[Choice, ...] = ()
    low: int = 0
    high: int = 999
    unless: tuple[str, str] | None = None
    multiple: bool = False


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
    """Cards to draw for a question: which game's cards, a caption step, the cards.

    Attributes:
        answer: the name of the answer field whose buttons are these same cards ("": none). A page that draws
            that answer form hides this group (the child taps the cards in the form); the projector, the
            feedback and the worksheet still show it.
        inline: drawn beside the groups next to it where the screen is wide enough (the tricks of a game, a few
            cards each), not below the one before.
    """

    game: str
    caption: Step
    cards: tuple[Any, ...]
    answer: str = ""
    inline: bool = False


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
