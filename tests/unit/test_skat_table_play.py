"""Skat trick play: following suit, the trick winner, card points (ISkO 2.3, 4.1; ISkO 1.2.2 for the points)."""

from __future__ import annotations

from itertools import permutations

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.skat.official import GameType
from webapp.games.skat.play import CardRefused, Reason, card_points, check_play, legal_cards, play_reason, trick_winner
from webapp.games.skat.rules import DECK, parse_card, parse_cards

SUIT_LETTER = {GameType.CLUBS: "C", GameType.SPADES: "S", GameType.HEARTS: "H", GameType.DIAMONDS: "D"}


def reference_trumps(game: GameType) -> list[str]:
    """ISkO 2.3: JC JS JH JD, then A 10 K Q 9 8 7 of the trump suit; Grand only the jacks; Null none."""
    if game is GameType.NULL:
        return []
    jacks = ["JC", "JS", "JH", "JD"]
    if game is GameType.GRAND:
        return jacks
    return jacks + [r + SUIT_LETTER[game] for r in ("A", "0", "K", "Q", "9", "8", "7")]


def reference_class(card: str, game: GameType) -> str:
    """The suit to follow: "T" for trump, else the printed suit letter (ISkO 2.3)."""
    return "T" if card in reference_trumps(game) else card[1]


def reference_winner(trick: list[str], game: GameType) -> int:
    """Brute force: one list from the highest card down (trumps, then the led suit); the earliest card wins."""
    led = reference_class(trick[0], game)
    plain = ["A", "K", "Q", "J", "0", "9", "8", "7"] if game is GameType.NULL else ["A", "0", "K", "Q", "9", "8", "7"]
    order = reference_trumps(game)
    if led != "T":
        order = order + [r + led for r in plain if r + led not in order]
    ranked = [order.index(c) if c in order else 99 for c in trick]
    return ranked.index(min(ranked))


@pytest.mark.parametrize("game", [GameType.CLUBS, GameType.HEARTS, GameType.GRAND, GameType.NULL])
def test_trick_winner_against_brute_force(game):
    """ISkO 2.3, 4.1.3: the highest trump wins, else the highest card of the led suit; every ordered trick."""
    names = [str(c) for c in DECK]
    for trick in permutations(names, 3):
        assert trick_winner(parse_cards(trick), game) == reference_winner(list(trick), game), trick


@pytest.mark.parametrize("cards, game, winner, points", [
    ("AH 0H 7C", GameType.CLUBS, 2, 21),      # a small trump beats the ace of the led suit
    ("AH 0H JD", GameType.GRAND, 2, 23),       # Grand: a jack is trump
    ("0S KS JS", GameType.NULL, 1, 16),        # Null: A K Q J 10 9 8 7, the king wins
])
def test_examples(cards, game, winner, points):
    """Card points A 11, 10 10, K 4, Q 3, J 2 (ISkO 1.2.2)."""
    trick = parse_cards(cards)
    assert (trick_winner(trick, game), card_points(trick)) == (winner, points)


def test_jack_is_trump_not_its_suit():
    """ISkO 2.3.1: clubs led in a hearts game: the Jack of Clubs is a trump and does not follow clubs."""
    hand = parse_cards("JC 7C AH 0S")
    assert legal_cards(hand, parse_cards("AC"), GameType.HEARTS) == parse_cards("7C")
    step = play_reason(hand, parse_cards("AC"), GameType.HEARTS, parse_card("JC"))
    assert step.code == Reason.FOLLOW_SUIT_NO_JACK


def test_must_follow_trump_when_a_jack_is_led():
    """ISkO 2.3.1: a jack led in a suit game asks for trump; the trump suit's cards follow it."""
    hand = parse_cards("7H AC 0C")
    with pytest.raises(CardRefused) as refused:
        check_play(hand, parse_cards("JD"), GameType.HEARTS, parse_card("AC"))
    assert refused.value.reason is Reason.FOLLOW_TRUMP
    assert isinstance(refused.value, RuleViolation)


def test_null_jack_follows_its_suit():
    """ISkO 2.3.3: in Null the jacks belong to their suits."""
    hand = parse_cards("JC AH")
    assert legal_cards(hand, parse_cards("7C"), GameType.NULL) == parse_cards("JC")


def test_bad_tricks():
    with pytest.raises(NotationError):
        trick_winner(parse_cards("7C 8C 9C 0C"), GameType.CLUBS)
    with pytest.raises(NotationError):
        trick_winner(parse_cards("7C") * 2, GameType.CLUBS)


games = st.sampled_from(list(GameType))


@settings(max_examples=examples(300), deadline=None)
@given(deck=st.permutations(DECK), game=games, size=st.integers(1, 10))
def test_legal_cards_follow_the_led_suit(deck, game, size):
    """ISkO 2.3: the legal set is never empty; it is exactly the hand's cards of the led class when it holds any
    (jacks count as trump, not as their suit, except in Null), else the whole hand."""
    hand, led = deck[:size], deck[size]
    names = [str(c) for c in hand]
    same = [n for n in names if reference_class(n, game) == reference_class(str(led), game)]
    legal = [str(c) for c in legal_cards(hand, (led,), game)]
    assert legal
    assert legal == (same or names)
    for card in hand:
        assert (play_reason(hand, (led,), game, card) is None) == (str(card) in legal)
