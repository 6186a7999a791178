"""The page ``/tichu/round``: a whole Tichu round, the child (player 1, seat 0) with a bot partner against two bots.

The whole round lives in the address, so a reload or a restart of the server loses nothing and a seed always
deals the same cards: ``/tichu/round?seed=7&round=1&a=0&b=0&m=1.no&m=1.swap:2g,Ab,3r&m=1.play:1:w8``.

* ``seed`` (0 to 999,999,999), ``round`` (1 to 999) and ``a``/``b`` (the teams' totals before the round, as
  :func:`webapp.games.tichu.round.deal` takes them) choose the deal.
* ``m`` (repeated) holds only the child's moves as action codes (:mod:`webapp.games.tichu.round_codes`); the
  bots' moves are made again by :mod:`webapp.games.tichu.round_bots` (deterministic) between them. The child
  decides on Grand Tichu and picks the exchange first, the bots after (they cannot peek). While a bot is in
  turn on an opponent's play and the child holds a bomb that beats it, the page stops (:attr:`RoundPage.bomb_chance`):
  the child throws the bomb in out of turn, or lets the others play on, written ``1.wait`` (:data:`WAIT`, the
  page's own code, not a round move).
* ``pick``: the cards tapped so far (the exchange: in the order next player, partner, player before);
  one click: ``toggle=CARD``, ``choose=CARDS`` (the coach's suggestion), ``action=`` one of :data:`ACTIONS`,
  with ``wish`` (the Mah Jong's wish) and ``reading`` (the rank the Phoenix stands for).
* ``coach=0`` hides the coach (its list of allowed plays and its call advice, :mod:`.call_coach_views`: computed
  off the request thread, asked again by htmx at ``/tichu/round/coach`` with the page's query); ``open=1`` shows
  every hand open.

A move that cannot be read answers 400, a move the rules refuse 422 (with the engine's reason); the moves before
it stay, the rest of the address is dropped (more moves than a round can have, :data:`MAX_MOVES`, are refused
before any replay). Without JavaScript every button submits the page's form (a GET) and the answer redirects to
the clean address; with htmx the board is swapped in place (:func:`page_or_fragment`). The page has a per-address
rate limit (``GAME_LIMIT``), as the other pages that replay a game.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from webapp.core import security
from webapp.core.numbers import ascii_int
from webapp.core.steps import NotationError, RuleInputError, RuleViolation, Step
from webapp.core.web import ProblemTracker, error_page, is_htmx, page_or_fragment, played
from webapp.games.tichu import call_coach_views
from webapp.games.tichu import rules as tichu
from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Phase, Play, RoundAction, RoundState,
    TrickRecord, deal,
)
from webapp.games.tichu.round_bots import MAX_ACTIONS, bot_move, next_bot_move
from webapp.games.tichu.round_codes import MAX_CODES, action_code, parse_action
from webapp.games.tichu.round_coach import ORDINARY, PASS, cheapest_first, from_side, play_cost, round_ending
from webapp.games.tichu.round_plays import hand_bombs
from webapp.games.tichu.trick import IllegalMove, opponents
from webapp.games.tichu.views import read_cards

bp = Blueprint("tichu_round", __name__)
bp.record_once(lambda setup: call_coach_views.init_app(setup.app))

#: The child's seat and the bots' seats (partners 0+2 against 1+3).
CHILD = 0
BOTS = (1, 2, 3)
#: The most moves of the child the address may hold; a longer list is refused before any replay. A round takes
#: at most 117: the Grand Tichu decision, a Tichu call, the exchange, the Dragon's gift (1 each), 14 plays (each
#: takes a card), 43 passes (between two of the child's passes another player plays: at most the others' 42
#: cards, + 1) and 56 "play on" (at most 2 on each of the opponents' 28 plays: before the partner's and the other
#: opponent's turn); the rest is a margin.
MAX_MOVES = 150
#: Bounds of the numbers in the address: the seed's digits, the highest round, the digits of a team's total.
SEED_DIGITS = 9
MAX_ROUND = 999
TOTAL_DIGITS = 5
#: The clicks the page knows.
ACTIONS = frozenset({"grand", "no", "tichu", "swap", "play", "pass", "wait", "give2", "give4", "clear"})
#: The clicks that make a move (the answer then scrolls to what happened).
MOVES = frozenset(ACTIONS - {"clear"})
#: The page's own code (no round move): the child lets the others play on instead of throwing a bomb now.
WAIT = f"{CHILD + 1}.wait"


class PageStep:
    """Step codes of this page (sentences in :mod:`webapp.games.tichu.messages_round_page`)."""

    GRAND = "tichu.round.page.grand"
    NO_GRAND = "tichu.round.page.no_grand"
    TICHU = "tichu.round.page.tichu"
    SWAP = "tichu.round.page.swap"
    SWAP_YOU = "tichu.round.page.swap_you"
    RECEIVED = "tichu.round.page.received"
    PLAY = "tichu.round.page.play"
    PLAY_WISH = "tichu.round.page.play_wish"
    BOMB = "tichu.round.page.bomb"
    PASS = "tichu.round.page.pass"
    DRAGON = "tichu.round.page.dragon"
    OUT = "tichu.round.page.out"
    UNPLAYABLE = "tichu.round.page.unplayable"
    NOT_YOURS = "tichu.round.page.not_yours"
    TOO_MANY = "tichu.round.page.too_many"
    PICK_THREE = "tichu.round.page.pick_three"
    NO_WAIT = "tichu.round.page.no_wait"


@dataclass(frozen=True)
class Event:
    """One move at the table: who made it (``seat`` 0-3), the sentence that says what happened (``said``), the
    bot's reason (``why``, empty for the child), and ``tricks``: how many tricks were finished before it."""

    seat: int
    said: Step
    why: tuple[Step, ...]
    tricks: int


def describe(state: RoundState, action: RoundAction) -> Step:
    """The sentence for ``action`` made in ``state`` (before it is applied): "Player 2 plays ...".

    The exchange of a bot is told without its cards (they are passed face down); the child's with them.
    """
    player = action.seat + 1
    if isinstance(action, CallGrandTichu):
        return Step(PageStep.GRAND, seat=player)
    if isinstance(action, Decline):
        return Step(PageStep.NO_GRAND, seat=player)
    if isinstance(action, CallTichu):
        return Step(PageStep.TICHU, seat=player)
    if isinstance(action, Exchange):
        if action.seat == CHILD:
            to_next, to_partner, to_previous = action.cards
            return Step(PageStep.SWAP_YOU, next=to_next, partner=to_partner, previous=to_previous)
        return Step(PageStep.SWAP, seat=player)
    if isinstance(action, PassTurn):
        return Step(PageStep.PASS, seat=player)
    if isinstance(action, GiveDragon):
        return Step(PageStep.DRAGON, seat=player, to=action.to + 1)
    assert isinstance(action, Play)
    if state.to_act != action.seat:
        return Step(PageStep.BOMB, seat=player, cards=action.cards)
    if action.wish is not None:
        return Step(PageStep.PLAY_WISH, seat=player, cards=action.cards, rank=tichu.TichuCard(action.wish))
    return Step(PageStep.PLAY, seat=player, cards=action.cards)


@dataclass(kw_only=True)
class RoundPage(ProblemTracker):
    """The round replayed from the address: the state, the child's moves as written, every move made (bots'
    with their reasons), the tapped cards, and the verdict of a refused play."""

    state: RoundState
    codes: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    pick: list[tichu.TichuCard] = field(default_factory=list)
    verdict: tichu.Verdict | None = None
    note: Step | None = None
    #: Where the child last said "play on" (tricks finished, moves in the trick): no stop there again.
    waived: tuple[int, int] | None = None

    def _spot(self) -> tuple[int, int]:
        trick = self.state.trick
        return len(self.state.tricks), len(trick.moves) if trick is not None else 0

    @property
    def bomb_chance(self) -> bool:
        """True when a bot is in turn, an opponent's play is on top, the child holds a bomb that may beat it out
        of turn (Tichu rulebook, "Bombs": at any time), and the child has not said "play on" at this point."""
        state = self.state
        if state.phase is not Phase.PLAY or state.to_act in (CHILD, None) or self.waived == self._spot():
            return False
        top = state.trick.top if state.trick is not None else None
        if top is None or top.seat not in opponents(CHILD) or not hand_bombs(state.hand(CHILD)):
            return False
        return any(isinstance(a, Play) for a in state.legal_actions(CHILD))

    def _record(self, action: RoundAction, why: tuple[Step, ...] = ()) -> None:
        said = describe(self.state, action)
        tricks = len(self.state.tricks)
        self.state = self.state.apply(action)
        self.events.append(Event(action.seat, said, why, tricks))

    def run_bots(self) -> None:
        """Let the bots move until the child must act or the round is over. The child decides first on Grand
        Tichu and on the exchange; the bots follow."""
        for _ in range(MAX_ACTIONS):
            phase = self.state.phase
            if phase is Phase.GRAND and self.state.grand[CHILD] is None:
                return
            if phase is Phase.EXCHANGE and self.state.exchanges[CHILD] is None:
                return
            if self.bomb_chance:
                return
            found = next_bot_move(self.state, BOTS)
            if found is None:
                return
            self._record(found[1].action, found[1].steps)

    def apply_code(self, code: str) -> bool:
        """Apply one move of the child, then the bots' moves; on a bad or refused move remember the problem
        (400 for text that is no move of the child, 422 for a move the rules forbid now) and return False."""
        if code == WAIT:
            if not self.bomb_chance:
                self.fail(Step(PageStep.NO_WAIT), 422)
                return False
            self.waived = self._spot()
            self.codes.append(code)
            self.run_bots()
            return True
        try:
            action = parse_action(code)
        except NotationError as error:
            self.fail(error, 400)
            return False
        if action.seat != CHILD:
            self.fail(Step(PageStep.NOT_YOURS, token=code, seat=action.seat + 1), 400)
            return False
        try:
            self._record(action)
        except IllegalMove as error:
            self.verdict = error.verdict
            self.fail(error, 422)
            return False
        except RuleViolation as error:
            self.fail(error, 422)
            return False
        except RuleInputError as error:  # a seat or wish the engine cannot read
            self.fail(error, 400)
            return False
        self.codes.append(action_code(action))
        self.run_bots()
        return True


def _number(page_args: dict, tracker: ProblemTracker, name: str, label: str, digits: int, default: int,
            low: int, high: int, signed: bool = False) -> int:
    """The whole number in query field ``name`` between ``low`` and ``high``; ``default`` and a 400 problem for
    anything else (the field's ``label`` names it)."""
    text = page_args.get(name, "")
    if not text.strip():
        return default
    number = ascii_int(text[:40], digits, signed=signed)
    if number is None or not low <= number <= high:
        shown = text if len(text) <= 40 else text[:40] + "…"
        tracker.fail(Step("web.error.bad_number", field=label, value=shown), 400)
        return default
    return number


def replay(seed: int, round_number: int, before: tuple[int, int], codes: list[str]) -> RoundPage:
    """Deal ``(seed, round_number, before)``, let the bots act, and replay the child's ``codes`` with the bots'
    moves between them; stop at the first bad one (its problem is kept, the rest is dropped). More than
    :data:`MAX_MOVES` codes are refused (400) before any of them is replayed.

    Raises:
        NotationError: ``round_number`` below 1 (as :func:`~webapp.games.tichu.round.deal`).
    """
    page = RoundPage(state=deal(seed, round_number, before))
    page.run_bots()
    if len(codes) > MAX_MOVES:  # no round has that many: nothing is replayed
        page.fail(Step(PageStep.TOO_MANY, count=MAX_MOVES), 400)
        codes = []
    for code in codes:
        if not page.apply_code(code):
            break
    return page


def long_round_codes(seed: int, round_number: int = 1) -> list[str]:
    """The child's moves of round ``(seed, round_number)`` played to its end the long way: the child passes
    whenever it may, lets the others play on whenever it could bomb, and else moves by the bots' rules (the
    benchmarks' and the tests' longest addresses; at most :data:`MAX_MOVES`).

    Raises:
        NotationError: a bad round number (as :func:`~webapp.games.tichu.round.deal`).
    """
    page, codes = RoundPage(state=deal(seed, round_number)), []
    page.run_bots()
    while page.state.score is None and len(codes) < MAX_MOVES:
        state = page.state
        if page.bomb_chance:
            code = WAIT
        elif state.phase is Phase.PLAY and state.to_act == CHILD and PassTurn(CHILD) in state.legal_actions(CHILD):
            code = action_code(PassTurn(CHILD))
        else:
            move = bot_move(state, CHILD)
            assert move is not None, "the child has a move while the round is on"
            code = action_code(move.action)
        page.apply_code(code)
        codes.append(code)
    return codes


def _read() -> tuple[RoundPage, dict]:
    """The page as the address says: the deal's numbers, the child's moves, the picked cards."""
    args = request.args
    numbers = ProblemTracker()
    seed = _number(args, numbers, "seed", "seed", SEED_DIGITS, 1, 0, 10**SEED_DIGITS - 1)
    round_number = _number(args, numbers, "round", "round", 3, 1, 1, MAX_ROUND)
    limit = 10**TOTAL_DIGITS - 1
    before = (_number(args, numbers, "a", "a", TOTAL_DIGITS, 0, -limit, limit, signed=True),
              _number(args, numbers, "b", "b", TOTAL_DIGITS, 0, -limit, limit, signed=True))
    codes = args.getlist("m")[: MAX_CODES + 1]
    page = replay(seed, round_number, before, codes if numbers.problem is None else [])
    if numbers.problem is not None:
        page.fail(numbers.problem, numbers.status)
    options = {"coach": args.get("coach", "1") != "0", "open": args.get("open", "0") == "1"}
    deal_args = {"seed": seed, "round": round_number, "a": before[0], "b": before[1]}
    hand = page.state.hand(CHILD)
    for card in read_cards(page, args.get("pick", "")):  # at most a hand's worth of cards is read
        if card in hand and card not in page.pick:
            page.pick.append(card)
    return page, {**deal_args, **options}


def round_url(args: dict, codes: list[str], pick: list[tichu.TichuCard] | None = None,
              endpoint: str = "tichu_round.page") -> str:
    """The clean address of a round: the deal, the options that differ from the default, the moves, the pick (of
    the page, or of ``endpoint`` with the same query: the coach's fragment)."""
    query: dict = {k: args[k] for k in ("seed", "round", "a", "b")}
    if not args["coach"]:
        query["coach"] = "0"
    if args["open"]:
        query["open"] = "1"
    if codes:
        query["m"] = codes
    if pick:
        query["pick"] = "".join(map(str, pick))
    return url_for(endpoint, **query)


@bp.get("/tichu/round")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def page():
    """A whole Tichu round against three bots (see the module's docstring for the query).

    Without ``seed`` a new deal is chosen and the answer redirects to its address. Status 400 for a number or
    move that cannot be read, 422 for a move the rules refuse; the page keeps every move before it.
    """
    if "seed" not in request.args:
        seed = secrets.randbelow(10**6)
        return redirect(url_for("tichu_round.page", seed=seed, round=1, a=0, b=0), code=303)
    page, args = _read()
    if page.problem is None:
        clicked = _click(page)
    else:  # never act after a bad move: show the problem, keep the rest
        clicked = any(request.args.get(k) for k in ("toggle", "action", "choose"))
    url = round_url(args, page.codes, page.pick)
    if clicked and not is_htmx() and page.problem is None:
        return redirect(url, code=303)
    return _render(page, args, url)


@bp.get("/tichu/round/coach")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def coach():
    """The coach's call advice alone (``tichu/_round_call.html``) for htmx to ask again while it is thinking: the
    page's query, replayed as the page does (bad input answers 4xx like the page; clicks in the query are not
    made). 204 while the coach is still thinking (htmx keeps the spinner and asks again), else the part (an empty
    one when there is no call to advise on now). Not asked by htmx (a link, a bookmark): 303 to the page."""
    page, args = _read()
    if page.problem is not None:
        return error_page(page.problem, page.status)
    url = round_url(args, page.codes, page.pick)
    if not is_htmx():
        return redirect(url, code=303)
    call = call_coach_views.call_part(page.state, CHILD, args["coach"])
    if call.get("thinking"):
        return "", 204
    return render_template("tichu/_round_call.html", call=call, url=url, poll_ms=call_coach_views.POLL_MS,
                           coach_url=round_url(args, page.codes, page.pick, "tichu_round.coach"))


def _click(page: RoundPage) -> bool:
    """Apply the click in the query (a tapped card, the coach's choice, a move); True when there was one."""
    toggle, choose, action = request.args.get("toggle"), request.args.get("choose"), request.args.get("action")
    if toggle:
        _toggle(page, toggle)
        return True
    if choose:
        page.pick = [c for c in read_cards(page, choose) if c in page.state.hand(CHILD)]
        return True
    if not action:
        return False
    if action not in ACTIONS:
        page.fail(Step("web.error.bad_url", detail=f"action={action[:40]}"))
        return True
    if action == "clear":
        page.pick.clear()
        return True
    move = _move(page, action)
    if move is not None and page.apply_code(move):
        if action in ("swap", "play"):
            page.pick.clear()
    return True


def _toggle(page: RoundPage, text: str) -> None:
    """Tap one card: pick it or put it back (the exchange takes three); with the coach on in the child's turn,
    a card that is in no allowed play gets a note saying so."""
    try:
        card = tichu.parse_card(text[:8])
    except RuleInputError as error:
        page.fail(error)
        return
    state = page.state
    if card in page.pick:
        page.pick.remove(card)
        return
    if card not in state.hand(CHILD):
        page.fail(Step("tichu.round.error.not_in_hand", card=card), 422)
        return
    if state.phase is Phase.EXCHANGE and len(page.pick) >= 3:
        page.note = Step(PageStep.PICK_THREE)
        return
    page.pick.append(card)
    coach = request.args.get("coach", "1") != "0"
    if coach and state.phase is Phase.PLAY and state.to_act == CHILD:
        if not any(card in play.cards for play in allowed_plays(state)):
            page.note = Step(PageStep.UNPLAYABLE, card=card)


def _move(page: RoundPage, action: str) -> str | None:
    """The child's action code for the click ``action`` (None, with the problem noted, when it cannot be one)."""
    player = f"{CHILD + 1}."
    if action in ("grand", "no", "tichu", "pass", "wait"):
        return player + action
    if action in ("give2", "give4"):
        return player + f"dragon:{action[-1]}"
    if action == "swap":
        if len(page.pick) != 3:
            page.fail(Step(PageStep.PICK_THREE), 422)
            return None
        return player + "swap:" + ",".join(map(str, page.pick))
    if not page.pick:
        page.fail(Step(tichu.ErrorCode.EMPTY_PLAY))
        return None
    code = player + "play:" + "".join(map(str, page.pick))
    for key, letter in (("wish", "w"), ("reading", "a")):
        value = request.args.get(key, "").strip()[:4]
        if value:
            code += f":{letter}{value}"
    return code


def allowed_plays(state: RoundState) -> list[tichu.Combination]:
    """The child's allowed plays now, one a combination (the Mah Jong's wishes not counted twice)."""
    seen: dict[tuple, tichu.Combination] = {}
    for action in state.legal_actions(CHILD):
        if isinstance(action, Play):
            key = tuple(sorted(map(str, action.cards)))
            if key not in seen:
                seen[key] = tichu.readings(action.cards)[0]
    return list(seen.values())


#: How many of the coach's plays are shown first (cheapest first, the pass among them); the rest fold away.
COACH_FIRST = 3
#: The most ordinary plays of one kind the coach lists behind "more" (on lead a hand can form dozens); the rest
#: are counted. The pass, the Dragon, the Phoenix and every bomb are always listed.
COACH_PER_KIND = 3


def coach_list(plays: list[tichu.Combination], may_pass: bool) -> tuple[list, list, int]:
    """The coach's list: ``(first, more, left out)``: the first plays cheapest first
    (:func:`~webapp.games.tichu.round_coach.cheapest_first`; ``None`` is the pass), the next ones behind "more",
    and how many ordinary plays are left out (at most :data:`COACH_PER_KIND` of a kind are listed)."""
    ordered = cheapest_first(plays, may_pass)
    listed, left_out, per_kind = [], 0, Counter()
    for play in ordered:
        if play is PASS or play_cost(play)[0] != ORDINARY:
            listed.append(play)
        elif per_kind[play.kind] < COACH_PER_KIND:
            per_kind[play.kind] += 1
            listed.append(play)
        else:
            left_out += 1
    return listed[:COACH_FIRST], listed[COACH_FIRST:], left_out


def sort_hand(cards) -> list[tichu.TichuCard]:
    """Cards from low to high (Dog, Mah Jong, 2 ... Ace, Phoenix, Dragon), a rank's suits in a fixed order."""
    return sorted(cards, key=lambda c: (c.rank, str(c)))


def timeline(events: list[Event], tricks: tuple[TrickRecord, ...]) -> list[tuple[str, object]]:
    """The round told in order: ``("move", Event)`` and, where each trick ended, ``("trick", (number, record))``."""
    told: list[tuple[str, object]] = []
    done = 0
    for event in events:
        while done < min(event.tricks, len(tricks)):
            told.append(("trick", (done + 1, tricks[done])))
            done += 1
        told.append(("move", event))
    while done < len(tricks):
        told.append(("trick", (done + 1, tricks[done])))
        done += 1
    return told


def _render(page: RoundPage, args: dict, url: str):
    state = page.state
    told = timeline(page.events, state.tricks)
    last_child = max((i for i, (kind, item) in enumerate(told) if kind == "move" and item.seat == CHILD), default=-1)
    choices = ()
    if len(page.pick) > 1 and state.phase is Phase.PLAY:
        found = tuple(r for r in tichu.readings(page.pick) if r.phoenix_as is not None)
        choices = tuple((tichu.TichuCard(r.phoenix_as), r) for r in found) if len(found) > 1 else ()
    in_turn = state.phase is Phase.PLAY and state.to_act == CHILD
    score = state.score
    allowed = allowed_plays(state) if (in_turn or page.bomb_chance) and args["coach"] else []
    may_pass = in_turn and PassTurn(CHILD) in state.legal_actions(CHILD)
    coach_first, coach_more, coach_left = coach_list(allowed, may_pass) if allowed else ([], [], 0)
    context = dict(
        state=state, phase=state.phase.value, args=args, url=url, codes=page.codes, pick=page.pick,
        pick_text="".join(map(str, page.pick)), problem=page.problem, verdict=page.verdict, note=page.note,
        hand=sort_hand(state.hand(CHILD)), sort_hand=sort_hand, in_turn=in_turn, bomb_chance=page.bomb_chance,
        may_pass=may_pass, allowed=bool(allowed), coach_first=coach_first, coach_more=coach_more,
        coach_left=coach_left, playable={c for play in allowed for c in play.cards},
        totals=score.totals if score is not None else state.before, ending=round_ending(state, CHILD),
        score_steps=from_side(score.steps, CHILD) if score is not None else (),
        recent=told[last_child + 1:], told=told, score=score, choices=choices,
        wishes=tuple(tichu.NATURAL_RANKS), card_of=tichu.TichuCard,
        has_mah_jong=any(c.rank == tichu.MAH_JONG for c in page.pick),
        received=Step(PageStep.RECEIVED, **dict(zip(("next", "partner", "previous"), state.received(CHILD))))
        if state.received(CHILD) else None,
        out_steps=[Step(PageStep.OUT, seat=s + 1, place=i + 1) for i, s in enumerate(state.out)],
        same_url=round_url({**args, "round": state.round_number}, []),
        next_url=round_url({**args, "round": state.round_number + 1, "a": score.totals[0], "b": score.totals[1]}, [])
        if score is not None and not score.game_over and state.round_number < MAX_ROUND else None,
        toggle_url=lambda key, value: round_url({**args, key: value}, page.codes, page.pick),
        lesson_done="tichu.round" if score is not None and played("tichu.round") else None,
        call=call_coach_views.call_part(state, CHILD, args["coach"]),
        coach_url=round_url(args, page.codes, page.pick, "tichu_round.coach"), poll_ms=call_coach_views.POLL_MS,
    )
    response = page_or_fragment("tichu/round.html", "tichu/_round_update.html", page.status, replace_url=url,
                                game="round", **context)
    if is_htmx() and request.args.get("action") in MOVES:
        # after a move: the trick as it stands now (the hand and the buttons stay docked below it); at the end
        # the top of the board: the game score and the round's ending with the next round's button
        shown = "#round-board" if score is not None else "#round-middle"
        response.headers["HX-Reswap"] = f"outerHTML show:{shown}:top"
    return response
