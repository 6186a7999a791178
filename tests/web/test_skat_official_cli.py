"""`kartenschule skat score` and `kartenschule skat bid` (official rules, ISkO)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from webapp.cli import main

CLUBS_TWO = "JC JS AC 0C KC QC 9C 8C 7C AS".split()
GRAND_FOUR = "JC JS JH JD AC 0C AS 0S AH 0H".split()
TRAP = "JD AD 0D KD QD 9D 8D AS 0S AH".split()


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


def test_isko_examples(cli):
    """ISkO 5.2.6: clubs ouvert with 2 = 108, grand ouvert with 4 = 264."""
    clubs = cli("skat", "score", "--game", "clubs", "--ouvert", "--skat", "7D", "8D", "--points", "120",
                "--tricks", "10", *CLUBS_TWO)
    assert (clubs.exit_code, clubs.stdout) == (0, "108\n")
    grand = cli("skat", "score", "--game", "grand", "--ouvert", "--skat", "7D", "8D", "--points", "120",
                "--tricks", "10", *GRAND_FOUR)
    assert grand.stdout == "264\n"


def test_lost_and_overbid_scores(cli):
    lost = cli("skat", "score", "--game", "clubs", "--skat", "7D", "8D", "--points", "50", "--tricks", "4",
               *CLUBS_TWO)
    assert lost.stdout == "-72\n"
    # skatblog.com/tag/ueberreizt: Spades Hand held at 72, the Jack of Clubs in the skat -> -154
    overbid = cli("skat", "score", "--game", "spades", "--hand", "--skat", "JC", "7D", "--points", "70",
                  "--tricks", "6", "--bid", "72", *"0S KS QS 9S 8S 7S AC AH AD 0H".split())
    assert overbid.stdout == "-154\n"


def test_explain_in_german(cli):
    result = cli("skat", "score", "--explain", "--lang", "de", "--game", "clubs", "--skat", "7D", "8D",
                 "--points", "50", "--tricks", "4", *CLUBS_TWO)
    lines = result.stdout.splitlines()
    assert lines[0] == "-72"
    assert any("Kreuz-Bube, Pik-Bube" in line and "mit 2" in line for line in lines)
    assert lines[-1] == "Verloren: Ein verlorenes Spiel zählt doppelt, −2 × 36 = -72."


def test_null_ignores_points(cli):
    assert cli("skat", "score", "--game", "null", "--points", "77", "--tricks", "0", *TRAP).stdout == "23\n"
    assert cli("skat", "score", "--game", "null", "--hand", "--ouvert", "--points", "0", "--tricks", "1",
               *TRAP).stdout == "-118\n"


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--game", "clubs", "--points", "130", "--tricks", "5"], "130"),
        (["--game", "clubs", "--points", "70", "--tricks", "5", "--bid", "19"], "19"),
        (["--game", "clubs", "--points", "70", "--tricks", "5", "--announce", "schneider"], "hand game"),
        (["--game", "null", "--points", "0", "--tricks", "0", "--bid", "30"], "30"),
        (["--game", "clubs", "--points", "70", "--tricks", "5", "--skat", "JC", "7D"], "twice"),
    ],
)
def test_bad_input_exits_2_naming_the_problem(cli, args, named):
    result = cli("skat", "score", *args, *CLUBS_TWO)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert named in result.stderr


def test_bad_card_and_flags(cli):
    bad = cli("skat", "score", "--game", "clubs", "--points", "70", "--tricks", "5", "ZZ", *CLUBS_TWO[1:])
    assert bad.exit_code == 2 and "ZZ" in bad.stderr
    assert cli("skat", "score", "--game", "ramsch", "--points", "70", "--tricks", "5", *CLUBS_TWO).exit_code == 2
    assert cli("skat", "score", "--game", "clubs", "--tricks", "5", *CLUBS_TWO).exit_code == 2  # --points missing


def test_bid_coach_lines(cli):
    result = cli("skat", "bid", *TRAP)
    lines = result.stdout.splitlines()
    assert result.exit_code == 0
    assert lines[:5] == ["Clubs: 48, safe bid 24", "Spades: 44, safe bid 22", "Hearts: 40, safe bid 20",
                         "Diamonds: 36, safe bid 18", "Grand: 96, safe bid 48"]
    assert lines[5:9] == ["Null: 23, safe bid 23", "Null Hand: 35, safe bid 35", "Null Ouvert: 46, safe bid 46",
                          "Null Ouvert Hand: 59, safe bid 59"]
    assert lines[9] == "Advice: Diamonds, stop at 18"


def test_bid_with_skat_and_explain(cli):
    result = cli("skat", "bid", "--skat", "JS", "7C", "--explain", *TRAP)
    assert "Diamonds: 18, safe bid 18" in result.stdout.splitlines()
    assert "The skat changed this" in result.stdout
    assert cli("skat", "bid", *TRAP[:9]).exit_code == 2


def test_family_value_still_default(cli):
    assert cli("skat", "JC", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D").stdout == "36 Clubs\n"
