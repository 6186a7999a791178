"""Property tests of the official Skat rules (ISkO 2.4, 5.1-5.4) over random deals."""

from __future__ import annotations

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.games.skat.rules import DECK, Card, Rank, Suit
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.bids import VALID_BIDS
from webapp.games.skat.official import Announcement, GameType, Outcome, count_matadors, declare, game_value, score_game

JC = Card(Rank.JACK, Suit.CLUBS)
TWELVE = st.lists(st.sampled_from(DECK), min_size=12, max_size=12, unique=True)
TRUMP_GAMES = [g for g in GameType if g is not GameType.NULL]


@st.composite
def declarations(draw):
    game = draw(st.sampled_from(list(GameType)))
    ouvert = draw(st.booleans())
    hand = draw(st.booleans())
    announced = None
    if not game.is_null and hand and not ouvert:
        announced = draw(st.sampled_from([None, Announcement.SCHNEIDER, Announcement.SCHWARZ]))
    return declare(game, hand=hand, ouvert=ouvert, announced=announced)


@st.composite
def outcomes(draw):
    tricks = draw(st.integers(0, 10))
    if tricks == 10:
        return Outcome(120, 10)
    if tricks == 0:
        return Outcome(0, 0)
    return Outcome(draw(st.integers(2, 118)), tricks)


@settings(max_examples=examples(300), deadline=None)
@given(cards=TWELVE, declared=declarations())
def test_every_value_is_a_valid_bid(cards, declared):
    declaration, _ = declared
    result = game_value(cards[:10], cards[10:], declaration)
    assert result.value in VALID_BIDS
    if not declaration.game.is_null:
        assert result.value == declaration.game.base_value * (result.matadors.count + len(result.levels))
        assert result.matadors.with_ is (JC in cards)


@settings(max_examples=examples(300), deadline=None)
@given(cards=TWELVE, declared=declarations(), result=outcomes(), bid=st.sampled_from(VALID_BIDS))
def test_score_is_won_lost_twice_or_overbid(cards, declared, result, bid):
    declaration, implied = declared
    if declaration.game.is_null and bid > game_value(None, None, declaration).value:
        return  # refused, tested separately
    score = score_game(cards[:10], cards[10:], declaration, result, bid, implied=implied)
    value = score.value
    if score.won:
        assert score.score == value >= bid
    elif score.overbid:
        base = declaration.game.base_value
        assert value < bid and score.score % (2 * base) == 0 and bid <= -score.score // 2 < bid + base
    else:
        assert score.score == -2 * value
    if not declaration.game.is_null:
        won_by_points = result.points >= 61 and value >= bid
        if declaration.schneider_announced:
            won_by_points &= result.points >= 90
        if declaration.schwarz_announced:
            won_by_points &= result.tricks == 10
        assert score.won is won_by_points


@settings(max_examples=examples(200), deadline=None)
@given(cards=TWELVE, game=st.sampled_from(TRUMP_GAMES), cut=st.integers(0, 10))
def test_matadors_do_not_depend_on_which_cards_lie_in_the_skat(cards, game, cut):
    """ISkO 2.4: the 12 cards count together; which two are the skat does not matter."""
    a = count_matadors(game, cards[:10], cards[10:])
    b = count_matadors(game, cards[cut + 2:] + cards[:cut], cards[cut:cut + 2])
    assert (a.kind, a.count) == (b.kind, b.count)


@settings(max_examples=examples(40), deadline=None)
@given(cards=st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True))
def test_coach_safe_bid_never_exceeds_the_value_and_with_is_safe(cards):
    result = bidding_coach(cards)
    for game in result.games:
        assert game.safe <= game.value
        assert game.safe in VALID_BIDS
        if game.matadors is not None and game.matadors.with_:
            assert game.safe == game.value
    if result.best is not None:
        assert result.stop == result.best.safe and result.ladder[-1] <= result.best.value
