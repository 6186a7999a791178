"""Hostile bots in both contests (issue 13, section 3): none may hang a tournament.

Each bot is a small script written into ``tmp_path``. Every test checks the outcome, never a duration: the
tournament ends (it hung before, for minutes or for ever), the right bot is blamed with the right reason, no
process of the tournament is left (found by a marker in the command line, through ``/proc``), and the honest
bots' results equal those of a run in which the hostile bot is replaced by one that quits at once (Pokerface:
the seats draw cards in turn, so a seat must stay taken) or left out (Yahtzee: each bot plays its own game).
Hostile bots get tiny time limits, honest ones generous limits, so that a busy machine fails nobody honest.
"""

from __future__ import annotations

import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from webapp.core.botproc import STDERR_TAIL, BotProcess, LineTooLong
from webapp.games.pokerface.contest import config as cfg
from webapp.games.pokerface.contest.players import InProcessPlayer, SubprocessPlayer
from webapp.games.pokerface.contest.strategies import FillerBot, LeoBot
from webapp.games.pokerface.contest.tournament import play_round
from webapp.games.yahtzee.contest.tournament import run_tournament

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the process checks read /proc")

#: A grandchild in a session of its own that keeps the bot's standard output open; it leaves a file behind
#: to show that it ran. ``{marker}`` and ``{flag}`` are filled in by :func:`grandchild`.
GRANDCHILD = """
import os, pathlib, subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import time, pathlib; pathlib.Path({flag!r}).touch(); time.sleep(600)",
                  {marker!r}], start_new_session=True)
deadline = time.monotonic() + 30
while not pathlib.Path({flag!r}).exists() and time.monotonic() < deadline:  # until the grandchild runs
    time.sleep(0.01)
"""


def grandchild(tmp_path: Path) -> tuple[str, str, Path]:
    """(source that starts the grandchild, its marker, the file it touches)."""
    marker = f"hostile-grandchild-{tmp_path.name}"
    flag = tmp_path / "grandchild-ran"
    return GRANDCHILD.format(marker=marker, flag=str(flag)), marker, flag


def running(marker: str) -> list[int]:
    """Living processes (zombies left out) whose command line holds ``marker``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            command = Path(f"/proc/{name}/cmdline").read_bytes()
            stat = Path(f"/proc/{name}/stat").read_bytes()
        except OSError:
            continue
        if marker.encode() in command and stat[stat.rfind(b")") + 2:][:1] not in (b"Z", b"X"):
            found.append(int(name))
    return found


def assert_none_left(marker: str) -> None:
    """No process with ``marker`` runs (waiting for the killed ones to be gone, up to a generous deadline)."""
    deadline = time.monotonic() + 20
    while running(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running(marker) == []


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + 20
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)


# --- the channel itself -------------------------------------------------------------------------------
def script(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return path


def test_a_full_input_pipe_times_the_write_out(tmp_path):
    """A bot that never reads: writes fill the pipe, then ``send`` gives up after its timeout (it blocked before)."""
    bot = BotProcess([sys.executable, str(script(tmp_path, "deaf.py", "import time\ntime.sleep(600)\n"))])
    try:
        with pytest.raises(TimeoutError):
            for _ in range(10_000):  # 10 MB: more than any pipe holds
                bot.send("x" * 1000, timeout=0.2)
    finally:
        bot.close()
    assert_none_left(str(tmp_path / "deaf.py"))


def test_standard_error_is_drained_and_only_its_tail_kept(tmp_path):
    """50 MB on standard error without a line end, then an answer: the answer is read, the kept tail is bounded."""
    source = "import sys\nfor _ in range(50):\n    sys.stderr.write('e' * 1_000_000)\nsys.stderr.write('\\nlast words\\n')\nprint('ok', flush=True)\n"
    bot = BotProcess([sys.executable, str(script(tmp_path, "loud.py", source))])
    try:
        assert bot.read(60) == "ok"
        assert bot.exit_status(60) == 0
        assert bot.errors[-1] == "last words" and sum(map(len, bot.errors)) <= STDERR_TAIL
    finally:
        bot.close()


def test_reads_and_writes_time_out_while_standard_error_floods(tmp_path):
    """A bot that floods standard error and neither reads nor answers: the pipes are always busy, yet every read
    and every write gives up at its deadline (the flood must not keep the controller waiting for ever)."""
    flood = "import os\nfor _ in range(3):\n    os.fork()\nwhile True:\n    os.write(2, b'f' * 65536)\n"  # 8 writers
    bot = BotProcess([sys.executable, str(script(tmp_path, "flood.py", flood))])
    try:
        with pytest.raises(TimeoutError):
            bot.read(0.3)
        with pytest.raises(TimeoutError):
            for _ in range(10_000):
                bot.send("x" * 1000, timeout=0.3)
        assert bot.exit_status(0.1) is None and sum(map(len, bot.errors)) <= STDERR_TAIL
    finally:
        bot.close()
    assert_none_left(str(tmp_path / "flood.py"))


def test_pipes_that_are_always_busy_do_not_stretch_a_deadline(tmp_path, monkeypatch):
    """The same without relying on the flood's speed: every wait reports something ready (as a flood on standard
    error would), so only the deadline can end a read or a write; it must (it was only checked after an idle wait)."""
    bot = BotProcess([sys.executable, str(script(tmp_path, "idle.py", "import time\ntime.sleep(600)\n"))])
    waits = []

    def busy(deadline, **_):
        waits.append(deadline)
        if time.monotonic() > deadline + 30:
            raise AssertionError("still waiting 30 s after the deadline")
        return True

    try:
        with pytest.raises(TimeoutError):  # fill its input pipe (200 KB: more than a pipe holds)
            for _ in range(200):
                bot.send("x" * 1000, timeout=0)
        monkeypatch.setattr(bot, "_wait", busy)
        with pytest.raises(TimeoutError):
            bot.read(0.1)
        with pytest.raises(TimeoutError):
            bot.send("x" * 100_000, timeout=0.1)
        assert bot.exit_status(0.1) is None and waits
    finally:
        monkeypatch.undo()
        bot.close()


def test_a_line_without_end_is_a_protocol_error(tmp_path):
    bot = BotProcess([sys.executable, str(script(tmp_path, "long.py", "import sys\nwhile True:\n    sys.stdout.write('y' * 65536)\n"))],
                     max_line=100)
    try:
        with pytest.raises(LineTooLong) as info:
            bot.read(60)
        assert info.value.limit == 100 and info.value.start.startswith("y" * 80)
    finally:
        bot.close()
    assert_none_left(str(tmp_path / "long.py"))


def test_a_bot_that_exited_has_ended_though_its_grandchild_keeps_its_output_open(tmp_path):
    source, marker, flag = grandchild(tmp_path)
    bot = BotProcess([sys.executable, str(script(tmp_path, "parent.py", source + "print('bye', flush=True)\n"))])
    try:
        assert bot.read(60) == "bye"
        assert bot.read(60) is None and bot.exit_status(60) == 0
        wait_for(flag)
    finally:
        bot.close()
    assert flag.exists()
    assert_none_left(marker)


# --- Pokerface ---------------------------------------------------------------------------------------------
#: An honest bot: exchanges nothing, takes no extra card, shows its hand (the filler's play, as a program).
KEEPER_PY = """
import sys
hand = sys.stdin.readline().split()
print("false"); print("0"); sys.stdout.flush()
sys.stdin.readline()
print(" ".join(hand), flush=True)
"""
#: Takes its seat and quits at once: the baseline for a hostile bot that never answers properly.
QUITTER_PY = "import sys\n"
STDERR_FLOOD_PY = """
import sys
while True:
    sys.stderr.write("z" * 65536)
"""
STDOUT_FLOOD_PY = """
import sys
sys.stdin.readline()
while True:
    sys.stdout.write("x" * 65536)
"""


def pokerface_bot(tmp_path: Path, name: str, source: str) -> cfg.BotConfig:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "bot.py").write_text(textwrap.dedent(source))
    (folder / "bot.jlsc").write_text(f'name= "{name}"\ncmd= "python3 bot.py"\n')
    return cfg.load_bot(folder)


def pokerface_rounds(first, honest: cfg.BotConfig, seeds=("h1", "h2"), limits=(0.3, 0.7)):
    """Rounds with ``first`` in seat 0 (with ``limits``: timeout and start-up grace), then an honest program
    (generous limits) and two built-in bots."""
    results = []
    for seed in seeds:
        players = [SubprocessPlayer(first, timeout=limits[0], startup_grace=limits[1]),
                   SubprocessPlayer(honest, timeout=5, startup_grace=20),
                   InProcessPlayer(LeoBot()), InProcessPlayer(FillerBot())]
        results.append(play_round(players, seed))
    return results


def honest_view(results):
    """What the honest seats (1-3) got: their cards, shown hands and whether they won."""
    return [(r.held[1:], r.showdown.hands[1:], [w for w in r.winners if w > 0], sorted(r.failures)) for r in results]


@pytest.mark.parametrize("case", ["stderr_flood", "stdout_flood", "setsid_quits"])
def test_pokerface_a_hostile_bot_loses_its_rounds_and_changes_nothing_else(tmp_path, case):
    hostile_source, marker = {"stderr_flood": (STDERR_FLOOD_PY, None), "stdout_flood": (STDOUT_FLOOD_PY, None),
                              "setsid_quits": grandchild(tmp_path)[:2]}[case]
    hostile = pokerface_bot(tmp_path, "Hostile", hostile_source)
    honest = pokerface_bot(tmp_path, "Honest", KEEPER_PY)
    # tiny limits where the outcome is a timeout; elsewhere generous ones, so that a slow start changes nothing
    results = pokerface_rounds(hostile, honest, limits=(0.3, 0.7) if case == "stderr_flood" else (5, 20))
    baseline = pokerface_rounds(pokerface_bot(tmp_path, "Quitter", QUITTER_PY), honest, limits=(5, 20))
    for result in results:
        assert sorted(result.failures) == [0]  # the hostile one, and only it, is blamed
        step = result.failures[0].step
        if case == "stderr_flood":
            assert step.code == "poker.contest.late" and step["question"].code == "poker.contest.q.exchange"
        elif case == "stdout_flood":
            assert step.code == "poker.contest.too_long" and step["limit"] == 4096
            assert len(step["line"]) <= 80 and step["line"].endswith("…")  # not echoed whole
        else:
            assert step.code == "poker.contest.ended" and step["status"] == 0  # it ended: no waiting for its grandchild
    assert honest_view(results) == honest_view(baseline)
    assert_none_left(str(hostile.folder))
    if marker:
        assert (tmp_path / "grandchild-ran").exists()
        assert_none_left(marker)


def test_pokerface_a_bot_whose_grandchild_holds_its_output_plays_normally(tmp_path):
    """The bot plays by the rules but leaves a grandchild in its own session: the round ends, the grandchild is killed."""
    source, marker, flag = grandchild(tmp_path)
    sneaky = pokerface_bot(tmp_path, "Sneaky", source + KEEPER_PY)
    honest = pokerface_bot(tmp_path, "Honest", KEEPER_PY)
    players = [SubprocessPlayer(sneaky, timeout=5, startup_grace=20), SubprocessPlayer(honest, timeout=5, startup_grace=20),
               InProcessPlayer(LeoBot())]
    results = [play_round(players, seed) for seed in ("g1", "g2")]
    players[0] = SubprocessPlayer(pokerface_bot(tmp_path, "Plain", KEEPER_PY), timeout=5, startup_grace=20)
    baseline = [play_round(players, seed) for seed in ("g1", "g2")]
    assert [r.failures for r in results] == [{}, {}]
    assert [(r.held, r.winners) for r in results] == [(r.held, r.winners) for r in baseline]
    assert flag.exists()
    assert_none_left(marker)


# --- Yahtzee -----------------------------------------------------------------------------------------------
def yahtzee_program(tmp_path: Path, name: str, source: str) -> str:
    return f"exec:{sys.executable} {script(tmp_path, name, source)}"


#: Answers with a box for every question without ever reading one: the pipe to it fills up.
DEAF_PY = """
import json, sys, time
boxes = ["yahtzee", "chance", "aces", "twos", "threes", "fours", "fives", "sixes", "3kind", "4kind",
         "fullhouse", "small", "large"]
for game in range(1000):
    for box in boxes:
        print(json.dumps({"category": box}), flush=True)
time.sleep(600)
"""
SHORT_LINES_ON_STDERR_PY = """
import sys
while True:
    sys.stderr.write("ha\\n" * 20000)
"""
LONG_LINE_PY = """
import sys
sys.stdin.readline()
sys.stdout.write("{" + "\\"a\\": 1, " * 1_000_000)
sys.stdout.flush()
import time; time.sleep(600)
"""
SLOW_CLASS = """
import time
from webapp.games.yahtzee.contest.players import Player, TurnChoice

class Slow(Player):
    def turn(self, dice, stage):
        time.sleep(30)
        return TurnChoice.place(self.game.scorecard().legal(dice)[0])

class Spins(Player):
    def turn(self, dice, stage):
        while True:
            pass

class Fair(Player):
    def turn(self, dice, stage):
        print("thinking...")  # goes to standard error, not into the protocol
        return TurnChoice.place(self.game.scorecard().legal(dice)[0])
"""


def honest_scores(result, names=("HeuristicBot", "DummyBot")):
    return {s.name: (s.scores, s.disqualified) for s in result.standings if s.name in names}


@pytest.mark.parametrize("case, code", [
    ("deaf", "yahtzee.contest.not_reading"),
    ("stderr_lines", "yahtzee.contest.late"),
    ("long_line", "yahtzee.contest.too_long"),
    ("setsid_quits", "yahtzee.contest.ended"),
    ("slow_class", "yahtzee.contest.late"),
    ("spinning_class", "yahtzee.contest.late"),
])
def test_yahtzee_a_hostile_bot_is_disqualified_stopped_and_changes_nothing_else(tmp_path, case, code):
    source, marker, flag = grandchild(tmp_path)
    spec = {
        "deaf": lambda: yahtzee_program(tmp_path, "deaf.py", DEAF_PY),
        "stderr_lines": lambda: yahtzee_program(tmp_path, "chatty.py", SHORT_LINES_ON_STDERR_PY),
        "long_line": lambda: yahtzee_program(tmp_path, "long.py", LONG_LINE_PY),
        "setsid_quits": lambda: yahtzee_program(tmp_path, "parent.py", source),
        "slow_class": lambda: f"{script(tmp_path, 'classes.py', SLOW_CLASS)}:Slow",
        "spinning_class": lambda: f"{script(tmp_path, 'classes.py', SLOW_CLASS)}:Spins",
    }[case]()
    games = 30 if case == "deaf" else 3
    # tiny limits where the outcome is a timeout; elsewhere generous ones, so that a slow start changes nothing
    timeout = {"deaf": 2.0, "long_line": 5.0, "setsid_quits": 5.0}.get(case, 0.3)
    result = run_tournament([spec, "heuristic", "dummy"], games=games, seed=5, timeout=timeout)
    baseline = run_tournament(["heuristic", "dummy"], games=games, seed=5)
    hostile = next(s for s in result.standings if s.name not in ("HeuristicBot", "DummyBot"))
    assert hostile.disqualified is not None and hostile.disqualified.code == code
    assert honest_scores(result) == honest_scores(baseline)
    if case != "deaf":  # disqualified in its first game: the points are the same too
        assert {s.name: s.points for s in result.standings if s is not hostile} == {s.name: s.points for s in baseline.standings}
    if case == "long_line":
        line = hostile.disqualified["line"]
        assert len(line) <= 80 and line.endswith("…")
    if case == "setsid_quits":
        assert hostile.disqualified["status"] == 0
        assert flag.exists()
        assert_none_left(marker)
    assert_none_left(str(tmp_path))


def test_yahtzee_an_honest_program_is_not_hurt_by_a_flood_on_another_bots_stderr(tmp_path):
    """The example program (generous limit) plays on while a hostile one floods short lines on standard error."""
    import webapp.games.yahtzee.contest as package

    example = f"exec:{sys.executable} {Path(package.__file__).with_name('example_bot.py')}"
    chatty = yahtzee_program(tmp_path, "chatty.py", SHORT_LINES_ON_STDERR_PY)
    result = run_tournament([chatty, example], games=5, seed=8, timeout=5.0)
    baseline = run_tournament([example], games=5, seed=8, timeout=5.0)
    by_name = {s.name: s for s in result.standings}
    assert by_name["chatty.py"].disqualified.code == "yahtzee.contest.late"
    assert by_name["example_bot.py"].disqualified is None
    assert by_name["example_bot.py"].scores == baseline.standings[0].scores
    assert_none_left(str(tmp_path))


def test_yahtzee_a_class_bot_runs_in_a_worker_and_plays_like_in_process(tmp_path):
    """A fair class bot in its worker process scores what the same class scores in the controller's process."""
    from webapp.games.yahtzee.contest.players import GameView
    from webapp.games.yahtzee.contest.tournament import Controller
    from webapp.games.yahtzee.contest.worker import load_player_class

    spec = f"{script(tmp_path, 'classes.py', SLOW_CLASS)}:Fair"
    result = run_tournament([spec, "dummy"], games=3, seed=2, timeout=5.0)
    fair = next(s for s in result.standings if s.name == "Fair")
    assert fair.disqualified is None
    controller = Controller(["dummy"])
    controller.players = [load_player_class(spec)(GameView(controller, 0))]
    scores = [controller.play_game(2 * 1_000_003 + g)[0] for g in range(3)]
    assert fair.scores == scores
    assert_none_left(str(tmp_path))
