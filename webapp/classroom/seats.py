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
    held: bool


class ChildRow(NamedTuple):
    """A child as its own requests read it (:class:`~webapp.core.models.Participant`'s columns)."""

    id: int
    nickname: str
    removed: bool
    more_time: bool


class AnswerRow(NamedTuple):
    """A child's stored answer to a round: the answer (a kind's parsed form), its points and the streak after it."""

    answer: dict[str, Any]
    points: int
    streak: int


#: What a round is for one child (:func:`answers_state`): closed, open to its answer, or over for it while the
#: class waits for the children who have more time.
CLOSED, OPEN, WAITING = 0, 1, 2


def answers_state(mode: str, number: int, round_open: bool, deadline: datetime | None, held: bool,
                  more_time: bool, at: datetime) -> int:
    """Whether a child may answer the class's current round at ``at`` (the class's ``mode``, ``round_number``,
    ``round_open``, ``round_deadline`` and ``held``, the child's ``more_time``).

    Returns:
        :data:`OPEN` while a question is asked, the teacher has not stopped the answers and its countdown (if any)
        runs; after the countdown still :data:`OPEN` for a child the teacher gave more time (issue 37), and
        :data:`WAITING` for the others while such a child may answer (``held``: nobody sees the solution yet);
        else :data:`CLOSED`.
    """
    if mode != "question" or not round_open or not number:
        return CLOSED
    if deadline is None or at < deadline or (held and more_time):
        return OPEN
    return WAITING if held else CLOSED


def open_for(row: ClassRow | Any, more_time: bool, at: datetime) -> bool:
    """True while a child (with ``more_time`` or not) may answer the round of ``row`` (a :class:`ClassRow` or
    the model) at ``at`` (:func:`answers_state`). ``more_time=True``: while the round takes somebody's answer;
    until it closes nobody sees the solution, and the teacher can stop the answers."""
    return answers_state(row.mode, row.round_number, row.round_open, row.round_deadline, row.held, more_time,
                         at) == OPEN


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
