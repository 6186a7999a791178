"""Property tests over random deals of the real 56-card deck (Tichu rulebook).

Facts checked come from the rules, not from the engine: card points add up to
100; suits never change whether a suitless reading is legal except by making a
bomb; no non-bomb beats a bomb; a straight flush beats every four of a kind;
bots only make legal moves and a trick always ends.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import RuleViolation
from webapp.games.tichu.round import Play, position
from webapp.games.tichu.round_plays import combo_key
from webapp.games.tichu.rules import (ACE, DOG, DRAGON, PHOENIX, TichuCard, TichuSuit, bombs, deck, judge, parse_play,
                                      readings)
from webapp.games.tichu.trick import ROUND_POINTS, Trick, bot_move, card_points

DECK = deck()
#: No per-example deadline: the machine running CI may be busy (timings live in benchmarks, not tests).
RELAXED = settings(deadline=None)
deals = st.permutations(range(len(DECK))).map(lambda order: tuple(tuple(DECK[i] for i in order[s::4]) for s in range(4)))
some_cards = st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=8).map(tuple)


@RELAXED
@given(deals)
def test_card_points_of_every_deal_add_up_to_100(hands):
    assert sum(card_points(h) for h in hands) == ROUND_POINTS
    assert sorted(map(len, hands)) == [14] * 4


@RELAXED
@given(some_cards, some_cards, st.data())
def test_a_legal_play_stays_legal_when_shuffled(previous, play, data):
    if set(previous) & set(play) or not readings(previous):
        return
    shuffled = tuple(data.draw(st.permutations(play)))
    assert judge(previous, shuffled).legal == judge(previous, play).legal


@RELAXED
@given(some_cards, some_cards)
def test_no_non_bomb_beats_a_bomb(previous, play):
    table = readings(previous)
    mine = readings(play)
    if table and mine and table[0].is_bomb and not mine[0].is_bomb:
        assert not judge(previous, play).legal


@RELAXED
@given(st.integers(2, ACE - 4), st.integers(5, 13), st.sampled_from(list(TichuSuit)), st.integers(2, ACE))
def test_every_straight_flush_beats_every_four_of_a_kind(low, length, suit, four):
    high = min(ACE, low + length - 1)
    flush = tuple(TichuCard(r, suit) for r in range(low, high + 1))
    quad = tuple(TichuCard(four, s) for s in TichuSuit)
    assert judge(quad, flush).legal and not judge(flush, quad).legal
    assert readings(flush)[0].is_straight_flush


@RELAXED
@given(some_cards)
def test_without_suit_letters_there_is_no_straight_flush(cards):
    plain = tuple(TichuCard(c.rank) for c in cards)
    if len(set(plain)) == len(plain) or all(c.is_natural for c in plain):
        assert not any(r.is_straight_flush for r in readings(plain))


@RELAXED
@given(deals)
def test_bombs_found_in_a_hand_are_bombs_from_that_hand(hands):
    for hand in hands:
        for bomb in bombs(hand):
            assert bomb.is_bomb and set(bomb.cards) <= set(hand)


@settings(max_examples=examples(25), deadline=None)
@given(deals, st.integers(0, 3))
def test_bots_play_a_whole_trick_legally(hands, leader):
    trick = Trick.deal(hands, leader)
    for _ in range(60):
        if trick.is_over:
            break
        seat = trick.to_move
        move = bot_move(trick, seat)
        assert move is not None
        cards, wish = move
        if cards:
            assert trick.judge(seat, cards).legal
            trick = trick.play(seat, cards, wish=wish)
        else:
            assert trick.judge_pass(seat).legal
            trick = trick.pass_(seat)
    assert trick.is_over
    if not trick.needs_gift:
        result = trick.result()
        assert result.points == card_points(trick.cards)
        assert sum(len(h) for h in trick.hands) + len(trick.cards) == 56


@settings(max_examples=examples(60), deadline=None)
@given(deals, st.integers(2, ACE), st.data())
def test_the_wish_check_agrees_with_judging_and_passing(hands, wish, data):
    """Every play offered as fulfilling the wish holds a real card of the wished rank and is allowed;
    passing is refused exactly when such a play exists (Tichu rulebook, "Mah Jong"), or on lead: an empty
    table, or the Dog, which hands the lead on (Tichu rulebook, "Dog")."""
    from webapp.games.tichu.rules import judge_pass, lowest_fulfilling_play

    hand = hands[0]
    table_cards = data.draw(st.sampled_from([()] + [(c,) for c in hands[1]] + [b.cards for b in bombs(hands[1])]))
    offer = lowest_fulfilling_play(table_cards, hand, wish)
    offers = () if offer is None else (offer,)
    for combo in offers:
        assert any(c.rank == wish for c in combo.cards)
        assert judge(table_cards, combo.cards, wish=wish, hand=hand).legal
    on_lead = not table_cards or table_cards == (TichuCard(DOG),)
    assert judge_pass(table_cards, wish=wish, hand=hand).legal is (not offers and not on_lead)


# --- every play apply accepts is listed, and the reverse (issue 38 section 0) ----------------------------------

def _key(combo) -> tuple:
    return combo_key(combo)


def _listed_keys(state, seat: int) -> set[tuple]:
    """The combo keys of the plays :meth:`RoundState.legal_actions` lists for ``seat`` (wishes aside)."""
    keys = set()
    for action in state.legal_actions(seat):
        if isinstance(action, Play):
            combos = readings(action.cards)
            combo = next(c for c in combos if action.reading is None or c.phoenix_as == action.reading)
            keys.add(_key(combo))
    return keys


def _accepted_keys(state, seat: int) -> set[tuple]:
    """The combo keys of every subset of ``seat``'s hand, in every reading, that :meth:`RoundState.apply` accepts."""
    hand = state.hand(seat)
    keys = set()
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            combos = readings(cards)
            for combo in combos:
                try:
                    state.apply(Play(seat, cards, None, combo.phoenix_as if len(combos) > 1 else None))
                except RuleViolation:
                    continue
                keys.add(_key(combo))
    return keys


@settings(max_examples=examples(60), deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 9), st.booleans())
def test_every_play_apply_accepts_on_lead_is_listed_and_the_reverse(rnd, size, phoenix):
    """Tichu rulebook, "Phoenix": a joker for any natural rank in any combination but a bomb, also for a rank the
    player holds (``667P`` stairs from 6 6 7 7 P; the straight ``678P0`` from 6 7 8 9 10 P). The list of
    :meth:`RoundState.legal_actions` promises every combination (one a rank pattern): checked against every subset
    of the hand that :meth:`RoundState.apply` accepts, in every reading."""
    cards = [c for c in deck() if c.rank not in (PHOENIX, DOG, DRAGON)]
    rnd.shuffle(cards)
    hand = cards[:size - 1 if phoenix else size] + ([TichuCard(PHOENIX)] if phoenix else [])
    rest = cards[size:]
    state = position((hand, rest[:3], rest[3:6], rest[6:9]), leader=0)
    assert _accepted_keys(state, 0) == _listed_keys(state, 0)


@pytest.mark.parametrize("hand, play", [("6g6k7b7kP2r", "6g6k7bP"), ("6g6k7b7kP2r", "6g7b7kP"),
                                        ("6g7b8k9k0bP", "6g7b8k0bP")])
def test_the_phoenix_for_a_rank_the_player_holds_is_listed(hand, play):
    """The smallest cases of issue 38's check: the Phoenix stands for a 7 (stairs) or a 9 (straight) although
    the player holds that rank; apply accepts the play, and legal_actions lists it."""
    state = position((parse_play(hand), parse_play("3"), parse_play("4"), parse_play("5")), leader=0)
    played = parse_play(play)
    state.apply(Play(0, played))
    assert _key(readings(played)[0]) in _listed_keys(state, 0)
