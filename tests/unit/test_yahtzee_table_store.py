"""The Yahtzee coach's table on disk: computed once across processes, written whole, backed off after a failure.

Issue 13, section 4: with the table folder on a full disk every page view restarted the
16 s computation, nothing was logged, partial files stayed behind; two worker processes
each computed their own. These tests use a tiny fake computation (injected), never the real one.
"""

from __future__ import annotations

import errno
import logging
import multiprocessing
from pathlib import Path

import numpy as np
import pytest

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys
from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee.table import TableStore


class FakeComputation:
    """Counts its calls; returns a table of the right shape at once."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, joker, progress=None, workers=None) -> np.ndarray:
        self.calls += 1
        if progress is not None:
            progress(1, 1)
        return np.zeros(ys.table_shape())


class Clock:
    """A clock the test moves by hand (no sleeping)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.suffix != ".lock")


def _full_disk_write(handle, table) -> None:
    """np.save on a full disk: a part of the file is written, then ENOSPC."""
    handle.write(b"\x93NUMPY partial")
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_is_logged_leaves_no_partial_file_and_is_not_retried_on_every_view(tmp_path, monkeypatch, caplog):
    fake, clock = FakeComputation(), Clock()
    store = TableStore(tmp_path, compute=fake, retry_after=600, clock=clock)
    monkeypatch.setattr(yahtzee_table.np, "save", _full_disk_write)
    with caplog.at_level(logging.ERROR, logger="webapp.games.yahtzee.table"):
        assert store.strategy(y.FORCED) is None
        assert store.wait(timeout=60)
    assert fake.calls == 1
    failure = store.errors[y.FORCED]
    assert failure.reason == "disk_full" and failure.message == "yahtzee.coach.unavailable.disk_full"
    assert "disk_full" in caplog.text and "No space left" in caplog.text
    assert _leftovers(tmp_path) == []  # no partial table, no temporary file
    for _ in range(20):  # a reloading browser
        assert store.strategy(y.FORCED) is None
        assert store.wait(timeout=60)
    assert fake.calls == 1
    clock.now += 601  # after the pause, one more try; the disk has room again
    monkeypatch.undo()
    assert store.strategy(y.FORCED) is None
    assert store.wait(timeout=60)
    assert fake.calls == 2 and store.strategy(y.FORCED) is not None and y.FORCED not in store.errors
    assert _leftovers(tmp_path) == [store.path(y.FORCED).name]


def test_no_room_for_the_table_fails_before_the_computation(tmp_path, monkeypatch):
    fake = FakeComputation()
    store = TableStore(tmp_path, compute=fake)
    usage = type("Usage", (), {"total": 10**9, "used": 10**9 - 4096, "free": 4096})()
    monkeypatch.setattr(yahtzee_table.shutil, "disk_usage", lambda _path: usage)
    with pytest.raises(OSError) as raised:
        store.compute(y.FORCED)
    assert raised.value.errno == errno.ENOSPC and fake.calls == 0


def test_a_read_only_folder_is_named(tmp_path, monkeypatch):
    store = TableStore(tmp_path, compute=FakeComputation())

    def read_only(*_args, **_kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(yahtzee_table.os, "replace", read_only)
    store.strategy(y.FORCED)
    assert store.wait(timeout=60)
    assert store.errors[y.FORCED].reason == "read_only"
    assert _leftovers(tmp_path) == []


def _compute_in_a_process(folder: str, counter: str, started, release, asking, results) -> None:
    """One worker process: ask for the table with a fake computation that waits for ``release``."""

    def fake(joker, progress=None, workers=None):
        with open(counter, "a") as out:
            out.write("computed\n")
        started.set()
        release.wait(120)
        return np.ones(ys.table_shape())

    store = TableStore(folder, compute=fake)
    assert store.load(y.FORCED) is None
    asking.set()
    strategy = store.ensure(y.FORCED)
    results.put(float(strategy.flat[0]))


def test_two_processes_asking_at_once_compute_once(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    counter = tmp_path / "calls.txt"
    started, release = ctx.Event(), ctx.Event()
    asking = [ctx.Event(), ctx.Event()]
    results = ctx.Queue()
    processes = [ctx.Process(target=_compute_in_a_process,
                             args=(str(tmp_path), str(counter), started, release, asking[i], results))
                 for i in range(2)]
    processes[0].start()
    try:
        assert started.wait(120)  # the first process computes (and holds the lock) ...
        processes[1].start()
        assert asking[1].wait(120)  # ... while the second finds no table and asks for it
        release.set()
        for process in processes:
            process.join(120)
        assert [p.exitcode for p in processes] == [0, 0]
        assert sorted(results.get(timeout=10) for _ in range(2)) == [1.0, 1.0]
        assert counter.read_text().splitlines() == ["computed"]
    finally:
        release.set()
        for process in processes:
            if process.is_alive():
                process.kill()
                process.join()


def test_a_saved_table_is_loaded_not_computed_unless_asked_again(tmp_path):
    """The lock's second comer loads the file; the command line's --force (again=True) still computes."""
    fake = FakeComputation()
    store = TableStore(tmp_path, compute=fake)
    store.compute(y.FORCED)
    TableStore(tmp_path, compute=fake).compute(y.FORCED)
    assert fake.calls == 1
    store.compute(y.FORCED, again=True)
    assert fake.calls == 2


def test_the_command_line_names_a_full_disk_and_exits_2(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from webapp.cli import main

    usage = type("Usage", (), {"total": 10**9, "used": 10**9, "free": 0})()
    monkeypatch.setattr(yahtzee_table.shutil, "disk_usage", lambda _path: usage)
    result = CliRunner().invoke(main, ["yahtzee", "table", "--table-dir", str(tmp_path / "tables")])
    assert result.exit_code == 2
    assert "the strategy table cannot be saved in" in result.stderr and "the table needs" in result.stderr
