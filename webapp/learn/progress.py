"""A learner's progress on the path (issue 36) as pure state transitions: state in, new state out.

Days are day numbers: ``date.toordinal()`` (:func:`day_number`), passed in by the caller; nothing here reads
the clock. A :class:`Progress` is frozen; :func:`answered`, :func:`reviewed` and :func:`completed` return a new
one. :func:`to_dict` and :func:`from_dict` give and read its plain JSON form for the storage; a malformed or
forged dict raises :class:`ProgressError` (a ``ValueError``) naming the problem.

* **Mastery and stars** (per lesson): a lesson is mastered when ``practice.mastery`` answers in a row are right
  (:mod:`webapp.learn.path`). Stars are set when it is mastered and kept: 3 when no answer of the lesson was
  wrong before, 2 when it was mastered within one round (``practice.items`` answers), else 1. A lesson that is
  read or played (no quiz items) is mastered with 3 stars when its page says it is done.
* **Mistakes come back** (per rule): a wrong answer puts its rule in the first box of a Leitner ladder, due the
  next day; a right answer when it is due moves it up a box (due after :data:`INTERVALS` = 1, 3 and 7 days); a
  right answer in the last box takes it off the schedule; a wrong answer at any time puts it back in the first
  box. So a rule leaves only after three right reviews on three due days. This is the Leitner system (Leitner,
  *So lernt man lernen*, 1972) with the 1-3-7 spacing of expanding-interval practice (Landauer and Bjork 1978).
  Half-life regression (Settles and Meeder, ACL 2016) predicts recall better, but it fits its weights to
  millions of answers; with no such data a fixed ladder is the honest choice, and its due days are easy to
  explain to a child and a teacher. Right answers before the due day count for the rule but do not move it.
* **A weekly goal instead of a streak**: items answered in each ISO week (the last :data:`KEEP_WEEKS` weeks are
  kept) against a goal (:data:`WEEKLY_GOAL`); a missed week changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from types import MappingProxyType
from typing import Any, Mapping

from webapp.core.quizkind import Question
from webapp.learn.path import GAMES, ID_PATTERN, LESSONS, PATHS, RULES, Lesson, lesson_for_rule, practice_item

#: Days until a scheduled rule is due again, by box (Leitner ladder; see the module docstring).
INTERVALS: tuple[int, ...] = (1, 3, 7)
#: Items a week the weekly goal asks for, unless the caller names another goal.
WEEKLY_GOAL = 20
#: The weeks :data:`Progress.weeks` keeps (the newest).
KEEP_WEEKS = 12
#: The version of the JSON form.
VERSION = 1
#: Bounds of the JSON form: the largest count, the day numbers allowed (1 Jan 2000 to 31 Dec 2199).
MAX_COUNT = 10**7
FIRST_DAY, LAST_DAY = date(2000, 1, 1).toordinal(), date(2199, 12, 31).toordinal()
#: At most this many entries in each mapping of the JSON form (lessons, rules), known or not.
MAX_ENTRIES = 200
_WEEK = re.compile(r"(\d{4})-W(\d{2})\Z")


class ProgressError(ValueError):
    """A progress dict that is malformed or forged (:func:`from_dict`), or a day out of range; the message
    names the problem (``"rules.skat.trumps.box: not an int"``)."""


@dataclass(frozen=True)
class LessonProgress:
    """One lesson's progress.

    Attributes:
        answers: items answered (right or wrong), also after mastery.
        wrong: of those, the wrong ones.
        in_a_row: right answers in a row now.
        mastered_on: the day number it was mastered, or None.
        stars: 1 to 3 once mastered (see the module docstring), else 0.
    """

    answers: int = 0
    wrong: int = 0
    in_a_row: int = 0
    mastered_on: int | None = None
    stars: int = 0

    @property
    def mastered(self) -> bool:
        """True once mastered (it stays mastered)."""
        return self.mastered_on is not None


@dataclass(frozen=True)
class RuleProgress:
    """One rule's answers and its place on the review schedule.

    Attributes:
        right, wrong: answers that counted for and against it.
        box: its Leitner box (0 to ``len(INTERVALS) - 1``) while scheduled, else None.
        due: the day number it is due for review while scheduled, else None.
    """

    right: int = 0
    wrong: int = 0
    box: int | None = None
    due: int | None = None

    @property
    def scheduled(self) -> bool:
        """True while it waits on the review schedule."""
        return self.box is not None


@dataclass(frozen=True)
class Progress:
    """A learner's whole progress. Mappings are read-only; change it through the functions of this module.

    Attributes:
        lessons: lesson id -> :class:`LessonProgress` (lessons never touched are absent).
        rules: rule id -> :class:`RuleProgress` (rules never answered are absent).
        weeks: ISO week (``"2026-W48"``) -> items answered that week (the last :data:`KEEP_WEEKS`).
    """

    lessons: Mapping[str, LessonProgress] = field(default_factory=lambda: MappingProxyType({}))
    rules: Mapping[str, RuleProgress] = field(default_factory=lambda: MappingProxyType({}))
    weeks: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The progress of ``lesson_id`` (an empty one if never touched)."""
        return self.lessons.get(lesson_id, LessonProgress())

    def rule(self, rule: str) -> RuleProgress:
        """The progress of ``rule`` (an empty one if never answered)."""
        return self.rules.get(rule, RuleProgress())


def day_number(when: date) -> int:
    """The day number of a ``date`` or ``datetime`` (its calendar date: ``toordinal()``; the caller picks the
    time zone)."""
    return (when.date() if isinstance(when, datetime) else when).toordinal()


def iso_week(day: int) -> str:
    """The ISO week of a day number as ``"2026-W48"`` (ISO 8601 weeks start on Monday)."""
    year, week, _ = date.fromordinal(_day(day, "day")).isocalendar()
    return f"{year:04d}-W{week:02d}"


def _day(day: Any, where: str) -> int:
    if type(day) is not int or not FIRST_DAY <= day <= LAST_DAY:
        raise ProgressError(f"{where}: not a day number from {FIRST_DAY} to {LAST_DAY}")
    return day


def _with(mapping: Mapping[str, Any], key: str, value: Any) -> Mapping[str, Any]:
    return MappingProxyType({**mapping, key: value})


def _count_week(progress: Progress, day: int) -> Mapping[str, int]:
    week = iso_week(day)
    weeks = {**progress.weeks, week: min(MAX_COUNT, progress.weeks.get(week, 0) + 1)}
    return MappingProxyType(dict(sorted(weeks.items())[-KEEP_WEEKS:]))


def _rule_answer(rule: RuleProgress, correct: bool, day: int) -> RuleProgress:
    """The rule after one answer (the Leitner ladder of the module docstring)."""
    if not correct:
        return replace(rule, wrong=min(MAX_COUNT, rule.wrong + 1), box=0, due=day + INTERVALS[0])
    rule = replace(rule, right=min(MAX_COUNT, rule.right + 1))
    if rule.box is None or rule.due is None or day < rule.due:
        return rule
    if rule.box + 1 >= len(INTERVALS):
        return replace(rule, box=None, due=None)
    return replace(rule, box=rule.box + 1, due=day + INTERVALS[rule.box + 1])


def _answer_rule(progress: Progress, rule: str, correct: bool, day: int) -> Progress:
    if rule not in RULES:
        raise ProgressError(f"unknown rule {rule!r}")
    return replace(progress, rules=_with(progress.rules, rule, _rule_answer(progress.rule(rule), correct, day)),
                   weeks=_count_week(progress, day))


def _lesson(lesson_id: str) -> Lesson:
    if lesson_id not in LESSONS:
        raise ProgressError(f"unknown lesson {lesson_id!r}")
    return LESSONS[lesson_id]


def answered(progress: Progress, lesson_id: str, rule: str, correct: bool, day: int) -> Progress:
    """The progress after one answer to an item of a lesson.

    Args:
        lesson_id: the lesson whose item it was (open or not: homework may skip ahead).
        rule: the rule it counts for or against (:func:`webapp.learn.path.rule_of`).
        correct: whether it was right.
        day: the day number it was given (:func:`day_number`).

    Returns:
        The new progress: the lesson's counts and mastery (stars on the answer that masters it), the rule's
        counts and schedule, the week's count.

    Raises:
        ProgressError: an unknown lesson or rule, or a day out of range.
    """
    lesson, day = _lesson(lesson_id), _day(day, "day")
    now = progress.lesson(lesson_id)
    now = replace(now, answers=min(MAX_COUNT, now.answers + 1), wrong=min(MAX_COUNT, now.wrong + (not correct)),
                  in_a_row=min(MAX_COUNT, now.in_a_row + 1) if correct else 0)
    if not now.mastered and now.in_a_row >= lesson.practice.mastery:
        stars = 3 if now.wrong == 0 else 2 if now.answers <= lesson.practice.items else 1
        now = replace(now, mastered_on=day, stars=stars)
    progress = replace(progress, lessons=_with(progress.lessons, lesson_id, now))
    return _answer_rule(progress, rule, correct, day)


def reviewed(progress: Progress, rule: str, correct: bool, day: int) -> Progress:
    """The progress after one "practise my mistakes" answer for ``rule``: the rule's counts and schedule and the
    week's count change; no lesson does.

    Raises:
        ProgressError: an unknown rule, or a day out of range.
    """
    return _answer_rule(progress, rule, correct, _day(day, "day"))


def completed(progress: Progress, lesson_id: str, day: int) -> Progress:
    """The progress after the page of a read or played lesson (no quiz items) says it is done: mastered with 3
    stars (unchanged if it already was).

    Raises:
        ProgressError: an unknown lesson, a lesson with quiz items (it is mastered by answers), a bad day.
    """
    lesson, day = _lesson(lesson_id), _day(day, "day")
    if lesson.practice.drills:
        raise ProgressError(f"lesson {lesson_id!r} is mastered by its items, not marked done")
    if progress.lesson(lesson_id).mastered:
        return progress
    done = replace(progress.lesson(lesson_id), mastered_on=day, stars=3)
    return replace(progress, lessons=_with(progress.lessons, lesson_id, done))


# --- what to do next -------------------------------------------------------------------------------------------


def due_rules(progress: Progress, day: int) -> tuple[str, ...]:
    """The scheduled rules due on ``day`` (due then or before), the longest overdue first, then by rule id."""
    day = _day(day, "day")
    due = [(state.due, rule) for rule, state in progress.rules.items() if state.due is not None and state.due <= day]
    return tuple(rule for _, rule in sorted(due))


def rule_to_practise(progress: Progress, day: int) -> tuple[str, bool] | None:
    """The rule a child should practise next, for the parents' view: ``(rule, True)`` for the first due rule
    (:func:`due_rules`: "practise my mistakes" offers it first), else ``(rule, False)`` for the weakest rule
    answered (the largest share of wrong answers, then the most wrong, then by id), else None (no mistakes).
    Only rules a lesson has quiz items for (:func:`webapp.learn.path.lesson_for_rule`) count."""
    practised = {rule: state for rule, state in progress.rules.items() if lesson_for_rule(rule) is not None}
    due = next((rule for rule in due_rules(progress, day) if rule in practised), None)
    if due is not None:
        return due, True
    weak = [(-state.wrong / (state.right + state.wrong), -state.wrong, rule)
            for rule, state in practised.items() if state.wrong]
    return (min(weak)[2], False) if weak else None


@dataclass(frozen=True)
class ReviewItem:
    """An item of "practise my mistakes": the rule it is for, the lesson that teaches it, the quiz kind and
    question (answer it with :func:`webapp.learn.path.rule_of` ``(..., reviewing=rule)`` and :func:`reviewed`)."""

    rule: str
    lesson: str
    kind: str
    question: Question


def mistake_items(progress: Progress, day: int, learner_seed: int, count: int = 10) -> tuple[ReviewItem, ...]:
    """Up to ``count`` items for the rules due on ``day`` (:func:`due_rules`), taking the rules in turn.

    Each item comes from the first lesson that teaches its rule and has quiz items
    (:func:`webapp.learn.path.lesson_for_rule`; rules of read or played lessons are skipped). The item numbers
    continue from the rule's answers so far, so the same state gives the same items and a new answer new ones.

    Raises:
        ProgressError: a day out of range.
    """
    rules = [(rule, lesson) for rule in due_rules(progress, day) if (lesson := lesson_for_rule(rule)) is not None]
    items: list[ReviewItem] = []
    for turn in range(count):
        if not rules:
            break
        rule, lesson = rules[turn % len(rules)]
        state = progress.rule(rule)
        number = state.right + state.wrong + turn // len(rules)
        kind, question = practice_item(lesson, learner_seed, number, salt=f"review:{rule}")
        items.append(ReviewItem(rule, lesson.id, kind, question))
    return tuple(items)


@dataclass(frozen=True)
class Week:
    """The weekly goal: ``done`` items answered in ISO week ``week`` against ``goal``."""

    week: str
    done: int
    goal: int

    @property
    def reached(self) -> bool:
        """True when the week's goal is reached."""
        return self.done >= self.goal


def weekly(progress: Progress, day: int, goal: int = WEEKLY_GOAL) -> Week:
    """The weekly goal for the ISO week of ``day``: items answered that week against ``goal`` (at least 1).

    Raises:
        ProgressError: a day out of range.
    """
    week = iso_week(day)
    return Week(week, progress.weeks.get(week, 0), max(1, goal))


#: The states of a lesson on the map.
LOCKED, OPEN, IN_PROGRESS, MASTERED = "locked", "open", "in_progress", "mastered"


@dataclass(frozen=True)
class Place:
    """A lesson on the map: its id, its state (:data:`LOCKED`, :data:`OPEN`, :data:`IN_PROGRESS`,
    :data:`MASTERED`) and its stars (0 unless mastered)."""

    lesson: str
    state: str
    stars: int = 0


@dataclass(frozen=True)
class PathMap:
    """One game's path on the map: its lessons in order, and ``next``: the first lesson not mastered (the one to
    do next; it is always open or in progress), or None when the whole path is mastered."""

    game: str
    places: tuple[Place, ...]
    next: str | None


def course_map(progress: Progress, opened: frozenset[str] = frozenset()) -> tuple[PathMap, ...]:
    """The map: every game's path (:data:`webapp.learn.path.GAMES` order), each lesson's state.

    A lesson is mastered once mastered; in progress when it has answers; open when it is the first of its path,
    the one before it is mastered, or it is in ``opened`` (lesson ids: the homework set for the learner's classes,
    which a teacher may set before the child reaches it); else locked.
    """
    maps = []
    for game in GAMES:
        places, before = [], True
        for lesson in PATHS[game]:
            state = progress.lesson(lesson.id)
            if state.mastered:
                places.append(Place(lesson.id, MASTERED, state.stars))
            else:
                places.append(Place(lesson.id, IN_PROGRESS if state.answers
                                    else OPEN if before or lesson.id in opened else LOCKED))
            before = state.mastered
        nxt = next((place.lesson for place in places if place.state != MASTERED), None)
        maps.append(PathMap(game, tuple(places), nxt))
    return tuple(maps)


def place_of(progress: Progress, lesson_id: str, opened: frozenset[str] = frozenset()) -> Place:
    """The place of lesson ``lesson_id`` on the map of :func:`course_map` ``(progress, opened)``.

    Raises:
        ProgressError: an unknown lesson.
    """
    lesson = _lesson(lesson_id)
    (found,) = (p for m in course_map(progress, opened) if m.game == lesson.game for p in m.places
                if p.lesson == lesson.id)
    return found


# --- the JSON form ---------------------------------------------------------------------------------------------


def to_dict(progress: Progress) -> dict[str, Any]:
    """The progress as plain JSON-able data (a new dict)::

        {"v": 1,
         "lessons": {"skat.trumps": {"answers": 7, "wrong": 1, "in_a_row": 4, "mastered_on": 739582, "stars": 2}},
         "rules": {"skat.trumps": {"right": 6, "wrong": 1, "box": 0, "due": 739583}},
         "weeks": {"2026-W48": 7}}
    """
    return {
        "v": VERSION,
        "lessons": {key: vars(state).copy() for key, state in sorted(progress.lessons.items())},
        "rules": {key: vars(state).copy() for key, state in sorted(progress.rules.items())},
        "weeks": dict(sorted(progress.weeks.items())),
    }


def _int(value: Any, where: str, low: int, high: int, none: bool = False) -> Any:
    if value is None and none:
        return None
    if type(value) is not int or not low <= value <= high:
        raise ProgressError(f"{where}: not a whole number from {low} to {high}")
    return value


def _fields(data: Any, where: str, names: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise ProgressError(f"{where}: not an object")
    if set(data) != set(names):
        raise ProgressError(f"{where}: the keys must be {', '.join(names)}")
    return data


def _entries(data: Any, where: str, known: Any) -> list[tuple[str, Any]]:
    """The (key, value) pairs of a mapping of the JSON form whose key is known; unknown well-formed ids are
    dropped (a lesson or rule taken out of the path must not make a child's progress unreadable)."""
    if not isinstance(data, dict):
        raise ProgressError(f"{where}: not an object")
    if len(data) > MAX_ENTRIES:
        raise ProgressError(f"{where}: more than {MAX_ENTRIES} entries")
    for key in data:
        if not isinstance(key, str) or len(key) > 80 or not ID_PATTERN.match(key):
            raise ProgressError(f"{where}: {str(key)[:80]!r} is no id")
    return [(key, value) for key, value in data.items() if key in known]


def _lesson_state(data: Any, where: str) -> LessonProgress:
    data = _fields(data, where, ("answers", "wrong", "in_a_row", "mastered_on", "stars"))
    answers = _int(data["answers"], f"{where}.answers", 0, MAX_COUNT)
    state = LessonProgress(answers, _int(data["wrong"], f"{where}.wrong", 0, answers),
                           _int(data["in_a_row"], f"{where}.in_a_row", 0, answers),
                           _int(data["mastered_on"], f"{where}.mastered_on", FIRST_DAY, LAST_DAY, none=True),
                           _int(data["stars"], f"{where}.stars", 0, 3))
    if state.mastered != (state.stars > 0):
        raise ProgressError(f"{where}: stars without mastery, or mastery without stars")
    return state


def _rule_state(data: Any, where: str) -> RuleProgress:
    data = _fields(data, where, ("right", "wrong", "box", "due"))
    state = RuleProgress(_int(data["right"], f"{where}.right", 0, MAX_COUNT),
                         _int(data["wrong"], f"{where}.wrong", 0, MAX_COUNT),
                         _int(data["box"], f"{where}.box", 0, len(INTERVALS) - 1, none=True),
                         _int(data["due"], f"{where}.due", FIRST_DAY, LAST_DAY + INTERVALS[-1], none=True))
    if (state.box is None) != (state.due is None) or (state.scheduled and not state.wrong):
        raise ProgressError(f"{where}: box and due go together, and only after a wrong answer")
    return state


def from_dict(data: Any) -> Progress:
    """The progress of its JSON form (:func:`to_dict`).

    Lessons and rules no longer in the path are dropped (their ids must still be well-formed).

    Raises:
        ProgressError: anything malformed, out of bounds or inconsistent (a message naming the field); never a
            ``KeyError`` or ``TypeError``.
    """
    data = _fields(data, "progress", ("v", "lessons", "rules", "weeks"))
    if type(data["v"]) is not int or data["v"] != VERSION:
        raise ProgressError(f"v: not version {VERSION}")
    lessons = {key: _lesson_state(value, f"lessons.{key}")
               for key, value in _entries(data["lessons"], "lessons", LESSONS)}
    rules = {key: _rule_state(value, f"rules.{key}") for key, value in _entries(data["rules"], "rules", RULES)}
    weeks_data = data["weeks"]
    if not isinstance(weeks_data, dict) or len(weeks_data) > KEEP_WEEKS:
        raise ProgressError(f"weeks: not an object of at most {KEEP_WEEKS} weeks")
    weeks = {}
    for key, value in weeks_data.items():
        found = _WEEK.match(key) if isinstance(key, str) else None
        if not found or not 1 <= int(found.group(2)) <= 53:
            raise ProgressError(f"weeks: {str(key)[:20]!r} is no ISO week")
        weeks[key] = _int(value, f"weeks.{key}", 0, MAX_COUNT)
    return Progress(MappingProxyType(lessons), MappingProxyType(rules), MappingProxyType(dict(sorted(weeks.items()))))


__all__ = [
    "FIRST_DAY", "INTERVALS", "IN_PROGRESS", "KEEP_WEEKS", "LAST_DAY", "LOCKED", "MASTERED", "OPEN",
    "WEEKLY_GOAL", "LessonProgress", "PathMap", "Place", "Progress", "ProgressError", "ReviewItem", "RuleProgress",
    "Week", "answered", "completed", "course_map", "day_number", "due_rules", "from_dict", "iso_week",
    "mistake_items", "place_of", "reviewed", "rule_to_practise", "to_dict", "weekly",
]
