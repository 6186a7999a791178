"""Yahtzee rules (seed 004, which follows the official Hasbro rules): every box, both bonuses,
every case of the forced joker rule, parsing."""

from __future__ import annotations

import pytest

from webapp.games.yahtzee import rules as y
from webapp.core.steps import RuleInputError

C = y.Category


def card(text: str = "") -> y.Scorecard:
    return y.parse_card(text)


# --- every box (seed 004: "somme des dés", fixed values 25/30/40/50) -----------------------

@pytest.mark.parametrize("category, dice, points", [
    (C.ACES, "11234", 2), (C.ACES, "23456", 0), (C.TWOS, "22225", 8), (C.THREES, "33312", 9),
    (C.FOURS, "44441", 16), (C.FIVES, "12345", 5), (C.SIXES, "66666", 30), (C.SIXES, "12345", 0),
    (C.THREE_OF_A_KIND, "33345", 18), (C.THREE_OF_A_KIND, "33445", 0), (C.THREE_OF_A_KIND, "66661", 25),
    (C.FOUR_OF_A_KIND, "22226", 14), (C.FOUR_OF_A_KIND, "22266", 0), (C.FOUR_OF_A_KIND, "55555", 25),
    (C.FULL_HOUSE, "22333", 25), (C.FULL_HOUSE, "22334", 0), (C.FULL_HOUSE, "44444", 0),
    (C.SMALL_STRAIGHT, "12346", 30), (C.SMALL_STRAIGHT, "34566", 30), (C.SMALL_STRAIGHT, "23456", 30),
    (C.SMALL_STRAIGHT, "12456", 0), (C.LARGE_STRAIGHT, "12345", 40), (C.LARGE_STRAIGHT, "65432", 40),
    (C.LARGE_STRAIGHT, "12346", 0), (C.YAHTZEE, "33333", 50), (C.YAHTZEE, "33332", 0),
    (C.CHANCE, "12345", 15), (C.CHANCE, "66666", 30),
])
def test_every_box_scores_by_the_seed(category, dice, points):
    d = y.parse_dice(dice)
    assert category.score(d) == points
    assert category.matches(d) == (points > 0)
    assert (category in C.matching(d)) == (points > 0)


def test_sections():
    assert [c for c in C if c.is_upper] == [C.ACES, C.TWOS, C.THREES, C.FOURS, C.FIVES, C.SIXES]
    assert all(c.is_lower for c in C if not c.is_upper) and len(list(C)) == 13


def test_matching_lists_every_fitting_box():
    assert C.matching((1, 2, 3, 4, 5)) == (C.ACES, C.TWOS, C.THREES, C.FOURS, C.FIVES, C.SMALL_STRAIGHT,
                                          C.LARGE_STRAIGHT, C.CHANCE)


# --- bonuses ------------------------------------------------------------------------------

def test_upper_bonus_at_63_not_62():
    # 63 = three of each face (the classic target); seed: "au moins 63 ... 35 points bonus"
    full = card("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18")
    assert full.upper_score == 63 and full.upper_bonus == 35 and full.total == 98
    short = card("aces=2,twos=6,threes=9,fours=12,fives=15,sixes=18")
    assert short.upper_score == 62 and short.upper_bonus == 0 and short.total == 62


def test_upper_bonus_reached_by_a_placement_is_announced():
    before = card("aces=3,twos=6,threes=9,fours=12,fives=15")
    fives = {o.category: o for o in y.options((6, 6, 6, 1, 2), before)}
    assert fives[C.SIXES].upper_bonus_now and fives[C.SIXES].points == 18
    after = before.place(C.SIXES, (6, 6, 6, 1, 2))
    assert after.total == 63 + 35


def test_yahtzee_bonus_100_when_the_box_holds_50():
    after = card("yahtzee=50,threes=9").place(C.TWOS, (2, 2, 2, 2, 2))
    assert after.yahtzee_bonuses == 1 and after.total == 50 + 9 + 10 + 100


def test_yahtzee_bonus_counts_each_further_yahtzee():
    c = card("yahtzee=50")
    c = c.place(C.FOURS, (4,) * 5)
    c = c.place(C.SIXES, (6,) * 5)
    assert c.yahtzee_bonuses == 2 and c.yahtzee_bonus == 200
    assert c.total == 50 + 20 + 30 + 200


def test_no_yahtzee_bonus_when_the_box_holds_0():
    # seed 004: "remplir 0 pour un échec ne compte pas"
    c = card("yahtzee=0").place(C.FOURS, (4,) * 5)
    assert c.yahtzee_bonus == 0 and c.total == 20


def test_first_yahtzee_gives_no_bonus_and_may_go_anywhere():
    c = card()
    allowed = y.legal_categories((3,) * 5, c)
    assert allowed == tuple(C)
    assert c.place(C.YAHTZEE, (3,) * 5).total == 50
    assert c.place(C.CHANCE, (3,) * 5).total == 15


# --- the forced joker rule (seed 004, official rules) --------------------------------------

def test_joker_must_take_the_matching_upper_box_when_free():
    c = card("yahtzee=50")
    assert y.legal_categories((5,) * 5, c) == (C.FIVES,)
    opts = {o.category: o for o in y.options((5,) * 5, c)}
    assert opts[C.FIVES].points == 25 + 100 and opts[C.FIVES].bonus == 100
    assert not opts[C.CHANCE].allowed and opts[C.CHANCE].refusal.code == "yahtzee.joker.not_here"
    with pytest.raises(RuleInputError) as error:
        c.place(C.CHANCE, (5,) * 5)
    assert error.value.step.code == "yahtzee.joker.not_here"


def test_joker_with_upper_box_filled_goes_to_any_free_lower_box_at_full_value():
    c = card("yahtzee=50,fives=15")
    assert set(y.legal_categories((5,) * 5, c)) == {C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.FULL_HOUSE,
                                                    C.SMALL_STRAIGHT, C.LARGE_STRAIGHT, C.CHANCE}
    opts = {o.category: o for o in y.options((5,) * 5, c) if o.allowed}
    assert {k: o.box_points for k, o in opts.items()} == {
        C.THREE_OF_A_KIND: 25, C.FOUR_OF_A_KIND: 25, C.FULL_HOUSE: 25, C.SMALL_STRAIGHT: 30,
        C.LARGE_STRAIGHT: 40, C.CHANCE: 25}
    assert c.place(C.LARGE_STRAIGHT, (5,) * 5).total == 50 + 15 + 40 + 100


def test_joker_applies_also_when_the_yahtzee_box_holds_0_but_without_bonus():
    c = card("yahtzee=0,twos=4")
    opts = {o.category: o for o in y.options((2,) * 5, c) if o.allowed}
    assert C.SMALL_STRAIGHT in opts and opts[C.SMALL_STRAIGHT].points == 30 and C.TWOS not in opts


def test_joker_with_upper_box_and_all_lower_boxes_filled_takes_a_zero_upper_box():
    c = card("yahtzee=50,sixes=18,3kind=10,4kind=0,fullhouse=25,small=30,large=0,chance=20")
    assert y.legal_categories((6,) * 5, c) == (C.ACES, C.TWOS, C.THREES, C.FOURS, C.FIVES)
    after = c.place(C.ACES, (6,) * 5)
    assert after.get(C.ACES) == 0 and after.yahtzee_bonus == 100


def test_free_placement_convention():
    c = card("yahtzee=50")
    assert y.legal_categories((5,) * 5, c, y.FREE) == c.free
    opts = {o.category: o for o in y.options((5,) * 5, c, y.FREE)}
    assert opts[C.FULL_HOUSE].box_points == 0  # Fives still free: no joker value
    c2 = card("yahtzee=50,fives=10")
    assert {o.category: o for o in y.options((5,) * 5, c2, y.FREE)}[C.FULL_HOUSE].box_points == 25


def test_a_filled_box_cannot_be_used_again():
    c = card("chance=20")
    with pytest.raises(RuleInputError) as error:
        c.place(C.CHANCE, (1, 2, 3, 4, 5))
    assert error.value.step.code == "yahtzee.error.taken"


# --- explanation -----------------------------------------------------------------------------

def test_explanation_names_bonus_state_joker_and_each_free_box():
    result = y.explain((4,) * 5, card("yahtzee=50,fours=12"))
    codes = [s.code for s in result.steps]
    assert codes[:3] == ["yahtzee.state.dice", "yahtzee.state.upper_open", "yahtzee.state.yahtzee_50"]
    assert "yahtzee.bonus.yahtzee_now" in codes and "yahtzee.joker.lower" in codes
    assert sum(c.startswith("yahtzee.score") or c.startswith("yahtzee.miss") for c in codes) == 6
    upper = next(s for s in result.steps if s.code == "yahtzee.state.upper_open")
    assert upper["missing"] == 51


# --- parsing -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, code, token", [
    ("1234", "yahtzee.error.count", None), ("123457", "yahtzee.error.die", "7"), ("12a45", "yahtzee.error.die", "a"),
])
def test_bad_dice_name_the_problem(text, code, token):
    with pytest.raises(RuleInputError) as error:
        y.parse_dice(text)
    assert error.value.step.code == code and error.value.token == token


@pytest.mark.parametrize("text, code, token", [
    ("aces=7", "yahtzee.error.points", "aces=7"), ("fullhouse=20", "yahtzee.error.points", "fullhouse=20"),
    ("bananas=3", "yahtzee.error.category", "bananas"), ("aces", "yahtzee.error.item", "aces"),
    ("aces=1,aces=2", "yahtzee.error.twice", "aces=2"), ("bonus=1", "yahtzee.error.bonus", "bonus=1"),
    ("yahtzee=0,bonus=1", "yahtzee.error.bonus", "bonus=1"),
    ("aces=²", "yahtzee.error.item", "aces=²"), ("aces=٣", "yahtzee.error.item", "aces=٣"),  # only ASCII digits
])
def test_bad_cards_name_the_problem(text, code, token):
    with pytest.raises(RuleInputError) as error:
        y.parse_card(text)
    assert error.value.step.code == code and error.value.token == token


def test_card_round_trip():
    c = card("sixes=24, Three_Of_A_Kind=17,yahtzee=50,bonus=1")
    assert str(c) == "sixes=24,3kind=17,yahtzee=50,bonus=1"
    assert y.parse_card(str(c)) == c and c.total == 24 + 17 + 50 + 100
