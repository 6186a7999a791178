"""`kartenschule tichu chance` (issue 38, section 3): the chance to go out first, its interval, the advice; bad
input on stderr with exit status 2."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from webapp.cli import main

FIGURES = re.compile(r"^chance to go out first: (\d+\.\d) % \(95 % interval (\d+\.\d) to (\d+\.\d) %, (\d+) deals\)$")


@pytest.fixture(scope="module")
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["tichu", "chance", *args])


def test_eight_cards_give_the_chance_and_the_grand_tichu_advice(cli):
    result = cli("--samples", "6", "--seed", "2", "RPAK", "2345")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    chance, low, high, deals = FIGURES.match(lines[0]).groups()
    assert float(low) <= float(chance) <= float(high) and deals == "6"
    assert lines[1] in ("advice: call Grand Tichu", "advice: no Grand Tichu")
    assert lines[2].startswith("If you call, you go out first in about ")
    assert "Grand Tichu" in lines[-1]
    assert cli("--samples", "6", "--seed", "2", "RPAK2345").stdout == result.stdout  # same cards and seed


def test_fourteen_cards_give_the_tichu_advice(cli):
    result = cli("--samples", "4", "23456789 0JQKA D")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] in ("advice: call Tichu", "advice: no Tichu")


@pytest.mark.parametrize(("args", "message"), [
    (("RPAK234",), "Give 8 cards (to decide on Grand Tichu) or 14 cards (to decide on Tichu), not 7."),
    (("RPAK23x5",), "small letter"),
    (("RRAK2345",), "only one Dragon"),
    (("--samples", "0", "RPAK2345"), "--samples"),
    (("--samples", "2001", "RPAK2345"), "at most 2000"),
    (("--seed", "x", "RPAK2345"), "--seed"),
    ((), "CARDS"),
])
def test_bad_input_is_named_on_stderr_with_exit_status_2(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stdout == ""
