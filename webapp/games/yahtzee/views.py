"""Yahtzee in the browser: roll, keep dice, roll again, fill a box; a full game with the coach.

The game lives in the signed session cookie (no database): the score card, the
dice, which dice are kept, the roll number and whether the coach is on, so it
survives a reload and a server restart (the secret key is kept in the instance
folder). Dice come from the server's random generator, never from the browser.

One form, one POST route: the button pressed names the action (``roll``,
``hold-0`` .. ``hold-4``, ``place-<box>``, ``new``, ``coach-on``, ``coach-off``).
htmx gets the game fragment back; without JavaScript the browser is redirected
to ``/yahtzee`` (POST, redirect, GET). The rules of the turn are the engine's
(:mod:`webapp.games.yahtzee.turn`): this module maps a button to a move and the
engine's error type to the status (notation error 400, rule violation 409).
The coach's strategy tables come from the app's stores (:mod:`webapp.games.yahtzee.table`),
set up when this blueprint is registered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from flask import Blueprint, current_app, redirect, request, session, url_for

from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import coach as yahtzee_coach
from webapp.games.yahtzee import ending as yahtzee_ending
from webapp.games.yahtzee.turn import Keep, Move, NotationError, Place, Roll, RuleViolation, Turn
from webapp.core.numbers import ascii_int
from webapp.core.steps import RuleInputError, status_of
from webapp.core.web import ProblemTracker, is_htmx, page_or_fragment, played

bp = Blueprint("yahtzee", __name__)
bp.record_once(lambda state: yahtzee_table.init_app(state.app))  # the app's strategy-table stores

SESSION_KEY = "yahtzee"
_RNG = random.SystemRandom()


@dataclass
class Game(ProblemTracker):
    """One player's game as kept in the session cookie: the engine's :class:`Turn` and the coach switch."""

    turn: Turn = field(default_factory=Turn)
    coach: bool = False

    @property
    def card(self) -> y.Scorecard:
        """The score card (the template's name)."""
        return self.turn.card

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice showing, ``()`` before the first roll."""
        return self.turn.dice

    @property
    def held(self) -> tuple[bool, ...]:
        """Which dice are kept (the template's and the cookie's name)."""
        return self.turn.kept

    @property
    def roll(self) -> int:
        """Rolls made this turn, 0..3 (the template's and the cookie's name)."""
        return self.turn.rolls

    @classmethod
    def load(cls) -> "Game":
        """The game in the session; a damaged or missing one starts afresh."""
        data = session.get(SESSION_KEY)
        data = data if isinstance(data, dict) else {}  # what no page writes (a bug, an older version)
        try:
            texts = {key: data.get(key, default) for key, default in (("card", ""), ("dice", ""), ("held", "00000"))}
            if not all(isinstance(text, str) for text in texts.values()) or type(data.get("roll", 0)) is not int:
                raise TypeError("a game no page writes")
            card = y.parse_card(texts["card"])
            dice = y.parse_dice(texts["dice"]) if texts["dice"] else ()
            held = tuple(c == "1" for c in texts["held"])
            turn = Turn(card, dice, held, data.get("roll", 0))
        except (RuleInputError, ValueError, TypeError, KeyError):
            return cls(coach=bool(data.get("coach")))
        return cls(turn=turn, coach=bool(data.get("coach")))

    def save(self) -> None:
        """Write the game into the session cookie (the format :meth:`load` reads)."""
        session[SESSION_KEY] = {
            "card": str(self.card), "dice": "".join(map(str, self.dice)),
            "held": "".join("1" if h else "0" for h in self.held), "roll": self.roll, "coach": self.coach,
        }

    def apply(self, action: str) -> None:
        """Apply one button press (see the module docstring); problems go to :attr:`problem`:
        400 for a notation error (no such button or box), 409 for a rule violation."""
        if action == "new":
            self.turn = Turn()
        elif action in ("coach-on", "coach-off"):
            self.coach = action == "coach-on"
        else:
            try:
                self.turn.require_open()
                self.turn = self.turn.apply(self.move(action))
            except (NotationError, RuleViolation) as error:
                self.fail(error, status=status_of(error))

    def move(self, action: str) -> Move:
        """The engine's move for a button: ``roll`` (with fresh dice from the server's
        generator), ``hold-<0..4>``, ``place-<box>``.

        Raises:
            NotationError: ``yahtzee.web.bad_action`` naming a button that does not exist.
        """
        if action == "roll":
            return Roll(tuple(_RNG.randint(1, 6) for _ in range(self.turn.to_roll)))
        die = ascii_int(action[5:], 1, signed=False) if action.startswith("hold-") else None
        if die is not None and die < y.DICE:
            return Keep(die)
        if action.startswith("place-"):
            return Place(action[6:])
        raise NotationError("yahtzee.web.bad_action", f"no such button: {action[:40]}", detail=action[:40])


def table_store() -> yahtzee_table.TableStore:
    """The strategy tables of this app: ``YAHTZEE_TABLE_DIR`` or the instance folder, then the shipped table."""
    stores = current_app.extensions[yahtzee_table.EXTENSION]
    return stores.for_folder(yahtzee_table.app_folder(current_app.config, current_app.instance_path),
                             yahtzee_table.app_shipped(current_app.config))


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
        ending=yahtzee_ending.encouragement(game.card),
        lesson_done="yahtzee.game" if game.card.is_complete and played("yahtzee.game") else None,
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
    action = request.form.get("action", "")
    game.apply(action)
    if game.problem is None:
        game.save()
        if not is_htmx():
            return redirect(url_for("yahtzee.page"), code=303)
    response = _render(game)
    if action in ("roll", "new") and game.problem is None:
        # the answer is the new dice, the next roll and every box's value: htmx scrolls the game's top into view
        response.headers["HX-Reswap"] = "innerHTML show:#yahtzee-game:top"
    return response
