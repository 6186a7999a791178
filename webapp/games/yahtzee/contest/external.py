"""Bots as external programs, in any language: the JSON-lines protocol.

The controller starts the program once per tournament (no shell: the command is
split like a shell would, then run directly) and talks to it over its standard
input and output, one JSON object a line, UTF-8:

* the controller sends, for every roll the bot must answer::

    {"dice": [5, 5, 2, 6, 5], "stage": 0,
     "scorecard": {"free": ["aces", "twos", ...], "score": 0, "upper_score": 0,
                   "upper_bonus": 0, "yahtzee_bonus": 0, "yahtzee_box": null},
     "scores": [0, 12, 25]}

* the bot answers one line: ``{"keep": [0, 1, 4]}`` (indexes 0-4 of the dice to
  keep; allowed at stage 0 and 1) or ``{"category": "fives"}`` (a box name:
  aces twos threes fours fives sixes 3kind 4kind fullhouse small large yahtzee chance).

A bot that answers late (default 5 s), writes something else, or exits is
disqualified with the reason. At the end the controller closes the bot's
standard input and, after one second, kills it (and anything it started).
Standard error is passed through. The pipes are :class:`webapp.core.botproc.BotProcess`,
shared with the Pokerface contest.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from webapp.games.yahtzee import rules as y
from webapp.core.steps import RuleInputError
from webapp.core.botproc import BotProcess
from webapp.games.yahtzee.contest.players import GameView, IllegalChoice, Player, TurnChoice


class ExternalPlayer(Player):
    """A bot run as a separate program (see the module docstring for the protocol).

    Args:
        game: the player's view of the game.
        command: the command line, e.g. ``"python3 mybot.py"`` (split with :func:`shlex.split`).
        timeout: seconds the bot may take for one answer.
    """

    def __init__(self, game: GameView, command: str, timeout: float = 5.0) -> None:
        super().__init__(game)
        self.command = command
        self.timeout = timeout
        try:
            self.process = BotProcess(shlex.split(command), capture_stderr=False)
        except OSError as error:
            raise IllegalChoice(f"cannot start {command!r}: {error}") from error

    @property
    def name(self) -> str:
        """The program's file name (the last word of the command), e.g. ``mybot.py``."""
        return Path(shlex.split(self.command)[-1]).name

    def turn(self, dice: tuple[int, ...], stage: int) -> TurnChoice:
        message = {"dice": list(dice), "stage": stage, "scorecard": self.game.scorecard().as_json(),
                   "scores": self.game.scores()}
        sent = self.process.send(json.dumps(message))
        try:
            # a bot that no longer reads may have ended: its output then ends at once (bounded wait)
            line = self.process.read(self.timeout if sent else min(self.timeout, 1.0))
        except TimeoutError:
            if not sent:
                raise IllegalChoice("the program stopped reading its input") from None
            raise IllegalChoice(f"no answer within {self.timeout:g} s") from None
        if line is None:  # its output ended: whether before or after our line, the program is gone
            raise IllegalChoice(f"the program ended (exit status {self.process.exit_status()})")
        return parse_answer(line)

    def close(self) -> None:
        self.process.close(grace=1.0)


def parse_answer(line: str) -> TurnChoice:
    """Parse one answer line of the protocol.

    Raises:
        IllegalChoice: not JSON, not an object with ``keep`` or ``category``, or a bad value.
    """
    try:
        answer = json.loads(line)
    except json.JSONDecodeError:
        raise IllegalChoice(f"the answer is not JSON: {line.strip()[:80]!r}") from None
    if isinstance(answer, dict) and "keep" in answer and isinstance(answer["keep"], list):
        if all(isinstance(i, int) for i in answer["keep"]):
            return TurnChoice.keep(answer["keep"])
    if isinstance(answer, dict) and isinstance(answer.get("category"), str):
        try:
            return TurnChoice.place(y.parse_category(answer["category"]))
        except RuleInputError:
            raise IllegalChoice(f"unknown category {answer['category']!r}") from None
    raise IllegalChoice(f'the answer needs "keep": [indexes] or "category": name, not {line.strip()[:80]!r}')
