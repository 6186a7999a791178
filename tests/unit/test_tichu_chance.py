"""The Tichu coach's chance to go out first and its call advice (issue 38, section 1): the rulebook's stakes, the
sampling checked against an exact count, reproducibility, bounds, bad input."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from webapp.core.steps import RuleInputError
from webapp.games.tichu import chance as chance_module
from webapp.games.tichu.chance import (
    MAX_SAMPLES, THRESHOLD, ChanceStep, Estimate, _advice, _real_cards, bot_grand_calls, call_value, called,
    endgame_chance, first_out, out_first_chance, wilson,
)
from webapp.games.tichu.round import Phase, deal, position
from webapp.games.tichu.round_bots import run_bots
from webapp.games.tichu.round_plays import hand_bombs
from webapp.games.tichu.rules import deck, parse_play as p
from webapp.games.tichu.strength import hand_strength


# --- the rulebook's stakes and the advice ----------------------------------------------------------------------
def test_a_call_is_worth_its_stake_won_or_lost():
    """Tichu rulebook, "Tichu": a Tichu call scores +100 when the caller goes out first and -100 otherwise, a
    Grand Tichu call +-200; so its expected value is stake * (2p - 1)."""
    assert call_value("tichu", 1.0) == 100 and call_value("tichu", 0.0) == -100
    assert call_value("grand", 1.0) == 200 and call_value("grand", 0.0) == -200
    assert call_value("tichu", 0.5) == 0 == call_value("grand", 0.5)
    assert call_value("grand", 0.7) == pytest.approx(80)


def test_the_call_is_advised_from_half_a_chance_on():
    """The threshold comes from the expected value: calling beats not calling (0 points) when p >= 1/2."""
    assert THRESHOLD == 0.5
    grand, tichu = p("RPAK2345"), p("RPAAKKQQJJ0987")
    advised = _advice(_real_cards(grand), Estimate(hits=50, samples=100, moves=0))
    assert advised.advised and advised.call == "grand" and advised.value == 0
    assert [s.code for s in advised.steps] == [ChanceStep.CHANCE, ChanceStep.STRENGTH, ChanceStep.GRAND]
    declined = _advice(_real_cards(tichu), Estimate(hits=49, samples=100, moves=0))
    assert not declined.advised and declined.call == "tichu" and declined.value == -2
    assert declined.steps[-1].code == ChanceStep.NO_TICHU and declined.steps[-1]["value"] == 2
    assert declined.steps[-1]["threshold"] == 50
    assert declined.steps[0]["low"] <= declined.steps[0]["percent"] <= declined.steps[0]["high"]


def test_the_words_never_put_a_declined_call_at_the_threshold():
    """99 of 200 is below one half: told as 49 in 100, not rounded up to the 50 from which a call pays."""
    declined = _advice(_real_cards(p("RPAK2345")), Estimate(hits=99, samples=200, moves=0))
    assert not declined.advised and declined.steps[-1]["percent"] == 49 == declined.steps[0]["percent"]


def test_no_sample_means_no_call():
    nothing = _advice(_real_cards(p("RPAK2345")), Estimate(hits=0, samples=0, moves=0))
    assert not nothing.advised and (nothing.low, nothing.high) == (0.0, 1.0)


def test_wilson_interval_known_values():
    """Wilson (1927): 0 of 10 gives 0 to 0.278; 10 of 10 gives 0.722 to 1; 5 of 10 is symmetric about 1/2."""
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    low, high = wilson(5, 10)
    assert low + high == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


# --- the sampling against an exact count ------------------------------------------------------------------------
def exact_share(hand, unseen, counts, leader):
    """Brute force: every way to lay the unseen cards with the other seats (each set of positions once, so every
    way is as likely as when they are shuffled), played out by the bots: the share in which seat 0 goes out first."""
    hits = total = 0
    seen = set()
    for order in itertools.permutations(range(len(unseen))):
        hands, key, start = [hand, (), (), ()], [], 0
        for seat in (1, 2, 3):
            chosen = order[start:start + counts[seat]]
            start += counts[seat]
            key.append(frozenset(chosen))
            hands[seat] = tuple(unseen[i] for i in sorted(chosen))
        if tuple(key) in seen:
            continue
        seen.add(tuple(key))
        first, _ = first_out(position(hands, leader))
        hits += first == 0
        total += 1
    return hits / total


@pytest.mark.parametrize(("hand", "unseen", "counts", "leader"), [
    ("A3", "RK245", (2, 2, 2, 1), 0),
    ("K33", "RA2455", (3, 2, 2, 2), 0),
    ("Kk3g3b", "RAk2g4g5g5k", (4, 2, 2, 2), 3),
])
def test_the_sampled_chance_matches_an_exact_count(hand, unseen, counts, leader):
    """The endgame's exact share (30 or 90 ways to lay the unseen cards) lies in the 95 % interval of 400 samples
    (fixed seed: the same samples on every run)."""
    exact = exact_share(p(hand), p(unseen), counts, leader)
    estimate = endgame_chance(p(hand), p(unseen), counts, leader=leader, samples=400, seed=1)
    low, high = estimate.interval
    assert estimate.samples == 400
    assert low <= exact <= high, (exact, estimate.chance)


def test_a_sure_first_out_counts_every_sample():
    """Leading with the Dragon as the last card: out first in every deal, whatever the others hold."""
    estimate = endgame_chance(p("R"), p("AA2233"), (1, 2, 2, 2), leader=0, samples=20)
    assert (estimate.hits, estimate.samples) == (20, 20)
    assert estimate.interval[1] == 1.0


# --- the states played out --------------------------------------------------------------------------------------
def test_the_call_is_made_in_the_state_played_out():
    dealt = deal(5).dealt
    grand = called(dealt, 2, 8)
    assert grand.phase is Phase.GRAND and grand.grand[2] is True and grand.calls[2] == "grand"
    assert grand.grand.count(None) == 3
    tichu = called(dealt, 1, 14, {3})
    assert tichu.phase is Phase.EXCHANGE and tichu.calls == (None, "tichu", None, "grand")
    assert tichu.grand == (False, False, False, True)
    with pytest.raises(ValueError):
        called(dealt, 1, 11)


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_first_out_is_the_one_of_the_whole_round_by_the_bots(number):
    """first_out stops the bots' play (run_bots) at the first player out, and names that player."""
    state = deal(11, number)
    finished, _ = run_bots(state)
    first, moves = first_out(state)
    assert first == finished.out[0] and 0 < moves < 500


def test_the_others_grand_tichu_calls_are_the_bots():
    dealt = (p("RPAA2345") + p("678900"),) + deal(3).dealt[1:]
    assert 0 in bot_grand_calls(dealt, 1)
    assert 0 not in bot_grand_calls(dealt, 0)


@pytest.mark.parametrize(("text", "callers", "calls"), [
    ("2345 6789 0 2 3 4 6 7", {2}, ("tichu", None, "grand", None)),  # whole deals drawn until one fits
    ("2345 6789 0 2 3 4 6 7", {1, 3}, ("tichu", "grand", None, "grand")),  # two callers
])
def test_fourteen_cards_sample_only_deals_with_the_known_grand_calls(monkeypatch, text, callers, calls):
    """With 14 cards, every deal played out gives the other seats the Grand Tichu decisions the seat saw."""
    states = []
    original = chance_module.first_out

    def spy(state, budget=500):
        states.append(state)
        return original(state, budget)

    monkeypatch.setattr(chance_module, "first_out", spy)
    result = out_first_chance(p(text), seat=0, grand_calls=callers, samples=4, seed=3)
    assert result.samples == 4 and len(states) == 4
    for state in states:
        assert state.calls == calls
        assert bot_grand_calls(state.dealt, 0) == callers
        assert state.dealt[0] == _real_cards(p(text))
        assert sorted(map(str, (c for h in state.dealt for c in h))) == sorted(map(str, deck()))


def test_seat_by_seat_every_seat_gets_its_decision_and_14_cards():
    """The way for two or three Grand Tichu callers: each seat's first 8 cards fit its decision."""
    import random

    from webapp.games.tichu.chance import _deal_seat_by_seat

    mine = _real_cards(p("2345 6789 0 2 3 4 6 7"))
    pool = [c for c in deck() if c not in mine]
    rng = random.Random(5)
    for callers in ({1, 2, 3}, {1, 3}, set()):
        found = [_deal_seat_by_seat(rng, pool, (1, 2, 3), frozenset(callers)) for _ in range(5)]
        assert any(found)  # None: a later seat found no fitting 8 cards among those left (the sample is missed)
        for hands in filter(None, found):
            assert all(len(h) == 14 for h in hands.values())
            assert bot_grand_calls((mine, hands[1], hands[2], hands[3]), 0) == callers
            assert sorted(map(str, mine + hands[1] + hands[2] + hands[3])) == sorted(map(str, deck()))


def test_suitless_cards_make_no_straight_flush_by_chance():
    """A card written without a suit stands for any card of its rank: the suits chosen form no bomb."""
    cards = _real_cards(p("23456789 0JQKA R"))
    assert len(set(cards)) == 14 and all(c in deck() for c in cards)
    assert hand_bombs(cards) == ()
    assert _real_cards(p("2g3g4g5g6g 789 0JQKA")).count(p("2g")[0]) == 1
    assert hand_bombs(_real_cards(p("2g3g4g5g6g 789 0JQKA")))  # written suits are kept


# --- properties: range, reproducibility, more samples -----------------------------------------------------------
eights = st.lists(st.sampled_from(deck()), min_size=8, max_size=8, unique=True)


@settings(max_examples=examples(6), deadline=None)
@given(cards=eights, seed=st.integers(0, 10**6))
def test_the_chance_is_a_share_in_its_interval_and_the_same_seed_repeats_it(cards, seed):
    first = out_first_chance(cards, seat=seed % 4, samples=4, seed=seed)
    assert 0.0 <= first.low <= first.chance <= first.high <= 1.0
    assert first.samples == 4 and first.call == "grand"
    again = out_first_chance(list(reversed(cards)), seat=seed % 4, samples=4, seed=seed)
    assert (again.chance, again.moves, again.steps) == (first.chance, first.moves, first.steps)


@pytest.mark.parametrize("text", ["RPAK2345", "2345789 0 QQ D 3 4 6", "AAKQ J098"])
def test_more_samples_stay_within_the_interval_of_fewer(text):
    """Fixed seeds: the chance from 60 deals lies in the 95 % interval of the first 15 (the same 15 come first)."""
    few = out_first_chance(p(text), samples=15, seed=11)
    more = out_first_chance(p(text), samples=60, seed=11)
    assert few.low <= more.chance <= few.high
    assert more.chance * 60 >= few.chance * 15  # the 15 deals are among the 60


def test_the_work_is_bounded_by_moves(monkeypatch):
    """Out of moves, the sampling stops with the deals finished so far (counted in moves, not time)."""
    monkeypatch.setattr(chance_module, "MOVES_PER_SAMPLE", 10)
    result = out_first_chance(p("RPAK2345"), samples=20)
    assert result.samples < 20 and result.moves <= 20 * 10


# --- bad input -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["RPAK234", "RPAK23456", "RPAK2345 67890"])
def test_only_8_or_14_cards(text):
    with pytest.raises(RuleInputError) as error:
        out_first_chance(p(text))
    assert error.value.step.code == "tichu.chance.error.count"


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"samples": 0}, ValueError), ({"samples": MAX_SAMPLES + 1}, ValueError), ({"seat": 4}, ValueError),
    ({"grand_calls": {0}}, ValueError), ({"grand_calls": {5}}, ValueError), ({"grand_calls": {1}}, ValueError),
])
def test_bad_arguments_are_refused(kwargs, error):
    with pytest.raises(error):
        out_first_chance(p("RPAK2345"), **kwargs)


def test_a_card_twice_is_refused():
    with pytest.raises(RuleInputError):
        out_first_chance(p("2g") + p("2g") + p("RPAK23"))


# --- the hand strength -------------------------------------------------------------------------------------------
def test_the_strength_counts_high_cards_bombs_and_plays():
    """High cards (Dragon 3, Phoenix 3, Ace 2, King 1), 4 a bomb, par less the plays of the bots' plan."""
    lone = hand_strength(p("RPAK2468"))
    assert (lone.honours, lone.bombs, lone.plays, lone.score) == (9, 0, 8, 9 + 7 - 8)
    bomb = hand_strength(p("7777 2468"))
    assert (bomb.bombs, bomb.plays, bomb.score) == (1, 5, 4 + 7 - 5)
    straight = hand_strength(p("23456789 0JQKA D"))
    assert straight.plays == 2 and straight.score == 3 + 8 - 2
    with pytest.raises(ValueError):
        hand_strength(p("RPAK23456"))


def test_the_modules_examples_hold():
    import doctest

    from webapp.games.tichu import strength

    for module in (chance_module, strength):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_every_chance_code_has_a_sentence_using_its_parameters():
    import re

    from webapp.catalogue import MESSAGES

    for code, params in chance_module.CODES.items():
        entry = MESSAGES[code]
        if isinstance(entry, tuple):
            singular, plural, count = entry
            used = set(re.findall(r"%\((\w+)\)s", singular + plural)) | {count}
        else:
            used = set(re.findall(r"%\((\w+)\)s", entry))
        assert used == set(params), code
