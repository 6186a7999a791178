"""Tichu cards, combinations, and whether a play may go on the previous one.

The rules are those of the official Tichu rulebook (Fata Morgana) and its
FAQ; the seed challenge "Is it a valid Tichu play?" (seed 001) is the same game
without suits, and its 47 cases hold unchanged.

The engine is split by topic; this package re-exports every public name, so
``from webapp.games.tichu import rules as tichu`` keeps working:

* :mod:`~webapp.games.tichu.rules.cards`: ranks, suits, :class:`TichuCard`,
  the notation (:func:`parse_play`, :func:`parse_wish`) and the deck checks;
* :mod:`~webapp.games.tichu.rules.combinations`: :class:`Kind`,
  :class:`Combination` and :func:`readings`;
* :mod:`~webapp.games.tichu.rules.compare`: which combination beats which;
* :mod:`~webapp.games.tichu.rules.judge`: :class:`Verdict`, :func:`judge`,
  :func:`judge_pass`, :func:`is_legal`;
* :mod:`~webapp.games.tichu.rules.wish`: the Mah Jong's wish
  (:func:`lowest_fulfilling_play`) and the searches :func:`plays_of_length`, :func:`bombs`;
* :mod:`~webapp.games.tichu.rules.diagnosis`: why cards are no combination;
* :mod:`~webapp.games.tichu.rules.codes`: the message codes as enums
  (:class:`Reason`, :class:`ErrorCode`, the steps) and :data:`CODES`.

The notation (one character a card, an optional suit letter) is described in :mod:`.cards`.

>>> verdict = judge(parse_play("JJ"), parse_play("QQ"))
>>> verdict.legal, verdict.reason
(True, <Reason.HIGHER: 'tichu.reason.higher'>)
>>> judge(parse_play("JJ"), parse_play("QQKK")).reason
<Reason.KIND: 'tichu.reason.kind'>
>>> [str(c) for c in readings(parse_play("3456P"))]
['3456P', 'P3456']

The engine never writes prose: a :class:`Verdict` carries a tuple of
:class:`~webapp.core.steps.Step` objects, and :mod:`webapp.catalogue` holds
their sentences.
"""

from __future__ import annotations

from webapp.games.tichu.rules.cards import (
    ACE,
    COPIES,
    DOG,
    DRAGON,
    JACK,
    KING,
    MAH_JONG,
    MAX_CARDS,
    MAX_TEXT,
    MIN_STAIRS_PAIRS,
    MIN_STRAIGHT,
    NATURAL_CHARS,
    NATURAL_RANKS,
    PHOENIX,
    QUEEN,
    RANK_TEXT,
    TEN,
    TichuCard,
    TichuSuit,
    check_deck,
    check_size,
    check_text,
    count_tokens,
    deck,
    parse_card,
    parse_play,
    parse_wish,
    remove_from_hand,
    tokens,
)
from webapp.games.tichu.rules.codes import (
    CODES,
    Code,
    ErrorCode,
    PlayStep,
    Reason,
    RuleStep,
    TableStep,
    VerdictStep,
    WishStep,
    Why,
)
from webapp.games.tichu.rules.combinations import Combination, Kind, readings
from webapp.games.tichu.rules.judge import Verdict, is_legal, judge, judge_pass
from webapp.games.tichu.rules.wish import bombs, can_fulfil_wish, lowest_fulfilling_play, play_order, plays_of_length

__all__ = [
    "ACE", "CODES", "COPIES", "DOG", "DRAGON", "JACK", "KING", "MAH_JONG", "MAX_CARDS", "MAX_TEXT", "MIN_STAIRS_PAIRS", "MIN_STRAIGHT",
    "NATURAL_CHARS", "NATURAL_RANKS", "PHOENIX", "QUEEN", "RANK_TEXT", "TEN", "Code", "Combination", "ErrorCode",
    "Kind", "PlayStep", "Reason", "RuleStep", "TableStep", "TichuCard", "TichuSuit", "Verdict", "VerdictStep",
    "Why", "WishStep", "bombs", "can_fulfil_wish", "check_deck", "check_size", "check_text", "count_tokens", "deck", "is_legal", "judge",
    "judge_pass", "lowest_fulfilling_play", "parse_card", "parse_play", "parse_wish", "play_order", "plays_of_length", "readings", "remove_from_hand",
    "tokens",
]
