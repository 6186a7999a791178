"""The classroom: a teacher on the projector, children on tablets, live results.

Teacher (no account: the secret link is the key):

* ``POST /class/new`` makes a session and redirects to the teacher link
  ``/class/<code>/teach/<token>``: the join code, its QR code, the controls.
  The token (``secrets.token_urlsafe(32)``) is stored only as a SHA-256 hash
  and compared in constant time; a wrong token answers 404.
* ``POST .../teach/<token>/do`` with ``action``: ``demo`` (a new hand in demo
  mode), ``reveal`` (the next explanation step), ``ask`` (a new question for
  the class), ``close`` (stop answers, show the right one), ``names`` (show or
  hide the children's names), ``end`` (end the session).
* ``GET .../teach/<token>/live``: the live results (polled every second).
* ``GET .../teach/<token>/export.csv``: every answer of the session.

Children (a code and a nickname, nothing else):

* ``GET /class/<code>`` the join form (the QR code leads here), ``POST
  /class/join`` (rate-limited) sets a cookie for this class only.
* ``GET /class/<code>/play`` what the child sees; ``GET .../play/state?v=``
  answers 204 while nothing changed, else the new panel (polled every 2 seconds).
* ``POST /class/<code>/answer``: the answer to the open question, stored once.

A child never sees another child's answer, and no teacher view is reachable
without the token. Limits per address (app config, see ``create_app``): creating
(``CLASS_CREATE_LIMIT``, and at most ``CLASSES_PER_HOUR`` stored an hour), joining
(``CLASS_JOIN_LIMIT``), answering (``CLASS_ANSWER_LIMIT``), and guessing codes
(``CLASS_GUESS_LIMIT``: counts only the 404 answers of the class pages). A refusal
answers 429 (:func:`webapp.core.security.too_many`); the start form comes back
filled in. Sessions expire after ``CLASS_SESSION_DAYS`` days (``flask --app webapp
purge-expired``).

These routes only read the request and choose the page and status: the rules
and queries are in :mod:`webapp.classroom.service` (its typed errors give the
status: ``BadNickname`` 400, ``NicknameTaken`` and ``NotNow`` 409), the CSV and
the QR code in :mod:`webapp.classroom.export`, the poll answered before Flask
in :mod:`webapp.classroom.quickpoll` (:class:`QuickPoll`, re-exported here for
the app factory).
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded

from webapp.classroom import links, service
from webapp.classroom.export import answers_csv, qr_svg
from webapp.classroom.quickpoll import QuickPoll
from webapp.classroom.service import Action, BadNickname, NicknameTaken, NotNow
from webapp.core import security
from webapp.core.models import CapReached, ClassSession, Participant
from webapp.core.steps import Step
from webapp.core.web import is_htmx
from webapp.quiz import kinds
from webapp.quiz.service import kind_choices, read_settings

__all__ = ["QuickPoll", "bp"]

bp = Blueprint("classroom", __name__)

#: Guessed class codes: one count an address over the class pages, counting only their 404 answers
#: (a child who typed a wrong code once is never stopped; 600 guesses in 2 s are).
_guess_limit = security.limiter.shared_limit(lambda: current_app.config["CLASS_GUESS_LIMIT"], scope="class-guess",
                                             deduct_when=lambda response: response.status_code == 404)


@bp.errorhandler(RateLimitExceeded)
@bp.errorhandler(CapReached)
def too_many(error: Exception):
    """429: the start form (new class, joining) comes back with the message, the code and the nickname
    typed; other requests as :func:`webapp.core.security.too_many` (htmx: a note, the page stays)."""
    page = None
    if request.endpoint in ("classroom.create", "classroom.join"):
        step, _ = security.too_many_step(error)
        page = make_response(*_start_page(step, 429, request.form.get("code", "")[:12],
                                          request.form.get("nickname", "")[:service.NICKNAME_MAX * 4]))
    return security.too_many(error, page)


# --- pages for everybody ---------------------------------------------------------------
def _start_page(problem: Step | None = None, status: int = 200, code: str = "", nickname: str = ""):
    return render_template(
        "classroom/start.html",
        kinds=kind_choices(),
        difficulties=kinds.DIFFICULTIES,
        problem=problem,
        code=code,
        nickname=nickname,
    ), status


@bp.get("/class")
def start():
    """Start a class (teacher) or join one (child)."""
    return _start_page(code=request.args.get("code", "")[:12])


@bp.post("/class/new")
@security.limiter.limit(lambda: current_app.config["CLASS_CREATE_LIMIT"])
def create():
    """Make a class session (``kind``, ``difficulty``) and go to its teacher link."""
    settings = read_settings(request.form)
    if settings is None:
        return _start_page(Step("quiz.error.settings"), 400)
    row, token = service.create(settings, int(current_app.config["CLASS_SESSION_DAYS"]),
                                creator_hash=security.address_hash(),
                                per_hour=int(current_app.config["CLASSES_PER_HOUR"]))
    return redirect(url_for("classroom.teach", code=row.join_code, token=token), code=303)


@bp.get("/class/<code>/qr.svg")
@_guess_limit
def qr(code: str):
    """The QR code of the join page (:func:`links.join_url`, never the request's own ``Host``), as SVG made here.

    Cached for an hour under an address that names the URL it encodes (``?v=`` :func:`links.url_version`):
    another ``v`` redirects to the current one, so a cache never serves a QR code of another address.
    404 for an unknown class, or when no public address is configured or trusted.
    """
    row = service.find_session(code)
    url = links.join_url(row.join_code) if row is not None else None
    if url is None:
        abort(404)
    version = links.url_version(url)
    if request.args.get("v") != version:
        return redirect(url_for("classroom.qr", code=row.join_code, v=version), code=303)
    response = make_response(qr_svg(url))
    response.mimetype = "image/svg+xml"
    response.cache_control.max_age = 3600
    response.cache_control.public = True
    response.set_etag(version)
    return response


@bp.get("/class/<code>")
@_guess_limit
def join_page(code: str):
    """The join form with the code filled in; a child who has joined goes on to the play page."""
    row = service.find_session(code)
    if row is not None and service.participant(row, request.cookies) is not None:
        return redirect(url_for("classroom.play", code=row.join_code), code=303)
    if row is None:
        return _start_page(Step("class.error.code", typed=code[:12]), 404, code=code[:12])
    return _start_page(code=row.join_code)


@bp.post("/class/join")
@security.limiter.limit(lambda: current_app.config["CLASS_JOIN_LIMIT"])
def join():
    """Join a class with ``code`` and ``nickname``; sets the class cookie.

    404 for an unknown or ended class, 400 for a bad nickname, 409 when the
    nickname is taken in this class, 429 after too many tries.
    """
    typed_code = request.form.get("code", "")[:12]
    typed_name = request.form.get("nickname", "")[:service.NICKNAME_MAX * 4]
    row = service.find_session(typed_code)
    if row is None or not service.can_join(row):
        return _start_page(Step("class.error.code", typed=typed_code), 404, typed_code, typed_name)
    try:
        token = service.join(row, request.form.get("nickname", ""))
    except BadNickname as error:
        return _start_page(error.step, 400, typed_code, typed_name)
    except NicknameTaken as error:
        return _start_page(error.step, 409, typed_code, typed_name)
    response = redirect(url_for("classroom.play", code=row.join_code), code=303)
    response.set_cookie(service.cookie_name(row.join_code), token, max_age=service.cookie_max_age(row),
                        path=f"/class/{row.join_code}", httponly=True, samesite="Lax", secure=security.is_https())
    return response


# --- the child's tablet --------------------------------------------------------------------
def _child_or_join(code: str) -> tuple[ClassSession, Participant] | Response:
    row = service.find_session(code)
    if row is None:
        abort(404)
    child = service.participant(row, request.cookies)
    if child is None:
        return redirect(url_for("classroom.join_page", code=row.join_code), code=303)
    return row, child


@bp.get("/class/<code>/play")
@_guess_limit
def play(code: str):
    """The child's page: wait, answer the open question, or see their own feedback."""
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    return render_template("classroom/play.html", **service.child_context(*found))


@bp.get("/class/<code>/play/state")
def play_state(code: str):
    """Polled by the child's page: 204 while version ``v`` is current, else the new panel (401: not joined)."""
    if QuickPoll.KEY in request.environ:  # looked up before Flask
        version = request.environ[QuickPoll.KEY]
    else:
        version = service.current_version(code, request.cookies)
    if version is None:  # not joined, or the class expired: say so instead of a question
        return render_template("classroom/_not_joined.html"), 401
    if request.args.get("v") == version:
        return "", 204
    found = _child_or_join(code)
    if isinstance(found, Response):  # pragma: no cover - the class expired between the two queries
        return render_template("classroom/_not_joined.html"), 401
    return render_template("classroom/_child.html", **service.child_context(*found))


@bp.post("/class/<code>/answer")
@_guess_limit
@security.limiter.limit(lambda: current_app.config["CLASS_ANSWER_LIMIT"])
def answer(code: str):
    """Store the child's answer to the open round (``round`` field) once.

    409 when that round is not the open one (closed, or a newer one started),
    400 for an incomplete answer (the question stays, with the message).
    """
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    row, child = found
    status, problem = 200, None
    try:
        service.answer(row, child, request.form.get("round", ""), request.form)
    except NotNow as error:
        status, problem = 409, error.step
    except kinds.AnswerError as error:
        status, problem = 400, error.step
    if not is_htmx() and status == 200:
        return redirect(url_for("classroom.play", code=row.join_code), code=303)
    template = "classroom/_child.html" if is_htmx() else "classroom/play.html"
    return render_template(template, problem=problem, **service.child_context(row, child)), status


# --- the teacher's projector ---------------------------------------------------------------
def _teacher(code: str, token: str) -> ClassSession:
    """The session of this teacher link; 404 for a wrong token or no live class."""
    row = service.teacher_session(code, token)
    if row is None:
        abort(404)
    return row


def _private(response: Response) -> Response:
    """No caching, and the secret link stays out of Referer headers."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _teacher_view(template: str, code: str, token: str):
    row = _teacher(code, token)
    url = links.join_url(row.join_code)
    qr_src = url_for("classroom.qr", code=row.join_code, v=links.url_version(url)) if url else None
    return _private(make_response(render_template(template, join_url=url, qr_src=qr_src,
                                                  **service.teacher_context(row, token))))


@bp.get("/class/<code>/teach/<token>")
def teach(code: str, token: str):
    """The projector page (join code, QR code, demo or question, live results, controls)."""
    return _teacher_view("classroom/teach.html", code, token)


@bp.get("/class/<code>/teach/<token>/live")
def live(code: str, token: str):
    """The live results fragment (polled every second by the projector page)."""
    return _teacher_view("classroom/_live.html", code, token)


@bp.post("/class/<code>/teach/<token>/do")
def act(code: str, token: str):
    """One teacher action (``action`` field, see the module docstring), then back to the projector.

    400 for an unknown action, 409 for one the class's mode does not allow now.
    """
    row = _teacher(code, token)
    try:
        action = Action(request.form.get("action", ""))
    except ValueError:
        abort(400)
    try:
        service.act(row, action)
    except NotNow:
        abort(409)  # e.g. asking after the end, or closing when no question is open
    return redirect(url_for("classroom.teach", code=row.join_code, token=token), code=303)


@bp.get("/class/<code>/teach/<token>/export.csv")
def export(code: str, token: str):
    """Every answer of the session as CSV: round, nickname, answer, right, time (UTC)."""
    row = _teacher(code, token)
    response = make_response(answers_csv(row))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="kartenschule-{row.join_code}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response
