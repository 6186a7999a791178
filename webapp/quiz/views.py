"""The quiz: one child answers generated questions and gets feedback at once.

* ``GET /quiz``: choose the kind of question, the difficulty and how many, or
  enter a quiz code. ``POST /quiz`` makes a new quiz (a new code),
  ``POST /quiz/code`` starts the quiz of a code; both redirect to a new run.
* ``GET /quiz/<run>``: the next unanswered question, or the summary at the end.
* ``POST /quiz/<run>/answer``: answer the question at ``position``. Stored once:
  sending an answer again (a reload, a second tab) changes nothing and shows
  the feedback of the answer that was stored first.
* ``GET /quiz/<run>/<position>``: the feedback on an answered question.
* ``POST /quiz/<run>/again``: a new run with the questions answered wrongly.

The run lives in the database (:mod:`webapp.core.models`), so a reload or a second
tab never loses or repeats an answer. htmx swaps the quiz area; without
JavaScript every form posts and redirects.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from flask import Blueprint, abort, redirect, render_template, request, url_for
from sqlalchemy.exc import IntegrityError

from webapp import quiz
from webapp.core.db import db
from webapp.core.explain import render_step
from webapp.core.models import Quiz, QuizAnswer, QuizRun
from webapp.quiz import kinds
from webapp.core.steps import Step
from webapp.core.web import is_htmx, page_or_fragment

bp = Blueprint("quiz", __name__)


@bp.app_template_global()
def say(code: str, **params: Any):
    """Render the message ``code`` with ``params`` (templates: ``{{ say("quiz.show.hand") }}``)."""
    return render_step(Step(code, **params))


# --- shared with the classroom ----------------------------------------------------
@dataclass(frozen=True)
class Asked:
    """One question ready to draw: its kind module, data, cards and answer form."""

    kind: ModuleType
    data: dict[str, Any]

    @property
    def shown(self) -> tuple[kinds.Shown, ...]:
        return self.kind.show(self.data)

    @property
    def fields(self) -> tuple[kinds.Field, ...]:
        return self.kind.FIELDS

    def check(self, answer: dict[str, Any]) -> kinds.Checked:
        return self.kind.check(self.data, answer)

    def solution(self) -> kinds.Checked:
        """The engine's verdict on the right answer: the answer and its explanation."""
        return self.check(self.kind.solve(self.data))

    def describe(self, answer: dict[str, Any]) -> Step:
        return self.kind.describe(answer)


def read_answer(kind: ModuleType) -> tuple[dict[str, Any] | None, Step | None]:
    """The answer in the request's form, or ``(None, problem)``."""
    try:
        return kinds.parse_answer(kind, request.form), None
    except kinds.AnswerError as error:
        return None, error.step


def kind_choices() -> list[tuple[str, Step]]:
    """``(name, title step)`` of every question kind, for the start forms."""
    return [(name, Step(module.TITLE)) for name, module in kinds.KINDS.items()]


def read_settings(form) -> tuple[str, str, int] | None:
    """``(kind, difficulty, count)`` from a start form, or None when any is bad."""
    kind, difficulty = form.get("kind", ""), form.get("difficulty", "normal")
    count_text = form.get("count", str(quiz.DEFAULT_QUESTIONS)).strip()
    if kind not in kinds.KINDS or difficulty not in kinds.DIFFICULTIES:
        return None
    if not (count_text.isascii() and count_text.isdigit() and len(count_text) <= 3):
        return None
    count = int(count_text)
    if not quiz.MIN_QUESTIONS <= count <= quiz.MAX_QUESTIONS:
        return None
    return kind, difficulty, count


def add_with_new_code(make: Callable[[str], Any]) -> Any:
    """Store ``make(code)`` with a fresh random code, drawing again while the code is taken."""
    for _ in range(10):
        row = make(quiz.new_code())
        db.session.add(row)
        try:
            db.session.commit()
            return row
        except IntegrityError:
            db.session.rollback()
    abort(503)  # pragma: no cover - ten collisions in a 30-bit space


# --- the quiz --------------------------------------------------------------------
def _start_page(problem: Step | None = None, status: int = 200, code: str = ""):
    return (
        render_template(
            "quiz/start.html",
            kinds=kind_choices(),
            difficulties=kinds.DIFFICULTIES,
            default_count=quiz.DEFAULT_QUESTIONS,
            max_count=quiz.MAX_QUESTIONS,
            problem=problem,
            code=code,
        ),
        status,
    )


def _new_run(quiz_row: Quiz, numbers: list[int]) -> QuizRun:
    run = QuizRun(public_id=secrets.token_urlsafe(12), quiz_id=quiz_row.id, numbers=numbers)
    db.session.add(run)
    db.session.commit()
    return run


@bp.get("/quiz")
def start():
    """The start page: new quiz settings, or a quiz code."""
    return _start_page()


@bp.post("/quiz")
def create():
    """Make a quiz with a new code from the form (kind, difficulty, count), then start it."""
    settings = read_settings(request.form)
    if settings is None:
        return _start_page(Step("quiz.error.settings"), 400)
    kind, difficulty, count = settings
    row = add_with_new_code(lambda code: Quiz(code=code, kind=kind, difficulty=difficulty, count=count))
    run = _new_run(row, list(range(count)))
    return redirect(url_for("quiz.run", public_id=run.public_id), code=303)


@bp.post("/quiz/code")
def join():
    """Start the quiz of the code typed in (``code``); 400/404 with a message for a bad code."""
    typed = request.form.get("code", "")[:40]
    code = quiz.normalise_code(typed)
    if code is None:
        return _start_page(Step("quiz.error.code"), 400, typed)
    row = db.session.execute(db.select(Quiz).filter_by(code=code)).scalar_one_or_none()
    if row is None:
        return _start_page(Step("quiz.error.unknown_code", typed=code), 404, typed)
    run = _new_run(row, list(range(row.count)))
    return redirect(url_for("quiz.run", public_id=run.public_id), code=303)


def _load(public_id: str) -> QuizRun:
    if len(public_id) > 32:
        abort(404)
    run = db.session.execute(db.select(QuizRun).filter_by(public_id=public_id)).scalar_one_or_none()
    if run is None:
        abort(404)
    return run


def _asked(run: QuizRun, position: int) -> Asked:
    q = run.quiz
    return Asked(kinds.get(q.kind), quiz.question(q.kind, q.difficulty, q.code, run.numbers[position]))


def _stats(run: QuizRun) -> dict[str, int]:
    score = streak = best = 0
    for answer in run.answers:
        score += answer.correct
        streak = streak + 1 if answer.correct else 0
        best = max(best, streak)
    return {"score": score, "streak": streak, "best": best, "answered": len(run.answers), "total": len(run.numbers)}


def _render(run: QuizRun, position: int | None = None, problem: Step | None = None, status: int = 200, push: bool = False):
    """The quiz area: feedback on ``position``, else the next question or the summary."""
    answered = len(run.answers)
    context: dict[str, Any] = {"run": run, "stats": _stats(run), "problem": problem, "code": run.quiz.code,
                               "kind_title": Step(kinds.get(run.quiz.kind).TITLE)}
    if position is not None:
        stored = run.answers[position]
        asked = _asked(run, position)
        context.update(state="feedback", position=position, asked=asked, given=stored.answer,
                       checked=asked.check(stored.answer), current=position + 1)
        url = url_for("quiz.feedback", public_id=run.public_id, position=position)
    elif answered < len(run.numbers):
        context.update(state="question", position=answered, asked=_asked(run, answered), current=answered + 1)
        url = url_for("quiz.run", public_id=run.public_id)
    else:
        wrong = [(i, _asked(run, i), a) for i, a in enumerate(run.answers) if not a.correct]
        context.update(state="summary", wrong=wrong, current=len(run.numbers))
        url = url_for("quiz.run", public_id=run.public_id)
    return page_or_fragment("quiz/run.html", "quiz/_run.html", status, push_url=url if push else None, **context)


@bp.get("/quiz/<public_id>")
def run(public_id: str):
    """The next question of a run, or its summary."""
    return _render(_load(public_id))


@bp.get("/quiz/<public_id>/<int:position>")
def feedback(public_id: str, position: int):
    """The feedback on the answer at ``position`` (redirects to the run while unanswered)."""
    run_row = _load(public_id)
    if position >= len(run_row.answers):
        return redirect(url_for("quiz.run", public_id=public_id), code=303)
    return _render(run_row, position)


@bp.post("/quiz/<public_id>/answer")
def answer(public_id: str):
    """Store the answer to question ``position`` once, then show its feedback.

    Status 400 (question kept, message shown) for an incomplete answer, 409 for
    a position that is not yet asked.
    """
    run_row = _load(public_id)
    position_text = request.form.get("position", "")
    if not position_text.isdigit() or int(position_text) >= len(run_row.numbers):
        abort(400)
    position = int(position_text)
    if position > len(run_row.answers):  # not asked yet: show the question that is
        return _render(run_row, status=409)
    if position == len(run_row.answers):
        asked = _asked(run_row, position)
        given, problem = read_answer(asked.kind)
        if given is None:
            return _render(run_row, problem=problem, status=400)
        db.session.add(QuizAnswer(run_id=run_row.id, position=position, answer=given, correct=asked.check(given).correct))
        try:
            db.session.commit()
        except IntegrityError:  # the same answer arrived twice at once: the first one counts
            db.session.rollback()
        db.session.refresh(run_row)
    if not is_htmx():
        return redirect(url_for("quiz.feedback", public_id=public_id, position=position), code=303)
    return _render(run_row, position, push=True)


@bp.post("/quiz/<public_id>/again")
def again(public_id: str):
    """Start a new run of the same quiz with only the questions answered wrongly."""
    run_row = _load(public_id)
    wrong = [run_row.numbers[a.position] for a in run_row.answers if not a.correct]
    if not wrong or len(run_row.answers) < len(run_row.numbers):
        return redirect(url_for("quiz.run", public_id=public_id), code=303)
    new = _new_run(run_row.quiz, wrong)
    return redirect(url_for("quiz.run", public_id=new.public_id), code=303)
