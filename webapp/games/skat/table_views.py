"""The Skat table (``/skat/table``): the child (player 0) plays whole games against two bots.

The whole game lives in the URL, ``/skat/table?seed=7&game=1&bots=club&sig=...&a=18.yes.20.pass``: the deal number
(``seed``), the game number (the dealer rotates from game to game), the bots' level (``club``: :mod:`.club`, or
``beginner``: :mod:`.bots`; an address without it is the beginners') and every move so far as action codes
(:mod:`webapp.games.skat.table_codes`) joined by ``.``, the child's and the bots'. Each request replays them; the
replay stops at the first bad code (the valid moves before it stay). A link cannot make a bot play otherwise: the
moves of an address this server wrote carry its signature (``sig``, :func:`signature`), and without it each bot's
move is checked against its level's (a club player's sampled card only against the answer the pool kept).
A club player's sampled card and the coach's card chances are computed off the request thread
(:mod:`.analysis_pool`): meanwhile the page says "thinking" and asks again.

One click: ``do=<code>`` (the child's move: a bid, ``yes``, ``pass``, ``skat``, ``hand``, ``put:0S,KS``, a
declaration, a card), ``toggle=<card>`` (pick a card to put away), ``choose=<declaration>`` (see a declaration
checked before confirming it), ``set_open=1|0`` (open cards), ``set_coach=1|0``. After the child's move the bots
move until it is the child's turn again. htmx swaps the board in place (``page_or_fragment``); without JavaScript
a click answers 303 to the game's canonical URL. Bad input answers 400 (bad text) or 409 (a move the rules forbid
now, a card that may not be played: the engine's reason is shown) with the valid game kept.

The table's score sheet (finished games of this deal number) is kept in the signed session cookie.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from webapp.core import security
from webapp.core.numbers import ascii_int
from webapp.core.steps import NotationError, RuleInputError, RuleViolation, Step, status_of
from webapp.core.web import ProblemTracker, error_page, is_htmx, page_or_fragment, played
from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis_pool import Status
from webapp.games.skat.auction import Bid, Hold, Pass, next_bid
from webapp.games.skat.bids import VALID_BIDS
from webapp.games.skat.bots import BotMove, bot_move
from webapp.games.skat.chances import CardChances
from webapp.games.skat.club import club_move, samples_now
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.official import Declaration, GameType
from webapp.games.skat.play import Seat, legal_cards, play_reason
from webapp.games.skat.rules import Card, parse_card
from webapp.games.skat.table import (
    Declare, Discard, Phase, PickUp, Play, PlayHand, ScoreSheet, TableAction, TableState, Trick, deal,
    declaration_check, seat_of,
)
from webapp.games.skat.table_cheer import cheer_steps
from webapp.games.skat.table_coach import (bid_steps, card_steps, declare_steps, put_away_steps, skat_steps,
                                            would_have_steps)
from webapp.games.skat.table_text_views import declaration_name, sort_hand, trick_reason, what_went_wrong
from webapp.games.skat.table_work_views import (MAX_GAME, current_pool, is_signed, owner, peek, sheet_rows,
                                               signature)
from webapp.games.skat.table_codes import action_code, parse_action

bp = Blueprint("skat_table", __name__)

#: The child is player 0; the bots are players 1 (on the child's left, plays next) and 2.
CHILD = 0
BOT_NAMES = ("Lea", "Max")
SEP = "."
#: The most moves a game can have: each of the 63 valid bids answered once, the passes that end the bidding,
#: the skat, the discard, the declaration and 30 cards.
MAX_CODES = 2 * len(VALID_BIDS) + 3 + 3 + 30
#: The longest action code (``grand+ouvert+schwarz`` is 20 characters); the ``a`` text is bounded by both.
MAX_CODE_CHARS = 20
MAX_SEED_DIGITS = 9
#: The ids of the page's parts that a click scrolls to (htmx's ``show:``; without JavaScript the #anchor): the stage
#: (the table, the news and the child's hand) and the news (the child's seat follows it).
STAGE, NEWS = "table-stage", "table-news"
#: The phases whose stage is sized to the screen (the hand at its bottom); declaring and the score flow freely.
FIT_PHASES = (Phase.AUCTION, Phase.SKAT, Phase.DISCARD, Phase.PLAY)
#: The bots' levels (``bots=``): the club players (:mod:`.club`, sampling) and the beginners (:mod:`.bots`).
CLUB, BEGINNER = "club", "beginner"
LEVELS = (CLUB, BEGINNER)
#: A new table's level; an address without ``bots`` is the beginners' (the table's addresses before there were levels).
NEW_LEVEL, OLD_LEVEL = CLUB, BEGINNER
#: Milliseconds between two looks while a bot or the coach is thinking (htmx; without JavaScript the page
#: refreshes itself every second).
POLL_MS = 400


@dataclass(frozen=True)
class Move:
    """One move of the game as the page shows it.

    Attributes:
        seat: who moved; player: 0 (the child), 1 or 2.
        action: the :data:`TableAction`; steps: a bot's reason (empty for the child, and for a bot's move replayed
            from a signed address: see :meth:`TableGame.reason`).
        trick: the :class:`Trick` this move finished, else None.
        before: the state the move was made in; at: how many moves came before it.
    """

    seat: Seat
    player: int
    action: TableAction
    steps: tuple[Step, ...]
    trick: Trick | None = None
    before: TableState | None = None
    at: int = 0

    @property
    def kind(self) -> str:
        """What kind of move, for the template: bid, yes, pass, skat, hand, put, declare or play."""
        return {Bid: "bid", Hold: "yes", Pass: "pass", PickUp: "skat", PlayHand: "hand", Discard: "put",
                Declare: "declare", Play: "play"}[type(self.action)]


@dataclass(kw_only=True)
class TableGame(ProblemTracker):
    """A game replayed from the URL, with the page's switches and the first problem found.

    Attributes:
        seed, number: the deal number and the game number; state: the :class:`TableState` reached.
        moves: every move applied, in order; codes: their action codes.
        open_cards: show the bots' hands; coach: show the coach; level: the bots' level (:data:`LEVELS`).
        pick: the cards picked to put away (discard phase); choice: the declaration being checked.
        refused: the card the child tapped that may not be played.
        trusted: the moves came with this server's signature (:func:`signature`) or from this server's database:
            the bots' moves in them are not computed again. thinking: THINKING or BUSY while a bot's sampled move is
            being computed, else None. link: the page's address with changes (:meth:`url`); None: the table's. coach_link: the coach's
            address (:meth:`coach_url`); None: the table's.
    """

    seed: int
    number: int
    state: TableState
    moves: list[Move] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    open_cards: bool = False
    coach: bool = True
    pick: list[Card] = field(default_factory=list)
    choice: Declare | None = None
    refused: Card | None = None
    level: str = OLD_LEVEL
    trusted: bool = False
    thinking: Status | None = None
    link: Callable[..., str] | None = field(default=None, repr=False)
    coach_link: Callable[[], str] | None = field(default=None, repr=False)

    def url(self, _anchor: str | None = None, **changes: object) -> str:
        """The address of this game's page with ``changes`` to its query (:meth:`args`), at ``_anchor``."""
        if self.link is not None:
            return self.link(_anchor=_anchor, **changes)
        return url_for("skat_table.table", **self.args(**changes), _anchor=_anchor)

    def coach_url(self) -> str:
        """The address htmx asks for the coach's part while it is thinking (:func:`coach_part`); the table's coach
        address with this game's query unless ``coach_link`` gives another (the classroom's)."""
        if self.coach_link is not None:
            return self.coach_link()
        return url_for("skat_table.coach", **self.args())

    @property
    def child_seat(self) -> Seat:
        """The child's seat in this game (forehand in game 1, then it rotates)."""
        return seat_of(CHILD, self.number)

    def player_at(self, seat: Seat) -> int:
        """The player (0-2) sitting at ``seat`` in this game."""
        return next(p for p in range(3) if seat_of(p, self.number) == seat)

    def apply(self, code: str, by_child: bool, move: BotMove | None = None) -> bool:
        """Apply one action code: the child's when ``by_child``; else a bot's, which is ``move`` (its reason kept),
        or taken on trust from a signed address, or checked against the bot's level (:meth:`bot_choice`).

        Returns False, with the problem remembered, when the code is bad, not the mover's, or forbidden now.
        """
        try:
            action = parse_action(code)
        except NotationError as error:
            self.fail(error, 400)
            return False
        seat = self.state.to_act
        if seat is None:
            self.fail(RuleViolation("skat.table.page.game_over", "the game is over", token=code), 409)
            return False
        steps: tuple[Step, ...] = ()
        if seat != self.child_seat:
            if by_child:
                self.fail(RuleViolation("skat.table.page.not_your_turn", "a bot is to move"), 409)
                return False
            if move is None and not self.trusted:
                move = self.bot_choice(self.state)
                if move is None or move.action != action:
                    self.fail(RuleViolation("skat.table.page.not_bot_move", "not the bot's move", token=code,
                                            name=BOT_NAMES[self.player_at(seat) - 1]), 409)
                    return False
            steps = move.steps if move is not None else ()
        try:
            state = self.state.apply(action)
        except RuleInputError as error:
            self.fail(error, status_of(error))
            if isinstance(action, Play) and seat == self.child_seat:
                self.refused = action.card
            return False
        trick = state.tricks[-1] if len(state.tricks) > len(self.state.tricks) else None
        self.moves.append(Move(seat, self.player_at(seat), action, steps, trick, self.state, len(self.codes)))
        self.codes.append(action_code(action))
        self.state = state
        return True

    def key(self, codes: list[str] | None = None) -> analysis_pool.Key:
        """The pool's key of this game after ``codes`` (default: every move so far)."""
        return self.seed, self.number, tuple(self.codes if codes is None else codes)

    def bot_choice(self, state: TableState, codes: list[str] | None = None) -> BotMove | None:
        """The move of the bot to act in ``state`` (reached by ``codes``, default :attr:`codes`) at this game's level:
        computed when it is cheap, else (a club player's sampled card) the pool's kept answer; None when that is not
        known."""
        if self.level == BEGINNER:
            return bot_move(state)
        if not samples_now(state):
            return club_move(state)
        answer = peek(self.key(codes))
        return answer.result if answer is not None and isinstance(answer.result, BotMove) else None

    def run_bots(self) -> None:
        """Let the bots move until it is the child's turn or the game is over. A club player's sampled card is
        computed off the request thread (:mod:`.analysis_pool`): while it is not there, :attr:`thinking` says so
        and the bots stop (the page asks again)."""
        while self.state.to_act is not None and self.state.to_act != self.child_seat:
            move = self._next_bot_move()
            if move is None:
                return
            self.apply(action_code(move.action), by_child=False, move=move)

    def _next_bot_move(self) -> BotMove | None:
        if self.level == BEGINNER or not samples_now(self.state):
            return self.bot_choice(self.state)
        pool = current_pool()
        if pool is None:  # no pool (an app without the analysis blueprint): computed here
            return club_move(self.state)
        answer = pool.ask(self.key(), CHILD, owner())
        if answer.status is Status.READY and isinstance(answer.result, BotMove):
            return answer.result
        if answer.status is Status.FAILED or answer.status is Status.READY:
            return bot_move(self.state)  # the job failed: the beginner's rule keeps the game going
        self.thinking = answer.status
        return None

    def reason(self, move: Move) -> tuple[Step, ...]:
        """A bot's reason for ``move``: kept from when it was made, else found again at this game's level (the
        pool's kept answer for a sampled card); empty when the level's move there is another (the level changed)."""
        if move.steps or move.player == CHILD or move.before is None:
            return move.steps
        chosen = self.bot_choice(move.before, self.codes[:move.at])
        return chosen.steps if chosen is not None and chosen.action == move.action else ()

    def args(self, **changes: object) -> dict[str, object]:
        """The URL's query of this game (the switches, the moves with their :func:`signature`), with ``changes``;
        ``bots`` only when the level is not :data:`OLD_LEVEL` (old addresses stay as they were)."""
        args: dict[str, object] = {"seed": self.seed, "game": self.number}
        if self.level != OLD_LEVEL:
            args["bots"] = self.level
        if self.codes:
            args["a"] = SEP.join(self.codes)
        if self.open_cards:
            args["open"] = 1
        if not self.coach:
            args["coach"] = 0
        if self.pick and self.state.phase is Phase.DISCARD:
            args["pick"] = ",".join(map(str, self.pick))
        if self.choice is not None and self.state.phase is Phase.DECLARE:
            args["choose"] = action_code(self.choice)
        args.update(changes)
        moves = args.pop("a", None)
        args.pop("sig", None)
        head = {k: args.pop(k) for k in ("seed", "game", "bots") if k in args}
        if moves:  # the signature just before the moves (the moves stay near the end, easy to read)
            head |= {"sig": signature(self.seed, self.number, str(moves)), "a": moves}
        return {k: v for k, v in (head | args).items() if v is not None}


def _number(name: str, default: int, low: int, high: int, digits: int) -> tuple[int, Step | None]:
    text = request.args.get(name)
    if text is None:
        return default, None
    number = ascii_int(text, digits, signed=False)
    if number is None or not low <= number <= high:
        return default, Step(f"skat.table.page.bad_{name}", value=text[:20], most=high)
    return number, None


def read_game() -> TableGame:
    """The game of the request's URL: ``seed``, ``game``, the moves ``a`` (replayed up to the first bad one),
    ``open``, ``coach``, ``pick`` and ``choose``; the first problem is remembered (400 or 409). Nothing is
    replayed when a number, the click ``do`` or the length of ``a`` is bad (400): only the deal is shown."""
    seed, seed_problem = _number("seed", 1, 0, 10 ** MAX_SEED_DIGITS - 1, MAX_SEED_DIGITS)
    number, number_problem = _number("game", 1, 1, MAX_GAME, 2)
    text = request.args.get("a", "")
    problems = [p for p in (seed_problem, number_problem) if p is not None]
    return replay(seed, number, text, request.args, level_of(request.args.get("bots")),
                  trusted=bool(text) and is_signed(seed, number, text, request.args.get("sig", "")[:64]),
                  problems=problems)


def replay(seed: int, number: int, text: str, params: Mapping[str, str], level: str, *, trusted: bool,
           problems: list[Step] | None = None) -> TableGame:
    """Game ``number`` of deal ``seed`` after the moves ``text`` (action codes joined by ``.``, replayed up to the
    first bad one) at the bots' ``level``, with the page's switches in ``params`` (``open``, ``coach``, ``pick``,
    ``choose``; a click ``do`` is only checked, :func:`advance` makes it). ``trusted``: the moves are this server's
    own (a signed address, the classroom's stored game): the bots' moves are not checked again. ``problems``
    (400) are remembered first. Used by the table page and the classroom's Skat round
    (:mod:`webapp.classroom.skat_views`)."""
    game = TableGame(seed=seed, number=number, state=deal(seed, number), open_cards=params.get("open") == "1",
                     coach=params.get("coach") != "0", level=level, trusted=trusted)
    for problem in problems or ():
        game.fail(problem, 400)
    _check_click(game, params.get("do"))
    codes = [c for c in text[:MAX_CODES * (MAX_CODE_CHARS + 1)].split(SEP) if c] if game.problem is None else []
    if len(codes) > MAX_CODES or len(text) > MAX_CODES * (MAX_CODE_CHARS + 1):
        game.fail(Step("skat.table.page.too_many", most=MAX_CODES), 400)
        codes = []  # no game has that many moves: nothing is replayed
    for code in codes:
        if not game.apply(code[:MAX_CODE_CHARS + 1], by_child=game.state.to_act == game.child_seat):
            break
    _read_pick(game, params)
    _read_choice(game, params.get("choose"))
    return game


def level_of(text: str | None) -> str:
    """The bots' level named by ``bots=`` (:data:`LEVELS`); none or an unknown word: :data:`OLD_LEVEL`."""
    return text if text in LEVELS else OLD_LEVEL


def _check_click(game: TableGame, code: str | None) -> None:
    """Refuse (400) a ``do=`` that names no move before the game is replayed: a bad click costs no replay."""
    if code and game.problem is None:
        try:
            parse_action(code[:MAX_CODE_CHARS + 1])
        except NotationError as error:
            game.fail(error, 400)


def _read_pick(game: TableGame, params: Mapping[str, str]) -> None:
    hand = game.state.hands[game.child_seat.value]
    if game.state.phase is not Phase.DISCARD or game.state.to_act != game.child_seat:
        return
    for token in params.get("pick", "").split(",")[:2]:
        if not token:
            continue
        try:
            card = parse_card(token[:4])
        except RuleInputError as error:
            game.fail(error, 400)
            return
        if card in hand and card not in game.pick:
            game.pick.append(card)


def _read_choice(game: TableGame, text: str | None) -> None:
    if not text or game.state.phase is not Phase.DECLARE or game.state.to_act != game.child_seat:
        return
    try:
        action = parse_action(text[:MAX_CODE_CHARS + 1])
    except NotationError as error:
        game.fail(error, 400)
        return
    if not isinstance(action, Declare):
        game.fail(NotationError("skat.table.error.action_code", "no declaration", token=text[:MAX_CODE_CHARS]), 400)
        return
    try:
        game.state.apply(action)  # only to learn whether the rules allow it (the state is not kept)
    except RuleInputError as error:
        game.fail(error, status_of(error))
        return
    game.choice = action


def advance(game: TableGame, params: Mapping[str, str]) -> bool:
    """Apply the click in ``params`` (:func:`_click`), then let the bots move up to the child's turn; True when
    something changed (a new state to show). Nothing is done when ``game`` already has a problem; a refused click
    leaves its problem on ``game`` (the valid game kept)."""
    if game.problem is not None:
        return False
    clicked = _click(game, params)
    if game.problem is None:
        before = len(game.codes)
        game.run_bots()
        clicked = clicked or len(game.codes) > before
    return clicked


def _click(game: TableGame, args: Mapping[str, str]) -> bool:
    """Apply the click in the query ``args``; True when there was one (a new state to show)."""
    clicked = False
    for name, attr in (("set_open", "open_cards"), ("set_coach", "coach")):
        if args.get(name) in ("0", "1"):
            setattr(game, attr, args[name] == "1")
            clicked = True
    if args.get("set_bots") in LEVELS:  # the moves so far stay; the bots play on at the new level
        game.level = args["set_bots"]
        clicked = True
    toggle = args.get("toggle")
    if toggle:
        clicked = True
        if game.state.phase is not Phase.DISCARD or game.state.to_act != game.child_seat:
            game.fail(RuleViolation("skat.table.error.phase", "no discard now", phase=game.state.phase.value), 409)
            return True
        try:
            card = parse_card(toggle[:4])
        except RuleInputError as error:
            game.fail(error, 400)
            return True
        if card in game.pick:
            game.pick.remove(card)
        elif card in game.state.hands[game.child_seat.value]:
            game.pick = (game.pick + [card])[-2:]
        else:
            game.fail(RuleViolation("skat.table.error.discard_card", "not in hand", card=card), 409)
    code = args.get("do")
    if code:
        clicked = True
        game.run_bots()
        if game.problem is None and game.apply(code[:MAX_CODE_CHARS + 1], by_child=True):
            game.pick, game.choice = [], None
            game.run_bots()
    return clicked


@bp.get("/skat/table")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def table():
    """The Skat table: see the module's docstring. Without ``seed``: a new deal number (303)."""
    if "seed" not in request.args:
        seed = random.SystemRandom().randrange(1, 100_000)
        level = request.args.get("bots") if request.args.get("bots") in LEVELS else NEW_LEVEL
        return redirect(url_for("skat_table.table", seed=seed, game=1, bots=level, _anchor=STAGE), code=303)
    game = read_game()
    clicked = advance(game, request.args)
    url = game.url()
    if clicked and not is_htmx() and game.problem is None:
        return redirect(url, code=303)
    _warm_analysis(game)
    response = page_or_fragment("skat/table.html", "skat/_table.html", game.status, replace_url=url,
                                **context(game))
    if is_htmx():
        response.headers["HX-Reswap"] = f"outerHTML show:#{focus_of(game.state)}:top"
    return response


@bp.get("/skat/table/coach")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def coach():
    """The coach's part of the table page alone (``skat/_table_coach.html``), for htmx to ask again while the coach
    is thinking: the table's query, replayed as the page does (a signed address costs no bot's move); bad input
    answers 4xx like the page. Nothing is moved: without a coach to show, an empty coach section. Not asked by htmx
    (a link, a bookmark): 303 to the table page at its coach."""
    game = read_game()
    if game.problem is not None:
        return error_page(game.problem, game.status)
    if not is_htmx():
        return redirect(url_for("skat_table.table", **game.args(), _anchor="table-coach"), code=303)
    return coach_part(game)


def coach_part(game: TableGame) -> str:
    """The coach's part alone (``skat/_table_coach.html``) for ``game`` as replayed: what the table's and the
    classroom's coach addresses answer while the coach is thinking (an empty section when the coach is off)."""
    coach = _coach(game, next((m for m in reversed(game.moves) if m.player == CHILD), None)) if game.coach else {}
    return render_template("skat/_table_coach.html", g=game, coach=coach, poll_ms=POLL_MS, url=game.url)


def focus_of(state: TableState) -> str:
    """The id of the part of the page to show after a click: the stage (the table and the hand, sized to the
    screen), or, while the child chooses the game (its buttons, the check and the hand are taller), what happened
    (one line: the cards put away) with the child's seat under it."""
    return NEWS if state.phase is Phase.DECLARE else STAGE


def _warm_analysis(game: TableGame) -> None:
    """While the cards are played, start the analysis workers (``SKAT_ANALYSIS_WARM``), so that "where did I
    lose?" after the last trick does not wait for them to start."""
    pool = current_app.extensions.get(analysis_pool.EXTENSION)
    if pool is not None and current_app.config.get("SKAT_ANALYSIS_WARM") and game.state.phase is Phase.PLAY:
        pool.warm()


def context(game: TableGame, sheet: bool = True) -> dict[str, object]:
    """The template context of ``skat/_table.html`` for ``game``; its links are :meth:`TableGame.url`. ``sheet``:
    keep the table's score sheet in the session cookie (the classroom keeps its games in the database instead)."""
    state, child = game.state, game.child_seat
    hand = state.hands[child.value]
    trick_cards = [c for _, c in state.trick]
    mine = state.to_act == child
    playable = set(legal_cards(hand, trick_cards, state.game)) if state.phase is Phase.PLAY and mine else set()
    refusals = {c: play_reason(hand, trick_cards, state.game, c) for c in hand
                if state.phase is Phase.PLAY and mine and c not in playable}
    last_child = max((i for i, m in enumerate(game.moves) if m.player == CHILD), default=-1)
    news = [replace(m, steps=game.reason(m)) for m in (game.moves[last_child:] if last_child >= 0 else game.moves)]
    coach = _coach(game, game.moves[last_child] if last_child >= 0 else None) if game.coach else {}
    check = None
    if game.choice is not None:
        cards = state.hands[child.value]
        check = declaration_check(cards, state.discarded if state.picked_up else None,
                                  Declaration(game.choice.game, not state.picked_up, game.choice.ouvert,
                                              game.choice.announced), state.bid)
    declares = state.legal_actions() if state.phase is Phase.DECLARE and mine else ()
    names = ("you",) + BOT_NAMES
    rows = sheet_rows(game.seed, game.state) if sheet else []
    sheet = [(n, p, GameType(code) if code else None, bid, score) for n, p, code, bid, score in rows]
    totals = [sum(r[4] for r in rows if r[1] == p) for p in range(3)]
    return dict(
        g=game, state=state, phase=state.phase.value, child=child, hand=sort_hand(hand, state.game),
        mine=mine, playable=playable, refusals=refusals, news=news, coach=coach, thinking=game.thinking,
        poll_ms=POLL_MS, levels=LEVELS,
        check=check, declares=declares, games=list(GameType), names=names,
        seats={p: seat_of(p, game.number) for p in range(3)}, sort_hand=sort_hand,
        bubbles=_bubbles(game), next_bid=next_bid(state.bid) if state.phase is Phase.AUCTION else None,
        trick_reason=lambda t: trick_reason(t, state.game, child, names[game.player_at(t.winner)]),
        wrong=what_went_wrong(state), declaration_name=declaration_name,
        declare_name=lambda d: declaration_name(d, hand_game=not state.picked_up), sheet=sheet, totals=totals,
        url=game.url, problem=game.problem, refused=game.refused, code=action_code,
        step_thrown_in=Step("skat.table.line.thrown_in"),
        same_deal=game.url(a=None, pick=None, choose=None, _anchor=STAGE),
        next_game=url_for("skat_table.table", seed=game.seed, game=min(game.number + 1, MAX_GAME),
                          bots=None if game.level == OLD_LEVEL else game.level, _anchor=STAGE, **({"open": 1} if game.open_cards else {}),
                          **({"coach": 0} if not game.coach else {})),
        fit=state.phase in FIT_PHASES, anchor=lambda name: url_for("skat_table.table", _anchor=name),
        cheer=_cheer(game, names),
        cheer_won=state.score is not None and state.score.won == (state.declarer == child),
        lesson_done="skat.table" if state.phase is Phase.DONE and played("skat.table") else None,
    )


def _coach(game: TableGame, last: Move | None) -> dict[str, object]:
    """The coach's part of the page (:mod:`.table_coach`): ``steps`` (the advice now), ``worth`` (how the hand is
    counted, in the bidding), ``puts`` (ways to put away, with the link that picks them), ``after`` (the coach's
    better card after the child's last card, when it matters) and ``thinking`` (the sampled card advice is being
    computed: THINKING or BUSY). The sampled advice is asked of the pool (never computed here)."""
    state, child = game.state, game.child_seat
    out: dict[str, object] = {"steps": (), "worth": (), "puts": (), "after": (), "thinking": None}
    if last is not None and isinstance(last.action, Play) and last.before is not None and samples_now(last.before):
        known = peek(game.key(game.codes[:last.at]))
        if known is not None and isinstance(known.result, CardChances):
            out["after"] = would_have_steps(known.result, last.action.card)
    if state.to_act != child:
        return out
    if state.phase is Phase.AUCTION:
        out["steps"] = bid_steps(state, child)
        advice = bidding_coach(state.hands[child.value])
        out["worth"] = (advice.best.steps if advice.best is not None else ()) + advice.steps
    elif state.phase is Phase.SKAT:
        out["steps"] = skat_steps(state, child) or bot_move(state).steps
    elif state.phase is Phase.DISCARD:
        out["puts"] = tuple((step, game.url(pick=",".join(map(str, cards)), _anchor=STAGE))
                            for step, cards in put_away_steps(state, child))
        out["steps"] = () if out["puts"] else bot_move(state).steps
    elif state.phase is Phase.DECLARE:
        out["steps"] = declare_steps(state, child) or bot_move(state).steps
    elif state.phase is Phase.PLAY and samples_now(state) and current_pool() is not None:
        answer = current_pool().ask(game.key(), CHILD, owner())
        if answer.status is Status.READY and isinstance(answer.result, CardChances):
            out["steps"] = card_steps(answer.result)
        elif answer.status in (Status.THINKING, Status.BUSY):
            out["thinking"] = answer.status
        else:
            out["steps"] = bot_move(state).steps
    else:
        out["steps"] = bot_move(state).steps
    return out


def _cheer(game: TableGame, names: tuple[str, ...]) -> tuple[Step, ...]:
    """The end of the game's encouragement (:func:`cheer_steps`) with the bots' names: the declarer, the partner."""
    declarer = game.state.declarer
    if declarer is None or declarer == game.child_seat:
        return cheer_steps(game.state, game.child_seat)
    bot = game.player_at(declarer)
    return cheer_steps(game.state, game.child_seat, declarer_name=names[bot], partner_name=names[3 - bot])


def _bubbles(game: TableGame) -> dict[int, str]:
    """The last word each player said in the bidding (shown until the cards are played)."""
    out: dict[int, str] = {}
    if game.state.phase not in (Phase.AUCTION, Phase.SKAT, Phase.DISCARD, Phase.DECLARE, Phase.THROWN_IN):
        return out
    for call in game.state.auction.calls:
        out[game.player_at(call.seat)] = str(call.word)
    return out
