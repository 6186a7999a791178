"""The table coach's words (issue 35, :mod:`webapp.games.skat.table_coach`): each decision's advice from the
chances, and "the coach would have played" only when it matters. The rules checked are the module's own (the
coach's), written out again here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.skat.advice import ADVISE_SHARE, bid_advice, expected_score
from webapp.games.skat.bids import VALID_BIDS
from webapp.games.skat.chances import CardChances
from webapp.games.skat.official import GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card
from webapp.games.skat.table_codes import replay
from webapp.games.skat.table_coach import (
    GAMBLE, MATTERS, bid_steps, card_steps, declare_steps, put_away_steps, tenths, would_have_steps,
)


def chances(*pairs: tuple[str, int], deals: int = 20) -> CardChances:
    return CardChances(Seat.FOREHAND, False, 61, tuple((parse_card(c), w) for c, w in pairs), deals, 0, 0)


@given(st.floats(min_value=0.0, max_value=1.0))
def test_tenths_is_the_nearest_of_ten(chance):
    n = tenths(chance)
    assert 0 <= n <= 10 and abs(n / 10 - chance) <= 0.05 + 1e-9


def test_the_coach_mentions_a_better_card_only_when_it_matters():
    # 20 deals: MATTERS (15 %) is 3 deals
    assert would_have_steps(chances(("AS", 12), ("7S", 10)), parse_card("7S")) == ()
    said = would_have_steps(chances(("AS", 13), ("7S", 10)), parse_card("7S"))
    assert said and said[0].code == "skat.table.coach.would_have" and said[0]["card"] == parse_card("AS")
    assert said[0]["wins"] == 13 and said[0]["played_wins"] == 10
    assert would_have_steps(chances(("AS", 13), ("7S", 10)), parse_card("AS")) == ()  # the best card itself
    assert would_have_steps(chances(("AS", 13)), parse_card("KH")) == ()  # not among the chances
    assert would_have_steps(chances(("AS", 1), ("7S", 0), deals=2), parse_card("7S"))  # at least one deal


@settings(max_examples=200)
@given(st.lists(st.integers(min_value=0, max_value=30), min_size=2, max_size=6))
def test_would_have_follows_its_rule(wins):
    cards = ["AS", "KS", "QS", "JS", "0S", "9S"][:len(wins)]
    cc = chances(*zip(cards, wins), deals=30)
    for card, played in zip(cards, wins):
        said = would_have_steps(cc, parse_card(card))
        assert bool(said) == (max(wins) - played >= max(1, MATTERS * 30))


def test_card_steps_name_the_two_best_cards_or_say_they_are_all_alike():
    (step,) = card_steps(chances(("7S", 4), ("AS", 15), ("KS", 9)))
    assert step.code == "skat.table.bot.club_card"
    assert (str(step["card"]), step["wins"], str(step["second"])) == ("AS", 15, "KS")
    (same,) = card_steps(chances(("7S", 8), ("AS", 8)))
    assert same.code == "skat.table.coach.card_same" and same["wins"] == 8


def test_bid_steps_follow_the_advice(app):
    """Over the first 60 deals, the child's seat as forehand: the advice's kind and limit agree with bid_advice, and
    a hand with no advised game is a gamble exactly when its best chance reaches GAMBLE."""
    kinds = set()
    for seed in range(60):
        state = replay(seed, 1, ["pass", "pass"])  # forehand (the child in game 1) decides
        with app.test_request_context():  # a Null variant's name is said in the reader's language
            steps = bid_steps(state, Seat.FOREHAND)
        advice = bid_advice(state.hands[0], True)
        head = steps[0]
        kinds.add(head.code)
        if len(advice.plan) == 1:
            assert head.code == "skat.table.coach.bid_up_to" and head["limit"] == advice.limit
        elif advice.plan:
            assert head.code == "skat.table.coach.bid_limit" and head["limit"] == advice.limit
            ranges = [s for s in steps if s.code == "skat.table.coach.plan_range"]
            assert [s["safe"] for s in ranges] == [g.safe for g in advice.plan]
        else:
            assert max(g.chance for g in advice.games) < ADVISE_SHARE
            expected = "gamble" if advice.games[0].chance >= GAMBLE else "too_weak"
            assert head.code == f"skat.table.coach.{expected}"
        listed = [s for s in steps if s.code == "skat.table.coach.game_chance"]
        assert [s["safe"] for s in listed] == [g.safe for g in advice.games[:3]]
    assert len(kinds) >= 2  # the test saw advice and a pass


def test_the_bid_plan_plays_the_best_advised_game_at_every_bid():
    """Brute force over every valid bid: the plan's game for a bid is, among the games with at least the advised
    chance whose safe value reaches it, one with the most list points expected; beyond the limit none reaches."""
    for seed in range(80):
        advice = bid_advice(replay(seed, 1, ["pass", "pass"]).hands[0], True)
        good = [g for g in advice.games if g.chance >= ADVISE_SHARE]
        for bid in VALID_BIDS:
            reaching = [g for g in good if g.safe >= bid]
            planned = next((g for g in advice.plan if g.safe >= bid), None)
            if not reaching:
                assert planned is None and bid > advice.limit
                continue
            best = max(expected_score(g.chance, g.safe) for g in reaching)
            assert planned is not None and expected_score(planned.chance, planned.safe) == best


def test_the_skat_coach_puts_away_and_declares(app):
    state = replay(5, 1, ["pass", "pass", "18", "skat"])
    with app.test_request_context():
        ways = put_away_steps(state, Seat.FOREHAND)
    assert 1 <= len(ways) <= 3
    for step, cards in ways:
        assert step.code == "skat.table.coach.put_away" and len(cards) == 2
        assert all(c in state.hands[0] for c in cards)
    put = ways[0][1]
    declared = replay(5, 1, ["pass", "pass", "18", "skat", f"put:{put[0]},{put[1]}"])
    with app.test_request_context():
        (step,) = declare_steps(declared, Seat.FOREHAND)
    assert step.code == "skat.table.coach.declare" and step["game"] == ways[0][0]["game"]
    hand_game = replay(5, 1, ["pass", "pass", "18", "hand"])
    assert declare_steps(hand_game, Seat.FOREHAND) == ()


def test_the_skat_coach_offers_null_where_it_promises_the_most(app):
    """A hand of low cards picks up the skat: the Null way (null_discard's two cards) comes first, by the list points
    expected; with a strong trump hand it does not."""
    from dataclasses import replace as swap

    from webapp.games.skat.rules import parse_hand
    from webapp.games.skat.table_coach import put_away_ways

    state = replay(5, 1, ["pass", "pass", "18", "skat"])
    low = parse_hand("7C 8C 9C 7S 8S 9S 7H 8H 9H 7D") + (parse_card("8D"), parse_card("9D"))
    rest = [c for c in state.hands[0] + state.hands[1] + state.hands[2] + state.skat if c not in low]
    lowly = swap(state, hands=(low, tuple(rest[:10]), tuple(rest[10:20])), skat=tuple(rest[20:]))
    with app.test_request_context():
        ways = put_away_steps(lowly, Seat.FOREHAND)
        strong = put_away_steps(state, Seat.FOREHAND)
    first = put_away_ways(low, 18, True)[0]
    assert first.game is GameType.NULL and ways[0][1] == first.cards and str(ways[0][0]["game"]).startswith("Null")
    assert not str(strong[0][0]["game"]).startswith("Null")  # the strong hand's advice is its trump game


def test_before_the_skat_the_coach_picks_up_for_its_game_and_plays_hand_only_for_a_null_hand(app, monkeypatch):
    """The skat phase: pick up for every game but a Null Hand (ISkO 3.4: a Hand game leaves the skat face down);
    after playing Hand for the Null Hand the coach declares it. A Null Hand is rarely planned (Null Ouvert at 46
    usually beats it), so the plan is given here."""
    from webapp.games.skat import table_coach
    from webapp.games.skat.advice import BidAdvice, GameChance
    from webapp.games.skat.table import Declare, PickUp, PlayHand
    from webapp.games.skat.table_coach import hand_move, skat_steps

    state = replay(5, 1, ["pass", "pass", "18"])
    advised = bid_advice(state.hands[0], True)
    with app.test_request_context():
        (step,) = skat_steps(state, Seat.FOREHAND)
    assert hand_move(state, Seat.FOREHAND) == PickUp() and step.code == "skat.table.coach.pick_up"
    assert step["wins"] == tenths(advised.plan[0].chance if advised.plan else advised.games[0].chance)
    null_hand = GameChance(GameType.NULL, 0.74, 35, 35, hand=True)
    monkeypatch.setattr(table_coach, "bid_advice", lambda hand, forehand: BidAdvice((null_hand,), (null_hand,)))
    with app.test_request_context():
        (step,) = skat_steps(state, Seat.FOREHAND)
    assert hand_move(state, Seat.FOREHAND) == PlayHand() and step.code == "skat.table.coach.play_hand"
    assert step["wins"] == 7 and str(step["game"]) == "Null Hand"
    hand_game = state.apply(PlayHand())
    with app.test_request_context():
        (said,) = declare_steps(hand_game, Seat.FOREHAND)
    assert hand_move(hand_game, Seat.FOREHAND) == Declare(GameType.NULL) and said.code == "skat.table.coach.declare"
    assert hand_move(state.apply(PickUp()), Seat.FOREHAND) is None  # the skat seen: put_away_ways decides


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=10_000), st.sampled_from(Seat), st.sampled_from(VALID_BIDS))
def test_the_game_aimed_for_at_the_bid_is_the_plans_else_the_likeliest_that_reaches_it(number, seat, bid):
    from webapp.games.skat.table import deal
    from webapp.games.skat.table_coach import hand_choice

    hand = deal(3, number).hands[seat.value]
    advice = bid_advice(hand, seat is Seat.FOREHAND)
    choice = hand_choice(hand, bid, seat is Seat.FOREHAND)
    reaching = [g for g in advice.games if g.safe >= bid]
    planned = [g for g in advice.plan if g.safe >= bid]
    if not reaching:
        assert choice is None
    elif planned:
        assert choice == min(planned, key=lambda g: g.safe)
    else:
        assert choice is not None and choice.chance == max(g.chance for g in reaching) and choice.safe >= bid
