"""The encouragement at the end of a game at the Skat table (webapp.games.skat.table_cheer): what went well after
a win, a kind word and the most telling tip after a loss, from the child's side, never nothing at a game's end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from webapp.games.skat import bots, table_codes
from webapp.games.skat.official import GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.table import Phase
from webapp.games.skat.table_cheer import cheer_steps

CHILD = Seat.FOREHAND


def finished(*, declarer=CHILD, won=True, points=70, tricks=6, overbid=False, game=GameType.CLUBS, hand=False,
             announced=None):
    """A finished game with only the facts the encouragement reads."""
    declaration = SimpleNamespace(game=game, hand=hand, announced=announced)
    score = SimpleNamespace(won=won, overbid=overbid, outcome=SimpleNamespace(points=points, tricks=tricks))
    return SimpleNamespace(phase=Phase.DONE, score=score, declaration=declaration, declarer=declarer)


def codes(state) -> list[str]:
    return [s.code.removeprefix("skat.table.cheer.") for s in cheer_steps(state, CHILD, "Lea", "Max")]


@pytest.mark.parametrize(("facts", "expected"), [
    # the child declared and won: what went well
    ({"points": 70}, ["won", "well.points"]),
    ({"points": 95, "tricks": 8}, ["won", "well.schneider"]),
    ({"points": 120, "tricks": 10}, ["won", "well.schwarz"]),
    ({"points": 70, "hand": True}, ["won", "well.hand"]),
    ({"points": 0, "tricks": 0, "game": GameType.NULL}, ["won", "well.null"]),
    # the child declared and lost: a kind word and the most telling tip
    ({"won": False, "tricks": 1, "game": GameType.NULL}, ["lost", "tip.null"]),
    ({"won": False, "points": 70, "overbid": True}, ["lost", "tip.overbid"]),
    ({"won": False, "points": 80, "announced": "schneider", "hand": True}, ["lost", "tip.announce"]),
    ({"won": False, "points": 25, "tricks": 2}, ["lost", "tip.trumps"]),
    ({"won": False, "points": 50, "hand": True}, ["lost", "tip.hand"]),
    ({"won": False, "points": 50}, ["lost", "tip.points"]),
    # a bot declared: the child defended with the other bot
    ({"declarer": Seat.MIDDLEHAND, "won": False, "points": 40}, ["defence.won", "defence.well_points"]),
    ({"declarer": Seat.MIDDLEHAND, "won": False, "tricks": 1, "game": GameType.NULL},
     ["defence.won", "defence.well_null"]),
    ({"declarer": Seat.REARHAND, "points": 95}, ["defence.lost", "defence.tip_schneider"]),
    ({"declarer": Seat.REARHAND, "points": 70}, ["defence.lost", "defence.tip_points"]),
    ({"declarer": Seat.REARHAND, "points": 0, "tricks": 0, "game": GameType.NULL}, ["defence.lost", "defence.tip_null"]),
])
def test_the_encouragement_fits_what_happened(facts, expected):
    assert codes(finished(**facts)) == expected


def test_the_numbers_in_the_sentences():
    state = finished(won=False, points=59, tricks=4)
    tip = cheer_steps(state, CHILD)[1]
    assert dict(tip.params) == {"missing": 2}
    defence = cheer_steps(finished(declarer=Seat.MIDDLEHAND, won=False, points=45), CHILD, "Lea", "Max")
    assert dict(defence[0].params) == {"name": "Lea", "partner": "Max"}
    assert dict(defence[1].params) == {"points": 75}


def test_nothing_while_the_game_goes_on_and_a_word_when_all_passed():
    state = table_codes.replay(7, 1, [])
    assert cheer_steps(state, CHILD) == ()
    assert codes(SimpleNamespace(phase=Phase.THROWN_IN, score=None, declaration=None, declarer=None)) == ["thrown_in"]


@pytest.mark.parametrize("seed", [7, 11, 23])
def test_a_real_game_played_to_its_end_gets_two_sentences(seed):
    state = table_codes.replay(seed, 1, [])
    while state.to_act is not None:
        state = state.apply(bots.bot_move(state).action)
    steps = cheer_steps(state, CHILD, "Lea", "Max")
    assert len(steps) == (1 if state.phase is Phase.THROWN_IN else 2)
