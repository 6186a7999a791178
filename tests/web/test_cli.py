"""The `kartenschule` console script (and the same commands under `flask`)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from webapp.cli import main

SEED = "JC JS JD AC KC 9C AS 7H QD 8D".split()


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args, input=None: runner.invoke(main, list(args), input=input)


def test_skat_seed_hand(cli):
    result = cli("skat", *SEED)
    assert result.exit_code == 0
    assert result.stdout == "36 Clubs\n"


def test_skat_pass(cli):
    assert cli("skat", *"JH JD 0S KS 9C 8C QH KH AD 9D".split()).stdout == "pass\n"


def test_skat_explain_in_german(cli):
    result = cli("skat", "--explain", "--lang", "de", *SEED)
    lines = result.stdout.splitlines()
    assert lines[0] == "36 Kreuz"
    assert "Buben-Faktor: 2 + 1 = 3." in lines
    assert lines[-1] == "Spielwert: 3 × 12 (Kreuz) = 36."


def test_skat_bad_card_exits_2_naming_it(cli):
    result = cli("skat", "JC", "XQ", *SEED[2:])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "XQ" in result.stderr


def test_skat_batch_one_line_per_case_errors_inline(cli):
    text = "JC JS JD AC KC 9C AS 7H QD 8D\nJD,AS,0S,KS,QS,9S,8S,AD,8C,9C\nJC JC\n\nJH JD 0S KS 9C 8C QH KH AD 9D\n"
    result = cli("skat", "--batch", input=text)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 5
    assert lines[0:2] == ["36 Clubs", "44 Spades"]
    assert lines[2].startswith("error: ") and "twice" in lines[2]
    assert lines[3].startswith("error: ")  # the empty line
    assert lines[4] == "pass"


def test_usage_errors_exit_2(cli):
    assert cli("skat").exit_code == 2
    assert cli("skat", "--batch", "JC", input="").exit_code == 2
    assert cli("skat", "--lang", "fr", *SEED).exit_code == 2


def test_flask_cli_offers_the_same_command(runner):
    result = runner.invoke(args=["skat", *SEED])
    assert result.output == "36 Clubs\n"


def test_console_script_is_installed():
    """The real entry point, as a user runs it: stdout, stderr and exit status."""
    exe = shutil.which("kartenschule") or str(Path(sys.executable).with_name("kartenschule"))
    ok = subprocess.run([exe, "skat", *SEED], capture_output=True, text=True, check=False)
    assert (ok.returncode, ok.stdout) == (0, "36 Clubs\n")
    bad = subprocess.run([exe, "skat", "ZZ"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "ZZ" in bad.stderr and bad.stdout == ""


def test_tichu_legal_then_reason(cli):
    result = cli("tichu", "44499", "77722")
    assert result.exit_code == 0
    verdict, reason = result.stdout.splitlines()
    assert verdict == "legal"
    assert "full house" in reason


def test_tichu_illegal_with_reason_and_lead(cli):
    verdict, reason = cli("tichu", "R", "A").stdout.splitlines()
    assert verdict == "illegal" and "Dragon" in reason
    assert cli("tichu", "-", "12345").stdout.splitlines()[0] == "legal"


def test_tichu_explain_in_german(cli):
    lines = cli("tichu", "--explain", "--lang", "de", "5555", "7777").stdout.splitlines()
    assert lines[0] == "erlaubt"
    assert any("Bombe" in line for line in lines[1:])


def test_tichu_bad_card_exits_2(cli):
    result = cli("tichu", "5", "X")
    assert result.exit_code == 2 and "X" in result.stderr and result.stdout == ""
    assert cli("tichu", "5").exit_code == 2  # one play only: usage error


def test_tichu_batch_runs_the_seed_format(cli):
    text = "6 J\n- 1234\nA P\nP R\n5555 777P\nX 5\n7777 5555\n"
    result = cli("tichu", "--batch", input=text)
    lines = result.stdout.splitlines()
    assert lines[:5] == ["legal", "illegal", "legal", "legal", "illegal"]
    assert lines[5].startswith("error: ") and "“X”" in lines[5]
    assert lines[6] == "illegal"
    assert len(lines) == 7
