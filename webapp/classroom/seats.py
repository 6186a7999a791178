"""A child's place in a class as its own requests read it: the class, the child and its answer to the current
round (:class:`Seat`), read-only rows of the columns they need (:class:`ClassRow`, :class:`ChildRow`,
:class:`AnswerRow`), in one statement on the thread's kept connection (:class:`~webapp.core.db.Kept`: no ORM,
no pooled connection). Every answer and every changed panel of 900 tablets asks it; the teacher's requests load
the models themselves."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam

from webapp.core.db import db, kept
from webapp.core.models import ClassSession, Participant, utcnow
from webapp.core.models import Response as Answer


class ClassRow(NamedTuple):
    """What a child's request reads of its class session (:func:`find`): the columns of
    :class:`~webapp.core.models.ClassSession` of the same names, read-only (the teacher's requests load the
    model itself)."""

    id: int
    join_code: str
    kind: str
    difficulty: str
    seed: str
    mode: str
    round_number: int
    round_open: bool
    round_opened_at: datetime | None
    round_deadline: datetime | None
    speed_bonus: bool
    series_count: int
    expires_at: datetime


class ChildRow(NamedTuple):
    """A child as its own requests read it (:class:`~webapp.core.models.Participant`'s columns)."""

    id: int
    nickname: str
    removed: bool


class AnswerRow(NamedTuple):
    """A child's stored answer to a round: the answer (a kind's parsed form), its points and the streak after it."""

    answer: dict[str, Any]
    points: int
    streak: int


class Seat(NamedTuple):
    """A request's place in a class (:func:`find`).

    Attributes:
        row: the live session (None: no live class with that code).
        child: its child whose class cookie came with the request (None: not joined).
        answer: that child's answer to the session's current round (None: none yet, or no round).
    """

    row: ClassRow | None
    child: ChildRow | None
    answer: AnswerRow | None


#: What a child's request reads (:class:`ClassRow`, :class:`ChildRow`, :class:`AnswerRow`), in one statement.
_SEAT = (
    db.select(*(getattr(ClassSession, name) for name in ClassRow._fields),
              *(getattr(Participant, name) for name in ChildRow._fields),
              *(getattr(Answer, name) for name in AnswerRow._fields))
    .outerjoin(Participant, (Participant.session_id == ClassSession.id)
               & (Participant.token_hash == bindparam("token_hash")))
    .outerjoin(Answer, (Answer.participant_id == Participant.id) & (Answer.round_number == ClassSession.round_number))
    .where(ClassSession.join_code == bindparam("code"))
)


def find(code: str, token_hash: str, at: datetime | None = None) -> Seat:
    """The live session with the join code ``code`` (normalised), its child whose token has the hash
    ``token_hash`` and that child's answer to the current round: ``Seat(None, None, None)`` for no live session
    (none, or expired by ``at``, default now), ``Seat(row, None, None)`` for no child of it.

    Raises:
        webapp.core.db.Kept.errors: the database failed.
    """
    found = kept().statement(_SEAT).first({"code": code, "token_hash": token_hash})
    if found is None:
        return Seat(None, None, None)
    row = ClassRow._make(found[:_CHILD])
    if row.expires_at <= (at or utcnow()):
        return Seat(None, None, None)
    child = ChildRow._make(found[_CHILD:_ANSWER]) if found[_CHILD] is not None else None
    stored = AnswerRow._make(found[_ANSWER:]) if found[_ANSWER] is not None else None
    return Seat(row, child, stored)


_CHILD = len(ClassRow._fields)
_ANSWER = _CHILD + len(ChildRow._fields)
