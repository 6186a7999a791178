"""``kartenschule skat``: the Skat commands.

    kartenschule skat JC JS JD AC KC 9C AS 7H QD 8D      -> 36 Clubs (family rule)
    kartenschule skat --explain --lang de JC JS ...       -> 36 Kreuz, then the steps
    printf 'JC JS ...\\n' | kartenschule skat --batch     -> one answer line per input line
    kartenschule skat score --game clubs --points 75 --tricks 7 JC JS ...   -> 48 (official rules, ISkO)
    kartenschule skat bid JC JS ...                       -> each game's value before the skat and safe bid
    kartenschule skat solve --game grand "JC JS" "AH 7H" "0H 8H"   -> declarer 25 / best JC JS (open cards)
    kartenschule skat analyse --seed 7 --moves 18.yes.20.pass...   -> where did I lose? (a finished table game)
    kartenschule skat chance JC JS ...                    -> each game's win chance, then the coach's advice
"""

from __future__ import annotations

import re

import click
from flask_babel import gettext

from webapp.core.explain import label, render_error, render_step, render_steps
from webapp.games.skat.look import skat_game_name
from webapp.games.skat import rules as skat
from webapp.games.skat import bids, official
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.bots import bot_move
from webapp.games.skat.club import club_move
from webapp.games.skat.analysis import analyse
from webapp.games.skat.solver import DECLARER, LEFT, RIGHT, Position, solve
from webapp.games.skat.table import Phase, TableState, deal, seat_of
from webapp.games.skat.table_codes import replay
from webapp.core.steps import Step
from webapp.core.steps import NotationError, RuleInputError
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


@group.command("chance")
@click.argument("cards", nargs=-1, required=True)
@click.option("--seat", type=click.Choice(["forehand", "middlehand", "rearhand"]), default="forehand",
              show_default=True, help="Where the hand sits (forehand leads the first trick).")
@click.option("--samples", type=click.IntRange(0, 200), default=0, show_default=True,
              help="Also solve this many sampled deals with open cards for each game (seconds each).")
@click.option("--seed", type=click.IntRange(0, 10**9), default=0, show_default=True, help="The samples' seed.")
@EXPLAIN
@LANG
def chance_command(cards: tuple[str, ...], seat: str, samples: int, seed: int, explain: bool, lang: str) -> None:
    """The table coach's chances for 10 cards before the skat (:func:`webapp.games.skat.advice.bid_advice`: the
    hand model's chance mapped to real play; the Null variants by the Null model): one line a game (``clubs 82 %``,
    ``null+ouvert+hand 3 %``), then
    ``advice: GAME, bid up to B``, the games by bid when the advice depends on it, or ``advice: pass``."""
    from webapp.games.skat.advice import bid_advice
    from webapp.games.skat.chances import game_chances
    from webapp.games.skat.official import GameType
    from webapp.games.skat.play import Seat  # imported here: the other commands do not need them
    from webapp.games.skat.table_coach import advice_steps

    with language(lang):
        try:
            hand = skat.parse_hand(cards)
        except RuleInputError as error:
            fail(render_error(error, html=False))
        where = Seat[seat.upper()]
        advice = bid_advice(hand, where is Seat.FOREHAND)
        sampled = {g.game: g for g in game_chances(hand, where, samples, seed)} if samples else {}
        lines, order = [], (*official.TRUMP_GAMES, GameType.NULL)
        for g in sorted(advice.games, key=lambda g: (order.index(g.game), g.ouvert, g.hand)):
            words = [g.game.value] + ["ouvert"] * g.ouvert + ["hand"] * g.hand
            line = f"{'+'.join(words)} {round(100 * g.chance)} %"
            if g.game in sampled and g.game is not GameType.NULL:
                found = sampled[g.game]
                line += f" (open cards: {found.wins} of {found.solved} sampled deals won)"
            lines.append(line)
        if not advice.plan:
            lines.append(gettext("advice: pass"))
        else:
            first, *then = advice.plan
            lines.append(gettext("advice: %(game)s, bid up to %(limit)s", limit=first.safe,
                                 game=skat_game_name(first.game, first.hand, first.ouvert)))
            lines += [gettext("then %(game)s, bid up to %(limit)s", game=skat_game_name(g.game, g.hand, g.ouvert),
                              limit=g.safe) for g in then]
        if explain:
            head, chances = advice_steps(advice)
            lines += render_steps(head + chances, html=False)
        click.echo("\n".join(lines))


# --- the Skat table (issue 15): auction, legal cards, trick winner, whole bot games --------------------------

@group.command("auction")
@click.option("--limits", required=True, metavar="V,M,H",
              help="The highest bid forehand, middlehand and rearhand will say or hold (0 = pass at once).")
@LANG
def auction_command(limits: str, lang: str) -> None:
    """Run an auction (ISkO 3.2): the declarer and the bid (or 'passed'), then one call a line."""
    from webapp.games.skat.auction import parse_limits, run_auction

    with language(lang):
        try:
            result = run_auction(parse_limits(limits))
        except RuleInputError as error:
            fail(render_error(error, html=False))
        head = "passed" if result.declarer is None else f"{result.declarer.name.lower()} {result.bid}"
        click.echo("\n".join([head] + [str(call) for call in result.calls]))


def _table_cards(tokens: tuple[str, ...]) -> tuple[skat.Card, ...]:
    return skat.parse_cards([t for token in tokens for t in skat.split_tokens(token)])


def legal_answer(game: str, trick_tokens: tuple[str, ...], cards: tuple[str, ...]) -> str:
    """The cards of the hand that may be played on the trick, in the order given (ISkO 2.3).

    Raises:
        RuleInputError: a bad or repeated card (also between hand and trick), a hand of more than 10 cards,
            a trick that is already full.
    """
    from webapp.games.skat.play import check_trick, legal_cards

    hand = _table_cards(cards)
    trick = check_trick(_table_cards(trick_tokens))
    if len(trick) >= 3:
        raise NotationError("skat.table.error.trick_size", "a trick has 3 cards, not 4", count=len(trick) + 1)
    if not hand or len(hand) > skat.HAND_SIZE:
        raise NotationError("skat.error.count", f"a hand has 1 to 10 cards, not {len(hand)}", count=len(hand),
                            needed=skat.HAND_SIZE)
    both = next((c for c in hand if c in trick), None)
    if both is not None:
        raise NotationError("skat.error.duplicate", f"duplicate card: {both}", token=str(both), card=both)
    return " ".join(str(c) for c in legal_cards(hand, trick, official.GameType(game)))


@group.command("legal")
@click.option("--game", type=click.Choice(GAMES), required=True, help="The declared game.")
@click.option("--trick", "trick_tokens", multiple=True, metavar="C",
              help="A card already in the trick, the led card first (repeat, or quote: --trick 'AC 7C').")
@click.argument("cards", nargs=-1, required=True)
@LANG
def legal_command(game: str, trick_tokens: tuple[str, ...], cards: tuple[str, ...], lang: str) -> None:
    """The cards of the hand that may be played (ISkO 2.3: follow suit; jacks are trump except in Null)."""
    with language(lang):
        try:
            click.echo(legal_answer(game, trick_tokens, cards))
        except RuleInputError as error:
            fail(render_error(error, html=False))


@group.command("trick")
@click.option("--game", type=click.Choice(GAMES), required=True, help="The declared game.")
@click.argument("cards", nargs=-1, required=True)
@LANG
def trick_command(game: str, cards: tuple[str, ...], lang: str) -> None:
    """The position (1-3) of the card that wins a trick of three, and its card points: '2 14'."""
    from webapp.games.skat.play import card_points, check_trick, trick_winner

    with language(lang):
        try:
            trick = check_trick(_table_cards(cards), full=True)
            click.echo(f"{trick_winner(trick, official.GameType(game)) + 1} {card_points(trick)}")
        except RuleInputError as error:
            fail(render_error(error, html=False))


#: The bot levels of ``skat play --bots``: the beginners' rules, or the club players (issue 35).
BOT_LEVELS = {"beginner": bot_move, "club": club_move}


def play_game(seed: int, game_number: int, bots: str = "beginner"
              ) -> tuple[TableState, tuple[tuple[object, tuple[Step, ...]], ...]]:
    """Play game ``game_number`` of ``seed`` with three bots of the level ``bots`` (:data:`BOT_LEVELS`): the final
    state and every ``(action, steps)``."""
    state = deal(seed, game_number)
    moves = []
    mover = BOT_LEVELS[bots]
    while state.to_act is not None:
        move = mover(state)
        moves.append((state.to_act, move))
        state = state.apply(move.action)
    return state, tuple((seat, move.steps) for seat, move in moves)


def game_lines(seed: int, game_number: int, explain: bool, bots: str = "beginner") -> list[str]:
    """One game as lines: its number, the auction (one call a line), the declarer, skat, declaration, the ten
    tricks and the score; ``explain`` adds each bot's reasons and the score's steps (indented)."""
    state, moves = play_game(seed, game_number, bots)
    line = lambda code, **params: render_step(Step(code, **params), html=False)  # noqa: E731
    lines = [line("skat.table.line.game", number=game_number, seed=seed)]
    reasons = iter(moves)

    def add_reasons() -> None:
        seat, steps = next(reasons)
        if explain:
            lines.extend(f"  {label(seat)}: {text}" for text in render_steps(steps, html=False))

    for call in state.auction.calls:
        lines.append(str(call))
        add_reasons()
    if state.phase is Phase.THROWN_IN or state.declarer is None or state.declaration is None:
        lines.append(line("skat.table.line.thrown_in"))
        return lines
    lines.append(line("skat.table.line.declarer", seat=state.declarer, bid=state.bid))
    skat = " ".join(str(c) for c in state.skat)
    if state.picked_up:
        lines.append(line("skat.table.line.picked_up", skat=skat, cards=" ".join(str(c) for c in state.discarded)))
        add_reasons()
        add_reasons()
    else:
        lines.append(line("skat.table.line.hand", skat=skat))
        add_reasons()
    declaration = state.declaration
    lines.append(line("skat.table.line.declared", name=skat_game_name(declaration.game, declaration.hand,
                                                                      declaration.ouvert)))
    add_reasons()
    for number, trick in enumerate(state.tricks, 1):
        lines.append(line("skat.table.line.trick", number=number, cards=" ".join(str(c) for _, c in trick.cards),
                          seat=trick.winner, points=trick.points))
        for _ in trick.cards:
            add_reasons()
    score = state.score
    assert score is not None
    lines.append(line("skat.table.line.result", points=Step("skat.table.line.card_points", num=score.outcome.points),
                      tricks=score.outcome.tricks, score=score.score))
    if explain:
        lines.extend(f"  {text}" for text in render_steps(score.steps, html=False))
    return lines


def play_games(seed: int, count: int, explain: bool = False, bots: str = "beginner") -> list[list[str]]:
    """Games 1..``count`` of ``seed`` as blocks of lines (see :func:`game_lines`)."""
    return [game_lines(seed, number, explain, bots) for number in range(1, count + 1)]


@group.command("play")
@click.option("--seed", type=int, required=True, help="The deal's seed: the same seed, the same games.")
@click.option("--games", "count", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="How many games (the dealer moves on each game).")
@click.option("--bots", type=click.Choice(sorted(BOT_LEVELS)), default="beginner", show_default=True,
              help="The bots' level: the beginners' rules, or club players (sampled play, about a second a card).")
@EXPLAIN
@LANG
def play_command(seed: int, count: int, bots: str, explain: bool, lang: str) -> None:
    """Whole games between three bots: a block a game with the auction, the declaration, the tricks, the score."""
    with language(lang):
        click.echo("\n\n".join("\n".join(block) for block in play_games(seed, count, explain, bots)))


LEADS = {"declarer": DECLARER, "left": LEFT, "right": RIGHT}
#: The most action codes ``analyse`` reads (as the table page: the bids, the skat, the declaration, 30 cards).
MAX_MOVES = 200


def _solver_cards(text: str | None) -> tuple[skat.Card, ...]:
    return skat.parse_cards(skat.split_tokens(text or ""))


def solve_lines(game: str, skat_text: str | None, lead: str, trick_text: str | None,
                hands: tuple[str, str, str]) -> list[str]:
    """The answer of ``skat solve``: ``["declarer 74", "best JC JS"]`` (Null: ``declarer wins`` / ``loses``).

    Raises:
        RuleInputError: a bad card, a card twice, hands that do not fit the trick, a trick of three.
    """
    position = Position(official.GameType(game), tuple(_solver_cards(h) for h in hands), _solver_cards(skat_text),
                        LEADS[lead], _solver_cards(trick_text))
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

