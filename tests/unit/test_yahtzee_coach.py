"""The coach and the full optimal strategy (the table is computed once a test session)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import coach
from webapp.games.yahtzee import strategy as ys

C = y.Category


def test_the_whole_game_is_worth_254_5877(yahtzee_strategy):
    # the optimal expected score under the forced joker rule (issue 7; Verhoeff's 254.5896 is free placement)
    assert ys.expected_score(yahtzee_strategy.table) == pytest.approx(254.5877, abs=5e-5)
    advice = coach.advise(yahtzee_strategy, y.Scorecard.empty(), None, 0)
    assert advice.steps[0].code == "yahtzee.coach.roll_first"  # in words; the number is behind "why?"
    assert advice.why[0].code == "yahtzee.coach.start" and advice.why[0]["value"] == 254.6


def test_next_roll_chances_are_exact():
    # keep three 5s, roll two dice (36 equally likely pairs)
    chances = coach.next_roll_chances((5, 5, 5), [C.YAHTZEE, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.SMALL_STRAIGHT])
    assert chances[C.YAHTZEE] == pytest.approx(float(Fraction(1, 36)))
    assert chances[C.FOUR_OF_A_KIND] == pytest.approx(float(Fraction(11, 36)))  # at least one more 5
    assert chances[C.FULL_HOUSE] == pytest.approx(float(Fraction(5, 36)))  # a pair of another face
    assert chances[C.SMALL_STRAIGHT] == 0


cards = st.lists(st.sampled_from(list(C)), unique=True, max_size=12).flatmap(
    lambda cats: st.tuples(*[st.sampled_from(sorted(y.possible_scores(c))) for c in cats]).map(
        lambda pts: y.Scorecard.from_mapping(dict(zip(cats, pts)))))
dice = st.tuples(*[st.integers(1, 6)] * 5)


@settings(max_examples=examples(60), deadline=None)
@given(card=cards, roll=dice)
def test_box_values_agree_with_the_engine(yahtzee_strategy, card, roll):
    values = yahtzee_strategy.box_values(card, roll)
    assert set(values) == set(y.legal_categories(roll, card))
    for category, value in values.items():
        after = card.place(category, roll)
        assert value == pytest.approx(after.total + yahtzee_strategy.future(after))


@settings(max_examples=examples(40), deadline=None)
@given(card=cards, roll=dice, rolled=st.sampled_from([1, 2]))
def test_advice_is_sorted_and_keeping_all_five_means_placing(yahtzee_strategy, card, roll, rolled):
    advice = coach.advise(yahtzee_strategy, card, roll, rolled)
    values = [c.value for c in advice.choices]
    assert values == sorted(values, reverse=True) and advice.choices[0].best
    keep_all = yahtzee_strategy.keep_values(card, roll, rolled)[tuple(sorted(roll))]
    place_now = max(yahtzee_strategy.box_values(card, roll).values())
    if rolled == 2:  # keeping all five before the last roll is placing them
        assert keep_all == pytest.approx(place_now)
    else:  # before the second roll it still leaves the third roll open
        assert keep_all >= place_now - 1e-9
    assert advice.steps[0].code.startswith("yahtzee.coach.")


def test_the_coach_keeps_a_four_of_a_kind_draw_and_explains_it(yahtzee_strategy):
    advice = coach.advise(yahtzee_strategy, y.Scorecard.empty(), (6, 6, 6, 1, 2), 1)
    assert advice.best.keep == (6, 6, 6)
    codes = [s.code for s in advice.steps]
    assert codes[0] == "yahtzee.coach.keep" and "yahtzee.coach.aim" in codes
    assert "yahtzee.coach.chance" in [s.code for s in advice.why]


def test_last_roll_with_a_yahtzee_goes_to_the_yahtzee_box(yahtzee_strategy):
    advice = coach.advise(yahtzee_strategy, y.Scorecard.empty(), (3, 3, 3, 3, 3), 3)
    assert advice.best.category is C.YAHTZEE and advice.best.points == 50
    assert all(c.keep is None for c in advice.choices)


def test_the_coach_counts_the_yahtzee_bonus_chance(yahtzee_strategy):
    card = y.parse_card("yahtzee=50,3kind=20,4kind=0")
    advice = coach.advise(yahtzee_strategy, card, (6, 6, 6, 6, 1), 1)
    assert advice.best.keep == (6, 6, 6, 6)
    named = {s["category"]: s["percent"] for s in advice.why if s.code == "yahtzee.coach.chance"}
    assert named[C.YAHTZEE] == round(100 / 6, 1)  # one die must show a 6


#: Parameters that carry the coach's numbers: never in the words a child reads first (issue 33).
NUMBERS = {"value", "margin", "percent"}


@settings(max_examples=examples(40), deadline=None)
@given(card=cards, roll=dice, rolled=st.sampled_from([1, 2, 3]))
def test_the_advice_speaks_in_words_and_rates_every_choice(yahtzee_strategy, card, roll, rolled):
    """The steps name what to do without expected scores, margins or percentages; those are in ``why``.
    Every choice is rated: the best one "best", one within GOOD_MARGIN points "good", the others "not so good"."""
    if card.is_complete:
        return
    advice = coach.advise(yahtzee_strategy, card, roll, rolled)
    assert all(not NUMBERS & {name for name, _ in step.params} for step in advice.steps), advice.steps
    assert advice.why and advice.why[0]["value"] == round(advice.best.value, 1)
    top = advice.choices[0].value
    assert advice.choices[0].rating is coach.Rating.BEST
    for choice in advice.choices[1:]:
        wanted = coach.Rating.GOOD if top - choice.value <= coach.GOOD_MARGIN else coach.Rating.NOT_SO_GOOD
        assert choice.rating is wanted and not choice.best


def test_ratings_in_stars():
    assert [r.stars for r in coach.Rating] == [3, 2, 1]
    assert coach.rate(250.0, 251.5) is coach.Rating.GOOD and coach.rate(240.0, 251.5) is coach.Rating.NOT_SO_GOOD
    assert coach.rate(251.5, 251.5, best=True) is coach.Rating.BEST
