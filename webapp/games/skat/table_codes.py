"""A short text for every table action, so a page can keep a game in its URL or a cookie and replay it.

Codes: a bid is its number (``18``), ``yes`` holds, ``pass`` passes, ``skat`` picks the skat up, ``hand`` plays
hand, ``put:0S,KS`` discards two cards, a declaration is the game's name with ``+ouvert``, ``+schneider`` or
``+schwarz`` (``clubs``, ``null+ouvert``, ``grand+schwarz``), and a card played is the card (``JC``).

>>> [action_code(parse_action(t)) for t in ("18", "yes", "put:0s,ks", "null+ouvert", "jc")]
['18', 'yes', 'put:0S,KS', 'null+ouvert', 'JC']
>>> replay(7, 1, ["pass", "pass", "pass"]).phase.name
'THROWN_IN'
"""

from __future__ import annotations

from typing import Iterable

from webapp.core.numbers import ascii_int
from webapp.core.steps import NotationError, RuleInputError
from webapp.games.skat.bots import bot_move
from webapp.games.skat.official import Announcement, GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card, parse_cards
from webapp.games.skat.table import (
    Bid, Declare, Discard, Hold, Pass, Phase, PickUp, Play, PlayHand, TableAction, TableState, deal,
)

__all__ = ["action_code", "parse_action", "replay"]

#: The most digits of a bid (the highest valid bid is 264).
BID_DIGITS = 3
_WORDS: dict[str, TableAction] = {"yes": Hold(), "pass": Pass(), "skat": PickUp(), "hand": PlayHand()}
_GAMES = {g.value: g for g in GameType}


def action_code(action: TableAction) -> str:
    """The short text of ``action`` (see the module's docstring)."""
    if isinstance(action, Bid):
        return str(action.value)
    if isinstance(action, Discard):
        return "put:" + ",".join(str(c) for c in action.cards)
    if isinstance(action, Declare):
        extras = (["ouvert"] if action.ouvert else []) + ([action.announced.value] if action.announced else [])
        return "+".join([action.game.value] + extras)
    if isinstance(action, Play):
        return str(action.card)
    return next(word for word, value in _WORDS.items() if value == action)


def _bad(text: str) -> NotationError:
    return NotationError("skat.table.error.action_code", f"no table move: {text!r}", token=text)


def parse_action(text: str) -> TableAction:
    """Read one action code (case-insensitive).

    Raises:
        NotationError: ``skat.table.error.action_code`` naming the text.
    """
    word = text.strip().lower()
    number = ascii_int(word, BID_DIGITS, signed=False)  # not isdigit()/int(): "¹" and "٣" are no bids
    if number is not None:
        return Bid(number)
    if word in _WORDS:
        return _WORDS[word]
    if word.startswith("put:"):
        try:
            cards = parse_cards(word[4:].replace(",", " "))
        except RuleInputError:
            raise _bad(text) from None
        if len(cards) != 2:
            raise _bad(text)
        return Discard((cards[0], cards[1]))
    game, *extras = word.split("+")
    if game in _GAMES:
        if any(e not in ("ouvert", "schneider", "schwarz") for e in extras) or len(set(extras)) != len(extras):
            raise _bad(text)
        announced = next((Announcement(e) for e in extras if e != "ouvert"), None)
        if sum(e != "ouvert" for e in extras) > 1:
            raise _bad(text)
        return Declare(_GAMES[game], "ouvert" in extras, announced)
    try:
        return Play(parse_card(word))
    except RuleInputError:
        raise _bad(text) from None


def replay(seed: int, game_number: int, codes: Iterable[str]) -> TableState:
    """The state after dealing ``(seed, game_number)`` and applying ``codes`` in order.

    Raises:
        NotationError: a code that names no move, a bad game number.
        RuleViolation: a move the rules forbid at that point (as :meth:`TableState.apply`); any move after the
            end of the game, so a long list stops at the first code past the end.
    """
    state = deal(seed, game_number)
    for code in codes:
        state = state.apply(parse_action(code))
    return state


def bot_game_codes(seed: int, game_number: int = 1, holder: Seat | None = None) -> tuple[TableState, list[str]]:
    """Game ``game_number`` of ``seed`` played to its end by the bots' rules for every seat
    (:func:`webapp.games.skat.bots.bot_move`): the final state and every move's action code, in order (the table's
    address of a whole game, ``a=`` joined by ``.``; used by the benchmarks and the tests). With ``holder``, that
    seat holds every bid said to it (the longest auction the other seats' limits allow).

    Raises:
        NotationError: a bad game number (as :func:`deal`).
    """
    state, codes = deal(seed, game_number), []
    while state.to_act is not None:
        holds = state.to_act == holder and state.phase is Phase.AUCTION and state.auction.answering
        action = Hold() if holds else bot_move(state).action
        codes.append(action_code(action))
        state = state.apply(action)
    return state, codes
