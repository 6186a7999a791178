"""``kartenschule tichu``: the Tichu commands.

    kartenschule tichu 44499 77722                        -> legal / the reason
    kartenschule tichu 5 9 --wish 8 --hand 89             -> illegal: the 8 is wished
    kartenschule tichu K 7777 --out-of-turn               -> a bomb thrown in
    kartenschule tichu 55 pass --wish 8 --hand 8P         -> may this player pass?
    printf '44499 77722\\n' | kartenschule tichu --batch  -> one answer line per input line
    kartenschule tichu score --out 1,2,3 --tricks 30,20,25,15 --hand 10 --tichu 1
    kartenschule tichu chance RPAK2345                    -> the chance to go out first, Grand Tichu or not
"""

from __future__ import annotations

from functools import partial

import click
from flask_babel import gettext

from webapp.core.explain import render_steps
from webapp.games.tichu import rules as tichu
from webapp.games.tichu import trick as tichu_round
from webapp.core.steps import RuleInputError
from webapp.core.cli import BATCH, EXPLAIN, LANG, DefaultGroup, fail, language, run_cases

#: The word that stands for passing instead of a play.
PASS = "pass"


def tichu_answer(
    previous: str,
    play: str,
    wish: str | None = None,
    hand: str | None = None,
    out_of_turn: bool = False,
    reading: str | None = None,
) -> tuple[list[str], list[str]]:
    """Answer one Tichu case: ``(["legal", reason], steps)`` or ``(["illegal", reason], steps)``.

    ``play`` may be ``pass``; ``wish`` and ``reading`` are ranks (``8``, ``0``,
    ``K``); ``hand`` the player's cards before the play.

    Raises:
        RuleInputError: a card is unknown, the deck does not hold it, the play
            is empty, not in the hand, or the previous play is no combination.
    """
    before = tichu.parse_play(previous)
    wished = tichu.parse_wish(wish) if wish else None
    cards = tichu.parse_play(hand) if hand is not None else None
    if play.lower() == PASS:
        verdict = tichu.judge_pass(before, wish=wished, hand=cards)
    else:
        now = tichu.parse_play(play)
        tichu.check_deck(before, now)
        declared = tichu.parse_wish(reading) if reading else None
        verdict = tichu.judge(before, now, wish=wished, hand=cards, out_of_turn=out_of_turn, reading=declared)
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
    """Tichu: play legality (default), round scoring (score), the chance to go out first (chance).

    Cards: 2-9, 0 (ten), J Q K A, 1 Mah Jong, R Dragon, P Phoenix, D Dog; a
    suit letter may follow a rank: g Jade, k Sword, b Pagoda, r Star
    (Ar = Ace of Stars, AR = Ace and Dragon).
    """


@group.command("judge")
@click.argument("plays", nargs=-1)
@click.option("--wish", metavar="RANK", help="The open Mah Jong wish, 2 to A (0 or 10 for the ten).")
@click.option("--hand", metavar="CARDS", help="The player's hand before the play (needed to check the wish).")
@click.option("--out-of-turn", is_flag=True, help="The play is a bomb thrown in out of turn.")
@click.option("--reading", metavar="RANK", help="The rank the Phoenix stands for, when the play has several readings.")
@EXPLAIN
@LANG
@BATCH
def judge_command(
    plays: tuple[str, ...], wish: str | None, hand: str | None, out_of_turn: bool, reading: str | None,
    explain: bool, lang: str, batch: bool,
) -> None:
    """Is a Tichu PLAY legal on PREVIOUS (- for none; PLAY may be "pass")? Prints legal/illegal and the reason.

    The options apply to every line under --batch.
    """
    if batch and plays or not batch and len(plays) != 2:
        raise click.UsageError("give PREVIOUS PLAY as two arguments (- for no previous play), or --batch")
    answer = partial(tichu_answer, wish=wish, hand=hand, out_of_turn=out_of_turn, reading=reading)
    run_cases(answer, plays, lang, explain, batch, _split)


def _numbers(text: str | None, count: int | None, option: str) -> tuple[int, ...]:
    if text is None:
        return ()
    try:
        values = tuple(int(part) for part in text.replace(" ", "").split(",") if part != "")
    except ValueError:
        raise click.BadParameter(f"give whole numbers separated by commas, not {text!r}", param_hint=option) from None
    if count is not None and len(values) != count:
        raise click.BadParameter(f"give {count} numbers, not {len(values)}", param_hint=option)
    return values


def _players(values: tuple[int, ...], option: str) -> tuple[int, ...]:
    if any(not 1 <= v <= tichu_round.SEATS for v in values):
        raise click.BadParameter("players are numbered 1 to 4", param_hint=option)
    return tuple(v - 1 for v in values)


@group.command("score")
@click.option("--out", "out_order", required=True, metavar="P,P[,P]",
              help="Players (1-4) in the order they went out; two partners = double victory. Teams: 1+3 and 2+4.")
@click.option("--tricks", metavar="N,N,N,N", help="Card points in the tricks of players 1 to 4 (not needed after a double victory).")
@click.option("--hand", "hand_points", type=int, default=0, show_default=True,
              help="Card points still in the last player's hand.")
@click.option("--tichu", "tichu_calls", metavar="P[,P]", help="Players who called Tichu.")
@click.option("--grand", "grand_calls", metavar="P[,P]", help="Players who called Grand Tichu.")
@click.option("--before", metavar="A,B", help="Game score of team 1 and team 2 before this round.")
@EXPLAIN
@LANG
def score_command(
    out_order: str, tricks: str | None, hand_points: int, tichu_calls: str | None, grand_calls: str | None,
    before: str | None, explain: bool, lang: str,
) -> None:
    """Score a Tichu round: card points, the last player's hand and tricks, double victory, Tichu calls.

    Prints "team 1: A, team 2: B" (the round), then the game score; --explain adds every step.
    """
    order = _players(_numbers(out_order, None, "--out"), "--out")
    points = _numbers(tricks, 4, "--tricks") or (0, 0, 0, 0)
    calls = {seat: "tichu" for seat in _players(_numbers(tichu_calls, None, "--tichu"), "--tichu")}
    for seat in _players(_numbers(grand_calls, None, "--grand"), "--grand"):
        if seat in calls:
            raise click.BadParameter("a player calls Tichu or Grand Tichu, not both", param_hint="--grand")
        calls[seat] = "grand"
    totals = _numbers(before, 2, "--before") or (0, 0)
    with language(lang):
        try:
            result = tichu_round.score_round(order, points, hand_points, calls, (totals[0], totals[1]))
        except RuleInputError as error:
            from webapp.core.explain import render_error

            fail(render_error(error, html=False))
        lines = [gettext("team 1: %(a)s, team 2: %(b)s", a=result.points[0], b=result.points[1])]
        if explain:
            lines += render_steps(result.steps, html=False)
        else:
            lines += render_steps(result.steps[-1:] if result.game_over else (), html=False)
            lines.append(gettext("game: team 1 %(a)s, team 2 %(b)s", a=result.totals[0], b=result.totals[1]))
        click.echo("\n".join(lines))


# --- a whole round played by four bots (issue 19) ----------------------------------------------------------------
def _line(code: str, **params) -> str:
    from webapp.core.explain import render_step
    from webapp.core.steps import Step

    return render_step(Step(code, **params), html=False)


def _cards(cards) -> str:
    return "".join(str(c) for c in cards)


def _trick_line(number: int, moves) -> str:
    """One trick as a line: every move in order (the Tichu notation for the cards)."""
    from webapp.games.tichu.rules import RANK_TEXT

    parts = []
    for move in moves:
        if move.is_pass:
            parts.append(_line("tichu.round.line.pass", seat=move.seat + 1))
        elif move.out_of_turn:
            parts.append(_line("tichu.round.line.bomb", seat=move.seat + 1, cards=_cards(move.cards)))
        elif move.wish is not None:
            parts.append(_line("tichu.round.line.wish", seat=move.seat + 1, cards=_cards(move.cards),
                               rank=RANK_TEXT[move.wish]))
        else:
            parts.append(_line("tichu.round.line.play", seat=move.seat + 1, cards=_cards(move.cards)))
    return _line("tichu.round.line.trick", number=number, moves="; ".join(parts))


def round_lines(state, explain: bool) -> tuple[list[str], object]:
    """Play the round ``state`` (a :class:`~webapp.games.tichu.round.RoundState` just dealt) with four bots.

    Returns:
        The printed lines (the calls, the exchange, every trick, who went out, the score; with ``explain`` every
        bot's reason and every score step) and the finished state.
    """
    from webapp.games.tichu.round import CallGrandTichu, CallTichu, Exchange, Phase
    from webapp.games.tichu.round_bots import next_bot_move

    lines = [_line("tichu.round.line.round", number=state.round_number, seed=state.seed)]
    while True:
        found = next_bot_move(state)
        if found is None:
            break
        seat, move = found
        before, state = state, state.apply(move.action)
        action = move.action
        if isinstance(action, CallGrandTichu):
            lines.append(_line("tichu.round.line.grand", seat=seat + 1))
        elif isinstance(action, CallTichu):
            lines.append(_line("tichu.round.line.tichu", seat=seat + 1))
        elif isinstance(action, Exchange):
            given = action.cards
            lines.append(_line("tichu.round.line.exchange", seat=seat + 1, next=str(given[0]), partner=str(given[1]),
                               previous=str(given[2]), to_next=(seat + 1) % 4 + 1, to_partner=(seat + 2) % 4 + 1,
                               to_previous=(seat + 3) % 4 + 1))
        if explain:
            lines += ["  " + text for text in render_steps(move.steps, html=False)]
        for record in state.tricks[len(before.tricks):]:
            lines.append(_trick_line(len(state.tricks), record.trick.moves))
            lines += ["  " + text for text in render_steps(record.result.steps, html=False)]
        for place, out in enumerate(state.out[len(before.out):], start=len(before.out) + 1):
            lines.append(_line("tichu.round.line.out", seat=out + 1, place=place))
    assert state.phase is Phase.DONE and state.trick is not None
    if state.double_victory is not None:
        if state.trick.moves:
            lines.append(_trick_line(len(state.tricks) + 1, state.trick.moves))
        lines.append(_line("tichu.round.line.double", first=state.out[0] + 1, second=state.out[1] + 1))
    score = state.score
    assert score is not None
    lines.append(gettext("team 1: %(a)s, team 2: %(b)s", a=score.points[0], b=score.points[1]))
    if explain:
        lines += render_steps(score.steps, html=False)
    else:
        lines += render_steps(score.steps[-1:] if score.game_over else (), html=False)
        lines.append(gettext("game: team 1 %(a)s, team 2 %(b)s", a=score.totals[0], b=score.totals[1]))
    return lines, state


@group.command("round")
@click.option("--seed", type=int, required=True, help="The deal's seed: the same seed gives the same cards.")
@click.option("--rounds", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Rounds to play in a row (the game to 1000 may end sooner).")
@EXPLAIN
@LANG
def round_command(seed: int, rounds: int, explain: bool, lang: str) -> None:
    """Four bots play whole Tichu rounds: the calls, the exchange, every trick and the score.

    Players 1 and 3 play against players 2 and 4. --explain adds why each bot did what it did.
    """
    from webapp.games.tichu.round import deal

    state = deal(seed)
    with language(lang):
        for number in range(1, rounds + 1):
            lines, state = round_lines(state, explain)
            click.echo("\n".join(lines))
            score = state.score
            if number == rounds or score is None or score.game_over:
                break
            click.echo("")
            state = state.next_round()


# --- the chance to go out first and the call advice (issue 38) ------------------------------------------------------
@group.command("chance")
@click.argument("cards", nargs=-1, required=True)
@click.option("--samples", type=click.IntRange(1, None), default=None, metavar="N",
              help="Deals to play out (default 200, at most 2000).")
@click.option("--seed", type=int, default=0, show_default=True, help="The same cards and seed give the same figures.")
@LANG
def chance_command(cards: tuple[str, ...], samples: int | None, seed: int, lang: str) -> None:
    """The chance to go out first with CARDS and whether to call: 8 cards (Grand Tichu) or 14 cards (Tichu).

    The unseen cards are dealt at random SAMPLES times and each deal is played out by the bots (you play as the
    bot would, after calling). Prints the chance with its 95 % interval, then the advice and why.
    """
    from webapp.core.explain import decimal, render_error
    from webapp.games.tichu.chance import DEFAULT_SAMPLES, MAX_SAMPLES, out_first_chance

    if samples is not None and samples > MAX_SAMPLES:
        raise click.BadParameter(f"at most {MAX_SAMPLES} samples, not {samples}", param_hint="--samples")
    with language(lang):
        try:
            hand = tichu.parse_play(" ".join(cards))
            result = out_first_chance(hand, samples=samples or DEFAULT_SAMPLES, seed=seed)
        except RuleInputError as error:
            fail(render_error(error, html=False))
        advice = {("grand", True): gettext("advice: call Grand Tichu"),
                  ("grand", False): gettext("advice: no Grand Tichu"),
                  ("tichu", True): gettext("advice: call Tichu"),
                  ("tichu", False): gettext("advice: no Tichu")}[result.call, result.advised]
        lines = [gettext("chance to go out first: %(percent)s %% (95 %% interval %(low)s to %(high)s %%, "
                         "%(samples)s deals)", percent=decimal(100 * result.chance), low=decimal(100 * result.low),
                         high=decimal(100 * result.high), samples=result.samples),
                 advice]
        lines += render_steps(result.steps, html=False)
        click.echo("\n".join(lines))
