"""Table actions as short texts, and replaying a game from them (the page keeps a game in its URL)."""

from __future__ import annotations

import pytest

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.skat.bots import bot_move
from webapp.games.skat.official import Announcement, GameType
from webapp.games.skat.rules import parse_card
from webapp.games.skat.table import Declare, Phase, deal
from webapp.games.skat.table_codes import action_code, parse_action, replay


@pytest.mark.parametrize("seed", range(8))
def test_a_whole_game_replays_from_its_codes(seed):
    state, codes = deal(seed, 2), []
    while state.to_act is not None:
        action = bot_move(state).action
        codes.append(action_code(action))
        assert parse_action(codes[-1]) == action
        state = state.apply(action)
    assert replay(seed, 2, codes) == state


def test_codes():
    assert parse_action("Grand+Schwarz") == Declare(GameType.GRAND, False, Announcement.SCHWARZ)
    assert parse_action("10h").card == parse_card("0H")


@pytest.mark.parametrize("text", ["", "hello", "put:AC", "put:AC,AC", "clubs+hand", "clubs+schneider+schwarz",
                                  "XX", "put:AC,ZZ"])
def test_bad_codes_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_replay_refuses_a_forbidden_move_and_endless_lists():
    with pytest.raises(RuleViolation):
        replay(1, 1, ["yes"])
    with pytest.raises(RuleViolation):  # a move after the end: a long list stops there
        replay(1, 1, ["pass"] * 1000)
    assert replay(1, 1, []).phase is Phase.AUCTION
