"""``kartenschule yahtzee``: scores, the coach, the strategy table and the bot tournament.

    kartenschule yahtzee 55552                          -> what each box gives (same as `score`)
    kartenschule yahtzee score 44444 --card "yahtzee=50,fours=12" --explain
    kartenschule yahtzee advise --dice 55521 --roll 1 --card "aces=3,chance=22"
    kartenschule yahtzee table --joker free             -> compute a strategy table once (~20-35 s)
    kartenschule yahtzee table --ship                   -> compute the shipped (forced joker) table anew
    kartenschule yahtzee tournament --games 1000 dummy heuristic optimal mybot.py:MyBot exec:./mybot

Dice are five digits 1-6. A score card is ``box=points`` items separated by
commas (boxes: aces twos threes fours fives sixes 3kind 4kind fullhouse small
large yahtzee chance; ``bonus=N`` counts Yahtzee bonuses already won); boxes not
named are free. ``--roll`` is how many rolls this turn has had (1, 2 or 3).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
from flask_babel import format_decimal

from webapp.games.yahtzee import table as yahtzee_table
from webapp.core.explain import label, render_step, render_steps
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import coach as yahtzee_coach
from webapp.core.steps import RuleInputError, Step
from webapp.core.cli import EXPLAIN, LANG, DefaultGroup, fail, language

CARD = click.option("--card", default="", metavar="BOX=POINTS,...", help='The score card so far, e.g. "aces=3,yahtzee=50,bonus=1".')
JOKER = click.option("--joker", type=click.Choice([rule.value for rule in y.JokerRule]), default=y.FORCED.value,
                     show_default=True, callback=lambda _ctx, _param, value: y.JokerRule(value),
                     help="Joker rule: forced (official, seed 004) or free placement.")
TABLE_DIR = click.option("--table-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                         help="Folder of the strategy table (default: the app's instance folder).")


def _store(table_dir: Path | None) -> yahtzee_table.TableStore:
    """A store of its own for this command: ``--table-dir``, else the default folder."""
    return yahtzee_table.TableStore(table_dir) if table_dir else yahtzee_table.default_store()


def _progress_bar(label_text: str):
    """A click progress bar fed with ``(done, total)`` calls; returns (callback, bar)."""
    bar = click.progressbar(length=1000, label=label_text, file=sys.stderr)
    state = {"shown": 0}

    def update(done: int, total: int) -> None:
        wanted = int(1000 * done / total)
        bar.update(wanted - state["shown"])
        state["shown"] = wanted

    return update, bar


def score_lines(dice_text: str, card_text: str, joker: y.JokerRule) -> tuple[list[str], list[str]]:
    """``(lines, steps)``: one line a box (``Fours: 20``, ``Chance: -`` when not allowed).

    Raises:
        RuleInputError: bad dice or a bad score card.
    """
    dice, card = y.parse_dice(dice_text), y.parse_card(card_text)
    result = y.explain(dice, card, joker)
    lines = [f"{label(o.category)}: {o.points if o.allowed else '-'}" for o in result.options]
    return lines, render_steps(result.steps, html=False)


@click.group("yahtzee", cls=DefaultGroup, default="score")
def group() -> None:
    """Yahtzee: scores, the coach, the strategy table, the bot tournament."""


@group.command("score")
@click.argument("dice")
@CARD
@JOKER
@EXPLAIN
@LANG
def score_command(dice: str, card: str, joker: y.JokerRule, explain: bool, lang: str) -> None:
    """What each box would give for DICE (five digits 1-6) on the score card."""
    with language(lang):
        try:
            lines, steps = score_lines(dice, card, joker)
        except RuleInputError as error:
            fail(render_steps([error.step], html=False)[0])
        click.echo("\n".join(lines + (steps if explain else [])))


@group.command("advise")
@click.option("--dice", default="", help="The five dice showing (none before the first roll).")
@click.option("--roll", type=click.IntRange(0, 3), default=None,
              help="Rolls made this turn: 1 or 2 (keep or place), 3 (place); default 1 with --dice, else 0.")
@CARD
@JOKER
@TABLE_DIR
@LANG
def advise_command(dice: str, roll: int | None, card: str, joker: y.JokerRule, table_dir: Path | None, lang: str) -> None:
    """The coach: expected final score of each choice, the best first, and why."""
    with language(lang):
        try:
            parsed_card = y.parse_card(card)
            parsed_dice = y.parse_dice(dice) if dice else None
        except RuleInputError as error:
            fail(render_steps([error.step], html=False)[0])
        if parsed_card.is_complete:
            fail("the score card is complete: the game is over")
        roll = (1 if parsed_dice else 0) if roll is None else roll
        if (parsed_dice is None) != (roll == 0):
            fail("give --dice with --roll 1, 2 or 3, or neither before the first roll")
        store = _store(table_dir)
        strategy = store.load(joker)
        if strategy is None:
            update, bar = _progress_bar("Computing the strategy table (once)")
            with bar:
                strategy = _compute(store, joker, update)
        advice = yahtzee_coach.advise(strategy, parsed_card, parsed_dice, roll)
        for choice in advice.choices:
            if choice.keep is None:
                what = f"{label(choice.category)} ({choice.points})"
            else:
                kept = "".join(map(str, choice.keep))
                what = render_step(Step("yahtzee.cli.keep", dice=kept) if kept else Step("yahtzee.cli.keep_none"),
                                   html=False)
            value = format_decimal(choice.value, format="0.00")  # 254.88 / 254,88 in the reader's language
            click.echo(f"{'*' if choice.best else ' '} {value:>8}  {what}")
        click.echo("\n".join(render_steps(advice.steps + advice.why, html=False)))


def _compute(store: yahtzee_table.TableStore, joker: y.JokerRule, update, again: bool = False):
    """``store.compute``; a folder that cannot hold the table (full, read-only) ends with its reason (exit 2)."""
    try:
        return store.compute(joker, update, again=again)
    except OSError as error:
        fail(f"the strategy table cannot be saved in {store.folder}: {error.strerror or error}")


@group.command("table")
@JOKER
@TABLE_DIR
@click.option("--force", is_flag=True, help="Compute again even if the table exists.")
@click.option("--ship", is_flag=True,
              help="Compute the table and write it into the package (webapp/games/yahtzee/data/), "
                   "where the app finds it when its folder has none: for developers, after the strategy changes.")
def table_command(joker: y.JokerRule, table_dir: Path | None, force: bool, ship: bool) -> None:
    """Compute the optimal-strategy table once and save it (prints the expected score).

    The official (forced joker) table ships with the package, so the app needs no computation; this makes a
    table for ``--joker free`` or a folder of its own, or (``--ship``) the shipped table anew."""
    store = _store(table_dir)
    if ship:  # never the shipped file itself: the table is computed from the rules
        store = yahtzee_table.TableStore(store.folder, store.workers)
        force = True
    strategy = None if force else store.load(joker)
    started = time.perf_counter()
    if strategy is None:
        update, bar = _progress_bar(f"Yahtzee table ({joker} joker)")
        with bar:
            strategy = _compute(store, joker, update, again=force)
    from webapp.games.yahtzee.strategy import expected_score

    where = store.path(joker)
    if ship:
        where = yahtzee_table.shipped_path(joker)
        where.parent.mkdir(parents=True, exist_ok=True)
        yahtzee_table.save_shipped(strategy.table, where)
    click.echo(f"expected score {expected_score(strategy.table):.4f} ({joker} joker); "
               f"{time.perf_counter() - started:.1f} s; {where}")


@group.command("tournament")
@click.argument("bots", nargs=-1, required=True)
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="Games in the main round.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the dice.")
@click.option("--timeout", type=click.FloatRange(0.01), default=5.0, show_default=True,
              help="Seconds a bot (a program or a Python class outside the built-in ones) has for one answer.")
@JOKER
@LANG
def tournament_command(bots: tuple[str, ...], games: int, seed: int, timeout: float, joker: y.JokerRule, lang: str) -> None:
    """Run the bot tournament of seed 004. BOTS: dummy, heuristic, optimal, package.module.Class,
    path/to/file.py:Class, or exec:COMMAND (a program speaking JSON lines; see docs/bots.md).
    Reasons for a disqualification are shown in the language of --lang."""
    from webapp.games.yahtzee.contest.players import IllegalChoice
    from webapp.games.yahtzee.contest.tournament import run_tournament

    bar = click.progressbar(length=games, label="Games", file=sys.stderr)
    try:
        with bar:
            result = run_tournament(bots, games=games, seed=seed, joker=joker, timeout=timeout, progress=bar.update)
    except IllegalChoice as error:
        with language(lang):
            fail(render_step(error.step, html=False))
    click.echo(f"{'#':>2}  {'bot':<24} {'points':>6} {'mean':>7} {'std dev':>7} {'max':>5}")
    for rank, s in enumerate(result.standings, start=1):
        click.echo(f"{rank:>2}  {s.name[:24]:<24} {s.points:>6} {s.mean:>7.1f} {s.stdev:>7.1f} {s.best:>5}")
    with language(lang):
        for s in result.standings:
            if s.disqualified:
                click.echo(render_step(Step("yahtzee.contest.disqualified", bot=s.name, reason=s.disqualified), html=False))
    if result.tiebreak_games:
        click.echo(f"tie-break games: {result.tiebreak_games}" + (" (tie not broken)" if result.unbroken_tie else ""))
