"""The Skat family rule (seed 002 "Skat hand value", German original seed 000).

Expected values are worked out by hand from the seed's rules, never taken from
the engine's output.
"""

from __future__ import annotations

import pytest

from webapp.games.skat.rules import JACKS, Card, Rank, Suit, family_game_value, jack_run, parse_card, parse_cards, parse_hand
from webapp.core.steps import RuleInputError

SEED_CASES = [
    # seed 002, "Testcases" 1-4
    ("JC JS JD AC KC 9C AS 7H QD 8D", 36, Suit.CLUBS),
    ("JD AS 0S KS QS 9S 8S AD 8C 9C", 44, Suit.SPADES),
    ("JH JD 0S KS 9C 8C QH KH AD 9D", None, None),
    ("JD AS KS QS 0S 9S 8D 7D 0C QH", None, Suit.SPADES),
]


@pytest.mark.parametrize("hand, value, trump", SEED_CASES)
def test_seed_examples(hand, value, trump):
    """The seed's four examples: 36 Clubs, 44 Spades, pass, pass."""
    result = family_game_value(parse_hand(hand))
    assert result.value == value
    assert result.trump is trump


def test_seed_output_format():
    assert str(family_game_value(parse_hand(SEED_CASES[0][0]))) == "36 Clubs"
    assert str(family_game_value(parse_hand(SEED_CASES[2][0]))) == "pass"


# Seed 002, "The Jack Factor": every one of the 16 jack holdings (C S H D held?)
JACK_TABLE = {
    "1000": (True, 1), "1001": (True, 1), "1010": (True, 1), "1011": (True, 1),
    "1100": (True, 2), "1101": (True, 2), "1110": (True, 3), "1111": (True, 4),
    "0000": (False, 4), "0001": (False, 3), "0010": (False, 2), "0011": (False, 2),
    "0100": (False, 1), "0101": (False, 1), "0110": (False, 1), "0111": (False, 1),
}


@pytest.mark.parametrize("pattern, expected", sorted(JACK_TABLE.items()))
def test_jack_run_all_sixteen_holdings(pattern, expected):
    held = [j for j, bit in zip(JACKS, pattern) if bit == "1"]
    with_, run = jack_run(held)
    assert (with_, len(run)) == expected


def test_seed_jack_examples():
    """Seed 002 lists [1,4] -> 2, [1,2,4] -> 3, [2,3,4] -> 2, [1,2,3,4] -> 5, [] -> 5."""
    examples = {(0, 3): 2, (0, 1, 3): 3, (1, 2, 3): 2, (0, 1, 2, 3): 5, (): 5}
    for numbers, factor in examples.items():
        assert len(jack_run([JACKS[i] for i in numbers])[1]) + 1 == factor


@pytest.mark.parametrize(
    "hand, value, trump",
    [
        # all four jacks, 3 clubs, an outside ace: with 4, factor 5, 7 trumps -> 5 x 12
        ("JC JS JH JD AC 0C KC AS 7H 8D", 60, Suit.CLUBS),
        # no jack at all: without 4, factor 5; 7 clubs and the ace of spades -> 5 x 12
        ("AC 0C KC QC 9C 8C 7C AS KH QD", 60, Suit.CLUBS),
        # hearts and diamonds tie at 6 trumps: the higher suit, hearts, wins -> 5 x 10
        ("JC JS JH JD AH KH AD KD 7C 8S", 50, Suit.HEARTS),
        # without 1 (JS held, JC missing): factor 2; 6 diamonds + 2 jacks, ace of clubs -> 2 x 9
        ("JS JD AD 0D KD QD 9D 8D AC 7S", 18, Suit.DIAMONDS),
        # clubs, spades and hearts tie at 6: clubs is trump, whose only ace is the trump ace -> pass
        ("JC JS JH JD AC KC QS KS 7H 8H", None, Suit.CLUBS),
        # five trumps at most: pass, whatever the aces
        ("JC AC KC QC 9C AS AH AD 7S 8H", None, None),
    ],
)
def test_hand_values_worked_by_hand(hand, value, trump):
    result = family_game_value(parse_hand(hand))
    assert (result.value, result.trump) == (value, trump)


def test_ten_written_as_10_and_lower_case():
    assert parse_card("10s") == parse_card("0S") == Card(Rank.TEN, Suit.SPADES)
    hand = parse_hand("jc,js,jd,ac,kc,9c,as,7h,qd,8d")
    assert family_game_value(hand).value == 36


@pytest.mark.parametrize("token", ["XX", "1C", "JX", "J", "", "JCC", "11S"])
def test_unknown_card_names_the_token(token):
    with pytest.raises(RuleInputError) as info:
        parse_card(token)
    assert info.value.step.code == "skat.error.unknown"
    assert info.value.token == token.strip()


def test_duplicate_card_is_named():
    with pytest.raises(RuleInputError) as info:
        parse_cards("JC JS jc")
    assert info.value.step.code == "skat.error.duplicate"
    assert info.value.step["card"] == Card(Rank.JACK, Suit.CLUBS)


@pytest.mark.parametrize("hand, count", [("JC JS JD AC KC 9C AS 7H QD", 9), ("JC JS JD AC KC 9C AS 7H QD 8D 7D", 11)])
def test_hand_must_have_ten_cards(hand, count):
    with pytest.raises(RuleInputError) as info:
        parse_hand(hand)
    assert info.value.step.code == "skat.error.count"
    assert info.value.step["count"] == count


def test_engine_rejects_duplicates_given_as_cards():
    card = Card(Rank.ACE, Suit.CLUBS)
    with pytest.raises(RuleInputError):
        family_game_value([card] * 10)


def codes(result):
    return [s.code for s in result.steps]


def test_explanation_of_first_seed_hand():
    """Jacks, with 2, factor 3, trumps per suit, clubs chosen, ace found, 3 x 12."""
    result = family_game_value(parse_hand(SEED_CASES[0][0]))
    assert codes(result) == [
        "skat.jacks.held", "skat.jacks.with", "skat.factor.jacks",
        "skat.trumps.suit", "skat.trumps.suit", "skat.trumps.suit", "skat.trumps.suit",
        "skat.trump.choice", "skat.ace.found", "skat.value",
    ]
    jc, js, jd = (Card(Rank.JACK, s) for s in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS))
    assert result.steps[0]["jacks"] == (jc, js, jd)
    assert result.steps[1]["jacks"] == (jc, js)
    assert result.steps[2]["factor"] == 3
    # clubs: AC KC 9C + 3 jacks = 6
    assert result.steps[3]["suit"] is Suit.CLUBS and result.steps[3]["count"] == 6
    assert result.steps[8]["aces"] == (Card(Rank.ACE, Suit.SPADES),)
    assert result.steps[-1].as_dict() == {"factor": 3, "suit": Suit.CLUBS, "base": 12, "value": 36}


def test_explanation_names_the_criterion_of_a_pass():
    few = family_game_value(parse_hand(SEED_CASES[2][0]))
    assert codes(few)[-2:] == ["skat.pass.few_trumps", "skat.verdict.pass"]
    assert few.steps[-2]["count"] == 4
    no_ace = family_game_value(parse_hand(SEED_CASES[3][0]))
    assert codes(no_ace)[-2:] == ["skat.pass.no_ace", "skat.verdict.pass"]
    assert codes(no_ace)[1] == "skat.jacks.without" and no_ace.steps[1]["run"] == 3


def test_tie_is_explained():
    result = family_game_value(parse_hand("JC JS JH JD AH KH AD KD 7C 8S"))
    tie = next(s for s in result.steps if s.code == "skat.trump.tie")
    assert tie["suit"] is Suit.HEARTS and tie["others"] == (Suit.DIAMONDS,)
