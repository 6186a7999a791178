"""Yahtzee in the browser: roll, keep dice, roll again, fill a box; a full game with the coach.

The game lives in the signed session cookie (no database): the score card, the
dice, which dice are kept, the roll number and whether the coach is on, so it
survives a reload and a server restart (the secret key is kept in the instance
folder). Dice come from the server's random generator, never from the browser.

One form, one POST route: the button pressed names the action (``roll``,
``hold-0`` .. ``hold-4``, ``place-<box>``, ``new``, ``coach-on``, ``coach-off``).
htmx gets the game fragment back; without JavaScript the browser is redirected
to ``/yahtzee`` (POST, redirect, GET).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from flask import Blueprint, current_app, redirect, request, session, url_for

from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import coach as yahtzee_coach
from webapp.core.steps import RuleInputError, Step
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment

bp = Blueprint("yahtzee", __name__)

SESSION_KEY = "yahtzee"
_RNG = random.SystemRandom()


@dataclass
class Game(ProblemTracker):
    """One player's game as kept in the session cookie."""

    card: y.Scorecard = field(default_factory=y.Scorecard.empty)
    dice: tuple[int, ...] = ()
    held: tuple[bool, ...] = (False,) * y.DICE
    roll: int = 0
    coach: bool = False

    @classmethod
    def load(cls) -> "Game":
        """The game in the session; a damaged or missing one starts afresh."""
        data = session.get(SESSION_KEY) or {}
        try:
            card = y.parse_card(data.get("card", ""))
            dice = y.parse_dice(data["dice"]) if data.get("dice") else ()
            held = tuple(c == "1" for c in data.get("held", "00000"))
            roll = int(data.get("roll", 0))
            if len(held) != y.DICE or not 0 <= roll <= y.ROLLS or (roll == 0) != (dice == ()):
                raise ValueError(data)
        except (RuleInputError, ValueError, TypeError, KeyError):
            return cls(coach=bool(data.get("coach")) if isinstance(data, dict) else False)
        return cls(card=card, dice=dice, held=held, roll=roll, coach=bool(data.get("coach")))

    def save(self) -> None:
        session[SESSION_KEY] = {
            "card": str(self.card), "dice": "".join(map(str, self.dice)),
            "held": "".join("1" if h else "0" for h in self.held), "roll": self.roll, "coach": self.coach,
        }

    def apply(self, action: str) -> None:
        """Apply one button press (see the module docstring); problems go to :attr:`problem`."""
        if action == "new":
            self.card, self.dice, self.held, self.roll = y.Scorecard.empty(), (), (False,) * y.DICE, 0
        elif action in ("coach-on", "coach-off"):
            self.coach = action == "coach-on"
        elif self.card.is_complete:
            self.fail(Step("yahtzee.web.over"), status=409)
        elif action == "roll":
            self.roll_dice()
        elif action.startswith("hold-") and action[5:].isdigit() and int(action[5:]) < y.DICE:
            self.toggle(int(action[5:]))
        elif action.startswith("place-"):
            self.place(action[6:])
        else:
            self.fail(Step("yahtzee.web.bad_action", detail=action[:40]))

    def roll_dice(self) -> None:
        if self.roll >= y.ROLLS:
            self.fail(Step("yahtzee.web.no_rolls"), status=409)
            return
        held = self.held if self.roll else (False,) * y.DICE
        old = self.dice or (0,) * y.DICE
        self.dice = tuple(d if h else _RNG.randint(1, 6) for d, h in zip(old, held))
        self.held = held
        self.roll += 1

    def toggle(self, index: int) -> None:
        if self.roll == 0:
            self.fail(Step("yahtzee.web.roll_first"), status=409)
        elif self.roll >= y.ROLLS:
            self.fail(Step("yahtzee.web.no_rolls"), status=409)
        else:
            self.held = tuple(not h if i == index else h for i, h in enumerate(self.held))

    def place(self, name: str) -> None:
        if self.roll == 0:
            self.fail(Step("yahtzee.web.roll_first"), status=409)
            return
        try:
            self.card = self.card.place(y.parse_category(name), self.dice)
        except RuleInputError as error:
            self.fail(error, status=409 if error.step.code != "yahtzee.error.category" else 400)
            return
        self.dice, self.held, self.roll = (), (False,) * y.DICE, 0


def table_store() -> yahtzee_table.TableStore:
    """The strategy tables of this app: ``YAHTZEE_TABLE_DIR`` or the instance folder."""
    return yahtzee_table.store_for(current_app.config.get("YAHTZEE_TABLE_DIR") or current_app.instance_path)


def coach_view(game: Game) -> dict:
    """What the coach panel shows: ``ready`` and the advice, or the progress while the table is computed."""
    if not game.coach or game.card.is_complete:
        return {"on": game.coach, "ready": False}
    store = table_store()
    strategy = store.strategy(y.FORCED)
    if strategy is None:
        return {"on": True, "ready": False, "progress": int(100 * store.progress.get(y.FORCED, 0.0)),
                "error": store.errors.get(y.FORCED)}
    advice = yahtzee_coach.advise(strategy, game.card, game.dice or None, game.roll)
    keep_best = advice.best.keep if advice.best and advice.best.keep is not None else None
    picks = yahtzee_coach.keep_indexes(game.dice, keep_best) if keep_best is not None else []
    box_values = {c.category: c for c in advice.choices if c.category is not None}
    return {"on": True, "ready": True, "advice": advice, "picks": picks, "box_values": box_values}


def _render(game: Game):
    explanation = y.explain(game.dice, game.card) if game.dice else None
    options = {o.category: o for o in explanation.options} if explanation else {}
    return page_or_fragment(
        "yahtzee/page.html", "yahtzee/_game.html", game.status,
        game=game, card=game.card, options=options, explanation=explanation, problem=game.problem,
        coach=coach_view(game), upper=y.UPPER, lower=y.LOWER, rolls=y.ROLLS,
    )


@bp.get("/yahtzee")
def page():
    """The Yahtzee page (or, for htmx, the game fragment: used by the coach's progress poll)."""
    return _render(Game.load())


@bp.post("/yahtzee")
def act():
    """Apply the pressed button (form field ``action``); 400 for an unknown button, 409 for a
    move the rules do not allow now (the game stays as it was)."""
    game = Game.load()
    game.apply(request.form.get("action", ""))
    if game.problem is None:
        game.save()
        if not is_htmx():
            return redirect(url_for("yahtzee.page"), code=303)
    return _render(game)
