"""``kartenschule yahtzee``: score, advise, table, tournament."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from webapp.cli import main


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


def test_score_lists_every_box(cli):
    result = cli("yahtzee", "score", "55522")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[4] == "Fives: 15" and "Full House: 25" in lines and "Chance: 19" in lines
    assert "Yahtzee: 0" in lines and len(lines) == 13


def test_default_command_and_joker_with_explanation_in_german(cli):
    result = cli("yahtzee", "44444", "--card", "yahtzee=50,fours=12", "--explain", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "Große Straße: 140" in result.stdout and "Vierer: -" in result.stdout
    assert "Joker-Regel: Vierer ist schon voll" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["yahtzee", "score", "1234"], "You need 5 dice, not 4."),
    (["yahtzee", "score", "12347"], "“7” is not a die"),
    (["yahtzee", "score", "12345", "--card", "aces=6"], "Aces cannot hold 6 points"),
    (["yahtzee", "advise", "--dice", "12345", "--roll", "0"], "give --dice with --roll 1, 2 or 3"),
])
def test_bad_input_exits_2_naming_the_problem(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_advise_marks_the_best_choice(cli, yahtzee_strategy):
    result = cli("yahtzee", "advise", "--dice", "66612", "--roll", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("*") and lines[0].endswith("keep 666")
    assert any(line.startswith("Best: keep the dice showing 6, 6, 6 and roll 2 dice again") for line in lines)
    start = cli("yahtzee", "advise")
    assert "you can expect 254.6 points" in start.stdout


def test_table_command_reports_the_expected_score(cli, yahtzee_strategy):
    result = cli("yahtzee", "table")
    assert result.exit_code == 0 and "expected score 254.5877 (forced joker)" in result.stdout


def test_tournament_prints_the_table(cli):
    result = cli("yahtzee", "tournament", "--games", "5", "dummy", "heuristic")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["#", "bot", "points", "mean", "std", "dev", "max"]
    assert lines[1].split()[1] == "HeuristicBot" and lines[1].split()[2] == "5"


def test_tournament_with_an_unknown_bot(cli):
    result = cli("yahtzee", "tournament", "--games", "1", "dummy", "nosuchbot")
    assert result.exit_code == 2 and "nosuchbot" in result.stderr


def test_advise_speaks_the_language_of_lang_in_its_table_too(cli, yahtzee_strategy):
    """The table's lines are in the reader's language: "behalte 666" and a decimal comma in German (issue 17)."""
    english = cli("yahtzee", "advise", "--dice", "66612", "--roll", "1").stdout.splitlines()[0]
    german = cli("yahtzee", "advise", "--dice", "66612", "--roll", "1", "--lang", "de").stdout.splitlines()[0]
    value = english.split()[1]
    assert "." in value and german.split()[1] == value.replace(".", ",")
    assert german.endswith("666") and "keep" not in german
