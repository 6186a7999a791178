"""The club-player bots (webapp/games/skat/club.py): sampled card play on top of the beginners' rules (issue 35)."""

from __future__ import annotations

from webapp.games.skat import official
from webapp.games.skat.bots import bot_limit, bot_move
from webapp.games.skat.chances import card_chances
from webapp.games.skat.club import CLUB_SAMPLES, MIN_SOLVED, club_limit, club_move, share_of
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.hand_model import win_chance
from webapp.games.skat.official import TRUMP_GAMES, GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.table import Phase, Play, deal


def _play_states(seed: int, every: int = 4):
    """States of a beginners' game from ``seed`` in trick play, every ``every`` th card, from the fourth trick."""
    state = deal(seed, 1)
    played = 0
    while state.to_act is not None:
        if state.phase is Phase.PLAY:
            if played >= 9 and played % every == 0:
                yield state
            played += 1
        state = state.apply(bot_move(state).action)


def test_the_club_player_bids_the_safe_value_of_a_game_it_wins_often_enough():
    """Its limit is the coach's safe bid (ISkO 5.4: no skat can make the game worth less) of the highest game whose
    fitted chance reaches its share (club.BID_SHARE); below the share it passes, naming the best game's chance; Null as the
    beginner."""
    seen = set()
    for number in range(1, 80):
        for hand in deal(7, number).hands:
            limit, aim, why = club_limit(hand, forehand=False)
            chances = {g.game: (g.safe, win_chance(hand, g.game, False)) for g in bidding_coach(hand).games
                       if g.game in TRUMP_GAMES}
            good = {g: safe for g, (safe, p) in chances.items() if p >= share_of(g)}
            if good:
                assert limit == max(good.values()) and why[0].code == "skat.table.bot.club_limit"
                seen.add("bid")
            elif aim is GameType.NULL:
                assert (limit, aim, why) == bot_limit(hand)
                seen.add("null")
            else:
                assert (limit, aim) == (0, None) and why[0].code == "skat.table.bot.club_pass"
                seen.add("pass")
    assert {"bid", "pass"} <= seen


def test_the_club_declarer_declares_a_game_that_reaches_the_bid_with_the_best_chance():
    """After putting away, the game declared reaches the bid (ISkO 5.4: no overbid when another game would not) and
    its fitted chance for the 10 cards kept is the furthest above its share of those that do."""
    checked = 0
    for number in range(1, 60):
        state = deal(3, number)
        while state.to_act is not None and state.phase is not Phase.PLAY:
            move = club_move(state)
            if state.phase is Phase.DECLARE and move.steps[0].code == "skat.table.bot.club_declare":
                kept, put = state.hands[state.to_act.value], state.discarded
                reaching = [g for g in TRUMP_GAMES if official.game_value(
                    kept, put, official.Declaration(g, not state.picked_up)).value >= state.bid]
                forehand = state.to_act is Seat.FOREHAND
                assert move.action.game in reaching
                margin = {g: win_chance(kept, g, forehand) - share_of(g) for g in reaching}
                assert margin[move.action.game] == max(margin.values())
                checked += 1
            state = state.apply(move.action)
    assert checked >= 10


def test_in_trick_play_it_plays_a_card_with_the_most_sampled_wins_and_says_so():
    """The card has the most wins over the sampled deals; its reason names its wins, the deals, and the next best
    card's wins; the same state gives the same move."""
    checked = 0
    for seed in (1, 2, 3):
        for state in _play_states(seed):
            if len(state.legal_actions()) < 2:
                continue
            move = club_move(state)
            chances = card_chances(state, CLUB_SAMPLES)
            if chances.deals < MIN_SOLVED:
                assert move == bot_move(state)
                continue
            wins = dict(chances.cards)
            assert isinstance(move.action, Play) and wins[move.action.card] == max(wins.values())
            (step,) = move.steps
            assert step.code == "skat.table.bot.club_card"
            params = step.as_dict()
            assert (params["wins"], params["deals"]) == (wins[move.action.card], chances.deals)
            assert params["second_wins"] == wins[params["second"]] <= params["wins"]
            assert club_move(state) == move
            checked += 1
    assert checked >= 5


def test_on_a_tie_the_beginners_card_is_kept():
    """Where the beginner's card is among the cards with the most wins, the club player plays it too."""
    for state in _play_states(5, every=3):
        if len(state.legal_actions()) < 2:
            continue
        chances = card_chances(state, CLUB_SAMPLES)
        if chances.deals < MIN_SOLVED:
            continue
        wins = dict(chances.cards)
        beginner = bot_move(state).action.card
        if wins[beginner] == max(wins.values()):
            assert club_move(state).action.card == beginner
