"""The club-player bots (webapp/games/skat/club.py): sampled card play on top of the beginners' rules (issue 35)."""

from __future__ import annotations

from webapp.games.skat.bots import bot_move
from webapp.games.skat.chances import card_chances
from webapp.games.skat.club import CLUB_SAMPLES, MIN_SOLVED, club_move
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


def test_outside_trick_play_the_club_player_moves_as_the_beginner():
    state = deal(4, 1)
    while state.to_act is not None and state.phase is not Phase.PLAY:
        assert club_move(state) == bot_move(state)
        state = state.apply(bot_move(state).action)


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
