"""``kartenschule pokerface``: hand ranks and the bot tournament (seed 003).

    kartenschule pokerface rank SA SK SQ SJ ST          -> royal flush (class 1 of 7462)
    kartenschule pokerface compare "SA HA D7 C7 S2" "CK DK D6 C6 SQ"
    kartenschule pokerface tournament examples/pokerface/leobot my-bot/ --csv table.csv
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from webapp.core.csvfile import csv_text
from webapp.core.explain import render_step, render_steps
from webapp.games.pokerface import rules as pf
from webapp.core.steps import RuleInputError
from webapp.core.cli import EXPLAIN, LANG, fail, language


@click.group("pokerface")
def group() -> None:
    """Pokerface: poker hand ranks, showdowns, and the bot tournament (seed 003)."""


@group.command("rank")
@click.argument("cards", nargs=-1, required=True)
@LANG
def rank_command(cards: tuple[str, ...], lang: str) -> None:
    """Category and class of 5 to 8 cards (the best five): 'SA SK SQ SJ ST'."""
    with language(lang):
        try:
            hand = pf.parse_cards(" ".join(cards), count=(5, 6, 7, 8))
        except RuleInputError as error:
            fail(render_step(error.step, html=False))
        rank, five = pf.best_five(hand)
        click.echo(f"{render_step(pf.hand_step(rank), html=False)} (class {rank} of {pf.CLASS_COUNT})")
        if len(hand) > 5:
            click.echo(pf.cards_text(five))


@group.command("compare")
@click.argument("hands", nargs=-1, required=True)
@EXPLAIN
@LANG
def compare_command(hands: tuple[str, ...], explain: bool, lang: str) -> None:
    """Showdown of two or more 5-card hands, each one argument: "SA HA D7 C7 S2" "CK DK D6 C6 SQ"."""
    with language(lang):
        if len(hands) < 2:
            fail("give at least two hands, each in quotes: \"SA HA D7 C7 S2\" \"CK DK D6 C6 SQ\"")
        parsed = []
        for text in hands:
            try:
                parsed.append(pf.parse_cards(text, count=5))
            except RuleInputError as error:
                fail(f"{text}: {render_step(error.step, html=False)}")
        seen: set = set()
        for hand in parsed:
            for card in hand:
                if card in seen:
                    fail(render_step(RuleInputError("poker.error.duplicate", "", card=card).step, html=False))
                seen.add(card)
        result = pf.showdown([f"#{i}" for i in range(1, len(parsed) + 1)], parsed)
        click.echo(" ".join(f"#{i + 1}" for i in result.winners))
        lines = render_steps(result.steps, html=False)
        click.echo("\n".join(lines if explain else lines[len(parsed):]))


@group.command("tournament")
@click.argument("bot_dirs", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--rounds", default=pf.ROUNDS, show_default=True, type=click.IntRange(1), help="Rounds a game.")
@click.option("--repeat", default=5, show_default=True, type=click.IntRange(1),
              help="How often every subset of four bots plays.")
@click.option("--timeout", default=1.0, show_default=True, type=click.FloatRange(0.01),
              help="Seconds a bot may take for each answer.")
@click.option("--startup-grace", default=2.0, show_default=True, type=click.FloatRange(0),
              help="Extra seconds for a bot's first answer of a round (starting Java or Python takes time).")
@click.option("--seed", default="pokerface", show_default=True, help="Makes the deals reproducible.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path), help="Also write the table as CSV.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the table, every game and every failure as JSON.")
@LANG
def tournament_command(bot_dirs, rounds, repeat, timeout, startup_grace, seed, csv_path, json_path, lang) -> None:
    """Run the seed's tournament between bot folders (each with bot.jlsc or bot.toml).

    Why a bot lost a round is shown in the language of ``--lang`` (also in the JSON report)."""
    from webapp.games.pokerface.contest.config import ConfigError, load_bot
    from webapp.games.pokerface.contest.tournament import bot_players, game_count, run_tournament

    try:
        configs = [load_bot(folder) for folder in bot_dirs]
    except ConfigError as error:
        fail(str(error))
    players = bot_players(configs, timeout=timeout, startup_grace=startup_grace)
    total = game_count(len(players), repeat)
    with click.progressbar(length=total, label=f"{total} games", file=sys.stderr) as bar:
        result = run_tournament(players, repeat=repeat, rounds=rounds, seed=seed, progress=lambda game: bar.update(1))
    rows = [(s.place, s.name + (" (filler)" if s.filler else ""), s.victory_points, s.games, s.round_points, s.failures)
            for s in result.standings]
    header = ("place", "bot", "victory points", "games", "round points", "lost by failure")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        click.echo("  ".join(str(v).rjust(w) if isinstance(v, int) else str(v).ljust(w) for v, w in zip(row, widths)))
    with language(lang):
        reasons = [render_step(failure.step, html=False) for failure in result.failures]
    if result.failures:
        click.echo(f"\n{len(result.failures)} round(s) lost by breaking the rules:")
        for reason in reasons[:20]:
            click.echo(f"  {reason}")
        if len(result.failures) > 20:
            click.echo(f"  ... and {len(result.failures) - 20} more (see --json)")
    if csv_path:
        header = ["place", "bot", "victory_points", "games", "round_points", "failures", "filler"]
        rows = ([s.place, s.name, s.victory_points, s.games, s.round_points, s.failures, s.filler]
                for s in result.standings)
        csv_path.write_text(csv_text(header, rows), encoding="utf-8", newline="")  # bot names defused too
    if json_path:
        data = {
            "standings": [vars(s) for s in result.standings],
            "games": [{"players": list(g.names), "points": g.points, "winners": [g.names[i] for i in g.winners]}
                      for g in result.games],
            "failures": [{"player": f.player, "game": f.game, "round": f.round, "kind": f.kind, "code": f.reason.code,
                          "reason": reason} for f, reason in zip(result.failures, reasons)],
        }
        json_path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
