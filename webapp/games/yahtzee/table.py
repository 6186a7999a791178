"""The optimal-strategy table on disk: computed once, cached in a folder, loaded on demand.

The table (:func:`webapp.games.yahtzee.strategy.compute_table`, about 20 s on
two cores) is saved as ``yahtzee-<joker>-v<format>.npy`` in the app's instance
folder (or ``YAHTZEE_TABLE_DIR``). The web page never waits for it: when the
coach is wanted and the table is missing, :meth:`TableStore.strategy` hands the
computation to the store's one background worker and answers ``None`` ("the
coach is getting ready") until the file exists.

Who owns the stores: the web app holds one :class:`TableStores` in
``app.extensions[EXTENSION]`` (made by :func:`init_app` when the Yahtzee blueprint
is registered); the command line and the bots make their own :class:`TableStore`
for a folder. Nothing here is module-level state.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, Callable

import numpy as np

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys

#: The key of the app's :class:`TableStores` in ``app.extensions``.
EXTENSION = "yahtzee.tables"


class TableStore:
    """The tables of one folder, and at most one background computation at a time.

    Args:
        folder: where the ``.npy`` files live (made when the first table is saved).
        workers: threads of one computation (see :func:`~webapp.games.yahtzee.strategy.compute_table`;
            ``None``: its default, 1 to :data:`~webapp.games.yahtzee.strategy.MAX_WORKERS`).

    Attributes:
        progress: joker rule -> fraction (0..1) of the table computed so far.
        errors: joker rule -> the error of the last failed background computation.

    The background worker is one daemon thread a store, started the first time a
    missing table is wanted; it computes the wanted tables one after the other
    (at most one queued a joker rule, so the queue is bounded by the number of rules).
    """

    def __init__(self, folder: str | Path, workers: int | None = None) -> None:
        self.folder = Path(folder)
        self.workers = ys.check_workers(workers)
        self.progress: dict[y.JokerRule, float] = {}
        self.errors: dict[y.JokerRule, str] = {}
        self._strategies: dict[y.JokerRule, ys.Strategy] = {}
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._wanted: list[y.JokerRule] = []  # the first is being computed
        self._worker: threading.Thread | None = None

    def path(self, joker: y.JokerRule = y.FORCED) -> Path:
        """Where the table for ``joker`` lives (the format version is in the name)."""
        return self.folder / f"yahtzee-{joker}-v{ys.FORMAT_VERSION}.npy"

    def load(self, joker: y.JokerRule = y.FORCED) -> ys.Strategy | None:
        """The strategy from the file, or ``None`` when the file does not exist (yet) or is damaged."""
        joker = y.JokerRule(joker)
        with self._lock:
            if joker in self._strategies:
                return self._strategies[joker]
        path = self.path(joker)
        if not path.exists():
            return None
        try:
            table = np.load(path)
        except (OSError, ValueError):  # a damaged file: computed again by strategy()/ensure()
            return None
        if table.shape != ys.table_shape():
            return None
        strategy = ys.Strategy(table, joker)
        with self._lock:
            return self._strategies.setdefault(joker, strategy)

    def compute(self, joker: y.JokerRule = y.FORCED,
                progress: Callable[[int, int], None] | None = None) -> ys.Strategy:
        """Compute the table now (blocking), save it, and return the strategy.

        Raises:
            OSError: the folder or file cannot be written.
        """
        joker = y.JokerRule(joker)

        def report(done: int, total: int) -> None:
            self.progress[joker] = done / total
            if progress is not None:
                progress(done, total)

        table = ys.compute_table(joker, progress=report, workers=self.workers)
        self.folder.mkdir(parents=True, exist_ok=True)
        temporary = self.path(joker).with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp.npy")
        np.save(temporary, table)
        os.replace(temporary, self.path(joker))
        return self.load(joker)

    def ensure(self, joker: y.JokerRule = y.FORCED,
               progress: Callable[[int, int], None] | None = None) -> ys.Strategy:
        """The strategy, computing and saving the table first when it is missing."""
        return self.load(joker) or self.compute(joker, progress)

    def strategy(self, joker: y.JokerRule = y.FORCED) -> ys.Strategy | None:
        """The strategy if ready; otherwise ask the background worker for it and return ``None``.

        After a failed computation (see :attr:`errors`) the next call asks again.
        """
        found = self.load(joker)
        if found is not None:
            return found
        joker = y.JokerRule(joker)
        with self._lock:
            if joker not in self._wanted:
                self._wanted.append(joker)
                self._changed.notify_all()
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, daemon=True,
                                                name=f"yahtzee-tables-{self.folder.name}")
                self._worker.start()
        return None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the background worker has nothing left to compute; False on timeout."""
        with self._lock:
            return self._changed.wait_for(lambda: not self._wanted, timeout)

    def _work(self) -> None:
        """The background worker: compute each wanted table in turn; wait when there is none."""
        while True:
            with self._lock:
                self._changed.wait_for(lambda: bool(self._wanted))
                joker = self._wanted[0]
            try:
                self.compute(joker)
            except Exception as error:  # noqa: BLE001 - reported on the page, never raised into a request
                self.errors[joker] = repr(error)
            with self._lock:
                self._wanted.remove(joker)
                self._changed.notify_all()


class TableStores:
    """The table stores of one web app: one :class:`TableStore` a folder (in practice the
    one folder its config names), made on first use.

    Args:
        workers: passed to every :class:`TableStore`.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = ys.check_workers(workers)
        self._stores: dict[Path, TableStore] = {}
        self._lock = threading.Lock()

    def for_folder(self, folder: str | Path) -> TableStore:
        """The one :class:`TableStore` of ``folder`` in this app."""
        key = Path(folder).resolve()
        with self._lock:
            if key not in self._stores:
                self._stores[key] = TableStore(key, self.workers)
            return self._stores[key]


def init_app(app: Any) -> TableStores:
    """Give ``app`` its :class:`TableStores` (once; ``app.extensions[EXTENSION]``).

    ``YAHTZEE_TABLE_WORKERS`` in the app config sets the threads of one computation.
    The folder is read from the config on each use (see :func:`app_folder`), because
    tests and the instance folder may set it after the app is made.
    """
    return app.extensions.setdefault(EXTENSION, TableStores(app.config.get("YAHTZEE_TABLE_WORKERS")))


def app_folder(config: Any, instance_path: str) -> Path:
    """The table folder of an app: ``YAHTZEE_TABLE_DIR`` from its config, else its instance folder."""
    return Path(config.get("YAHTZEE_TABLE_DIR") or instance_path)


#: The folder that holds the ``webapp`` package (Flask's instance folder of an uninstalled app is beside it).
_PROJECT = Path(__file__).resolve().parents[3]


def default_folder() -> Path:
    """The table folder outside a request: ``$KARTENSCHULE_YAHTZEE_TABLE_DIR``, else the app's
    instance folder (``instance/`` beside the package, Flask's default)."""
    return Path(os.environ.get("KARTENSCHULE_YAHTZEE_TABLE_DIR") or _PROJECT / "instance")


def default_store(workers: int | None = None) -> TableStore:
    """A new store of :func:`default_folder` (for the command line and the bots)."""
    return TableStore(default_folder(), workers)
