"""Action codes of a Tichu round and replay (a page keeps a round in its URL)."""

from __future__ import annotations

import pytest

from webapp.core.steps import NotationError, RuleViolation
from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Phase, Play, RoundError,
)
from webapp.games.tichu.round_codes import MAX_CODES, action_code, parse_action, replay
from webapp.games.tichu.rules import parse_play as p


@pytest.mark.parametrize("code, action", [
    ("2.grand", CallGrandTichu(1)),
    ("2.no", Decline(1)),
    ("3.tichu", CallTichu(2)),
    ("4.pass", PassTurn(3)),
    ("1.swap:5g,Ab,2r", Exchange(0, (p("5g")[0], p("Ab")[0], p("2r")[0]))),
    ("1.swap:D,R,P", Exchange(0, (p("D")[0], p("R")[0], p("P")[0]))),
    ("4.play:5g5k", Play(3, p("5g5k"))),
    ("1.play:1:w0", Play(0, p("1"), wish=10)),
    ("2.play:3456P:a7", Play(1, p("3456P"), reading=7)),
    ("1.play:1234P:wK:a5", Play(0, p("1234P"), wish=13, reading=5)),
    ("1.dragon:2", GiveDragon(0, 1)),
])
def test_each_action_has_a_code_that_reads_back(code, action):
    assert parse_action(code) == action
    assert action_code(action) == code


def test_words_are_case_insensitive_and_a_ten_may_be_wished_as_10():
    assert parse_action("1.GRAND") == CallGrandTichu(0)
    assert parse_action("1.play:1:w10") == Play(0, p("1"), wish=10)


@pytest.mark.parametrize("code", [
    "5.no", "0.no", "1", "1.", "x.grand", "1.maybe", "1.grand:now", "1.swap:5g,Ab", "1.swap:5g,Ab,2r,3r",
    "1.play:", "1.play:Z", "1.play:1:w1", "1.play:1:w8:w9", "1.play:1:x8", "1.dragon:5", "1.dragon:",
    "1.play:" + "5" * 200,
])
def test_a_bad_code_is_a_notation_error_naming_it(code):
    with pytest.raises(NotationError) as bad:
        parse_action(code)
    assert bad.value.step.code == "tichu.round.error.action_code"
    assert bad.value.step["token"] == code or bad.value.step["token"].endswith("…")
    assert len(bad.value.step["token"]) <= 61


def test_replay_rebuilds_the_round_and_refuses_a_move_out_of_place():
    codes = ["1.no", "2.grand", "3.no", "4.no"]
    state = replay(9, 1, codes)
    assert state.phase is Phase.EXCHANGE and state.calls == (None, "grand", None, None)
    with pytest.raises(RuleViolation) as late:
        replay(9, 1, ["1.tichu"])
    assert late.value.step.code == RoundError.TICHU_EARLY
    with pytest.raises(NotationError):
        replay(9, 1, ["1.no"] * (MAX_CODES + 1))


def test_every_round_and_bot_code_has_a_sentence_using_its_parameters():
    """The round's and the bots' codes (with their parameter names) each have an English sentence that uses
    only those names (the German ones are checked by tests/web/test_messages.py)."""
    import re

    from webapp.catalogue import MESSAGES
    from webapp.games.tichu import round as tichu_round
    from webapp.games.tichu import round_bots

    for code, params in {**tichu_round.CODES, **round_bots.CODES}.items():
        assert code in MESSAGES, code
        entry = MESSAGES[code]
        if isinstance(entry, tuple):  # a plural (NP_): singular, plural and the parameter that counts
            singular, plural, count = entry
            used = set(re.findall(r"%\((\w+)\)s", singular + plural)) | {count}
        else:
            used = set(re.findall(r"%\((\w+)\)s", entry))
        assert used == set(params), code


@pytest.mark.parametrize("name", ["round", "round_plays", "round_codes", "round_bots"])
def test_the_modules_examples_hold(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"webapp.games.tichu.{name}"))
    assert result.attempted > 0 and result.failed == 0
