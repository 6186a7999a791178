"""`kartenschule tichu round` (issue 19, section 3): four bots play; calls, exchange, tricks, score; bad input."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from webapp.cli import main

ROUND_LINE = re.compile(r"^team 1: (-?\d+), team 2: (-?\d+)$")
GAME_LINE = re.compile(r"^game: team 1 (-?\d+), team 2 (-?\d+)$")


@pytest.fixture(scope="module")
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["tichu", "round", *args])


def expected_sum(block: str) -> int:
    """What the two teams' round points add up to by the rulebook ("Scoring", "Tichu"): 100 card points, or 200
    for a double victory, and each call +/-100 (Tichu) or +/-200 (Grand Tichu) by whether the caller went out
    first."""
    lines = block.splitlines()
    first = next(int(m.group(1)) for line in lines if (m := re.match(r"^Player (\d) is out \(place 1\)", line)))
    total = 200 if any("double victory" in line for line in lines) else 100
    for line in lines:
        if m := re.match(r"^Player (\d) calls (Grand )?Tichu\.$", line):
            value = 200 if m.group(2) else 100
            total += value if int(m.group(1)) == first else -value
    return total


def test_a_round_prints_the_exchange_every_trick_and_the_score(cli):
    result = cli("--seed", "4")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Round 1 (seed 4)"
    assert sum(1 for line in lines if re.match(r"^Player \d passes \S+ to player \d, \S+ to player \d, ", line)) == 4
    assert re.match(r"^Trick 1: player \d 1", next(line for line in lines if line.startswith("Trick 1:")))
    assert any(line.startswith("Player ") and "(place 1)" in line for line in lines)
    points = ROUND_LINE.match(lines[-2])
    assert points and GAME_LINE.match(lines[-1])
    assert int(points.group(1)) + int(points.group(2)) == expected_sum(result.stdout)
    assert cli("--seed", "4").stdout == result.stdout  # the same seed, the same round


def test_several_rounds_carry_the_score_over(cli):
    result = cli("--seed", "21", "--rounds", "3")
    assert result.exit_code == 0, result.output
    blocks = result.stdout.strip().split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == ["Round 1 (seed 21)", "Round 2 (seed 21)", "Round 3 (seed 21)"]
    totals = (0, 0)
    for block in blocks:
        lines = block.splitlines()
        points = ROUND_LINE.match(lines[-2])
        game = GAME_LINE.match(lines[-1])
        assert int(points.group(1)) + int(points.group(2)) == expected_sum(block)
        totals = (totals[0] + int(points.group(1)), totals[1] + int(points.group(2)))
        assert (int(game.group(1)), int(game.group(2))) == totals


def test_explain_gives_each_bots_reason_in_german(cli):
    result = cli("--seed", "4", "--explain", "--lang", "de")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("Runde 1 (Startzahl 4)")
    assert "Stich 1:" in text and "gibt den Gegnern niedrige Karten" in text and "Großes Tichu" in text
    assert "Player" not in text and "trick" not in text


@pytest.mark.parametrize("args, word", [
    (("--seed", "x"), "seed"),
    (("--seed", "4", "--rounds", "0"), "rounds"),
    (("--seed", "4", "--rounds", "many"), "rounds"),
    (("--seed", "4", "--lang", "xx"), "lang"),
    ((), "seed"),
])
def test_bad_input_names_the_problem_on_stderr(cli, args, word):
    result = cli(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert word in result.stderr
