"""``kartenschule skat``: the Skat commands.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs (family rule)
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line
"""

from __future__ import annotations

import click
from flask_babel import gettext

from ..explain import label, render_steps
from ..rules import skat
from .common import BATCH, EXPLAIN, LANG, DefaultGroup, run_cases


def skat_answer(cards: str) -> tuple[list[str], list[str]]:
    """Answer one Skat case: ``(["36 Clubs"], steps)`` or ``(["pass"], steps)``.

    Raises:
        RuleInputError: the cards are not a 10-card Skat hand.
    """
    result = skat.family_game_value(skat.parse_hand(cards))
    headline = gettext("pass") if result.is_pass else f"{result.value} {label(result.trump)}"
    return [headline], render_steps(result.steps, html=False)


@click.group("skat", cls=DefaultGroup, default="value")
def group() -> None:
    """Skat: game values. Without a subcommand: the family-rule value of 10 cards."""


@group.command("value")
@click.argument("cards", nargs=-1)
@EXPLAIN
@LANG
@BATCH
def value_command(cards: tuple[str, ...], explain: bool, lang: str, batch: bool) -> None:
    """Game value of a Skat hand (family rule): '36 Clubs' or 'pass'."""
    if batch == bool(cards):
        raise click.UsageError("give the 10 cards as arguments, or --batch and one hand a line on stdin")
    run_cases(skat_answer, (" ".join(cards),), lang, explain, batch, lambda line: (line,))
