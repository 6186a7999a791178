"""The database: SQLAlchemy (Flask-SQLAlchemy), Alembic migrations, SQLite in WAL mode.

Where the data lives:

* ``SQLALCHEMY_DATABASE_URI`` in the app config wins; else the ``DATABASE_URL``
  environment variable (``postgresql://user:pass@host/db`` selects PostgreSQL
  through psycopg 3); else SQLite in the instance folder,
  ``instance/kartenschule.sqlite3``.
* SQLite runs in WAL mode with ``synchronous=FULL`` (an acknowledged answer
  survives a crash of the server process and of the machine), a busy timeout
  for several server processes, and ``BEGIN IMMEDIATE`` for the transactions of
  POST requests, so that two workers writing at once wait for each other
  instead of failing. A busy view that reads a lot before it writes (a child's
  answer, a teacher's action) is marked :func:`reads_first` and writes in a
  :func:`writing` block: it holds the write lock only for its writes, not
  while it reads, checks and renders (with the lock held for the whole request,
  900 tablets answering at once queued behind each other's rendering). Those
  blocks wait for each other in a :class:`WriterQueue` (one machine's threads
  and processes), not in SQLite's busy handler.
* The hottest statements (a tablet's poll, its class and answer; 900 tablets)
  run on a connection each thread keeps (:class:`Kept`, :func:`kept`): no
  ORM, pool checkout or SQLAlchemy transaction; its writes take the same queue.
* :func:`upgrade` brings the schema to the newest Alembic revision
  (``webapp/migrations``); :func:`init_app` calls it when the app starts
  (``AUTO_MIGRATE``, on by default), under a file lock in the instance folder
  so that several server processes starting together migrate once (on
  PostgreSQL also under an advisory lock: servers on several machines share it).
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import threading
import weakref
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from filelock import FileLock
from flask import Flask, g, has_request_context, request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
SQLITE_NAME = "kartenschule.sqlite3"


class Base(DeclarativeBase):
    """The declarative base of every model."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()


def database_url(app: Flask) -> str:
    """Return the SQLAlchemy URL for ``app`` (see the module docstring).

    ``postgres://`` and ``postgresql://`` URLs are given the psycopg 3 driver.
    """
    url = app.config.get("SQLALCHEMY_DATABASE_URI") or os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{Path(app.instance_path) / SQLITE_NAME}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@event.listens_for(Engine, "connect")
def _sqlite_connect(dbapi_connection, _record) -> None:
    """SQLite: WAL journal, full sync, foreign keys, and our own transaction control."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" event issues BEGIN
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=15000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


#: True inside :func:`writing`: the transaction begun there takes SQLite's write lock at once.
_WRITING: ContextVar[bool] = ContextVar("kartenschule_writing", default=False)
_View = TypeVar("_View", bound=Callable)


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection) -> None:
    """SQLite: a POST request takes the write lock at once (no lock upgrade that could fail), except in a
    :func:`reads_first` view, which takes it only in its :func:`writing` blocks."""
    if connection.dialect.name != "sqlite":
        return
    writes = _WRITING.get() or (has_request_context() and request.method not in ("GET", "HEAD", "OPTIONS")
                                and not g.get("db_reads_first", False))
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


class Kept:
    """Each thread's own DBAPI connection to an engine, kept open in autocommit, for the hottest statements
    (:meth:`statement`): no pool checkout, no SQLAlchemy connection, result or transaction objects, and no
    BEGIN or ROLLBACK for a read (a single statement is its own read transaction). For a tablet's poll and
    answer: 900 tablets poll every 2 s. On this machine a read costs 0.05-0.1 ms of CPU this way, 0.35-0.5 ms
    through a pooled connection and the ORM. :func:`kept` gives an engine's one instance.

    A connection comes from the engine (its connect events ran: SQLite's pragmas) and is then detached from
    the pool; it is closed when its thread ends, or after a database error (the thread's next statement opens
    a new one), except after a constraint's error (:attr:`integrity_errors`), which leaves it usable.

    Args:
        engine: the engine whose dialect compiles the statements and whose pool makes the connections.

    Attributes:
        errors: the DBAPI's base exception (what a statement raises when the database fails).
        integrity_errors: the DBAPI's exception for a broken constraint (a unique key: the row exists).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.errors = engine.dialect.loaded_dbapi.Error
        self.integrity_errors = engine.dialect.loaded_dbapi.IntegrityError
        self._local = threading.local()
        self._statements: dict[object, KeptStatement] = {}
        self._lock = threading.Lock()

    def statement(self, statement, column_keys: tuple[str, ...] | None = None) -> KeptStatement:
        """``statement`` compiled for the engine's dialect, once (later calls with the same statement object
        give the same :class:`KeptStatement`). ``column_keys``: for an INSERT, the columns it sets (its
        parameters then have their names)."""
        found = self._statements.get(statement)
        if found is None:
            with self._lock:
                found = self._statements.setdefault(statement, KeptStatement(self, statement, column_keys))
        return found

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """A write transaction on this thread's connection: the block's statements are committed together at its
        end, or rolled back when it raises (the exception goes on). On SQLite the block first waits its turn in the
        machine's queue of writers (as :func:`writing` does) and then takes the write lock at once
        (``BEGIN IMMEDIATE``), so what it reads first is what it writes over.

        Raises:
            Kept.errors: the database failed (locked, gone); the connection is closed, nothing was written.
        """
        sqlite = self.engine.dialect.name == "sqlite"
        with _writer_queue(self.engine):
            self.execute("BEGIN IMMEDIATE" if sqlite else "BEGIN", ())
            connection = self._local.connection
            try:
                yield
                self.execute("COMMIT", ())
            except BaseException:
                if self._local.connection is connection:  # not closed by a failed statement
                    try:
                        self.execute("ROLLBACK", ())
                    except self.errors:
                        pass  # closed by execute: nothing was committed
                raise

    def execute(self, sql: str, arguments: tuple | dict) -> tuple | None:
        """Run ``sql`` (in the DBAPI's parameter style) on this thread's connection; its first row, or None.

        Raises:
            Kept.errors: the database failed; the connection is closed (not for :attr:`integrity_errors`).
        """
        kept = getattr(self._local, "connection", None)
        try:
            if kept is None:
                kept = self._local.connection = self.engine.raw_connection()
                kept.detach()  # this thread's own from now on
                if self.engine.dialect.name != "sqlite":  # SQLite's connections have no implicit BEGIN already
                    kept.dbapi_connection.autocommit = True
            cursor = kept.dbapi_connection.cursor()
            try:
                cursor.execute(sql, arguments)
                return cursor.fetchone() if cursor.description else None
            finally:
                cursor.close()
        except self.integrity_errors:
            raise
        except self.errors:
            self._local.connection = None
            if kept is not None:
                with contextlib.suppress(self.errors):
                    kept.close()  # detached: closes the DBAPI connection
            raise


class KeptStatement:
    """A Core statement compiled once for a :class:`Kept` connection's dialect, with the bind and result
    processors of its types (datetimes and JSON bound and read as SQLAlchemy would).

    Args:
        kept: the connections it runs on.
        statement: a Core SELECT of at most one row that matters, or an INSERT; its parameters are ``bindparam``
            names (an INSERT's: its ``column_keys``).
        column_keys: an INSERT's columns (None for a SELECT).
    """

    def __init__(self, kept: Kept, statement, column_keys: tuple[str, ...] | None = None) -> None:
        dialect = kept.engine.dialect
        compiled = statement.compile(dialect=dialect, column_keys=list(column_keys) if column_keys else None)
        self.kept, self.sql = kept, str(compiled)
        self.order = tuple(compiled.positiontup) if compiled.positional else None
        self.binds = {name: bind.type.dialect_impl(dialect).bind_processor(dialect)
                      for name, bind in compiled.binds.items()}
        self.results = [column.type.dialect_impl(dialect).result_processor(dialect, None)
                        for column in getattr(statement, "selected_columns", ())]

    @property
    def errors(self) -> type[Exception]:
        """:attr:`Kept.errors` of its connections."""
        return self.kept.errors

    def first(self, params: dict) -> tuple | None:
        """The first row for ``params`` (every bound name: a value), its values as SQLAlchemy would give them, or
        None (for an INSERT: None).

        Raises:
            Kept.errors: the database failed (see :meth:`Kept.execute`).
        """
        values = {name: process(params[name]) if (process := self.binds[name]) else params[name] for name in self.binds}
        row = self.kept.execute(self.sql, tuple(values[name] for name in self.order) if self.order is not None
                                else values)
        if row is None:
            return None
        return tuple(process(value) if process else value for process, value in zip(self.results, row))

    run = first


_KEPT: weakref.WeakKeyDictionary[Engine, Kept] = weakref.WeakKeyDictionary()
_KEPT_LOCK = threading.Lock()


def kept(engine: Engine | None = None) -> Kept:
    """The one :class:`Kept` of ``engine`` (default: the current app's, :attr:`db.engine`)."""
    engine = engine if engine is not None else db.engine
    found = _KEPT.get(engine)
    if found is None:
        with _KEPT_LOCK:
            found = _KEPT.setdefault(engine, Kept(engine))
    return found


def reads_first(view: _View) -> _View:
    """Mark a POST view whose transactions only read, except in :func:`writing` blocks (SQLite: no write lock
    while it reads and renders). Every write of such a view must be inside a :func:`writing` block: a write
    outside one could fail when another process wrote first."""

    @functools.wraps(view)
    def marked(*args, **kwargs):
        g.db_reads_first = True
        return view(*args, **kwargs)

    return marked  # type: ignore[return-value]


@contextmanager
def writing() -> Iterator[None]:
    """A block that writes: the session's transaction so far (reads only) ends, and the block runs in a new one
    that takes SQLite's write lock with its first statement (``BEGIN IMMEDIATE``; another process's writer waits
    for it, up to the busy timeout). Objects loaded before are reloaded on first use, so what the block checks is
    the database as it is now. On leaving, the block's changes are committed (the block may commit itself) and
    the objects keep what was read in the block (it was read under the lock, so it is current: no second load);
    an exception rolls the changes back and goes on.

    Raises:
        RuntimeError: the session has changes not yet written (they would be lost).
    """
    session = db.session()  # the request's session: its commit and rollback go through the proxy as elsewhere
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("writing() would drop the session's unsaved changes")
    expire, token = session.expire_on_commit, None
    session.expire_on_commit = False
    try:
        db.session.rollback()  # ends the read transaction (nothing in it to keep) and expires what it loaded
        token = _WRITING.set(True)
        with _writer_queue(db.engine):
            try:
                yield
                db.session.commit()
            except BaseException:
                db.session.rollback()
                raise
    finally:
        session.expire_on_commit = expire
        if token is not None:
            _WRITING.reset(token)


class WriterQueue:
    """One :func:`writing` block at a time on a SQLite file: across this process's threads (a lock) and this
    machine's processes (``flock`` on ``path``, a file beside the database; where there is no ``fcntl``, as on
    Windows, the one server process's lock alone). A writer that waits is woken the moment the writer before it
    is done. Without it, writers met at SQLite's lock and slept in its busy handler (1, 2, 5, ... up to 100 ms at
    a time): under the classroom load a child's answer waited 21 ms (p90) to 106 ms (p99) for a lock held 3 ms
    (p50). SQLite's own lock still guards every write; this only orders who asks for it. A waiting writer holds its
    server thread, so a server process needs more threads than writers can queue up (``serve.default_threads``).

    Args:
        path: the lock file (created when missing; it holds nothing).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._threads = threading.Lock()
        self._fd: int | None = None
        self._pid = 0

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self._threads:
            if fcntl is None:
                yield
                return
            if self._pid != os.getpid():  # a forked worker opens its own file: a shared one would not exclude
                self._fd, self._pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)


_QUEUES: dict[str, WriterQueue] = {}
_QUEUES_LOCK = threading.Lock()


@contextmanager
def _writer_queue(engine: Engine) -> Iterator[None]:
    """The :class:`WriterQueue` of ``engine``'s SQLite file (nothing for other databases, or SQLite in memory)."""
    database = engine.url.database if engine.dialect.name == "sqlite" else None
    if not database or database == ":memory:" or database.startswith("file:"):
        yield
        return
    with _QUEUES_LOCK:
        queue = _QUEUES.setdefault(database, WriterQueue(f"{database}.writers"))
    with queue():
        yield


def upgrade(app: Flask) -> None:
    """Upgrade the database of ``app`` to the newest migration (idempotent).

    A file lock in the instance folder makes processes that start together
    take turns; the second finds the schema current and does nothing. On
    PostgreSQL an advisory lock (:data:`MIGRATION_LOCK`) does the same for
    servers with instance folders of their own (other machines) sharing the database.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    lock_path = Path(app.instance_path) / "migrate.lock"
    with FileLock(lock_path), app.app_context():  # flock on Linux and macOS, msvcrt on Windows
        try:
            with _database_lock(db.engine):
                command.upgrade(config, "head")
        finally:
            db.engine.dispose()  # no connection outlives the migration (the server may fork its workers after it)


#: PostgreSQL's advisory lock key of :func:`upgrade` (a constant: "KSMG").
MIGRATION_LOCK = 0x4B534D47


@contextmanager
def _database_lock(engine: Engine) -> Iterator[None]:
    """PostgreSQL: hold the advisory lock :data:`MIGRATION_LOCK` (waiting for another server that holds it) on a
    connection of its own; other databases: nothing (SQLite is a file of one machine: the file lock suffices)."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as connection:
        connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        try:
            yield
        finally:
            connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")


def init_app(app: Flask) -> None:
    """Attach the database to ``app`` and, with ``AUTO_MIGRATE``, bring its schema up to date."""
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app)
    options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        options.setdefault("pool_pre_ping", True)  # a database server may have dropped the connection; a file cannot
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    if app.config.get("AUTO_MIGRATE", True):
        upgrade(app)
