"""The words at the end of a Yahtzee and a Pokerface game (issue 33): one thing that went well, one thing to try
next time, chosen from what happened; never a bare number."""

from __future__ import annotations

import pytest

from webapp.games.pokerface import ending as poker_ending
from webapp.games.pokerface.game import Best, Exchange, Extras, Game, Next, Reveal, Toggle
from webapp.games.yahtzee import ending as yahtzee_ending
from webapp.games.yahtzee import rules as y


@pytest.mark.parametrize(("card", "good", "try_"), [
    ("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=20,4kind=20,fullhouse=0,small=30,large=40,"
     "yahtzee=50,chance=22,bonus=1", "yahtzee.end.good.yahtzee_bonus", "yahtzee.end.try.pattern"),
    ("aces=1,twos=4,threes=6,fours=8,fives=10,sixes=12,3kind=20,4kind=0,fullhouse=25,small=30,large=40,"
     "yahtzee=50,chance=22", "yahtzee.end.good.yahtzee", "yahtzee.end.try.upper_bonus"),
    ("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=25,4kind=20,fullhouse=25,small=30,large=40,"
     "yahtzee=0,chance=22", "yahtzee.end.good.strong", "yahtzee.end.try.yahtzee"),
    ("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=10,4kind=0,fullhouse=25,small=0,large=0,"
     "yahtzee=0,chance=12", "yahtzee.end.good.upper_bonus", "yahtzee.end.try.pattern"),
    ("aces=1,twos=2,threes=3,fours=4,fives=5,sixes=6,3kind=0,4kind=0,fullhouse=0,small=30,large=0,"
     "yahtzee=0,chance=12", "yahtzee.end.good.pattern", "yahtzee.end.try.upper_bonus"),
    ("aces=0,twos=0,threes=0,fours=0,fives=0,sixes=0,3kind=0,4kind=0,fullhouse=0,small=0,large=0,"
     "yahtzee=0,chance=5", "yahtzee.end.good.finished", "yahtzee.end.try.upper_bonus"),
])
def test_the_yahtzee_ending_fits_the_card(card, good, try_):
    steps = yahtzee_ending.encouragement(y.parse_card(card))
    assert [s.code for s in steps] == [good, try_]


def test_a_yahtzee_game_with_every_pattern_and_the_bonus_is_told_to_try_the_coach():
    card = y.parse_card("aces=3,twos=6,threes=9,fours=12,fives=15,sixes=18,3kind=25,4kind=20,fullhouse=25,"
                        "small=30,large=40,yahtzee=50,chance=22")
    assert [s.code for s in yahtzee_ending.encouragement(card)][1] == "yahtzee.end.try.coach"


def test_no_yahtzee_ending_before_the_end():
    assert yahtzee_ending.encouragement(y.parse_card("aces=3")) == ()


def _play(seed: str, move) -> Game:
    game = Game.new(seed)
    for number in range(10):
        game = move(game)
        if number < 9:
            game = game.apply(Next())
    return game


def _ending(game: Game):
    names = ["You", "Leo", "Mia", "Ben"]
    points, outcomes = game.scores(names)
    return poker_ending.encouragement(game, points, outcomes), points


def test_the_pokerface_ending_names_the_missed_best_five():
    """Showing the first five cards without looking: the ending points at the dots (the best five)."""
    game = _play("ending-1", lambda g: g.apply(Exchange()).apply(Extras(3))
                 .apply(Toggle(0)).apply(Toggle(1)).apply(Toggle(2)).apply(Toggle(3)).apply(Toggle(4)).apply(Reveal()))
    steps, _ = _ending(game)
    assert steps[1].code == "poker.end.try.best_five" and steps[1]["count"] >= 1
    assert steps[0].code.startswith("poker.end.good.")


def test_the_pokerface_ending_asks_for_extra_cards_when_the_child_took_none():
    game = _play("ending-2", lambda g: g.apply(Exchange()).apply(Extras(0)).apply(Best()).apply(Reveal()))
    steps, points = _ending(game)
    assert steps[1].code == "poker.end.try.extras"
    if steps[0].code == "poker.end.good.rounds":
        assert steps[0]["count"] == points[0] > 0


def test_the_pokerface_ending_asks_to_swap_when_the_child_took_three_but_never_swapped():
    game = _play("ending-3", lambda g: g.apply(Exchange()).apply(Extras(3)).apply(Best()).apply(Reveal()))
    steps, _ = _ending(game)
    assert steps[1].code == "poker.end.try.swap"


def test_no_pokerface_ending_before_the_end():
    game = Game.new("ending-4").apply(Exchange()).apply(Extras(3)).apply(Best()).apply(Reveal())
    assert _ending(game)[0] == ()
