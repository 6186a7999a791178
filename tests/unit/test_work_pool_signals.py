"""Ctrl-C and the heavy-work pool's workers (CI of issue 38's first stop): the terminal sends SIGINT to the whole
process group, and a pool worker that took it while it started printed a ``KeyboardInterrupt`` traceback; a worker
still starting when its server process ended printed a ``FileNotFoundError`` one (its semaphores were gone); and
the resource tracker, started by the first worker, unblocked SIGTERM in a granian request thread, so that a
server process sometimes waited 10 s to be killed. ``tests/web/test_serve.py`` checks the whole server."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import pytest

from webapp.core.work_pool import Status, WorkPool, stop_workers

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask") or not Path("/proc/self/task").is_dir(),
                                reason="POSIX signal masks, read in /proc (Linux)")

HELD = {signal.SIGINT, signal.SIGTERM}


def blocked_in_worker(_a: int, _b: int, _c: tuple, _player: int) -> frozenset[int]:
    """The pool's job here: the signals blocked in the worker process that runs it."""
    return frozenset(int(number) for number in signal.pthread_sigmask(signal.SIG_BLOCK, []))


def _blocked(native_id: int) -> set[int]:
    """The signals a thread of this process blocks, read from /proc."""
    line = next(line for line in Path(f"/proc/self/task/{native_id}/status").read_text().splitlines()
                if line.startswith("SigBlk:"))
    mask = int(line.split()[1], 16)
    return {number for number in range(1, 65) if mask >> (number - 1) & 1}


def test_a_worker_is_born_with_ctrl_c_blocked_and_a_request_threads_signals_stay_blocked():
    """A request thread of a granian worker blocks SIGINT and SIGTERM (one thread takes them). The pool's worker
    it starts blocks SIGINT (Ctrl-C is the server's to handle) and takes SIGTERM; the request thread and the pool's
    manager thread it starts still block both."""
    pool = WorkPool(workers=1, queue=2, kept=2, runner=blocked_in_worker)
    seen: dict[str, object] = {}

    def request() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
        seen["first"] = pool.ask((1, 1, ()), 0, "child").status
        seen["after"] = set(signal.pthread_sigmask(signal.SIG_BLOCK, []))

    thread = threading.Thread(target=request)
    thread.start()
    thread.join(30)
    try:
        assert seen["first"] is Status.THINKING and HELD <= seen["after"]
        manager = pool._executor._executor_manager_thread  # the pool's own thread, started by the request
        assert manager is not None and {int(s) for s in HELD} <= _blocked(manager.native_id)
        deadline = time.monotonic() + 60
        answer = pool.ask((1, 1, ()), 0, "child")
        while answer.status is Status.THINKING and time.monotonic() < deadline:
            time.sleep(0.05)
            answer = pool.ask((1, 1, ()), 0, "child")
        assert answer.status is Status.READY
        assert int(signal.SIGINT) in answer.result and int(signal.SIGTERM) not in answer.result
    finally:
        pool.close()


def test_stop_workers_ends_a_pools_workers_at_once():
    """At a server process's exit the pool's workers are killed and joined, not left to find their semaphores
    gone (a worker still starting)."""
    pool = WorkPool(workers=1, queue=2, kept=2, runner=blocked_in_worker)
    pool.warm()  # starts the worker; it is still importing the app now
    processes = list(pool._executor._processes.values())
    assert processes and all(process.is_alive() for process in processes)
    started = time.monotonic()
    stop_workers(pool._executor)
    assert not any(process.is_alive() for process in processes)
    assert time.monotonic() - started < 2
