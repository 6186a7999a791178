"""The Pokerface bot contest (seed 003): configs, the line protocol with real subprocess bots, the tournament.

The bots here are small programs written for the tests, in Python and in bash,
some of them misbehaving on purpose (sleeping, printing garbage, crashing,
showing cards they do not hold). Every round must still end, quickly, with the
reason in the result.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from webapp.games.pokerface.contest import config as cfg
from webapp.games.pokerface.contest.players import BotFailure, InProcessPlayer, SubprocessPlayer, parse_exchange, parse_extras
from webapp.games.pokerface.contest.strategies import FillerBot, LeoBot, SmartBot, run_stdio
from webapp.games.pokerface.contest.tournament import game_count, play_round, run_tournament, schedule
from webapp.games.pokerface import rules as pf

ROOT = Path(__file__).resolve().parents[2]
JLSC = '''name= "Kim"
link= "https://kartenschule.example/bots/kim"
cmd= "java -jar KimBot.jar"
input_hand= "${0} ${1} ${2} ${3} ${4}"
input_1= "${0}"
input_2= "${0} ${1}"
input_3= "${0} ${1} ${2}"
input_4= "${0} ${1} ${2} ${3}"
'''

# A Python bot that plays by the rules: swaps cards 0 and 1, takes 2 extra cards, shows the last five.
GOOD_PY = """
import sys
hand = sys.stdin.readline().split()
print("t"); print("0 " + hand[1]); sys.stdout.flush()
new = sys.stdin.readline().split()
print(" 2 "); sys.stdout.flush()
extra = sys.stdin.readline().split()
print("  " + " ".join((hand[2:] + new + extra)[-5:]) + "  "); sys.stdout.flush()
"""
SLEEPY_PY = """
import sys, time
sys.stdin.readline()
print("false"); sys.stdout.flush()
time.sleep(60)
"""
GARBAGE_PY = """
import sys
sys.stdin.readline()
print("false"); print("draw 0"); sys.stdout.flush()
"""
CRASH_PY = """
import sys
sys.stdin.readline()
sys.stderr.write("something went wrong\\n")
sys.exit(3)
"""
CHEAT_PY = """
import sys
hand = sys.stdin.readline().split()
print("false"); print("0"); sys.stdout.flush()
print("SA SK SQ SJ ST"); sys.stdout.flush()
"""
FLOOD_PY = """
import sys
sys.stdin.readline()
while True:
    sys.stdout.write("x" * 100000)
"""
SILENT_FOREVER_SH = """#!/usr/bin/env bash
read -r hand
sleep 60 &
wait
"""
# A bash bot that keeps its hand: its input uses commas (its own templates).
KEEPER_SH = """#!/usr/bin/env bash
IFS=, read -r -a hand
echo nope
echo 0
echo "${hand[@]}"
"""


def make_bot(tmp_path: Path, name: str, source: str, language: str = "python", extra: str = "") -> cfg.BotConfig:
    folder = tmp_path / name
    folder.mkdir()
    if language == "python":
        (folder / "bot.py").write_text(textwrap.dedent(source))
        cmd = "python3 bot.py"
    else:
        (folder / "bot.sh").write_text(source)
        cmd = "bash bot.sh"
    (folder / "bot.jlsc").write_text(f'name= "{name}"\ncmd= "{cmd}"\n{extra}')
    return cfg.load_bot(folder)


# --- configuration ------------------------------------------------------------------------
def test_the_seeds_bot_jlsc_is_read_exactly(tmp_path):
    (tmp_path / "bot.jlsc").write_text(JLSC)
    bot = cfg.load_bot(tmp_path)
    assert (bot.name, bot.link, bot.cmd) == ("Kim", "https://kartenschule.example/bots/kim", "java -jar KimBot.jar")
    assert bot.argv() == ["java", "-jar", "KimBot.jar"]
    assert bot.templates[5] == "${0} ${1} ${2} ${3} ${4}" and bot.templates[2] == "${0} ${1}"
    assert bot.format_cards(pf.parse_cards("SA HT")) == "SA HT"
    assert bot.folder == tmp_path.resolve()


def test_toml_equivalent_and_custom_templates(tmp_path):
    (tmp_path / "bot.toml").write_text('name = "T"\ncmd = "./run"\ninput_2 = "[${1}|${0}]"\n')
    bot = cfg.load_bot(tmp_path)
    assert bot.format_cards(pf.parse_cards("SA HT")) == "[HT|SA]"
    assert bot.format_cards(()) == ""


@pytest.mark.parametrize(
    "text, message",
    [
        ('name= "x"\n', "cmd is missing"),
        ('name= "x"\ncmd= "y"\ncolour= "red"\n', "unknown key"),
        ('name= "x"\ncmd= "y"\ninput_1= "${0} ${1}"\n', "input_1 uses ${1}"),
        ('name = x\n', "line 1"),
        ('name= "x"\nname= "y"\n', "twice"),
    ],
)
def test_bad_configs_name_the_problem(tmp_path, text, message):
    (tmp_path / "bot.jlsc").write_text(text)
    with pytest.raises(cfg.ConfigError, match=message.replace("$", r"\$").replace("{", r"\{").replace("}", r"\}")):
        cfg.load_bot(tmp_path)


def test_missing_config(tmp_path):
    with pytest.raises(cfg.ConfigError, match="no bot.jlsc or bot.toml"):
        cfg.load_bot(tmp_path)


# --- parsing the bot's lines ------------------------------------------------------------------
def test_exchange_lines_mix_indices_and_card_names():
    hand = pf.parse_cards("SA HT D4 C2 C3")
    assert parse_exchange(" 3 D4  0 ", hand) == (0, 2, 3)
    assert parse_exchange("", hand) == ()
    for line, kind in [("5", "garbage"), ("x", "garbage"), ("0 SA", "garbage"), ("HK", "cheat"), ("-1", "garbage")]:
        with pytest.raises(BotFailure) as info:
            parse_exchange(line, hand)
        assert info.value.kind == kind, line


def test_extras_line():
    assert parse_extras(" 3 ") == 3
    for line in ("4", "three", "", "1 2", "+1"):
        with pytest.raises(BotFailure):
            parse_extras(line)


# --- real subprocess bots ----------------------------------------------------------------------
def play(bots, seed="t1", timeout=2.0, grace=3.0):
    """One round; well-behaved bots get generous limits, so that a busy CI machine does not fail them."""
    players = [SubprocessPlayer(b, timeout=timeout, startup_grace=grace) if isinstance(b, cfg.BotConfig) else b
               for b in bots]
    return players, play_round(players, seed)


def test_a_well_behaved_python_bot_plays_a_round_and_gets_hands_txt(tmp_path):
    good = make_bot(tmp_path, "Good", GOOD_PY)
    players, result = play([good, InProcessPlayer(FillerBot())])
    assert result.failures == {}
    held = result.held[0]
    assert len(held) == 5 - 2 + 2 + 2  # swapped two, took two extra
    # independent check of the deal: Dealer order is hands, then replacements and extras in seat order
    deck = pf.shuffled_deck("t1")
    dealt = deck[:5]
    assert held == tuple(dealt[2:]) + tuple(deck[10:12]) + tuple(deck[12:14])
    assert result.showdown.hands[0] == held[-5:]
    from webapp.games.pokerface.contest.tournament import record_hands

    record_hands(players, result)
    lines = (good.folder / "data" / "hands.txt").read_text(encoding="ascii").splitlines()
    assert lines == [pf.cards_text(h) for h in result.showdown.hands]


#: Limits a case: only the bots expected to be too slow get short ones (Sleepy answers its first question at once,
#: then sleeps; Silent never answers); every other bot gets limits that a loaded CI machine cannot miss, so that
#: it fails for what it does (garbage, a crash, cheating, a flood), never for being slow to start.
SHORT, LONG = 0.5, 30.0


@pytest.mark.parametrize(
    "name, source, language, kind, timeout, grace",
    [
        ("Sleepy", SLEEPY_PY, "python", "timeout", SHORT, LONG),
        ("Garbage", GARBAGE_PY, "python", "garbage", LONG, LONG),
        ("Crash", CRASH_PY, "python", "crash", LONG, LONG),
        ("Cheat", CHEAT_PY, "python", "cheat", LONG, LONG),
        ("Silent", SILENT_FOREVER_SH, "bash", "timeout", SHORT, SHORT),
        ("Flood", FLOOD_PY, "python", "garbage", LONG, LONG),
    ],
)
def test_misbehaving_bots_lose_the_round_with_the_reason(tmp_path, name, source, language, kind, timeout, grace):
    bad = make_bot(tmp_path, name, source, language)
    _, result = play([bad, InProcessPlayer(LeoBot())], timeout=timeout, grace=grace)
    assert set(result.failures) == {0}
    assert result.failures[0].kind == kind
    assert result.winners == (1,)  # the other player wins the round
    if kind == "crash":
        step = result.failures[0].step
        assert step.code == "poker.contest.ended_said" and step["status"] == 3 and step["said"] == "something went wrong"


def test_a_bash_bot_with_its_own_templates(tmp_path):
    keeper = make_bot(tmp_path, "Keeper", KEEPER_SH, "bash", extra='input_hand= "${0},${1},${2},${3},${4}"\n')
    _, result = play([keeper, InProcessPlayer(FillerBot(), "Filler")], seed="t2")
    assert result.failures == {}
    assert result.showdown.hands[0] == tuple(pf.shuffled_deck("t2")[:5])  # "nope" means no exchange


def test_a_missing_program_is_a_crash(tmp_path):
    folder = tmp_path / "ghost"
    folder.mkdir()
    (folder / "bot.jlsc").write_text('name= "Ghost"\ncmd= "./does-not-exist"\n')
    _, result = play([cfg.load_bot(folder), InProcessPlayer(FillerBot())])
    assert result.failures[0].kind == "crash"


def test_built_in_bots_speak_the_protocol_as_modules(tmp_path):
    leo = cfg.load_bot(ROOT / "examples/pokerface/leobot")
    shell = cfg.load_bot(ROOT / "examples/pokerface/shellbot")
    copies = []
    for bot in (leo, shell):  # run them from copies so the repository gets no data/ folder
        folder = tmp_path / bot.folder.name
        folder.mkdir()
        for item in bot.folder.iterdir():
            if item.is_file():
                (folder / item.name).write_bytes(item.read_bytes())
        copies.append(cfg.load_bot(folder))
    _, result = play(copies + [InProcessPlayer(FillerBot())], seed="t3")
    assert result.failures == {}
    leo_held = result.held[0]
    assert len(leo_held) == 8 and pf.evaluate5(*result.showdown.hands[0]) == pf.evaluate(leo_held)


def test_run_stdio_for_a_strategy():
    import io

    out = io.StringIO()
    run_stdio(LeoBot(), io.StringIO("SA HA D7 C7 S2\nS3 HK DQ\n"), out)
    assert out.getvalue().splitlines()[:2] == ["false", "3"]
    shown = pf.parse_cards(out.getvalue().splitlines()[2])
    assert pf.hand_name(pf.evaluate(shown)) == "two pair, aces and sevens, king kicker"


# --- the tournament -----------------------------------------------------------------------------
def test_schedule_every_subset_of_four_five_times():
    assert len(schedule(8)) == 70 * 5  # C(8, 4) subsets
    assert game_count(2) == 5  # 2 bots + 2 fillers: one subset
    assert game_count(5) == 70 * 5  # 5 bots + 3 fillers = 8


def test_tournament_fillers_and_shared_places():
    result = run_tournament([InProcessPlayer(FillerBot(), "A"), InProcessPlayer(FillerBot(), "B")], repeat=2, rounds=3)
    names = [s.name for s in result.standings]
    assert sorted(names) == ["A", "B", "Filler 1", "Filler 2"]
    assert len(result.games) == 2
    assert all(s.games == 2 for s in result.standings)
    places = {s.name: s.place for s in result.standings}
    vps = {s.name: s.victory_points for s in result.standings}
    for a in names:
        for b in names:
            if vps[a] == vps[b]:
                assert places[a] == places[b]


def test_smartbot_beats_leobot_over_a_series():
    """A short series here (no long-series figure is recorded: docs/benchmarks.md); SmartBot must come out ahead."""
    result = run_tournament([InProcessPlayer(SmartBot()), InProcessPlayer(LeoBot())], repeat=30, seed="series")
    vp = {s.name: s.victory_points for s in result.standings}
    assert vp["SmartBot"] > vp["LeoBot"]


def test_in_process_strategies_are_checked_too():
    class Cheater(FillerBot):
        def reveal(self, held):
            return pf.parse_cards("SA SK SQ SJ ST") if pf.parse_card("SA") not in held else pf.parse_cards("HA HK HQ HJ HT")

    _, result = play([InProcessPlayer(Cheater(), "Cheater"), InProcessPlayer(FillerBot())], seed="t4")
    assert result.failures[0].kind == "cheat" and result.winners == (1,)
