"""The Yahtzee quiz kind "what does this box score?" (yahtzee_boxes).

Expected points are worked out by hand from the rules of seed 004 (an upper box scores the dice of its number;
Three and Four of a Kind and Chance the sum of all dice when the pattern is there; Full House 25, Small Straight
30, Large Straight 40, Yahtzee 50; 0 without the pattern, and a Yahtzee is no Full House by itself; 63 or more in
the upper boxes give a bonus of 35), never from the kind.
"""

from __future__ import annotations

import random

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import RuleInputError
from webapp.games.yahtzee import quiz_boxes
from webapp.quiz.kinds import DIFFICULTIES


def box(dice: str, name: str) -> dict:
    return {"dice": [int(d) for d in dice], "box": name, "upper": []}


def upper(*points: int) -> dict:
    return {"dice": [], "box": "", "upper": list(points)}


BOX_CASES = [
    ("44124", "fours", 12),  # three fours: 3 x 4
    ("44124", "sixes", 0),  # no six
    ("44456", "3kind", 23),  # three fours: all dice count, 4+4+4+5+6
    ("44446", "3kind", 22),  # four of a kind is three of a kind too
    ("44456", "4kind", 0),  # only three the same
    ("44555", "fullhouse", 25),
    ("66666", "fullhouse", 0),  # a Yahtzee is no Full House by itself (no joker on an empty card)
    ("23455", "small", 30),
    ("12346", "large", 0),  # four in a row is no Large Straight
    ("12345", "large", 40),
    ("33333", "yahtzee", 50),
    ("12256", "chance", 16),
]


@pytest.mark.parametrize("dice, name, points", BOX_CASES)
def test_box_points_hand_worked(dice, name, points):
    question = box(dice, name)
    assert quiz_boxes.solve(question) == {"points": points}
    assert quiz_boxes.check(question, {"points": points}).correct
    checked = quiz_boxes.check(question, {"points": points + 1})
    assert not checked.correct
    assert checked.steps[checked.wrong_step].code.startswith(("yahtzee.score.", "yahtzee.miss."))


def test_the_upper_bonus_at_63():
    assert quiz_boxes.solve(upper(3, 6, 9, 12, 15, 18)) == {"upper_total": 63 + 35}  # three of each: 63
    assert quiz_boxes.solve(upper(3, 6, 9, 12, 15, 12)) == {"upper_total": 57}  # two sixes only: no bonus
    forgot = quiz_boxes.check(upper(3, 6, 9, 12, 15, 18), {"upper_total": 63})
    assert forgot.steps[forgot.wrong_step].code == "yahtzee.quiz.upper.bonus"
    added = quiz_boxes.check(upper(3, 6, 9, 12, 15, 12), {"upper_total": 57 + 35})
    assert added.steps[added.wrong_step].code == "yahtzee.quiz.upper.no_bonus"
    summed = quiz_boxes.check(upper(3, 6, 9, 12, 15, 12), {"upper_total": 58})
    assert summed.steps[summed.wrong_step].code == "yahtzee.quiz.upper.sum"


def test_each_question_asks_its_own_field():
    assert [f.name for f in quiz_boxes.fields_for(box("12345", "large"))] == ["points"]
    assert [f.name for f in quiz_boxes.fields_for(upper(3, 6, 9, 12, 15, 18))] == ["upper_total"]


@pytest.mark.parametrize("bad", [box("1234", "large"), box("123457", "large"), box("12345", "nope"),
                                 box("12340", "large"), upper(3, 6, 9, 12, 15), upper(3, 6, 9, 12, 15, 19),
                                 upper(3, 6, 9, 12, 15, 36), {**upper(3, 6, 9, 12, 15, 18), "box": "aces"},
                                 upper(True, 6, 9, 12, 15, 18)])
def test_a_malformed_question_is_a_rule_input_error(bad):
    with pytest.raises(RuleInputError):
        quiz_boxes.BoxQuestion.from_json(bad)


@settings(max_examples=examples(100))
@given(st.sampled_from(DIFFICULTIES), st.integers(0, 2**32))
def test_every_generated_question_is_right_with_its_answer_and_wrong_with_another(difficulty, seed):
    question = quiz_boxes.generate(random.Random(seed), difficulty)
    assert question == quiz_boxes.generate(random.Random(seed), difficulty)  # deterministic per seed
    data = question.to_json()
    assert quiz_boxes.BoxQuestion.from_json(data) == question
    right = quiz_boxes.solve(data)
    assert quiz_boxes.check(data, right).correct
    (name, value), = right.items()
    wrong = quiz_boxes.check(data, {name: value + 1})
    assert not wrong.correct and 0 <= wrong.wrong_step < len(wrong.steps)
    if difficulty == "easy":
        assert data["box"] in ("aces", "twos", "threes", "fours", "fives", "sixes", "chance")


def test_the_hard_questions_ask_the_bonus_half_the_time_and_reach_it_about_half_of_those():
    rng = random.Random("fair-yahtzee")
    questions = [quiz_boxes.generate(rng, "hard") for _ in range(400)]
    uppers = [q for q in questions if q.upper]
    assert 0.4 <= len(uppers) / len(questions) <= 0.6
    reached = sum(sum(q.upper) >= 63 for q in uppers)
    assert 0.35 <= reached / len(uppers) <= 0.65
