"""Properties of the Skat family rule (seed 002), checked on random hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webapp.games.skat.rules import DECK, JACKS, SUITS, Rank, family_game_value

hands = st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True)


@given(hands, st.randoms())
def test_card_order_never_changes_the_result(hand, rnd):
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    a, b = family_game_value(hand), family_game_value(shuffled)
    assert (a.value, a.trump, a.steps[:3]) == (b.value, b.trump, b.steps[:3])


@given(hands)
def test_value_is_jack_factor_times_suit_value_or_pass(hand):
    result = family_game_value(hand)
    allowed = {f * s for f in range(2, 6) for s in (9, 10, 11, 12)}
    assert result.value is None or result.value in allowed
    assert 2 <= result.jack_factor <= 5


@given(hands)
def test_playable_exactly_when_six_trumps_and_an_outside_ace(hand):
    """Checked against a direct count written independently of the engine."""
    jacks = sum(c in JACKS for c in hand)
    counts = {s: jacks + sum(c.suit is s and c.rank is not Rank.JACK for c in hand) for s in SUITS}
    best = max(counts.values())
    trump = [s for s in SUITS if counts[s] == best][0]  # SUITS is highest first
    outside_ace = any(c.rank is Rank.ACE and c.suit is not trump for c in hand)
    result = family_game_value(hand)
    assert (result.value is not None) == (best >= 6 and outside_ace)
    if result.value is not None:
        assert result.trump is trump
        assert result.value == result.jack_factor * {"C": 12, "S": 11, "H": 10, "D": 9}[trump.value]


@given(hands)
def test_every_explanation_ends_in_a_value_or_a_pass(hand):
    result = family_game_value(hand)
    assert result.steps[-1].code == ("skat.verdict.pass" if result.is_pass else "skat.value")
