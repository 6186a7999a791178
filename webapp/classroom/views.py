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
without the token. Sessions expire after ``CLASS_SESSION_DAYS`` days
(``flask --app webapp purge-expired``).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import re
import secrets
import unicodedata
from collections import Counter
from datetime import timedelta
from functools import lru_cache
from typing import Any, Mapping
from urllib.parse import parse_qsl

import segno
from flask import Blueprint, Flask, Response, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded
from sqlalchemy import bindparam, func
from sqlalchemy.exc import IntegrityError
from werkzeug.http import parse_cookie

from webapp import quiz
from webapp.core import security
from webapp.core.db import db
from webapp.core.explain import render_step
from webapp.core.models import ClassSession, Participant, Response as Answer, utcnow
from webapp.quiz import kinds
from webapp.core.steps import Step
from webapp.core.web import is_htmx
from webapp.quiz.views import Asked, add_with_new_code, kind_choices, read_answer, read_settings

bp = Blueprint("classroom", __name__)

NICKNAME_MAX = 20
#: What a class shows: waiting, a hand explained step by step, a question, the end.
MODES = ("lobby", "demo", "question", "ended")
#: The teacher's actions (``POST .../do``).
ACTIONS = ("demo", "reveal", "ask", "close", "names", "end")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _cookie_name(session: ClassSession) -> str:
    return f"class_{session.join_code}"  # also read in _current_version


# --- loading -------------------------------------------------------------------------
def _session(code: str) -> ClassSession | None:
    """The live (not expired) session with this join code, or None."""
    normal = quiz.normalise_code(code)
    if normal is None:
        return None
    row = db.session.execute(db.select(ClassSession).filter_by(join_code=normal)).scalar_one_or_none()
    if row is None or row.expires_at <= utcnow():
        return None
    return row


def _teacher_session(code: str, token: str) -> ClassSession:
    """The session if ``token`` is its teacher token (constant-time compare), else 404."""
    row = _session(code)
    if row is None or len(token) > 64 or not hmac.compare_digest(_hash(token), row.teacher_hash):
        abort(404)
    return row


def _participant(row: ClassSession) -> Participant | None:
    """The child of this request (by the class cookie), or None."""
    token = request.cookies.get(_cookie_name(row), "")
    if not token or len(token) > 64:
        return None
    return db.session.execute(
        db.select(Participant).filter_by(token_hash=_hash(token), session_id=row.id)
    ).scalar_one_or_none()


def round_question(row: ClassSession, number: int, demo: bool = False) -> Asked:
    """Question ``number`` of the session (or of its demo series)."""
    seed = row.seed + ("-demo" if demo else "")
    return Asked(kinds.get(row.kind), quiz.question(row.kind, row.difficulty, seed, number))


# --- nicknames -----------------------------------------------------------------------
def clean_nickname(text: str) -> tuple[str | None, Step | None]:
    """Normalise a nickname (NFC, single spaces); ``(None, problem)`` if it cannot be used.

    At most :data:`NICKNAME_MAX` characters; no control or formatting
    characters. Everything else (accents, emoji, ``<``) is kept and escaped
    wherever it is shown.
    """
    name = " ".join(unicodedata.normalize("NFC", text[:400]).split())
    if not name:
        return None, Step("class.error.nickname_empty")
    if len(name) > NICKNAME_MAX:
        return None, Step("class.error.nickname_long", max=NICKNAME_MAX)
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return None, Step("class.error.nickname_bad")
    return name, None


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
    kind, difficulty, _count = settings
    token = secrets.token_urlsafe(32)
    days = int(current_app.config["CLASS_SESSION_DAYS"])
    row = add_with_new_code(lambda code: ClassSession(
        join_code=code,
        teacher_hash=_hash(token),
        kind=kind,
        difficulty=difficulty,
        seed=quiz.new_code(10),
        expires_at=utcnow() + timedelta(days=days),
    ))
    return redirect(url_for("classroom.teach", code=row.join_code, token=token), code=303)


@bp.get("/class/<code>/qr.svg")
def qr(code: str):
    """The QR code of the join page, as SVG (made here: nothing from the internet)."""
    row = _session(code)
    if row is None:
        abort(404)
    url = url_for("classroom.join_page", code=row.join_code, _external=True)
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True,
                                    title=url, dark="#1d2433")
    response = make_response(buffer.getvalue())
    response.mimetype = "image/svg+xml"
    response.cache_control.max_age = 3600
    return response


@bp.get("/class/<code>")
def join_page(code: str):
    """The join form with the code filled in; a child who has joined goes on to the play page."""
    row = _session(code)
    if row is not None and _participant(row) is not None:
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
    typed_name = request.form.get("nickname", "")[:NICKNAME_MAX * 4]
    row = _session(typed_code)
    if row is None or row.mode == "ended":
        return _start_page(Step("class.error.code", typed=typed_code), 404, typed_code, typed_name)
    nickname, problem = clean_nickname(request.form.get("nickname", ""))
    if nickname is None:
        return _start_page(problem, 400, typed_code, typed_name)
    token = secrets.token_urlsafe(24)
    db.session.add(Participant(session_id=row.id, nickname=nickname, token_hash=_hash(token)))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return _start_page(Step("class.error.nickname_taken", nickname=nickname), 409, typed_code, typed_name)
    response = redirect(url_for("classroom.play", code=row.join_code), code=303)
    max_age = max(60, int((row.expires_at - utcnow()).total_seconds()))
    response.set_cookie(_cookie_name(row), token, max_age=max_age, path=f"/class/{row.join_code}",
                        httponly=True, samesite="Lax", secure=request.is_secure)
    return response


@bp.app_errorhandler(RateLimitExceeded)
def too_many(_error):
    """429 with a message a child can read."""
    return render_template("error.html", message=render_step(Step("class.error.too_many"))), 429


# --- the child's tablet --------------------------------------------------------------------
def _child_context(row: ClassSession, child: Participant) -> dict[str, Any]:
    context: dict[str, Any] = {"row": row, "child": child, "asked": None, "given": None, "checked": None}
    if row.mode == "question" and row.round_number:
        asked = round_question(row, row.round_number)
        stored = db.session.execute(
            db.select(Answer).filter_by(participant_id=child.id, round_number=row.round_number)
        ).scalar_one_or_none()
        context["asked"] = asked
        if stored is not None:
            context["given"] = stored.answer
            if not row.round_open:
                context["checked"] = asked.check(stored.answer)
    context["version"] = panel_version(row.mode, row.round_number, row.round_open, context["given"] is not None)
    return context


def panel_version(mode: str, round_number: int, round_open: bool, answered: bool) -> str:
    """What the child's panel depends on, as a short string (the poll's ``v``)."""
    answered = answered and mode == "question" and round_number > 0
    return f"{mode}.{round_number}.{int(round_open)}.{int(answered)}"


@lru_cache(maxsize=1)
def _version_query():
    """The one query of the poll, built once (building a statement costs more than running it)."""
    answered = (
        db.select(Answer.id)
        .where(Answer.participant_id == Participant.id, Answer.round_number == ClassSession.round_number)
        .exists()
    )
    return (
        db.select(ClassSession.mode, ClassSession.round_number, ClassSession.round_open, answered)
        .join(Participant, Participant.session_id == ClassSession.id)
        .where(ClassSession.join_code == bindparam("code"), ClassSession.expires_at > bindparam("now"),
               Participant.token_hash == bindparam("token_hash"))
    )


def _current_version(code: str, cookies: Mapping[str, str] | None = None, execute=None) -> str | None:
    """The panel version of the child with this class cookie in one query; None if not joined (or no class).

    ``cookies`` and ``execute`` (a connection's or session's ``execute``) default
    to this request's cookies and the ORM session.

    The poll runs every 2 seconds on every tablet, so it must stay cheap: no
    question is generated and nothing is rendered while nothing changed.
    """
    normal = quiz.normalise_code(code)
    token = (request.cookies if cookies is None else cookies).get(f"class_{normal}", "")
    if normal is None or not token or len(token) > 64:
        return None
    found = (execute or db.session.execute)(
        _version_query(), {"code": normal, "token_hash": _hash(token), "now": utcnow()}
    ).first()
    return None if found is None else panel_version(*found)


class QuickPoll:
    """WSGI middleware: answers a child's poll with 204 before Flask when nothing changed.

    About 80 % of a classroom's requests are ``GET /class/<code>/play/state?v=...``
    answered 204. Here that answer costs one query on a pooled connection: no
    request context, signed session, locale, rate-limit check or ORM session.
    The check is the same as in :func:`play_state` (the class cookie must belong
    to a participant of this live class, and ``v`` must be that child's current
    version), and the 204 carries the same headers. Everything else (a changed
    version, a child not joined: 401, other methods and paths) goes on to Flask,
    a looked-up version in ``environ[QuickPoll.KEY]`` so that :func:`play_state` need not ask again.
    """

    PATH = re.compile(r"/class/([^/]+)/play/state\Z")
    KEY = "kartenschule.poll_version"
    NO_CONTENT = [("Content-Type", "text/html; charset=utf-8"), *security.HEADERS.items(), ("Vary", "HX-Request")]

    def __init__(self, app: Flask, wsgi_app) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.engine = None

    def __call__(self, environ, start_response):
        found = self.PATH.match(environ.get("PATH_INFO", ""))
        if found is not None and environ.get("REQUEST_METHOD") == "GET":
            asked = [value for name, value in parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
                     if name == "v"]
            version = self._version(found.group(1), parse_cookie(environ))
            if asked and asked[0] == version:
                start_response("204 NO CONTENT", list(self.NO_CONTENT))
                return []
            environ[self.KEY] = version  # play_state need not ask again
        return self.wsgi_app(environ, start_response)

    def _version(self, code: str, cookies: Mapping[str, str]) -> str | None:
        if self.engine is None:
            with self.app.app_context():
                self.engine = db.engine
        with self.engine.connect() as connection:
            return _current_version(code, cookies, connection.execute)


def _child_or_join(code: str) -> tuple[ClassSession, Participant] | Response:
    row = _session(code)
    if row is None:
        abort(404)
    child = _participant(row)
    if child is None:
        return redirect(url_for("classroom.join_page", code=row.join_code), code=303)
    return row, child


@bp.get("/class/<code>/play")
def play(code: str):
    """The child's page: wait, answer the open question, or see their own feedback."""
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    row, child = found
    return render_template("classroom/play.html", **_child_context(row, child))


@bp.get("/class/<code>/play/state")
def play_state(code: str):
    """Polled by the child's page: 204 while version ``v`` is current, else the new panel (401: not joined)."""
    version = request.environ[QuickPoll.KEY] if QuickPoll.KEY in request.environ else _current_version(code)
    if version is None:  # not joined, or the class expired: say so instead of a question
        return render_template("classroom/_not_joined.html"), 401
    if request.args.get("v") == version:
        return "", 204
    found = _child_or_join(code)
    if isinstance(found, Response):  # pragma: no cover - the class expired between the two queries
        return render_template("classroom/_not_joined.html"), 401
    return render_template("classroom/_child.html", **_child_context(*found))


@bp.post("/class/<code>/answer")
def answer(code: str):
    """Store the child's answer to the open round (``round`` field) once.

    409 when that round is not the open one (closed, or a newer one started),
    400 for an incomplete answer (the question stays, with the message).
    """
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    row, child = found
    round_text = request.form.get("round", "")
    status, problem = 200, None
    if not (row.mode == "question" and row.round_open and round_text == str(row.round_number)):
        status, problem = 409, Step("class.error.closed")
    else:
        asked = round_question(row, row.round_number)
        given, problem = read_answer(asked.kind)
        if given is None:
            status = 400
        else:
            db.session.add(Answer(session_id=row.id, participant_id=child.id, round_number=row.round_number,
                                  answer=given, correct=asked.check(given).correct))
            try:
                db.session.commit()
            except IntegrityError:  # answered before (another tab): the first answer counts
                db.session.rollback()
    if not is_htmx() and status == 200:
        return redirect(url_for("classroom.play", code=row.join_code), code=303)
    context = _child_context(row, child)
    template = "classroom/_child.html" if is_htmx() else "classroom/play.html"
    return render_template(template, problem=problem, **context), status


# --- the teacher's projector ---------------------------------------------------------------
def _results(row: ClassSession) -> dict[str, Any]:
    """Live figures of the current round: who joined, how many answered, the distribution."""
    joined = db.session.scalar(db.select(func.count()).select_from(Participant).filter_by(session_id=row.id)) or 0
    result: dict[str, Any] = {"joined": joined, "answered": 0, "bars": [], "names": []}
    if row.show_names:
        result["names"] = [p.nickname for p in row.participants]
    if row.mode != "question" or not row.round_number:
        return result
    asked = round_question(row, row.round_number)
    expected = asked.solution().expected
    rows = db.session.execute(
        db.select(Answer.answer, Participant.nickname)
        .join(Participant, Answer.participant_id == Participant.id)
        .where(Answer.session_id == row.id, Answer.round_number == row.round_number)
        .order_by(Participant.nickname)
    ).all()
    counts: Counter[str] = Counter()
    names: dict[str, list[str]] = {}
    answers: dict[str, dict[str, Any]] = {}
    for given, nickname in rows:
        key = json.dumps(given, sort_keys=True)
        counts[key] += 1
        names.setdefault(key, []).append(nickname)
        answers[key] = given
    result["answered"] = len(rows)
    result["bars"] = [
        {"label": asked.describe(answers[key]), "count": n, "right": answers[key] == expected, "names": names[key]}
        for key, n in counts.most_common()
    ]
    return result


def _teacher_context(row: ClassSession, token: str) -> dict[str, Any]:
    context: dict[str, Any] = {"row": row, "token": token, "results": _results(row), "asked": None, "checked": None,
                               "step_title": Step(kinds.get(row.kind).TITLE)}
    if row.mode == "demo" or (row.mode == "question" and row.round_number):
        demo = row.mode == "demo"
        context["asked"] = round_question(row, row.demo_number if demo else row.round_number, demo=demo)
        context["checked"] = context["asked"].solution()
    return context


def _teacher_view(template: str, code: str, token: str):
    row = _teacher_session(code, token)
    response = make_response(render_template(template, **_teacher_context(row, token)))
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"  # the secret link stays out of Referer headers
    return response


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
    """One teacher action (``action`` field, see the module docstring), then back to the projector."""
    row = _teacher_session(code, token)
    action = request.form.get("action", "")
    if action not in ACTIONS:
        abort(400)
    allowed = {"reveal": ("demo",), "close": ("question",), "names": MODES}.get(action, ("lobby", "demo", "question"))
    if row.mode not in allowed:
        abort(409)  # e.g. asking after the end, or closing when no question is open
    if action == "demo":
        row.mode, row.demo_number, row.demo_revealed = "demo", row.demo_number + 1, 0
    elif action == "reveal":
        steps = len(round_question(row, row.demo_number, demo=True).solution().steps)
        row.demo_revealed = min(steps, row.demo_revealed + 1)
    elif action == "ask":
        row.mode, row.round_number, row.round_open = "question", row.round_number + 1, True
    elif action == "close":
        row.round_open = False
    elif action == "names":
        row.show_names = not row.show_names
    else:  # end
        row.mode, row.round_open, row.ended_at = "ended", False, utcnow()
    db.session.commit()
    return redirect(url_for("classroom.teach", code=row.join_code, token=token), code=303)


def _csv_cell(value: Any) -> str:
    """A CSV cell that a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@bp.get("/class/<code>/teach/<token>/export.csv")
def export(code: str, token: str):
    """Every answer of the session as CSV: round, nickname, answer, right, time (UTC)."""
    row = _teacher_session(code, token)
    rows = db.session.execute(
        db.select(Answer, Participant.nickname)
        .join(Participant, Answer.participant_id == Participant.id)
        .where(Answer.session_id == row.id)
        .order_by(Answer.round_number, Participant.nickname)
    ).all()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["round", "nickname", "answer", "correct", "answered_at_utc"])
    for given, nickname in rows:
        text = kinds.get(row.kind).describe(given.answer)
        writer.writerow([given.round_number, _csv_cell(nickname), _csv_cell(render_step(text, html=False)),
                         "yes" if given.correct else "no", given.created_at.isoformat(timespec="seconds")])
    response = make_response(out.getvalue())
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="kartenschule-{row.join_code}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response
