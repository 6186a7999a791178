"""The optimal-strategy table on disk: computed once, cached in a folder, loaded on demand.

The table (:func:`webapp.games.yahtzee.strategy.compute_table`, about 20 s on
two cores) is saved as ``yahtzee-<joker>-v<format>.npy`` in the app's instance
folder (or ``YAHTZEE_TABLE_DIR``). The web page never waits for it: when the
coach is wanted and the table is missing, :meth:`TableStore.strategy` starts
the computation in a background thread and answers ``None`` ("the coach is
getting ready") until the file exists.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable

import numpy as np

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys

_LOCK = threading.Lock()
_STORES: dict[Path, "TableStore"] = {}


class TableStore:
    """The tables of one folder (one store a folder per process: use :func:`store_for`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._strategies: dict[str, ys.Strategy] = {}
        self._threads: dict[str, threading.Thread] = {}
        self.progress: dict[str, float] = {}
        self.errors: dict[str, str] = {}

    def path(self, joker: str = y.FORCED) -> Path:
        """Where the table for ``joker`` lives (the format version is in the name)."""
        return self.folder / f"yahtzee-{joker}-v{ys.FORMAT_VERSION}.npy"

    def load(self, joker: str = y.FORCED) -> ys.Strategy | None:
        """The strategy from the file, or ``None`` when the file does not exist (yet)."""
        with _LOCK:
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
        with _LOCK:
            self._strategies.setdefault(joker, strategy)
            return self._strategies[joker]

    def compute(self, joker: str = y.FORCED, progress: Callable[[int, int], None] | None = None) -> ys.Strategy:
        """Compute the table now (blocking), save it, and return the strategy."""
        def report(done: int, total: int) -> None:
            self.progress[joker] = done / total
            if progress is not None:
                progress(done, total)

        table = ys.compute_table(joker, progress=report)
        self.folder.mkdir(parents=True, exist_ok=True)
        temporary = self.path(joker).with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp.npy")
        np.save(temporary, table)
        os.replace(temporary, self.path(joker))
        return self.load(joker)

    def ensure(self, joker: str = y.FORCED, progress: Callable[[int, int], None] | None = None) -> ys.Strategy:
        """The strategy, computing and saving the table first when it is missing."""
        return self.load(joker) or self.compute(joker, progress)

    def strategy(self, joker: str = y.FORCED) -> ys.Strategy | None:
        """The strategy if ready; otherwise start the computation in the background and return ``None``."""
        found = self.load(joker)
        if found is not None:
            return found
        with _LOCK:
            thread = self._threads.get(joker)
            if thread is None or not thread.is_alive():
                thread = threading.Thread(target=self._background, args=(joker,), daemon=True,
                                          name=f"yahtzee-table-{joker}")
                self._threads[joker] = thread
                thread.start()
        return None

    def _background(self, joker: str) -> None:
        try:
            self.compute(joker)
        except Exception as error:  # noqa: BLE001 - reported on the page, never raised into a request
            self.errors[joker] = repr(error)


def store_for(folder: str | Path) -> TableStore:
    """The one :class:`TableStore` of ``folder`` in this process."""
    key = Path(folder).resolve()
    with _LOCK:
        if key not in _STORES:
            _STORES[key] = TableStore(key)
        return _STORES[key]


def default_folder() -> Path:
    """The table folder outside a request: ``$KARTENSCHULE_YAHTZEE_TABLE_DIR``, else the app's
    instance folder (``instance/`` beside the package, Flask's default)."""
    from webapp import ROOT

    return Path(os.environ.get("KARTENSCHULE_YAHTZEE_TABLE_DIR") or ROOT / "instance")


def default_store() -> TableStore:
    """The store of :func:`default_folder`."""
    return store_for(default_folder())
