"""Homework for a class and the teacher's report (issue 36, part 2): the pages. The rules are
:mod:`webapp.learn.homework`.

Teacher (no account: the secret teacher token is the key, kept in a cookie as in the live classroom):

* ``GET /learn/homework/new``: the form: lessons of the path (checkboxes, by game) and a deadline (a date 1 to 60
  days ahead, 7 by default). ``POST /learn/homework/new`` stores it, sets the teacher cookie (path
  ``/learn/homework/<code>`` only, HttpOnly, SameSite=Strict, until the homework expires) and redirects to the
  teacher page. 400 (the form again, with a message) for no lesson, an unknown one or a deadline out of range;
  429 past ``CLASS_CREATE_LIMIT`` a minute or ``CLASSES_PER_HOUR`` homework classes an hour from one address.
* ``GET /learn/homework/<code>``: the teacher page: the class code, the teacher link, the report;
  ``GET /learn/homework/<code>/report.csv`` the same as CSV. ``GET /learn/homework/<code>/teach/<token>``: the
  teacher link for another device (sets the cookie, redirects to the teacher page: no secret in the address
  bar). ``GET|POST /learn/homework/<code>/delete``: confirm, then delete the class and its list of nicknames (the
  children's own progress stays theirs).
  An unknown or expired code answers 404, a page of a live class without its teacher's cookie (none, forged, of
  another class) 403, each with a message naming the problem.

Child: ``GET /learn/class`` ("I have a class code"): the form; ``POST /learn/class`` joins with ``code`` and
``nickname`` (a learner is made when the device has none; its cookie is set) and goes to the map, which shows
the homework. 404 for an unknown code, 400 for a bad nickname, 409 for a taken one or a full class. Unknown codes
count towards ``LEARN_CODE_LIMIT`` (429 after), as the progress codes do.
"""

from __future__ import annotations

import functools
from datetime import date, timedelta
from typing import Callable

from flask import Blueprint, Response, current_app, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded

from webapp.classroom import links
from webapp.classroom.service import TOKEN_MAX
from webapp.core import security
from webapp.core.models import CapReached, LearnClass, utcnow
from webapp.core.steps import Step
from webapp.games import games
from webapp.learn import homework, learn_views, path, store

bp = Blueprint("homework", __name__)

#: Wrong class codes (404) and bad forms (400) count towards this limit; a right code does not.
_guess_limit = security.limiter.shared_limit(lambda: current_app.config["LEARN_CODE_LIMIT"], scope="learn-class-code",
                                             deduct_when=lambda response: response.status_code in (400, 404))


def _names() -> dict[str, str]:
    return {game.key: game.name for game in games()}


def _private(response: Response) -> Response:
    """A teacher's page: never kept by a cache."""
    response.headers["Cache-Control"] = "private, no-store"
    return response


# --- setting homework ---------------------------------------------------------------------------------------
def _new_page(problem: Step | None = None, status: int = 200, chosen: tuple[str, ...] = (), deadline: str = ""):
    today = date.fromordinal(store.today())
    low, high, default = homework.DEADLINE_DAYS
    return render_template("learn/homework_new.html", paths=path.PATHS, lessons=path.LESSONS, names=_names(),
                           problem=problem, chosen=set(chosen), deleted=request.args.get("deleted") == "1",
                           deadline=deadline or (today + timedelta(days=default)).isoformat(),
                           earliest=(today + timedelta(days=low)).isoformat(),
                           latest=(today + timedelta(days=high)).isoformat()), status


@bp.get("/learn/homework/new")
def new():
    """The form to set homework (``deleted=1``: after a deletion, it says so)."""
    return _new_page()


@bp.post("/learn/homework/new")
@security.limiter.limit(lambda: current_app.config["CLASS_CREATE_LIMIT"])
def create():
    """Store the homework of ``lesson`` (repeated) and ``deadline``; go to the teacher page with its cookie."""
    chosen, deadline = tuple(request.form.getlist("lesson")[:100]), request.form.get("deadline", "")[:40]
    try:
        lessons, deadline_day = homework.read_settings(chosen, deadline, store.today())
    except homework.BadHomework as error:
        return _new_page(error.step, 400, tuple(c[:80] for c in chosen), deadline)
    row, token = homework.create(lessons, deadline_day, store.today(), int(current_app.config["HOMEWORK_DAYS"]),
                                 creator_hash=security.address_hash(),
                                 per_hour=int(current_app.config["CLASSES_PER_HOUR"]))
    return _with_teacher_cookie(redirect(url_for("homework.teacher", code=row.code), code=303), row, token)


def _with_teacher_cookie(response: Response, row: LearnClass, token: str) -> Response:
    """``response`` setting the teacher cookie of ``row`` (its pages only, HttpOnly, Strict), kept private."""
    seconds = max(60, int((row.expires_at - utcnow()).total_seconds()))
    security.set_cookie(response, homework.teacher_cookie_name(row.code), token, max_age=seconds,
                        path=f"/learn/homework/{row.code}", samesite="Strict")
    return _private(response)


# --- the teacher's pages ------------------------------------------------------------------------------------
def _problem(step: Step, status: int):
    """A page that only says what is wrong, with the ways on."""
    return _private(make_response(render_template("learn/homework_problem.html", problem=step), status))


def _teacher_only(view: Callable[[LearnClass], Response]) -> Callable[[str], Response]:
    """A teacher's view of the class ``code``: called with the class when this request carries its teacher's
    cookie; else the 404 page (no live class of that code) or the 403 page (no cookie, a forged one, another
    class's)."""

    @functools.wraps(view)
    def checked(code: str) -> Response:
        found = homework.find(code)
        if found is None:
            return _problem(Step("learn.hw.error.code", typed=code[:12]), 404)
        row = homework.teacher_class(found.code, request.cookies.get(homework.teacher_cookie_name(found.code), ""))
        return view(row) if row is not None else _problem(Step("learn.hw.error.teacher"), 403)

    return checked


@bp.get("/learn/homework/<code>")
@_guess_limit
@_teacher_only
def teacher(row: LearnClass):
    """The teacher page: the class code, the teacher link, the report."""
    report = homework.report(row)
    base = links.public_base() or ""  # never the request's own Host header unless it can be trusted
    token = request.cookies[homework.teacher_cookie_name(row.code)]
    link = base + url_for("homework.teach", code=row.code, token=token)
    return _private(make_response(render_template(
        "learn/homework.html", row=row, report=report, lessons=path.LESSONS, link=link,
        taught=homework.homework_rules(report.lessons), rule_title=path.rule_title,
        deadline=date.fromordinal(row.deadline_day), kept=(row.expires_at - timedelta(days=1)).date(),
        join_url=base + url_for("homework.join_page"))))


@bp.get("/learn/homework/<code>/report.csv")
@_guess_limit
@_teacher_only
def report_csv(row: LearnClass):
    """The report as CSV (``homework-<code>.csv``)."""
    response = make_response(homework.report_csv(homework.report(row)))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="homework-{row.code}.csv"'
    return _private(response)


@bp.get("/learn/homework/<code>/teach/<token>")
@_guess_limit
def teach(code: str, token: str):
    """The teacher link: sets the teacher cookie on this device and goes to the teacher page."""
    row = homework.teacher_class(code, token[:TOKEN_MAX + 1])
    if row is None:
        if homework.find(code) is None:
            return _problem(Step("learn.hw.error.code", typed=code[:12]), 404)
        return _problem(Step("learn.hw.error.teacher"), 403)
    return _with_teacher_cookie(redirect(url_for("homework.teacher", code=row.code), code=303), row, token)


@bp.route("/learn/homework/<code>/delete", methods=["GET", "POST"])
@_guess_limit
@_teacher_only
def delete(row: LearnClass):
    """GET: are you sure? POST: delete the class and its memberships, then the form says it is gone."""
    if request.method == "GET":
        return _private(make_response(render_template("learn/homework_delete.html", row=row)))
    homework.delete_class(row)
    response = redirect(url_for("homework.new", deleted="1"), code=303)
    response.delete_cookie(homework.teacher_cookie_name(row.code), path=f"/learn/homework/{row.code}")
    return _private(response)


# --- the child ----------------------------------------------------------------------------------------------
def _join_page(problem: Step | None = None, status: int = 200, code: str = "", nickname: str = ""):
    me = learn_views.current_learner()
    mine = homework.classes_of(me.learner, me.progress, store.today())
    return render_template("learn/homework_join.html", problem=problem, code=code, nickname=nickname,
                           mine=mine, full=len(mine) >= homework.MAX_CLASSES), status


@bp.get("/learn/class")
def join_page():
    """"I have a class code": the form (``code``: filled in)."""
    return _join_page(code=request.args.get("code", "")[:12])


@bp.post("/learn/class")
@_guess_limit
def join():
    """Join the homework class ``code`` as ``nickname``; the map shows its homework."""
    typed_code, typed_name = request.form.get("code", "")[:12], request.form.get("nickname", "")[:400]
    row = homework.find(typed_code)
    if row is None:
        return _join_page(Step("learn.hw.error.code", typed=typed_code), 404, typed_code, typed_name[:80])
    me = learn_views.current_learner(lock=True)
    learner = learn_views.created(me)  # its cookie is set whatever happens next, so a retry is the same learner
    try:
        homework.join(row, learner, typed_name)
    except homework.HomeworkError as error:
        status = 400 if isinstance(error, homework.BadHomework) else 409
        return learn_views.remember(make_response(*_join_page(error.step, status, typed_code, typed_name[:80])),
                                    learner)
    return learn_views.remember(redirect(url_for("learn.map_page", _anchor="learn-homework"), code=303), learner)


@bp.errorhandler(RateLimitExceeded)
@bp.errorhandler(CapReached)
def too_many(error: Exception):
    """429 (:func:`webapp.core.security.too_many`); a guessed class code comes back to the join form."""
    page = None
    if request.endpoint == "homework.join":
        step, _ = security.too_many_step(error)
        page = make_response(*_join_page(step, 429, request.form.get("code", "")[:12]))
    return security.too_many(error, page)
