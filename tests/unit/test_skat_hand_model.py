"""The hand model behind the club players' bids (webapp/games/skat/hand_model.py, issue 35)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from webapp.games.skat.hand_model import FEATURES, features, features_of_mask, win_chance
from webapp.games.skat.official import TRUMP_GAMES, GameType
from webapp.games.skat.rules import DECK, parse_cards


def test_the_features_of_a_clubs_hand():
    """JC JS AC 0C KC 7S 8S AH 0H 9D for Clubs: 5 trumps, two jacks (both black), the trump ace and ten; one side ace,
    the ten of hearts guarded by its ace; no void, one singleton (the 9 of diamonds); card points 11+10+4+2+2+11+10
    (ISkO 1.2.2) = 50."""
    named = dict(zip(FEATURES, features(parse_cards("JC JS AC 0C KC 7S 8S AH 0H 9D"), GameType.CLUBS, True)))
    assert named == {"bias": 1, "trumps": 5, "jacks": 2, "club_jack": 1, "spade_jack": 1, "trump_ace": 1,
                     "trump_ten": 1, "side_aces": 1, "side_tens_guarded": 1, "side_tens_bare": 0, "side_voids": 0,
                     "side_singletons": 1, "forehand": 1, "points_10": 5.0}


def test_grand_counts_only_the_jacks_as_trumps():
    named = dict(zip(FEATURES, features(parse_cards("JH JD AC 0C AS 7S AH 0H 9H 8H"), GameType.GRAND, False)))
    assert (named["trumps"], named["jacks"], named["trump_ace"], named["side_aces"], named["side_voids"]) == \
        (2, 2, 0, 3, 1)


def test_null_has_no_features():
    with pytest.raises(ValueError):
        features(parse_cards("7C 8C 9C 7S 8S 9S 7H 8H 7D 8D"), GameType.NULL, True)


@settings(max_examples=examples(100))
@given(st.permutations(DECK), st.sampled_from(TRUMP_GAMES), st.booleans())
def test_a_chance_is_a_probability_and_the_mask_gives_the_same_features(deck, game, forehand):
    hand = tuple(deck[:10])
    mask = sum(1 << DECK.index(c) for c in hand)
    assert features_of_mask(mask, game, forehand) == features(hand, game, forehand)
    assert 0.0 < win_chance(hand, game, forehand) < 1.0
