"""`kartenschule serve` (issue 18): a production server a teacher starts with one command.

Bad folders and ports stop with a clear message and exit status 2, never a traceback; the server answers on
loopback only without --lan and on the school network with it; Ctrl-C stops it cleanly and keeps the data.
The --lan test runs in a network namespace of its own with a made-up interface (198.51.100.7, a documentation
address), so it needs no real network and sends nothing off this computer.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from servehelpers import ROOT, SERVE, Client, Served, free_port, join_address, start_class
from webapp.cli import main
from webapp.serve import default_instance, lan_addresses

HERE = Path(__file__).resolve().parent


def _serve(*args: str):
    return CliRunner().invoke(main, ["serve", *args])


def test_missing_instance_folder_stops_with_a_message(tmp_path):
    missing = tmp_path / "nowhere"
    result = _serve("--instance", str(missing), "--port", str(free_port()))
    assert result.exit_code == 2, result.output
    assert f"the instance folder {missing} does not exist" in result.output
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    assert not missing.exists()  # a typo does not make a new, empty database


def test_an_instance_that_is_a_file_stops_with_a_message(tmp_path):
    file = tmp_path / "kartenschule.sqlite3"
    file.write_text("")
    result = _serve("--instance", str(file), "--port", str(free_port()))
    assert result.exit_code == 2 and "is not a folder" in result.output


def test_a_wrong_poll_interval_stops_with_its_name(tmp_path, monkeypatch):
    """A word where a number of ms belongs: exit 2 and the setting named, no traceback."""
    monkeypatch.setenv("KARTENSCHULE_CLASSROOM_TABLET_POLL_MS", "abc")
    result = _serve("--instance", str(tmp_path), "--port", str(free_port()))
    assert result.exit_code == 2, result.output
    assert "CLASSROOM_TABLET_POLL_MS must be a whole number of milliseconds" in result.output
    assert "Traceback" not in result.output


def test_a_port_in_use_stops_with_a_message(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve("--instance", str(tmp_path), "--port", str(port))
    assert result.exit_code == 2, result.output
    assert f"cannot listen on port {port}" in result.output and "--port" in result.output


def test_default_instance_is_the_users_data_folder(monkeypatch, tmp_path):
    """platformdirs: $XDG_DATA_HOME/kartenschule on Linux (~/.local/share/kartenschule without it)."""
    if sys.platform != "linux":
        pytest.skip("the XDG data folder is Linux's")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_instance() == tmp_path / "kartenschule"


def _read_only(folder: Path) -> list[str]:
    """A command prefix under which ``folder`` cannot be written: a read-only bind mount in a mount namespace
    of its own as root (root may write anywhere else), else the folder's write permission taken away."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    if shutil.which("unshare") is None:
        pytest.skip("root, and no unshare(1) to make a read-only folder")
    script = f'mount --bind "{folder}" "{folder}" && mount -o remount,bind,ro "{folder}" && exec "$@"'
    probe = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"no read-only bind mount here: {probe.stderr.decode(errors='replace').strip()}")
    return ["unshare", "-m", "sh", "-c", script, "sh"]


def test_read_only_instance_folder_stops_with_a_message(tmp_path):
    folder = tmp_path / "readonly"
    folder.mkdir()
    command = [*_read_only(folder), *SERVE, "--instance", str(folder), "--port", str(free_port())]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=ROOT)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"the instance folder {folder} is not writable" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert not any(folder.iterdir())


@pytest.mark.parametrize("server", ["granian", "waitress"])
def test_serve_on_loopback_and_stop_with_ctrl_c_keeping_the_class(tmp_path, server):
    """Without --lan: 127.0.0.1 only, the terminal says tablets cannot connect; Ctrl-C ends it with status 0,
    no traceback, and a class started before is still there after a restart."""
    if server == "waitress":
        pytest.importorskip("waitress")
    port = free_port()
    command = [*SERVE, "--port", str(port), "--workers", "1", "--instance", str(tmp_path), "--server", server]
    served = Served(command, tmp_path / "first")
    base = f"http://127.0.0.1:{port}"
    try:
        served.wait_ready(base + "/class")
        teacher = Client(base)
        projector = start_class(teacher)
        status, _path, html = teacher.get(projector)
        assert status == 200 and join_address(html).startswith(f"{base}/class/")
    finally:
        rc = served.interrupt()
    assert rc == 0, served.stderr
    assert f"{base}/class" in served.stdout and "kartenschule serve --lan" in served.stdout
    assert "Kartenschule stopped." in served.stdout
    assert "Traceback" not in served.stderr
    assert "refused to gracefully stop" not in served.stdout + served.stderr  # the workers stopped: none killed
    assert "WARNING" not in served.stdout + served.stderr  # granian's about 64 threads: they are meant (SQLite)
    with sqlite3.connect(tmp_path / "kartenschule.sqlite3") as database:
        assert database.execute("select count(*) from class_session").fetchone()[0] == 1

    again = Served(command, tmp_path / "second")
    try:
        again.wait_ready(base + "/class")
        assert teacher.get(projector)[0] == 200  # the teacher's browser (its teacher cookie) finds the class again
    finally:
        assert again.interrupt() == 0


@pytest.mark.parametrize("wait", [0.0, 0.3])
def test_ctrl_c_while_a_pool_worker_starts_stops_at_once_without_a_traceback(tmp_path, wait):
    """The first call advice of a Tichu round starts the pool's worker process; Ctrl-C while it starts (CI of
    issue 38) printed its ``KeyboardInterrupt`` or ``FileNotFoundError`` traceback, and 16 of 20 times the
    server process waited 10 s for granian to kill it (SIGTERM unblocked in a request thread)."""
    port = free_port()
    command = [*SERVE, "--port", str(port), "--workers", "1", "--instance", str(tmp_path)]
    served = Served(command, tmp_path / "out")
    base = f"http://127.0.0.1:{port}"
    try:
        served.wait_ready(base + "/")
        assert Client(base).get("/tichu/round/coach")[0] == 200  # a new round: the Grand Tichu advice is asked
        time.sleep(wait)
        started = time.monotonic()
    finally:
        rc = served.interrupt()
    assert rc == 0 and time.monotonic() - started < 5, served.stderr
    assert "Traceback" not in served.stderr and "refused to gracefully stop" not in served.stdout + served.stderr


def _in_network_namespace(command: list[str]) -> list[str]:
    """``command`` in a new network namespace holding loopback and a veth pair, one end 198.51.100.7/24."""
    setup = ("ip link set lo up && ip link add ks0 type veth peer name ks1 && ip addr add 198.51.100.7/24 dev ks0 "
             "&& ip link set ks0 up && ip link set ks1 up && exec \"$@\"")
    return ["unshare", "-n", "sh", "-c", setup, "sh", *command]


def test_serve_lan_answers_on_the_network_address_and_the_projector_shows_it(tmp_path):
    command = [sys.executable, str(HERE / "servehelpers.py"), "lan-check", str(free_port()), str(tmp_path)]
    wrapped = _in_network_namespace(command)
    probe = subprocess.run(_in_network_namespace(["true"]), capture_output=True, text=True) \
        if shutil.which("unshare") and shutil.which("ip") else None
    if probe is None or probe.returncode != 0:
        # No namespace of our own (not root, or no unshare/ip): use this computer's own network address.
        if not lan_addresses():
            pytest.skip("no network address besides loopback on this computer, and no network namespace to make one "
                        f"({probe.stderr.strip() if probe else 'unshare or ip missing'})")
        wrapped = command
    result = subprocess.run(wrapped, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    address = found["addresses"][0]
    assert not address.startswith("127.")
    assert found["lan_status"] == 200
    port = found["join_url"].split(":")[2].split("/")[0]
    # opened as 127.0.0.1 on the server itself, the projector names the network address
    assert found["join_url"].startswith(f"http://{address}:{port}/class/"), found["join_url"]
    assert f"http://{address}:{port}/class" in found["lan_stdout"]
    assert "\u2580" in found["lan_stdout"] or "\u2584" in found["lan_stdout"] or "\u2588" in found["lan_stdout"]
    assert found["lan_rc"] == 0 and found["local_rc"] == 0
    assert found["local_refused_on_lan"] is True  # without --lan, loopback only


def test_a_database_it_cannot_reach_stops_with_a_message(tmp_path, monkeypatch):
    """DATABASE_URL naming a server that is not there (port 9 on loopback: nothing listens)."""
    monkeypatch.setenv("DATABASE_URL", "postgresql://kartenschule@127.0.0.1:9/kartenschule?connect_timeout=5")
    result = _serve("--instance", str(tmp_path), "--port", str(free_port()))
    assert result.exit_code == 2, result.output
    assert "cannot open the database (DATABASE_URL): " in result.output
    assert "127.0.0.1" in result.output and "Traceback" not in result.output


def test_the_app_imports_without_fcntl_as_on_windows():
    """Windows has no fcntl (`kartenschule serve` runs waitress there): the app and its database module must
    still import; the migration lock is filelock's (msvcrt on Windows, flock elsewhere)."""
    code = ("import sys; sys.modules['fcntl'] = None\n"
            "import webapp.core.db, webapp.serve, webapp.cli\n"
            "from webapp import create_app\n"
            "print('imported')")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0 and "imported" in result.stdout, result.stderr


def test_a_workers_app_is_moved_out_of_the_garbage_collectors_way(monkeypatch):
    """A granian worker freezes what the built app holds (gc.freeze): a full collection then walks only what the
    requests made (it took 110-120 ms with the app's objects in it, stopping the whole worker)."""
    import gc

    from webapp import serve

    built = object()
    monkeypatch.setattr(serve, "_BUILT", built)
    monkeypatch.setattr(serve, "_signals_in_one_thread", lambda take_int: None)  # not in the test's process
    gc.unfreeze()
    try:
        assert serve._worker_app("unused", []) is built
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()


@pytest.mark.parametrize(("database_url", "options", "server", "expected"), [
    (None, [], "granian", 64),  # SQLite in the instance folder: writers wait in the machine's queue, each on a thread
    (None, ["--threads", "8"], "granian", 8),
    (None, [], "waitress", 2 * 64),  # one process of workers x threads
    ("postgresql+psycopg://kartenschule@db.example/kartenschule", [], "granian", 4),  # each thread keeps a connection
    ("postgresql+psycopg://kartenschule@db.example/kartenschule", ["--threads", "16"], "granian", 16),
])
def test_a_process_gets_64_threads_on_sqlite_and_4_on_postgresql_unless_told(monkeypatch, tmp_path, database_url,
                                                                              options, server, expected):
    """Without --threads: 64 a process on SQLite (answers waiting behind a slow commit must leave the tablets' polls
    threads of their own), 4 on PostgreSQL (a database server allows few connections)."""
    from types import SimpleNamespace

    from webapp import serve

    if database_url is not None:
        monkeypatch.setattr(serve, "build_app", lambda folder, urls: SimpleNamespace(
            config={"SQLALCHEMY_DATABASE_URI": database_url, "TRUSTED_PROXIES": 0}))
    started = {}
    monkeypatch.setattr(serve, "_serve_granian", lambda app, folder, urls, host, port, workers, threads, ready:
                        started.update(threads=threads, workers=workers))
    monkeypatch.setattr(serve, "_serve_waitress", lambda app, host, port, threads, ready: started.update(threads=threads))
    result = _serve("--instance", str(tmp_path), "--port", str(free_port()), "--server", server, *options)
    assert result.exit_code == 0, result.output
    assert started["threads"] == expected


def test_serve_raises_a_low_limit_of_open_files_so_a_whole_school_can_connect():
    """A soft limit of 256 open files (macOS's usual; Linux's is 1,024) is raised to at least 4,096 or the hard
    limit: each tablet's connection is a socket, each thread's SQLite connection two files."""
    code = ("import resource; from webapp.serve import more_open_files; "
            "now = more_open_files(); print(now, *resource.getrlimit(resource.RLIMIT_NOFILE))")

    def low_limit():
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=low_limit)
    assert result.returncode == 0, result.stderr
    reported, soft, hard = (int(n) for n in result.stdout.split())
    assert reported == soft and soft >= min(4096, hard)


@pytest.mark.parametrize(("soft", "expected", "calls"), [
    (256, 10240, [65536, 10240]),  # macOS's usual soft limit: 65,536 refused, 10,240 taken
    (20000, 20000, [65536]),  # already above what macOS allows: kept, never lowered
])
def test_on_macos_the_open_files_limit_falls_back_to_what_it_allows(monkeypatch, soft, expected, calls):
    """macOS refuses a soft limit above ``kern.maxfilesperproc`` (10,240 by default) even with an unlimited hard
    limit: the second try asks for 10,240."""
    import resource

    from webapp.serve import more_open_files

    tried = []

    def refuse_above_10240(which, limits):
        tried.append(limits[0])
        if limits[0] > 10240:
            raise ValueError("not allowed to raise maximum limit")

    monkeypatch.setattr(resource, "getrlimit", lambda which: (soft, resource.RLIM_INFINITY))
    monkeypatch.setattr(resource, "setrlimit", refuse_above_10240)
    assert more_open_files() == expected
    assert tried == calls


# --- trusted proxies and the bind address (issue 34, finding 8) ----------------------------------------------------
def test_the_bind_check_refuses_trusted_proxies_beyond_loopback_unless_allowed():
    from webapp.serve import ServeError, check_bind

    for host, proxies, allowed in (("127.0.0.1", 1, False), ("0.0.0.0", 0, False), ("0.0.0.0", 2, True),
                                   ("::1", 1, False)):
        check_bind(host, proxies, allowed)  # no error
    for host in ("0.0.0.0", "192.0.2.10", "::"):
        with pytest.raises(ServeError) as refused:
            check_bind(host, 1, False)
        assert refused.value.exit_code == 2 and "X-Forwarded-For" in refused.value.message
        assert "--allow-direct-with-proxies" in refused.value.message


@pytest.fixture
def served_apps(monkeypatch):
    """``kartenschule serve`` up to the server's start: the apps it would serve, none served."""
    from conftest import dispose

    from webapp import serve

    started = []
    monkeypatch.setattr(serve, "_serve_granian", lambda app, *args: started.append(app))
    monkeypatch.setattr(serve, "_serve_waitress", lambda app, *args: started.append(app))
    yield started
    for app in started:
        dispose(app)


def test_serve_lan_with_trusted_proxies_stops_with_a_message(tmp_path, monkeypatch, served_apps):
    """With KARTENSCHULE_TRUSTED_PROXIES a client reaching the port directly forges X-Forwarded-For and passes every
    per-address limit: --lan is refused (stderr, exit 2), loopback is fine."""
    monkeypatch.setenv("KARTENSCHULE_TRUSTED_PROXIES", "1")
    result = _serve("--lan", "--instance", str(tmp_path), "--port", str(free_port()))
    assert result.exit_code == 2, result.output
    assert "forge" in result.stderr and "--allow-direct-with-proxies" in result.stderr
    assert "Traceback" not in result.output
    assert served_apps == []
    result = _serve("--instance", str(tmp_path), "--port", str(free_port()))
    assert result.exit_code == 0, result.output
    assert len(served_apps) == 1 and served_apps[0].config["TRUSTED_PROXIES"] == 1


@pytest.mark.parametrize("forced", [("--allow-direct-with-proxies",), ()])
def test_serve_lan_with_trusted_proxies_starts_when_forced(tmp_path, monkeypatch, served_apps, forced):
    monkeypatch.setenv("KARTENSCHULE_TRUSTED_PROXIES", "1")
    if not forced:
        monkeypatch.setenv("KARTENSCHULE_ALLOW_DIRECT_WITH_PROXIES", "1")
    result = _serve("--lan", *forced, "--instance", str(tmp_path), "--port", str(free_port()))
    assert result.exit_code == 0, result.output
    assert len(served_apps) == 1


def test_a_served_app_builds_the_first_pages_tables_before_the_first_request(tmp_path, monkeypatch):
    """Issue 34: the first Pokerface page built the evaluator's tables (0.4 s of CPU) and the first Yahtzee coach
    read its table (70 ms) on the request; ``kartenschule serve`` builds both before it serves."""
    from webapp import create_app
    from webapp.games.pokerface import evaluator
    from webapp.games.yahtzee import rules as yahtzee_rules
    from webapp.games.yahtzee.views import table_store
    from webapp.serve import warm_up

    evaluator.default_evaluator.cache_clear()
    app = create_app({"TESTING": True}, instance_path=str(tmp_path))
    warm_up(app)
    assert evaluator.default_evaluator.cache_info().currsize == 1
    monkeypatch.setattr(evaluator, "_big_tables", lambda *a: pytest.fail("the tables were built on a request"))
    client = app.test_client()
    assert client.get("/pokerface", follow_redirects=True).status_code == 200
    with app.app_context():
        assert yahtzee_rules.FORCED in table_store()._strategies  # loaded, not to be loaded by the first coach
