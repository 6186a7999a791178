"""The controller's side of a seat: a subprocess bot or an in-process strategy.

Both answer the same calls, in this order, once a round: :meth:`Player.start`
(the dealt hand), :meth:`Player.exchange`, :meth:`Player.replaced`,
:meth:`Player.extras`, :meth:`Player.extra_cards`, :meth:`Player.reveal`,
:meth:`Player.finish`. A bot that breaks the rules raises :class:`BotFailure`
and is out of the round.

A subprocess bot (seed 003) is started once a round with its command line, in
its own folder, in the sandbox of :class:`webapp.core.botproc.BotProcess` (an
environment of its own, without our secrets, plus ``PYTHONPATH`` so that
``python3 -m`` bots find this package; resource limits; its own PID namespace
where Linux allows it), without a shell. Its output is read without blocking, so
every read waits at most until its deadline: the
per-move time limit after the controller's last line or the bot's last answer
(plus a start-up allowance for the first answer of a round); every write waits at most as long. On a
timeout, a crash, garbage, a line longer than :data:`MAX_LINE` or a card it does not hold, the bot and
everything it started are killed (:class:`webapp.core.botproc.BotProcess`).

A failure's reason is a :class:`~webapp.core.steps.Step` (a ``poker.contest.*`` message code), shown in the
reader's language; a line the bot wrote is quoted cut to 80 characters.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from webapp.games.pokerface.rules import (MAX_EXTRA, Card, NotationError, RuleViolation, cards_text, check_reveal,
                                          exchange, parse_card)
from webapp.core.botproc import BotProcess, LineTooLong, python_path, shorten
from webapp.core.steps import Step
from webapp.games.pokerface.contest.config import BotConfig
from webapp.games.pokerface.contest.strategies import Strategy

#: The words that mean "yes, I exchange" (seed 003, case-sensitive).
TRUE_WORDS = ("true", "1", "t")
#: Extra seconds allowed for the first answer of a round (starting Java or Python takes time).
STARTUP_GRACE = 2.0
#: The longest line read from a bot, in bytes (a bot printing without end cannot fill the memory).
MAX_LINE = 4096


#: What the controller waited for, as the step named in a reason (``poker.contest.q.*``).
QUESTIONS = {"exchange": "poker.contest.q.exchange", "cards": "poker.contest.q.cards",
             "extras": "poker.contest.q.extras", "reveal": "poker.contest.q.reveal"}


class BotFailure(Exception):
    """A bot broke the protocol; it loses the round.

    Args:
        kind: ``timeout``, ``crash``, ``garbage`` or ``cheat``.
        reason: the reason's message code (``poker.contest.*``); ``params`` its parameters.

    Attributes:
        kind: as given.
        step: the reason as a :class:`~webapp.core.steps.Step`, rendered in the reader's language.
    """

    def __init__(self, kind: str, reason: str, /, **params: Any) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.step = Step(reason, **params)


def question(what: str) -> Step:
    """The step naming what the controller asked for (``exchange``, ``cards``, ``extras``, ``reveal``)."""
    return Step(QUESTIONS[what])


class Player:
    """One seat at the table; subclasses talk to a bot."""

    name: str = "?"

    def start(self, hand: tuple[Card, ...]) -> None:
        """Give the bot its five dealt cards."""

    def exchange(self) -> tuple[int, ...]:
        """The indices of the dealt cards the bot gives away (checked)."""
        raise NotImplementedError

    def replaced(self, cards: tuple[Card, ...]) -> None:
        """Give the bot its replacement cards (called only after it asked to exchange)."""

    def extras(self) -> int:
        """How many extra cards the bot takes, 0 to 3 (checked)."""
        raise NotImplementedError

    def extra_cards(self, cards: tuple[Card, ...]) -> None:
        """Give the bot its extra cards (possibly none)."""

    def reveal(self, held: tuple[Card, ...]) -> tuple[Card, ...]:
        """The five cards the bot shows (checked against ``held``)."""
        raise NotImplementedError

    def finish(self, at_once: bool = False) -> None:
        """End the round (a subprocess is stopped; ``at_once``: without waiting for it to end by itself)."""


class InProcessPlayer(Player):
    """A :class:`~.strategies.Strategy` played directly (the filler bots, fast series)."""

    def __init__(self, strategy: Strategy, name: str | None = None) -> None:
        self.strategy = strategy
        self.name = name or strategy.name
        self.hand: tuple[Card, ...] = ()
        self.give: tuple[int, ...] = ()

    def start(self, hand):
        self.hand = hand

    def exchange(self):
        self.give = tuple(sorted(set(self.strategy.exchange(self.hand))))
        return self.give

    def replaced(self, cards):
        self.hand = exchange(self.hand, self.give, cards)

    def extras(self):
        return self.strategy.extras(self.hand)

    def reveal(self, held):
        return parse_reveal(cards_text(self.strategy.reveal(held)), held)  # the same check as for a subprocess


def parse_exchange(line: str, hand: Sequence[Card]) -> tuple[int, ...]:
    """Read an exchange list: card indices 0-4 and/or card names, separated by spaces (seed 003).

    Raises:
        BotFailure: ``garbage`` for a token that is neither, an index out of
            range or a card named twice; ``cheat`` for a card not in the hand.
    """
    chosen: list[int] = []
    for token in line.split():
        if token.isdigit() and token.isascii():
            index = int(token)
            if index >= len(hand):
                raise BotFailure("garbage", "poker.contest.bad_index", token=shorten(token, 20), last=len(hand) - 1)
        else:
            try:
                card = parse_card(token)
            except NotationError:
                raise BotFailure("garbage", "poker.contest.not_card", token=shorten(token, 20)) from None
            if card not in hand:
                raise BotFailure("cheat", "poker.contest.not_held", card=card)
            index = list(hand).index(card)
        if index in chosen:
            raise BotFailure("garbage", "poker.contest.twice", card=hand[index])
        chosen.append(index)
    return tuple(sorted(chosen))


def parse_extras(line: str) -> int:
    """Read the number of extra cards: 0 to 3, spaces around allowed.

    Raises:
        BotFailure: ``garbage`` for anything else.
    """
    text = line.strip()
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_EXTRA):
        raise BotFailure("garbage", "poker.contest.bad_extras", line=shorten(line))
    return int(text)


def parse_reveal(line: str, held: Sequence[Card]) -> tuple[Card, ...]:
    """Read the final hand: five held cards separated by spaces, any order.

    Raises:
        BotFailure: ``garbage`` for a token that is no card or not five cards;
            ``cheat`` for a card the bot does not hold.
    """
    try:
        cards = tuple(parse_card(token) for token in line.split())
        check_reveal(held, cards)
    except RuleViolation as error:
        raise BotFailure("cheat", "poker.contest.bad_reveal", line=shorten(line), why=error.step) from None
    except NotationError as error:
        raise BotFailure("garbage", "poker.contest.bad_reveal", line=shorten(line), why=error.step) from None
    return cards


class SubprocessPlayer(Player):
    """A bot program talking the seed's line protocol, one process a round.

    Args:
        config: the bot's :class:`~.config.BotConfig`.
        timeout: seconds allowed for each answer (the per-move limit).
        startup_grace: extra seconds for the first answer of a round.
    """

    def __init__(self, config: BotConfig, timeout: float = 1.0, startup_grace: float = STARTUP_GRACE) -> None:
        self.config = config
        self.name = config.name
        self.timeout = timeout
        self.startup_grace = startup_grace
        self.process: BotProcess | None = None
        self.deadline = 0.0
        self.hand: tuple[Card, ...] = ()

    # --- the process ---------------------------------------------------------------
    def _spawn(self) -> None:
        try:
            self.process = BotProcess(self.config.argv(), self.config.folder, encoding="ascii", max_line=MAX_LINE,
                                      env={"PYTHONPATH": python_path()})  # ``python3 -m`` bots find this package
        except OSError as error:
            raise BotFailure("crash", "poker.contest.cannot_start", command=shorten(self.config.cmd),
                             error=shorten(str(error.strerror or error))) from None

    def _send(self, line: str) -> None:
        assert self.process is not None
        try:
            # a bot that stopped reading may have answered everything already: its output tells
            self.process.send(line, timeout=max(self.deadline - time.monotonic(), self.timeout))
        except TimeoutError:
            raise BotFailure("timeout", "poker.contest.not_reading", seconds=self.timeout) from None
        self.deadline = time.monotonic() + self.timeout

    def _read(self, what: str) -> str:
        assert self.process is not None
        try:
            line = self.process.read(self.deadline - time.monotonic())
        except TimeoutError:
            raise BotFailure("timeout", "poker.contest.late", seconds=self.timeout, question=question(what)) from None
        except LineTooLong as error:
            raise BotFailure("garbage", "poker.contest.too_long", limit=error.limit, line=shorten(error.start)) from None
        if line is None:
            raise self._crashed(what)
        self.deadline = time.monotonic() + self.timeout  # the next answer gets its own time
        return line

    def _crashed(self, what: str) -> BotFailure:
        """The failure of a bot that ended before answering ``what``: its exit code and last error line."""
        assert self.process is not None
        code = self.process.exit_status()
        said = self.process.errors
        if code is not None and code < 0:
            return BotFailure("crash", "poker.contest.killed", signal=-code, question=question(what))
        if said:
            return BotFailure("crash", "poker.contest.ended_said", status="?" if code is None else code,
                              question=question(what), said=shorten(said[-1]))
        return BotFailure("crash", "poker.contest.ended", status="?" if code is None else code, question=question(what))

    # --- the round -----------------------------------------------------------------
    def start(self, hand):
        self.hand = hand
        self._spawn()
        self._send(self.config.format_cards(hand))
        self.deadline += self.startup_grace

    def exchange(self):
        flag = self._read("exchange")
        if not flag.strip():
            raise BotFailure("garbage", "poker.contest.empty_flag")
        if flag.strip() not in TRUE_WORDS:
            return ()
        return parse_exchange(self._read("cards"), self.hand)

    def replaced(self, cards):
        self._send(self.config.format_cards(cards))

    def extras(self):
        return parse_extras(self._read("extras"))

    def extra_cards(self, cards):
        self._send(self.config.format_cards(cards))

    def reveal(self, held):
        return parse_reveal(self._read("reveal"), held)

    def finish(self, at_once=False):
        if self.process is not None:
            self.process, process = None, self.process
            process.close(grace=0 if at_once else 0.2)
