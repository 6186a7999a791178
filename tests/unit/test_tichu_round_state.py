"""The Tichu round engine (issue 19, section 1), hand-worked cases from the Tichu rulebook (Fata Morgana) and FAQ."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Phase, Play, RoundError, deal, position,
)
from webapp.games.tichu.rules import DRAGON, MAH_JONG, PHOENIX, DOG, Reason, deck, parse_play as p
from webapp.games.tichu.trick import IllegalMove, TrickError


def declined(state):
    for seat in range(4):
        state = state.apply(Decline(seat))
    return state


def test_a_deal_is_reproducible_and_shows_8_cards_before_the_grand_tichu_call():
    """Tichu rulebook, "Dealing": 14 cards each from the 56; each player looks at 8 before Grand Tichu."""
    state = deal(11)
    assert state.phase is Phase.GRAND
    assert [len(state.hand(s)) for s in range(4)] == [8] * 4
    assert Counter(c for hand in state.dealt for c in hand) == Counter(deck())
    assert deal(11).dealt == state.dealt and deal(11, 2).dealt != state.dealt
    after = declined(state)
    assert after.phase is Phase.EXCHANGE and [len(after.hand(s)) for s in range(4)] == [14] * 4
    assert after.hand(2)[:8] == state.hand(2)


def test_grand_tichu_is_decided_once_and_tichu_waits_for_all_14_cards():
    """Tichu rulebook, "Grand Tichu": called after the first 8 cards; "Tichu": with the whole hand."""
    state = deal(4).apply(CallGrandTichu(1))
    assert state.calls[1] == "grand" and state.to_act == 0
    with pytest.raises(RuleViolation) as refused:
        state.apply(Decline(1))
    assert refused.value.step.code == RoundError.DECIDED
    with pytest.raises(RuleViolation) as early:
        state.apply(CallTichu(0))
    assert early.value.step.code == RoundError.TICHU_EARLY
    with pytest.raises(RuleViolation) as phase:
        state.apply(PassTurn(0))
    assert phase.value.step.code == RoundError.PHASE
    assert set(state.legal_actions(2)) == {CallGrandTichu(2), Decline(2)} and state.legal_actions(1) == ()


def test_the_exchange_gives_one_card_to_each_player_and_the_mah_jong_leads():
    """Tichu rulebook, "Exchanging cards": one card face down to each other player, the specials too; the cards
    change hands when all have chosen; "Play": the Mah Jong's owner leads the first trick."""
    state = declined(deal(8))
    given = {}
    for seat in range(4):
        specials = [c for c in state.hand(seat) if c.rank in (DOG, DRAGON, PHOENIX, MAH_JONG)]
        others = [c for c in state.hand(seat) if c not in specials]
        given[seat] = tuple((specials + others)[:3])
        state = state.apply(Exchange(seat, given[seat]))
        if seat < 3:
            assert len(state.hand(seat)) == 11 and state.phase is Phase.EXCHANGE
    assert state.phase is Phase.PLAY
    assert [len(state.hand(s)) for s in range(4)] == [14] * 4
    assert Counter(c for s in range(4) for c in state.hand(s)) == Counter(deck())
    for seat in range(4):
        to_next, to_partner, to_previous = given[seat]
        assert to_next in state.hand((seat + 1) % 4)
        assert to_partner in state.hand((seat + 2) % 4)
        assert to_previous in state.hand((seat + 3) % 4)
    owner = next(s for s in range(4) if any(c.rank == MAH_JONG for c in state.hand(s)))
    assert state.to_act == owner


def test_a_bad_exchange_is_refused_with_its_reason():
    state = declined(deal(8))
    hand = state.hand(0)
    stranger = next(c for c in state.hand(1))
    for cards, code in [((hand[0], hand[0], hand[1]), RoundError.EXCHANGE_CARDS),
                        ((hand[0], hand[1], stranger), RoundError.NOT_IN_HAND),
                        ((hand[0], hand[1]), RoundError.EXCHANGE_CARDS)]:
        with pytest.raises(RuleViolation) as refused:
            state.apply(Exchange(0, cards))
        assert refused.value.step.code == code
    once = state.apply(Exchange(0, hand[:3]))
    with pytest.raises(RuleViolation) as twice:
        once.apply(Exchange(0, hand[3:6]))
    assert twice.value.step.code == RoundError.EXCHANGED


def test_tichu_may_be_called_until_the_first_card_even_after_passing():
    """Tichu rulebook, "Tichu": a player may call Tichu as long as the player has not played a card."""
    state = position((p("5K"), p("7A"), p("2"), p("3")), leader=0)
    state = state.apply(CallTichu(2)).apply(Play(0, p("5"))).apply(PassTurn(1))
    with pytest.raises(RuleViolation) as late:
        state.apply(CallTichu(0))
    assert late.value.step.code == RoundError.TICHU_LATE
    with pytest.raises(RuleViolation) as again:
        state.apply(CallTichu(2))
    assert again.value.step.code == RoundError.TICHU_CALLED
    assert CallTichu(1) in state.legal_actions(1)
    assert state.apply(CallTichu(1)).calls == (None, "tichu", "tichu", None)


def test_the_wish_forbids_passing_and_every_listed_play_holds_the_wished_rank():
    """Tichu rulebook, "Mah Jong": the player in turn who can play the wished rank must do so."""
    state = position((p("1K"), p("8J3"), p("2"), p("4")), leader=0).apply(Play(0, p("1"), wish=8))
    assert state.wish == 8 and state.to_act == 1
    with pytest.raises(IllegalMove) as refused:
        state.apply(PassTurn(1))
    assert refused.value.verdict.reason is Reason.WISH_PASS
    plays = [a for a in state.legal_actions(1) if isinstance(a, Play)]
    assert plays and all(any(c.rank == 8 for c in a.cards) for a in plays)
    with pytest.raises(IllegalMove):
        state.apply(Play(1, p("J")))
    assert state.apply(Play(1, p("8"))).wish is None


def test_a_wish_needs_the_mah_jong_and_a_rank():
    state = position((p("1K"), p("8"), p("2"), p("4")), leader=0)
    with pytest.raises(RuleViolation) as no_mah_jong:
        state.apply(Play(0, p("K"), wish=8))
    assert no_mah_jong.value.step.code == RoundError.WISH_NO_MAH_JONG
    with pytest.raises(NotationError):
        state.apply(Play(0, p("1"), wish=15))


def test_playing_out_of_turn_only_with_a_bomb():
    """Tichu rulebook, "Bombs": a bomb may be played at any time, out of turn too, onto a trick."""
    state = position((p("K3"), p("A"), p("7777 2"), p("5")), leader=0).apply(Play(0, p("K")))
    assert state.to_act == 1
    assert [a for a in state.legal_actions(2) if isinstance(a, Play)] == [Play(2, p("7777"))]
    with pytest.raises(IllegalMove):
        state.apply(Play(2, p("2")))
    with pytest.raises(RuleViolation) as passing:
        state.apply(PassTurn(2))
    assert passing.value.step.code == RoundError.NOT_YOUR_TURN
    bombed = state.apply(Play(2, p("7777")))
    assert bombed.to_act == 3 and bombed.trick.top.out_of_turn


def test_the_dragon_trick_goes_to_an_opponent_of_the_winners_choice():
    """Tichu rulebook, "Dragon": the trick won with the Dragon is given to an opponent."""
    state = position((p("R5"), p("3"), p("4"), p("6")), leader=0).apply(Play(0, p("R")))
    for seat in (1, 2, 3):
        state = state.apply(PassTurn(seat))
    assert state.phase is Phase.GIFT and state.to_act == 0
    assert state.legal_actions(0) == (GiveDragon(0, 1), GiveDragon(0, 3))
    with pytest.raises(RuleViolation) as partner:
        state.apply(GiveDragon(0, 2))
    assert partner.value.step.code == TrickError.GIFT
    given = state.apply(GiveDragon(0, 3))
    assert given.piles[3] == p("R") and given.piles[0] == () and given.to_act == 0
    assert given.tricks[-1].result.taker == 3


def test_the_dog_hands_the_lead_to_the_partner():
    """Tichu rulebook, "Dog": led alone, it passes the lead to the partner at once."""
    state = position((p("D5"), p("3"), p("4"), p("6")), leader=0).apply(Play(0, p("D")))
    assert state.phase is Phase.PLAY and state.to_act == 2 and state.tricks[-1].result.by_dog


def test_a_double_victory_ends_the_round_at_once_for_200():
    """Tichu rulebook, "End of a round" and "Scoring": partners out first and second score 200, no cards count."""
    state = position((p("A"), p("23"), p("K"), p("45")), leader=0, calls=(None, None, "tichu", None))
    state = state.apply(Play(0, p("A")))
    assert state.out == (0,) and state.to_act == 1
    for seat in (1, 2, 3):
        state = state.apply(PassTurn(seat))
    assert state.to_act == 1  # the winner is out: the next player holding cards leads
    state = state.apply(Play(1, p("2"))).apply(Play(2, p("K")))
    assert state.phase is Phase.DONE and state.out == (0, 2) and state.double_victory == 0
    assert state.score.points == (200 - 100, 0)  # player 3 called Tichu but went out second
    assert state.legal_actions(3) == ()
    with pytest.raises(RuleViolation):
        state.apply(PassTurn(3))


def test_the_round_ends_when_three_are_out_and_the_last_player_pays():
    """Tichu rulebook, "End of a round" and "Scoring": the last player's hand goes to the opponents, the last
    player's tricks to the first player out; the trick on the table goes to its winner."""
    hands = (p("A"), p("6"), p("K0"), p("Q5"))  # 25 card points in the hands
    piles = ((), p("R000"), (), p("KK"))  # 55 + 20: the other 75
    state = position(hands, leader=0, calls=(None, "tichu", None, None), piles=piles)
    state = state.apply(Play(0, p("A"))).apply(PassTurn(1)).apply(PassTurn(2)).apply(PassTurn(3))
    state = state.apply(Play(1, p("6")))
    assert state.out == (0, 1) and state.to_act == 2
    state = state.apply(Play(2, p("0"))).apply(Play(3, p("Q")))
    assert state.to_act == 2  # players 1 and 2 are out: they leave the turn order
    state = state.apply(Play(2, p("K")))
    assert state.phase is Phase.DONE and state.out == (0, 1, 2)
    assert state.piles[2] == p("60QK")
    # team 1: the last player's 5 in hand + the last player's 20 in tricks + the 20 of the last trick
    # team 2: 55 in tricks, and player 2's Tichu lost (-100)
    assert state.score.points == (45, 55 - 100)


def test_the_game_goes_to_1000_over_rounds():
    """Tichu rulebook, "End of the game": rounds are played until a team has 1000 points."""
    state = position((p("A"), p("23"), p("K"), p("45")), leader=0)
    with pytest.raises(RuleViolation) as early:
        state.next_round()
    assert early.value.step.code == RoundError.ROUND_NOT_OVER
    state = state.apply(Play(0, p("A"))).apply(PassTurn(1)).apply(PassTurn(2)).apply(PassTurn(3))
    state = state.apply(Play(1, p("2"))).apply(Play(2, p("K")))
    following = replace(state, before=(500, 120)).next_round()
    assert following.round_number == 2 and following.before == (700, 120) and following.phase is Phase.GRAND
    with pytest.raises(RuleViolation) as over:
        replace(state, before=(900, 0)).next_round()
    assert over.value.step.code == RoundError.GAME_OVER


def test_a_seat_or_round_that_is_no_seat_is_a_notation_error():
    with pytest.raises(NotationError):
        deal(1).apply(Decline(4))
    with pytest.raises(NotationError):
        deal(1).legal_actions(-1)
    with pytest.raises(NotationError):
        deal(1, 0)


def test_a_card_not_in_the_hand_is_a_rule_violation():
    state = position((p("5K"), p("7A"), p("2"), p("3")), leader=0)
    with pytest.raises(RuleViolation) as refused:
        state.apply(Play(0, p("A")))
    assert refused.value.step.code == "tichu.error.not_in_hand"


def test_the_phoenix_reading_is_listed_when_the_cards_have_two():
    """Tichu rulebook, "Phoenix": in 3-4-5-6 with the Phoenix it stands for the 2 or the 7."""
    state = position((p("3456P"), p("8"), p("9"), p("J")), leader=0)
    straights = {a.reading for a in state.legal_actions(0) if isinstance(a, Play) and len(a.cards) == 5}
    assert straights == {2, 7}
    low = state.apply(Play(0, p("3456P"), reading=2))
    assert low.trick.top.combination.rank == 6
