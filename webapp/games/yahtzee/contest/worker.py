"""Python-class bots in a process of their own, under the limits of a program bot.

A bot given as ``path/to/file.py:Class`` or ``package.module.Class`` is somebody's code: it might sleep,
hang, print without end or start other processes. So the controller runs it in a worker process,
``python -m webapp.games.yahtzee.contest.worker SPEC FOLDER`` (FOLDER: the controller's, from which a relative
path in SPEC is taken), that speaks the JSON-lines protocol of :mod:`.external` over a :class:`webapp.core.botproc.BotProcess`: the same time limit for each answer, the
same bounded pipes, the same sandbox (an environment of its own with only ``PYTHONPATH`` added, a scratch
folder, resource limits), and the whole process tree killed at the end or on disqualification.

The worker first answers ``{"ready": NAME}`` (the class's name for the table) or ``{"error": CODE, "params":
{...}}`` when the class cannot be loaded. Each question carries, besides the protocol's fields, ``"card"``:
the score card as text (``aces=3,yahtzee=50,bonus=1``, see :func:`webapp.games.yahtzee.rules.parse_card`),
so that the bot's ``self.game.scorecard()`` is the full card. An exception in ``turn()`` or a wrong return
value is answered with an ``error`` too. Whatever the bot prints goes to standard error, not into the protocol.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any, Mapping

from webapp.core.botproc import python_path, shorten
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee.contest.external import ExternalPlayer, parse_answer
from webapp.games.yahtzee.contest.players import GameView, IllegalChoice, Player, ScorecardView, TurnChoice

#: The codes a worker may report (anything else from the pipe is a protocol error of that bot).
WORKER_ERRORS = ("yahtzee.contest.cannot_load", "yahtzee.contest.no_bot", "yahtzee.contest.not_player",
                 "yahtzee.contest.raised", "yahtzee.contest.not_choice", "yahtzee.contest.bad_keep")
#: Seconds a worker may take to load its class (on top of the answer time).
LOAD_TIME = 30.0


def load_player_class(spec: str, base: str | None = None) -> type[Player]:
    """A player class from ``package.module.Class``, ``package.module:Class`` or ``path/to/file.py:Class`` (a
    relative path from ``base``, None: the current folder).

    Raises:
        IllegalChoice: ``yahtzee.contest.no_bot`` (not such a spec), ``yahtzee.contest.cannot_load`` (no such
            module, file or class), ``yahtzee.contest.not_player`` (not a :class:`Player` class).
    """
    module_name, sep, class_name = spec.rpartition(":") if ":" in spec else spec.rpartition(".")
    if not sep or not module_name:
        raise IllegalChoice("yahtzee.contest.no_bot", spec=shorten(spec))
    try:
        if module_name.endswith(".py"):
            path = Path(base or os.curdir, module_name)
            location = importlib.util.spec_from_file_location(path.stem, path)
            if location is None or not path.is_file():
                raise ImportError(f"no file {module_name}")
            module = importlib.util.module_from_spec(location)
            location.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, SyntaxError) as error:
        raise IllegalChoice("yahtzee.contest.cannot_load", spec=shorten(spec), error=shorten(str(error))) from error
    if not (isinstance(cls, type) and issubclass(cls, Player)):
        raise IllegalChoice("yahtzee.contest.not_player", spec=shorten(spec))
    return cls


class WorkerPlayer(ExternalPlayer):
    """A Python-class bot run by a worker process (see the module docstring).

    Args:
        game: the player's view of the game.
        spec: ``path/to/file.py:Class`` or ``package.module.Class``.
        timeout: seconds the bot may take for one answer.

    Raises:
        IllegalChoice: the class cannot be loaded (the worker's reason), or the worker cannot be started.
    """

    def __init__(self, game: GameView, spec: str, timeout: float = 5.0) -> None:
        super().__init__(game, spec, timeout, argv=[sys.executable, "-m", __name__, spec, os.getcwd()], name=spec,
                         env={"PYTHONPATH": python_path()})  # it finds the modules the controller finds
        try:
            answer = self._answer(self.ask(None, timeout=LOAD_TIME + timeout))
            if not (isinstance(answer, dict) and isinstance(answer.get("ready"), str)):
                raise IllegalChoice("yahtzee.contest.bad_answer", line=shorten(json.dumps(answer)))
        except IllegalChoice:
            self.stop()
            raise
        self._name = shorten(answer["ready"], 40)

    def _answer(self, line: str) -> Any:
        """The worker's JSON answer; its ``error`` raised as :class:`IllegalChoice`."""
        try:
            answer = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            raise IllegalChoice("yahtzee.contest.not_json", line=shorten(line)) from None
        if isinstance(answer, dict) and answer.get("error") in WORKER_ERRORS and isinstance(answer.get("params"), dict):
            raise IllegalChoice(answer["error"], **{str(k): shorten(str(v)) for k, v in answer["params"].items()})
        return answer

    def message(self, dice: tuple[int, ...], stage: int) -> dict[str, Any]:
        return super().message(dice, stage) | {"card": str(self.game.scorecard().card)}

    def turn(self, dice: tuple[int, ...], stage: int) -> TurnChoice:
        line = self.ask(self.message(dice, stage))
        self._answer(line)
        return parse_answer(line)


class _View:
    """The game view inside the worker: what the last question said."""

    def __init__(self) -> None:
        self.card = y.Scorecard.empty()
        self.all_scores: list[int] = []

    def scorecard(self) -> ScorecardView:
        return ScorecardView.of(self.card)

    def scores(self) -> list[int]:
        return list(self.all_scores)


def _error(code: str, **params: Any) -> dict[str, Any]:
    return {"error": code, "params": {k: shorten(str(v)) for k, v in params.items()}}


def answer(player: Player, view: _View, message: Mapping[str, Any]) -> dict[str, Any]:
    """The worker's answer to one question (the bot's choice, or the error it made)."""
    view.card = y.parse_card(message.get("card", ""))
    view.all_scores = list(message.get("scores", []))
    try:
        choice = player.turn(tuple(message["dice"]), int(message["stage"]))
    except Exception as error:  # noqa: BLE001 - the bot's exception is its reason for disqualification
        return _error("yahtzee.contest.raised", error=f"{type(error).__name__}: {error}")
    if not isinstance(choice, TurnChoice):
        return _error("yahtzee.contest.not_choice", value=repr(choice))
    if choice.category is not None:
        if not isinstance(choice.category, y.Category):
            return _error("yahtzee.contest.not_choice", value=repr(choice))
        return {"category": choice.category.value}
    kept = list(choice.kept or ())
    if not all(type(i) is int for i in kept):
        return _error("yahtzee.contest.bad_keep", keep=repr(kept))
    return {"keep": kept}


def main(spec: str, base: str | None = None) -> None:
    """Load ``spec`` (a file's path relative to ``base``, the controller's folder) and answer questions on
    standard input until it ends (see the module docstring)."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # the bot's prints go to standard error
    sys.stdout = sys.stderr

    def say(data: dict[str, Any]) -> None:
        protocol.write(json.dumps(data) + "\n")
        protocol.flush()

    view = _View()
    try:
        player = load_player_class(spec, base)(view)  # type: ignore[arg-type]
        name = str(player.name)
    except IllegalChoice as error:
        say(_error(error.step.code, **error.step.as_dict()))
        return
    except Exception as error:  # noqa: BLE001 - a constructor that raises is the bot's fault
        say(_error("yahtzee.contest.raised", error=f"{type(error).__name__}: {error}"))
        return
    say({"ready": name})
    for line in sys.stdin:
        say(answer(player, view, json.loads(line)))


if __name__ == "__main__":
    main(*sys.argv[1:3])
