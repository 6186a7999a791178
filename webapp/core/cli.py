"""Shared pieces of the command line: options, the language context, case runners.

Conventions every game's commands follow: the answer on stdout; bad input as
``error: <message naming the problem>`` on stderr with exit status 2 (outside
``--batch``); ``--lang`` one of the languages found; ``--explain`` adds one step a line.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

import click
from flask import has_app_context
from flask.cli import ScriptInfo
from flask_babel import force_locale

from webapp.core.explain import render_error
from webapp.core.i18n import languages
from webapp.core.steps import RuleInputError



class LanguageChoice(click.Choice):
    """``--lang``'s choices: the languages found when the command runs (:func:`webapp.core.i18n.languages`)."""

    def __init__(self) -> None:  # the choices are read when asked for, not fixed here
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        return languages()


LANG = click.option("--lang", type=LanguageChoice(), default="en", show_default=True, help="Language of the answer.")
EXPLAIN = click.option("--explain", is_flag=True, help="Add the explanation, one step a line.")
BATCH = click.option("--batch", is_flag=True, help="Read one case a line from standard input.")

Answer = Callable[..., tuple[list[str], list[str]]]


class DefaultGroup(click.Group):
    """A command group that runs ``default`` when the first argument names no subcommand.

    ``kartenschule skat JC JS ...`` keeps working next to ``kartenschule skat score ...``:
    anything that is not a subcommand name (cards, ``--explain``) goes to the default
    command. ``--help`` alone still shows the group's help.
    """

    def __init__(self, *args, default: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.default = default

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = [self.default, *args]
        elif not args:
            args = [self.default]
        return super().parse_args(ctx, args)


def fail(message: str) -> None:
    """Print ``error: message`` on stderr and exit with status 2 (bad input)."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


@contextmanager
def language(lang: str) -> Iterator[None]:
    """An app context with the language forced to ``lang``.

    The app is the running one (``flask --app webapp ...`` pushes its context), else the one the command
    line's :class:`flask.cli.ScriptInfo` makes: the ``kartenschule`` root group puts one in the click
    context, so this shared module never imports the app factory.

    Raises:
        click.UsageError: outside an app context and without a ScriptInfo in the click context.
    """
    ctx = None
    if not has_app_context():
        info = click.get_current_context().find_object(ScriptInfo)
        if info is None:
            raise click.UsageError("run this command through `kartenschule` or `flask --app webapp`")
        ctx = info.load_app().app_context()
        ctx.push()
    try:
        with force_locale(lang):
            yield
    finally:
        if ctx is not None:
            ctx.pop()


def _answer_lines(answer: Answer, args: tuple[str, ...], explain: bool) -> list[str]:
    """The answer's lines: the short answer, or its first line and every step under --explain."""
    short, steps = answer(*args)
    return short[:1] + steps if explain else short


def run_cases(answer: Answer, args: tuple[str, ...], lang: str, explain: bool,
              batch: bool, split: Callable[[str], tuple[str, ...]]) -> None:
    """Answer one case from ``args``, or (``batch``) one a line from stdin.

    ``answer(*args)`` returns ``(short_lines, step_lines)`` and raises
    :class:`RuleInputError` on bad input; ``split`` turns a stdin line into args.
    """
    with language(lang):
        if not batch:
            try:
                lines = _answer_lines(answer, args, explain)
            except RuleInputError as error:
                fail(render_error(error, html=False))
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
