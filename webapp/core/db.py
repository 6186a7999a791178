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
  instead of failing.
* :func:`upgrade` brings the schema to the newest Alembic revision
  (``webapp/migrations``); :func:`init_app` calls it when the app starts
  (``AUTO_MIGRATE``, on by default), under a file lock in the instance folder
  so that several gunicorn workers starting together migrate once.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from filelock import FileLock
from flask import Flask, has_request_context, request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

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


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection) -> None:
    """SQLite: a POST request takes the write lock at once (no lock upgrade that could fail)."""
    if connection.dialect.name != "sqlite":
        return
    writes = has_request_context() and request.method not in ("GET", "HEAD", "OPTIONS")
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def upgrade(app: Flask) -> None:
    """Upgrade the database of ``app`` to the newest migration (idempotent).

    A file lock in the instance folder makes processes that start together
    take turns; the second finds the schema current and does nothing.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    lock_path = Path(app.instance_path) / "migrate.lock"
    with FileLock(lock_path), app.app_context():  # flock on Linux and macOS, msvcrt on Windows
        try:
            command.upgrade(config, "head")
        finally:
            db.engine.dispose()  # no connection outlives the migration (gunicorn may fork after it)


def init_app(app: Flask) -> None:
    """Attach the database to ``app`` and, with ``AUTO_MIGRATE``, bring its schema up to date."""
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app)
    options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    options.setdefault("pool_pre_ping", True)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    if app.config.get("AUTO_MIGRATE", True):
        upgrade(app)
