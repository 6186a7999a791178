"""The official Tichu rules beyond the seed: suits, straight-flush bombs, bombs out of
turn, the Phoenix's value and readings, the Mah Jong's wish, tricks and round scoring.

Sources: the Tichu rulebook (Fata Morgana; English edition by Rio Grande /
Abacus), sections "The cards", "Bombs", "Phoenix", "Mah Jong", "Dragon",
"Dog", "Scoring" and "End of the game", and the Tichu FAQ (questions "When can a
bomb be played on a Mah Jong?", "When must a player fulfil the wish?", "Do I have
to use the Phoenix to fulfil a wish?", "Can the Hound be bombed?"). Expected
values are worked out by hand from those rules.
"""

from __future__ import annotations

import pytest

from webapp.core.steps import RuleInputError, Step
from webapp.games.tichu.rules import ACE, DRAGON, KING, PHOENIX, Kind, TichuCard, TichuSuit, can_fulfil_wish, check_deck, deck, judge, lowest_fulfilling_play, judge_pass, parse_card, parse_play, parse_wish, readings, tokens
from webapp.games.tichu.trick import IllegalMove, Trick, card_points, score_round

C = TichuCard
p = parse_play


def verdict(previous: str, play: str, **kw):
    return judge(p(previous), p(play), **kw)


# --- Cards with suits ----------------------------------------------------------------
def test_suit_letters():
    """Issue notation: `Ar` is the Ace of Stars, `AR` an Ace and the Dragon."""
    assert parse_card("Ar") == C(ACE, TichuSuit.STAR)
    assert p("AR") == (C(ACE), C(DRAGON))
    assert p("Kk Kg") == (C(KING, TichuSuit.SWORD), C(KING, TichuSuit.JADE))
    assert [str(c) for c in p("0b,0r")] == ["0b", "0r"]
    assert tokens("1g") == ["1g"]  # parsed, then refused: the Mah Jong has no suit


def test_the_deck_has_56_different_cards():
    """Tichu rulebook, "The cards": 4 suits x 13 ranks + Dog, Mah Jong, Phoenix, Dragon."""
    cards = deck()
    assert len(cards) == 56 == len(set(cards))
    assert sum(1 for c in cards if c.suit is TichuSuit.JADE) == 13
    assert sum(1 for c in cards if c.is_special) == 4


def test_a_play_may_not_repeat_a_card():
    with pytest.raises(RuleInputError) as err:
        p("7g7g")
    assert err.value.step == Step("tichu.error.duplicate", card=C(7, TichuSuit.JADE))
    with pytest.raises(RuleInputError) as err:
        check_deck(p("Ar"), p("ArAk"))
    assert err.value.step.code == "tichu.error.deck_duplicate"
    check_deck(p("Ar"), p("AkAgAb"))  # four different Aces
    with pytest.raises(RuleInputError) as err:
        p("7g7k7b7r7")  # a fifth seven, even without a suit
    assert err.value.step.code == "tichu.error.too_many"


# --- Bombs ------------------------------------------------------------------------------
def test_one_suit_straight_is_always_a_bomb():
    """Rulebook, "Bombs": five or more cards of one suit in a row; never an ordinary straight."""
    (only,) = readings(p("5g6g7g8g9g"))
    assert only.kind is Kind.BOMB and only.is_straight_flush and only.rank == 9
    assert readings(p("5g6g7g8g9k"))[0].kind is Kind.STRAIGHT  # two suits
    assert readings(p("5g6g7g8g9"))[0].kind is Kind.STRAIGHT  # the 9 has no named suit: mixed as in the seed
    assert readings(p("1" "2g3g4g5g"))[0].kind is Kind.STRAIGHT  # the Mah Jong has no suit


def test_straight_flush_cannot_answer_a_straight_as_a_straight():
    """A straight-flush bomb beats the straight as a bomb, whatever its length."""
    assert verdict("23456", "5g6g7g8g9g").reason == "tichu.reason.bomb_beats"
    assert verdict("23456789", "2g3g4g5g6g").legal  # shorter, but a bomb


@pytest.mark.parametrize(
    "table, play, legal, reason",
    [
        ("AAAA", "2g3g4g5g6g", True, "tichu.reason.flush_beats_four"),  # every straight flush beats every four of a kind
        ("2g3g4g5g6g", "AAAA", False, "tichu.reason.four_under_flush"),
        ("9k0kJkQkKk", "2g3g4g5g6g7g", True, "tichu.reason.flush_longer"),  # longer beats shorter
        ("2g3g4g5g6g7g", "9k0kJkQkKk", False, "tichu.reason.flush_shorter"),
        ("2g3g4g5g6g", "3k4k5k6k7k", True, "tichu.reason.flush_higher"),  # same length: by rank
        ("3k4k5k6k7k", "3g4g5g6g7g", False, "tichu.reason.flush_not_higher"),
        ("5555", "7777", True, "tichu.reason.bomb_higher"),
    ],
)
def test_bombs_compare_by_length_then_rank(table, play, legal, reason):
    """Rulebook, "Bombs"."""
    v = verdict(table, play)
    assert (v.legal, v.reason) == (legal, reason)


def test_phoenix_never_in_a_straight_flush():
    """Rulebook, "Phoenix": never part of a bomb; 5g6g7gP9g is an ordinary straight."""
    assert all(r.kind is Kind.STRAIGHT for r in readings(p("5g6g7gP9g")))
    assert not verdict("AAAA", "5g6g7gP9g").legal


def test_four_of_a_kind_and_the_phoenix_is_no_full_house():
    assert readings(p("7777P")) == ()


@pytest.mark.parametrize(
    "table, play, legal, reason",
    [
        ("K", "7777", True, "tichu.reason.bomb_beats"),
        ("-", "7777", False, "tichu.reason.out_of_turn_empty"),  # not onto an empty table
        ("D", "7777", False, "tichu.reason.dog_no_bomb"),  # FAQ: the Dog cannot be bombed
        ("K", "A", False, "tichu.reason.out_of_turn_bomb_only"),  # only bombs out of turn
        ("R", "2g3g4g5g6g", True, "tichu.reason.bomb_beats"),  # the Dragon can be bombed
    ],
)
def test_bombs_out_of_turn(table, play, legal, reason):
    """Rulebook, "Bombs": thrown in at any time onto a trick; FAQ: never onto the Dog."""
    v = verdict(table, play, out_of_turn=True)
    assert (v.legal, v.reason) == (legal, reason)


def test_bomb_may_be_led_in_turn():
    assert verdict("-", "5g6g7g8g9g").legal and verdict("-", "8888").legal
    assert verdict("D", "8888").legal  # in turn after the Dog: the partner leads


# --- The Phoenix ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "under, play, legal",
    [(9, "0", True), (9, "9", False), (ACE, "R", True), (ACE, "A", False), (2, "3", True)],
)
def test_phoenix_single_counts_half_above_the_single_it_was_played_on(under, play, legal):
    """Rulebook, "Phoenix": on a 9 it counts 9½; a 10 beats it, a 9 does not."""
    assert verdict("P", play, phoenix_on=C(under)).legal is legal


def test_phoenix_led_counts_one_and_a_half():
    """Rulebook, "Phoenix": led, it counts 1½ (a 2 beats it, the Mah Jong does not)."""
    assert verdict("P", "2").legal and not verdict("P", "1").legal
    assert [s.code for s in verdict("-", "P").steps][1:3] == ["tichu.play.phoenix_single", "tichu.play.phoenix_led"]


def test_phoenix_beats_the_ace_but_never_the_dragon():
    assert verdict("A", "P").legal
    assert verdict("R", "P").reason == "tichu.reason.phoenix_dragon"


def test_phoenix_stands_for_two_to_ace_only():
    """Never the Mah Jong's 1, never above the Ace: 0JQKA+P reads 9-A only."""
    assert [r.phoenix_as for r in readings(p("0JQKAP"))] == [9]
    assert [r.phoenix_as for r in readings(p("1234P"))] == [5]


def test_all_readings_are_offered_and_the_highest_counts():
    """KK55+P is a full house of Kings or of 5s; 3456+P is 3-7 or 2-6."""
    assert [r.phoenix_as for r in readings(p("KK55P"))] == [KING, 5]
    assert [r.phoenix_as for r in readings(p("3456P"))] == [7, 2]
    v = verdict("-", "KK55P")
    assert v.play.rank == KING
    assert Step("tichu.play.other_readings", others=(C(5),)) in v.steps


def test_a_declared_reading_is_used():
    """The player may declare the lower reading; it is then compared as declared."""
    v = verdict("23456", "3456P", reading=2)
    assert (v.legal, v.play.rank, v.reason) == (False, 6, "tichu.reason.not_higher")
    assert Step("tichu.play.phoenix_declared", rank=C(2)) in v.steps
    assert verdict("23456", "3456P").legal  # undeclared: the highest reading, 3 to 7
    with pytest.raises(RuleInputError) as err:
        verdict("-", "3456P", reading=9)
    assert err.value.step.code == "tichu.error.reading"


def test_the_table_as_declared():
    """A trick remembers the reading declared: 55KKP laid as 5s is beaten by 666 + 22."""
    low = readings(p("55KKP"))[1]
    assert low.rank == 5
    assert judge(low, p("66622")).legal
    assert not verdict("55KKP", "66622").legal


# --- The Mah Jong's wish ------------------------------------------------------------------
def test_parse_wish():
    assert [parse_wish(t) for t in ("2", "0", "10", "j", "A")] == [2, 10, 10, 11, ACE]
    for bad in ("1", "R", "P", "11", ""):
        with pytest.raises(RuleInputError):
            parse_wish(bad)


def test_wish_must_be_fulfilled_when_possible():
    """Rulebook, "Mah Jong": the next player who can play the wished rank legally must."""
    v = verdict("5", "9", wish=8, hand=p("89"))
    assert (v.legal, v.reason) == (False, "tichu.reason.wish_not_fulfilled")
    assert verdict("5", "8", wish=8, hand=p("89")).legal


def test_wish_reason_comes_after_the_combination_check():
    """Teacher's order: "not a combination" first, the wish only for a real combination."""
    v = verdict("5", "89", wish=8, hand=p("89"))
    assert v.reason == "tichu.play.none"
    assert all(not s.code.startswith("tichu.wish") for s in v.steps)
    v = verdict("55", "8", wish=8, hand=p("88"))  # a single on a pair: wrong kind, said first
    assert v.reason == "tichu.reason.kind"


def test_wish_only_when_the_wished_card_can_go_on_the_trick():
    v = verdict("K", "A", wish=8, hand=p("8A"))
    assert v.legal and Step("tichu.wish.cannot", rank=C(8)) in v.steps


def test_phoenix_does_not_fulfil_the_wish():
    """FAQ: the Phoenix is no card of the wished rank, even standing for it."""
    assert not can_fulfil_wish(p("5"), p("P9"), 8)
    v = verdict("44", "9P", wish=9, hand=p("99P"))  # a real 9 in it: fulfilled
    assert v.legal and Step("tichu.wish.fulfilled", rank=C(9)) in v.steps
    v = verdict("34567", "4567P", wish=8, hand=p("45678P"))  # Phoenix as the 8 does not count
    assert not v.legal and Step("tichu.wish.phoenix", rank=C(8)) in v.steps


def test_phoenix_helps_to_play_the_wished_card():
    """FAQ: the wished card must be played even if it takes the Phoenix to make the combination."""
    assert str(lowest_fulfilling_play(p("55"), p("8P3"), 8)) == "8P"
    assert not verdict("55", "33", wish=8, hand=p("8P33"), reading=None).legal


def test_wish_with_a_bomb_if_that_is_the_only_way():
    """FAQ: "even if he has to play a bomb"; then a bomb of other cards in turn does not do."""
    assert lowest_fulfilling_play(p("A"), p("8888"), 8).kind is Kind.BOMB
    v = verdict("A", "9999", wish=8, hand=p("88889999"))
    assert not v.legal and Step("tichu.wish.bomb_in_turn") in v.steps


def test_straight_flush_with_the_wished_card():
    assert str(lowest_fulfilling_play(p("R"), p("4g5g6g7g8gKk"), 8)) == "4g5g6g7g8g"


def test_bomb_out_of_turn_is_exempt_from_the_wish():
    """FAQ "When must a player fulfil the wish?": in his ordinary turn only."""
    v = verdict("5", "KKKK", wish=8, hand=p("8KKKK"), out_of_turn=True)
    assert v.legal and Step("tichu.wish.out_of_turn", rank=C(8)) in v.steps


def test_wish_on_lead():
    """A player who leads and holds the wished card must play it."""
    assert not verdict("-", "9", wish=8, hand=p("89")).legal
    assert verdict("-", "8", wish=8, hand=p("89")).legal
    assert verdict("D", "88", wish=8, hand=p("889")).legal


def test_passing():
    assert judge_pass(p("5")).legal
    assert judge_pass(()).reason == "tichu.reason.pass_on_lead"
    v = judge_pass(p("5"), wish=8, hand=p("8"))
    assert (v.legal, v.reason) == (False, "tichu.reason.wish_pass")
    assert judge_pass(p("A"), wish=8, hand=p("8")).legal


def test_wish_without_a_hand_is_only_mentioned():
    v = verdict("5", "9", wish=8)
    assert v.legal and Step("tichu.wish.hand_unknown", rank=C(8)) in v.steps


def test_play_must_come_from_the_hand():
    with pytest.raises(RuleInputError) as err:
        verdict("5", "9", wish=8, hand=p("8"))
    assert err.value.step == Step("tichu.error.not_in_hand", card=C(9))
    assert verdict("5", "9", hand=p("9r")).legal  # a card without a suit matches any suit


# --- A trick --------------------------------------------------------------------------------
def test_whole_trick_with_wish_bomb_and_dragon():
    """Mah Jong wishing an 8, the 8 forced, the Dragon bombed out of turn: the bomber takes the trick."""
    hands = (p("1R3"), p("8K2"), p("Q4"), p("5555A2"))
    trick = Trick.deal(hands, leader=0).play(0, p("1"), wish=8)
    assert trick.wish == 8 and trick.to_move == 1
    with pytest.raises(IllegalMove) as err:
        trick.play(1, p("K"))
    assert err.value.verdict.reason == "tichu.reason.wish_not_fulfilled"
    trick = trick.play(1, p("8"))
    assert trick.wish is None
    trick = trick.play(2, p("Q")).play(3, p("A")).play(0, p("R"))
    trick = trick.play(3, p("5555"))  # out of turn, before player 1 answers the Dragon
    assert trick.moves[-1].out_of_turn and trick.to_move == 0
    trick = trick.pass_(0).pass_(1).pass_(2)
    assert trick.is_over and not trick.needs_gift
    result = trick.result()
    assert (result.winner, result.taker, result.next_lead) == (3, 3, 3)
    assert result.points == 5 * 4 + 25  # four 5s and the Dragon


def test_dragon_trick_is_given_to_an_opponent():
    trick = Trick.deal((p("K9"), p("R2"), p("A3"), p("44")), leader=0)
    trick = trick.play(0, p("K")).play(1, p("R")).pass_(2).pass_(3).pass_(0)
    assert trick.needs_gift
    with pytest.raises(RuleInputError):
        trick.result()
    with pytest.raises(RuleInputError):
        trick.result(gift_to=3)  # the partner may not take it
    result = trick.result(gift_to=2)
    assert (result.taker, result.points, result.next_lead) == (2, 35, 1)


def test_dog_hands_the_lead_to_the_partner():
    trick = Trick.deal((p("D5"), p("6"), p("7"), p("8")), leader=0).play(0, p("D"))
    assert trick.is_over and trick.result().next_lead == 2
    with pytest.raises(RuleInputError):
        trick.result(gift_to=1)  # only a Dragon trick is given away
    # partner already out: the next player after the partner leads
    trick = Trick.deal((p("D5"), p("6"), (), p("8")), leader=0).play(0, p("D"))
    assert trick.result().next_lead == 3


def test_a_player_out_passes_the_lead_on():
    trick = Trick.deal((p("A"), p("6"), p("7"), p("8")), leader=0).play(0, p("A"))
    trick = trick.pass_(1).pass_(2).pass_(3)
    assert trick.is_over and trick.result().next_lead == 1


# --- Card points and scoring -------------------------------------------------------------------
def test_card_points_of_the_deck_add_up_to_100():
    """Rulebook, "Scoring": 5s 5, 10s and Kings 10, Dragon 25, Phoenix -25."""
    assert card_points(deck()) == 100
    assert card_points(p("5050KKRP")) == 5 + 10 + 5 + 10 + 20 + 25 - 25


def test_score_normal_round():
    """Player 4 last: hand 10 to team 1 (opponents), tricks 15 to player 1 (first out)."""
    result = score_round((0, 1, 2), (30, 20, 25, 15), 10)
    assert result.points == (30 + 15 + 25 + 10, 20)
    assert sum(result.points) == 100


def test_score_last_player_on_team_one():
    """Player 3 last: hand to team 2, tricks to player 2 (first out)."""
    result = score_round((1, 3, 0), (10, 20, 40, 0), 30)
    assert result.points == (10, 20 + 40 + 30)


def test_double_victory_counts_no_cards():
    result = score_round((1, 3), calls={1: "tichu"})
    assert result.points == (0, 300) and result.double_victory == 1


def test_tichu_and_grand_tichu():
    """Rulebook, "Tichu": +100 / -100, Grand Tichu +200 / -200, the caller must go out first."""
    assert score_round((0, 1, 2), (25, 25, 25, 25), 0, {0: "tichu", 1: "grand"}).points == (175, -175)
    assert score_round((2, 1, 0), (25, 25, 25, 25), 0, {0: "tichu"}).points == (-25, 25)


def test_game_to_1000():
    """Rulebook, "End of the game": 1000 points; both over: the higher score wins."""
    result = score_round((0, 2), before=(850, 990))
    assert result.totals == (1050, 990) and result.game_over and result.winner == 0
    tied = score_round((0, 1, 2), (50, 50, 0, 0), 0, before=(950, 950))
    assert tied.totals == (1000, 1000) and not tied.game_over


@pytest.mark.parametrize(
    "args, code",
    [
        (((0, 1), (0, 0, 0, 0), 0), "tichu.error.out_order"),  # two out from different teams
        (((0, 0, 1), (0, 0, 0, 0), 0), "tichu.error.out_order"),
        (((0, 1, 2), (30, 20, 25, 15), 5), "tichu.error.points_total"),
        (((0, 1, 2), (33, 20, 25, 12), 10), "tichu.error.points"),
    ],
)
def test_score_errors(args, code):
    with pytest.raises(RuleInputError) as err:
        score_round(*args)
    assert err.value.step.code == code


def test_phoenix_single_value_follows_the_trick():
    trick = Trick.deal((p("9"), p("P"), p("0"), p("9")), leader=0).play(0, p("9")).play(1, p("P"))
    assert trick.phoenix_on == C(9)
    assert not trick.judge(3, p("9")).legal or trick.to_move != 3
    assert trick.judge(2, p("0")).legal


def test_bomb_steps_name_the_suit():
    v = verdict("-", "5g6g7g8g9g")
    step = v.steps[1]
    assert step.code == "tichu.play.straight_flush" and step["suit"] is TichuSuit.JADE and step["length"] == 5
    assert PHOENIX not in [c.rank for c in step["cards"]]
