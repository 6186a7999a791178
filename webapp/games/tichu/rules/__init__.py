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
  (:func:`fulfilling_plays`) and the searches :func:`plays_of_length`, :func:`bombs`;
* :mod:`~webapp.games.tichu.rules.diagnosis`: why cards are no combination.

A play is written one character a card: ``2``-``9``, ``0`` (ten), ``J Q K A``,
``R`` Dragon, ``P`` Phoenix, ``D`` Dog, ``1`` Mah Jong; ``-`` or the empty
string means nothing is on the table (the player leads). Card order is free.
A natural card may be followed by a lower-case suit letter: ``g`` Jade, ``k``
Sword, ``b`` Pagoda, ``r`` Star (``Ar`` is the Ace of Stars, ``AR`` an Ace and
the Dragon). A card without a suit letter is of an unnamed suit, so a play
written without suits has mixed suits, as in the seed.

>>> verdict = judge(parse_play("JJ"), parse_play("QQ"))
>>> verdict.legal, verdict.reason
(True, 'tichu.reason.higher')
>>> judge(parse_play("JJ"), parse_play("QQKK")).reason
'tichu.reason.kind'
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
    MIN_STAIRS_PAIRS,
    MIN_STRAIGHT,
    NATURAL_RANKS,
    PHOENIX,
    QUEEN,
    TEN,
    TichuCard,
    TichuSuit,
    check_deck,
    deck,
    parse_card,
    parse_play,
    parse_wish,
    remove_from_hand,
    tokens,
)
from webapp.games.tichu.rules.combinations import Combination, Kind, readings
from webapp.games.tichu.rules.judge import Verdict, is_legal, judge, judge_pass
from webapp.games.tichu.rules.wish import bombs, can_fulfil_wish, fulfilling_plays, plays_of_length

__all__ = [
    "ACE", "CODES", "COPIES", "DOG", "DRAGON", "JACK", "KING", "MAH_JONG", "MIN_STAIRS_PAIRS", "MIN_STRAIGHT",
    "NATURAL_RANKS", "PHOENIX", "QUEEN", "TEN", "Combination", "Kind", "TichuCard", "TichuSuit", "Verdict", "bombs",
    "can_fulfil_wish", "check_deck", "deck", "fulfilling_plays", "is_legal", "judge", "judge_pass", "parse_card",
    "parse_play", "parse_wish", "plays_of_length", "readings", "remove_from_hand", "tokens",
]

#: Every step and error code this module emits, with its parameter names.
CODES: dict[str, tuple[str, ...]] = {
    "tichu.error.unknown": ("token",),
    "tichu.error.lowercase": ("token",),
    "tichu.error.suit_special": ("card", "token"),
    "tichu.error.suit_alone": ("token",),
    "tichu.error.wish": ("token",),
    "tichu.error.not_in_hand": ("card",),
    "tichu.error.reading": ("rank",),
    "tichu.error.duplicate": ("card",),
    "tichu.error.too_many": ("card", "count"),
    "tichu.error.deck_duplicate": ("card",),
    "tichu.error.deck_too_many": ("card", "count"),
    "tichu.error.previous_invalid": ("cards",),
    "tichu.error.empty_play": (),
    "tichu.table.lead": (),
    "tichu.table.dog": (),
    "tichu.table.single": ("card",),
    "tichu.table.phoenix_single": (),
    "tichu.table.phoenix_led": (),
    "tichu.table.pair": ("rank",),
    "tichu.table.triple": ("rank",),
    "tichu.table.full_house": ("pair", "triple"),
    "tichu.table.straight": ("cards", "length", "top"),
    "tichu.table.stairs": ("cards", "pairs", "top"),
    "tichu.table.bomb": ("rank",),
    "tichu.table.straight_flush": ("cards", "length", "suit", "top"),
    "tichu.table.phoenix_over": ("card",),
    "tichu.table.phoenix_as": ("rank",),
    "tichu.table.other_readings": ("others",),
    "tichu.play.single": ("card",),
    "tichu.play.phoenix_single": (),
    "tichu.play.phoenix_led": (),
    "tichu.play.pair": ("rank",),
    "tichu.play.triple": ("rank",),
    "tichu.play.full_house": ("pair", "triple"),
    "tichu.play.straight": ("cards", "length", "top"),
    "tichu.play.stairs": ("cards", "pairs", "top"),
    "tichu.play.bomb": ("rank",),
    "tichu.play.straight_flush": ("cards", "length", "suit", "top"),
    "tichu.play.phoenix_declared": ("rank",),
    "tichu.play.pass": (),
    "tichu.play.phoenix_as": ("rank",),
    "tichu.play.other_readings": ("others",),
    "tichu.play.none": ("cards",),
    "tichu.why.alone": ("card",),
    "tichu.why.mah_jong": (),
    "tichu.why.phoenix_bomb": (),
    "tichu.why.bomb_alone": ("rank",),
    "tichu.why.pair_ranks": (),
    "tichu.why.triple_ranks": (),
    "tichu.why.four_cards": (),
    "tichu.why.full_house": (),
    "tichu.why.straight_short": ("length",),
    "tichu.why.straight_gap": ("count", "missing"),
    "tichu.why.straight_gap_phoenix": ("count", "missing"),
    "tichu.why.phoenix_range": (),
    "tichu.why.stairs_gap": ("count", "missing"),
    "tichu.why.mixed": (),
    "tichu.rule.by_triple": (),
    "tichu.rule.by_top": (),
    "tichu.reason.lead": (),
    "tichu.reason.dog_not_lead": (),
    "tichu.reason.bomb_beats": (),
    "tichu.reason.bomb_higher": ("play", "previous"),
    "tichu.reason.bomb_not_higher": ("play", "previous"),
    "tichu.reason.bomb_on_table": (),
    "tichu.reason.flush_beats_four": (),
    "tichu.reason.four_under_flush": (),
    "tichu.reason.flush_longer": ("play", "previous"),
    "tichu.reason.flush_shorter": ("play", "previous"),
    "tichu.reason.flush_higher": ("play", "previous"),
    "tichu.reason.flush_not_higher": ("play", "previous"),
    "tichu.reason.out_of_turn_bomb_only": (),
    "tichu.reason.out_of_turn_empty": (),
    "tichu.reason.dog_no_bomb": (),
    "tichu.reason.beats_phoenix_over": ("card", "under"),
    "tichu.reason.under_phoenix_over": ("card", "under"),
    "tichu.reason.pass": (),
    "tichu.reason.pass_on_lead": (),
    "tichu.reason.wish_pass": ("cards", "rank"),
    "tichu.reason.wish_not_fulfilled": ("cards", "rank"),
    "tichu.wish.fulfilled": ("rank",),
    "tichu.wish.out_of_turn": ("rank",),
    "tichu.wish.hand_unknown": ("rank",),
    "tichu.wish.cannot": ("rank",),
    "tichu.wish.phoenix": ("rank",),
    "tichu.wish.bomb_in_turn": (),
    "tichu.reason.dragon_beats": (),
    "tichu.reason.dragon_single": (),
    "tichu.reason.dragon_on_table": (),
    "tichu.reason.phoenix_dragon": (),
    "tichu.reason.phoenix_half": ("card",),
    "tichu.reason.phoenix_on_phoenix": (),
    "tichu.reason.beats_phoenix": ("card",),
    "tichu.reason.mah_jong_phoenix": (),
    "tichu.reason.kind": ("play", "previous"),
    "tichu.reason.length": ("kind", "play", "previous"),
    "tichu.reason.higher": ("kind", "play", "previous"),
    "tichu.reason.not_higher": ("kind", "play", "previous"),
    "tichu.verdict.legal": (),
    "tichu.verdict.illegal": (),
}
