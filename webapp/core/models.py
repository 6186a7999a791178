"""Database models: quizzes (one child) and class sessions (one teacher, many children).

Times are naive UTC datetimes (:func:`utcnow`), the same on SQLite and PostgreSQL.
Answers are unique per question (``quiz_answer``: run and position;
``class_response``: child and round), so submitting the same answer twice, from
a reload or a second tab, stores it once.

Quiz runs and class sessions keep ``creator_hash``: a keyed hash of the address
that made them (:func:`webapp.core.security.address_hash`; never the address
itself), so that :func:`made_recently` can cap what one address makes an hour.

The learning path (issue 36) keeps a :class:`Learner` (a random public id in a signed cookie, an optional
nickname, its progress as JSON) and a log of its answers (:class:`LearnAnswer`); :func:`purge_learners`
deletes learners not seen for ``LEARN_DAYS`` days. A teacher's homework is a :class:`LearnClass` (its lessons,
deadline and the hash of the teacher token) whose children are :class:`LearnMember` rows (a nickname, linked to
a learner); :func:`purge_homework` deletes classes ``HOMEWORK_DAYS`` after their deadline.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy import false as sa_false
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
    is the list of question numbers (all of them, or the ones to try again);
    ``creator_hash`` the keyed hash of the address that started it (None for runs
    made before it was kept, or outside a request).
    """

    __tablename__ = "quiz_run"
    __table_args__ = (Index("ix_quiz_run_creator_hash_created_at", "creator_hash", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("quiz.id", ondelete="CASCADE"), index=True)
    numbers: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)

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
    in demo mode and how many explanation steps are uncovered. ``creator_hash``:
    the keyed hash of the teacher's address (see :class:`QuizRun`).
    """

    __tablename__ = "class_session"
    __table_args__ = (Index("ix_class_session_creator_hash_created_at", "creator_hash", "created_at"),)

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
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The live classroom (issue 16): a series of ``series_count`` rounds (0: no end), joining locked or not,
    # the countdown in seconds (0: none) and speed bonus for the next rounds, the open round's start and
    # deadline (server time, so a restart loses nothing), and whether the projector shows the leaderboard.
    series_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    countdown: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    speed_bonus: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    show_board: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    round_opened_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    round_deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # The class plays Skat (issue 37, kind ``skat_table``): ``{"deals": 1..8, "bots": "club"|"beginner",
    # "coach": bool}``; None for the question kinds.
    skat: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Fair scoring (issue 37, section 2): True while a child of the class has more time (``Participant.more_time``):
    # a round then takes that child's answer after the countdown, until the teacher stops the answers.
    held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())

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
    removed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())  # by the teacher
    # The teacher gave the child more time: its answer counts after the countdown until the teacher stops answers.
    more_time: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())


class ClassRejoin(db.Model):
    """A child's request to take its seat again on another device (issue 37, section 2): the nickname's
    ``participant_id`` and the hash of the new device's token, waiting for the teacher (``refused`` once the
    teacher said no). Approved, the child's ``token_hash`` becomes this one and the request is deleted."""

    __tablename__ = "class_rejoin"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_session.id", ondelete="CASCADE"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("class_participant.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    refused: Mapped[bool] = mapped_column(Boolean, default=False)


class ClassSkatGame(db.Model):
    """A child's game of one deal of a class's Skat round (issue 37; written by :mod:`webapp.classroom.skat_store`).

    ``moves`` are the table's action codes (:mod:`webapp.games.skat.table_codes`) joined by ``.``, the child's and
    the bots', in order (at most a few hundred characters); ``finished`` once the deal is over, then ``points`` is
    the child's Seeger-Fabian points (:func:`webapp.games.skat.duplicate.child_score`) and ``result`` the deal's
    result in brief. One row per child and deal.
    """

    __tablename__ = "class_skat_game"
    __table_args__ = (UniqueConstraint("participant_id", "deal", name="uq_class_skat_game_deal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_session.id", ondelete="CASCADE"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("class_participant.id", ondelete="CASCADE"))
    deal: Mapped[int] = mapped_column(Integer)
    moves: Mapped[str] = mapped_column(Text, default="")
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The finished deal's result (:func:`webapp.games.skat.duplicate.score_data`: game, bid, declarer, won, score,
    # points), so the ranking and the CSV read it without replaying the moves; None while under way.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The open-cards analysis of the finished game, in brief (its first deciding mistake; the class's moment and
    # the CSV read it); None until it is analysed.
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


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
    # Points scored, seconds from the round's start to the answer, right answers in a row (issue 16).
    points: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

    participant: Mapped[Participant] = relationship()


class Learner(db.Model):
    """A child on the learning path, without an account (issue 36; read and written by
    :mod:`webapp.learn.store`).

    ``public_id`` (``secrets.token_urlsafe(16)``: 128 bits) is all its signed cookie holds; ``code`` is the short
    progress code that moves it to another device; ``seed`` picks its practice items
    (:func:`webapp.learn.path.practice_item`); ``progress`` is :func:`webapp.learn.progress.to_dict` (a few KB at
    most: its keys are the path's lessons and rules). ``last_seen`` is the day of its last answer (the expiry
    counts from it). ``class_id`` is unused: a learner's homework classes are its :class:`LearnMember` rows (it may
    be in several).
    """

    __tablename__ = "learner"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    nickname: Mapped[str | None] = mapped_column(String(40), nullable=True)
    seed: Mapped[int] = mapped_column(Integer)
    progress: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    class_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class LearnAnswer(db.Model):
    """One answer of a learner to a practice item (the teacher's report groups them later, by rule).

    ``lesson`` and ``number`` (with ``review``: the rule of a "practise my mistakes" item, else None) say which
    item it was (:func:`webapp.learn.path.practice_item`), so its feedback can be shown again; ``rule`` is the
    rule it counted for or against, ``day`` the day number it was given (:func:`webapp.learn.progress.day_number`).
    """

    __tablename__ = "learn_answer"
    __table_args__ = (Index("ix_learn_answer_learner_day", "learner_id", "day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    lesson: Mapped[str] = mapped_column(String(80))
    number: Mapped[int] = mapped_column(Integer)
    review: Mapped[str | None] = mapped_column(String(80), nullable=True)
    rule: Mapped[str] = mapped_column(String(80))
    correct: Mapped[bool] = mapped_column(Boolean)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    day: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class LearnClass(db.Model):
    """A teacher's homework for a class (issue 36, part 2; read and written by :mod:`webapp.learn.homework`).

    ``code`` is the short class code the children type; ``teacher_hash`` the SHA-256 of the secret teacher token
    (the token itself is only in the teacher's cookie and link). ``lessons`` is the list of lesson ids set, in
    path order; ``set_day`` and ``deadline_day`` are day numbers (:func:`webapp.learn.progress.day_number`): the
    report counts the answers from ``set_day`` on. ``expires_at``: when ``purge-expired`` deletes it (its
    deadline plus ``HOMEWORK_DAYS`` days).
    """

    __tablename__ = "learn_class"
    __table_args__ = (Index("ix_learn_class_creator_hash_created_at", "creator_hash", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(64))
    lessons: Mapped[list[str]] = mapped_column(JSON)
    set_day: Mapped[int] = mapped_column(Integer)
    deadline_day: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class LearnMember(db.Model):
    """A child in a homework class: its nickname there (unique in the class) and its learner (at most one
    membership per learner and class). Deleting the class or the learner deletes the membership, never the
    learner's own progress."""

    __tablename__ = "learn_member"
    __table_args__ = (UniqueConstraint("class_id", "nickname", name="uq_learn_member_nickname"),
                      UniqueConstraint("class_id", "learner_id", name="uq_learn_member_learner"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("learn_class.id", ondelete="CASCADE"))
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(40))
    joined_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


def made_recently(model: type[QuizRun] | type[ClassSession] | type[LearnClass], creator_hash: str, hours: int = 1,
                  now: datetime | None = None) -> tuple[int, datetime | None]:
    """How many rows of ``model`` (:class:`QuizRun` or :class:`ClassSession`) the address with
    ``creator_hash`` made in the last ``hours`` hours, and when the oldest of them was made.

    Returns:
        ``(count, oldest created_at or None)``; the cap frees a place ``hours`` after the oldest.
    """
    from datetime import timedelta

    from sqlalchemy import func, select

    since = (now or utcnow()) - timedelta(hours=hours)
    query = select(func.count(), func.min(model.created_at)).where(
        model.creator_hash == creator_hash, model.created_at > since)
    count, oldest = db.session.execute(query).one()
    return int(count), oldest


class CapReached(Exception):
    """One address made as many rows of a kind in the last hour as it may (answered 429).

    Attributes:
        retry_after: seconds until the oldest of them is an hour old (at least 1).
    """

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"per-address cap reached; retry after {retry_after} s")
        self.retry_after = retry_after


def check_cap(model: type[QuizRun] | type[ClassSession] | type[LearnClass], creator_hash: str | None, per_hour: int,
              now: datetime | None = None) -> None:
    """Refuse a new row of ``model`` when the address ``creator_hash`` made ``per_hour`` of them in the last hour.

    Nothing is checked when ``creator_hash`` is None or ``per_hour`` is 0 or less. On SQLite the
    check runs inside the POST request's ``BEGIN IMMEDIATE`` transaction, so two requests at once
    cannot both take the last place; on PostgreSQL the cap may be passed by a request or two.

    Raises:
        CapReached: the cap is reached (with the seconds until a place frees).
    """
    from datetime import timedelta

    if creator_hash is None or per_hour <= 0:
        return
    now = now or utcnow()
    count, oldest = made_recently(model, creator_hash, 1, now)
    if count >= per_hour:
        frees = (oldest or now) + timedelta(hours=1) - now
        raise CapReached(max(1, int(frees.total_seconds()) + 1))


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


def purge_learners(days: int = 400, now: datetime | None = None) -> int:
    """Delete the learners of the learning path not seen (no answer) for ``days`` days, with their answers.

    Returns:
        The number of learners deleted. Commits.
    """
    from datetime import timedelta

    from sqlalchemy import delete, select

    cutoff = (now or utcnow()) - timedelta(days=days)
    gone = select(Learner.id).where(Learner.last_seen <= cutoff)
    db.session.execute(delete(LearnMember).where(LearnMember.learner_id.in_(gone)))
    db.session.execute(delete(LearnAnswer).where(LearnAnswer.learner_id.in_(gone)))
    count = db.session.execute(delete(Learner).where(Learner.last_seen <= cutoff)).rowcount
    db.session.commit()
    return int(count or 0)


def purge_homework(now: datetime | None = None) -> int:
    """Delete the homework classes whose ``expires_at`` has passed, with their children's memberships (the
    learners and their progress stay).

    Returns:
        The number of homework classes deleted. Commits.
    """
    from sqlalchemy import delete, select

    gone = select(LearnClass.id).where(LearnClass.expires_at <= (now or utcnow()))
    db.session.execute(delete(LearnMember).where(LearnMember.class_id.in_(gone)))
    count = db.session.execute(delete(LearnClass).where(LearnClass.expires_at <= (now or utcnow()))).rowcount
    db.session.commit()
    return int(count or 0)
