"""Property tests over random deals of the real 56-card deck (Tichu rulebook).

Facts checked come from the rules, not from the engine: card points add up to
100; suits never change whether a suitless reading is legal except by making a
bomb; no non-bomb beats a bomb; a straight flush beats every four of a kind;
bots only make legal moves and a trick always ends.
"""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.tichu.rules import ACE, DOG, TichuCard, TichuSuit, bombs, deck, judge, readings
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
