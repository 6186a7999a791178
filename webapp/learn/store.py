"""The learning path's storage (issue 36): learners and the log of their answers in the app's database.

A :class:`~webapp.core.models.Learner` is made lazily, on its first answer (a page that is only looked at
stores nothing, so crawlers fill no table). Its progress is kept as :func:`webapp.learn.progress.to_dict`;
:func:`progress_of` reads it back, and a stored progress that is malformed (a bug, an old version, a hand-edited
row) starts the learner afresh with a warning in the log, never a 500. Each answer is logged
(:class:`~webapp.core.models.LearnAnswer`), at most ``per_day`` a learner a day (:class:`TooManyToday`: 429).

The clock is :func:`today`: the date in the app's ``LEARN_TIMEZONE`` (tests replace it); the progress functions
only ever see day numbers. The learner's cookie (:data:`COOKIE`) is read here too (:func:`public_id_of`), so that
the game pages can report a whole game played (:func:`played`) without a copy of the learning path's views.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from datetime import datetime, timezone, tzinfo
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app, has_app_context, has_request_context, request
from itsdangerous import BadSignature, Signer
from sqlalchemy import case, delete, func

from webapp.core.db import db
from webapp.core.models import LearnAnswer, Learner, utcnow
from webapp.learn.progress import LOCKED, Progress, ProgressError, completed, day_number, from_dict, place_of, to_dict
from webapp.quiz import normalise_code
from webapp.quiz.service import add_with_new_code

__all__ = ["COOKIE", "DEFAULT_ZONE", "MAX_PROGRESS_CHARS", "OLD_COOKIE_PATH", "SEEDS", "TooManyToday", "adopt",
           "answer_of", "answers_by_day", "complete_for_cookie", "create", "day_in", "find", "forget", "last_answer",
           "new_seed", "played", "progress_of", "public_id_of", "record", "save", "signer", "today", "zone"]

log = logging.getLogger(__name__)

#: A learner's seed is a whole number below this (fits PostgreSQL's INTEGER).
SEEDS = 2**31
#: A stored progress longer than this as JSON is not read (the real one is a few KB: its keys are the path's).
MAX_PROGRESS_CHARS = 64_000
_PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{16,32}\Z")
#: The learner's cookie (its public id, signed with :func:`signer`; path ``/``, so the game pages see it too).
COOKIE = "learner"
#: The path the cookie had at first: a browser still holding one there sends it before the site-wide one, so the
#: pages that set the cookie expire that one (else a progress code taken over would not win on ``/learn``).
OLD_COOKIE_PATH = "/learn"
#: The time zone "today" is counted in when the config names none (``LEARN_TIMEZONE``).
DEFAULT_ZONE = "Europe/Berlin"


class TooManyToday(Exception):
    """The learner answered as many items today as a day allows (answered 429 with a kind word)."""


@lru_cache(maxsize=8)
def zone(name: str) -> tzinfo:
    """The time zone called ``name`` (IANA, ``"Europe/Berlin"``; :mod:`zoneinfo`). A name the system's time zone
    data does not know (a typo, or Windows without the ``tzdata`` package) gives UTC and a warning in the log
    (once a name)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        log.warning("LEARN_TIMEZONE %r unknown (%s): counting days in UTC", name, error)
        return timezone.utc


def day_in(zone_name: str, now: datetime | None = None) -> int:
    """The day number (:func:`webapp.learn.progress.day_number`) of the calendar date in ``zone_name`` at
    ``now`` (an aware datetime; the clock's now when None): 23:30 UTC on 1 June is 2 June in Berlin."""
    return day_number((now or datetime.now(timezone.utc)).astimezone(zone(zone_name)))


def today() -> int:
    """Today's day number in the app's ``LEARN_TIMEZONE`` (:data:`DEFAULT_ZONE` outside an app), not the
    server's local date: a school server set to UTC still starts a child's day at midnight where the child is."""
    name = current_app.config.get("LEARN_TIMEZONE") if has_app_context() else None
    return day_in(str(name or DEFAULT_ZONE))


def signer(secret: str | bytes) -> Signer:
    """The signer of the learner's cookie with the app's key (itsdangerous, its own salt)."""
    return Signer(secret, salt="kartenschule-learner")


def public_id_of(token: str | None, secret: str | bytes) -> str | None:
    """The public id a learner's cookie value holds, or None for a missing, malformed, oversized or forged one."""
    if not token or len(token) > 100:
        return None
    try:
        return signer(secret).unsign(token).decode("ascii")
    except (BadSignature, UnicodeDecodeError):
        return None


def new_seed() -> int:
    """A fresh random seed for a learner's practice items (0 to :data:`SEEDS` - 1)."""
    return secrets.randbelow(SEEDS)


def find(public_id: str | None, lock: bool = False) -> Learner | None:
    """The learner with this public id, or None (also for anything that cannot be one).

    Args:
        lock: select it ``FOR UPDATE`` (PostgreSQL; SQLite's POST requests hold the write lock anyway), so two
            answers at once from two tabs do not both write over the same progress.
    """
    if not public_id or not _PUBLIC_ID.match(public_id):
        return None
    query = db.select(Learner).filter_by(public_id=public_id)
    return db.session.execute(query.with_for_update() if lock else query).scalar_one_or_none()


def adopt(typed: str) -> Learner | None:
    """The learner whose progress code is ``typed`` (as a child types it: any case, spaces and dashes), or None."""
    code = normalise_code(typed[:40])
    if code is None:
        return None
    return db.session.execute(db.select(Learner).filter_by(code=code)).scalar_one_or_none()


def create(seed: int, nickname: str | None = None) -> Learner:
    """A new learner with a 128-bit public id, a fresh progress code (the quiz codes' alphabet), ``seed`` and an
    empty progress; committed."""
    return add_with_new_code(lambda code: Learner(public_id=secrets.token_urlsafe(16), code=code, seed=seed,
                                                  nickname=nickname, progress=to_dict(Progress())))


def progress_of(learner: Learner | None) -> Progress:
    """The learner's progress (an empty one for None). A stored progress that is malformed, forged or too long
    gives an empty one, and a warning naming the learner's row and the problem is logged."""
    if learner is None:
        return Progress()
    try:
        if len(json.dumps(learner.progress)) > MAX_PROGRESS_CHARS:
            raise ProgressError(f"longer than {MAX_PROGRESS_CHARS} characters")
        return from_dict(learner.progress)
    except (ProgressError, TypeError, ValueError) as error:
        log.warning("learner %s: stored progress unreadable, starting afresh: %s", learner.id, error)
        return Progress()


def save(learner: Learner, progress: Progress) -> None:
    """Store ``progress`` as the learner's and mark it seen now; commits."""
    learner.progress = to_dict(progress)
    learner.last_seen = utcnow()
    db.session.commit()


def record(learner: Learner, progress: Progress, *, lesson: str, number: int, review: str | None, rule: str,
           correct: bool, answer: dict[str, Any], day: int, per_day: int) -> LearnAnswer:
    """Log one answer and store the progress after it, together (one commit).

    Args:
        progress: the progress after the answer (:func:`~webapp.learn.progress.answered` or ``reviewed``).
        lesson, number, review: which item it was (``review``: the rule of a mistakes item, else None).
        rule, correct, answer, day: what counted, whether it was right, the parsed answer, the day number.
        per_day: the most answers a learner may give a day (0: no bound).

    Returns:
        The logged answer (its ``id`` is in the feedback's URL).

    Raises:
        TooManyToday: ``per_day`` answers were logged today already; nothing is stored.
    """
    if per_day > 0:
        count = db.session.execute(db.select(func.count()).select_from(LearnAnswer)
                                   .where(LearnAnswer.learner_id == learner.id, LearnAnswer.day == day)).scalar_one()
        if count >= per_day:
            raise TooManyToday()
    row = LearnAnswer(learner_id=learner.id, lesson=lesson, number=number, review=review, rule=rule,
                      correct=correct, answer=answer, day=day)
    db.session.add(row)
    save(learner, progress)
    return row


def answer_of(learner: Learner, answer_id: int) -> LearnAnswer | None:
    """The learner's logged answer ``answer_id``, or None (another learner's answers are none of its business)."""
    row = db.session.get(LearnAnswer, answer_id) if 0 < answer_id < 2**62 else None
    return row if row is not None and row.learner_id == learner.id else None


def last_answer(learner: Learner, lesson: str, number: int, review: str | None = None) -> LearnAnswer | None:
    """The learner's newest logged answer to item ``number`` of ``lesson`` (``review``: of a mistakes item), or None."""
    query = (db.select(LearnAnswer).filter_by(learner_id=learner.id, lesson=lesson, number=number, review=review)
             .order_by(LearnAnswer.id.desc()).limit(1))
    return db.session.execute(query).scalar_one_or_none()


def complete_for_cookie(token: str | None, secret: str | bytes, lesson_id: str, day: int) -> bool:
    """Mark a played lesson (``skat.table``: a whole game at the table) done for the learner of a cookie value.

    Never makes a learner: a missing, forged or unknown cookie changes nothing. Idempotent: a lesson mastered
    already is left as it is (nothing written). A lesson still locked on the learner's map is not marked (as
    ``POST /learn/<lesson>/done`` refuses it), nor is a lesson with quiz items (its answers master it).

    Returns:
        True when the lesson is mastered for that learner now (just marked, or before), else False.
    """
    learner = find(public_id_of(token, secret), lock=True)
    if learner is None:
        return False
    progress = progress_of(learner)
    if progress.lesson(lesson_id).mastered:
        return True
    try:
        if place_of(progress, lesson_id).state == LOCKED:
            return False
        save(learner, completed(progress, lesson_id, day))
    except ProgressError:
        return False
    return True


def played(lesson_id: str) -> bool:
    """:func:`complete_for_cookie` for this request's learner cookie, today; the game pages call it when a
    whole game (or round) is over. False outside a request."""
    if not has_request_context():
        return False
    return complete_for_cookie(request.cookies.get(COOKIE), current_app.secret_key, lesson_id, today())


def answers_by_day(learner: Learner, first: int, last: int) -> dict[int, tuple[int, int]]:
    """The learner's answers from day number ``first`` to ``last`` (both included): day -> (answers, right ones);
    days without an answer are absent."""
    query = (db.select(LearnAnswer.day, func.count(), func.sum(case((LearnAnswer.correct, 1), else_=0)))
             .where(LearnAnswer.learner_id == learner.id, LearnAnswer.day >= first, LearnAnswer.day <= last)
             .group_by(LearnAnswer.day))
    return {day: (int(count), int(right or 0)) for day, count, right in db.session.execute(query)}


def forget(learner: Learner) -> None:
    """Delete the learner and every answer it gave (the child's "delete my progress"); commits."""
    db.session.execute(delete(LearnAnswer).where(LearnAnswer.learner_id == learner.id))
    db.session.delete(learner)
    db.session.commit()
