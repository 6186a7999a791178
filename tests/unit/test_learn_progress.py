"""A learner's progress (issue 36, webapp/learn/progress.py): mastery and stars, the Leitner review ladder (1, 3
and 7 days; Leitner 1972), the weekly goal, the map, and the JSON form that rejects forged data."""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.learn import progress as pg
from webapp.learn.path import LESSONS, PATHS, RULES, get
from webapp.learn.progress import (IN_PROGRESS, LOCKED, MASTERED, OPEN, Progress, ProgressError, answered, completed,
                                   course_map, day_number, due_rules, from_dict, iso_week, mistake_items, reviewed,
                                   to_dict, weekly)

MONDAY = date(2026, 11, 23).toordinal()  # ISO week 2026-W48
DRILLED = [lesson for lesson in LESSONS.values() if lesson.practice.drills]
PLAYED = [lesson for lesson in LESSONS.values() if not lesson.practice.drills]


def answers(progress: Progress, lesson: str, results: str, day: int = MONDAY, rule: str | None = None) -> Progress:
    """``results`` is a string of ``r`` (right) and ``w`` (wrong), answered in turn."""
    for result in results:
        progress = answered(progress, lesson, rule or get(lesson).main_rule, result == "r", day)
    return progress


# --- mastery and stars -------------------------------------------------------------------------------------------


def test_four_right_in_a_row_master_a_lesson_with_three_stars_when_nothing_was_wrong():
    progress = answers(Progress(), "skat.trumps", "rrr")
    assert not progress.lesson("skat.trumps").mastered and progress.lesson("skat.trumps").in_a_row == 3
    progress = answers(progress, "skat.trumps", "r")
    state = progress.lesson("skat.trumps")
    assert state.mastered and state.mastered_on == MONDAY and state.stars == 3 and state.answers == 4


def test_stars_two_within_one_round_one_later_and_they_stay():
    assert answers(Progress(), "skat.trumps", "wrrrr").lesson("skat.trumps").stars == 2  # 5 answers, round of 6
    assert answers(Progress(), "skat.trumps", "rrwrrrr").lesson("skat.trumps").stars == 1  # 7 answers
    later = answers(answers(Progress(), "skat.trumps", "rrrr"), "skat.trumps", "www")
    assert later.lesson("skat.trumps").stars == 3 and later.lesson("skat.trumps").mastered
    assert later.lesson("skat.trumps").in_a_row == 0 and later.lesson("skat.trumps").wrong == 3


def test_a_wrong_answer_breaks_the_run():
    progress = answers(Progress(), "skat.trumps", "rrrwrr")
    assert progress.lesson("skat.trumps").in_a_row == 2 and not progress.lesson("skat.trumps").mastered


def test_a_played_lesson_is_done_with_three_stars_and_a_quiz_lesson_cannot_be_marked_done():
    progress = completed(Progress(), "skat.table", MONDAY)
    assert progress.lesson("skat.table").stars == 3 and progress.lesson("skat.table").mastered_on == MONDAY
    assert completed(progress, "skat.table", MONDAY + 5) == progress
    for quiz_lesson in ("skat.cards", "skat.trumps"):  # skat.cards has its items since the card points kind
        with pytest.raises(ProgressError, match="mastered by its items"):
            completed(Progress(), quiz_lesson, MONDAY)
    for bad in (("skat.nope", "skat.trumps"), ("skat.trumps", "skat.nope")):
        with pytest.raises(ProgressError, match="unknown"):
            answered(Progress(), *bad, True, MONDAY)
    with pytest.raises(ProgressError, match="day number"):
        answered(Progress(), "skat.trumps", "skat.trumps", True, True)


# --- the review ladder -------------------------------------------------------------------------------------------


def test_a_wrong_rule_comes_back_after_1_3_and_7_days_and_then_leaves():
    """Leitner's ladder with 1-3-7 spacing: a right review on the due day moves the rule up a box."""
    rule = "skat.follow_suit.jacks"
    progress = answered(Progress(), "skat.follow_suit", rule, False, MONDAY)
    assert (progress.rule(rule).box, progress.rule(rule).due) == (0, MONDAY + 1)
    assert due_rules(progress, MONDAY) == () and due_rules(progress, MONDAY + 1) == (rule,)
    progress = reviewed(progress, rule, True, MONDAY)  # right, but not due yet: counted, not moved
    assert (progress.rule(rule).box, progress.rule(rule).due, progress.rule(rule).right) == (0, MONDAY + 1, 1)
    progress = reviewed(progress, rule, True, MONDAY + 1)
    assert (progress.rule(rule).box, progress.rule(rule).due) == (1, MONDAY + 4)
    progress = reviewed(progress, rule, True, MONDAY + 6)  # late is fine: the next interval counts from today
    assert (progress.rule(rule).box, progress.rule(rule).due) == (2, MONDAY + 13)
    progress = reviewed(progress, rule, True, MONDAY + 13)
    assert not progress.rule(rule).scheduled and progress.rule(rule).due is None
    assert (progress.rule(rule).right, progress.rule(rule).wrong) == (4, 1)


def test_a_wrong_review_goes_back_to_one_day():
    rule = "skat.trumps"
    progress = answered(Progress(), "skat.trumps", rule, False, MONDAY)
    progress = reviewed(reviewed(progress, rule, True, MONDAY + 1), rule, False, MONDAY + 2)
    assert (progress.rule(rule).box, progress.rule(rule).due) == (0, MONDAY + 3)


def test_due_rules_come_oldest_first():
    progress = answered(Progress(), "skat.tricks", "skat.trick.order", False, MONDAY + 2)
    progress = answered(progress, "skat.trumps", "skat.trumps", False, MONDAY)
    progress = answered(progress, "skat.tricks", "skat.trick.winner", False, MONDAY)
    assert due_rules(progress, MONDAY + 10) == ("skat.trick.winner", "skat.trumps", "skat.trick.order")


def test_practise_my_mistakes_gives_items_of_the_due_rules_from_a_lesson_that_teaches_them():
    progress = answered(Progress(), "skat.follow_suit", "skat.follow_suit.jacks", False, MONDAY)
    progress = answered(progress, "tichu.bombs", "tichu.bombs", False, MONDAY)
    assert mistake_items(progress, MONDAY, 7) == ()
    items = mistake_items(progress, MONDAY + 1, 7, count=5)
    assert [item.rule for item in items] == ["skat.follow_suit.jacks", "tichu.bombs"] * 2 + ["skat.follow_suit.jacks"]
    assert {(item.rule, item.lesson) for item in items} == {("skat.follow_suit.jacks", "skat.follow_suit"),
                                                            ("tichu.bombs", "tichu.bombs")}
    assert mistake_items(progress, MONDAY + 1, 7, count=5) == items  # reproducible
    assert len({json.dumps(item.question.to_json(), sort_keys=True) for item in items}) == 5
    after = reviewed(progress, "tichu.bombs", False, MONDAY + 1)  # a new answer gives new items
    assert mistake_items(after, MONDAY + 2, 7)[1].question != items[1].question


DAY_STEPS = st.integers(0, 9)


@given(st.lists(st.tuples(DAY_STEPS, st.booleans()), min_size=1, max_size=40))
def test_a_wrong_rule_stays_until_reviewed_right_three_times_over_eleven_days(steps):
    """The schedule never loses a rule answered wrong before three right reviews, 1 + 3 + 7 days apart at least."""
    rule, progress, day = "skat.trumps", Progress(), MONDAY
    last_wrong, rights_since = None, 0
    for gap, correct in steps:
        day += gap
        progress = reviewed(progress, rule, correct, day)
        if not correct:
            last_wrong, rights_since = day, 0
        else:
            rights_since += 1
        state = progress.rule(rule)
        if last_wrong is not None and not state.scheduled:
            assert rights_since >= 3 and day - last_wrong >= 11
        if state.scheduled:
            assert last_wrong is not None and state.due > day - 7 and state.box in (0, 1, 2)
        if last_wrong is None:
            assert not state.scheduled


# --- the weekly goal ---------------------------------------------------------------------------------------------


def test_the_weekly_goal_counts_the_iso_week_and_a_missed_week_changes_nothing():
    progress = answers(Progress(), "skat.trumps", "rrrrr", MONDAY + 6)  # Sunday of 2026-W48
    progress = answers(progress, "skat.trumps", "rw", MONDAY + 7)  # Monday of 2026-W49
    assert weekly(progress, MONDAY) == pg.Week("2026-W48", 5, 20)
    assert weekly(progress, MONDAY + 8, goal=2).reached
    missed = weekly(progress, MONDAY + 21)  # nothing answered for two weeks
    assert (missed.done, missed.reached) == (0, False)
    assert progress.lesson("skat.trumps").stars == 3 and progress.lesson("skat.trumps").mastered


def test_iso_weeks_and_day_numbers():
    assert iso_week(date(2021, 1, 1).toordinal()) == "2020-W53"
    assert iso_week(date(2026, 12, 28).toordinal()) == "2026-W53"
    assert day_number(datetime(2026, 11, 23, 23, 59)) == day_number(date(2026, 11, 23)) == MONDAY


def test_only_the_last_weeks_are_kept():
    progress = Progress()
    for week in range(pg.KEEP_WEEKS + 5):
        progress = answered(progress, "skat.trumps", "skat.trumps", True, MONDAY + 7 * week)
    assert len(progress.weeks) == pg.KEEP_WEEKS and iso_week(MONDAY) not in progress.weeks


# --- the map -----------------------------------------------------------------------------------------------------


def test_a_new_learner_sees_each_path_open_at_its_first_lesson():
    for path_map in course_map(Progress()):
        states = [place.state for place in path_map.places]
        assert states == [OPEN] + [LOCKED] * (len(states) - 1)
        assert path_map.next == PATHS[path_map.game][0].id


def test_mastering_a_lesson_opens_the_next_one():
    progress = answers(Progress(), "skat.cards", "rrrr")
    progress = answers(progress, "skat.trumps", "rrw")
    skat = course_map(progress)[0]
    assert [(p.lesson, p.state, p.stars) for p in skat.places[:4]] == [
        ("skat.cards", MASTERED, 3), ("skat.trumps", IN_PROGRESS, 0), ("skat.follow_suit", LOCKED, 0),
        ("skat.tricks", LOCKED, 0)]
    assert skat.next == "skat.trumps"
    skat = course_map(answers(progress, "skat.trumps", "rrrr"))[0]
    assert skat.places[2].state == OPEN and skat.next == "skat.follow_suit"


def _apply(progress: Progress, op: tuple) -> Progress:
    what, lesson, rule_at, correct, day = op
    if what == "answer":
        return answered(progress, lesson.id, lesson.rules[rule_at % len(lesson.rules)], correct, day)
    if what == "review":
        return reviewed(progress, lesson.rules[rule_at % len(lesson.rules)], correct, day)
    return completed(progress, lesson.id, day) if not lesson.practice.drills else progress


OPS = st.lists(st.tuples(st.sampled_from(["answer", "answer", "answer", "review", "complete"]),
                         st.sampled_from(list(LESSONS.values())), st.integers(0, 3), st.booleans(),
                         st.integers(MONDAY, MONDAY + 60)), max_size=80)


def _progress(ops: list) -> Progress:
    progress = Progress()
    for op in sorted(ops, key=lambda op: op[4]):
        progress = _apply(progress, op)
    return progress


@given(OPS)
def test_the_map_has_exactly_one_next_lesson_on_each_unfinished_path(ops):
    for path_map in course_map(_progress(ops)):
        states = {place.lesson: place.state for place in path_map.places}
        unfinished = [place.lesson for place in path_map.places if place.state != MASTERED]
        assert path_map.next == (unfinished[0] if unfinished else None)
        if path_map.next is not None:
            assert states[path_map.next] in (OPEN, IN_PROGRESS)
        for place in path_map.places:
            assert (place.stars > 0) == (place.state == MASTERED) and 0 <= place.stars <= 3


# --- the JSON form -----------------------------------------------------------------------------------------------


@given(OPS)
def test_the_json_form_round_trips(ops):
    progress = _progress(ops)
    data = json.loads(json.dumps(to_dict(progress)))
    assert from_dict(data) == progress and to_dict(from_dict(data)) == to_dict(progress)


def _valid() -> dict:
    progress = answers(answers(Progress(), "skat.cards", "rrrr"), "skat.trumps", "wrrrr")
    return to_dict(progress)


@pytest.mark.parametrize("change, problem", [
    (lambda d: d.pop("rules"), "keys must be"),
    (lambda d: d["lessons"]["skat.trumps"].update(extra=1), "keys must be"),
    (lambda d: d.update(v=2), "version"),
    (lambda d: d.update(v=True), "version"),
    (lambda d: d["lessons"]["skat.trumps"].update(stars=4), "stars"),
    (lambda d: d["lessons"]["skat.trumps"].update(stars=True), "stars"),
    (lambda d: d["lessons"]["skat.trumps"].update(mastered_on=None), "stars without mastery"),
    (lambda d: d["lessons"]["skat.trumps"].update(wrong=99), "wrong"),
    (lambda d: d["lessons"]["skat.trumps"].update(answers="5"), "answers"),
    (lambda d: d["lessons"].update({"Skat!": {}}), "no id"),
    (lambda d: d["lessons"].update({str(n): {} for n in range(300)}), "entries"),
    (lambda d: d["rules"]["skat.trumps"].update(box=3), "box"),
    (lambda d: d["rules"]["skat.trumps"].update(due=None), "go together"),
    (lambda d: d["rules"]["skat.trumps"].update(due=10**12), "due"),
    (lambda d: d["rules"].update({"skat.trumps": [1, 2]}), "not an object"),
    (lambda d: d["weeks"].update({"2026-W60": 1}), "ISO week"),
    (lambda d: d["weeks"].update({f"20{n:02d}-W01": 1 for n in range(20)}), "at most"),
    (lambda d: d.update(weeks=[]), "weeks"),
])
def test_a_forged_dict_raises_the_documented_error_naming_the_problem(change, problem):
    data = _valid()
    change(data)
    with pytest.raises(ProgressError, match=problem):
        from_dict(data)


def test_lessons_and_rules_taken_out_of_the_path_are_dropped():
    data = _valid()
    data["lessons"]["skat.retired_lesson"] = data["lessons"]["skat.trumps"]
    data["rules"]["skat.retired_rule"] = data["rules"]["skat.trumps"]
    assert from_dict(data) == from_dict(_valid())


SCALARS = st.none() | st.booleans() | st.integers(-2, 10**13) | st.floats(allow_nan=True) | st.text(max_size=12)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                                          max_size=4), max_leaves=20)


@given(JSON)
def test_random_data_raises_only_the_documented_error(data):
    try:
        from_dict(data)
    except ProgressError:
        pass


def _paths(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,))


@given(st.data(), JSON)
def test_a_valid_dict_with_one_value_replaced_is_read_or_refused_with_the_documented_error(draw, value):
    data = _valid()
    where = draw.draw(st.sampled_from(list(_paths(data))))
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    try:
        progress = from_dict(data)
    except ProgressError:
        return
    assert from_dict(to_dict(progress)) == progress


def test_every_rule_and_lesson_of_the_path_can_be_stored():
    progress = Progress()
    for lesson in DRILLED:
        for rule in lesson.rules:
            progress = answered(progress, lesson.id, rule, False, MONDAY)
    for lesson in PLAYED:
        progress = completed(progress, lesson.id, MONDAY)
    assert set(progress.rules) <= RULES and from_dict(to_dict(progress)) == progress
