"""The ``kartenschule`` console script: the rule engines on the command line.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    kartenschule tichu 44499 77722                        -> legal / the reason
    kartenschule pokerface rank SA SK SQ SJ ST            -> royal flush (class 1 of 7462)
    kartenschule quiz skat_family K7PX3M --answers         -> the questions of a quiz code
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line

Bad input outside batch mode: the problem on stderr, exit status 2. In batch
mode a bad line prints ``error: ...`` for that line and the rest go on (exit 0).
The same commands are available as ``flask --app webapp skat ...``. Each game
has its module here (one click group); a new game adds it to ``GROUPS``.
"""

from __future__ import annotations

import click
from flask import Flask

from webapp.games.pokerface import cli as pokerface
from webapp.quiz import cli as quiz
from webapp.games.skat import cli as skat
from webapp.games.tichu import cli as tichu
from webapp.games.yahtzee import cli as yahtzee

#: One click group a game (and the quiz worksheet command).
GROUPS: tuple[click.Command, ...] = (skat.group, tichu.group, pokerface.group, yahtzee.group, quiz.command)


@click.group(help="Kartenschule: the rules of card games, explained.")
def main() -> None:
    """Entry point of the ``kartenschule`` console script."""


for _group in GROUPS:
    main.add_command(_group)


def register_flask_commands(app: Flask) -> None:
    """Offer the same commands as ``flask --app webapp skat|tichu|...``, plus ``purge-expired``."""
    from webapp import cli_purge as purge

    for group in GROUPS:
        app.cli.add_command(group)
    app.cli.add_command(purge.command)
