"""The coach of a whole Tichu round (issue 33): the allowed plays cheapest first, the score from the child's side,
and the word at the end of a round. The engine side only (no Flask); the page shows these in order."""

from __future__ import annotations

import pytest

from webapp.core.steps import Step
from webapp.games.tichu.round import PassTurn, Play, deal, position
from webapp.games.tichu.round_bots import next_bot_move
from webapp.games.tichu.round_coach import (
    PASS, EndStep, cheapest_first, from_side, play_cost, round_ending,
)
from webapp.games.tichu.rules import deck, parse_play as p, readings
from webapp.games.tichu.trick import score_round


def allowed(state, seat=0):
    """The seat's allowed plays (one reading a set of cards) and whether it may pass, as the round says."""
    seen = {}
    for action in state.legal_actions(seat):
        if isinstance(action, Play):
            seen.setdefault(tuple(sorted(map(str, action.cards))), readings(action.cards)[0])
    return list(seen.values()), PassTurn(seat) in state.legal_actions(seat)


def shown(order):
    return ["pass" if play is PASS else "".join(map(str, play.cards)) for play in order]


def after_a_lead(child_hand: str, lead: str):
    """Player 4 (seat 3) leads ``lead``; the child (seat 0) is next with ``child_hand``."""
    rest = [c for c in deck() if c not in p(child_hand) and c not in p(lead)]
    hands = (p(child_hand), rest[:13], rest[13:26], p(lead) + tuple(rest[26:38]))
    state = position(hands, leader=3)
    return state.apply(Play(3, p(lead)))


def test_on_an_ace_the_first_suggestion_is_to_pass_not_to_throw_the_dragon_away():
    """Tichu rulebook, "Play": only the Dragon (or the Phoenix, or a bomb) beats an Ace; the lower single cannot.
    A child who taps the first suggestion keeps the Dragon."""
    state = after_a_lead("R 5 9", "Ab")
    plays, may_pass = allowed(state)
    assert may_pass and shown(plays) == ["R"]
    order = cheapest_first(plays, may_pass)
    assert order[0] is PASS
    assert shown(order) == ["pass", "R"]


def test_ordinary_plays_lowest_first_then_the_pass_the_dragon_the_phoenix_and_bombs():
    state = after_a_lead("8b Kb R P 9g9k9b9r", "7r")
    order = cheapest_first(*allowed(state))
    assert shown(order)[:3] == ["8b", "9b", "Kb"]
    assert shown(order)[3:] == ["pass", "R", "P", "9b9g9k9r"]


def test_on_lead_low_singles_first_other_kinds_after_and_bombs_last():
    """No pass on an open lead (Tichu rulebook, "Play")."""
    hands = (p("2g 3g3k 4b R 5g5k5b5r"), p("6g 7g"), p("6k 7k"), p("6b 7b"))
    plays, may_pass = allowed(position(hands, leader=0))
    order = cheapest_first(plays, may_pass)
    assert not may_pass and PASS not in order
    assert shown(order)[0] == "2g"
    kinds = [play.kind.value for play in order]
    assert kinds.index("pair") > max(i for i, k in enumerate(kinds[:-2]) if k == "single")
    assert shown(order)[-2:] == ["R", "5b5g5k5r"]


def test_a_pair_without_the_phoenix_comes_before_one_with_it():
    plain, with_phoenix = readings(p("KgKk"))[0], readings(p("3gP"))[0]
    assert play_cost(plain) < play_cost(with_phoenix)
    assert cheapest_first([with_phoenix, plain], may_pass=False) == [plain, with_phoenix]


def test_the_score_is_told_from_the_players_side():
    score = score_round((1, 3), calls={0: "grand"})
    child = from_side(score.steps, 0)
    codes = [step.code for step in child]
    assert "tichu.round.side.grand_lost_ours" in codes
    assert Step("tichu.round.side.round", ours=-200, theirs=200) in child
    assert not any("team" in dict(step.params) for step in child)
    opponent = from_side(score.steps, 1)
    assert "tichu.round.side.grand_lost_theirs" in [step.code for step in opponent]
    assert Step("tichu.round.side.round", ours=200, theirs=-200) in opponent


def played_out(state):
    for _ in range(400):
        found = next_bot_move(state)
        if found is None:
            return state
        state = state.apply(found[1].action)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_ending_fits_the_score(seed):
    """Won: "You won the round!" and no tip; not won: a kind word and one thing to try next time."""
    state = played_out(deal(seed))
    assert round_ending(deal(seed), 0) is None
    for seat in range(4):
        ending = round_ending(state, seat)
        ours, theirs = state.score.points[seat % 2], state.score.points[1 - seat % 2]
        assert (ending.ours, ending.theirs) == (ours, theirs)
        if ours > theirs:
            assert ending.outcome == "won" and ending.tip is None
            assert ending.headline.code in (EndStep.WON, EndStep.WON_DOUBLE)
        else:
            assert ending.outcome == ("draw" if ours == theirs else "lost")
            assert ending.tip is not None and ending.tip.code.startswith("tichu.round.end.tip_")
        assert ending.praise is not None


def test_a_tichu_that_came_true_is_praised_and_a_double_victory_named():
    """The child called Tichu, leads its last card and is out first; the partner follows: a double victory."""
    rest = [c for c in deck() if c not in p("2g Ab")]
    hands = (p("2g"), tuple(rest[:18]), p("Ab"), tuple(rest[18:]))
    state = position(hands, leader=0, calls=("tichu", None, None, None))
    state = played_out(state)
    ending = round_ending(state, 0)
    assert ending.praise.code == EndStep.TICHU_MADE
    if state.score.double_victory == 0:
        assert ending.headline.code == EndStep.WON_DOUBLE and ending.outcome == "won"
