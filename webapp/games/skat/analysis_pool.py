"""The table's heavy work off the request thread: the analyses of finished games ("where did I lose?"), the club
players' sampled cards and the coach's card chances (issue 35). A bounded pool, a bounded queue, kept answers.

An analysis (:func:`.analysis.analyse`) takes up to a few seconds of one core, far above a request's budget (50 ms),
so a request only asks for it and looks whether it is done. The pool itself (bounds, one job per child, answers kept
by the game and shared by the server processes in ``instance/skat-analyses/``, workers that end with their server
process and run at a lower priority) is :mod:`webapp.core.work_pool`, shared with the Tichu coach; this module gives
it the Skat job (:func:`run`) and its key: the game (seed, game number, every move), so the same game is analysed
once, the same answer on every device.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from webapp.core.work_pool import (
    KEPT, NICENESS, PARENT_CHECK, QUEUE, STALE_SECONDS, WORKERS, Answer, AnswerFiles, Key, Status, WorkPool, init_pool,
    ready, start_worker, watch_parent,
)
from webapp.games.skat.analysis import Analysis, analyse
from webapp.games.skat.bots import BotMove
from webapp.games.skat.chances import CardChances
from webapp.games.skat.club import think
from webapp.games.skat.table import Phase, seat_of
from webapp.games.skat.table_codes import replay

__all__ = ["EXTENSION", "KEPT", "NICENESS", "PARENT_CHECK", "QUEUE", "STALE_SECONDS", "WORKERS", "AnalysisPool",
           "Answer", "AnswerFiles", "Key", "Status", "init_app", "ready", "run", "start_worker", "watch_parent"]

EXTENSION = "skat_analysis"


def run(seed: int, number: int, codes: tuple[str, ...], player: int) -> Analysis | BotMove | CardChances:
    """The job done in a worker: replay the game; a finished game is analysed for ``player`` (0-2), an unfinished
    one gets its heavy decision (:func:`webapp.games.skat.club.think`: the coach's card chances when ``player`` is to
    move, else the club player's move). The position decides the job, so one key never names two jobs.
    Module-level: picklable."""
    state = replay(seed, number, codes)
    if state.phase is Phase.DONE:
        return analyse(state, seat_of(player, number))
    return think(state, seat_of(player, number))


class AnalysisPool(WorkPool):
    """The Skat table's :class:`~webapp.core.work_pool.WorkPool`: the same arguments, the job :func:`run` unless
    another ``runner`` is given (tests give one that runs in the calling process)."""

    def __init__(self, workers: int = WORKERS, queue: int = QUEUE, kept: int = KEPT, runner: Any = run,
                 folder: str | Path | Callable[[], Path] | None = None) -> None:
        super().__init__(workers, queue, kept, runner=runner, folder=folder)


def init_app(app: Any) -> AnalysisPool:
    """Give ``app`` its :class:`AnalysisPool` (once; ``app.extensions[EXTENSION]``) from ``SKAT_ANALYSIS_WORKERS``,
    ``SKAT_ANALYSIS_QUEUE`` and ``SKAT_ANALYSIS_KEPT``, its answers shared in ``instance/skat-analyses/``.

    Raises:
        ValueError: a setting below 1.
    """
    return init_pool(app, EXTENSION, "skat-analyses", run, AnalysisPool)
