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

The run lives in the database (:mod:`webapp.core.models`, read and written by
:mod:`webapp.quiz.service`), so a reload or a second tab never loses or repeats an answer. htmx swaps the quiz area and
shows its top (the score and the progress, then the verdict and "Next"); without JavaScript every form posts and
redirects to the same place (``#quiz-area``).

Limits per address (app config, see ``create_app``): ``QUIZ_START_LIMIT`` on
starting runs (new quiz, code, again), ``QUIZ_ANSWER_LIMIT`` on answers, and at
most ``QUIZ_RUNS_PER_HOUR`` stored runs an hour. A refusal answers 429
(:func:`webapp.core.security.too_many`); the start page comes back filled in.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded

from webapp import quiz
from webapp.core import security
from webapp.core.explain import render_step
from webapp.core.models import CapReached, QuizRun
from webapp.core.numbers import ascii_int
from webapp.core.steps import Step
from webapp.core.web import is_htmx, page_or_fragment
from webapp.quiz import kinds, service

bp = Blueprint("quiz", __name__)

#: One count an address for every way of starting a run (a new quiz, a code, the wrong ones again).
_start_limit = security.limiter.shared_limit(lambda: current_app.config["QUIZ_START_LIMIT"], scope="quiz-start")


def _creator() -> dict[str, Any]:
    """The service arguments that store who started a run and cap it (``QUIZ_RUNS_PER_HOUR``)."""
    return {"creator_hash": security.address_hash(), "per_hour": int(current_app.config["QUIZ_RUNS_PER_HOUR"])}


@bp.app_template_global()
def say(code: str, **params: Any):
    """Render the message ``code`` with ``params`` (templates: ``{{ say("quiz.show.hand") }}``)."""
    return render_step(Step(code, **params))


@bp.errorhandler(RateLimitExceeded)
@bp.errorhandler(CapReached)
def too_many(error: Exception):
    """429: the start forms come back with the message and the typed code; other requests as
    :func:`webapp.core.security.too_many` (htmx: a note, the page and the chosen answer stay)."""
    page = None
    if request.endpoint in ("quiz.create", "quiz.join"):
        step, _ = security.too_many_step(error)
        page = make_response(*_start_page(step, 429, request.form.get("code", "")[:40]))
    return security.too_many(error, page)


def _start_page(problem: Step | None = None, status: int = 200, code: str = ""):
    return (
        render_template(
            "quiz/start.html",
            kinds=service.kind_choices(),
            difficulties=kinds.DIFFICULTIES,
            default_count=quiz.DEFAULT_QUESTIONS,
            max_count=quiz.MAX_QUESTIONS,
            problem=problem,
            code=code,
        ),
        status,
    )


def _to_run(run: QuizRun):
    return redirect(url_for("quiz.run", public_id=run.public_id), code=303)


@bp.get("/quiz")
def start():
    """The start page: new quiz settings, or a quiz code."""
    return _start_page()


@bp.post("/quiz")
@_start_limit
def create():
    """Make a quiz with a new code from the form (kind, difficulty, count), then start it (429: see :func:`too_many`)."""
    settings = service.read_settings(request.form)
    if settings is None:
        return _start_page(Step("quiz.error.settings"), 400)
    return _to_run(service.new_run(service.create_quiz(settings, **_creator()), **_creator()))


@bp.post("/quiz/code")
@_start_limit
def join():
    """Start the quiz of the code typed in (``code``); 400/404 with a message for a bad code."""
    typed = request.form.get("code", "")[:40]
    code = quiz.normalise_code(typed)
    if code is None:
        return _start_page(Step("quiz.error.code"), 400, typed)
    row = service.find_quiz(code)
    if row is None:
        return _start_page(Step("quiz.error.unknown_code", typed=code), 404, typed)
    return _to_run(service.new_run(row, **_creator()))


def _load(public_id: str) -> QuizRun:
    run = service.find_run(public_id)
    if run is None:
        abort(404)
    return run


def _render(run: QuizRun, position: int | None = None, problem: Step | None = None, status: int = 200, replace: bool = False):
    """The quiz area: feedback on ``position``, else the next question or the summary.

    ``replace``: an htmx answer puts the area's URL in the address bar in place of the current one
    (the feedback is still the same question; the next question's link pushes a new entry).
    """
    answered = len(run.answers)
    context: dict[str, Any] = {"run": run, "stats": service.stats(run), "problem": problem, "code": run.quiz.code,
                               "kind_title": Step(kinds.get(run.quiz.kind).TITLE)}
    if position is not None:
        stored = run.answers[position]
        asked = service.run_question(run, position)
        context.update(state="feedback", position=position, asked=asked, given=stored.answer,
                       checked=asked.check(stored.answer), current=position + 1)
        url = url_for("quiz.feedback", public_id=run.public_id, position=position)
    elif answered < len(run.numbers):
        context.update(state="question", position=answered, asked=service.run_question(run, answered),
                       current=answered + 1)
        url = url_for("quiz.run", public_id=run.public_id)
    else:
        wrong = [(i, service.run_question(run, i), a) for i, a in enumerate(run.answers) if not a.correct]
        context.update(state="summary", wrong=wrong, current=len(run.numbers))
        url = url_for("quiz.run", public_id=run.public_id)
    return page_or_fragment("quiz/run.html", "quiz/_run.html", status, replace_url=url if replace else None, **context)


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
@security.limiter.limit(lambda: current_app.config["QUIZ_ANSWER_LIMIT"])
def answer(public_id: str):
    """Store the answer to question ``position`` once, then show its feedback.

    Status 400 (question kept, message shown) for an incomplete answer, 409 for
    a position that is not yet asked.
    """
    run_row = _load(public_id)
    position = ascii_int(request.form.get("position", ""), 3, signed=False)
    if position is None or position >= len(run_row.numbers):
        abort(400)
    if position > len(run_row.answers):  # not asked yet: show the question that is
        return _render(run_row, status=409)
    if position == len(run_row.answers):
        asked = service.run_question(run_row, position)
        given, problem = service.read_answer(asked.kind, request.form, asked.fields)
        if given is None:
            return _render(run_row, problem=problem, status=400)
        service.store_answer(run_row, position, asked, given)
    if not is_htmx():
        # the fragment lands the reloaded page at the quiz area: the score, the verdict and "next" on screen
        return redirect(url_for("quiz.feedback", public_id=public_id, position=position, _anchor="quiz-area"), code=303)
    return _render(run_row, position, replace=True)


@bp.post("/quiz/<public_id>/again")
@_start_limit
def again(public_id: str):
    """Start a new run of the same quiz with only the questions answered wrongly."""
    run_row = _load(public_id)
    wrong = service.retry_numbers(run_row)
    if not wrong:
        return redirect(url_for("quiz.run", public_id=public_id), code=303)
    return _to_run(service.new_run(run_row.quiz, wrong, **_creator()))
