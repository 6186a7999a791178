"""The round bots' documented rules (issue 19, section 1), each in a hand-worked position."""

from __future__ import annotations

import pytest

from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Phase, Play, RoundState, deal, position,
)
from webapp.games.tichu.round_bots import BotStep, bot_move, grand_strength, plan, run_bots
from webapp.games.tichu.rules import Kind, parse_play as p


def codes(move):
    return [step.code for step in move.steps]


def test_grand_tichu_strength_counts_the_high_cards():
    """Dragon 3, Phoenix 3, each Ace 2, each King 1, a four of a kind 4 (the module's documented rule)."""
    assert grand_strength(p("R P A A 2 3 4 5")) == 3 + 3 + 2 + 2
    assert grand_strength(p("7777 K 2 3 4")) == 4 + 1
    assert grand_strength(p("2 3 4 5 6 8 9 0")) == 0


def test_a_bot_calls_grand_tichu_only_with_a_strong_8():
    state = deal(1)
    strong = RoundState(seed=0, round_number=1, dealt=(p("R P A A K 2 3 4 5 6 7 8 9 J"),) + state.dealt[1:])
    move = bot_move(strong, 0)
    assert move.action == CallGrandTichu(0) and codes(move) == [BotStep.GRAND]
    weak = RoundState(seed=0, round_number=1, dealt=(p("23456789 0JQQQQ"),) + state.dealt[1:])
    assert bot_move(weak, 0).action == Decline(0)


def test_the_plan_splits_a_hand_into_few_plays():
    plays = plan(p("1234567 99 KKK D"))
    assert [c.kind for c in plays] == [Kind.STRAIGHT, Kind.FULL_HOUSE, Kind.SINGLE]


def test_a_strong_hand_calls_tichu_before_its_first_card_and_a_weak_one_does_not():
    """Tichu rulebook, "Tichu": called before one's first card. Stairs to the Ace, Phoenix and Dragon: 3 high
    plays, no weak one."""
    strong = position((p("RPAAKKQQJJ0099"), p("2345"), p("2345"), p("678")), leader=0)
    move = bot_move(strong, 0)
    assert move.action == CallTichu(0) and codes(move) == [BotStep.TICHU]
    after = strong.apply(move.action)
    assert isinstance(bot_move(after, 0).action, Play)  # called once, then it plays
    weak = position((p("2346790JQ5D8K7"), p("2345"), p("2345"), p("678")), leader=0)
    assert isinstance(bot_move(weak, 0).action, Play)


def test_the_exchange_gives_low_cards_to_the_opponents_and_a_good_one_to_the_partner():
    """Lone low cards to the opponents (the 5s are a pair, the Mah Jong is kept), the highest card below the
    Phoenix to the partner (the Dragon stays)."""
    hand = p("2g 3k 5b 5r 7g 8k 9b 0r Jg Qk Kb Ab R 1")
    others = tuple(tuple(c for c in deal(2).dealt[s]) for s in range(1, 4))
    state = RoundState(seed=0, round_number=1, dealt=(hand,) + others, grand=(False,) * 4)
    assert state.phase is Phase.EXCHANGE
    move = bot_move(state, 0)
    assert move.action == Exchange(0, (p("2g")[0], p("Ab")[0], p("3k")[0]))
    assert codes(move) == [BotStep.EXCHANGE]


def test_a_bot_does_not_beat_its_partners_trick():
    state = position((p("A3"), p("2"), p("K4"), p("5")), leader=2).apply(Play(2, p("K"))).apply(PassTurn(3))
    move = bot_move(state, 0)
    assert move.action == PassTurn(0) and codes(move) == [BotStep.PARTNER]


def test_a_bot_beats_an_opponent_with_its_lowest_play():
    state = position((p("3 9 J A 7 7"), p("85"), p("K4"), p("5")), leader=1).apply(Play(1, p("8")))
    move = bot_move(state, 2)
    assert move.action == Play(2, p("K")) and codes(move) == [BotStep.BEAT]


def test_a_bot_fulfils_the_wish():
    """Tichu rulebook, "Mah Jong": the wished 8 must be played by who can."""
    state = position((p("1K"), p("8 8 J 3"), p("2"), p("4")), leader=0).apply(Play(0, p("1"), wish=8))
    move = bot_move(state, 1)
    assert isinstance(move.action, Play) and any(c.rank == 8 for c in move.action.cards)
    assert codes(move) == [BotStep.WISH]


def test_a_bot_gives_the_dragon_trick_to_the_opponent_with_fewer_cards():
    state = position((p("R5"), p("34"), p("6"), p("789J")), leader=0).apply(Play(0, p("R")))
    for seat in (1, 2, 3):
        state = state.apply(PassTurn(seat))
    move = bot_move(state, 0)
    assert move.action == GiveDragon(0, 1) and codes(move) == [BotStep.DRAGON]


@pytest.mark.parametrize("opponent, bombs", [("9 2 3 4 5 6 8 0", False), ("9 2", True)])
def test_a_bot_keeps_its_bomb_until_it_matters(opponent, bombs):
    """A bomb on a 9 worth nothing is kept; on an opponent about to go out it is thrown (out of turn too)."""
    state = position((p("7777 3 4 5 6 8"), p(opponent), p("J Q"), p("K A")), leader=1).apply(Play(1, p("9")))
    in_turn = bot_move(state, 2)
    assert in_turn is not None and in_turn.action == Play(2, p("J"))
    out_of_turn = bot_move(state, 0)
    if bombs:
        assert out_of_turn.action == Play(0, p("7777")) and codes(out_of_turn) == [BotStep.BOMB]
    else:
        assert out_of_turn is None


def test_a_bot_keeps_a_high_single_for_a_trick_worth_it():
    """An Ace is not spent on a 7 worth nothing while the opponents hold many cards; on a King (10 points) it is."""
    hands = (p("2 3 4 6 8"), p("7 K 2 3 4 6 8 9 J"), p("A 2 3 4 5 6"), p("2 3 4 6 8 9 J Q 0"))
    keep = bot_move(position(hands, leader=1).apply(Play(1, p("7"))), 2)
    assert keep.action == PassTurn(2) and codes(keep) == [BotStep.KEEP_HIGH]
    spend = bot_move(position(hands, leader=1).apply(Play(1, p("K"))), 2)
    assert spend.action == Play(2, p("A")) and codes(spend) == [BotStep.BEAT]


def test_a_bot_leads_the_dog_to_a_partner_who_called_tichu():
    state = position((p("D 5 7"), p("2 3"), p("9 0"), p("4 6")), leader=0, calls=(None, None, "tichu", None))
    move = bot_move(state, 0)
    assert move.action == Play(0, p("D")) and codes(move) == [BotStep.LEAD_DOG]


def test_a_bot_goes_out_when_one_play_holds_its_last_cards():
    state = position((p("5 5"), p("2 3"), p("9 0"), p("4 6")), leader=0)
    move = bot_move(state, 0)
    assert move.action == Play(0, p("55")) and codes(move) == [BotStep.GO_OUT]


def test_a_bot_leading_the_mah_jong_wishes_a_rank_it_does_not_hold():
    state = position((p("1 3 5 A"), p("2 3"), p("9 0"), p("4 6")), leader=0)
    move = bot_move(state, 0)
    assert move.action.cards == p("1") and move.action.wish not in (1, 3, 5, 14)
    assert codes(move) == [BotStep.LEAD, BotStep.MAKE_WISH]


def test_run_bots_stops_for_a_seat_that_is_no_bot():
    state, made = run_bots(deal(6), bots={1, 2, 3})
    assert state.phase is Phase.GRAND and state.to_act == 0 and len(made) == 3
    state, _ = run_bots(state.apply(Decline(0)), bots={1, 2, 3})
    assert state.phase is Phase.EXCHANGE and state.to_act == 0
    assert all(state.exchanges[s] is not None for s in (1, 2, 3))


# --- Keeping high cards for when they matter, defending against a call and a double victory ------------------------
def test_a_bot_keeps_a_high_pair_while_nothing_is_at_stake_and_spends_it_on_a_tichu_caller():
    """A pair of Kings is not spent on a pair of 5s while nobody called; on the pair of an opponent who called
    Tichu it is (Tichu rulebook, "Tichu": the caller scores 100 only by going out first)."""
    hands = (p("2 3 4 6 8 9 J"), p("5 5 2 3 4 6 8 9 J"), p("K K 2 3 4 6 7"), p("2 3 4 6 8 9 J Q 0"))
    quiet = position(hands, leader=1).apply(Play(1, p("55")))
    keep = bot_move(quiet, 2)
    assert keep.action == PassTurn(2) and codes(keep) == [BotStep.KEEP_HIGH]
    called = position(hands, leader=1, calls=(None, "tichu", None, None)).apply(Play(1, p("55")))
    fight = bot_move(called, 2)
    assert fight.action == Play(2, p("KK")) and codes(fight) == [BotStep.BEAT]


def test_the_partner_of_a_caller_spends_its_ace_to_win_tricks_from_the_opponents():
    """The partner who called Tichu must go out first (Tichu rulebook, "Tichu"), so the bot fights for the lead."""
    hands = (p("2 3 4 6 8"), p("7 K 2 3 4 6 8 9 J"), p("A 2 3 4 5 6"), p("2 3 4 6 8 9 J Q 0"))
    alone = bot_move(position(hands, leader=1).apply(Play(1, p("7"))), 2)
    assert alone.action == PassTurn(2) and codes(alone) == [BotStep.KEEP_HIGH]
    support = bot_move(position(hands, leader=1, calls=("tichu", None, None, None)).apply(Play(1, p("7"))), 2)
    assert support.action == Play(2, p("A")) and codes(support) == [BotStep.BEAT]


def test_the_dragon_is_not_spent_for_a_tricks_points():
    """Tichu rulebook, "Dragon": a trick won with the Dragon is given to an opponent, so its points are lost anyway;
    an Ace takes the same 10 points for the bot's team."""
    hands = (p("2 3 4 6 8"), p("K 7 2 3 4 6 8 9 J"), p("R 2 3 4 5 6"), p("2 3 4 6 8 9 J Q 0"))
    keep = bot_move(position(hands, leader=1).apply(Play(1, p("K"))), 2)
    assert keep.action == PassTurn(2) and codes(keep) == [BotStep.KEEP_HIGH]


@pytest.mark.parametrize("calls, bombs", [((None,) * 4, False), ((None, "tichu", None, None), True)])
def test_a_bomb_stops_a_tichu_caller_with_three_cards_left(calls, bombs):
    """Three cards left: a caller is bombed (Tichu rulebook, "Bombs": any time, out of turn too), a player
    without a call is not (the bomb is kept until that player holds one card)."""
    hands = (p("7777 3 4 5 6 8"), p("9 2 3 4"), p("J Q"), p("K A"))
    state = position(hands, leader=1, calls=calls).apply(Play(1, p("9")))
    move = bot_move(state, 0)
    if bombs:
        assert move.action == Play(0, p("7777")) and codes(move) == [BotStep.BOMB]
    else:
        assert move is None


def test_a_bomb_stops_a_double_victory():
    """Tichu rulebook, "End of a round": partners out first and second win 200 and nothing else counts; the bot
    bombs the 9 of the player whose partner (seat 0) is out, however many cards that player holds."""
    hands = ((), p("7777 3 4 5 6 8"), p("9 2 3 4 5 8 0"), p("J Q"))
    state = position(hands, leader=2).apply(Play(2, p("9")))
    move = bot_move(state, 1)
    assert move.action == Play(1, p("7777")) and codes(move) == [BotStep.BOMB_DOUBLE]
    assert move.steps[0].as_dict()["other"] == 3


@pytest.mark.parametrize("threat, lead", [("8 9 0", "55"), ("8", "55")])
def test_against_a_double_victory_a_bot_leads_what_the_other_opponent_cannot_follow(threat, lead):
    """With seat 3 out, its partner in seat 1 must not go out second (a double victory): the bot leads a pair, the
    lowest of its longest plays (a player with one card cannot follow it at all)."""
    hands = (p("5 5 9 9 K"), p(threat), p("J Q 3"), ())
    move = bot_move(position(hands, leader=0), 0)
    assert move.action == Play(0, p(lead)) and codes(move) == [BotStep.LEAD_HARD]


def test_against_a_double_victory_a_bot_with_only_singles_leads_its_highest():
    """The other opponent holds one card: a low single would let it go out second; the King is the best chance."""
    hands = (p("3 9 K"), p("8"), p("J Q 3"), ())
    move = bot_move(position(hands, leader=0), 0)
    assert move.action == Play(0, p("K")) and codes(move) == [BotStep.LEAD_HARD]


def test_against_a_double_victory_a_bot_beats_with_its_lowest_play_and_keeps_the_ace():
    """Seat 3 is out and seat 1 must not go out second: the bot beats seat 1's 7 with its 9 and keeps the Ace to
    stop seat 1 later (spending the Ace now lets a higher card win back the lead for nothing)."""
    hands = (p("2 4"), p("7 3 5 6 8 0"), p("9 A 3 3 4 4"), ())
    state = position(hands, leader=1).apply(Play(1, p("7")))
    move = bot_move(state, 2)
    assert move.action == Play(2, p("9")) and codes(move) == [BotStep.BEAT]
