"""Database models: quizzes (one child) and class sessions (one teacher, many children).

Times are naive UTC datetimes (:func:`utcnow`), the same on SQLite and PostgreSQL.
Answers are unique per question (``quiz_answer``: run and position;
``class_response``: child and round), so submitting the same answer twice, from
a reload or a second tab, stores it once.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from webapp.core.db import db


def utcnow() -> datetime:
    """The current time as a naive UTC datetime."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Quiz(db.Model):
    """The settings behind a quiz code: question kind, difficulty, number of questions.

    The questions themselves are not stored: question ``n`` of quiz ``code`` is
    generated again from the seed ``(kind, difficulty, code, n)`` whenever needed.
    """

    __tablename__ = "quiz"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    kind: Mapped[str] = mapped_column(String(40))
    difficulty: Mapped[str] = mapped_column(String(12))
    count: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class QuizRun(db.Model):
    """One child's go at a quiz: which question numbers to ask, in order.

    ``public_id`` is in the URL (unguessable, so runs stay private); ``numbers``
    is the list of question numbers (all of them, or the ones to try again).
    """

    __tablename__ = "quiz_run"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("quiz.id", ondelete="CASCADE"), index=True)
    numbers: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)

    quiz: Mapped[Quiz] = relationship()
    answers: Mapped[list["QuizAnswer"]] = relationship(
        order_by="QuizAnswer.position", cascade="all, delete-orphan", passive_deletes=True
    )


class QuizAnswer(db.Model):
    """The child's answer to the question at ``position`` of a run (stored once)."""

    __tablename__ = "quiz_answer"
    __table_args__ = (UniqueConstraint("run_id", "position", name="uq_quiz_answer_run_position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("quiz_run.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    correct: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class ClassSession(db.Model):
    """A teacher's class session: join code, teacher secret, what the projector shows.

    ``teacher_hash`` is the SHA-256 of the secret teacher token (the token
    itself is only in the teacher's link). ``mode`` is ``lobby``, ``demo``,
    ``question`` or ``ended``. Round ``round_number`` (0: none yet) is question
    ``round_number`` of the session's seed; ``round_open`` says whether children
    may still answer it. ``demo_number``/``demo_revealed`` are the hand shown
    in demo mode and how many explanation steps are uncovered.
    """

    __tablename__ = "class_session"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    join_code: Mapped[str] = mapped_column(String(12), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(40))
    difficulty: Mapped[str] = mapped_column(String(12))
    seed: Mapped[str] = mapped_column(String(32))
    mode: Mapped[str] = mapped_column(String(12), default="lobby")
    round_number: Mapped[int] = mapped_column(Integer, default=0)
    round_open: Mapped[bool] = mapped_column(Boolean, default=False)
    demo_number: Mapped[int] = mapped_column(Integer, default=0)
    demo_revealed: Mapped[int] = mapped_column(Integer, default=0)
    show_names: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    participants: Mapped[list["Participant"]] = relationship(
        order_by="Participant.id", cascade="all, delete-orphan", passive_deletes=True
    )


class Participant(db.Model):
    """A child in a class session: a nickname and the hash of the token in their cookie."""

    __tablename__ = "class_participant"
    __table_args__ = (UniqueConstraint("session_id", "nickname", name="uq_participant_nickname"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_session.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Response(db.Model):
    """A child's answer in one round of a class session (stored once)."""

    __tablename__ = "class_response"
    __table_args__ = (UniqueConstraint("participant_id", "round_number", name="uq_response_participant_round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_session.id", ondelete="CASCADE"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("class_participant.id", ondelete="CASCADE"))
    round_number: Mapped[int] = mapped_column(Integer)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    correct: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    participant: Mapped[Participant] = relationship()


def purge_expired(quiz_days: int = 30, now: datetime | None = None) -> tuple[int, int]:
    """Delete expired class sessions (with their children and answers) and old quizzes.

    A class session is expired when its ``expires_at`` has passed (set from
    ``CLASS_SESSION_DAYS`` when it was made). A quiz goes (with its
    runs and answers) once its newest run, or the quiz itself when it has no
    run, is older than ``quiz_days``.

    Returns:
        ``(sessions deleted, quizzes deleted)``. Commits.
    """
    from datetime import timedelta

    from sqlalchemy import delete, func, select

    now = now or utcnow()
    session_ids = list(db.session.scalars(select(ClassSession.id).where(ClassSession.expires_at <= now)))
    cutoff = now - timedelta(days=quiz_days)
    newest = select(QuizRun.quiz_id, func.max(QuizRun.created_at).label("newest")).group_by(QuizRun.quiz_id).subquery()
    quiz_ids = list(db.session.scalars(
        select(Quiz.id).outerjoin(newest, newest.c.quiz_id == Quiz.id)
        .where(func.coalesce(newest.c.newest, Quiz.created_at) <= cutoff)
    ))
    # Children first: SQLite enforces the foreign keys but bulk deletes do not cascade in the ORM.
    if session_ids:
        db.session.execute(delete(Response).where(Response.session_id.in_(session_ids)))
        db.session.execute(delete(Participant).where(Participant.session_id.in_(session_ids)))
        db.session.execute(delete(ClassSession).where(ClassSession.id.in_(session_ids)))
    if quiz_ids:
        run_ids = select(QuizRun.id).where(QuizRun.quiz_id.in_(quiz_ids))
        db.session.execute(delete(QuizAnswer).where(QuizAnswer.run_id.in_(run_ids)))
        db.session.execute(delete(QuizRun).where(QuizRun.quiz_id.in_(quiz_ids)))
        db.session.execute(delete(Quiz).where(Quiz.id.in_(quiz_ids)))
    db.session.commit()
    return len(session_ids), len(quiz_ids)
