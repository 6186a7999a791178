"""The quiz's service layer: questions ready to draw, start settings, answers, codes and runs.

Used by both front ends of the quiz: :mod:`webapp.quiz.views` (one child) and
:mod:`webapp.classroom` (a class). The views only read the request and choose
the page; the rows (:mod:`webapp.core.models`) are read and written here.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping, TypeVar

from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import ServiceUnavailable

from webapp import quiz
from webapp.core.db import db
from webapp.core.models import Quiz, QuizAnswer, QuizRun, check_cap
from webapp.core.quizkind import Difficulty, Question
from webapp.core.steps import Step
from webapp.quiz import kinds

__all__ = ["Asked", "Settings", "add_with_new_code", "create_quiz", "find_quiz", "find_run", "kind_choices",
           "new_run", "read_answer", "read_settings", "retry_numbers", "run_question", "stats", "store_answer"]

Row = TypeVar("Row")


@dataclass(frozen=True)
class Asked:
    """One question ready to draw: its kind module and the kind's (frozen) question.

    Attributes:
        kind: the kind module (:mod:`webapp.quiz.kinds`).
        question: what ``kind.generate`` returned (shared from a cache: immutable).
    """

    kind: ModuleType
    question: Question

    @property
    def shown(self) -> tuple[kinds.Shown, ...]:
        """The cards to draw (``kind.show``)."""
        return self.kind.show(self.question)

    @property
    def fields(self) -> tuple[kinds.Field, ...]:
        """The answer form of this question: ``kind.fields_for(question)`` when the kind has it, else ``kind.FIELDS``."""
        fields_for = getattr(self.kind, "fields_for", None)
        return self.kind.FIELDS if fields_for is None else fields_for(self.question)

    def check(self, answer: dict[str, Any]) -> kinds.Checked:
        """The verdict on ``answer`` (a parsed answer dict, see :func:`webapp.quiz.kinds.parse_answer`)."""
        return self.kind.check(self.question, answer)

    def solution(self) -> kinds.Checked:
        """The engine's verdict on the right answer: the answer and its explanation."""
        return self.check(self.kind.solve(self.question))

    def describe(self, answer: dict[str, Any]) -> Step:
        """``answer`` in words, as a step."""
        return self.kind.describe(answer)


@dataclass(frozen=True)
class Settings:
    """What a start form asks for: the kind's name, the difficulty and how many questions."""

    kind: str
    difficulty: Difficulty
    count: int


def read_answer(kind: ModuleType, form: Mapping[str, str],
                fields: tuple[kinds.Field, ...] | None = None) -> tuple[dict[str, Any] | None, Step | None]:
    """The answer to a question of ``kind`` in ``form``: ``(answer, None)``, or ``(None, problem)`` (400).

    ``fields``: the question's answer form (:attr:`Asked.fields`); default ``kind.FIELDS``.
    """
    try:
        return kinds.parse_answer(kind, form, fields), None
    except kinds.AnswerError as error:
        return None, error.step


def kind_choices() -> list[tuple[str, Step]]:
    """``(name, title step)`` of every question kind, for the start forms."""
    return [(name, Step(module.TITLE)) for name, module in kinds.KINDS.items()]


def read_settings(form: Mapping[str, str]) -> Settings | None:
    """The settings of a start form (``kind``, ``difficulty``, ``count``), or None when any is bad.

    The count is a whole number from :data:`webapp.quiz.MIN_QUESTIONS` to
    :data:`webapp.quiz.MAX_QUESTIONS`; a missing difficulty is ``normal``, a
    missing count :data:`webapp.quiz.DEFAULT_QUESTIONS`.
    """
    kind, difficulty = form.get("kind", ""), form.get("difficulty", Difficulty.NORMAL)
    count_text = form.get("count", str(quiz.DEFAULT_QUESTIONS)).strip()
    if kind not in kinds.KINDS or difficulty not in kinds.DIFFICULTIES:
        return None
    if not (count_text.isascii() and count_text.isdigit() and len(count_text) <= 3):
        return None
    count = int(count_text)
    if not quiz.MIN_QUESTIONS <= count <= quiz.MAX_QUESTIONS:
        return None
    return Settings(kind, Difficulty(difficulty), count)


def add_with_new_code(make: Callable[[str], Row]) -> Row:
    """Store ``make(code)`` with a fresh random code, drawing again while the code is taken.

    Raises:
        ServiceUnavailable: (503) ten codes in a row were taken.
    """
    for _ in range(10):
        row = make(quiz.new_code())
        db.session.add(row)
        try:
            db.session.commit()
            return row
        except IntegrityError:
            db.session.rollback()
    raise ServiceUnavailable()  # pragma: no cover - ten collisions in a 30-bit space


# --- one child's quiz: quizzes and runs ------------------------------------------------
def create_quiz(settings: Settings, creator_hash: str | None = None, per_hour: int = 0) -> Quiz:
    """A new quiz with a fresh code (:func:`add_with_new_code`), to be started at once by :func:`new_run`.

    Args:
        creator_hash, per_hour: the starting address's hash and its cap of quiz runs an hour
            (:func:`webapp.core.models.check_cap`), checked before anything is stored.

    Raises:
        CapReached: the address started ``per_hour`` quiz runs in the last hour (429).
    """
    check_cap(QuizRun, creator_hash, per_hour)
    return add_with_new_code(lambda code: Quiz(code=code, kind=settings.kind, difficulty=settings.difficulty,
                                               count=settings.count))


def find_quiz(code: str) -> Quiz | None:
    """The quiz with this (normalised) code, or None."""
    return db.session.execute(db.select(Quiz).filter_by(code=code)).scalar_one_or_none()


def new_run(quiz_row: Quiz, numbers: list[int] | None = None, creator_hash: str | None = None,
            per_hour: int = 0) -> QuizRun:
    """A new run of ``quiz_row`` asking the question ``numbers`` (default: all), with a fresh public id.

    Args:
        creator_hash: the keyed hash of the starting address (stored with the run; None outside a request).
        per_hour: that address's cap of quiz runs an hour (0: none; :func:`webapp.core.models.check_cap`).

    Raises:
        CapReached: the cap is reached (429); nothing is stored.
    """
    check_cap(QuizRun, creator_hash, per_hour)
    numbers = list(range(quiz_row.count)) if numbers is None else numbers
    run = QuizRun(public_id=secrets.token_urlsafe(12), quiz_id=quiz_row.id, numbers=numbers,
                  creator_hash=creator_hash)
    db.session.add(run)
    db.session.commit()
    return run


def find_run(public_id: str) -> QuizRun | None:
    """The run with this public id, or None (also for an id too long to be one)."""
    if len(public_id) > 32:
        return None
    return db.session.execute(db.select(QuizRun).filter_by(public_id=public_id)).scalar_one_or_none()


def run_question(run: QuizRun, position: int) -> Asked:
    """The question at ``position`` (0-based) of ``run``."""
    q = run.quiz
    return Asked(kinds.get(q.kind), quiz.question(q.kind, q.difficulty, q.code, run.numbers[position]))


def score_mood(score: int, total: int) -> str:
    """How a quiz went, for its closing words: ``all`` right, ``most`` (at least 70 %), ``some`` (at least one),
    ``none``. The message codes ``quiz.end.<mood>`` and ``quiz.end.next_<mood>`` say it."""
    if score >= total:
        return "all"
    if score * 10 >= total * 7:
        return "most"
    return "some" if score else "none"


def stats(run: QuizRun) -> dict[str, Any]:
    """``score`` (right answers), ``streak`` (right in a row at the end), ``best`` streak, ``answered``, ``total``
    (numbers), and ``mood`` (:func:`score_mood` of the score)."""
    score = streak = best = 0
    for answer in run.answers:
        score += answer.correct
        streak = streak + 1 if answer.correct else 0
        best = max(best, streak)
    return {"score": score, "streak": streak, "best": best, "answered": len(run.answers), "total": len(run.numbers),
            "mood": score_mood(score, len(run.numbers))}


def store_answer(run: QuizRun, position: int, asked: Asked, given: dict[str, Any]) -> None:
    """Store ``given`` as the answer at ``position`` once: when the same answer arrives twice at once, the first counts."""
    db.session.add(QuizAnswer(run_id=run.id, position=position, answer=given, correct=asked.check(given).correct))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
    db.session.refresh(run)


def retry_numbers(run: QuizRun) -> list[int]:
    """The question numbers answered wrongly, once every question is answered; else ``[]``."""
    if len(run.answers) < len(run.numbers):
        return []
    return [run.numbers[a.position] for a in run.answers if not a.correct]
