"""The ``kartenschule`` console script: the rule engines on the command line.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    kartenschule tichu 44499 77722                        -> legal / the reason
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line

Bad input outside batch mode: the problem on stderr, exit status 2. In batch
mode a bad line prints ``error: ...`` for that line and the rest go on (exit 0).
The same commands are available as ``flask --app webapp skat ...``.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

import click
from flask import Flask, has_app_context
from flask_babel import force_locale, gettext

from .explain import label, render_error, render_steps
from .rules import skat, tichu
from .rules.steps import RuleInputError

LANG = click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True, help="Language of the answer.")
EXPLAIN = click.option("--explain", is_flag=True, help="Add the explanation, one step a line.")
BATCH = click.option("--batch", is_flag=True, help="Read one case a line from standard input.")


def skat_answer(cards: str) -> tuple[list[str], list[str]]:
    """Answer one Skat case: ``(["36 Clubs"], steps)`` or ``(["pass"], steps)``.

    Raises:
        RuleInputError: the cards are not a 10-card Skat hand.
    """
    result = skat.family_game_value(skat.parse_hand(cards))
    headline = gettext("pass") if result.is_pass else f"{result.value} {label(result.trump)}"
    return [headline], render_steps(result.steps, html=False)


def tichu_answer(previous: str, play: str) -> tuple[list[str], list[str]]:
    """Answer one Tichu case: ``(["legal", reason], steps)`` or ``(["illegal", reason], steps)``.

    Raises:
        RuleInputError: a card is unknown, the deck does not hold it, the play
            is empty, or the previous play is no combination.
    """
    before, now = tichu.parse_play(previous), tichu.parse_play(play)
    tichu.check_deck(before, now)
    verdict = tichu.judge(before, now)
    steps = render_steps(verdict.steps, html=False)
    reason = next(s for step, s in zip(verdict.steps, steps) if step.code == verdict.reason)
    return [gettext("legal") if verdict.legal else gettext("illegal"), reason], steps


@contextmanager
def _language(lang: str) -> Iterator[None]:
    """An app context (created if needed) with the language forced to ``lang``."""
    ctx = None
    if not has_app_context():
        from . import create_app

        ctx = create_app().app_context()
        ctx.push()
    try:
        with force_locale(lang):
            yield
    finally:
        if ctx is not None:
            ctx.pop()


def _answer_lines(answer: Callable[..., tuple[list[str], list[str]]], args: tuple[str, ...], explain: bool) -> list[str]:
    """The answer's lines: the short answer, or its first line and every step under --explain."""
    short, steps = answer(*args)
    return short[:1] + steps if explain else short


def _run(answer: Callable[..., tuple[list[str], list[str]]], args: tuple[str, ...], lang: str, explain: bool,
         batch: bool, split: Callable[[str], tuple[str, ...]]) -> None:
    """Answer one case from ``args``, or (``batch``) one a line from stdin."""
    with _language(lang):
        if not batch:
            try:
                lines = _answer_lines(answer, args, explain)
            except RuleInputError as error:
                click.echo(f"error: {render_error(error, html=False)}", err=True)
                sys.exit(2)
            click.echo("\n".join(lines))
            return
        for raw in sys.stdin:
            try:
                lines = _answer_lines(answer, split(raw), explain)
            except RuleInputError as error:
                click.echo(f"error: {render_error(error, html=False)}")
            else:
                # exactly one line per case: the verdict alone, or with its steps under --explain
                click.echo(lines[0] + (": " + " | ".join(lines[1:]) if explain else ""))


def _tichu_split(line: str) -> tuple[str, ...]:
    parts = tuple(line.split())
    if len(parts) != 2:
        raise RuleInputError("tichu.error.line", f"expected PREVIOUS PLAY, got {len(parts)} words", count=len(parts))
    return parts


@click.command("skat")
@click.argument("cards", nargs=-1)
@EXPLAIN
@LANG
@BATCH
def skat_command(cards: tuple[str, ...], explain: bool, lang: str, batch: bool) -> None:
    """Game value of a Skat hand (family rule): '36 Clubs' or 'pass'."""
    if batch == bool(cards):
        raise click.UsageError("give the 10 cards as arguments, or --batch and one hand a line on stdin")
    _run(skat_answer, (" ".join(cards),), lang, explain, batch, lambda line: (line,))


@click.command("tichu")
@click.argument("plays", nargs=-1)
@EXPLAIN
@LANG
@BATCH
def tichu_command(plays: tuple[str, ...], explain: bool, lang: str, batch: bool) -> None:
    """Is a Tichu play legal on the previous one (- for none)? Prints legal/illegal and the reason."""
    if batch and plays or not batch and len(plays) != 2:
        raise click.UsageError("give PREVIOUS PLAY as two arguments (- for no previous play), or --batch")
    _run(tichu_answer, plays, lang, explain, batch, _tichu_split)


@click.group(help="Kartenschule: the rules of card games, explained.")
def main() -> None:
    """Entry point of the ``kartenschule`` console script."""


main.add_command(skat_command)
main.add_command(tichu_command)


def register_flask_commands(app: Flask) -> None:
    """Offer the same commands as ``flask --app webapp skat|tichu``."""
    app.cli.add_command(skat_command)
    app.cli.add_command(tichu_command)
