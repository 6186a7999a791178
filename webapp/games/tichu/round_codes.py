"""A short text for every round action, so a page can keep a Tichu round in its URL or a cookie and replay it.

Each code starts with the player (1-4; seat 0 is player 1) and a dot: ``2.grand`` calls Grand Tichu, ``2.no``
declines it, ``3.tichu`` calls Tichu, ``1.pass`` passes the turn, ``1.swap:5g,Ab,2r`` passes cards to the next
player, the partner and the player before, ``4.play:5g5k`` plays cards (``:w8`` adds the Mah Jong's wish,
``:a7`` the rank the Phoenix stands for), ``1.dragon:2`` gives the Dragon trick to player 2. Cards are written
in the Tichu notation (:mod:`webapp.games.tichu.rules.cards`; the ten is ``0``).

>>> from webapp.games.tichu.round import Play, Exchange
>>> from webapp.games.tichu.rules import parse_play
>>> action_code(Play(0, parse_play("1"), wish=10))
'1.play:1:w0'
>>> parse_action("1.play:1:w10") == Play(0, parse_play("1"), wish=10)
True
>>> replay(3, 1, ["1.no", "2.no", "3.no", "4.no"]).phase.name
'EXCHANGE'
"""

from __future__ import annotations

from itertools import islice
from typing import Iterable

from webapp.core.steps import NotationError, RuleInputError
from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Play, RoundAction, RoundState, deal,
)
from webapp.games.tichu.rules import RANK_TEXT, TEN, parse_play, parse_wish
from webapp.games.tichu.trick import SEATS

__all__ = ["action_code", "parse_action", "replay", "MAX_CODES"]

#: A round takes far fewer actions than this (4 + 4 + 56 plays + passes + calls); longer lists are refused.
MAX_CODES = 600
#: The longest single code read (a play of 14 suited cards with wish and reading fits easily).
MAX_CODE_TEXT = 60

_WORDS = {"grand": CallGrandTichu, "no": Decline, "tichu": CallTichu, "pass": PassTurn}


def _rank(rank: int) -> str:
    return "0" if rank == TEN else RANK_TEXT[rank]


def action_code(action: RoundAction) -> str:
    """The short text of ``action`` (see the module's docstring)."""
    player = f"{action.seat + 1}."
    for word, kind in _WORDS.items():
        if type(action) is kind:
            return player + word
    if isinstance(action, Exchange):
        return player + "swap:" + ",".join(str(c) for c in action.cards)
    if isinstance(action, GiveDragon):
        return player + f"dragon:{action.to + 1}"
    assert isinstance(action, Play)
    text = player + "play:" + "".join(str(c) for c in action.cards)
    if action.wish is not None:
        text += ":w" + _rank(action.wish)
    if action.reading is not None:
        text += ":a" + _rank(action.reading)
    return text


def _bad(text: str) -> NotationError:
    shown = text if len(text) <= MAX_CODE_TEXT else text[:MAX_CODE_TEXT] + "…"
    return NotationError("tichu.round.error.action_code", f"no Tichu round move: {shown!r}", token=shown)


def parse_action(text: str) -> RoundAction:
    """Read one action code (the words case-insensitive, the cards in the Tichu notation).

    Raises:
        NotationError: ``tichu.round.error.action_code`` naming the text (a bad player, word, card, wish).
    """
    if len(text) > MAX_CODE_TEXT:
        raise _bad(text)
    player, dot, rest = text.strip().partition(".")
    if not dot or player not in {str(p) for p in range(1, SEATS + 1)}:
        raise _bad(text)
    seat = int(player) - 1
    word, _, args = rest.partition(":")
    word = word.lower()
    try:
        if word in _WORDS and not args:
            return _WORDS[word](seat)
        if word == "swap":
            cards = parse_play(args)
            if len(cards) != 3:
                raise _bad(text)
            return Exchange(seat, (cards[0], cards[1], cards[2]))
        if word == "dragon" and args in {str(p) for p in range(1, SEATS + 1)}:
            return GiveDragon(seat, int(args) - 1)
        if word == "play":
            cards_text, *extras = args.split(":")
            cards = parse_play(cards_text)
            wish = reading = None
            for extra in extras:
                if extra[:1].lower() == "w" and wish is None:
                    wish = parse_wish(extra[1:])
                elif extra[:1].lower() == "a" and reading is None:
                    reading = parse_wish(extra[1:])
                else:
                    raise _bad(text)
            if cards:
                return Play(seat, cards, wish, reading)
    except RuleInputError:
        raise _bad(text) from None
    raise _bad(text)


def replay(seed: int, round_number: int, codes: Iterable[str], before: tuple[int, int] = (0, 0)) -> RoundState:
    """The state after dealing ``(seed, round_number)`` and applying ``codes`` in order.

    Raises:
        NotationError: a code that names no move, a bad round number, more than :data:`MAX_CODES` codes.
        RuleViolation: a move the rules forbid at that point (as :meth:`RoundState.apply`).
    """
    moves = list(islice(codes, MAX_CODES + 1))
    if len(moves) > MAX_CODES:
        raise NotationError("tichu.round.error.action_code", "too many moves for one round",
                            token=f"#{MAX_CODES + 1}")
    state = deal(seed, round_number, before)
    for code in moves:
        state = state.apply(parse_action(code))
    return state
