"""The tournaments' command lines say why a bot lost, short and in the language of ``--lang`` (issue 13, section 3)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from webapp.cli import main

UNIT = Path(__file__).resolve().parents[1] / "unit" / "test_yahtzee_tournament.py"


@pytest.fixture
def cli():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args))


@pytest.mark.parametrize("lang, expected", [
    ("en", "disqualified: AlwaysChance: Chance is not allowed for the dice"),
    ("de", "disqualifiziert: AlwaysChance: Chance ist bei den Würfeln"),
])
def test_yahtzee_names_the_broken_rule_in_words(cli, lang, expected):
    """Seed 004: Chance twice is illegal; the table says so in words (it showed the code ``yahtzee.error.taken``)."""
    result = cli("yahtzee", "tournament", "--games", "2", "--lang", lang, f"{UNIT}:AlwaysChance", "heuristic")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.startswith(expected))
    assert ("is already filled" if lang == "en" else "ist schon ausgefüllt") in line
    assert "yahtzee." not in result.stdout


@pytest.mark.parametrize("lang, expected", [
    ("en", "disqualified: bot.py: the program ended, with exit code 4."),
    ("de", "disqualifiziert: bot.py: das Programm hat sich beendet, mit dem Exit-Code 4."),
])
def test_yahtzee_a_program_that_exits_has_ended(cli, tmp_path, lang, expected):
    (tmp_path / "bot.py").write_text("import sys\nsys.exit(4)\n")
    result = cli("yahtzee", "tournament", "--games", "1", "--lang", lang, f"exec:{sys.executable} {tmp_path / 'bot.py'}", "dummy")
    assert result.exit_code == 0, result.output
    assert expected in result.stdout.splitlines()


def test_yahtzee_an_unloadable_class_exits_2_with_the_reason(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short name: the message shortens a long path (a worker's tmp_path is long)
    result = cli("yahtzee", "tournament", "--games", "1", "--lang", "de", "missing.py:Bot", "dummy")
    assert result.exit_code == 2 and "lässt sich nicht laden" in result.stderr and "missing.py" in result.stderr


@pytest.mark.parametrize("lang, words", [("en", "(game 1, round 1): it wrote a line longer than 4096 bytes: "),
                                         ("de", "(Partie 1, Runde 1): er hat eine Zeile geschrieben, die länger als 4096 Bytes ist: ")])
def test_pokerface_a_long_line_is_cut_in_the_reason(cli, tmp_path, lang, words):
    """A bot writing a 5,000-character line: the reason quotes at most 80 characters of it (it echoed all 4 KB)."""
    folder = tmp_path / "Long"
    folder.mkdir()
    (folder / "bot.py").write_text(textwrap.dedent("""
        import sys
        sys.stdin.readline()
        print("t" * 5000, flush=True)
    """))
    (folder / "bot.jlsc").write_text('name= "Long"\ncmd= "python3 bot.py"\n')
    result = cli("pokerface", "tournament", str(folder), "--repeat", "1", "--rounds", "1", "--lang", lang,
                 "--timeout", "5", "--startup-grace", "20")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.stdout.splitlines() if line.strip().startswith("Long (")).strip()
    assert line.startswith("Long " + words)
    quoted = line.split(": ")[-1]
    assert quoted.endswith("…") and len(quoted) <= 80 and set(quoted[:-1]) == {"t"}
