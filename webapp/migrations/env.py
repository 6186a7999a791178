"""Alembic environment: migrate the database of the current Flask app.

Run through :func:`webapp.core.db.upgrade` (at app start) or ``flask --app webapp db ...``
(Flask-Migrate). Online mode only: the app's engine is used directly.
"""

from __future__ import annotations

from alembic import context
from flask import current_app

from webapp.core import models  # noqa: F401 - registers the tables on the metadata
from webapp.core.db import db


def run_migrations_online() -> None:
    with db.engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=db.metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():  # pragma: no cover - not used
    raise SystemExit("offline migrations are not supported; run against a database")
assert current_app  # an app context is required
run_migrations_online()
