"""The learning path for parents (issue 36, part 2): the parents' view and deleting a device's progress.

* ``GET /learn/parents``: this device's learner in brief (read only): each game's lessons mastered and open, the
  last 7 days (answers a day, the share right, lessons done; from the logged answers) and the rule to practise next
  (:func:`webapp.learn.progress.rule_to_practise`) with a button into "practise my mistakes" (a due rule) or the
  lesson that teaches it. Without a learner (no cookie, a forged or unknown one): a friendly page saying so.
* ``GET /learn/forget``: "delete the progress on this device?" with a button; ``?done=1``: it is deleted.
  ``POST /learn/forget`` with ``confirm=yes``: the learner's row and all its answers are deleted and its cookie
  cleared (303 to ``?done=1``); without a learner only the cookie is cleared (forgetting twice is harmless).
  Without ``confirm=yes``: 400, the question again, nothing deleted.

The blueprint also tells the game pages' "whole game played" reports (:func:`webapp.core.web.played`) to the
learning path (:func:`webapp.learn.store.played`): a game cannot import a service.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from babel.dates import format_skeleton
from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_babel import get_locale

from webapp.core import security
from webapp.core.models import Learner
from webapp.core.steps import Step
from webapp.core.web import listen_played
from webapp.games import games
from webapp.learn import path, store
from webapp.learn.progress import MASTERED, Progress, course_map, rule_to_practise

bp = Blueprint("parents", __name__)
#: The days the parents' view shows, today included.
WEEK_DAYS = 7


@bp.record_once
def _listen(state) -> None:
    listen_played(state.app, store.played)


@dataclass(frozen=True)
class Day:
    """One row of the parents' week: the date's label, answers given, right ones, lessons mastered that day."""

    label: str
    answers: int
    right: int
    lessons: int


def _learner() -> Learner | None:
    return store.find(store.public_id_of(request.cookies.get(store.COOKIE), current_app.secret_key))


def _week(learner: Learner, progress: Progress, today: int) -> list[Day]:
    """The last :data:`WEEK_DAYS` days, today first."""
    first = today - WEEK_DAYS + 1
    answers = store.answers_by_day(learner, first, today)
    mastered = [state.mastered_on for state in progress.lessons.values() if state.mastered_on is not None]
    locale = str(get_locale() or "en")
    return [Day(format_skeleton("MEd", date.fromordinal(day), locale=locale), *answers.get(day, (0, 0)),
                mastered.count(day)) for day in range(today, first - 1, -1)]


@bp.get("/learn/parents")
def parents_page():
    """The parents' view of this device's learner (see the module docstring); 200 also without one."""
    learner = _learner()
    if learner is None:
        return render_template("learn/parents.html", learner=None)
    progress, today = store.progress_of(learner), store.today()
    names = {game.key: game.name for game in games()}
    maps = [(names[m.game], sum(p.state == MASTERED for p in m.places), len(m.places)) for m in course_map(progress)]
    practise = rule_to_practise(progress, today)
    lesson = path.lesson_for_rule(practise[0]) if practise else None
    go = None
    if practise is not None and lesson is not None:
        go = (url_for("learn.mistakes", _anchor="learn-area") if practise[1]
              else url_for("learn.lesson_page", lesson_id=lesson.id, practise=1, _anchor="learn-area"))
    return render_template("learn/parents.html", learner=learner, maps=maps, week=_week(learner, progress, today),
                           lesson=lesson, go=go, rule=practise[0] if practise else None, rule_title=path.rule_title)


@bp.get("/learn/forget")
def forget_page(problem: Step | None = None, status: int = 200):
    """The question before deleting this device's progress (``done=1``: the note that it is deleted)."""
    done = request.args.get("done") == "1" and problem is None
    return render_template("learn/forget.html", done=done, learner=None if done else _learner(),
                           problem=problem), status


@bp.post("/learn/forget")
def forget():
    """Delete this device's learner and its answers, clear its cookie (``confirm=yes``; else 400, nothing
    deleted). 303 to the note that it is done."""
    if request.form.get("confirm") != "yes":
        return forget_page(Step("learn.error.confirm"), 400)
    learner = _learner()
    if learner is not None:
        store.forget(learner)
    response = redirect(url_for("parents.forget_page", done=1), code=303)
    for cookie_path in ("/", store.OLD_COOKIE_PATH):
        security.set_cookie(response, store.COOKIE, "", max_age=0, expires=0, path=cookie_path)
    return response
