"""The message codes of the Tichu engine, as enums whose values ARE the codes.

Each member is a ``str`` (a :class:`~enum.StrEnum`), so ``Step(Reason.HIGHER, ...)``
renders through :mod:`webapp.catalogue` like ``Step("tichu.reason.higher", ...)``,
and each member names the parameters its sentence uses (:attr:`Code.params`).
:data:`CODES` is derived from the enums; the sentences live in
:mod:`webapp.games.tichu.messages`.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """A message code (the member's value) with the names of its parameters.

    Members are written ``NAME = "tichu.topic.detail", ("param", ...)``; a
    member without parameters is just ``NAME = "tichu.topic.detail"``.

    >>> Reason.HIGHER == "tichu.reason.higher", Reason.HIGHER.params
    (True, ('kind', 'play', 'previous'))
    """

    params: tuple[str, ...]

    def __new__(cls, code: str, params: tuple[str, ...] = ()) -> "Code":
        member = str.__new__(cls, code)
        member._value_ = code
        member.params = params
        return member


class ErrorCode(Code):
    """Bad input to the Tichu engine (raised as :class:`~webapp.core.steps.RuleInputError`): a notation
    error, a card the deck or the hand does not have, a reading the cards lack."""

    UNKNOWN = "tichu.error.unknown", ("token",)
    LOWERCASE = "tichu.error.lowercase", ("token",)
    SUIT_SPECIAL = "tichu.error.suit_special", ("card", "token")
    SUIT_ALONE = "tichu.error.suit_alone", ("token",)
    WISH = "tichu.error.wish", ("token",)
    NOT_IN_HAND = "tichu.error.not_in_hand", ("card",)
    READING = "tichu.error.reading", ("rank",)
    DUPLICATE = "tichu.error.duplicate", ("card",)
    TOO_MANY = "tichu.error.too_many", ("card", "count")
    DECK_DUPLICATE = "tichu.error.deck_duplicate", ("card",)
    DECK_TOO_MANY = "tichu.error.deck_too_many", ("card", "count")
    PREVIOUS_INVALID = "tichu.error.previous_invalid", ("cards",)
    EMPTY_PLAY = "tichu.error.empty_play"
    TOO_LONG = "tichu.error.too_long", ("count", "limit")
    TOO_LONG_TEXT = "tichu.error.too_long_text", ("limit",)


class TableStep(Code):
    """Steps describing the cards on the table (the previous play), one a kind of combination (seed 001)."""

    LEAD = "tichu.table.lead"
    DOG = "tichu.table.dog"
    SINGLE = "tichu.table.single", ("card",)
    PHOENIX_SINGLE = "tichu.table.phoenix_single"
    PHOENIX_LED = "tichu.table.phoenix_led"
    PAIR = "tichu.table.pair", ("rank",)
    TRIPLE = "tichu.table.triple", ("rank",)
    FULL_HOUSE = "tichu.table.full_house", ("pair", "triple")
    STRAIGHT = "tichu.table.straight", ("cards", "length", "top")
    STAIRS = "tichu.table.stairs", ("cards", "pairs", "top")
    BOMB = "tichu.table.bomb", ("rank",)
    STRAIGHT_FLUSH = "tichu.table.straight_flush", ("cards", "length", "suit", "top")
    PHOENIX_OVER = "tichu.table.phoenix_over", ("card",)
    PHOENIX_AS = "tichu.table.phoenix_as", ("rank",)
    OTHER_READINGS = "tichu.table.other_readings", ("others",)


class PlayStep(Code):
    """Steps describing the play (same names as :class:`TableStep`), the pass, and a declared reading."""

    SINGLE = "tichu.play.single", ("card",)
    PHOENIX_SINGLE = "tichu.play.phoenix_single"
    PHOENIX_LED = "tichu.play.phoenix_led"
    PAIR = "tichu.play.pair", ("rank",)
    TRIPLE = "tichu.play.triple", ("rank",)
    FULL_HOUSE = "tichu.play.full_house", ("pair", "triple")
    STRAIGHT = "tichu.play.straight", ("cards", "length", "top")
    STAIRS = "tichu.play.stairs", ("cards", "pairs", "top")
    BOMB = "tichu.play.bomb", ("rank",)
    STRAIGHT_FLUSH = "tichu.play.straight_flush", ("cards", "length", "suit", "top")
    PHOENIX_DECLARED = "tichu.play.phoenix_declared", ("rank",)
    PASS = "tichu.play.pass"
    PHOENIX_AS = "tichu.play.phoenix_as", ("rank",)
    OTHER_READINGS = "tichu.play.other_readings", ("others",)


class Why(Code):
    """Why some cards are no combination (seed 001: the kinds; Tichu rulebook: "Phoenix", "Bombs")."""

    ALONE = "tichu.why.alone", ("card",)
    MAH_JONG = "tichu.why.mah_jong"
    PHOENIX_BOMB = "tichu.why.phoenix_bomb"
    BOMB_ALONE = "tichu.why.bomb_alone", ("rank",)
    PAIR_RANKS = "tichu.why.pair_ranks"
    TRIPLE_RANKS = "tichu.why.triple_ranks"
    FOUR_CARDS = "tichu.why.four_cards"
    FULL_HOUSE = "tichu.why.full_house"
    STRAIGHT_SHORT = "tichu.why.straight_short", ("length",)
    STRAIGHT_GAP = "tichu.why.straight_gap", ("count", "missing")
    STRAIGHT_GAP_PHOENIX = "tichu.why.straight_gap_phoenix", ("count", "missing")
    PHOENIX_RANGE = "tichu.why.phoenix_range"
    STAIRS_GAP = "tichu.why.stairs_gap", ("count", "missing")
    MIXED = "tichu.why.mixed"


class RuleStep(Code):
    """A comparison rule named before the reason (Tichu rulebook: full house by its triple, straights and stairs by their top)."""

    BY_TRIPLE = "tichu.rule.by_triple"
    BY_TOP = "tichu.rule.by_top"


class Reason(Code):
    """The step that decides a :class:`~webapp.games.tichu.rules.judge.Verdict` (Tichu rulebook and FAQ; seed 001).

    :attr:`NO_COMBINATION` (``tichu.play.none``) is both the step saying the cards are no
    combination and the verdict's reason then."""

    NO_COMBINATION = "tichu.play.none", ("cards",)
    LEAD = "tichu.reason.lead"
    DOG_NOT_LEAD = "tichu.reason.dog_not_lead"
    BOMB_BEATS = "tichu.reason.bomb_beats"
    BOMB_HIGHER = "tichu.reason.bomb_higher", ("play", "previous")
    BOMB_NOT_HIGHER = "tichu.reason.bomb_not_higher", ("play", "previous")
    BOMB_ON_TABLE = "tichu.reason.bomb_on_table"
    FLUSH_BEATS_FOUR = "tichu.reason.flush_beats_four"
    FOUR_UNDER_FLUSH = "tichu.reason.four_under_flush"
    FLUSH_LONGER = "tichu.reason.flush_longer", ("play", "previous")
    FLUSH_SHORTER = "tichu.reason.flush_shorter", ("play", "previous")
    FLUSH_HIGHER = "tichu.reason.flush_higher", ("play", "previous")
    FLUSH_NOT_HIGHER = "tichu.reason.flush_not_higher", ("play", "previous")
    OUT_OF_TURN_BOMB_ONLY = "tichu.reason.out_of_turn_bomb_only"
    OUT_OF_TURN_EMPTY = "tichu.reason.out_of_turn_empty"
    DOG_NO_BOMB = "tichu.reason.dog_no_bomb"
    BEATS_PHOENIX_OVER = "tichu.reason.beats_phoenix_over", ("card", "under")
    UNDER_PHOENIX_OVER = "tichu.reason.under_phoenix_over", ("card", "under")
    PASS = "tichu.reason.pass"
    PASS_ON_LEAD = "tichu.reason.pass_on_lead"
    WISH_PASS = "tichu.reason.wish_pass", ("cards", "rank")
    WISH_NOT_FULFILLED = "tichu.reason.wish_not_fulfilled", ("cards", "rank")
    DRAGON_BEATS = "tichu.reason.dragon_beats"
    DRAGON_SINGLE = "tichu.reason.dragon_single"
    DRAGON_ON_TABLE = "tichu.reason.dragon_on_table"
    PHOENIX_DRAGON = "tichu.reason.phoenix_dragon"
    PHOENIX_HALF = "tichu.reason.phoenix_half", ("card",)
    PHOENIX_ON_PHOENIX = "tichu.reason.phoenix_on_phoenix"
    BEATS_PHOENIX = "tichu.reason.beats_phoenix", ("card",)
    MAH_JONG_PHOENIX = "tichu.reason.mah_jong_phoenix"
    KIND = "tichu.reason.kind", ("play", "previous")
    LENGTH = "tichu.reason.length", ("kind", "play", "previous")
    HIGHER = "tichu.reason.higher", ("kind", "play", "previous")
    NOT_HIGHER = "tichu.reason.not_higher", ("kind", "play", "previous")


class WishStep(Code):
    """What the open Mah Jong wish means for the play (Tichu rulebook: "Mah Jong"; FAQ)."""

    FULFILLED = "tichu.wish.fulfilled", ("rank",)
    OUT_OF_TURN = "tichu.wish.out_of_turn", ("rank",)
    HAND_UNKNOWN = "tichu.wish.hand_unknown", ("rank",)
    CANNOT = "tichu.wish.cannot", ("rank",)
    PHOENIX = "tichu.wish.phoenix", ("rank",)
    BOMB_IN_TURN = "tichu.wish.bomb_in_turn"


class VerdictStep(Code):
    """The last step of every verdict: allowed or not."""

    LEGAL = "tichu.verdict.legal"
    ILLEGAL = "tichu.verdict.illegal"


def codes(*enums: type[Code]) -> dict[str, tuple[str, ...]]:
    """Every code of ``enums`` with its parameter names: ``{"tichu.reason.higher": ("kind", "play", "previous"), ...}``."""
    return {member.value: member.params for enum in enums for member in enum}


#: Every step and error code the rules package emits, with its parameter names.
CODES: dict[str, tuple[str, ...]] = codes(ErrorCode, TableStep, PlayStep, Why, RuleStep, Reason, WishStep, VerdictStep)
