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

A bot that answers late (default 5 s; its first answer may take 2 s more), does not take a question within that time (it does not read its
input), writes something else or a line over 4 KiB, or exits, is disqualified with the reason and stopped at
once (it and everything it started). At the end the controller closes the bot's standard input and, after one
second, kills what is left. The first 64 KiB of its standard error are passed through, the rest is dropped.
The pipes are :class:`webapp.core.botproc.BotProcess`, shared with the Pokerface contest: the program runs in
an empty scratch folder with an environment of its own (no secret of ours), so the words of the command that
name files relative to the controller's folder are made absolute first.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, Mapping, Sequence

from webapp.core.botproc import BotProcess, LineTooLong, absolute_paths, shorten
from webapp.core.steps import RuleInputError
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee.contest.players import GameView, IllegalChoice, Player, TurnChoice

#: The longest answer line, in bytes.
MAX_LINE = 4096
#: How much of a bot's standard error is passed through, in bytes.
ECHO_STDERR = 65536
#: Extra seconds for a program's first answer (starting Java or Python takes time).
STARTUP_GRACE = 2.0


class ExternalPlayer(Player):
    """A bot run as a separate program (see the module docstring for the protocol).

    Args:
        game: the player's view of the game.
        command: the command line, e.g. ``"python3 mybot.py"`` (split with :func:`shlex.split`).
        timeout: seconds the bot may take for one answer (and to take one question).
        argv, name, env: for subclasses: the command already split, the name shown, variables added to the
            bot's environment (:func:`webapp.core.botproc.bot_environment`).

    Raises:
        IllegalChoice: ``yahtzee.contest.cannot_start`` when the program cannot be started.
    """

    def __init__(self, game: GameView, command: str, timeout: float = 5.0, *, argv: Sequence[str] | None = None,
                 name: str | None = None, env: Mapping[str, str] | None = None) -> None:
        super().__init__(game)
        self.command = command
        self.timeout = timeout
        self.grace = STARTUP_GRACE  # for the first answer only
        try:
            argv = shlex.split(command) if argv is None else list(argv)
        except ValueError as error:
            raise IllegalChoice("yahtzee.contest.cannot_start", command=shorten(command), error=str(error)) from None
        if not argv:
            raise IllegalChoice("yahtzee.contest.cannot_start", command="", error="no command")
        self._name = name or Path(argv[-1]).name
        try:
            self.process = BotProcess(absolute_paths(argv), max_line=MAX_LINE, echo_stderr=ECHO_STDERR, env=env)
        except OSError as error:
            raise IllegalChoice("yahtzee.contest.cannot_start", command=shorten(command),
                                error=shorten(str(error.strerror or error))) from None

    @property
    def name(self) -> str:
        """The program's file name (the last word of the command), e.g. ``mybot.py``."""
        return self._name

    def message(self, dice: tuple[int, ...], stage: int) -> dict[str, Any]:
        """The question for one roll (the protocol's JSON object)."""
        return {"dice": list(dice), "stage": stage, "scorecard": self.game.scorecard().as_json(),
                "scores": self.game.scores()}

    def ask(self, message: dict[str, Any], timeout: float | None = None) -> str:
        """Send one question (None: none) and return the answer line.

        Raises:
            IllegalChoice: late, not reading its input, a line too long, or the program ended.
        """
        timeout = self.timeout if timeout is None else timeout
        sent = True
        if message is not None:
            try:
                sent = self.process.send(json.dumps(message), timeout=timeout)
            except TimeoutError:
                raise IllegalChoice("yahtzee.contest.not_reading", seconds=timeout) from None
        try:
            line = self.process.read(timeout + self.grace)  # a bot that ended: its end is reported at once
        except TimeoutError:
            code = "yahtzee.contest.late" if sent else "yahtzee.contest.not_reading"
            raise IllegalChoice(code, seconds=timeout) from None
        except LineTooLong as error:
            raise IllegalChoice("yahtzee.contest.too_long", limit=error.limit, line=shorten(error.start)) from None
        if line is None:
            status = self.process.exit_status(1.0)
            if status is not None and status < 0:
                raise IllegalChoice("yahtzee.contest.killed", signal=-status)
            raise IllegalChoice("yahtzee.contest.ended", status="?" if status is None else status)
        self.grace = 0.0
        return line

    def turn(self, dice: tuple[int, ...], stage: int) -> TurnChoice:
        return parse_answer(self.ask(self.message(dice, stage)))

    def close(self) -> None:
        self.process.close(grace=1.0)

    def stop(self) -> None:
        self.process.close(grace=0)


def parse_answer(line: str) -> TurnChoice:
    """Parse one answer line of the protocol.

    Raises:
        IllegalChoice: not JSON, not an object with ``keep`` or ``category``, or a bad value.
    """
    try:
        answer = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        raise IllegalChoice("yahtzee.contest.not_json", line=shorten(line)) from None
    if isinstance(answer, dict) and "keep" in answer and isinstance(answer["keep"], list):
        if all(isinstance(i, int) for i in answer["keep"]):
            return TurnChoice.keep(answer["keep"])
    if isinstance(answer, dict) and isinstance(answer.get("category"), str):
        try:
            return TurnChoice.place(y.parse_category(answer["category"]))
        except RuleInputError as error:
            raise IllegalChoice(error.step.code, **dict(error.step.params, token=shorten(answer["category"], 40))) from None
    raise IllegalChoice("yahtzee.contest.bad_answer", line=shorten(line))
