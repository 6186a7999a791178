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
    assert cli("skat", "--lang", "xx", *SEED).exit_code == 2  # no catalogue of that name


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


# --- Tichu, official rules ------------------------------------------------------------
def test_tichu_suited_notation(cli):
    """`Ar` is the Ace of Stars, `AR` an Ace and the Dragon (rulebook: straight-flush bombs)."""
    assert cli("tichu", "AAAA", "5g6g7g8g9g").stdout.splitlines()[0] == "legal"
    assert cli("tichu", "AAAA", "5g6g7g8g9k").stdout.splitlines()[0] == "illegal"
    result = cli("tichu", "-", "AR")
    assert result.stdout.splitlines()[0] == "illegal"
    bad = cli("tichu", "-", "Rr")
    assert bad.exit_code == 2 and "Rr" in bad.stderr


def test_tichu_wish_and_hand(cli):
    verdict, reason = cli("tichu", "5", "9", "--wish", "8", "--hand", "89").stdout.splitlines()
    assert verdict == "illegal" and "The wish is for 8" in reason
    assert cli("tichu", "5", "9", "--wish", "8", "--hand", "9P").stdout.splitlines()[0] == "legal"
    assert cli("tichu", "55", "pass", "--wish", "8", "--hand", "8P").stdout.splitlines()[0] == "illegal"
    assert cli("tichu", "5", "9", "--wish", "R").exit_code == 2


def test_tichu_out_of_turn_and_reading(cli):
    assert cli("tichu", "D", "7777", "--out-of-turn").stdout.splitlines()[0] == "illegal"
    assert cli("tichu", "K", "7777", "--out-of-turn").stdout.splitlines()[0] == "legal"
    assert cli("tichu", "23456", "3456P", "--reading", "2").stdout.splitlines()[0] == "illegal"


def test_tichu_batch_with_options(cli):
    result = cli("tichu", "--batch", "--wish", "8", "--hand", "589", input="5 9\n5 8\n")
    assert result.stdout.splitlines() == ["illegal", "legal"]


def test_tichu_score(cli):
    """Player 4 last: hand (10) to team 1, tricks (15) to player 1; Tichu of player 1 +100."""
    result = cli("tichu", "score", "--out", "1,2,3", "--tricks", "30,20,25,15", "--hand", "10", "--tichu", "1")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["team 1: 180, team 2: 20", "game: team 1 180, team 2 20"]


def test_tichu_score_double_victory_game_over_in_german(cli):
    lines = cli("tichu", "score", "--out", "2,4", "--grand", "1", "--before", "900,850", "--lang", "de").stdout.splitlines()
    assert lines[0] == "Team 1: -200, Team 2: 200"
    assert "gewinnt das Spiel" in lines[1]


def test_tichu_score_errors_exit_2(cli):
    result = cli("tichu", "score", "--out", "1,2,3", "--tricks", "30,20,25,15", "--hand", "5")
    assert result.exit_code == 2 and "95" in result.stderr
    assert cli("tichu", "score", "--out", "1,5").exit_code == 2
    assert cli("tichu", "score", "--out", "1,2").exit_code == 2  # not partners: no double victory
    assert cli("tichu", "score", "--out", "1,3", "--tichu", "1", "--grand", "1").exit_code == 2
