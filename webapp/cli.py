"""The ``kartenschule`` console script: the rule engines on the command line.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    kartenschule tichu 44499 77722                        -> legal / the reason
    kartenschule pokerface rank SA SK SQ SJ ST            -> royal flush (class 1 of 7462)
    kartenschule quiz skat_family K7PX3M --answers         -> the questions of a quiz code
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line
    kartenschule serve --lan                              -> the app for a class on the school network

Bad input outside batch mode: the problem on stderr, exit status 2. In batch mode a bad line prints
``error: ...`` for that line and the rest go on (exit 0). The same commands are available as
``flask --app webapp skat ...``. Each game brings its click group through the registry
(:mod:`webapp.games`); the shared options live in :mod:`webapp.core.cli`.
"""

from __future__ import annotations

import importlib

import click
from flask import Flask, current_app
from flask.cli import ScriptInfo, with_appcontext

from webapp import serve
from webapp.games import games
from webapp.quiz import cli as quiz_cli


def commands() -> tuple[click.Command, ...]:
    """One click group a game (registry order), then the quiz worksheet command."""
    groups = tuple(importlib.import_module(game.cli).group for game in games() if game.cli is not None)
    return (*groups, quiz_cli.command)


def _cli_app() -> Flask:
    """The app behind the console script: embedded defaults, no database needed."""
    from webapp import create_app

    return create_app({"AUTO_MIGRATE": False})


@click.group(help="Kartenschule: the rules of card games, explained.")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Entry point of the ``kartenschule`` console script; the commands get their app from ``ctx.obj``."""
    ctx.obj = ScriptInfo(create_app=_cli_app)


for _command in commands():
    main.add_command(_command)
main.add_command(serve.command)  # the console script only: `flask run` is Flask's own server


@click.command("purge-expired", help="Delete expired class sessions, quizzes not used for QUIZ_DAYS days, "
                                    "learners not seen for LEARN_DAYS days and homework classes HOMEWORK_DAYS days "
                                    "after their deadline.")
@with_appcontext
def purge_expired() -> None:
    """Run :func:`webapp.core.models.purge_expired`, :func:`~webapp.core.models.purge_learners` and
    :func:`~webapp.core.models.purge_homework` with the app's settings and print what went."""
    from webapp.core.models import purge_expired as purge
    from webapp.core.models import purge_homework, purge_learners

    sessions, quizzes = purge(quiz_days=int(current_app.config["QUIZ_DAYS"]))
    click.echo(f"deleted {sessions} expired class session(s) and {quizzes} old quiz(zes)")
    learners = purge_learners(days=int(current_app.config["LEARN_DAYS"]))
    click.echo(f"deleted {learners} learner(s) not seen for {int(current_app.config['LEARN_DAYS'])} days")
    click.echo(f"deleted {purge_homework()} homework class(es) past their expiry")


def register_flask_commands(app: Flask) -> None:
    """Offer the same commands as ``flask --app webapp skat|tichu|...``, plus ``purge-expired``."""
    for command in commands():
        app.cli.add_command(command)
    app.cli.add_command(purge_expired)
