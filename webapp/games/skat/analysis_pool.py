"""The analyses of finished games at the table, off the request thread: a bounded pool, a bounded queue, kept answers.

An analysis (:func:`.analysis.analyse`) takes up to a few seconds of one core, far above a request's budget (50 ms),
so a request only asks for it and looks whether it is done:

* :meth:`AnalysisPool.ask` starts the analysis of a game in a worker process (a ``spawn`` process pool of
  ``SKAT_ANALYSIS_WORKERS`` processes, 1 by default, so the other core stays with the requests: a process, not a
  thread, so the search never holds the server's interpreter lock) and answers at once: the analysis when it is
  kept, else "thinking" or "busy".
* At most ``SKAT_ANALYSIS_QUEUE`` analyses wait or run at once (64 by default); more answer "busy" (the page says
  to try again) instead of a queue that grows without end. One child (one ``owner``) has at most one analysis
  waiting or running: asking for another game while one runs answers "thinking" and starts it when the first is
  done (the page asks again).
* Answers are kept by the game (seed, game number, every move), at most ``SKAT_ANALYSIS_KEPT`` (512 by default,
  the oldest dropped first): the same game is analysed once, the same answer on every device (the analysis is
  deterministic: its work is bounded by positions searched, not by time).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from enum import Enum
from typing import Any

from webapp.games.skat.analysis import Analysis, analyse
from webapp.games.skat.table import seat_of
from webapp.games.skat.table_codes import replay

EXTENSION = "skat_analysis"
WORKERS, QUEUE, KEPT = 1, 64, 512

Key = tuple[int, int, tuple[str, ...]]


class Status(Enum):
    """What :meth:`AnalysisPool.ask` found."""

    READY = "ready"
    THINKING = "thinking"
    BUSY = "busy"
    FAILED = "failed"


@dataclass(frozen=True)
class Answer:
    """The answer to :meth:`AnalysisPool.ask`: a :class:`Status` and, when ready, the :class:`Analysis`."""

    status: Status
    analysis: Analysis | None = None


def ready() -> bool:
    """A job that does nothing: run once to start a worker process (its imports) before the first real job."""
    return True


def run(seed: int, number: int, codes: tuple[str, ...], player: int) -> Analysis:
    """The job done in a worker: replay the game and analyse it for ``player`` (0-2). Module-level: picklable."""
    return analyse(replay(seed, number, codes), seat_of(player, number))


class AnalysisPool:
    """The analyses of one app (see the module's docstring).

    Args:
        workers: processes (at least 1); queue: the most analyses waiting or running; kept: answers kept.
        runner: the job (tests give one that runs in the calling process).
    """

    def __init__(self, workers: int = WORKERS, queue: int = QUEUE, kept: int = KEPT, runner: Any = run) -> None:
        if workers < 1 or queue < 1 or kept < 1:
            raise ValueError("workers, queue and kept must be at least 1")
        self.workers, self.queue, self.kept = workers, queue, kept
        self._runner = runner
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._running: dict[Key, Future] = {}
        self._owners: dict[str, Key] = {}
        self._answers: OrderedDict[Key, Answer] = OrderedDict()

    def ask(self, key: Key, player: int, owner: str) -> Answer:
        """The analysis of the finished game ``key`` = ``(seed, game number, codes)`` for ``player``: kept, or
        started now (``owner``: who asks, one analysis each at a time). Never waits for a worker.

        Returns:
            :class:`Answer`: READY with the analysis; THINKING (started or waiting for the owner's other one);
            BUSY (the queue is full: ask again later); FAILED (the job raised: the game could not be analysed).
        """
        with self._lock:
            self._collect()
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
            if key in self._running:
                return Answer(Status.THINKING)
            mine = self._owners.get(owner)
            if mine is not None and mine in self._running:
                return Answer(Status.THINKING)
            if len(self._running) >= self.queue:
                return Answer(Status.BUSY)
            self._running[key] = self._pool().submit(self._runner, key[0], key[1], key[2], player)
            self._owners[owner] = key
            return Answer(Status.THINKING)

    def warm(self) -> None:
        """Start the worker processes now (once), so that the first analysis does not wait for them to start and
        import the app (about a second or two): the table calls this while a game is being played. Never waits."""
        with self._lock:
            if self._executor is None:
                pool = self._pool()
                for _ in range(self.workers):
                    pool.submit(ready)

    def peek(self, key: Key) -> Answer | None:
        """What is known of ``key`` without starting anything: kept (READY or FAILED), running (THINKING), or None
        (never asked: the caller checks the game, then calls :meth:`ask`). Only checked games are ever keys, so a
        poll that finds its key needs no new check (a cheap poll)."""
        with self._lock:
            self._collect()
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
            return Answer(Status.THINKING) if key in self._running else None

    def _collect(self) -> None:
        """Move finished jobs to the kept answers (under the lock)."""
        for key, future in list(self._running.items()):
            if not future.done():
                continue
            del self._running[key]
            error = future.exception()
            self._answers[key] = Answer(Status.FAILED) if error is not None else Answer(Status.READY, future.result())
            while len(self._answers) > self.kept:
                self._answers.popitem(last=False)
        for owner, key in list(self._owners.items()):
            if key not in self._running:
                del self._owners[owner]

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def close(self) -> None:
        """Stop the worker processes (running jobs are cancelled)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None


def init_app(app: Any) -> AnalysisPool:
    """Give ``app`` its :class:`AnalysisPool` (once; ``app.extensions[EXTENSION]``) from ``SKAT_ANALYSIS_WORKERS``,
    ``SKAT_ANALYSIS_QUEUE`` and ``SKAT_ANALYSIS_KEPT``.

    Raises:
        ValueError: a setting below 1.
    """
    if EXTENSION not in app.extensions:
        app.extensions[EXTENSION] = AnalysisPool(int(app.config.get("SKAT_ANALYSIS_WORKERS", WORKERS)),
                                                 int(app.config.get("SKAT_ANALYSIS_QUEUE", QUEUE)),
                                                 int(app.config.get("SKAT_ANALYSIS_KEPT", KEPT)))
    return app.extensions[EXTENSION]
