"""``kartenschule quiz``: print the questions of a quiz code (a worksheet), with answers if wanted.

    kartenschule quiz skat_family K7PX3M                      -> the 10 hands of quiz K7PX3M
    kartenschule quiz tichu_legality K7PX3M --count 5 --answers --explain --lang de
    kartenschule quiz skat_official K7PX3M --difficulty hard --answers  -> ISkO game values
    kartenschule quiz poker_showdown K7PX3M --explain                   -> which hand wins?

The questions are the same as on the web page for the same kind, difficulty
and code. A bad code prints the problem on stderr and exits with status 2.
"""

from __future__ import annotations

import click

from webapp import quiz
from webapp.core.explain import render_step, render_steps
from webapp.quiz import kinds
from webapp.core.steps import Step
from webapp.core.cli import EXPLAIN, LANG, fail, language
from webapp.core.quizkind import Difficulty


def question_lines(kind: str, difficulty: str, code: str, number: int, answers: bool, explain: bool) -> list[str]:
    """The lines of question ``number`` (0-based): its cards, then the answer and the steps if asked for."""
    module = kinds.get(kind)
    question = quiz.question(kind, difficulty, code, number)
    lines = []
    for shown in module.show(question):
        cards = " ".join(str(c) for c in shown.cards)
        lines.append(f"{render_step(shown.caption, html=False)}{': ' + cards if cards else ''}")
    if answers or explain:
        checked = module.check(question, module.solve(question))
        lines.append("-> " + render_step(module.describe(checked.expected), html=False))
        if explain:
            lines += ["   " + s for s in render_steps(checked.steps, html=False)]
    return [f"{number + 1}. {lines[0]}"] + ["   " + line for line in lines[1:]]


@click.command("quiz")
@click.argument("kind", type=click.Choice(sorted(kinds.KINDS)))
@click.argument("code")
@click.option("--difficulty", type=click.Choice([d.value for d in Difficulty]), default="normal", show_default=True)
@click.option("--count", type=click.IntRange(quiz.MIN_QUESTIONS, quiz.MAX_QUESTIONS), default=quiz.DEFAULT_QUESTIONS,
              show_default=True, help="How many questions.")
@click.option("--answers", is_flag=True, help="Print the right answer under each question.")
@EXPLAIN
@LANG
def command(kind: str, code: str, difficulty: str, count: int, answers: bool, explain: bool, lang: str) -> None:
    """Print the questions of quiz CODE of KIND (the same as on the web page)."""
    normal = quiz.normalise_code(code)
    with language(lang):
        if normal is None:
            fail(render_step(Step("quiz.error.code"), html=False))
        for number in range(count):
            click.echo("\n".join(question_lines(kind, difficulty, normal, number, answers, explain)))
