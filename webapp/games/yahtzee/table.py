"""The optimal-strategy table on disk: computed once, cached in a folder, loaded on demand.

The table (:func:`webapp.games.yahtzee.strategy.compute_table`, about 20 s on
two cores) ships with the package for the official (forced) joker rule:
``webapp/games/yahtzee/data/yahtzee-forced-v<format>.npz``, the reachable states'
values compressed (about 2.3 MB; :func:`save_shipped` writes it, ``kartenschule
yahtzee table --ship`` makes it anew). So the coach is ready on the first page
load of a fresh clone or an installed wheel; no child waits for a computation.

A table computed here (the free joker rule, ``kartenschule yahtzee table``) is
saved as ``yahtzee-<joker>-v<format>.npy`` in the app's instance folder (or
``YAHTZEE_TABLE_DIR``); a store looks there first, then at the shipped table.
Only when both are missing or damaged does :meth:`TableStore.strategy` hand the
computation to the store's one background worker and answer ``None`` ("the
coach is getting ready") until the file exists: the page never waits for it.

Computed once, written whole, never retried in a loop:

* Across processes (server workers, the command line, the bots): the
  computation runs under an exclusive file lock ``<table>.lock`` in the folder
  (``fcntl.flock``; ``msvcrt.locking`` on Windows). Whoever gets the lock second
  finds the finished file and loads it instead of computing.
* The file is written to a temporary file in the same folder and moved into
  place with ``os.replace``; a failed write removes the temporary file.
* Before the 20 s of CPU, the folder must have room for the table (a full disk
  fails at once). A failure is logged (logger ``webapp.games.yahtzee.table``)
  and kept as a :class:`Failure`; :meth:`TableStore.strategy` does not try again
  before ``retry_after`` seconds (``YAHTZEE_TABLE_RETRY_SECONDS``, default 600),
  and the coach panel says why it is unavailable.

Who owns the stores: the web app holds one :class:`TableStores` in
``app.extensions[EXTENSION]`` (made by :func:`init_app` when the Yahtzee blueprint
is registered); the command line and the bots make their own :class:`TableStore`
for a folder. Nothing here is module-level state.
"""

from __future__ import annotations

import errno
import logging
import os
import shutil
import threading
import time
import zipfile
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Iterator

import numpy as np

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys

#: The key of the app's :class:`TableStores` in ``app.extensions``.
EXTENSION = "yahtzee.tables"
#: Seconds after a failed computation before the page asks for the table again.
RETRY_AFTER = 600.0
#: Room a table file needs on disk besides its own size (the temporary copy's file system overhead).
SPARE_BYTES = 1 << 20

logger = logging.getLogger(__name__)

#: The folder of the tables shipped with the package (``yahtzee-<joker>-v<format>.npz``).
SHIPPED = Path(__file__).resolve().parent / "data"

#: A table computation: ``compute(joker, progress=..., workers=...)`` returns the table
#: (see :func:`~webapp.games.yahtzee.strategy.compute_table`, the default).
Compute = Callable[..., np.ndarray]


@dataclass(frozen=True)
class Failure:
    """Why the last computation of a table failed, and when (``time.monotonic`` seconds).

    Attributes:
        reason: ``disk_full`` (ENOSPC/EDQUOT), ``read_only`` (EROFS, EACCES, EPERM) or ``failed``.
        detail: the error as text, for the log.
        at: when it failed (the store's clock).
    """

    reason: str
    detail: str
    at: float

    @classmethod
    def of(cls, error: BaseException, at: float) -> "Failure":
        """Classify ``error`` (see :attr:`reason`)."""
        number = getattr(error, "errno", None)
        if number in (errno.ENOSPC, errno.EDQUOT):
            reason = "disk_full"
        elif number in (errno.EROFS, errno.EACCES, errno.EPERM):
            reason = "read_only"
        else:
            reason = "failed"
        return cls(reason, repr(error)[:300], at)

    @property
    def message(self) -> str:
        """The message code that tells the page why the coach is unavailable (``yahtzee.coach.unavailable.*``)."""
        return f"yahtzee.coach.unavailable.{self.reason}"


@contextmanager
def exclusive(path: Path) -> Iterator[IO[bytes]]:
    """Hold an exclusive lock on the file ``path`` (made if missing) for the ``with`` block, across processes.

    ``fcntl.flock`` on Linux and macOS; ``msvcrt.locking`` on the first byte on Windows.
    The lock goes when the block ends or the process dies.

    Raises:
        OSError: the lock file cannot be made (e.g. ENOSPC, EROFS).
    """
    with path.open("a+b") as handle:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            import msvcrt

            while True:
                try:
                    msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:  # LK_LOCK gives up after 10 s: keep waiting
                    continue
            try:
                yield handle
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        else:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield handle
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


class TableStore:
    """The tables of one folder, and at most one background computation at a time.

    Args:
        folder: where the ``.npy`` files live (made when the first table is saved).
        workers: threads of one computation (see :func:`~webapp.games.yahtzee.strategy.compute_table`;
            ``None``: its default, 1 to :data:`~webapp.games.yahtzee.strategy.MAX_WORKERS`).
        compute: the computation (``None``: :func:`~webapp.games.yahtzee.strategy.compute_table`,
            looked up at each call); tests pass a tiny fake.
        retry_after: seconds after a failed background computation before :meth:`strategy` asks again.
        clock: monotonic seconds (``time.monotonic``; tests pass their own).
        shipped: the folder of the tables shipped with the package (:data:`SHIPPED`), read when the
            folder has none; ``None``: only the folder's own tables (tests of the background computation).

    Attributes:
        progress: joker rule -> fraction (0..1) of the table computed so far.
        errors: joker rule -> the :class:`Failure` of the last failed background computation (cleared by success).

    The background worker is one daemon thread a store, started the first time a
    missing table is wanted; it computes the wanted tables one after the other
    (at most one queued a joker rule, so the queue is bounded by the number of rules).
    """

    def __init__(self, folder: str | Path, workers: int | None = None, compute: Compute | None = None,
                 retry_after: float = RETRY_AFTER, clock: Callable[[], float] = time.monotonic,
                 shipped: str | Path | None = None) -> None:
        self.folder = Path(folder)
        self.shipped = Path(shipped) if shipped is not None else None
        self.workers = ys.check_workers(workers)
        self.retry_after = float(retry_after)
        self._compute = compute
        self._clock = clock
        self.progress: dict[y.JokerRule, float] = {}
        self.errors: dict[y.JokerRule, Failure] = {}
        self._strategies: dict[y.JokerRule, ys.Strategy] = {}
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._wanted: list[y.JokerRule] = []  # the first is being computed
        self._worker: threading.Thread | None = None

    def path(self, joker: y.JokerRule = y.FORCED) -> Path:
        """Where the table for ``joker`` lives (the format version is in the name)."""
        return self.folder / f"yahtzee-{joker}-v{ys.FORMAT_VERSION}.npy"

    def load(self, joker: y.JokerRule = y.FORCED) -> ys.Strategy | None:
        """The strategy from the folder's file, else from the shipped table; ``None`` when neither
        exists or both are damaged (then :meth:`strategy` or :meth:`ensure` computes it)."""
        joker = y.JokerRule(joker)
        with self._lock:
            if joker in self._strategies:
                return self._strategies[joker]
        table = self._read(self.path(joker))
        if table is None and self.shipped is not None:
            table = load_shipped(shipped_path(joker, self.shipped))
        if table is None:
            return None
        strategy = ys.Strategy(table, joker)
        with self._lock:
            return self._strategies.setdefault(joker, strategy)

    def compute(self, joker: y.JokerRule = y.FORCED,
                progress: Callable[[int, int], None] | None = None, again: bool = False) -> ys.Strategy:
        """Compute the table now (blocking), save it, and return the strategy.

        Under the folder's file lock (:func:`exclusive`): when another process has
        saved the table meanwhile, it is loaded instead of computed again (unless
        ``again``: the command line's ``--force``). The file appears whole or not at
        all (a temporary file in the folder, then ``os.replace``).

        Raises:
            OSError: the folder, the lock or the file cannot be written, or the disk has
                no room for the table (ENOSPC, checked before computing).
        """
        joker = y.JokerRule(joker)

        def report(done: int, total: int) -> None:
            self.progress[joker] = done / total
            if progress is not None:
                progress(done, total)

        self.folder.mkdir(parents=True, exist_ok=True)
        with exclusive(self.path(joker).with_suffix(".lock")):
            found = None if again else self.load(joker)
            if found is not None:  # another process computed it while we waited for the lock
                return found
            needed = int(np.prod(ys.table_shape())) * np.dtype(np.float64).itemsize + SPARE_BYTES
            free = shutil.disk_usage(self.folder).free
            if free < needed:
                raise OSError(errno.ENOSPC, f"{free} bytes free in {self.folder}, the table needs {needed}")
            compute = self._compute or ys.compute_table
            table = compute(joker, progress=report, workers=self.workers)
            self._save(joker, table)
            with self._lock:
                self._strategies.pop(joker, None)  # a forced computation replaces the one in memory
        return self.load(joker)

    @staticmethod
    def _read(path: Path) -> np.ndarray | None:
        """The table in the ``.npy`` file ``path``; ``None`` when it is missing or damaged."""
        if not path.exists():
            return None
        try:
            table = np.load(path)
        except (OSError, ValueError):  # a damaged file: computed again by strategy()/ensure()
            return None
        return table if table.shape == ys.table_shape() else None

    def _save(self, joker: y.JokerRule, table: np.ndarray) -> None:
        """Write ``table`` to :meth:`path` atomically; the temporary file goes on failure."""
        temporary = self.path(joker).with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp.npy")
        try:
            with temporary.open("wb") as handle:
                np.save(handle, table)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.path(joker))
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise

    def ensure(self, joker: y.JokerRule = y.FORCED,
               progress: Callable[[int, int], None] | None = None) -> ys.Strategy:
        """The strategy, computing and saving the table first when it is missing."""
        return self.load(joker) or self.compute(joker, progress)

    def strategy(self, joker: y.JokerRule = y.FORCED) -> ys.Strategy | None:
        """The strategy if ready; otherwise ask the background worker for it and return ``None``.

        After a failed computation (see :attr:`errors`) nothing is asked again until
        :attr:`retry_after` seconds have passed: a reloading page never restarts it.
        """
        found = self.load(joker)
        if found is not None:
            return found
        joker = y.JokerRule(joker)
        failure = self.errors.get(joker)
        if failure is not None and self._clock() - failure.at < self.retry_after:
            return None
        self.errors.pop(joker, None)  # trying again: the page shows the progress, not the old failure
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
                self.errors.pop(joker, None)
            except Exception as error:  # noqa: BLE001 - reported on the page, never raised into a request
                failure = Failure.of(error, self._clock())
                self.errors[joker] = failure
                logger.error("Yahtzee table %s in %s could not be computed (%s): %s; not tried again for %.0f s",
                             joker, self.folder, failure.reason, failure.detail, self.retry_after)
            with self._lock:
                self._wanted.remove(joker)
                self._changed.notify_all()


class TableStores:
    """The table stores of one web app: one :class:`TableStore` a folder (in practice the
    one folder its config names), made on first use.

    Args:
        workers: passed to every :class:`TableStore`.
        retry_after: passed to every :class:`TableStore` (seconds before a failed computation is tried again).
    """

    def __init__(self, workers: int | None = None, retry_after: float = RETRY_AFTER) -> None:
        self.workers = ys.check_workers(workers)
        self.retry_after = float(retry_after)
        self._stores: dict[tuple[Path, Path | None], TableStore] = {}
        self._lock = threading.Lock()

    def for_folder(self, folder: str | Path, shipped: str | Path | None = SHIPPED) -> TableStore:
        """The one :class:`TableStore` of ``folder`` (with the shipped tables of ``shipped``) in this app."""
        key = (Path(folder).resolve(), Path(shipped) if shipped is not None else None)
        with self._lock:
            if key not in self._stores:
                self._stores[key] = TableStore(key[0], self.workers, retry_after=self.retry_after, shipped=key[1])
            return self._stores[key]


def init_app(app: Any) -> TableStores:
    """Give ``app`` its :class:`TableStores` (once; ``app.extensions[EXTENSION]``).

    ``YAHTZEE_TABLE_WORKERS`` in the app config sets the threads of one computation,
    ``YAHTZEE_TABLE_RETRY_SECONDS`` the pause after a failed one (default :data:`RETRY_AFTER`).
    The folder is read from the config on each use (see :func:`app_folder`), because
    tests and the instance folder may set it after the app is made.
    """
    if EXTENSION not in app.extensions:
        app.extensions[EXTENSION] = TableStores(app.config.get("YAHTZEE_TABLE_WORKERS"),
                                                float(app.config.get("YAHTZEE_TABLE_RETRY_SECONDS", RETRY_AFTER)))
    return app.extensions[EXTENSION]


def app_folder(config: Any, instance_path: str) -> Path:
    """The table folder of an app: ``YAHTZEE_TABLE_DIR`` from its config, else its instance folder."""
    return Path(config.get("YAHTZEE_TABLE_DIR") or instance_path)


def app_shipped(config: Any) -> Path | None:
    """The shipped tables an app reads: :data:`SHIPPED`, or ``None`` when ``YAHTZEE_SHIPPED_TABLE`` is
    false in its config (tests of the background computation)."""
    return SHIPPED if config.get("YAHTZEE_SHIPPED_TABLE", True) else None


def shipped_path(joker: y.JokerRule = y.FORCED, folder: Path = SHIPPED) -> Path:
    """Where the shipped table for ``joker`` lives (``.npz``, the format version in the name)."""
    return Path(folder) / f"yahtzee-{y.JokerRule(joker)}-v{ys.FORMAT_VERSION}.npz"


def save_shipped(table: np.ndarray, path: Path) -> None:
    """Write ``table`` compactly to ``path``: the reachable states (a bit mask) and their values, exact
    (float64), zip-compressed (``numpy.savez_compressed``). Written to a temporary file, then moved into place."""
    reachable = ~np.isnan(table)
    temporary = path.with_suffix(".tmp.npz")
    try:
        np.savez_compressed(temporary, reachable=np.packbits(reachable.reshape(-1)),
                            values=table[reachable], shape=np.array(table.shape))
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def load_shipped(path: Path) -> np.ndarray | None:
    """The table :func:`save_shipped` wrote to ``path``; ``None`` when the file is missing or damaged."""
    try:
        with np.load(path, allow_pickle=False) as data:
            shape = tuple(int(n) for n in data["shape"])
            if shape != ys.table_shape():
                return None
            reachable = np.unpackbits(data["reachable"], count=int(np.prod(shape))).astype(bool).reshape(shape)
            values = data["values"]
            if values.dtype != np.float64 or values.shape != (int(reachable.sum()),):
                return None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error):  # missing or damaged
        return None
    table = np.full(shape, np.nan)
    table[reachable] = values
    return table


#: The folder that holds the ``webapp`` package (Flask's instance folder of an uninstalled app is beside it).
_PROJECT = Path(__file__).resolve().parents[3]


def default_folder() -> Path:
    """The table folder outside a request: ``$KARTENSCHULE_YAHTZEE_TABLE_DIR``, else the app's
    instance folder (``instance/`` beside the package, Flask's default)."""
    return Path(os.environ.get("KARTENSCHULE_YAHTZEE_TABLE_DIR") or _PROJECT / "instance")


def default_store(workers: int | None = None) -> TableStore:
    """A new store of :func:`default_folder` with the shipped tables (for the command line and the bots)."""
    return TableStore(default_folder(), workers, shipped=SHIPPED)
