"""Pokerface in the browser: a 10-round game against three bots, hand rankings, and a quiz (seed 003).

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
from dataclasses import dataclass, field
from functools import lru_cache

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_babel import gettext
from itsdangerous import BadSignature, URLSafeSerializer

from webapp.games.pokerface.contest.players import InProcessPlayer
from webapp.games.pokerface.contest.strategies import FillerBot, LeoBot, SmartBot, Strategy
from webapp.games.pokerface.contest.tournament import play_round
from webapp.games.pokerface import rules as pf
from webapp.core.steps import Step
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("pokerface", __name__)

#: The three bots at the child's table, by seat 1-3: name and strategy.
BOTS: tuple[tuple[str, type[Strategy]], ...] = (("Leo", LeoBot), ("Mia", SmartBot), ("Ben", FillerBot))
PHASES = ("exchange", "extras", "reveal", "showdown")


class Scripted(Strategy):
    """The child's seat: plays the moves the child made (defaults for moves not made yet)."""

    def __init__(self, moves: tuple) -> None:
        self.moves = moves

    def exchange(self, hand):
        return tuple(self.moves[0]) if self.moves else ()

    def extras(self, hand):
        return self.moves[1] if len(self.moves) > 1 else 0

    def reveal(self, held):
        return tuple(held[i] for i in self.moves[2]) if len(self.moves) > 2 else tuple(held[:5])


@lru_cache(maxsize=512)
def replay(seed: str, number: int, moves: tuple, you: str) -> tuple:
    """Play round ``number`` with the child's ``moves`` (give, extras, reveal indices): ``(held, result)``."""
    players = [InProcessPlayer(Scripted(moves), you)] + [InProcessPlayer(cls(), name) for name, cls in BOTS]
    result = play_round(players, f"{seed}:{number}")
    return result.held, result


@dataclass
class Game(ProblemTracker):
    """The game as read from the URL, and the first problem found."""

    seed: str = ""
    rounds: list[list] = field(default_factory=lambda: [[]])
    hint: bool = True
    selected: list[int] = field(default_factory=list)

    @property
    def moves(self) -> list:
        return self.rounds[-1]

    @property
    def number(self) -> int:
        return len(self.rounds)

    @property
    def phase(self) -> str:
        return PHASES[len(self.moves)]

    @property
    def over(self) -> bool:
        return self.number == pf.ROUNDS and self.phase == "showdown"

    def token(self) -> str:
        """The signed token of the game: seed, moves, hint on/off."""
        return _serializer().dumps({"s": self.seed, "r": self.rounds, "h": int(self.hint)})


def _serializer() -> URLSafeSerializer:
    """Signs game tokens with the app's secret key (so they survive a restart, but not a new key)."""
    return URLSafeSerializer(current_app.secret_key, salt="pokerface-game")


def new_game(seed: str | None = None) -> Game:
    """A game at round 1 dealt from ``seed`` (a teacher's choice), or from a random one."""
    return Game(seed=seed or f"{random.SystemRandom().getrandbits(48):x}")


def read_game() -> Game:
    """The game from ``g=`` (a new one when missing); a bad token answers 400 and starts afresh."""
    token = request.args.get("g")
    if not token:
        return new_game((request.args.get("seed") or "")[:40] or None)
    try:
        data = _serializer().loads(token)
        game = Game(seed=str(data["s"]), rounds=[list(r) for r in data["r"]], hint=bool(data["h"]))
        if not (1 <= game.number <= pf.ROUNDS and all(len(r) == 3 for r in game.rounds[:-1]) and len(game.moves) <= 3):
            raise ValueError("bad rounds")
    except (BadSignature, KeyError, TypeError, ValueError):
        game = new_game()
        game.fail(Step("poker.error.game"))
        return game
    for token in request.args.get("sel", "").split(","):
        index = small_number(token, 8)
        if index is not None and index not in game.selected:
            game.selected.append(index)
    return game


def small_number(text: str | None, limit: int) -> int | None:
    """``text`` as a number from 0 to ``limit - 1`` (ASCII digits only), else None."""
    if text is None or not (text.isascii() and text.isdigit() and len(text) <= 9):
        return None
    number = int(text)
    return number if number < limit else None


def you() -> str:
    """The child's name at the table, in the reader's language ("You" / "Du")."""
    return gettext("You")


def held_now(game: Game) -> tuple[pf.Card, ...]:
    """The child's cards in the current phase: dealt, after the exchange, or with the extras."""
    held, _ = replay(game.seed, game.number, tuple(map(_freeze, game.moves)), you())
    return held[0]  # moves not made yet are "none": so before the exchange, the dealt hand


def _freeze(move):
    return tuple(move) if isinstance(move, list) else move


def apply_click(game: Game) -> bool:
    """Apply the click in the query string; return True when there was one."""
    toggle, action = request.args.get("toggle"), request.args.get("action")
    if toggle is not None:
        index = small_number(toggle, len(held_now(game)))
        if index is None:
            game.fail(Step("web.error.bad_url", detail=f"toggle={toggle[:20]}"))
        elif index in game.selected:
            game.selected.remove(index)
        elif game.phase == "reveal" and len(game.selected) >= pf.HAND_SIZE:
            game.fail(Step("poker.error.five"), status=422)
        else:
            game.selected.append(index)
    if not action:
        return toggle is not None
    phase = game.phase
    if action == "new":
        fresh = new_game()
        game.seed, game.rounds, game.selected = fresh.seed, fresh.rounds, []
    elif action == "hint":
        game.hint = not game.hint
    elif action == "exchange" and phase == "exchange":
        game.moves.append(sorted(game.selected))
        game.selected = []
    elif action == "extras" and phase == "extras" and request.args.get("n", "") in ("0", "1", "2", "3"):
        game.moves.append(int(request.args["n"]))
    elif action == "best" and phase == "reveal":
        held = held_now(game)
        five = pf.best_five(held)[1]
        game.selected = [held.index(c) for c in five]
    elif action == "reveal" and phase == "reveal":
        if len(game.selected) != pf.HAND_SIZE:
            game.fail(Step("poker.error.count", count=len(game.selected), needed="5"), status=422)
        else:
            game.moves.append(sorted(game.selected))
            game.selected = []
    elif action == "next" and phase == "showdown" and not game.over:
        game.rounds.append([])
    else:
        game.fail(Step("web.error.bad_url", detail=f"action={action[:20]}"))
    return True


def scores(game: Game) -> tuple[list[int], list]:
    """Points per seat from the finished rounds, and the finished rounds' results."""
    points = [0] * (len(BOTS) + 1)
    results = []
    for number, moves in enumerate(game.rounds, start=1):
        if len(moves) < 3:
            break
        _, result = replay(game.seed, number, tuple(map(_freeze, moves)), you())
        for seat in result.winners:
            points[seat] += 1
        results.append(result)
    return points, results


def game_url(game: Game) -> str:
    """The canonical URL of the game as it is now (token, and the cards selected so far)."""
    args = {"g": game.token()}
    if game.selected:
        args["sel"] = ",".join(map(str, game.selected))
    return url_for("pokerface.page", **args)


@bp.get("/pokerface")
def page():
    """The game page, or for htmx the game panel. Status 400 for a broken link, 422 for a wrong pick."""
    game = read_game()
    clicked = apply_click(game) if game.problem is None else False
    url = game_url(game)
    if (clicked or "g" not in request.args) and not is_htmx() and game.problem is None:
        return redirect(url, code=303)
    held = held_now(game)
    points, results = scores(game)
    names = [you()] + [name for name, _ in BOTS]
    context = dict(game=game, held=held, points=points, names=names, url=url, token=game.token(), problem=game.problem)
    if game.phase == "extras":
        dealt = pf.shuffled_deck(f"{game.seed}:{game.number}")[:5]
        context["new_cards"] = [c for c in held if c not in dealt]
    if game.phase == "reveal":
        rank, five = pf.best_five(held)
        context.update(best_rank=rank, best_cards=five)
        if len(game.selected) == pf.HAND_SIZE:
            context["chosen_rank"] = pf.evaluate5(*(held[i] for i in game.selected))
    if game.phase == "showdown":
        context["result"] = results[-1]
        if game.over:
            context["game_winners"] = [names[i] for i in pf.game_winners(points)]
    return page_or_fragment("pokerface/page.html", "pokerface/_game.html", game.status, push_url=url, **context)


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
    return page_or_fragment("pokerface/quiz.html", "pokerface/_quiz.html", status,
                            push_url=url_for("pokerface.quiz", q=q, answer=answer), question=question, answer=answer,
                            problem=problem, q=q, next_q=(q * 7919 + 1) % 10**6)
