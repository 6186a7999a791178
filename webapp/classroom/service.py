"""The rules and queries of a class session: create, join, ask, answer, close, results.

A teacher has no account: the secret teacher token (``secrets.token_urlsafe(32)``)
is the key, stored only as a SHA-256 hash (:func:`hash_token`) and compared in
constant time. A child has a nickname and a token in a cookie for this class
only (:func:`cookie_name`), also stored only as a hash. A child never sees
another child's answer.

What a class shows is its :class:`Mode`; the teacher changes it with an
:class:`Action` (:func:`act`). Round ``n`` of a session is question ``n`` of
its seed (:func:`round_question`), demo hands come from a second series.
Errors are typed: :class:`BadNickname` (400), :class:`NicknameTaken` and
:class:`NotNow` (409, a request the class cannot take in its present mode).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import unicodedata
from collections import Counter
from datetime import timedelta
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

from sqlalchemy import bindparam, func
from sqlalchemy.exc import IntegrityError

from webapp import quiz
from webapp.core.db import db
from webapp.core.models import ClassSession, Participant, Response as Answer, check_cap, utcnow
from webapp.core.steps import Step
from webapp.quiz import kinds
from webapp.quiz.service import Asked, Settings, add_with_new_code

NICKNAME_MAX = 20
#: The longest token (teacher link, class cookie) worth hashing; longer ones are no token of ours.
TOKEN_MAX = 64


class Mode(StrEnum):
    """What a class shows (``ClassSession.mode``; the values are stored in the database)."""

    LOBBY = "lobby"  # waiting for the first hand or question
    DEMO = "demo"  # a hand explained step by step on the projector
    QUESTION = "question"  # a question for the class (open or closed)
    ENDED = "ended"  # the session is over


class Action(StrEnum):
    """A teacher's action (the ``action`` field of ``POST .../teach/<token>/do``)."""

    DEMO = "demo"  # a new hand in demo mode
    REVEAL = "reveal"  # uncover the next explanation step of the demo hand
    ASK = "ask"  # a new question for the class
    CLOSE = "close"  # stop answers, show the right one
    NAMES = "names"  # show or hide the children's names
    END = "end"  # end the session


#: Every mode and every action, in their order above.
MODES: tuple[Mode, ...] = tuple(Mode)
ACTIONS: tuple[Action, ...] = tuple(Action)
#: The modes in which an action may be taken (any other action: every mode but ``ended``).
ALLOWED: Mapping[Action, tuple[Mode, ...]] = MappingProxyType({Action.REVEAL: (Mode.DEMO,),
                                                              Action.CLOSE: (Mode.QUESTION,), Action.NAMES: MODES})
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
    row = db.session.execute(db.select(ClassSession).filter_by(join_code=normal)).scalar_one_or_none()
    if row is None or row.expires_at <= utcnow():
        return None
    return row


def teacher_session(code: str, token: str) -> ClassSession | None:
    """The live session if ``token`` is its teacher token (constant-time compare), else None."""
    row = find_session(code)
    if row is None or len(token) > TOKEN_MAX or not hmac.compare_digest(hash_token(token), row.teacher_hash):
        return None
    return row


def participant(row: ClassSession, cookies: Mapping[str, str]) -> Participant | None:
    """The child of this class whose token is in ``cookies`` (the request's), or None."""
    token = cookies.get(cookie_name(row.join_code), "")
    if not token or len(token) > TOKEN_MAX:
        return None
    return db.session.execute(
        db.select(Participant).filter_by(token_hash=hash_token(token), session_id=row.id)
    ).scalar_one_or_none()


def round_question(row: ClassSession, number: int, demo: bool = False) -> Asked:
    """Question ``number`` of the session (or of its demo series): the same for everybody in the class."""
    seed = row.seed + ("-demo" if demo else "")
    return Asked(kinds.get(row.kind), quiz.question(row.kind, row.difficulty, seed, number))


# --- creating and joining ----------------------------------------------------------------
def create(settings: Settings, days: int, creator_hash: str | None = None,
           per_hour: int = 0) -> tuple[ClassSession, str]:
    """A new session of ``settings.kind`` and ``settings.difficulty`` that expires after ``days`` days.

    Args:
        creator_hash: the keyed hash of the teacher's address (stored with the session).
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
        seed=quiz.new_code(10),
        mode=Mode.LOBBY,
        expires_at=utcnow() + timedelta(days=days),
        creator_hash=creator_hash,
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


def join(row: ClassSession, nickname_text: str) -> str:
    """Add a child called ``nickname_text`` (cleaned by :func:`clean_nickname`) to the class.

    Returns:
        the child's secret token for the class cookie (only its hash is stored).

    Raises:
        BadNickname: the nickname cannot be used.
        NicknameTaken: ``class.error.nickname_taken`` (parameter ``nickname``).
    """
    nickname = clean_nickname(nickname_text)
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
def panel_version(mode: str, round_number: int, round_open: bool, answered: bool) -> str:
    """What the child's panel depends on, as a short string (the poll's ``v``): ``"question.3.1.0"``."""
    answered = answered and mode == Mode.QUESTION and round_number > 0
    return f"{mode}.{round_number}.{int(round_open)}.{int(answered)}"


def child_context(row: ClassSession, child: Participant) -> dict[str, Any]:
    """What the child's panel shows: ``row``, ``child``, ``asked`` (the open round's question or None),
    ``given`` (the child's stored answer or None), ``checked`` (its verdict once the round is closed)
    and ``version`` (:func:`panel_version`)."""
    context: dict[str, Any] = {"row": row, "child": child, "asked": None, "given": None, "checked": None}
    if row.mode == Mode.QUESTION and row.round_number:
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


def current_version(code: str, cookies: Mapping[str, str], execute: Callable | None = None) -> str | None:
    """The panel version of the child with this class cookie, in one query; None if not joined (or no class).

    ``execute`` is a connection's or session's ``execute`` (default: the ORM
    session's). The poll runs every 2 seconds on every tablet, so it must stay
    cheap: no question is generated and nothing is rendered.
    """
    normal = quiz.normalise_code(code)
    if normal is None:
        return None
    token = cookies.get(cookie_name(normal), "")
    if not token or len(token) > TOKEN_MAX:
        return None
    found = (execute or db.session.execute)(
        _version_query(), {"code": normal, "token_hash": hash_token(token), "now": utcnow()}
    ).first()
    return None if found is None else panel_version(*found)


def answer(row: ClassSession, child: Participant, round_text: str, form: Mapping[str, str]) -> None:
    """Store the child's answer (in ``form``) to round ``round_text``, once: a second answer changes nothing.

    Raises:
        NotNow: ``class.error.closed``: that round is not the open one (closed, or a newer one started).
        kinds.AnswerError: the answer is incomplete or malformed (400; the question stays).
    """
    if not (row.mode == Mode.QUESTION and row.round_open and round_text == str(row.round_number)):
        raise NotNow(Step("class.error.closed"))
    asked = round_question(row, row.round_number)
    given = kinds.parse_answer(asked.kind, form)
    db.session.add(Answer(session_id=row.id, participant_id=child.id, round_number=row.round_number,
                          answer=given, correct=asked.check(given).correct))
    try:
        db.session.commit()
    except IntegrityError:  # answered before (another tab): the first answer counts
        db.session.rollback()


# --- the teacher's projector -------------------------------------------------------------
def results(row: ClassSession) -> dict[str, Any]:
    """Live figures of the current round.

    Returns:
        ``joined`` (children in the class), ``answered`` (answers to the round),
        ``bars`` (one a different answer, most given first: ``label`` step,
        ``count``, ``right``, ``names`` of those who gave it) and ``names``
        (every child's nickname, only while the teacher shows names).
    """
    joined = db.session.scalar(db.select(func.count()).select_from(Participant).filter_by(session_id=row.id)) or 0
    result: dict[str, Any] = {"joined": joined, "answered": 0, "bars": [], "names": []}
    if row.show_names:
        result["names"] = [p.nickname for p in row.participants]
    if row.mode != Mode.QUESTION or not row.round_number:
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


def teacher_context(row: ClassSession, token: str) -> dict[str, Any]:
    """What the projector shows: ``row``, ``token``, ``results`` (:func:`results`), ``step_title`` (the kind),
    ``asked`` and ``checked`` (the demo hand or the round's question and its solution, else None)."""
    context: dict[str, Any] = {"row": row, "token": token, "results": results(row), "asked": None, "checked": None,
                               "step_title": Step(kinds.get(row.kind).TITLE)}
    if row.mode == Mode.DEMO or (row.mode == Mode.QUESTION and row.round_number):
        demo = row.mode == Mode.DEMO
        context["asked"] = round_question(row, row.demo_number if demo else row.round_number, demo=demo)
        context["checked"] = context["asked"].solution()
    return context


def act(row: ClassSession, action: Action) -> None:
    """Take the teacher's ``action`` and store the class's new state.

    ``demo``: the next demo hand, no step uncovered; ``reveal``: one more step
    of it (at most all); ``ask``: the next round, open; ``close``: no more
    answers; ``names``: show or hide the names; ``end``: the class is over.

    Raises:
        NotNow: the action is not allowed in the class's mode (:data:`ALLOWED`),
            e.g. asking after the end, or closing when no question is open.
    """
    if row.mode not in ALLOWED.get(action, _NOT_ENDED):
        raise NotNow()
    if action is Action.DEMO:
        row.mode, row.demo_number, row.demo_revealed = Mode.DEMO, row.demo_number + 1, 0
    elif action is Action.REVEAL:
        steps = len(round_question(row, row.demo_number, demo=True).solution().steps)
        row.demo_revealed = min(steps, row.demo_revealed + 1)
    elif action is Action.ASK:
        row.mode, row.round_number, row.round_open = Mode.QUESTION, row.round_number + 1, True
    elif action is Action.CLOSE:
        row.round_open = False
    elif action is Action.NAMES:
        row.show_names = not row.show_names
    else:  # end
        row.mode, row.round_open, row.ended_at = Mode.ENDED, False, utcnow()
    db.session.commit()


def all_answers(row: ClassSession) -> list[tuple[Answer, str]]:
    """Every answer of the session with the child's nickname, by round, then nickname."""
    return list(db.session.execute(
        db.select(Answer, Participant.nickname)
        .join(Participant, Answer.participant_id == Participant.id)
        .where(Answer.session_id == row.id)
        .order_by(Answer.round_number, Participant.nickname)
    ).all())
