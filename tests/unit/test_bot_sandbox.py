"""Hostile bots against the sandbox (issue 34, findings 2 and 3): nothing of a bot outlives the tournament, even
when it kills its keeper, and no secret of ours reaches a bot.

Each case runs twice where the system offers user namespaces: in the sandbox (the bot in a PID namespace of its
own) and in the fallback (``botproc.SANDBOX = False``: parent-death signal plus the controller's hunt for the
bot's marker), so that both designs are held to the same outcome. Processes are found through ``/proc`` by a
marker in their command line (:func:`test_hostile_bots.assert_none_left`), never by a pid the bot reports: inside its
namespace a bot does not know its pid outside.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from test_hostile_bots import (KEEPER_PY, assert_none_left, honest_scores, pokerface_bot, pokerface_rounds, script,
                               yahtzee_program)
from webapp.core import botproc
from webapp.core.botproc import BotProcess
from webapp.games.yahtzee.contest.tournament import run_tournament

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the process checks read /proc")
ROOT = Path(__file__).resolve().parents[2]


def namespaces_available(*parts: str) -> bool:
    """Whether a bot gets a PID namespace of its own here, and the sandbox's other ``parts`` (``proc``,
    ``hidden``) too (asked of a bot that ends at once)."""
    bot = BotProcess([sys.executable, "-c", ""])
    try:
        return {"pidns", *parts} <= getattr(bot, "features", frozenset())
    finally:
        bot.close()


@pytest.fixture(params=["sandbox", "fallback"])
def mode(request, monkeypatch):
    """``sandbox`` (skipped where the system forbids user namespaces) or ``fallback`` (namespaces turned off)."""
    if request.param == "fallback":
        monkeypatch.setattr(botproc, "SANDBOX", False, raising=False)
    elif not namespaces_available():
        pytest.skip("no user namespaces here: only the fallback runs")
    return request.param


# --- finding 2: a bot kills its keeper ----------------------------------------------------------------------
#: Starts a grandchild in a session of its own (it touches ``ran``, then sleeps with ``marker`` in its command
#: line), SIGKILLs its own parent (the keeper), touches ``tried``, then does ``then``.
KILLER = """
import os, pathlib, signal, subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import pathlib, time; pathlib.Path({ran!r}).touch(); time.sleep(600)",
                  {marker!r}], start_new_session=True)
deadline = time.monotonic() + 30
while not pathlib.Path({ran!r}).exists() and time.monotonic() < deadline:
    time.sleep(0.01)
os.kill(os.getppid(), signal.SIGKILL)
pathlib.Path({tried!r}).touch()
"""


def killer(tmp_path: Path, then: str = "") -> tuple[str, str]:
    """(the killer's source followed by ``then``, its grandchild's marker)."""
    marker = f"keeper-killer-{uuid.uuid4().hex}"  # unique: tmp_path's name repeats from one session to the next
    source = KILLER.format(ran=str(tmp_path / "ran"), tried=str(tmp_path / "tried"), marker=marker)
    return source + textwrap.dedent(then), marker


def assert_killer_ran_and_left_nothing(tmp_path: Path, marker: str, mode: str = "sandbox") -> None:
    """The grandchild ran, the killer survived its SIGKILL to the keeper in the sandbox (in the fallback it dies
    with its keeper, a moment after the kill), and no process of either is left."""
    assert (tmp_path / "ran").exists()
    if mode == "sandbox":
        assert (tmp_path / "tried").exists()
    assert_none_left(marker)
    assert_none_left(str(tmp_path))


def test_pokerface_a_bot_that_kills_its_keeper_leaves_nothing_alive(tmp_path, mode):
    """It kills its keeper, then plays honestly: after the rounds neither it nor its grandchild runs."""
    source, marker = killer(tmp_path, "time.sleep(0.2)\n" + KEEPER_PY)
    hostile = pokerface_bot(tmp_path, "Killer", source)
    honest = pokerface_bot(tmp_path, "Honest", KEEPER_PY)
    pokerface_rounds(hostile, honest, seeds=("k1",), limits=(5, 20))
    assert_killer_ran_and_left_nothing(tmp_path, marker, mode)


def test_yahtzee_a_program_that_kills_its_keeper_leaves_nothing_alive(tmp_path, mode):
    """It kills its keeper, answers nonsense (disqualified at once) and stays: nothing of it outlives the tournament."""
    source, marker = killer(tmp_path, "print('nonsense', flush=True)\ntime.sleep(600)\n")
    result = run_tournament([yahtzee_program(tmp_path, "killer.py", source), "dummy"], games=2, seed=3, timeout=5.0)
    assert [s.disqualified is None for s in result.standings if s.name == "DummyBot"] == [True]
    assert_killer_ran_and_left_nothing(tmp_path, marker, mode)


def test_yahtzee_a_class_bot_whose_worker_kills_its_keeper_leaves_nothing_alive(tmp_path, mode):
    """A class bot's ``turn`` starts the grandchild and kills the worker's keeper, then raises."""
    source, marker = killer(tmp_path)
    classes = script(tmp_path, "killer_class.py", f'''
from webapp.games.yahtzee.contest.players import Player

class Killer(Player):
    def turn(self, dice, stage):
        exec({source!r}, {{}})
        raise RuntimeError("done")
''')
    result = run_tournament([f"{classes}:Killer", "dummy"], games=2, seed=3, timeout=5.0)
    killer_row = next(s for s in result.standings if s.name != "DummyBot")
    assert killer_row.disqualified is not None
    assert_killer_ran_and_left_nothing(tmp_path, marker, mode)


def test_a_bot_cannot_kill_its_keeper_in_the_sandbox(tmp_path):
    """In the sandbox the keeper is process 1 of the bot's namespace: SIGKILL from the bot does not reach it, so
    the bot is still known to be running (it was reported killed when its keeper was)."""
    if not namespaces_available():
        pytest.skip("no user namespaces here")
    source, marker = killer(tmp_path, "print('still here', flush=True)\ntime.sleep(600)\n")
    bot = BotProcess([sys.executable, str(script(tmp_path, "killer.py", source))])
    try:
        assert bot.read(20) == "still here"
        assert bot.exit_status(0.2) is None and bot.process.poll() is None
    finally:
        bot.close()
    assert_killer_ran_and_left_nothing(tmp_path, marker)


# --- finding 3: secrets ---------------------------------------------------------------------------------------
#: Reports all it can find to ``report``: its environment, every ``secret_key`` it is told of or finds next to
#: its folder, every readable ``/proc/*/environ`` (the controller's among them), its folder and its limits.
SNOOP = """
import glob, json, os, pathlib, resource
seen = {{"env": dict(os.environ), "cwd": os.getcwd(), "files": {{}}, "environs": [],
        "limits": {{name: resource.getrlimit(getattr(resource, "RLIMIT_" + name.upper()))[0]
                   for name in ("cpu", "as", "nproc", "nofile", "fsize")}}}}
for path in {paths!r} + ["instance/secret_key", "../instance/secret_key", "../../instance/secret_key"]:
    try:
        seen["files"][path] = pathlib.Path(path).read_text()
    except OSError as error:
        seen["files"][path] = str(error)
for path in glob.glob("/proc/[0-9]*/environ"):
    try:
        seen["environs"].append(pathlib.Path(path).read_bytes().decode("utf-8", "replace"))
    except OSError:
        pass
pathlib.Path({report!r}).write_text(json.dumps(seen))
"""
#: The controller: a Pokerface round and a Yahtzee tournament with a snooping program and a snooping class.
CONTROLLER = """
import sys
from webapp.core import botproc
from webapp.games.pokerface.contest import config as cfg
from webapp.games.pokerface.contest.players import InProcessPlayer, SubprocessPlayer
from webapp.games.pokerface.contest.strategies import FillerBot
from webapp.games.pokerface.contest.tournament import play_round
from webapp.games.yahtzee.contest.tournament import run_tournament

botproc.SANDBOX = sys.argv[1] == "sandbox"
players = [SubprocessPlayer(cfg.load_bot(sys.argv[2]), timeout=5, startup_grace=20), InProcessPlayer(FillerBot())]
play_round(players, "s1")
run_tournament(sys.argv[3:], games=1, seed=1, timeout=5.0)
"""


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandbox", "fallback"])
def test_no_secret_reaches_a_bot(tmp_path, sandboxed):
    """The controller has the secret key and a database password in its environment and an instance folder with
    a secret key (in its folder and in the user's data folder); three snooping bots report what they found.
    Never in the environment; with the sandbox nowhere at all (files, other processes' environments)."""
    if sandboxed and not namespaces_available("proc", "hidden"):
        pytest.skip("no user namespaces here, or no mounts in them")
    secrets = {"env_key": "env-secret-7f3a9c", "password": "db-password-51e2", "file_key": "file-secret-c0ffee",
               "data_key": "data-secret-beef42"}
    app = tmp_path / "app"
    (app / "instance").mkdir(parents=True)
    (app / "instance" / "secret_key").write_text(secrets["file_key"])
    data = tmp_path / "data" / "kartenschule"
    data.mkdir(parents=True)
    (data / "secret_key").write_text(secrets["data_key"])
    reports = tmp_path / "reports"
    reports.mkdir()
    paths = [str(app / "instance" / "secret_key"), str(data / "secret_key")]

    def snoop(name: str) -> str:
        return SNOOP.format(paths=paths, report=str(reports / f"{name}.json"))

    poker = pokerface_bot(tmp_path, "Snoop", snoop("pokerface") + KEEPER_PY)
    program = yahtzee_program(tmp_path, "snoop.py", snoop("yahtzee-program") + "print('nonsense', flush=True)\n")
    classes = script(tmp_path, "snoop_class.py", f'''
from webapp.games.yahtzee.contest.players import Player

class Snoop(Player):
    def turn(self, dice, stage):
        exec({snoop("yahtzee-class")!r}, {{}})
        raise RuntimeError("done")
''')
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), "KARTENSCHULE_SECRET_KEY": secrets["env_key"],
           "DATABASE_URL": f"postgresql://kartenschule:{secrets['password']}@localhost/kartenschule",
           "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", CONTROLLER, "sandbox" if sandboxed else "fallback", str(poker.folder),
                           program, f"{classes}:Snoop", "dummy"], cwd=app, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    found = {path.stem: json.loads(path.read_text()) for path in reports.glob("*.json")}
    assert sorted(found) == ["pokerface", "yahtzee-class", "yahtzee-program"]
    for name, seen in found.items():
        in_env = json.dumps(seen["env"])
        assert not [s for s in secrets.values() if s in in_env], name
        assert "KARTENSCHULE_SECRET_KEY" not in seen["env"] and "DATABASE_URL" not in seen["env"]
        assert Path(seen["cwd"]).resolve() not in (app.resolve(), ROOT, app.resolve() / "instance")
        if sandboxed:
            everything = json.dumps(seen)
            assert not [s for s in secrets.values() if s in everything], (name, seen["files"])
    assert_none_left(str(tmp_path))


def test_a_program_bot_runs_in_a_scratch_folder_with_relative_paths_made_absolute(tmp_path, monkeypatch):
    """``python3 relative.py`` given from the bot's folder still runs though the bot works in a scratch folder of
    its own (not ours), which is removed afterwards."""
    script(tmp_path, "relative.py", "import os\nprint(os.getcwd(), flush=True)\n")
    monkeypatch.chdir(tmp_path)
    bot = BotProcess(botproc.absolute_paths([sys.executable, "relative.py"]))
    try:
        cwd = Path(bot.read(20))
    finally:
        bot.close()
    assert cwd != tmp_path and cwd.name.startswith("kartenschule-bot-") and not cwd.exists()


# --- resource limits --------------------------------------------------------------------------------------------
ALLOCATE = """
import resource, sys
limit = resource.getrlimit(resource.RLIMIT_AS)[0]
print(limit, flush=True)
try:
    block = bytes(2 * limit if limit != resource.RLIM_INFINITY else 1 << 50)  # calloc: nothing is touched
except MemoryError:
    print("refused", flush=True)
else:
    print("granted", flush=True)
"""


def test_a_bot_runs_under_resource_limits_and_cannot_allocate_beyond_them(tmp_path, mode):
    bot = BotProcess([sys.executable, str(script(tmp_path, "allocate.py", ALLOCATE))])
    try:
        limit = int(bot.read(20))
        assert limit != resource.RLIM_INFINITY and limit == botproc.DEFAULT_LIMITS["as"]
        assert bot.read(20) == "refused"
    finally:
        bot.close()


def test_yahtzee_a_bot_that_runs_out_of_memory_is_disqualified_and_the_others_play_on(tmp_path, mode):
    greedy = yahtzee_program(tmp_path, "greedy.py", "block = bytes(12 << 30)\nprint('fed')\n")
    result = run_tournament([greedy, "heuristic", "dummy"], games=2, seed=4, timeout=5.0)
    baseline = run_tournament(["heuristic", "dummy"], games=2, seed=4)
    hostile = next(s for s in result.standings if s.name == "greedy.py")
    assert hostile.disqualified is not None and hostile.disqualified.code == "yahtzee.contest.ended"
    assert hostile.disqualified["status"] == 1  # MemoryError, not the machine's memory
    assert honest_scores(result) == honest_scores(baseline)
    assert_none_left(str(tmp_path))


FORK_BOMB = """
import os, sys, time
started = 0
try:
    while started < 2000:
        if os.fork() == 0:
            time.sleep(600)
            os._exit(0)
        started += 1
except OSError:
    pass
print(started, flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(os.geteuid() == 0, reason="root is never held to RLIMIT_NPROC (the kernel lets it fork)")
def test_a_fork_bomb_is_capped_in_the_sandbox_and_killed_afterwards(tmp_path):
    if not namespaces_available():
        pytest.skip("no user namespaces here: RLIMIT_NPROC would count every process of the user")
    bot = BotProcess([sys.executable, str(script(tmp_path, "bomb.py", FORK_BOMB))])
    try:
        started = int(bot.read(30))
    finally:
        bot.close()
    assert started < botproc.DEFAULT_LIMITS["nproc"]
    assert_none_left(str(tmp_path))
