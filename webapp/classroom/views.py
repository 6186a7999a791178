"""The classroom: a teacher on the projector, children on tablets, live results.

Teacher (no account: the secret token is the key, kept in a cookie):

* ``POST /class/new`` makes a session (a kind, a difficulty and a number of
  questions, or a quiz code: its questions in order), sets the teacher cookie
  and redirects to the presenter address ``/class/<code>/present``: no token
  in any address, so none in the address bar or an access log line. The
  token (``secrets.token_urlsafe(32)``) is stored only as a SHA-256 hash.
* ``GET /class/<code>/teach/<token>`` (an older teacher link) sets the same
  cookie and redirects to the presenter address; a wrong token answers 404.
* ``POST .../present/do`` with ``action``: ``demo``, ``reveal``, ``ask`` (with
  ``countdown`` and ``speed_bonus``), ``close``, ``board``, ``names``,
  ``lock``, ``remove`` and ``more_time`` (``child``), ``let_in`` and ``refuse`` (``rejoin``: a request to
  rejoin, :mod:`.rejoin`), ``end`` (``confirm=yes`` unless the series
  is over; ``GET .../present/end`` asks first). With htmx the presenter part
  is swapped in place; without JavaScript the form redirects back.
* ``GET .../present/board?v=``: the board (204 while ``v`` is current; the count alone while only it changed
  in an open round), polled every second.
* ``GET .../present/export.csv``: every answer of the session, with points and seconds (a Skat round: every
  child's games, one line per child and deal).

Children (a code and a nickname, nothing else):

* ``GET /class/<code>`` the join form (the QR code leads here), ``POST
  /class/join`` (rate-limited) sets a cookie for this class only.
* ``GET /class/<code>/play`` what the child sees; ``GET .../play/state?v=``
  answers 204 while nothing changed, else the new panel (polled every 2 seconds).
* ``POST /class/<code>/answer``: the answer to the open question, stored once.

A child never sees another child's answer, and no teacher view is reachable
without the teacher cookie. Limits per address (app config, see ``create_app``): creating
(``CLASS_CREATE_LIMIT``, and at most ``CLASSES_PER_HOUR`` stored an hour), joining
(``CLASS_JOIN_LIMIT``), answering (``CLASS_ANSWER_LIMIT``), and guessing codes
(``CLASS_GUESS_LIMIT``: counts wrong codes, never refuses a request with a cookie of the class; see
``guess_limit``). A refusal
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

from flask import Blueprint, Response, abort, current_app, g, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded

from flask_babel import format_decimal, get_locale
from markupsafe import Markup

from webapp import quiz
from webapp.classroom import links, presenter, quickpoll, rejoin, service, shared, skat_store
from webapp.classroom.export import export_csv, qr_svg
from webapp.classroom.quickpoll import QuickPoll
from webapp.classroom.seats import AnswerRow, ChildRow, ClassRow
from webapp.classroom.service import Action, BadNickname, NicknameTaken, NotNow
from webapp.core import security
from webapp.core.db import reads_first
from webapp.core.models import CapReached, ClassSession
from webapp.core.steps import Step
from webapp.core.web import is_htmx
from webapp.quiz import kinds
from webapp.quiz.service import Asked, Settings, find_quiz, kind_choices, read_settings

__all__ = ["QuickPoll", "bp"]

bp = Blueprint("classroom", __name__)
#: ``{% if join_url is loopback %}``: the projector warns when no tablet can open the join address.
bp.add_app_template_test(links.is_loopback, "loopback")
bp.record_once(lambda state: shared.init_app(state.app))


@bp.app_template_filter("class_points")
def class_points(value: int) -> str:
    """Points in the language's digits grouping (``1,000`` in English, ``1.000`` in German)."""
    return format_decimal(value, format="#,##0")

def _seat(code: str) -> service.Seat:
    """:func:`service.session_and_child` for ``code`` and this request's cookies, read once a request (the guess
    limit's :func:`_in_class` and the view both ask)."""
    seats = g.setdefault("class_seats", {})
    if code not in seats:
        seats[code] = service.session_and_child(code, request.cookies)
    return seats[code]


def _in_class() -> bool:
    """True when the request shows a place in the class it names (the address's ``code``, or the join form's): the
    cookie of one of its children, or its teacher's. Only a cookie of that class's name is looked up."""
    code = (request.view_args or {}).get("code", request.form.get("code", ""))[:12]
    normal = quiz.normalise_code(code)
    if normal is None:
        return False
    if service.cookie_name(normal) in request.cookies and _seat(code).child is not None:
        return True
    return (service.teacher_cookie_name(normal) in request.cookies
            and service.teacher_from_cookies(normal, request.cookies) is not None)


#: Guessed class codes, on the routes that tell a live code from a wrong one (join page and form, QR code, play
#: page, answer): one count an address (``CLASS_GUESS_LIMIT``) of their 404 answers, that is codes of no live
#: class. Past it, those routes answer 429 whatever the code (a refusal of wrong codes only would tell the right
#: ones: the limit would stop nothing). A request with a child's or the teacher's cookie of the class
#: (:func:`_in_class`) is never counted nor refused: a child guessing codes behind the school's one address does
#: not stop the lesson, though a child not joined yet waits for the rest of the minute. The presenter's pages are
#: not limited: without the teacher cookie a live code answers 404 as a wrong one does.
guess_limit = security.limiter.shared_limit(lambda: current_app.config["CLASS_GUESS_LIMIT"], scope="class-guess",
                                             exempt_when=_in_class,
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
        count=request.form.get("count", "5")[:3] if request.method == "POST" else "5",
        quiz_code=request.form.get("quiz", "")[:12] if request.method == "POST" else "",
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
    """Make a class session and go to its presenter page with the teacher cookie set.

    The series is ``kind``, ``difficulty`` and ``count`` (questions), or the quiz with the code
    ``quiz`` (its kind, difficulty and questions, in order). 400 for bad settings or an unknown quiz code
    (the form comes back with the message).
    """
    quiz_text = request.form.get("quiz", "").strip()[:12]
    seed, skat = None, None
    if request.form.get("kind") == skat_store.KIND:  # a Skat round: deals, bots and coach
        skat = skat_store.read_settings(request.form)
        if skat is None:
            return _start_page(Step("quiz.error.settings"), 400)
        settings = Settings(skat_store.KIND, "", int(skat["deals"]))
    elif quiz_text:
        normal = quiz.normalise_code(quiz_text)
        found = find_quiz(normal) if normal else None
        if found is None or found.kind not in kinds.KINDS:
            return _start_page(Step("class.error.quiz_code", typed=quiz_text), 400)
        settings, seed = Settings(found.kind, found.difficulty, found.count), found.code
    else:
        settings = read_settings(request.form)
        if settings is None:
            return _start_page(Step("quiz.error.settings"), 400)
    row, token = service.create(settings, int(current_app.config["CLASS_SESSION_DAYS"]),
                                creator_hash=security.address_hash(),
                                per_hour=int(current_app.config["CLASSES_PER_HOUR"]), seed=seed, skat=skat)
    return _with_teacher_cookie(redirect(url_for("classroom.present", code=row.join_code), code=303), row, token)


def _with_teacher_cookie(response: Response, row: ClassSession, token: str) -> Response:
    """``response`` setting the teacher cookie of ``row`` (its path only, HttpOnly, Strict) and kept private."""
    security.set_cookie(response, service.teacher_cookie_name(row.join_code), token,
                        max_age=service.cookie_max_age(row), path=f"/class/{row.join_code}", samesite="Strict")
    return _private(response)


@bp.get("/class/<code>/qr.svg")
@guess_limit
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
@guess_limit
def join_page(code: str):
    """The join form with the code filled in; a child who has joined goes on to the play page."""
    row, child, _ = _seat(code)
    if child is not None:
        return redirect(url_for("classroom.play", code=row.join_code), code=303)
    if row is None:
        return _start_page(Step("class.error.code", typed=code[:12]), 404, code=code[:12])
    return _start_page(code=row.join_code)


@bp.post("/class/join")
@guess_limit
@security.limiter.limit(lambda: current_app.config["CLASS_JOIN_LIMIT"])
def join():
    """Join a class with ``code`` and ``nickname``; sets the class cookie.

    404 for an unknown or ended class, 400 for a bad nickname, 409 when the
    nickname is taken in this class, joining is locked or the class is full, 429 after too many tries.
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
    except (NicknameTaken, NotNow) as error:  # the nickname is taken, joining is locked, the class is full
        return _start_page(error.step, 409, typed_code, typed_name)
    response = redirect(url_for("classroom.play", code=row.join_code), code=303)
    return security.set_cookie(response, service.cookie_name(row.join_code), token,
                               max_age=service.cookie_max_age(row), path=f"/class/{row.join_code}")


# --- the child's tablet --------------------------------------------------------------------
def _question_parts(row: ClassSession | ClassRow, number: int) -> dict[str, Markup]:
    """The cards and the answer buttons of round ``number``, rendered once per question and language for the
    whole class (:mod:`.shared`): ``cards``, ``huge`` (the projector's cards) and ``fields``."""
    asked = service.round_question(row, number)
    key = _question_key(row, number)
    store = shared.shared()
    return {part: store.html(key + (part,), lambda part=part: render_template(
        "classroom/_question_part.html", part=part, asked=asked)) for part in ("cards", "huge", "fields")}


def _question_key(row: ClassSession | ClassRow, number: int) -> tuple:
    """What decides how round ``number`` of ``row`` looks: the question and the language."""
    return row.kind, row.difficulty, row.seed, number, str(get_locale())


def _feedback(row: ClassSession | ClassRow, asked: Asked, given: dict, checked: kinds.Checked) -> Markup:
    """The feedback on the answer ``given`` to the closed round (the verdict, the right answer, the steps),
    rendered once per answer given in the class and language: thirty tablets mostly gave a few answers."""
    key = _question_key(row, row.round_number) + ("feedback", service.answer_key(given))
    return shared.shared().html(key, lambda: render_template("classroom/_question_part.html", part="feedback",
                                                             asked=asked, given=given, checked=checked))


def _standings(row: ClassSession | ClassRow):
    """The class's standings, made once per closed round (or the end) for every tablet of the class. A child
    removed after the round closed stays on them until the next round."""
    key = ("standings", row.id, row.mode, row.round_number)
    return shared.shared().get(key, lambda: service.standings(row))


def _child_context(row: ClassRow, child: ChildRow, stored: AnswerRow | None) -> dict:
    context = service.child_context(row, child, stored, standings_of=_standings)
    if context["asked"] is not None:
        context["parts"] = _question_parts(row, row.round_number)
        if context["checked"] is not None:
            context["parts"]["feedback"] = _feedback(row, context["asked"], context["given"], context["checked"])
    return context

def _child_or_join(code: str) -> service.Seat | Response:
    """The class, the child and its answer to the current round (404: no live class; not joined: to the join
    page)."""
    seat = _seat(code)
    if seat.row is None:
        abort(404)
    if seat.child is None:
        return redirect(url_for("classroom.join_page", code=seat.row.join_code), code=303)
    return seat


@bp.get("/class/<code>/play")
@guess_limit
def play(code: str):
    """The child's page: wait, answer the open question, or see their own feedback."""
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    if found.row.kind == skat_store.KIND:  # the class plays Skat at the table (skat_views)
        return redirect(url_for("classroom_skat.overview", code=found.row.join_code), code=303)
    return render_template("classroom/play.html", **_child_context(*found))


@bp.get("/class/<code>/play/state")
def play_state(code: str):
    """Polled by the child's page: 204 while version ``v`` is current, else the new panel (401: not joined).

    The panel of an open round that the child has not answered is the same for the whole class (the question,
    its buttons, the countdown; htmx sends the CSRF token from the page): it is rendered once per class, language
    and second of the countdown (:func:`.shared.open_panel_key`), and :class:`QuickPoll` serves it from then on
    before Flask (thirty or 900 tablets ask for it within the same two seconds).
    """
    if QuickPoll.KEY in request.environ:  # looked up before Flask
        state = request.environ[QuickPoll.KEY]
    else:
        state = quickpoll.poll_state(code, request.cookies)
    if state is None:  # not joined, or the class expired: say so instead of a question
        return render_template("classroom/_not_joined.html"), 401
    if request.args.get("v") == state.version:
        return "", 204
    found = _child_or_join(code)
    if isinstance(found, Response):  # pragma: no cover - the class expired between the two queries
        return render_template("classroom/_not_joined.html"), 401
    context = _child_context(*found)
    if state.alike and (context["version"], context["seconds_left"]) == (state.version, state.seconds_left):
        key = shared.open_panel_key(state.session_id, state.version, state.seconds_left, str(get_locale()))
        return shared.shared().html(key, lambda: render_template("classroom/_child.html", alike=True, **context))
    return render_template("classroom/_child.html", **context)


@bp.post("/class/<code>/answer")
@guess_limit
@security.limiter.limit(lambda: current_app.config["CLASS_ANSWER_LIMIT"])
@reads_first
def answer(code: str):
    """Store the child's answer to the open round (``round`` field) once.

    409 when that round is not the open one (closed, time up, or a newer one started) or the teacher removed
    the child,
    400 for an incomplete answer (the question stays, with the message).
    """
    found = _child_or_join(code)
    if isinstance(found, Response):
        return found
    row, child, stored = found
    status, problem = 200, None
    try:
        stored = service.answer(row, child, stored, request.form.get("round", ""), request.form) or stored
    except NotNow as error:
        status, problem = 409, error.step
    except kinds.AnswerError as error:
        status, problem = 400, error.step
    if not is_htmx() and status == 200:
        return redirect(url_for("classroom.play", code=row.join_code), code=303)
    context = _child_context(row, child, stored)
    if status == 200 and stored is not None and context["open"]:  # "your answer is saved": alike for that answer
        key = shared.open_panel_key(row.id, context["version"], context["seconds_left"], str(get_locale()))
        return shared.shared().html(key + ("saved", service.answer_key(stored.answer)),
                                    lambda: render_template("classroom/_child.html", **context))
    template = "classroom/_child.html" if is_htmx() else "classroom/play.html"
    return render_template(template, problem=problem, **context), status


# --- the teacher's presenter ---------------------------------------------------------------
def _teacher(code: str) -> ClassSession:
    """The session whose teacher cookie came with the request; 404 for none, a wrong one or no live class."""
    row = service.teacher_from_cookies(code, request.cookies)
    if row is None:
        abort(404)
    return row


def _private(response: Response) -> Response:
    """No caching, and no Referer header from the teacher's pages."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _presenter(template: str, row: ClassSession, status: int = 200, context: dict | None = None,
               **extra) -> Response:
    url = links.join_url(row.join_code)
    qr_src = url_for("classroom.qr", code=row.join_code, v=links.url_version(url)) if url else None
    context = context or presenter.teacher_context(row)
    if context["asked"] is not None and row.mode == service.Mode.QUESTION:
        context["parts"] = _question_parts(row, row.round_number)
    return _private(make_response(render_template(template, join_url=url, qr_src=qr_src, **context, **extra),
                                  status))


@bp.get("/class/<code>/teach/<token>")
def teach(code: str, token: str):
    """A teacher link: sets the teacher cookie and redirects to the presenter address (no token in it)."""
    row = service.teacher_session(code, token)
    if row is None:
        abort(404)
    return _with_teacher_cookie(redirect(url_for("classroom.present", code=row.join_code), code=303), row, token)


@bp.get("/class/<code>/present")
def present(code: str):
    """The presenter page for the projector: the controls and the board (lobby, round, leaderboard, podium)."""
    return _presenter("classroom/present.html", _teacher(code))


@bp.get("/class/<code>/present/board")
def live(code: str):
    """The board (polled every second): 204 while version ``v`` is current; while a round is open and only the
    number of answers changed, the new count and version alone (swapped in out of band); else the new board."""
    row = _teacher(code)
    if not is_htmx():
        return _presenter("classroom/present.html", row)
    given, state = request.args.get("v"), presenter.board_state(row)
    if given == state.version:
        return _private(make_response("", 204))
    if presenter.only_answers_changed(given, state):
        counted = render_template("classroom/_board_count.html", row=row, version=state.version, results=state)
        return _private(make_response(counted, {"HX-Reswap": "none"}))
    return _presenter("classroom/_board.html", row, context=presenter.teacher_context(row, children=False))


@bp.get("/class/<code>/present/children")
def children(code: str):
    """The teacher's list of children (polled every 2 s): 204 while version ``v`` is current."""
    row = _teacher(code)
    asking = rejoin.waiting(row)
    version = presenter.children_version(presenter.child_ids(row), (ask.id for ask, _ in asking))
    if request.args.get("v") == version:
        return _private(make_response("", 204))
    listed = [p for p in row.participants if not p.removed]
    return _private(make_response(render_template("classroom/_children.html", row=row, children=listed,
                                                  children_version=version, asking=asking, oob=True)))


@bp.get("/class/<code>/present/end")
def confirm_end(code: str):
    """Asks whether to end the class (works without JavaScript; with htmx it replaces the controls in place)."""
    row = _teacher(code)
    return _presenter("classroom/_presenter.html" if is_htmx() else "classroom/present.html", row, confirm_end=True)


def _flag(name: str) -> bool | None:
    """A checkbox of the ask form: True/False when the form says, None when the form has no such field."""
    if f"{name}_shown" not in request.form:
        return None
    return request.form.get(name) in ("1", "on", "yes")


def _id_field(name: str) -> int | None:
    """The form's field ``name`` as a row id (None: no such field). Raises ValueError for anything but digits."""
    text = request.form.get(name, "")
    if text and not (text.isascii() and text.isdigit() and len(text) < 10):
        raise ValueError(text)
    return int(text) if text else None


@bp.post("/class/<code>/present/do")
@reads_first
def act(code: str):
    """One teacher action (``action`` field, see the module docstring); with htmx the presenter part comes back
    in place, without JavaScript a redirect to the presenter page (an unconfirmed end: to the question).

    400 for an unknown action or countdown, 409 for one the class cannot take now (the message in the controls).
    """
    row = _teacher(code)
    try:
        action = Action(request.form.get("action", ""))
        countdown_text = request.form.get("countdown", "")
        countdown = int(countdown_text) if countdown_text.isascii() and countdown_text.isdigit() and len(
            countdown_text) < 4 else None
        if countdown_text and countdown not in service.COUNTDOWNS:
            raise ValueError(countdown_text)
        child_id, rejoin_id = _id_field("child"), _id_field("rejoin")
    except ValueError:
        abort(400)
    try:
        if action in (Action.LET_IN, Action.REFUSE):
            rejoin.decide(row, action, rejoin_id)
        else:
            service.act(row, action, countdown=countdown, speed_bonus=_flag("speed_bonus"), child_id=child_id,
                        confirmed=request.form.get("confirm") == "yes")
    except NotNow as error:
        if action is Action.END and not is_htmx():
            return redirect(url_for("classroom.confirm_end", code=row.join_code), code=303)
        return _presenter("classroom/_presenter.html" if is_htmx() else "classroom/present.html", row, 409,
                          problem=error.step or Step("class.error.not_now"))
    if is_htmx():  # after a click in the list of children, the list stays open
        return _presenter("classroom/_presenter.html", row, children_open=action in (Action.REMOVE, Action.MORE_TIME))
    return _private(redirect(url_for("classroom.present", code=row.join_code), code=303))


@bp.get("/class/<code>/present/export.csv")
def export(code: str):
    """Every answer of the session as CSV: round, nickname, answer, right, points, seconds, time (UTC); for a Skat
    round every child's games (:func:`webapp.classroom.export.skat_csv`)."""
    row = _teacher(code)
    response = make_response(export_csv(row))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="kartenschule-{row.join_code}.csv"'
    response.headers["Cache-Control"] = "no-store"
    return response
