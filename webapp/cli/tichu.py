"""``kartenschule tichu``: the Tichu commands.

    kartenschule tichu 44499 77722                        -> legal / the reason
    printf '44499 77722\\n' | kartenschule tichu --batch  -> one answer line per input line
"""

from __future__ import annotations

import click
from flask_babel import gettext

from ..explain import render_steps
from ..rules import tichu
from ..rules.steps import RuleInputError
from .common import BATCH, EXPLAIN, LANG, DefaultGroup, run_cases


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


def _split(line: str) -> tuple[str, ...]:
    parts = tuple(line.split())
    if len(parts) != 2:
        raise RuleInputError("tichu.error.line", f"expected PREVIOUS PLAY, got {len(parts)} words", count=len(parts))
    return parts


@click.group("tichu", cls=DefaultGroup, default="judge")
def group() -> None:
    """Tichu: play legality. Without a subcommand: is PLAY legal on PREVIOUS?"""


@group.command("judge")
@click.argument("plays", nargs=-1)
@EXPLAIN
@LANG
@BATCH
def judge_command(plays: tuple[str, ...], explain: bool, lang: str, batch: bool) -> None:
    """Is a Tichu play legal on the previous one (- for none)? Prints legal/illegal and the reason."""
    if batch and plays or not batch and len(plays) != 2:
        raise click.UsageError("give PREVIOUS PLAY as two arguments (- for no previous play), or --batch")
    run_cases(tichu_answer, plays, lang, explain, batch, _split)
