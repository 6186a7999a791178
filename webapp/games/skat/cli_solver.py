"""``kartenschule skat solve`` and ``kartenschule skat analyse``: the open-cards solver and "where did I lose?".

    kartenschule skat solve --game grand "JC JS" "AH 7H" "0H 8H"       -> declarer 25 / best JC JS
    kartenschule skat solve --game null --lead left --trick 8C "7C AC" "9H" "9C 0H"
    kartenschule skat analyse --seed 7 --moves 18.yes.20.pass...       -> the analysis of that game at the table

A problem with the input (a card twice, hands that do not fit the trick, a trick of three, a game that is not
finished) is printed on stderr, naming it, and the command exits with status 2.
"""

from __future__ import annotations

import re

import click

from webapp.core.cli import EXPLAIN, LANG, fail, language
from webapp.core.explain import label, render_error, render_step, render_steps
from webapp.core.steps import NotationError, RuleInputError, Step
from webapp.games.skat import rules as skat
from webapp.games.skat.analysis import analyse
from webapp.games.skat.cli import GAMES, group
from webapp.games.skat.official import GameType
from webapp.games.skat.solver import DECLARER, LEFT, RIGHT, Position, solve
from webapp.games.skat.table import seat_of
from webapp.games.skat.table_codes import replay

LEADS = {"declarer": DECLARER, "left": LEFT, "right": RIGHT}
#: The most action codes ``analyse`` reads (as the table page: the bids, the skat, the declaration, 30 cards).
MAX_MOVES = 200


def _cards(text: str | None) -> tuple[skat.Card, ...]:
    return skat.parse_cards(skat.split_tokens(text or ""))


def solve_lines(game: str, skat_text: str | None, lead: str, trick_text: str | None,
                hands: tuple[str, str, str]) -> list[str]:
    """The answer of ``skat solve``: ``["declarer 74", "best JC JS"]`` (Null: ``declarer wins`` / ``loses``).

    Raises:
        RuleInputError: a bad card, a card twice, hands that do not fit the trick, a trick of three.
    """
    position = Position(GameType(game), tuple(_cards(h) for h in hands), _cards(skat_text), LEADS[lead],
                        _cards(trick_text))
    solution = solve(position)
    if position.game.is_null:
        first = "declarer wins" if solution.declarer_wins else "declarer loses"
    else:
        first = f"declarer {solution.value}"
    return [first, "best " + " ".join(str(c) for c in solution.best)]


@group.command("solve")
@click.option("--game", type=click.Choice(GAMES), required=True, help="The declared game.")
@click.option("--skat", "skat_text", metavar="'C C'", help="The skat's two cards (they count for the declarer).")
@click.option("--lead", type=click.Choice(list(LEADS)), default="declarer", show_default=True,
              help="Who leads the current trick.")
@click.option("--trick", "trick_text", metavar="'C [C]'", help="The cards already played to the trick, led first.")
@click.argument("declarer")
@click.argument("left")
@click.argument("right")
@LANG
def solve_command(game: str, skat_text: str | None, lead: str, trick_text: str | None, declarer: str, left: str,
                  right: str, lang: str) -> None:
    """Open cards (double dummy): the declarer's final card points with best play by all three (the skat's
    included; Null: whether it can take no trick), then the player to move's best cards in the order of its hand.
    LEFT plays after the declarer, RIGHT after LEFT."""
    with language(lang):
        try:
            click.echo("\n".join(solve_lines(game, skat_text, lead, trick_text, (declarer, left, right))))
        except RuleInputError as error:
            fail(render_error(error, html=False))


def analyse_lines(seed: int, number: int, moves: str, explain: bool) -> list[str]:
    """The analysis of a finished game at the table (the child is player 0), one sentence a line; ``explain``
    adds the better line of play with open cards, a trick a line.

    Raises:
        RuleInputError: a bad action code, a move the rules forbid, a game that is not finished.
    """
    codes = [c for c in re.split(r"[.\s]+", moves.strip()) if c]
    if len(codes) > MAX_MOVES:
        raise NotationError("skat.analysis.error.too_many", f"at most {MAX_MOVES} moves", most=MAX_MOVES)
    state = replay(seed, number, codes)
    analysis = analyse(state, seat_of(0, number))
    lines = render_steps(analysis.steps, html=False)
    if explain and analysis.mistake is not None and analysis.mistake.line:
        lines.append(render_step(Step("skat.analysis.line.title"), html=False))
        played = analysis.mistake.line
        first_trick = analysis.mistake.trick
        for at in range(0, len(played), 3):
            cards = " ".join(f"{label(seat)} {card}" for seat, card in played[at:at + 3])
            lines.append(f"  {first_trick + at // 3}: {cards}")
    return lines


@group.command("analyse")
@click.option("--seed", type=click.IntRange(0, 10**9), required=True, help="The deal's seed (as at the table).")
@click.option("--game", "number", type=click.IntRange(1, 99), default=1, show_default=True, help="The game number.")
@click.option("--moves", required=True, help="The game's action codes, joined by '.' as in the table's URL.")
@EXPLAIN
@LANG
def analyse_command(seed: int, number: int, moves: str, explain: bool, lang: str) -> None:
    """Where did I lose? The open-cards analysis of a finished game at the table, for player 0 (the child)."""
    with language(lang):
        try:
            click.echo("\n".join(analyse_lines(seed, number, moves, explain)))
        except RuleInputError as error:
            fail(render_error(error, html=False))

