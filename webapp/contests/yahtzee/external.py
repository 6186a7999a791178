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
standard input and, after one second, kills it. Standard error is passed through.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from pathlib import Path

from ...rules import yahtzee as y
from ...rules.steps import RuleInputError
from .players import GameView, IllegalChoice, Player, TurnChoice


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
        self._lines: queue.Queue[str | None] = queue.Queue()
        try:
            self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8", bufsize=1)
        except OSError as error:
            raise IllegalChoice(f"cannot start {command!r}: {error}") from error
        threading.Thread(target=self._read, daemon=True, name=f"bot-{command}").start()

    @property
    def name(self) -> str:
        """The program's file name (the last word of the command), e.g. ``mybot.py``."""
        return Path(shlex.split(self.command)[-1]).name

    def _read(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def turn(self, dice: tuple[int, ...], stage: int) -> TurnChoice:
        message = {"dice": list(dice), "stage": stage, "scorecard": self.game.scorecard().as_json(),
                   "scores": self.game.scores()}
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except OSError as error:
            raise IllegalChoice(f"the program stopped reading its input ({error})") from error
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise IllegalChoice(f"no answer within {self.timeout:g} s") from None
        if line is None:
            raise IllegalChoice(f"the program ended (exit status {self.process.poll()})")
        return parse_answer(line)

    def close(self) -> None:
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


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
