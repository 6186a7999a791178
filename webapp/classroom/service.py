"""The rules and queries of a class session: create, join, ask, answer, close, results.

A teacher has no account: the secret teacher token (``secrets.token_urlsafe(32)``)
is the key, stored only as a SHA-256 hash (:func:`hash_token`) and compared in
constant time. A child has a nickname and a token in a cookie for this class
only (:func:`cookie_name`), also stored only as a hash. A child never sees
another child's answer.

What a class shows is its :class:`Mode`; the teacher changes it with an
:class:`Action` (:func:`act`). Round ``n`` of a session is question ``n - 1`` of its seed
(:func:`round_question`; a class started from a quiz code plays that quiz's
questions in order), demo hands come from a second series.

A round may have a countdown: its deadline is stored (``round_deadline``, server
time), so a round is open while ``round_open`` is set and the deadline has not
passed (:func:`is_open`); nothing needs to run when time is up, and a restart
loses nothing. The time comes from :func:`now` (the app's ``CLASSROOM_CLOCK``
when set: tests control the countdown). Points and places: :mod:`.scores`.

The teacher's browser keeps the teacher token in a cookie
(:func:`teacher_cookie_name`), so the presenter address carries no secret.

Errors are typed: :class:`BadNickname` (400), :class:`NicknameTaken` and
:class:`NotNow` (409, a request the class cannot take in its present mode;
:class:`ClassFull` and :class:`Locked` are kinds of it).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from datetime import datetime, timedelta
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple

from flask import current_app, has_app_context
from sqlalchemy import bindparam, func
from sqlalchemy.exc import IntegrityError

from webapp import quiz
from webapp.classroom import scores, seats
from webapp.classroom.seats import AnswerRow, ChildRow, ClassRow, Seat
from webapp.core.kept import SharedRender
from webapp.core.db import db, kept, writing
from webapp.core.models import ClassSession, Participant, check_cap, utcnow
from webapp.core.models import Response as Answer
from webapp.core.steps import Step
from webapp.quiz import kinds
from webapp.quiz.service import Asked, Settings, add_with_new_code

NICKNAME_MAX = 20
#: The most children a class takes (the 61st is told so).
MAX_CHILDREN = 60
#: The countdowns a teacher may pick, in seconds (0: none).
COUNTDOWNS = (0, 10, 20, 30, 60)
#: The longest token (teacher link, class cookie) worth hashing; longer ones are no token of ours.
TOKEN_MAX = 64


#: The hot queries, built once (building a statement costs more than running it on SQLite).
_SESSION_BY_CODE = db.select(ClassSession).where(ClassSession.join_code == bindparam("code"))
#: What may have changed since an answer's class and child were read (the teacher closed the round, asked the
#: next, removed the child): one row, read again under the write lock before the answer is stored.
_CAN_ANSWER = db.select(ClassSession.mode, ClassSession.round_number, ClassSession.round_open,
                        ClassSession.round_deadline, ClassSession.held, Participant.removed,
                        Participant.more_time).join(
    Participant, Participant.session_id == ClassSession.id).where(
    ClassSession.id == bindparam("session_id"), Participant.id == bindparam("child"))


class _CanAnswer(NamedTuple):
    """The row of :data:`_CAN_ANSWER`: it has the columns :func:`_check_can_answer` reads of a class and a child."""

    mode: str
    round_number: int
    round_open: bool
    round_deadline: datetime | None
    held: bool
    removed: bool
    more_time: bool


#: One answer's row (the columns :func:`answer` stores).
_INSERT_ANSWER = Answer.__table__.insert()
_ANSWER_COLUMNS = ("session_id", "participant_id", "round_number", "answer", "correct", "created_at", "seconds",
                   "points", "streak")
_STREAK_OF = db.select(Answer.streak).where(Answer.participant_id == bindparam("child"),
                                            Answer.round_number == bindparam("number"))
#: The verdicts on the answers given to the class questions: thirty children give a few different answers.
_VERDICTS = SharedRender(4096)


class Mode(StrEnum):
    """What a class shows (``ClassSession.mode``; the values are stored in the database)."""

    LOBBY = "lobby"  # waiting for the first hand or question
    DEMO = "demo"  # a hand explained step by step on the projector
    QUESTION = "question"  # a question for the class (open or closed)
    ENDED = "ended"  # the session is over


#: ``ClassSession.kind`` of a class that plays Skat at the table (issue 37; :mod:`.skat_store`).
SKAT_KIND = "skat_table"


class Action(StrEnum):
    """A teacher's action (the ``action`` field of ``POST .../teach/<token>/do``)."""

    DEMO = "demo"  # a new hand in demo mode
    REVEAL = "reveal"  # uncover the next explanation step of the demo hand
    ASK = "ask"  # a new question for the class
    CLOSE = "close"  # stop answers, show the right one
    NAMES = "names"  # show or hide the children's names
    END = "end"  # end the session (before the series is over: only with ``confirm``)
    BOARD = "board"  # show or hide the leaderboard (after a round)
    LOCK = "lock"  # close or open joining
    REMOVE = "remove"  # take a child (``child`` field) out of the class
    MORE_TIME = "more_time"  # give a child (``child``) more time, or take it back (issue 37)
    LET_IN = "let_in"  # let a child back in on a new device (``rejoin`` field: the request; :mod:`.rejoin`)
    REFUSE = "refuse"  # refuse that request


#: Every mode and every action, in their order above.
MODES: tuple[Mode, ...] = tuple(Mode)
ACTIONS: tuple[Action, ...] = tuple(Action)
#: The modes in which an action may be taken (any other action: every mode but ``ended``).
ALLOWED: Mapping[Action, tuple[Mode, ...]] = MappingProxyType({Action.REVEAL: (Mode.DEMO,),
                                                              Action.CLOSE: (Mode.QUESTION,), Action.NAMES: MODES,
                                                              Action.BOARD: (Mode.QUESTION,)})
_NOT_ENDED = (Mode.LOBBY, Mode.DEMO, Mode.QUESTION)


class ClassroomError(Exception):
    """A request the class refuses; ``step`` says why, in words for the child or teacher (None: no words)."""

    def __init__(self, step: Step | None = None) -> None:
        super().__init__(step.code if step else type(self).__name__)
        self.step = step


class BadNickname(ClassroomError):
    """A nickname that cannot be used (empty, too long, control characters): answered 400."""


class NicknameTaken(ClassroomError):
    """Another child of this class has the nickname: answered 409."""


class NotNow(ClassroomError):
    """A legal-looking request that the class's mode forbids now (answering a closed round,
    closing when no question is open, acting after the end): answered 409."""


class Locked(NotNow):
    """Joining a class whose teacher closed joining (``class.error.locked``): 409."""


class ClassFull(NotNow):
    """Joining a class that has :data:`MAX_CHILDREN` children (``class.error.full``): 409."""


def now() -> datetime:
    """The classroom's time: the app config's ``CLASSROOM_CLOCK()`` when set (tests), else
    :func:`webapp.core.models.utcnow` (naive UTC)."""
    clock = current_app.config.get("CLASSROOM_CLOCK") if has_app_context() else None
    return clock() if clock else utcnow()


def is_open(row: ClassSession, at: datetime | None = None) -> bool:
    """True while children may answer the round: a question is asked, the teacher has not stopped it, and its
    deadline (if any) is after ``at`` (default :func:`now`)."""
    if row.mode != Mode.QUESTION or not row.round_open or not row.round_number:
        return False
    return row.round_deadline is None or (at or now()) < row.round_deadline


def seconds_left(row: ClassSession, at: datetime | None = None) -> int | None:
    """Whole seconds (rounded up) until the open round's deadline; None without a countdown or when closed."""
    if row.round_deadline is None or not is_open(row, at):
        return None
    return seconds_until(row.round_deadline, at or now())


def seconds_until(deadline: datetime, at: datetime) -> int:
    """Whole seconds from ``at`` to ``deadline``, rounded up (0 once it has passed): what a countdown shows."""
    return max(0, int(-(-(deadline - at).total_seconds() // 1)))


def series_over(row: ClassSession) -> bool:
    """True when a series of ``series_count`` questions has asked its last one (never for an endless class)."""
    return bool(row.series_count) and row.round_number >= row.series_count


# --- tokens and loading ------------------------------------------------------------------
def hash_token(token: str) -> str:
    """The SHA-256 hex digest of a secret token (teacher link or class cookie): what the database keeps."""
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_name(join_code: str) -> str:
    """The name of a child's cookie for the class ``join_code`` (one cookie a class)."""
    return f"class_{join_code}"


def find_session(code: str) -> ClassSession | None:
    """The live (not expired) session with this join code as typed, or None."""
    normal = quiz.normalise_code(code)
    if normal is None:
        return None
    row = db.session.execute(_SESSION_BY_CODE, {"code": normal}).scalar_one_or_none()
    if row is None or row.expires_at <= utcnow():
        return None
    return row


def teacher_cookie_name(join_code: str) -> str:
    """The name of the teacher's cookie for the class ``join_code`` (it holds the teacher token)."""
    return f"teach_{join_code}"


def teacher_from_cookies(code: str, cookies: Mapping[str, str]) -> ClassSession | None:
    """The live session whose teacher token is in ``cookies`` (the request's), else None."""
    normal = quiz.normalise_code(code)
    if normal is None:
        return None
    return teacher_session(normal, cookies.get(teacher_cookie_name(normal), ""))


def teacher_session(code: str, token: str) -> ClassSession | None:
    """The live session if ``token`` is its teacher token (constant-time compare), else None."""
    row = find_session(code)
    if row is None or len(token) > TOKEN_MAX or not hmac.compare_digest(hash_token(token), row.teacher_hash):
        return None
    return row


def session_and_child(code: str, cookies: Mapping[str, str]) -> Seat:
    """The live session with this join code (as typed), its child whose token is in ``cookies`` and that
    child's answer to the current round, in one statement on the thread's kept connection
    (:class:`~webapp.core.db.Kept`: a tablet asks this with every answer and changed panel):
    ``Seat(None, None, None)`` for no live session, ``Seat(row, None, None)`` for a request of no child of it."""
    normal = quiz.normalise_code(code)
    if normal is None:
        return Seat(None, None, None)
    token_hash = child_token_hash(normal, cookies) or ""  # no child has the empty hash
    return seats.find(normal, token_hash)


def child_token_hash(join_code: str, cookies: Mapping[str, str]) -> str | None:
    """The hash of the child's token in the class cookie of ``join_code`` (normalised), or None (none, or too long)."""
    token = cookies.get(cookie_name(join_code), "")
    return hash_token(token) if token and len(token) <= TOKEN_MAX else None


def round_question(row: ClassSession, number: int, demo: bool = False) -> Asked:
    """The question of round ``number`` (1-based: question ``number - 1`` of the seed, so a class started from a
    quiz code asks that quiz's questions in order), or demo hand ``number``: the same for everybody in the class."""
    if demo:
        return Asked(kinds.get(row.kind), quiz.question(row.kind, row.difficulty, row.seed + "-demo", number))
    return Asked(kinds.get(row.kind), quiz.question(row.kind, row.difficulty, row.seed, number - 1))


# --- creating and joining ----------------------------------------------------------------
def create(settings: Settings, days: int, creator_hash: str | None = None,
           per_hour: int = 0, seed: str | None = None,
           skat: dict[str, object] | None = None) -> tuple[ClassSession, str]:
    """A new session of ``settings.kind`` and ``settings.difficulty`` that expires after ``days`` days: a
    series of ``settings.count`` questions (0: as many as the teacher asks).

    Args:
        seed: the questions' seed: a quiz code plays that quiz's questions (default: a fresh one).
        creator_hash: the keyed hash of the teacher's address (stored with the session).
        skat: a Skat round's settings (:func:`webapp.classroom.skat_store.read_settings`; kind ``skat_table``).
        per_hour: that address's cap of new classes an hour (0: none; :func:`webapp.core.models.check_cap`).

    Returns:
        ``(row, token)``: the stored session (a fresh join code) and the teacher
        token for its link (only its hash is stored).

    Raises:
        CapReached: the cap is reached (429); nothing is stored.
    """
    check_cap(ClassSession, creator_hash, per_hour)
    token = secrets.token_urlsafe(32)
    row = add_with_new_code(lambda code: ClassSession(
        join_code=code,
        teacher_hash=hash_token(token),
        kind=settings.kind,
        difficulty=settings.difficulty,
        seed=seed or quiz.new_code(10),
        series_count=settings.count,
        mode=Mode.LOBBY,
        expires_at=utcnow() + timedelta(days=days),
        creator_hash=creator_hash,
        skat=skat,
    ))
    return row, token


def clean_nickname(text: str) -> str:
    """Normalise a nickname (NFC, single spaces).

    At most :data:`NICKNAME_MAX` characters; no control or formatting
    characters. Everything else (accents, emoji, ``<``) is kept and escaped
    wherever it is shown.

    Raises:
        BadNickname: ``class.error.nickname_empty``, ``class.error.nickname_long``
            (parameter ``max``) or ``class.error.nickname_bad``.
    """
    name = " ".join(unicodedata.normalize("NFC", text[:400]).split())
    if not name:
        raise BadNickname(Step("class.error.nickname_empty"))
    if len(name) > NICKNAME_MAX:
        raise BadNickname(Step("class.error.nickname_long", max=NICKNAME_MAX))
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise BadNickname(Step("class.error.nickname_bad"))
    return name


def can_join(row: ClassSession | None) -> bool:
    """True for a live session that has not ended."""
    return row is not None and row.mode != Mode.ENDED


def children_count(row: ClassSession) -> int:
    """How many children are in the class (those the teacher removed do not count)."""
    return db.session.scalar(db.select(func.count()).select_from(Participant)
                             .filter_by(session_id=row.id, removed=False)) or 0


def max_children() -> int:
    """The most children a class takes: the app config's ``CLASS_MAX_CHILDREN``, else :data:`MAX_CHILDREN`."""
    return int(current_app.config.get("CLASS_MAX_CHILDREN", MAX_CHILDREN)) if has_app_context() else MAX_CHILDREN


def join(row: ClassSession, nickname_text: str) -> str:
    """Add a child called ``nickname_text`` (cleaned by :func:`clean_nickname`) to the class.

    Returns:
        the child's secret token for the class cookie (only its hash is stored).

    Raises:
        BadNickname: the nickname cannot be used.
        Locked: the teacher has closed joining (``class.error.locked``).
        ClassFull: the class has :func:`max_children` children (``class.error.full``, parameter ``max``).
        NicknameTaken: ``class.error.nickname_taken`` (parameter ``nickname``).
    """
    nickname = clean_nickname(nickname_text)
    if row.locked:
        raise Locked(Step("class.error.locked"))
    if children_count(row) >= max_children():  # SQLite: the POST holds the write lock, so no two take the last seat
        raise ClassFull(Step("class.error.full", max=max_children()))
    token = secrets.token_urlsafe(24)
    db.session.add(Participant(session_id=row.id, nickname=nickname, token_hash=hash_token(token)))
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise NicknameTaken(Step("class.error.nickname_taken", nickname=nickname)) from None
    return token


def cookie_max_age(row: ClassSession) -> int:
    """Seconds a class cookie lives: until the session expires, at least a minute."""
    return max(60, int((row.expires_at - utcnow()).total_seconds()))


# --- the child's tablet ------------------------------------------------------------------
def panel_version(mode: str, round_number: int, open_now: int, answered: bool, removed: bool = False) -> str:
    """What the child's panel depends on, as a short string (the poll's ``v``): ``"question.3.1.0"``
    (mode, round, open: :func:`.seats.answers_state`, answered), ``"removed"`` for a child the teacher took
    out."""
    if removed:
        return "removed"
    answered = answered and mode == Mode.QUESTION and round_number > 0
    return f"{mode}.{round_number}.{int(open_now)}.{int(answered)}"


def child_context(row: ClassRow, child: ChildRow, stored: AnswerRow | None, at: datetime | None = None,
                  standings_of: Callable[[ClassRow], tuple[scores.Standing, ...]] | None = None) -> dict[str, Any]:
    """What the child's panel shows (``stored``: the child's answer to the current round, None for none, as
    :func:`session_and_child` found it or :func:`answer` stored it; ``standings_of``: where the class's standings
    come from, default :func:`standings`; the views share them between the tablets of a class).

    Returns:
        ``row``, ``child``, ``asked`` (the round's question or None), ``open`` (answers accepted now),
        ``seconds_left`` (:func:`seconds_left`), ``given``/``checked`` (the child's stored answer, and its
        verdict once the round is closed), ``scored`` (the stored answer's row: points, streak),
        ``me`` (the child's :class:`~webapp.classroom.scores.Standing` once the round is closed or the class
        ended, else None), ``podium`` (the top 3 at the end) and ``version`` (:func:`panel_version`).
    """
    at = at or now()
    state = seats.answers_state(row.mode, row.round_number, row.round_open, row.round_deadline, row.held,
                                child.more_time, at)
    open_now, closed = state == seats.OPEN, state == seats.CLOSED
    context: dict[str, Any] = {"row": row, "child": child, "asked": None, "given": None, "checked": None,
                               "scored": None, "me": None, "podium": (), "open": open_now,
                               "waiting": state == seats.WAITING, "seconds_left": seconds_left(row, at)}
    if child.removed:
        context["version"] = panel_version(row.mode, 0, False, False, removed=True)
        return context
    if row.mode == Mode.QUESTION and row.round_number:
        asked = round_question(row, row.round_number)
        context["asked"] = asked
        if stored is not None:
            context["given"], context["scored"] = stored.answer, stored
            if closed:
                context["checked"] = verdict(row, row.round_number, asked, stored.answer)
    if (row.mode == Mode.QUESTION and row.round_number and closed) or row.mode == Mode.ENDED:
        board = (standings_of or standings)(row)
        context["me"] = next((line for line in board if line.participant_id == child.id), None)
        if row.mode == Mode.ENDED:
            context["podium"] = podium(board)
    context["version"] = panel_version(row.mode, row.round_number, state, context["given"] is not None)
    return context


def answer_key(given: dict[str, Any]) -> str:
    """A parsed answer as a key of what is made once per answer given (equal answers, equal keys)."""
    return repr(sorted(given.items()))


def verdict(row: ClassSession, number: int, asked: Asked, given: dict[str, Any]) -> kinds.Checked:
    """``asked.check(given)`` for round ``number`` of ``row``, computed once per answer given (immutable: shared)."""
    key = (row.kind, row.difficulty, row.seed, number, answer_key(given))
    return _VERDICTS.get(key, lambda: asked.check(given))


def answer(row: ClassRow, child: ChildRow, before: AnswerRow | None, round_text: str,
           form: Mapping[str, str]) -> AnswerRow | None:
    """Store the child's answer (in ``form``) to round ``round_text``, once: a second answer changes nothing.

    ``row``, ``child`` and ``before`` (the child's answer to the current round, None: none) are as
    :func:`session_and_child` read them. Everything is read and checked first; the write lock is held only to
    read again, in one small query, what the teacher may have changed meanwhile (closed the round, asked the
    next, removed the child) and to store the answer, on the thread's kept connection
    (:meth:`webapp.core.db.Kept.transaction`: no ORM, no pooled connection).

    Returns:
        The answer stored, or None when the child had answered before.

    The answer's seconds (from the round's start), points (:func:`.scores.points`) and streak
    (:func:`.scores.streak_after`) are stored with it.

    Raises:
        NotNow: ``class.error.removed`` (the teacher took the child out), ``class.error.closed``: that round
            is not the open one (closed, time up, or a newer one started).
        kinds.AnswerError: the answer is incomplete or malformed for the question's own form (:attr:`Asked.fields`:
            only the fields it asks, only its choices); 400, the question stays.
    """
    at = now()
    _check_can_answer(row, child, round_text, at)
    number = row.round_number
    asked = round_question(row, number)
    given = kinds.parse_answer(asked.kind, form, asked.fields)
    if before is not None:
        return None
    correct = verdict(row, number, asked, given).correct
    seconds = max(0.0, (at - (row.round_opened_at or at)).total_seconds())
    countdown = int((row.round_deadline - row.round_opened_at).total_seconds()) if (
        row.round_deadline and row.round_opened_at) else 0
    connection = kept()
    previous = connection.statement(_STREAK_OF).first({"child": child.id, "number": number - 1})
    stored = AnswerRow(given, scores.points(correct, seconds, countdown, row.speed_bonus),
                       scores.streak_after(correct, previous[0] if previous else None))
    values = dict(session_id=row.id, participant_id=child.id, round_number=number, answer=given, correct=correct,
                  created_at=at, seconds=round(seconds, 3), points=stored.points, streak=stored.streak)
    try:
        with connection.transaction():
            found = connection.statement(_CAN_ANSWER).first({"session_id": row.id, "child": child.id})
            if found is None:  # the class or the child was deleted meanwhile
                raise NotNow(Step("class.error.closed"))
            current = _CanAnswer._make(found)
            _check_can_answer(current, current, round_text, at)  # it has the columns the check reads
            connection.statement(_INSERT_ANSWER, _ANSWER_COLUMNS).run(values)
    except connection.integrity_errors:  # answered before (another tab): the first answer counts
        return None
    return stored


def _check_can_answer(row: ClassRow | _CanAnswer, child: ChildRow | _CanAnswer, round_text: str, at: datetime) -> None:
    if child.removed:
        raise NotNow(Step("class.error.removed"))
    if not (seats.open_for(row, child.more_time, at) and round_text == str(row.round_number)):
        raise NotNow(Step("class.error.closed"))


# --- points and places -------------------------------------------------------------------
def standings(row: ClassSession) -> tuple[scores.Standing, ...]:
    """Every child of the class (not removed) with their points so far, best first (:func:`.scores.rank`):
    one query for the whole class."""
    totals = db.session.execute(
        db.select(Participant.id, Participant.nickname, func.coalesce(func.sum(Answer.points), 0))
        .outerjoin(Answer, Answer.participant_id == Participant.id)
        .where(Participant.session_id == row.id, Participant.removed.is_(False))
        .group_by(Participant.id, Participant.nickname)
    ).all()
    return scores.rank((pid, nickname, int(total)) for pid, nickname, total in totals)


def podium(board: tuple[scores.Standing, ...]) -> tuple[scores.Standing, ...]:
    """The children on places 1 to 3 of ``board`` (with ties, possibly more than three) that the projector names
    (:func:`.scores.named_on_board`: nobody without points, never the last place)."""
    return tuple(line for line in scores.named_on_board(board, len(board)) if line.place <= 3)


# --- the teacher's actions ---------------------------------------------------------------
def act(row: ClassSession, action: Action, *, countdown: int | None = None, speed_bonus: bool | None = None,
        child_id: int | None = None, confirmed: bool = False) -> None:
    """Take the teacher's ``action`` and store the class's new state.

    ``demo``: the next demo hand, no step uncovered; ``reveal``: one more step
    of it (at most all); ``ask``: the next round, open, with ``countdown``
    seconds (one of :data:`COUNTDOWNS`; None: the last one) and the
    ``speed_bonus`` (None: as before); ``close``: no more answers; ``names``:
    show or hide the names; ``board``: show or hide the leaderboard (a closed
    round); ``lock``: close or open joining; ``remove``: take the child
    ``child_id`` out of the class; ``more_time``: give that child more time (its answers count after the
    countdown until the teacher stops them: ``row.held`` while a child has it) or take it back; ``end``: the
    class is over (``confirmed`` needed unless the series has asked its last question).

    Raises:
        NotNow: the action is not allowed in the class's mode (:data:`ALLOWED`),
            e.g. asking after the end, or closing when no question is open;
            ``class.error.series_done`` (asking after the series' last question);
            ``class.error.confirm`` (ending unconfirmed); the leaderboard while
            answers are open; removing a child who is not in the class.
        ValueError: ``countdown`` is not one of :data:`COUNTDOWNS`.
    """
    at = now()
    _check_allowed(row, action)  # refused without taking the write lock
    with writing():  # the class as it is now, under the write lock; committed at the end of the block
        _check_allowed(row, action)
        if action is Action.DEMO:
            row.mode, row.demo_number, row.demo_revealed = Mode.DEMO, row.demo_number + 1, 0
        elif action is Action.REVEAL:
            steps = len(round_question(row, row.demo_number, demo=True).solution().steps)
            row.demo_revealed = min(steps, row.demo_revealed + 1)
        elif action is Action.ASK:
            _ask(row, at, countdown, speed_bonus)
        elif action is Action.CLOSE:
            row.round_open = False
        elif action is Action.NAMES:
            row.show_names = not row.show_names
        elif action is Action.BOARD:
            if seats.open_for(row, True, at):  # a child with more time may still answer
                raise NotNow()
            row.show_board = not row.show_board
        elif action is Action.LOCK:
            row.locked = not row.locked
        elif action in (Action.REMOVE, Action.MORE_TIME):
            child = db.session.get(Participant, child_id) if child_id is not None else None
            if child is None or child.session_id != row.id or child.removed:
                raise NotNow()
            if action is Action.REMOVE:
                child.removed = True
            else:
                child.more_time = not child.more_time
            db.session.flush()
            row.held = bool(db.session.scalar(db.select(func.count()).select_from(Participant).filter_by(
                session_id=row.id, removed=False, more_time=True)))
        else:  # end
            if not confirmed and not series_over(row):
                raise NotNow(Step("class.error.confirm"))
            row.mode, row.round_open, row.ended_at = Mode.ENDED, False, utcnow()


def _check_allowed(row: ClassSession, action: Action) -> None:
    if row.mode not in ALLOWED.get(action, _NOT_ENDED):
        raise NotNow()
    if row.kind == SKAT_KIND and action in (Action.DEMO, Action.ASK, Action.REVEAL, Action.CLOSE):
        raise NotNow()  # a Skat round has no questions: the children play at the table


def _ask(row: ClassSession, at: datetime, countdown: int | None, speed_bonus: bool | None) -> None:
    if series_over(row):
        raise NotNow(Step("class.error.series_done", count=row.series_count))
    if countdown is not None:
        if countdown not in COUNTDOWNS:
            raise ValueError(countdown)
        row.countdown = countdown
    if speed_bonus is not None:
        row.speed_bonus = speed_bonus
    row.mode, row.round_number, row.round_open, row.show_board = Mode.QUESTION, row.round_number + 1, True, False
    row.round_opened_at = at
    row.round_deadline = at + timedelta(seconds=row.countdown) if row.countdown else None

