"""``kartenschule skat``: the Skat commands.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs (family rule)
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line
    kartenschule skat score --game clubs --points 75 --tricks 7 JC JS ...   -> 48 (official rules, ISkO)
    kartenschule skat bid JC JS ...                       -> each game's value before the skat and safe bid
"""

from __future__ import annotations

import click
from flask_babel import gettext

from webapp.core.explain import label, render_error, render_steps
from webapp.games.skat.look import skat_game_name
from webapp.games.skat import rules as skat
from webapp.games.skat import bids, official
from webapp.games.skat.coach import bidding_coach
from webapp.core.steps import RuleInputError
from webapp.core.cli import BATCH, EXPLAIN, LANG, DefaultGroup, fail, language, run_cases


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


GAMES = [g.value for g in official.GameType]
ANNOUNCEMENTS = [a.value for a in official.Announcement]


def score_answer(cards: tuple[str, ...], skat_tokens: tuple[str, ...] | None, game: str, hand: bool, ouvert: bool,
                 announce: str | None, points: int, tricks: int, bid: int | None) -> tuple[list[str], list[str]]:
    """Score a finished game by the ISkO: ``(["-108"], steps)``.

    Raises:
        RuleInputError: bad cards, an impossible result, a bid that is no
            valid bid, a refused declaration.
    """
    hand_cards = skat.parse_hand(cards)
    skat_cards = None if skat_tokens is None else skat.parse_cards(skat_tokens)
    declaration, implied = official.declare(official.GameType(game), hand, ouvert,
                                            official.Announcement(announce) if announce else None)
    checked_bid = None if bid is None else bids.parse_bid(bid)
    outcome = official.parse_outcome(points, tricks, skat_cards, null=declaration.game.is_null)
    result = official.score_game(hand_cards, skat_cards, declaration, outcome, checked_bid, implied=implied)
    return [str(result.score)], render_steps(result.steps, html=False)


def bid_answer(cards: tuple[str, ...], skat_tokens: tuple[str, ...] | None) -> tuple[list[str], list[str]]:
    """The bidding coach: one line a game (value before the skat, safe bid), then the advice.

    Raises:
        RuleInputError: not 10 distinct cards, a bad skat.
    """
    hand_cards = skat.parse_hand(cards)
    skat_cards = None if skat_tokens is None else skat.parse_cards(skat_tokens)
    result = bidding_coach(hand_cards, skat_cards)
    lines = [gettext("%(game)s: %(value)s, safe bid %(safe)s", game=skat_game_name(g.game, g.hand, g.ouvert),
                     value=g.value, safe=g.safe) for g in result.games]
    best = result.best
    if best is None:
        lines.append(gettext("Advice: pass"))
    else:
        name = skat_game_name(best.game, best.hand, best.ouvert)
        lines.append(gettext("Advice: %(game)s, stop at %(safe)s", game=name, safe=best.safe))
    steps = [line for g in result.games[:5] for line in render_steps(g.steps, html=False)]
    return lines, steps + render_steps(result.steps, html=False)


SKAT_OPTION = click.option("--skat", "skat_tokens", nargs=2, default=None, metavar="C C", help="The two skat cards.")


@group.command("score")
@click.argument("cards", nargs=-1, required=True)
@click.option("--game", type=click.Choice(GAMES), required=True, help="The declared game.")
@SKAT_OPTION
@click.option("--hand", is_flag=True, help="A hand game (the skat was not picked up).")
@click.option("--ouvert", is_flag=True, help="Played open.")
@click.option("--announce", type=click.Choice(ANNOUNCEMENTS), default=None, help="Announced in a hand game.")
@click.option("--points", type=int, required=True, help="The declarer's card points, 0-120, skat included.")
@click.option("--tricks", type=int, required=True, help="The declarer's tricks, 0-10.")
@click.option("--bid", type=int, default=None, help="The bid held.")
@EXPLAIN
@LANG
def score_command(cards: tuple[str, ...], game: str, skat_tokens: tuple[str, str] | None, hand: bool, ouvert: bool,
                  announce: str | None, points: int, tricks: int, bid: int | None, explain: bool, lang: str) -> None:
    """Score a finished game by the official rules (ISkO): prints the signed score, e.g. 72 or -108."""
    run_cases(lambda: score_answer(cards, skat_tokens, game, hand, ouvert, announce, points, tricks, bid),
              (), lang, explain, False, lambda line: ())


@group.command("bid")
@click.argument("cards", nargs=-1, required=True)
@SKAT_OPTION
@EXPLAIN
@LANG
def bid_command(cards: tuple[str, ...], skat_tokens: tuple[str, str] | None, explain: bool, lang: str) -> None:
    """Bidding coach (ISkO): for each game the value before the skat and the highest safe bid."""
    with language(lang):
        try:
            lines, steps = bid_answer(cards, skat_tokens)
        except RuleInputError as error:
            fail(render_error(error, html=False))
        click.echo("\n".join(lines + (steps if explain else [])))
