"""``flask --app webapp purge-expired``: delete expired class sessions and old quizzes."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext


@click.command("purge-expired", help="Delete expired class sessions and quizzes not used for QUIZ_DAYS days.")
@with_appcontext
def command() -> None:
    """Run :func:`webapp.core.models.purge_expired` with the app's settings and print what went."""
    from webapp.core.models import purge_expired

    sessions, quizzes = purge_expired(quiz_days=int(current_app.config["QUIZ_DAYS"]))
    click.echo(f"deleted {sessions} expired class session(s) and {quizzes} old quiz(zes)")
