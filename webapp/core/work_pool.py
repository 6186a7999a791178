"""Heavy work off the request thread, for any game (issue 35, shared with the Tichu coach in issue 38): a bounded
process pool, a bounded queue, kept answers shared between the server processes of one instance folder.

A job (a Skat game's analysis, a club player's card, the Tichu coach's chance to go out first) takes up to a few
seconds of one core, far above a request's budget (50 ms), so a request only asks for it and looks whether it is
done:

* :meth:`WorkPool.ask` starts the job of a key in a worker process (a ``spawn`` process pool, 1 process by
  default, so the other core stays with the requests: a process, not a thread, so the work never holds the server's
  interpreter lock) and answers at once: the result when it is kept, else "thinking" or "busy".
* At most ``queue`` jobs wait or run at once (64 by default); more answer "busy" (the page says to try again)
  instead of a queue that grows without end. One child (one ``owner``) has at most one job waiting or running:
  asking for another while one runs answers "thinking" and starts it when the first is done (the page asks again).
* Answers are kept by their key, at most ``kept`` (512 by default, the oldest dropped first): the same key is worked
  out once, the same answer on every device (the jobs are deterministic: their work is bounded by positions or
  moves, not by time). The server processes of one instance folder share the answers and who is working on which
  (:class:`AnswerFiles`), so a poll that reaches the other process neither starts the job again nor waits for it.
* A worker ends with the server process that started it (:func:`watch_parent`): a killed server process leaves
  nothing running; it runs at a lower CPU priority (:data:`NICENESS`). Ctrl-C is the server process's: a worker
  is born with SIGINT blocked (:func:`ctrl_c_held`) and killed when the server process ends (:func:`stop_workers`).

A key is ``(int, int, tuple of str)``; the pool calls its ``runner(key[0], key[1], key[2], player)`` (a module-level,
picklable function). Each user of the pool has its own instance, runner and folder (:func:`init_pool`):
:mod:`webapp.games.skat.analysis_pool` and :mod:`webapp.games.tichu.call_coach_views`.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from enum import Enum
from multiprocessing import resource_tracker, util
from pathlib import Path
from typing import Any, Callable

WORKERS, QUEUE, KEPT = 1, 64, 512
#: A claim on an analysis older than this (seconds) is from a process that stopped: another may take it over.
STALE_SECONDS = 120

Key = tuple[int, int, tuple[str, ...]]


class Status(Enum):
    """What :meth:`WorkPool.ask` found."""

    READY = "ready"
    THINKING = "thinking"
    BUSY = "busy"
    FAILED = "failed"


@dataclass(frozen=True)
class Answer:
    """The answer to :meth:`WorkPool.ask`: a :class:`Status` and, when ready, the job's result (what the pool's
    runner returned: for Skat an analysis, a club player's move or the coach's card chances; for Tichu the coach's
    :class:`~webapp.games.tichu.chance.Chance`)."""

    status: Status
    result: Any = None


#: Seconds between a worker's looks at whether the server process that started it is still there.
PARENT_CHECK = 0.5


def watch_parent(parent: int) -> None:
    """In a worker process: end it (``os._exit``) as soon as the server process ``parent`` that started it is gone
    (it was re-parented: a server worker killed, issue 34), looked at every :data:`PARENT_CHECK` seconds by a daemon
    thread. A pool's workers otherwise outlive a killed server process, with their resource tracker."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="kartenschule-parent-watch", daemon=True).start()


#: How much lower a worker's CPU priority is than the server's (POSIX ``nice``): an analysis uses what the request
#: threads leave, so a class's moves stay within their budget while the finished deals are analysed (issue 37).
NICENESS = 10


def start_worker(parent: int) -> None:
    """A worker process's start: SIGTERM unblocked (a worker started by a granian request thread is born with it
    blocked, :func:`ctrl_c_held`; the pool stops a broken pool's workers with it), its priority lowered by
    :data:`NICENESS` (where the system has ``os.nice``; a refusal is ignored: the worker runs at the server's
    priority), then :func:`watch_parent` of ``parent``."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    if hasattr(os, "nice"):
        try:
            os.nice(NICENESS)
        except OSError:  # pragma: no cover - a system that refuses
            pass
    watch_parent(parent)


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Hold SIGINT back (blocked) in the calling thread while it starts worker processes (a ``spawn`` pool starts
    them in :meth:`ProcessPoolExecutor.submit`), so that they are born with it blocked and keep it so.

    Ctrl-C in the terminal reaches the whole process group, and a worker that took it while it imported the app
    printed a ``KeyboardInterrupt`` traceback on the teacher's terminal (CI, issue 38); the server process stops its
    workers itself (:func:`stop_workers`, or :func:`watch_parent` when it is gone).

    multiprocessing's resource tracker is started first, because starting it unblocks SIGINT and SIGTERM in the
    calling thread; the thread's own mask is put back before the pool starts its processes and threads. A granian
    request thread keeps both blocked (they are taken by one thread, :func:`webapp.serve._signals_in_one_thread`):
    unblocked in it or in the pool's threads it starts, a SIGTERM could land there and go unanswered, and the server
    process waited for granian to kill it after 10 s (16 of 20 Ctrl-Cs right after the first advice was asked).
    Nothing on a system without ``signal.pthread_sigmask`` (Windows)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_SETMASK, before | {signal.SIGINT})  # the threads the pool starts, too
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


#: :func:`stop_workers` runs before multiprocessing's own exit finalizers (priority 0: they remove the pool's
#: semaphores).
STOP_PRIORITY = 10


def stop_workers(executor: ProcessPoolExecutor) -> None:
    """At the exit of the server process that made ``executor``: its jobs cancelled and its workers stopped
    (killed: a worker still starting has SIGTERM blocked; the job it runs is lost with the server anyway), then
    joined.

    A server worker (granian's, a multiprocessing process) ends by ``os._exit`` after multiprocessing's exit
    finalizers, and those removed the pool's semaphores before its workers were told to stop: a worker still
    starting then failed to find them and printed a ``FileNotFoundError`` traceback on the teacher's terminal at
    Ctrl-C (CI, issue 38). Registered by :meth:`WorkPool._pool` with :data:`STOP_PRIORITY`, so it runs first."""
    processes = list((getattr(executor, "_processes", None) or {}).values())  # 3.14 has terminate_workers()
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(PARENT_CHECK * 4)


def ready() -> bool:
    """A job that does nothing: run once to start a worker process (its imports) before the first real job."""
    return True


class AnswerFiles:
    """The answers shared by the server processes of one instance folder (``kartenschule serve`` starts two): a
    kept answer is ``<folder>/<key's hash>.pickle`` (written whole, then renamed into place), and while one process
    analyses a game it holds ``<hash>.running`` (made with ``O_EXCL``: one process claims it; a claim older than
    :data:`STALE_SECONDS` is taken over). So each game is analysed once, whichever process a poll reaches, and a
    restart keeps the answers. The folder is the instance folder's, which only the app writes (it holds the secret
    key too), so its pickles are trusted.

    Args:
        folder: where the files live (made when missing); kept: at most about twice this many answers are kept.
    """

    def __init__(self, folder: str | Path, kept: int = KEPT) -> None:
        self.folder = Path(folder)
        self.kept = kept

    def _path(self, key: Key, suffix: str) -> Path:
        return self.folder / (hashlib.sha256(repr(key).encode()).hexdigest()[:32] + suffix)

    def load(self, key: Key) -> Any:
        """The kept answer of ``key``, or None (none, or a damaged file: then removed)."""
        path = self._path(key, ".pickle")
        try:
            with path.open("rb") as handle:
                return pickle.load(handle)
        except FileNotFoundError:
            return None
        except Exception:  # a damaged or old file: analyse again
            path.unlink(missing_ok=True)
            return None

    def running_elsewhere(self, key: Key) -> bool:
        """True when a process holds a fresh claim on ``key``."""
        try:
            return time.time() - self._path(key, ".running").stat().st_mtime < STALE_SECONDS
        except FileNotFoundError:
            return False

    def claim(self, key: Key) -> bool:
        """Claim ``key`` for this process: True when no other process holds a fresh claim."""
        path = self._path(key, ".running")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            if self.running_elsewhere(key):
                return False
            path.unlink(missing_ok=True)  # a stale claim
            return self.claim(key)
        except OSError:
            return True  # no folder to share (read-only, full): this process analyses it alone

    def save(self, key: Key, analysis: Any) -> None:
        """Keep the result ``analysis`` (None: a failed job, nothing kept) and drop the claim; the oldest answers go when more
        than twice ``kept`` are kept."""
        try:
            if analysis is not None:
                temporary = self._path(key, f".{os.getpid()}.tmp")
                with temporary.open("wb") as handle:
                    pickle.dump(analysis, handle)
                os.replace(temporary, self._path(key, ".pickle"))
                kept = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
                for old in kept[:max(0, len(kept) - 2 * self.kept)]:
                    old.unlink(missing_ok=True)
        except OSError:
            pass  # a full disk: the answer stays in this process's memory only
        finally:
            self._path(key, ".running").unlink(missing_ok=True)


class WorkPool:
    """One kind of heavy work of one app (see the module's docstring).

    Args:
        workers: processes (at least 1); queue: the most jobs waiting or running; kept: answers kept.
        runner: the job, ``runner(key[0], key[1], key[2], player)``, module-level (picklable); tests give one
            that runs in the calling process.
        folder: where the server processes share their answers (:class:`AnswerFiles`), or a function that names it
            when it is first needed (the app's instance folder, which may be set after the app is made); None: in
            memory only.
    """

    def __init__(self, workers: int = WORKERS, queue: int = QUEUE, kept: int = KEPT, *, runner: Callable[..., Any],
                 folder: str | Path | Callable[[], Path] | None = None) -> None:
        if workers < 1 or queue < 1 or kept < 1:
            raise ValueError("workers, queue and kept must be at least 1")
        self.workers, self.queue, self.kept = workers, queue, kept
        self._runner = runner
        self._folder = folder
        self._shared: AnswerFiles | None = None
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._running: dict[Key, Future] = {}
        self._owners: dict[str, Key] = {}
        self._answers: OrderedDict[Key, Answer] = OrderedDict()

    def ask(self, key: Key, player: int, owner: str) -> Answer:
        """The job (the pool's runner) of ``key`` (for Skat ``(seed, game number, codes)``) for ``player``: kept,
        or started now (``owner``: who asks, one job each at a time). Never waits for a worker.

        Returns:
            :class:`Answer`: READY with the result; THINKING (started or waiting for the owner's other one);
            BUSY (the queue is full: ask again later); FAILED (the job raised: the game could not be analysed).
        """
        with self._lock:
            known = self._known(key)
            if known is not None:
                return known
            mine = self._owners.get(owner)
            if mine is not None and mine in self._running:
                return Answer(Status.THINKING)
            if len(self._running) >= self.queue:
                return Answer(Status.BUSY)
            if self._files is not None and not self._files.claim(key):
                return Answer(Status.THINKING)  # another server process has just started it
            with ctrl_c_held():
                try:
                    future = self._pool().submit(self._runner, key[0], key[1], key[2], player)
                except BrokenProcessPool:  # a worker was killed: a new pool for this job and the next
                    self._executor = None
                    future = self._pool().submit(self._runner, key[0], key[1], key[2], player)
            files = self._files
            if files is not None:  # shared the moment it is done, whichever process the next poll reaches
                future.add_done_callback(
                    lambda done: files.save(key, None if done.cancelled() or done.exception() else done.result()))
            self._running[key] = future
            self._owners[owner] = key
            return Answer(Status.THINKING)

    def warm(self) -> None:
        """Start the worker processes now (once), so that the first analysis does not wait for them to start and
        import the app (about a second or two): the table calls this while a game is being played. Never waits."""
        with self._lock:
            if self._executor is None:
                pool = self._pool()
                with ctrl_c_held():
                    for _ in range(self.workers):
                        pool.submit(ready)

    def peek(self, key: Key) -> Answer | None:
        """What is known of ``key`` without starting anything: kept (READY or FAILED), running (THINKING), or None
        (never asked: the caller checks the game, then calls :meth:`ask`). Only checked games are ever keys, so a
        poll that finds its key needs no new check (a cheap poll)."""
        with self._lock:
            return self._known(key)

    @property
    def _files(self) -> AnswerFiles | None:
        if self._shared is None and self._folder is not None:
            folder = self._folder() if callable(self._folder) else self._folder
            self._shared = AnswerFiles(folder, self.kept)
        return self._shared

    def _known(self, key: Key) -> Answer | None:
        """Kept here or in the shared files (READY/FAILED), running here or in another process (THINKING), or None
        (under the lock)."""
        self._collect()
        if key in self._answers:
            self._answers.move_to_end(key)
            return self._answers[key]
        if key in self._running:
            return Answer(Status.THINKING)
        if self._files is None:
            return None
        analysis = self._files.load(key)
        if analysis is not None:
            self._keep(key, Answer(Status.READY, analysis))
            return self._answers[key]
        return Answer(Status.THINKING) if self._files.running_elsewhere(key) else None

    def _keep(self, key: Key, answer: Answer) -> None:
        self._answers[key] = answer
        while len(self._answers) > self.kept:
            self._answers.popitem(last=False)

    def _collect(self) -> None:
        """Move finished jobs to the kept answers (under the lock); a job lost with a killed worker is forgotten."""
        for key, future in list(self._running.items()):
            if not future.done():
                continue
            del self._running[key]
            error = future.exception()
            if isinstance(error, BrokenProcessPool):  # its worker was killed, not the job's fault: asked again, run again
                continue
            self._keep(key, Answer(Status.FAILED) if error is not None else Answer(Status.READY, future.result()))
        for owner, key in list(self._owners.items()):
            if key not in self._running:
                del self._owners[owner]

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=start_worker, initargs=(os.getpid(),))
            util.Finalize(None, stop_workers, args=(self._executor,), exitpriority=STOP_PRIORITY)
        return self._executor

    def close(self) -> None:
        """Stop the worker processes (running jobs are cancelled)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None



def init_pool(app: Any, extension: str, folder: str, runner: Callable[..., Any],
              make: Callable[..., WorkPool] = WorkPool) -> WorkPool:
    """Give ``app`` a pool (once; ``app.extensions[extension]``) made by ``make`` with ``runner``, sharing its
    answers in ``<instance folder>/<folder>``, bounded by the heavy-work settings ``SKAT_ANALYSIS_WORKERS``,
    ``SKAT_ANALYSIS_QUEUE`` and ``SKAT_ANALYSIS_KEPT`` (named for their first user; each pool has its own workers,
    queue and kept answers of these sizes). Returns the pool.

    Raises:
        ValueError: a setting below 1.
    """
    if extension not in app.extensions:
        app.extensions[extension] = make(int(app.config.get("SKAT_ANALYSIS_WORKERS", WORKERS)),
                                         int(app.config.get("SKAT_ANALYSIS_QUEUE", QUEUE)),
                                         int(app.config.get("SKAT_ANALYSIS_KEPT", KEPT)), runner=runner,
                                         folder=lambda: Path(app.instance_path) / folder)
    return app.extensions[extension]
