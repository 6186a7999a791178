"""Quiz questions as frozen dataclasses, modes and difficulties as StrEnums, the classroom's typed errors.

The pinned questions were printed by the dict-based generator before questions
became dataclasses (commit ab03900), and their answers are worked out by hand
from the rules (seed 002 family rule, ISkO 2.4/5.1/5.2, seed 001 Tichu,
seed 003 poker ranking): a quiz code must keep giving the same questions.
"""

from __future__ import annotations

import dataclasses
import json
import random
from types import SimpleNamespace

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp import quiz
from webapp.classroom import service as classroom
from webapp.core.csvfile import csv_cell
from webapp.core.quizkind import Difficulty, Question
from webapp.core.steps import RuleInputError
from webapp.quiz import kinds

KIND_NAMES = sorted(kinds.KINDS)

# (kind, question 0 of code K7PX3M at "normal" as JSON, its answer worked out by hand)
PINNED = [
    # pair of threes against pair of eights: B wins (seed 003)
    ("poker_showdown", {"a": ["HT", "S7", "C3", "H3", "D2"], "b": ["CJ", "S4", "D8", "DT", "S8"]}, {"winner": "b"}),
    # three jacks and three clubs are 6 trumps, but no ace of another suit: pass (seed 002)
    ("skat_family", {"hand": ["KC", "QC", "JC", "8C", "KS", "JS", "QH", "0H", "9H", "JD"]},
     {"trump": "pass", "value": None}),
    # Hearts Hand: JC, JS missing, JH held: without 2; (2 + 1 + 1) x 10 = 40 (ISkO 2.4, 5.1, 5.2)
    ("skat_official", {"hand": ["KC", "8C", "QS", "7S", "AH", "KH", "JH", "8H", "KD", "0D"], "skat": ["JD", "7D"],
                       "game": "hearts", "hand_game": True}, {"value": 40}),
    # a triple of tens on a triple of twos: allowed, a triple (seed 001)
    ("tichu_legality", {"table": "222", "play": "000"}, {"legal": "yes", "kind": "triple"}),
]


@pytest.mark.parametrize("name, data, answer", PINNED)
def test_a_quiz_code_gives_the_questions_it_gave_before(name, data, answer):
    question = quiz.question(name, "normal", "K7PX3M", 0)
    assert question.to_json() == data
    assert json.dumps(question.to_json()) == json.dumps(data)  # the same keys in the same order
    assert kinds.get(name).solve(question) == answer


@pytest.mark.parametrize("name", KIND_NAMES)
def test_questions_are_frozen_and_shared_from_the_cache(name):
    question = quiz.question(name, "hard", "ABCDEF", 2)
    assert dataclasses.is_dataclass(question) and isinstance(question, Question)
    assert isinstance(question, kinds.get(name).QUESTION)
    field = dataclasses.fields(question)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(question, field, ())
    assert quiz.question(name, "hard", "ABCDEF", 2) is question
    assert hash(question) == hash(kinds.get(name).QUESTION.from_json(question.to_json()))


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(KIND_NAMES), difficulty=st.sampled_from(kinds.DIFFICULTIES), seed=st.integers(0, 10**9))
def test_the_json_form_reads_back_to_the_same_question(name, difficulty, seed):
    kind = kinds.get(name)
    question = kind.generate(random.Random(seed), difficulty)
    data = json.loads(json.dumps(question.to_json()))
    again = kind.QUESTION.from_json(data)
    assert again == question
    assert kind.solve(data) == kind.solve(question)  # the JSON form is read at the boundary
    assert kind.check(data, kind.solve(question)).correct


def test_a_bad_json_form_is_a_rule_input_error():
    with pytest.raises(RuleInputError):  # nine cards are no Skat hand (seed 002)
        kinds.get("skat_family").QUESTION.from_json({"hand": "JC JS JD AC KC 9C AS 7H QD".split()})
    with pytest.raises(RuleInputError):  # a poker hand has five cards (seed 003)
        kinds.get("poker_showdown").QUESTION.from_json({"a": ["SA"], "b": "H2 H3 H4 H5 H7".split()})


def test_difficulties_modes_and_actions_keep_their_stored_values():
    # the values in URLs, forms, quiz seeds and the database (webapp/core/models.py: ClassSession.mode)
    assert list(kinds.DIFFICULTIES) == ["easy", "normal", "hard"]
    assert [str(m) for m in classroom.Mode] == ["lobby", "demo", "question", "ended"]
    assert [str(a) for a in classroom.Action] == ["demo", "reveal", "ask", "close", "names", "end", "board", "lock",
                                                  "remove", "more_time", "let_in", "refuse"]
    assert f"{Difficulty.HARD}" == "hard" and classroom.Mode("ended") is classroom.Mode.ENDED


@pytest.mark.parametrize("text, error", [
    ("", classroom.BadNickname), ("   ", classroom.BadNickname), ("x" * 21, classroom.BadNickname),
    ("Mia\u200b", classroom.BadNickname), ("Mia\x07", classroom.BadNickname),
])
def test_a_bad_nickname_is_a_typed_error(text, error):
    with pytest.raises(error) as raised:
        classroom.clean_nickname(text)
    assert raised.value.step is not None and raised.value.step.code.startswith("class.error.nickname_")


def test_a_nickname_is_normalised():
    assert classroom.clean_nickname("  Ana   Lena ") == "Ana Lena"
    assert classroom.clean_nickname("Zo\u0065\u0301") == "Zo\u00e9"  # NFC
    assert classroom.clean_nickname("x" * 20) == "x" * 20


@pytest.mark.parametrize("mode, action", [
    ("ended", classroom.Action.ASK), ("ended", classroom.Action.DEMO), ("ended", classroom.Action.END),
    ("lobby", classroom.Action.REVEAL), ("question", classroom.Action.REVEAL), ("lobby", classroom.Action.CLOSE),
    ("demo", classroom.Action.CLOSE),
])
def test_an_action_the_mode_forbids_is_not_now(mode, action):
    # reveal only in a demo, close only with a question, nothing but names after the end
    row = SimpleNamespace(mode=mode)
    with pytest.raises(classroom.NotNow):
        classroom.act(row, action)
    assert row.mode == mode  # nothing changed


def test_the_poll_version_ignores_an_answer_outside_a_question():
    assert classroom.panel_version("question", 3, True, True) == "question.3.1.1"
    assert classroom.panel_version("demo", 3, False, True) == "demo.3.0.0"
    assert classroom.panel_version("question", 0, False, True) == "question.0.0.0"


@pytest.mark.parametrize("cell, safe", [
    ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Mia", "Mia"), (None, ""), (3, "3"), (-48, "-48"), (-0.5, "-0.5"),
])
def test_csv_cells_never_start_a_formula(cell, safe):
    # OWASP "CSV injection": =, +, -, @, tab and CR start a formula in spreadsheets
    assert csv_cell(cell) == safe
