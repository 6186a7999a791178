"""Pokerface in the browser: a 10-round game against three bots, hand rankings, and a quiz (seed 003).

The game's rules are the engine's (:mod:`webapp.games.pokerface.game`): this
view only decodes the link into engine actions, applies them and renders.
The whole game lives in the URL: ``/pokerface?g=<token>`` where the token is
the game's seed and the child's moves so far, signed with the app's secret key
(so a reload or a server restart loses nothing, and a move cannot be changed
afterwards). Dealing is reproducible from the seed, so every page is computed
by replaying the moves. The choice in progress is in ``sel`` (card indices).

Clicks: ``toggle=<index>`` (select a card), ``action=`` ``exchange`` (give away
the selected cards), ``extras`` with ``n=0..3``, ``reveal`` (show the five
selected cards), ``best`` (select the best five), ``hint`` (hint on/off),
``next`` (next round), ``new`` (a new game). htmx gets the game panel; a
browser without JavaScript gets a redirect to the new URL.
"""

from __future__ import annotations

import random

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_babel import gettext
from itsdangerous import BadSignature, URLSafeSerializer

from webapp.games.pokerface import ending as poker_ending
from webapp.games.pokerface import rules as pf
from webapp.games.pokerface.game import (TABLE, Action, Best, Exchange, Extras, Game, Hint, NewGame, Next, Phase,
                                         Reveal, Select, Toggle)
from webapp.core.steps import Step
from webapp.core.numbers import ascii_int
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment, played

bp = Blueprint("pokerface", __name__)

#: The clicks ``action=`` names, as engine actions (``extras`` also needs ``n``; ``new`` a fresh seed).
ACTIONS = {"exchange": Exchange(), "best": Best(), "reveal": Reveal(), "hint": Hint(), "next": Next()}


def _serializer() -> URLSafeSerializer:
    """Signs game tokens with the app's secret key (so they survive a restart, but not a new key)."""
    return URLSafeSerializer(current_app.secret_key, salt="pokerface-game")


def token(game: Game) -> str:
    """The signed token of the game: seed, each round's moves, hint on/off."""
    return _serializer().dumps({"s": game.seed, "r": game.moves(), "h": int(game.hint)})


def random_seed() -> str:
    """A fresh seed for a game nobody chose."""
    return f"{random.SystemRandom().getrandbits(48):x}"


def read_game(problems: ProblemTracker) -> Game:
    """The game from ``g=`` (a new one when missing) with the selection of ``sel=``.

    A bad token is reported to ``problems`` (400) and a new game starts.
    """
    text = request.args.get("g")
    if not text:
        return Game.new((request.args.get("seed") or "")[:40] or random_seed())
    try:
        data = _serializer().loads(text)
        game = Game.from_moves(str(data["s"]), data["r"], hint=bool(data["h"]))
    except (BadSignature, KeyError, TypeError, ValueError):  # a NotationError is a ValueError
        problems.fail(Step("poker.error.game"))
        return Game.new(random_seed())
    for part in request.args.get("sel", "").split(",", pf.HAND_SIZE + pf.MAX_EXTRA):  # no more than the cards held
        index = small_number(part, pf.HAND_SIZE + pf.MAX_EXTRA)
        if index is not None:
            try:
                game = game.apply(Select(index))
            except pf.NotationError:
                pass  # a link's selection past the cards held is dropped, like any other odd number
    return game


def small_number(text: str | None, limit: int) -> int | None:
    """``text`` as a number from 0 to ``limit - 1`` (ASCII digits only, :func:`ascii_int`), else None."""
    number = None if text is None else ascii_int(text, 9, signed=False)
    return number if number is not None and number < limit else None


def you() -> str:
    """The child's name at the table, in the reader's language ("You" / "Du")."""
    return gettext("You")


def names() -> list[str]:
    """The four players' names, the child first."""
    return [you()] + [name for name, _ in TABLE]


def apply(game: Game, action: Action, problems: ProblemTracker, detail: str) -> Game:
    """``game`` after ``action``; an error is reported to ``problems`` by type (400 or 422) and the game kept.

    A notation error reads as the link's broken part ``detail``; a rule violation is shown as the engine says it.
    """
    try:
        return game.apply(action)
    except pf.NotationError:
        problems.fail(Step("web.error.bad_url", detail=detail))
    except pf.RuleViolation as error:
        problems.fail(error, status=422)
    return game


def apply_click(game: Game, problems: ProblemTracker) -> tuple[Game, bool]:
    """Decode the click in the query string into actions and apply them: the new game, and whether there was one."""
    toggle, action = request.args.get("toggle"), request.args.get("action")
    if toggle is not None:
        index = small_number(toggle, 10**9)
        if index is None:
            problems.fail(Step("web.error.bad_url", detail=f"toggle={toggle[:20]}"))
        else:
            game = apply(game, Toggle(index), problems, f"toggle={toggle[:20]}")
    if not action:
        return game, toggle is not None
    if action == "new":
        move = NewGame(random_seed())
    elif action == "extras":
        n = request.args.get("n", "")
        move = Extras(int(n)) if n.isascii() and n.isdigit() and len(n) == 1 else None
    else:
        move = ACTIONS.get(action)
    if move is None:
        problems.fail(Step("web.error.bad_url", detail=f"action={action[:20]}"))
    else:
        game = apply(game, move, problems, f"action={action[:20]}")
    return game, True


def game_url(game: Game) -> str:
    """The canonical URL of the game as it is now (token, and the cards selected so far)."""
    args = {"g": token(game)}
    if game.selected:
        args["sel"] = ",".join(map(str, game.selected))
    return url_for("pokerface.page", **args)


@bp.get("/pokerface")
def page():
    """The game page, or for htmx the game panel. Status 400 for a broken link, 422 for a wrong pick."""
    problems = ProblemTracker()
    game = read_game(problems)
    clicked = False
    if problems.problem is None:
        game, clicked = apply_click(game, problems)
    url = game_url(game)
    if (clicked or "g" not in request.args) and not is_htmx() and problems.problem is None:
        return redirect(url, code=303)
    held = game.held
    players = names()
    points, results = game.scores(players)
    context = dict(game=game, held=held, points=points, names=players, url=url, token=token(game),
                   problem=problems.problem)
    if game.phase is Phase.EXTRAS:
        dealt = game.round.dealt
        context["new_cards"] = [c for c in held if c not in dealt]
    if game.phase is Phase.REVEAL:
        rank, five = pf.best_five(held)
        context.update(best_rank=rank, best_cards=five)
        if len(game.selected) == pf.HAND_SIZE:
            context["chosen_rank"] = pf.evaluate5(*(held[i] for i in game.selected))
    if game.phase is Phase.SHOWDOWN:
        context["result"] = results[-1]
        if game.over:
            context["game_winners"] = [players[i] for i in pf.game_winners(points)]
            context["ending"] = poker_ending.encouragement(game, points, results)
            context["lesson_done"] = "pokerface.game" if played("pokerface.game") else None
    action = request.args.get("action")
    new_step = action in NEW_STEPS  # a new round or game pushes a history entry; every other click replaces it
    response = page_or_fragment("pokerface/page.html", "pokerface/_game.html", problems.status,
                                push_url=url if new_step else None, replace_url=None if new_step else url, **context)
    return scroll_to_answer(response, action)


#: Clicks that start something new a child may go Back from (they push a history entry); the others replace it.
NEW_STEPS = frozenset({"next", "new"})
#: After these clicks the answer (the showdown, the new hand) is scrolled into view by htmx.
SHOW_PANEL = frozenset({"reveal", "next", "new"})


def scroll_to_answer(response, action: str | None):
    """For htmx: after a showdown or a new deal, scroll the game panel's top into view. Returns ``response``."""
    if is_htmx() and action in SHOW_PANEL and response.status_code < 400:
        where = "#poker-status" if action == "reveal" else "#poker-game"  # the showdown, or the round and the hand
        response.headers["HX-Reswap"] = f"outerHTML show:{where}:top"
    return response


@bp.get("/pokerface/hands")
def hands():
    """The hand rankings, best first, each with an example and how many of the 2,598,960 hands it has."""
    rows = [(cat, pf.category_example(cat), pf.hand_step(pf.evaluate(pf.category_example(cat)))) for cat in pf.Category]
    return render_template("pokerface/hands.html", rows=rows, counts=pf.CATEGORY_HANDS)


@bp.get("/pokerface/quiz")
def quiz():
    """"Which hand wins?": ``q`` numbers the question (reproducible), ``answer`` is a, b or tie."""
    q = small_number(request.args.get("q"), 10**6)
    if q is None:
        return redirect(url_for("pokerface.quiz", q=random.SystemRandom().randrange(10**6)), code=303)
    question = pf.which_hand_wins(random.Random(q), names=("A", "B"))
    answer, problem, status = request.args.get("answer"), None, 200
    if answer is not None and answer not in ("a", "b", "tie"):
        answer, problem, status = None, Step("web.error.bad_url", detail=f"answer={answer[:20]}"), 400
    # the answer replaces the address (Back goes to the question before); the next question is a link, a new step
    return page_or_fragment("pokerface/quiz.html", "pokerface/_quiz.html", status,
                            replace_url=url_for("pokerface.quiz", q=q, answer=answer), question=question, answer=answer,
                            problem=problem, q=q, next_q=(q * 7919 + 1) % 10**6)
