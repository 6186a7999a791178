"""``kartenschule quiz``: the questions of a code on the command line, the same as on the web."""

from __future__ import annotations

from click.testing import CliRunner

from webapp import quiz
from webapp.cli import main
from webapp.games.tichu import rules as tichu


def run(*args: str):
    return CliRunner().invoke(main, ["quiz", *args])


def test_prints_the_questions_of_a_code():
    result = run("skat_family", "K7PX3M", "--count", "3")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 3
    for number, line in enumerate(lines):
        hand = quiz.question("skat_family", "normal", "K7PX3M", number).to_json()["hand"]
        assert line == f"{number + 1}. The hand: {' '.join(hand)}"


def test_answers_and_steps_in_german():
    result = run("tichu_legality", "k7p-x3m", "--count", "2", "--explain", "--lang", "de")
    assert result.exit_code == 0, result.output
    verdicts = [line.strip() for line in result.output.splitlines() if line.strip().startswith("-> ")]
    for number, verdict in enumerate(verdicts):
        q = quiz.question("tichu_legality", "normal", "K7PX3M", number).to_json()
        legal = tichu.judge(tichu.parse_play(q["table"]), tichu.parse_play(q["play"])).legal
        assert verdict.startswith("-> Erlaubt: ") if legal else verdict == "-> Nicht erlaubt"
    assert len(verdicts) == 2


def test_a_bad_code_exits_2_with_the_problem():
    result = run("skat_family", "K7PX")
    assert result.exit_code == 2
    assert "A quiz code has 6 letters and digits" in result.output


def test_unknown_kind_is_a_usage_error():
    assert run("chess", "K7PX3M").exit_code == 2
