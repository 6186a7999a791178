"""The optimal-strategy DP against an independent brute force on reduced games.

The brute force below enumerates every ordered roll of the dice not kept
(6**n cases) and every subset of dice positions to keep, and scores the boxes
with its own few lines written from seed 004, so it shares no code with the
NumPy DP (which works on sorted multisets, one die at a time).
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys

C = y.Category


def solve_turn(final) -> float:
    """Expected value of one turn (3 rolls) when ``final(sorted dice)`` is what the last dice are worth."""

    @cache
    def roll(kept: tuple[int, ...], rolls_left: int) -> float:
        n = 5 - len(kept)
        total = sum(value(tuple(sorted(kept + r)), rolls_left) for r in itertools.product(range(1, 7), repeat=n))
        return total / 6**n

    @cache
    def value(dice: tuple[int, ...], rolls_left: int) -> float:
        best = final(dice)
        if rolls_left:
            for mask in range(32):
                kept = tuple(sorted(dice[i] for i in range(5) if mask >> i & 1))
                best = max(best, roll(kept, rolls_left - 1))
        return best

    return roll((), 2)


def bit(*categories: C) -> int:
    return sum(1 << c.index for c in categories)


def is_five(d):
    return len(set(d)) == 1


def full_house(d):
    return sorted(d.count(f) for f in set(d)) == [2, 3]


@pytest.fixture(scope="module")
def small_table():
    """The DP for every state whose free boxes lie within {Yahtzee, Chance, Sixes, Fours, Full House}."""
    within = bit(C.YAHTZEE, C.CHANCE, C.SIXES, C.FOURS, C.FULL_HOUSE)
    return {joker: ys.compute_table(joker, within=within) for joker in y.JOKER_RULES}


def test_last_turn_yahtzee_only(small_table):
    expected = solve_turn(lambda d: 50 if is_five(d) else 0)
    assert small_table[y.FORCED][bit(C.YAHTZEE), 0, 0] == pytest.approx(expected, abs=1e-9)
    # the known chance of a Yahtzee in three rolls keeping the most common face: 4.6029 %
    assert expected / 50 == pytest.approx(0.046029, abs=1e-6)


def test_last_turn_chance_only(small_table):
    expected = solve_turn(lambda d: sum(d))
    assert small_table[y.FORCED][bit(C.CHANCE), 40, 0] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("upper", [0, 45, 57, 63])
def test_last_turn_sixes_with_the_upper_bonus(small_table, upper):
    def final(d):
        points = 6 * d.count(6)
        return points + (35 if upper < 63 <= upper + points else 0)

    assert small_table[y.FORCED][bit(C.SIXES), upper, 0] == pytest.approx(solve_turn(final), abs=1e-9)


@pytest.mark.parametrize("joker", y.JOKER_RULES)
def test_two_turns_with_joker_and_yahtzee_bonus(small_table, joker):
    """Fours and Full House free, 50 in the Yahtzee box: a Yahtzee earns 100 and is a joker."""

    def last(box):
        def final(d):
            bonus = 100 if is_five(d) else 0
            if box is C.FOURS:
                return 4 * d.count(4) + bonus
            # Fours and every other upper box are filled: a Yahtzee is a joker worth 25 here
            return (25 if full_house(d) or is_five(d) else 0) + bonus
        return final

    after_fours, after_fh = solve_turn(last(C.FULL_HOUSE)), solve_turn(last(C.FOURS))

    def first(d):
        bonus = 100 if is_five(d) else 0
        fours = 4 * d.count(4) + bonus + after_fours
        fh = (25 if full_house(d) else 0) + bonus + after_fh
        if not is_five(d):
            return max(fours, fh)
        joker_fh = 25 + bonus + after_fh
        if d[0] == 4:  # the matching upper box is free
            return fours if joker == y.FORCED else max(fours, fh)  # free: no joker value yet
        # the matching upper box is filled: forced sends it to the free lower box at full value
        return joker_fh if joker == y.FORCED else max(fours, joker_fh)

    expected = solve_turn(first)
    assert small_table[joker][bit(C.FOURS, C.FULL_HOUSE), 0, 1] == pytest.approx(expected, abs=1e-9)


def test_unreachable_states_are_not_computed(small_table):
    table = small_table[y.FORCED]
    assert np.isnan(table[ys.ALL_FREE, 0, 0])  # outside the reduced game


def test_keep_probabilities_sum_to_one():
    ones = ys.expected_keeps(np.ones((ys.N_OUT, 1)))
    assert np.allclose(ones, 1.0)
    assert ys.P_FIRST.sum() == pytest.approx(1.0) and ys.N_KEEPS == 462 and ys.N_OUT == 252


def test_reachable_upper_totals():
    assert ys.reachable_upper_totals(0) == [0]
    assert ys.reachable_upper_totals(0b100000) == [0, 6, 12, 18, 24, 30]


# --- property tests on whole games ----------------------------------------------------------

@settings(max_examples=examples(80), deadline=None)
@given(data=st.data(), joker=st.sampled_from(y.JOKER_RULES))
def test_random_games_keep_the_score_consistent(data, joker):
    card = y.Scorecard.empty()
    dice_st = st.tuples(*[st.integers(1, 6)] * 5)
    while not card.is_complete:
        dice = data.draw(st.one_of(dice_st, st.integers(1, 6).map(lambda f: (f,) * 5)))
        for option in y.options(dice, card, joker):
            assert option.points >= 0 and option.box_points >= 0
        legal = y.legal_categories(dice, card, joker)
        assert legal, "a legal box always exists"
        category = data.draw(st.sampled_from(legal))
        before = card.total
        card = card.place(category, dice, joker)
        assert card.total >= before
        boxes = card.as_dict()
        upper = sum(p for c, p in boxes.items() if c.is_upper)
        assert card.total == sum(boxes.values()) + (35 if upper >= 63 else 0) + 100 * card.yahtzee_bonuses
    assert card.total <= 1575  # the highest possible Yahtzee score
