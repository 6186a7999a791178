"""Homework for a class and the teacher's report (issue 36, part 2, "For the teacher"): the rules and queries.

A teacher has no account: as in the live classroom (:mod:`webapp.classroom.service`), a secret teacher token
(``secrets.token_urlsafe(32)``) is the key, stored only as its SHA-256 hash (:func:`~webapp.classroom.service.
hash_token`) and compared in constant time (:func:`teacher_class`). A homework (:class:`~webapp.core.models.
LearnClass`) is one or more lessons of the path and a deadline 1 to 60 days ahead; its class code is 6 letters of
the quiz codes' alphabet (:data:`webapp.quiz.CODE_ALPHABET`). A child joins with the code and a nickname unique in
the class (:func:`join`); the membership (:class:`~webapp.core.models.LearnMember`) links the nickname to the
child's learner (its cookie), so the device remembers both. A learner is in at most :data:`MAX_CLASSES` classes,
a class has at most :data:`MAX_CHILDREN` children.

The report (:func:`report`) reads the class in two aggregate queries, whatever its size: the members with their
learners' progress, and their right and wrong answers per rule since the day the homework was set (``GROUP BY``
member and rule); :func:`build_report` makes the report from those rows without the database (unit-tested with
constructed rows). A child *has mastered a rule* when it has mastered a lesson that teaches the rule and the rule
is not waiting on its review schedule (no mistake of it left to practise, :mod:`webapp.learn.progress`). Rules are
sorted hardest first: the largest share of wrong answers, then the most wrong answers, then the path's order;
rules nobody answered come last.

Nothing here imports Flask: the views (:mod:`webapp.learn.homework_views`) pass in the day, the settings and the
words.
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Iterable, Mapping, NamedTuple, Sequence

from sqlalchemy import case, delete, func, select
from sqlalchemy.exc import IntegrityError

from webapp import quiz
from webapp.classroom.service import TOKEN_MAX, BadNickname, clean_nickname, hash_token
from webapp.core.csvfile import csv_text
from webapp.core.db import db
from webapp.core.models import LearnAnswer, LearnClass, Learner, LearnMember, check_cap, utcnow
from webapp.core.steps import Step
from webapp.learn import path
from webapp.learn.progress import Progress
from webapp.learn.store import progress_of
from webapp.quiz.service import add_with_new_code

__all__ = ["DEADLINE_DAYS", "MAX_CHILDREN", "MAX_CLASSES", "BadHomework", "ChildReport", "CountRow", "Full",
           "HomeworkError", "MemberRow", "OnMap", "Report", "RuleReport", "Taken", "build_report", "classes_of",
           "create", "homework_rules", "delete_class", "find", "join", "read_settings", "report", "report_csv",
           "rule_mastered",
           "teacher_class", "teacher_cookie_name"]

#: The deadline a teacher may pick, in days from today: at least, at most, the form's default.
DEADLINE_DAYS = (1, 60, 7)
#: The most homework classes a learner is in (the sixth join is refused), and the most children a class has.
MAX_CLASSES = 5
MAX_CHILDREN = 60
#: A date as the date field sends it (ASCII digits only).
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class HomeworkError(Exception):
    """A request the homework refuses; ``step`` says why in words for the child or the teacher."""

    def __init__(self, step: Step) -> None:
        super().__init__(step.code)
        self.step = step


class BadHomework(HomeworkError):
    """Settings or a nickname that cannot be used (no lesson, an unknown one, a deadline out of range): 400."""


class Taken(HomeworkError):
    """The nickname is taken in the class: 409."""


class Full(HomeworkError):
    """The class has :data:`MAX_CHILDREN` children, or the learner is in :data:`MAX_CLASSES` classes: 409."""


# --- setting homework and the teacher ----------------------------------------------------------------------------
def read_settings(lesson_ids: Sequence[str], deadline_text: str, today: int) -> tuple[tuple[str, ...], int]:
    """The lessons and the deadline of the teacher's form.

    Args:
        lesson_ids: the ticked lesson ids (``lesson`` fields), in any order, maybe repeated.
        deadline_text: the deadline as ``YYYY-MM-DD`` (the date field).
        today: today's day number.

    Returns:
        ``(lesson ids in path order, deadline day number)``.

    Raises:
        BadHomework: ``learn.hw.error.lessons`` (none ticked, or one that is no lesson of the path) or
            ``learn.hw.error.deadline`` (no date, or not 1 to 60 days ahead).
    """
    chosen = set(lesson_ids[:len(path.LESSONS) + 1])
    if not chosen or not chosen <= set(path.LESSONS):
        raise BadHomework(Step("learn.hw.error.lessons"))
    low, high, _ = DEADLINE_DAYS
    text = deadline_text[:40].strip()
    try:
        deadline = date.fromisoformat(text).toordinal() if _DATE.fullmatch(text) else None
    except ValueError:  # 2026-13-01
        deadline = None
    if deadline is None or not low <= deadline - today <= high:
        raise BadHomework(Step("learn.hw.error.deadline", low=low, high=high))
    return tuple(lesson for lesson in path.LESSONS if lesson in chosen), deadline


def create(lessons: Sequence[str], deadline_day: int, today: int, keep_days: int, creator_hash: str | None = None,
           per_hour: int = 0) -> tuple[LearnClass, str]:
    """Store a new homework with a fresh class code; it expires ``keep_days`` days after its deadline.

    Args:
        lessons, deadline_day: from :func:`read_settings`; today: the day it is set (the report counts from it).
        creator_hash, per_hour: the teacher's address hash and its cap of classes an hour
            (:func:`webapp.core.models.check_cap`, shared with nothing else: it counts homework classes).

    Returns:
        ``(row, token)``: the stored class and the teacher token (only its hash is stored).

    Raises:
        CapReached: the address set ``per_hour`` homework classes in the last hour (429); nothing is stored.
    """
    check_cap(LearnClass, creator_hash, per_hour)
    token = secrets.token_urlsafe(32)
    expires = datetime.combine(date.fromordinal(deadline_day), datetime.min.time()) + timedelta(days=keep_days + 1)
    row = add_with_new_code(lambda code: LearnClass(code=code, teacher_hash=hash_token(token), lessons=list(lessons),
                                                    set_day=today, deadline_day=deadline_day, expires_at=expires,
                                                    creator_hash=creator_hash))
    return row, token


def find(typed: str) -> LearnClass | None:
    """The homework class whose code is ``typed`` (any case, spaces, dashes), unless it has expired; else None."""
    code = quiz.normalise_code(typed[:40])
    if code is None:
        return None
    row = db.session.execute(select(LearnClass).filter_by(code=code)).scalar_one_or_none()
    return row if row is not None and row.expires_at > utcnow() else None


def teacher_cookie_name(code: str) -> str:
    """The name of the teacher's cookie of the homework ``code`` (it holds the teacher token)."""
    return f"homework_{code}"


def teacher_class(typed: str, token: str) -> LearnClass | None:
    """The live homework class if ``token`` is its teacher token (constant-time compare), else None (also for a
    token of another class, an empty or an overlong one)."""
    row = find(typed)
    if row is None or not token or len(token) > TOKEN_MAX or not hmac.compare_digest(hash_token(token),
                                                                                       row.teacher_hash):
        return None
    return row


def delete_class(row: LearnClass) -> None:
    """Delete the homework class and every membership of it (the learners and their progress stay); commits."""
    db.session.execute(delete(LearnMember).where(LearnMember.class_id == row.id))
    db.session.execute(delete(LearnClass).where(LearnClass.id == row.id))
    db.session.commit()


# --- the children ------------------------------------------------------------------------------------------------
def join(row: LearnClass, learner: Learner, nickname_text: str) -> LearnMember:
    """Put ``learner`` in the class as ``nickname_text`` (cleaned by :func:`~webapp.classroom.service.
    clean_nickname`); a learner already in it takes the new nickname. The learner's map nickname is set when it
    has none. Commits.

    Raises:
        BadHomework: the nickname cannot be used (the classroom's ``class.error.nickname_*`` messages).
        Taken: another child of the class has it (``class.error.nickname_taken``).
        Full: the class has :data:`MAX_CHILDREN` children (``class.error.full``) or the learner is in
            :data:`MAX_CLASSES` classes (``learn.hw.error.classes``).
    """
    try:
        nickname = clean_nickname(nickname_text)
    except BadNickname as error:
        raise BadHomework(error.step) from None
    member = db.session.execute(select(LearnMember).filter_by(class_id=row.id, learner_id=learner.id)
                                ).scalar_one_or_none()
    if member is None:
        mine = db.session.scalar(select(func.count()).select_from(LearnMember).filter_by(learner_id=learner.id))
        if mine >= MAX_CLASSES:
            raise Full(Step("learn.hw.error.classes", max=MAX_CLASSES))
        if db.session.scalar(select(func.count()).select_from(LearnMember).filter_by(class_id=row.id)) >= MAX_CHILDREN:
            raise Full(Step("class.error.full", max=MAX_CHILDREN))
        member = LearnMember(class_id=row.id, learner_id=learner.id, nickname=nickname)
        db.session.add(member)
    member.nickname = nickname
    if not learner.nickname:
        learner.nickname = nickname
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Taken(Step("class.error.nickname_taken", nickname=nickname)) from None
    return member


@dataclass(frozen=True)
class OnMap:
    """A homework on a child's map: its class code, the child's nickname there, the deadline (a date, and whether
    it has passed), and each lesson's id with whether the child has mastered it."""

    code: str
    nickname: str
    deadline: date
    overdue: bool
    lessons: tuple[tuple[str, bool], ...]

    @property
    def done(self) -> bool:
        """True when every lesson of the homework is mastered."""
        return all(mastered for _, mastered in self.lessons)


def classes_of(learner: Learner | None, progress: Progress, today: int) -> list[OnMap]:
    """The live homework classes ``learner`` is in, the nearest deadline first (one query; [] for None)."""
    if learner is None:
        return []
    rows = db.session.execute(
        select(LearnClass, LearnMember.nickname).join(LearnMember, LearnMember.class_id == LearnClass.id)
        .where(LearnMember.learner_id == learner.id, LearnClass.expires_at > utcnow())
        .order_by(LearnClass.deadline_day, LearnClass.id)).all()
    return [OnMap(row.code, nickname, date.fromordinal(row.deadline_day), row.deadline_day < today,
                  tuple((lesson, progress.lesson(lesson).mastered) for lesson in row.lessons if lesson in path.LESSONS))
            for row, nickname in rows]


def lessons_set(learner: Learner | None) -> frozenset[str]:
    """The lessons of the live homework classes ``learner`` is in (one query; empty for None): they are open on
    its map even before the path reaches them (:func:`webapp.learn.progress.course_map`)."""
    if learner is None:
        return frozenset()
    rows = db.session.execute(
        select(LearnClass.lessons).join(LearnMember, LearnMember.class_id == LearnClass.id)
        .where(LearnMember.learner_id == learner.id, LearnClass.expires_at > utcnow())).scalars()
    return frozenset(lesson for lessons in rows for lesson in lessons if lesson in path.LESSONS)


# --- the report --------------------------------------------------------------------------------------------------
class MemberRow(NamedTuple):
    """A child of the class as the first query reads it: its membership id, nickname and progress."""

    member: int
    nickname: str
    progress: Progress


class CountRow(NamedTuple):
    """The second query's row: a child's (membership id) right and wrong answers to one rule."""

    member: int
    rule: str
    right: int
    wrong: int


@dataclass(frozen=True)
class ChildReport:
    """One child's line: nickname, each homework lesson mastered or not (in the homework's order), right and
    wrong answers per rule (``rule -> (right, wrong)``, every rule of the report, 0 when none)."""

    nickname: str
    done: tuple[bool, ...]
    rules: Mapping[str, tuple[int, int]]

    @property
    def all_done(self) -> bool:
        """True when every lesson of the homework is mastered."""
        return all(self.done)


@dataclass(frozen=True)
class RuleReport:
    """One rule for the whole class: right and wrong answers, the share of wrong ones (0.0 to 1.0; None when
    nobody answered), and how many children have mastered it (:func:`rule_mastered`)."""

    rule: str
    right: int
    wrong: int
    mastered: int

    @property
    def wrong_share(self) -> float | None:
        """Wrong answers / all answers, or None without answers."""
        total = self.right + self.wrong
        return self.wrong / total if total else None


@dataclass(frozen=True)
class Report:
    """The teacher's report: the homework's lessons, the children (by nickname, A to Z) and the rules (hardest
    first, see the module docstring)."""

    lessons: tuple[str, ...]
    children: tuple[ChildReport, ...]
    rules: tuple[RuleReport, ...]


def homework_rules(lessons: Iterable[str]) -> dict[str, str]:
    """The rules the lessons teach, each once, in the lessons' order: ``rule -> the first of the lessons that
    teaches it`` (unknown lesson ids are left out)."""
    found: dict[str, str] = {}
    for lesson in lessons:
        for rule in path.LESSONS[lesson].rules if lesson in path.LESSONS else ():
            found.setdefault(rule, lesson)
    return found


def rule_mastered(progress: Progress, rule: str) -> bool:
    """True when the child has mastered a lesson teaching ``rule`` and the rule waits on no review."""
    taught = any(rule in lesson.rules and progress.lesson(lesson.id).mastered for lesson in path.LESSONS.values())
    return taught and not progress.rule(rule).scheduled


def build_report(lessons: Sequence[str], members: Iterable[MemberRow], counts: Iterable[CountRow]) -> Report:
    """The report of a class from the two queries' rows (no database: unit-tested with constructed rows).

    Args:
        lessons: the homework's lesson ids (unknown ones are left out).
        members: every child of the class; a child without answers has 0 everywhere.
        counts: right and wrong answers per child and rule; rules no homework lesson teaches are left out.
    """
    lessons = tuple(lesson for lesson in lessons if lesson in path.LESSONS)
    rules = tuple(homework_rules(lessons))
    per_child: dict[int, dict[str, tuple[int, int]]] = {}
    for row in counts:
        if row.rule in rules:
            right, wrong = per_child.setdefault(row.member, {}).get(row.rule, (0, 0))
            per_child[row.member][row.rule] = (right + int(row.right), wrong + int(row.wrong))
    members = sorted(members, key=lambda m: (m.nickname.casefold(), m.nickname, m.member))
    children = tuple(ChildReport(m.nickname, tuple(m.progress.lesson(lesson).mastered for lesson in lessons),
                                 {rule: per_child.get(m.member, {}).get(rule, (0, 0)) for rule in rules})
                     for m in members)
    totals = [RuleReport(rule, sum(c.rules[rule][0] for c in children), sum(c.rules[rule][1] for c in children),
                         sum(rule_mastered(m.progress, rule) for m in members)) for rule in rules]
    order = {rule: at for at, rule in enumerate(rules)}
    totals.sort(key=lambda r: (r.wrong_share is None, -(r.wrong_share or 0.0), -r.wrong, order[r.rule]))
    return Report(lessons, children, tuple(totals))


def report(row: LearnClass) -> Report:
    """The report of the class ``row``: two aggregate queries (members with progress; answers per child and rule
    since ``set_day``), then :func:`build_report`."""
    members = [MemberRow(member, nickname, progress_of(learner)) for member, nickname, learner in db.session.execute(
        select(LearnMember.id, LearnMember.nickname, Learner).join(Learner, Learner.id == LearnMember.learner_id)
        .where(LearnMember.class_id == row.id))]
    counts = db.session.execute(
        select(LearnMember.id, LearnAnswer.rule, func.sum(case((LearnAnswer.correct, 1), else_=0)),
               func.sum(case((LearnAnswer.correct, 0), else_=1)))
        .join(LearnAnswer, LearnAnswer.learner_id == LearnMember.learner_id)
        .where(LearnMember.class_id == row.id, LearnAnswer.day >= row.set_day,
               LearnAnswer.rule.in_(tuple(homework_rules(row.lessons))))
        .group_by(LearnMember.id, LearnAnswer.rule))
    return build_report(row.lessons, members, (CountRow(*count) for count in counts))


def report_csv(result: Report) -> str:
    """The report as CSV: a line a child (nickname; ``<lesson> done`` yes/no for each lesson; ``<rule> right`` and
    ``<rule> wrong`` for each rule, hardest first), cells defused (:func:`~webapp.core.csvfile.csv_text`)."""
    rules = [r.rule for r in result.rules]
    header = ["nickname", *(f"{lesson} done" for lesson in result.lessons),
              *(f"{rule} {what}" for rule in rules for what in ("right", "wrong"))]
    return csv_text(header, ([child.nickname, *("yes" if done else "no" for done in child.done),
                              *(n for rule in rules for n in child.rules[rule])] for child in result.children))
