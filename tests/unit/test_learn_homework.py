"""The teacher's report of a homework (issue 36, part 2; webapp/learn/homework.py) from constructed rows: right and
wrong per child and rule, lessons done, rules mastered, the hardest rule first (ties), a child with no answers;
and the teacher's settings (lessons, a deadline 1 to 60 days ahead)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from webapp.learn import homework
from webapp.learn.homework import CountRow, MemberRow, build_report, read_settings, report_csv, rule_mastered
from webapp.learn.path import get
from webapp.learn.progress import Progress, answered

DAY = date(2026, 11, 27).toordinal()
LESSONS = ("skat.trumps", "skat.follow_suit")  # rules: skat.trumps, skat.trumps.grand, skat.follow_suit, .jacks


def mastered(*lessons: str, wrong_rule: str | None = None) -> Progress:
    """A progress with ``lessons`` mastered (answers all right); ``wrong_rule``: one wrong answer of it first."""
    progress = Progress()
    for lesson in lessons:
        if wrong_rule is not None and wrong_rule in get(lesson).rules:
            progress = answered(progress, lesson, wrong_rule, False, DAY)
        for _ in range(get(lesson).practice.mastery):
            progress = answered(progress, lesson, get(lesson).main_rule, True, DAY)
    return progress


def test_a_child_with_no_answers_has_zeros_and_nothing_done():
    result = build_report(LESSONS, [MemberRow(1, "Ada", Progress())], [])
    (child,) = result.children
    assert child.nickname == "Ada" and child.done == (False, False) and not child.all_done
    assert set(child.rules.values()) == {(0, 0)}
    assert [r.rule for r in result.rules] == ["skat.trumps", "skat.trumps.grand", "skat.follow_suit",
                                             "skat.follow_suit.jacks"]  # nobody answered: the path's order
    assert all(r.wrong_share is None and r.mastered == 0 for r in result.rules)


def test_answers_are_counted_per_child_and_rule_and_the_hardest_rule_comes_first():
    members = [MemberRow(1, "mia", mastered("skat.trumps")), MemberRow(2, "Ben", Progress()),
               MemberRow(3, "Zoe", mastered(*LESSONS))]
    counts = [CountRow(1, "skat.trumps", 5, 1), CountRow(3, "skat.trumps", 4, 0), CountRow(2, "skat.trumps", 0, 2),
              CountRow(3, "skat.follow_suit", 1, 3), CountRow(2, "skat.follow_suit.jacks", 1, 1),
              CountRow(1, "tichu.wish", 9, 9)]  # a rule of no homework lesson: left out
    result = build_report(LESSONS, members, counts)
    assert [c.nickname for c in result.children] == ["Ben", "mia", "Zoe"]  # A to Z, whatever the case
    ben, mia, zoe = result.children
    assert (mia.rules["skat.trumps"], ben.rules["skat.trumps"], zoe.rules["skat.trumps"]) == ((5, 1), (0, 2), (4, 0))
    assert "tichu.wish" not in mia.rules
    assert (mia.done, zoe.done, ben.done) == ((True, False), (True, True), (False, False))
    by_rule = {r.rule: r for r in result.rules}
    assert (by_rule["skat.trumps"].right, by_rule["skat.trumps"].wrong) == (9, 3)
    assert by_rule["skat.follow_suit"].wrong_share == 0.75
    # 3 of 4 wrong, then 1 of 2 (0.5), then 3 of 12 (0.25), then nobody answered
    assert [r.rule for r in result.rules] == ["skat.follow_suit", "skat.follow_suit.jacks", "skat.trumps",
                                             "skat.trumps.grand"]
    assert by_rule["skat.trumps"].mastered == 2 and by_rule["skat.follow_suit"].mastered == 1


def test_ties_of_the_wrong_share_go_to_more_wrong_answers_then_the_paths_order():
    members = [MemberRow(1, "A", Progress()), MemberRow(2, "B", Progress())]
    counts = [CountRow(1, "skat.trumps", 1, 1), CountRow(2, "skat.trumps.grand", 3, 3),
              CountRow(1, "skat.follow_suit", 2, 2), CountRow(2, "skat.follow_suit", 1, 1),
              CountRow(1, "skat.follow_suit.jacks", 0, 0)]  # a row with no answers counts as none
    result = build_report(LESSONS, members, counts)
    # all answered ones 50 %: 3 wrong (grand, follow_suit), then 1 (trumps); equal wrong: the path's order
    assert [r.rule for r in result.rules] == ["skat.trumps.grand", "skat.follow_suit", "skat.trumps",
                                             "skat.follow_suit.jacks"]


def test_nicknames_that_differ_only_in_case_keep_a_stable_order():
    result = build_report(LESSONS, [MemberRow(2, "ada", Progress()), MemberRow(1, "Ada", Progress())], [])
    assert [c.nickname for c in result.children] == ["Ada", "ada"]


def test_a_rule_is_mastered_when_its_lesson_is_and_no_mistake_of_it_waits():
    assert not rule_mastered(Progress(), "skat.trumps")
    assert rule_mastered(mastered("skat.trumps"), "skat.trumps")
    waiting = mastered("skat.trumps", wrong_rule="skat.trumps.grand")
    assert waiting.rule("skat.trumps.grand").scheduled
    assert not rule_mastered(waiting, "skat.trumps.grand") and rule_mastered(waiting, "skat.trumps")


def test_the_csv_has_a_line_a_child_and_defuses_formulas():
    result = build_report(("skat.trumps",), [MemberRow(1, "=1+1", Progress())], [CountRow(1, "skat.trumps", 2, 1)])
    lines = report_csv(result).splitlines()
    assert lines[0] == ("nickname,skat.trumps done,skat.trumps right,skat.trumps wrong,skat.trumps.grand right,"
                        "skat.trumps.grand wrong")
    assert lines[1] == "'=1+1,no,2,1,0,0"


def test_an_unknown_lesson_of_a_stored_homework_is_left_out():
    result = build_report(("skat.gone", "skat.trumps"), [MemberRow(1, "A", Progress())], [])
    assert result.lessons == ("skat.trumps",) and result.children[0].done == (False,)


@pytest.mark.parametrize(("lessons", "ahead"), [((), 7), (("skat.nope",), 7), (("skat.trumps", "x" * 10_000), 7),
                                                (("skat.trumps",), 0), (("skat.trumps",), 61),
                                                (("skat.trumps",), -1), (("skat.trumps",), 3650)])
def test_settings_out_of_range_are_refused_with_a_message(lessons, ahead):
    deadline = (date.fromordinal(DAY) + timedelta(days=ahead)).isoformat()
    with pytest.raises(homework.BadHomework) as refused:
        read_settings(lessons, deadline, DAY)
    assert refused.value.step.code == ("learn.hw.error.deadline" if lessons == ("skat.trumps",)
                                       else "learn.hw.error.lessons")


@pytest.mark.parametrize("text", ["", "tomorrow", "2026-13-01", "２０２６-12-01", "2026-12-01\x00", "9" * 5000])
def test_a_deadline_that_is_no_date_is_refused(text):
    with pytest.raises(homework.BadHomework):
        read_settings(("skat.trumps",), text, DAY)


def test_good_settings_come_back_in_the_paths_order_once_each():
    deadline = (date.fromordinal(DAY) + timedelta(days=60)).isoformat()
    assert read_settings(("skat.follow_suit", "skat.trumps", "skat.trumps"), f" {deadline} ", DAY) == (
        ("skat.trumps", "skat.follow_suit"), DAY + 60)
