"""The Tichu verdict: may a play (or a pass) go on the table, and the teacher's steps why.

Tichu rulebook and FAQ; seed 001 ("Is it a valid Tichu play?").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from webapp.core.steps import RuleInputError, Step
from webapp.games.tichu.rules.codes import ErrorCode, PlayStep, Reason, TableStep, VerdictStep, WishStep
from webapp.games.tichu.rules.cards import _CARD, DOG, DRAGON, TichuCard, _canonical, _check_wish, _text, remove_from_hand
from webapp.games.tichu.rules.combinations import Combination, Kind, readings
from webapp.games.tichu.rules.compare import _beats, _is_dog
from webapp.games.tichu.rules.diagnosis import _why_not
from webapp.games.tichu.rules.wish import lowest_fulfilling_play


# --- Judging -----------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """Whether a play (or a pass) is allowed, and why.

    Attributes:
        legal: True if the play is allowed.
        previous: the previous play as counted (its declared or highest
            reading), or None when the player leads.
        play: the play as counted (the declared reading, else the highest), or
            None when the cards are no combination or the player passes.
        reason: the :class:`~webapp.games.tichu.rules.codes.Reason` of the
            step that decides the verdict, e.g. ``Reason.NOT_HIGHER``
            (``"tichu.reason.not_higher"``; ``Reason.NO_COMBINATION`` when the
            cards are no combination). A member is its code, a ``str``.
        steps: the explanation in a teacher's order: the table, the play, any
            rule used, the reason, the wish, and ``tichu.verdict.legal``/``illegal``.
    """

    legal: bool
    previous: Combination | None
    play: Combination | None
    reason: Reason
    steps: tuple[Step, ...]



def judge(
    previous: Iterable[TichuCard] | Combination,
    play: Iterable[TichuCard],
    *,
    wish: int | None = None,
    hand: Iterable[TichuCard] | None = None,
    out_of_turn: bool = False,
    reading: int | None = None,
    phoenix_on: TichuCard | None = None,
) -> Verdict:
    """Judge whether ``play`` may be laid on ``previous`` (Tichu rulebook and FAQ; seed 001).

    Rules:

    * On lead (``previous`` empty) any combination may be played, the Dog
      and bombs included. After the Dog the partner leads, so a play on the
      Dog is judged as a lead (Tichu rulebook, "Dog").
    * Otherwise the play must be the same kind and length and strictly higher.
    * A bomb beats any non-bomb, the Dragon too. Bombs compare by the number of
      cards first (every straight-flush bomb beats every four of a kind), then
      by rank. A bomb may be played out of turn (``out_of_turn``), but only
      onto a trick: never onto an empty table and never onto the Dog.
    * The Dragon is played alone, on lead or on any single.
    * The Phoenix as a single beats any single but the Dragon; it counts ½
      above the single it is laid on. A Phoenix single on the table counts ½
      above ``phoenix_on`` (the single it was played on), or 1½ when it was
      led (``phoenix_on`` None; seed 001, note 2).
    * The Dog is played only on lead, never on other cards.
    * Cards with several readings count at their highest, unless the player
      declares ``reading`` (the rank the Phoenix stands for).
    * The Mah Jong's ``wish`` (a rank 2 to Ace, still open): a player in turn
      who can play a natural card of that rank in a legal combination must do
      so, with a bomb if that is the only way; the Phoenix does not fulfil
      it; a bomb out of turn is exempt (Tichu rulebook, "Mah Jong"; FAQ).
      Whether the player can is decided from ``hand``; without a hand the
      wish is only mentioned.

    Reasons come in a teacher's order: no combination, then the comparison
    with the table, then the wish.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> judge(parse_play("P6"), parse_play("77")).legal
    True
    >>> judge(parse_play("R"), parse_play("P")).reason
    <Reason.PHOENIX_DRAGON: 'tichu.reason.phoenix_dragon'>
    >>> judge(parse_play("5"), parse_play("9"), wish=8, hand=parse_play("89")).reason
    <Reason.WISH_NOT_FULFILLED: 'tichu.reason.wish_not_fulfilled'>

    Args:
        previous: the cards on the table (``()`` when the player leads), or
            the :class:`Combination` they were declared as.
        play: the cards played, at least one.
        wish: the open wish (a rank 2..14) or None.
        hand: the player's hand before the play (it must hold the play), or None.
        out_of_turn: True for a bomb thrown in out of turn.
        reading: the rank the play's Phoenix is declared to stand for, or None.
        phoenix_on: the single a Phoenix single on the table was played on.

    Returns:
        A :class:`Verdict`. Deck consistency between the two plays is not
        checked (see :func:`check_deck`).

    Raises:
        RuleInputError: ``tichu.error.previous_invalid`` (parameter ``cards``)
            when the previous play is no combination; ``tichu.error.empty_play``
            when ``play`` has no cards (passing is :func:`judge_pass`);
            ``tichu.error.not_in_hand`` when the hand lacks a card of the play;
            ``tichu.error.wish`` for a wish outside 2..Ace;
            ``tichu.error.reading`` (``rank``) for a reading the cards do not have.
    """
    play = tuple(play)
    if not play:
        raise RuleInputError(ErrorCode.EMPTY_PLAY, "a play needs at least one card")
    _check_wish(wish)
    if hand is not None:
        hand = tuple(hand)
        remove_from_hand(hand, play)
    table, steps = _table_steps(previous, phoenix_on)
    leads = table is None or _is_dog(table)

    play_readings = readings(play)
    if not play_readings:
        steps.append(Step(Reason.NO_COMBINATION, cards=_canonical(play)))
        steps.extend(_why_not(_canonical(play)))
        steps.append(Step(VerdictStep.ILLEGAL))
        return Verdict(False, table, None, Reason.NO_COMBINATION, tuple(steps))
    mine = _chosen(play_readings, reading)
    steps.extend(_describe(PlayStep, mine, play_readings, declared=reading is not None))

    if out_of_turn:
        legal, reason = _out_of_turn(table, mine, steps)
    elif leads:
        if mine.is_phoenix_single:
            steps.append(Step(PlayStep.PHOENIX_LED))
        legal, reason = True, Step(Reason.LEAD)
    else:
        assert table is not None
        legal, reason = _beats(table, mine, steps, phoenix_on)
    steps.append(reason)
    if legal and wish is not None:
        legal, reason = _wish_steps(table, mine, wish, hand, out_of_turn, phoenix_on, steps, reason)
    steps.append(Step(VerdictStep.LEGAL if legal else VerdictStep.ILLEGAL))
    return Verdict(legal, table, mine, Reason(reason.code), tuple(steps))


def judge_pass(
    previous: Iterable[TichuCard] | Combination,
    *,
    wish: int | None = None,
    hand: Iterable[TichuCard] | None = None,
    phoenix_on: TichuCard | None = None,
) -> Verdict:
    """Judge whether the player in turn may pass (Tichu rulebook: "Passing", "Mah Jong").

    Passing is allowed on any trick, even by a player who could play, except
    on lead and when the player could fulfil the open ``wish`` from ``hand``.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> judge_pass(parse_play("5")).legal, judge_pass(()).legal
    (True, False)
    >>> judge_pass(parse_play("5"), wish=9, hand=parse_play("9")).reason
    <Reason.WISH_PASS: 'tichu.reason.wish_pass'>

    Returns:
        A :class:`Verdict` whose ``play`` is None.

    Raises:
        RuleInputError: as :func:`judge` for the table and the wish.
    """
    _check_wish(wish)
    table, steps = _table_steps(previous, phoenix_on)
    steps.append(Step(PlayStep.PASS))
    if table is None or _is_dog(table):
        reason = Step(Reason.PASS_ON_LEAD)
    else:
        reason = Step(Reason.PASS)
        if wish is not None and hand is not None:
            example = lowest_fulfilling_play(table, hand, wish, phoenix_on=phoenix_on)
            if example is not None:
                reason = Step(Reason.WISH_PASS, rank=_CARD[wish], cards=example.cards)
    legal = reason.code is Reason.PASS
    steps.append(reason)
    steps.append(Step(VerdictStep.LEGAL if legal else VerdictStep.ILLEGAL))
    return Verdict(legal, table, None, Reason(reason.code), tuple(steps))


def is_legal(previous: Iterable[TichuCard], play: Iterable[TichuCard], **situation) -> bool:
    """Shorthand for ``judge(previous, play, **situation).legal``.

    >>> from webapp.games.tichu.rules.cards import parse_play
    >>> is_legal(parse_play("5555"), parse_play("7777")), is_legal((), parse_play("D"))
    (True, True)
    """
    return judge(previous, play, **situation).legal



def _table_steps(
    previous: Iterable[TichuCard] | Combination, phoenix_on: TichuCard | None
) -> tuple[Combination | None, list[Step]]:
    """The table as counted and the steps describing it."""
    if isinstance(previous, Combination):
        table: Combination | None = previous
        table_readings: tuple[Combination, ...] = (previous,)
    else:
        previous = tuple(previous)
        if not previous:
            return None, [Step(TableStep.LEAD)]
        table_readings = readings(previous)
        if not table_readings:
            raise RuleInputError(
                ErrorCode.PREVIOUS_INVALID,
                f"the previous play is no combination: {_text(previous)}",
                cards=_canonical(previous),
            )
        table = table_readings[0]
    assert table is not None
    if _is_dog(table):
        return table, [Step(TableStep.DOG)]
    steps = _describe(TableStep, table, table_readings)
    if table.is_phoenix_single:
        if phoenix_on is not None and phoenix_on.is_natural:
            steps.append(Step(TableStep.PHOENIX_OVER, card=_CARD[phoenix_on.rank]))
        else:
            steps.append(Step(TableStep.PHOENIX_LED))
    return table, steps


def _chosen(play_readings: tuple[Combination, ...], reading: int | None) -> Combination:
    if reading is None:
        return play_readings[0]
    for combo in play_readings:
        if combo.phoenix_as == reading:
            return combo
    error = RuleInputError(
        ErrorCode.READING,
        f"the Phoenix cannot stand for {reading!r} in this play",
        rank=_CARD[reading] if type(reading) is int and DOG <= reading <= DRAGON else str(reading),
    )
    error.token = str(reading)
    raise error


def _out_of_turn(table: Combination | None, mine: Combination, steps: list[Step]) -> tuple[bool, Step]:
    """A play out of turn: only a bomb, only onto a trick, never onto the Dog (Tichu FAQ)."""
    if not mine.is_bomb:
        return False, Step(Reason.OUT_OF_TURN_BOMB_ONLY)
    if table is None:
        return False, Step(Reason.OUT_OF_TURN_EMPTY)
    if _is_dog(table):
        return False, Step(Reason.DOG_NO_BOMB)
    return _beats(table, mine, steps, None)


def _wish_steps(
    table: Combination | None,
    mine: Combination,
    wish: int,
    hand: tuple[TichuCard, ...] | None,
    out_of_turn: bool,
    phoenix_on: TichuCard | None,
    steps: list[Step],
    reason: Step,
) -> tuple[bool, Step]:
    """Check the open wish after the play was found to beat the table; add its steps."""
    rank = _CARD[wish]
    if any(c.rank == wish for c in mine.cards):
        steps.append(Step(WishStep.FULFILLED, rank=rank))
        return True, reason
    if out_of_turn:
        steps.append(Step(WishStep.OUT_OF_TURN, rank=rank))
        return True, reason
    if hand is None:
        steps.append(Step(WishStep.HAND_UNKNOWN, rank=rank))
        return True, reason
    example = lowest_fulfilling_play(table, hand, wish, phoenix_on=phoenix_on)
    if example is None:
        steps.append(Step(WishStep.CANNOT, rank=rank))
        return True, reason
    if mine.phoenix_as == wish:
        steps.append(Step(WishStep.PHOENIX, rank=rank))
    if mine.is_bomb:
        steps.append(Step(WishStep.BOMB_IN_TURN))
    reason = Step(Reason.WISH_NOT_FULFILLED, rank=rank, cards=example.cards)
    steps.append(reason)
    return False, reason


def _describe(
    codes: type[TableStep] | type[PlayStep],
    combo: Combination,
    all_readings: tuple[Combination, ...],
    declared: bool = False,
) -> list[Step]:
    """Steps naming a combination (``codes``: the table's or the play's): its kind and ranks, then the Phoenix."""
    kind = combo.kind
    top = _CARD[combo.rank]
    if kind is Kind.SINGLE:
        if combo.is_phoenix_single:
            return [Step(codes["PHOENIX_SINGLE"])]
        return [Step(codes["SINGLE"], card=combo.cards[0])]
    if kind is Kind.FULL_HOUSE:
        step = Step(codes["FULL_HOUSE"], triple=top, pair=_CARD[combo.pair_rank or 0])
    elif kind is Kind.STRAIGHT:
        step = Step(codes["STRAIGHT"], length=combo.length, top=top, cards=combo.cards)
    elif kind is Kind.STAIRS:
        step = Step(codes["STAIRS"], pairs=combo.length // 2, top=top, cards=combo.cards)
    elif combo.is_straight_flush:
        suit = combo.cards[0].suit
        step = Step(codes["STRAIGHT_FLUSH"], length=combo.length, top=top, suit=suit, cards=combo.cards)
    else:  # pair, triple, four of a kind
        step = Step(codes[kind.name], rank=top)
    steps = [step]
    if combo.phoenix_as is not None:
        others = tuple(_CARD[c.phoenix_as] for c in all_readings if c is not combo and c.phoenix_as is not None)
        if declared:
            steps.append(Step(PlayStep.PHOENIX_DECLARED, rank=_CARD[combo.phoenix_as]))
        else:
            steps.append(Step(codes["PHOENIX_AS"], rank=_CARD[combo.phoenix_as]))
            if others:
                steps.append(Step(codes["OTHER_READINGS"], others=others))
    return steps
