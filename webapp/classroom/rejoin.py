"""A child takes its seat again on another device (issue 37, section 2): its nickname and the class code, and
the teacher's yes.

A child whose cookie is gone (another tablet, a cleared browser) types the class code and its nickname: that
makes a request (:func:`ask`) holding the hash of a fresh token, which the new device keeps in the class cookie.
The presenter lists the waiting requests ("Mia wants to rejoin"); the teacher lets the child in (:func:`decide`:
the child's ``token_hash`` becomes the request's, so the new device has the seat with its points and answers and
the old cookie no longer counts) or refuses. Nobody takes a seat without the teacher's yes.

Bounded: at most :data:`MAX_WAITING` requests wait in a class (more: :class:`TooManyWaiting`, 429), one a child
(a new one replaces the child's older one), each for :data:`FRESH` (older ones are dropped); the route is
rate-limited per address (``CLASS_REJOIN_LIMIT``).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import delete

from webapp.classroom.service import Action, ClassroomError, NotNow, can_join, clean_nickname, hash_token
from webapp.core.db import db, writing
from webapp.core.models import ClassRejoin, ClassSession, Participant, utcnow
from webapp.core.steps import Step

__all__ = ["FRESH", "MAX_WAITING", "NoSuchChild", "TooManyWaiting", "ask", "decide", "status", "waiting"]

#: The most requests that wait for the teacher in one class.
MAX_WAITING = 3
#: How long a request waits before it is dropped.
FRESH = timedelta(minutes=10)


class NoSuchChild(ClassroomError):
    """No child of this class has the nickname (``class.error.rejoin_unknown``): answered 404."""


class TooManyWaiting(ClassroomError):
    """:data:`MAX_WAITING` requests already wait in the class (``class.error.rejoin_busy``): answered 429."""


def _fresh(row: ClassSession):
    """The condition of the class's requests that still wait (not refused, younger than :data:`FRESH`)."""
    return ((ClassRejoin.session_id == row.id) & ClassRejoin.refused.is_(False)
            & (ClassRejoin.created_at > utcnow() - FRESH))


def ask(row: ClassSession, nickname_text: str) -> str:
    """A request to take the seat of the child called ``nickname_text`` (cleaned by
    :func:`.service.clean_nickname`) in ``row``, stored and committed.

    Returns:
        the new device's secret token for the class cookie (only its hash is stored).

    Raises:
        BadNickname: the nickname cannot be used (400).
        NotNow: the class has ended (409).
        NoSuchChild: no child of this class (not removed) has the nickname (404).
        TooManyWaiting: :data:`MAX_WAITING` requests of other children wait (429).
    """
    nickname = clean_nickname(nickname_text)
    if not can_join(row):
        raise NotNow(Step("class.error.code", typed=row.join_code))
    with writing():
        child = db.session.scalar(db.select(Participant).filter_by(session_id=row.id, nickname=nickname,
                                                                   removed=False))
        if child is None:
            raise NoSuchChild(Step("class.error.rejoin_unknown", nickname=nickname))
        db.session.execute(delete(ClassRejoin).where(  # the child's older request, and the stale ones
            (ClassRejoin.participant_id == child.id) | ((ClassRejoin.session_id == row.id)
                                                         & (ClassRejoin.created_at <= utcnow() - FRESH))))
        if db.session.scalar(db.select(db.func.count()).where(_fresh(row))) >= MAX_WAITING:
            raise TooManyWaiting(Step("class.error.rejoin_busy"))
        token = secrets.token_urlsafe(24)
        db.session.add(ClassRejoin(session_id=row.id, participant_id=child.id, token_hash=hash_token(token)))
    return token


def waiting(row: ClassSession) -> list[tuple[ClassRejoin, str]]:
    """The requests that wait for the teacher of ``row``, oldest first, each with the child's nickname."""
    return [(ask, nickname) for ask, nickname in db.session.execute(
        db.select(ClassRejoin, Participant.nickname).join(Participant, Participant.id == ClassRejoin.participant_id)
        .where(_fresh(row)).order_by(ClassRejoin.id))]


def status(row: ClassSession, token_hash: str | None) -> str | None:
    """What became of the request whose device token has the hash ``token_hash``: ``"waiting"``, ``"refused"``,
    or None (no such request of ``row``: unknown, dropped, or let in)."""
    found = db.session.scalar(db.select(ClassRejoin).filter_by(session_id=row.id, token_hash=token_hash or ""))
    if found is None or found.created_at <= utcnow() - FRESH:
        return None
    return "refused" if found.refused else "waiting"


def decide(row: ClassSession, action: Action, request_id: int | None) -> None:
    """The teacher's answer to the waiting request ``request_id`` of ``row``: ``let_in`` gives the request's device
    the child's seat (the child's token hash becomes the request's; its points and answers stay), ``refuse`` marks it
    refused (the device is told). Committed.

    Raises:
        NotNow: no waiting request of this class has that id (another class's, decided before, or made up); the
            class has ended.
    """
    with writing():
        found = db.session.get(ClassRejoin, request_id) if request_id is not None else None
        if (row.mode == "ended" or found is None or found.session_id != row.id or found.refused
                or found.created_at <= utcnow() - FRESH):
            raise NotNow()
        if action is Action.REFUSE:
            found.refused = True
            return
        child = db.session.get(Participant, found.participant_id)
        if child is None or child.removed:
            raise NotNow()
        token_hash = found.token_hash
        db.session.delete(found)
        db.session.flush()  # the request's token hash is free for the child
        child.token_hash = token_hash
