"""Fair scoring in the live classroom (issue 37, section 2): points with "right answers only" and with "speed
counts", with and without a countdown, and the round's state for a child with more time
(webapp.classroom.scores.points, webapp.classroom.seats.answers_state)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from webapp.classroom import scores
from webapp.classroom.seats import CLOSED, OPEN, WAITING, answers_state

START = datetime(2026, 11, 28, 9, 0, 0)


@pytest.mark.parametrize("seconds", [0, 5, 19.9, 20, 400])
def test_right_answers_only_scores_no_speed(seconds):
    assert scores.points(True, seconds, 20, speed_bonus=False) == scores.FULL
    assert scores.points(False, seconds, 20, speed_bonus=False) == 0


@pytest.mark.parametrize(("seconds", "expected"), [(0, 1000), (5, 875), (10, 750), (20, 500), (45, 500)])
def test_speed_counts_from_1000_down_to_500_at_the_deadline_and_after_it(seconds, expected):
    # 1000 * (1 - t / 2T) with T = 20; a child with more time answering after the countdown gets the slowest, 500
    assert scores.points(True, seconds, 20, speed_bonus=True) == expected
    assert scores.points(False, seconds, 20, speed_bonus=True) == 0


def test_without_a_countdown_speed_never_counts():
    assert scores.points(True, 300, 0, speed_bonus=True) == scores.FULL


def state(at_seconds: float, deadline: int | None = 10, held: bool = False, more_time: bool = False,
          round_open: bool = True, mode: str = "question", number: int = 1) -> int:
    end = START + timedelta(seconds=deadline) if deadline is not None else None
    return answers_state(mode, number, round_open, end, held, more_time, START + timedelta(seconds=at_seconds))


def test_a_round_with_a_countdown_closes_at_its_deadline():
    assert state(9.9) == OPEN and state(10) == CLOSED
    assert state(5, round_open=False) == CLOSED  # the teacher stopped the answers
    assert state(5, mode="lobby") == CLOSED and state(5, number=0) == CLOSED


def test_the_countdown_off_stays_open_until_the_teacher_stops():
    assert state(3600, deadline=None) == OPEN
    assert state(3600, deadline=None, round_open=False) == CLOSED


def test_more_time_keeps_the_round_open_for_that_child_and_the_class_waits():
    assert state(30, held=True, more_time=True) == OPEN
    assert state(30, held=True) == WAITING  # the others: no solution yet
    assert state(30, held=True, more_time=True, round_open=False) == CLOSED  # until the teacher stops
    assert state(30, held=False, more_time=True) == CLOSED  # nobody holds the round: more time taken back
    assert state(5, held=True) == OPEN  # before the deadline everybody answers
