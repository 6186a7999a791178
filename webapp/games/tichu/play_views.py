"""Tichu beyond one play: a trick played through (``/tichu/trick``) and the round score (``/tichu/score``).

The trick view replays a lesson from its URL: ``/tichu/trick?lesson=full&m=1:w8&m=R``
holds the child's moves in order (cards in the suited notation, ``pass``,
``give:N`` for the Dragon's gift; ``:wR`` adds a Mah Jong wish, ``:pR`` the
Phoenix's reading); the other seats are scripted bots, so the same URL always
shows the same table. The child picks cards with ``pick`` (toggled by clicks).
The lesson itself (its state, the child's actions, the bots) is the engine's
:mod:`webapp.games.tichu.lessons`; this view reads the URL into actions and renders the state.

The score calculator keeps its whole form in the URL:
``/tichu/score?first=1&second=2&third=3&t1=30&t2=20&t3=25&t4=15&hand=10&call1=tichu``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, current_app, redirect, request, url_for
from flask_babel import gettext

from webapp.games.tichu import lessons
from webapp.games.tichu import rules as tichu
from webapp.games.tichu import trick as rnd
from webapp.games.tichu.views import read_cards
from webapp.core import security
from webapp.core.numbers import ascii_int
from webapp.core.steps import RuleInputError, Step
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("tichu_play", __name__)

p = tichu.parse_play


#: How a wished rank is shown: 2 to 10, J, Q, K, A.
RANK_TEXT = tichu.RANK_TEXT
#: The ranks a Mah Jong wish may name, as written in the notation.
WISHES = tuple(tichu.NATURAL_CHARS)
#: The clicks that make a move (the answer scrolls to what happened).
MOVES = frozenset({"play", "pass", "give2", "give4"})


@dataclass(kw_only=True)
class TrickState(ProblemTracker):
    """A lesson replayed from the URL: the engine's state, the child's moves as written, the picked cards,
    and the verdict to show (the last move's, also when it was refused)."""

    lesson: lessons.LessonState
    moves: list[str] = field(default_factory=list)
    pick: list[tichu.TichuCard] = field(default_factory=list)
    verdict: tichu.Verdict | None = None

    @property
    def trick(self) -> rnd.Trick:
        """The trick as it stands."""
        return self.lesson.trick


def _action(move: str) -> lessons.Action:
    """Read one move of the URL (``pass``, ``give:N``, or cards with ``:wR``/``:pR`` options) as an action.

    Raises:
        RuleInputError: bad cards, wish or reading (notation), more than 14 cards.
    """
    text, _, extra = move.partition(":")
    if text == "give":
        seat = ascii_int(extra, 2, signed=False)
        return lessons.GiveDragon(seat - 1 if seat is not None else -1)
    if text == "pass":
        return lessons.Pass()
    tichu.check_text(text)
    cards = p(text)
    wish = reading = None
    for option in filter(None, extra.split(":", 2)[:2]):  # a wish and a reading at most
        if option[:1] == "w":
            wish = tichu.parse_wish(option[1:])
        elif option[:1] == "p":
            reading = tichu.parse_wish(option[1:])
    return lessons.Play(cards, wish, reading)


def _apply(state: TrickState, move: str) -> bool:
    """Apply one child move to the lesson; on failure remember the problem and return False.

    Status by the error's type: 422 for a rule violation (an illegal play or pass, a move
    after the trick, a wrong gift), 400 for bad notation or cards the hand lacks.
    """
    try:
        state.lesson.expect(lessons.GiveDragon if move.startswith("give") else lessons.Play)
    except rnd.RuleViolation as error:  # the trick is over: the last verdict stays shown
        state.fail(error, 422)
        return False
    state.verdict = None  # only the last move's verdict is shown
    try:
        state.lesson = state.lesson.apply(_action(move))
    except rnd.IllegalMove as error:
        state.verdict = error.verdict
        state.fail(error, 422)
        return False
    except rnd.RuleViolation as error:
        state.fail(error, 422)
        return False
    except RuleInputError as error:
        state.fail(error, 400)
        return False
    state.verdict = state.lesson.verdict
    state.moves.append(move)
    return True


def replay(lesson: lessons.Lesson, moves: list[str]) -> TrickState:
    """Replay ``lesson`` with the child's ``moves``; stop at the first bad one (kept out of the URL)."""
    state = TrickState(lesson=lessons.LessonState.start(lesson))
    for move in moves[: lessons.MAX_MOVES]:
        if not _apply(state, move):
            break
    return state


def _trick_url(state: TrickState, pick: list[tichu.TichuCard] | None = None) -> str:
    args: dict = {"lesson": state.lesson.lesson.key}
    if state.moves:
        args["m"] = state.moves
    if pick:
        args["pick"] = "".join(map(str, pick))
    return url_for("tichu_play.trick", **args)


@bp.get("/tichu/trick")
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def trick():
    """A trick played through: the child is player 1, the bots are players 2 to 4.

    Query: ``lesson`` (see :data:`webapp.games.tichu.lessons.LESSONS`), ``m`` (the child's moves, repeated),
    ``pick`` (cards picked from the hand), one click: ``toggle=CARD``,
    ``action=play|pass|give2|give4|restart``, ``wish``, ``reading``.
    Status 400/422 for bad or illegal moves; the moves before stay.
    """
    key = request.args.get("lesson", "full")
    state = replay(lessons.LESSONS.get(key, lessons.LESSONS["full"]), request.args.getlist("m"))
    if key not in lessons.LESSONS:
        state.fail(Step("web.error.bad_url", detail=f"lesson={key}"))
    hand = state.lesson.hand
    pick = request.args.get("pick", "")
    for card in read_cards(state, pick):  # the picked cards come from the hand: no more than a hand holds
        if card in hand and card not in state.pick:
            state.pick.append(card)
    if state.problem is None:
        clicked = _click(state)
    else:  # never play or judge after a bad move or card: show the problem, keep the rest
        clicked = bool(request.args.get("toggle") or request.args.get("action"))
    url = _trick_url(state, state.pick)
    if clicked and not is_htmx() and state.problem is None:
        return redirect(url, code=303)
    return _render_trick(state, url)


def _click(state: TrickState) -> bool:
    """Apply the click in the query (toggle a card, play, pass, give, restart)."""
    toggle, action = request.args.get("toggle"), request.args.get("action")
    if toggle:
        try:
            card = tichu.parse_card(toggle)
        except RuleInputError as error:
            state.fail(error)
            return True
        if card in state.pick:
            state.pick.remove(card)
        elif card in state.lesson.hand:
            state.pick.append(card)
        return True
    if not action:
        return False
    if action == "restart":  # the lesson from its start (htmx shows this state, not the replayed one)
        state.lesson = lessons.LessonState.start(state.lesson.lesson)
        state.verdict = None
        state.moves.clear()
        state.pick.clear()
        return True
    if action == "play":
        if not state.pick:
            state.fail(Step(tichu.ErrorCode.EMPTY_PLAY))
            return True
        move = "".join(map(str, state.pick))
        for key, letter in (("wish", "w"), ("reading", "p")):
            value = request.args.get(key, "").strip()
            if value:
                move += f":{letter}{value}"
    elif action == "pass" or action in ("give2", "give4"):
        move = "pass" if action == "pass" else f"give:{action[-1]}"
    else:
        state.fail(Step("web.error.bad_url", detail=f"action={action}"))
        return True
    if _apply(state, move):
        state.pick.clear()
    return True


def _render_trick(state: TrickState, url: str):
    choices = ()
    if len(state.pick) > 1:
        found = tuple(r for r in tichu.readings(state.pick) if r.phoenix_as is not None)
        choices = tuple((tichu.TichuCard(r.phoenix_as), r) for r in found) if len(found) > 1 else ()
    # a tap or a move inside the lesson replaces the address; a new lesson is a link (a new history entry)
    response = page_or_fragment(
        "tichu/trick.html",
        "tichu/_trick_update.html",
        state.status,
        replace_url=url,
        game="trick",
        lesson=state.lesson.lesson,
        lessons=lessons.LESSONS,
        trick=state.trick,
        moves=state.moves,
        pick=state.pick,
        pick_text="".join(map(str, state.pick)),
        verdict=state.verdict,
        problem=state.problem,
        result=state.lesson.result,
        wishes=WISHES,
        rank_text=RANK_TEXT,
        has_mah_jong=any(c.rank == tichu.MAH_JONG for c in state.pick),
        choices=choices,
    )
    if is_htmx() and request.args.get("action") in MOVES:
        # after a move the answer is what happened (and, when the lesson is over, the next lesson): show it
        response.headers["HX-Reswap"] = "outerHTML show:#trick-result:top"
    return response


# --- Round score --------------------------------------------------------------------------
@dataclass
class ScoreForm(ProblemTracker):
    """The calculator's inputs as typed, and the parsed values."""

    raw: dict[str, str] = field(default_factory=dict)


FIELDS = ("first", "second", "third", "t1", "t2", "t3", "t4", "hand", "call1", "call2", "call3", "call4", "a", "b")
#: The number fields' labels as the page shows them (the trick fields name their player).
_LABELS = {"first": "First out", "second": "Second out", "third": "Third out", "hand": "Left in the last player's hand",
           "a": "Team 1", "b": "Team 2"}
_TRICKS = {f"t{n}": n for n in range(1, 5)}
#: The most digits a number field takes: card points are -25..125, a game score stays far below a million.
_DIGITS = 6


def _field_label(name: str) -> str:
    """The number field's label as the page shows it, in the reader's language."""
    if name in _TRICKS:
        return gettext("In the tricks of player %(n)s", n=_TRICKS[name])
    return gettext(_LABELS[name])


def _int(form: ScoreForm, name: str, default: int = 0) -> int:
    """The whole number in field ``name`` (ASCII digits, an optional sign); a problem naming the field else."""
    text = form.raw.get(name, "").strip()
    if not text:
        return default
    number = ascii_int(text, _DIGITS)
    if number is None:
        form.fail(Step("web.error.bad_number", field=_field_label(name), value=text))
        return default
    return number


@bp.get("/tichu/score")
def score():
    """The round score calculator (Tichu rulebook, "Scoring").

    Query: ``first``/``second``/``third`` (players 1-4 in the order they went
    out; no ``third`` after a double victory), ``t1``..``t4`` (card points in
    each player's tricks), ``hand`` (points left in the last player's hand),
    ``call1``..``call4`` (``tichu``/``grand``), ``a``/``b`` (game score
    before). Status 400 for input that cannot be scored, form kept.
    """
    form = ScoreForm(raw={k: request.args.get(k, "") for k in FIELDS})
    result = None
    if form.raw["first"] and form.raw["second"]:
        order = [_int(form, k) - 1 for k in ("first", "second", "third") if form.raw[k]]
        tricks = [_int(form, f"t{i}") for i in range(1, 5)]
        calls = {i - 1: form.raw[f"call{i}"] for i in range(1, 5) if form.raw[f"call{i}"]}
        before = (_int(form, "a"), _int(form, "b"))
        if form.problem is None:
            try:
                result = rnd.score_round(order, tricks, _int(form, "hand"), calls, before)
            except RuleInputError as error:
                form.fail(error)
    args = {k: v for k, v in form.raw.items() if v}
    return page_or_fragment(
        "tichu/score.html",
        "tichu/_score_result.html",
        form.status,
        replace_url=url_for("tichu_play.score", **args),
        game="score",
        endpoint="tichu_play.score",
        result_template="tichu/_score_result.html",
        form=form.raw,
        result=result,
        problem=form.problem,
    )
