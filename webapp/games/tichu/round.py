"""A whole Tichu round, from the first eight cards to the score, as a frozen state machine. Pure, no Flask.

Phases (Tichu rulebook: "Dealing", "Grand Tichu", "Exchanging cards", "Play", "End of a round"):

* GRAND: each player sees 8 cards and calls Grand Tichu (:class:`CallGrandTichu`) or not (:class:`Decline`);
  then everyone gets the other 6.
* EXCHANGE: each player passes one card face down to each other player (:class:`Exchange`: to the next player,
  the partner, the player before); the Dog, the Dragon and the Phoenix may be passed. The cards change hands
  when all four have chosen.
* PLAY: the Mah Jong's owner leads; tricks are played by :class:`~webapp.games.tichu.trick.Trick` (wish, bombs
  out of turn, the Dog); :class:`Play` and :class:`PassTurn`. A player who is out leaves the turn order.
* GIFT: a trick won with the Dragon waits for :class:`GiveDragon` to an opponent.
* DONE: three players are out, or two partners went out first and second (double victory); :attr:`RoundState.score`
  is the existing round scorer's :func:`~webapp.games.tichu.trick.score_round`.

:class:`CallTichu` is allowed from the moment a player holds 14 cards until the player's first card is played.
Every action names its seat (0-3; partners 0+2 and 1+3), since a Tichu call or a bomb may come out of turn.
:meth:`RoundState.apply` returns the new state or raises :class:`~webapp.core.steps.RuleViolation` (a move the
rules forbid now; a refused play is the trick's :class:`~webapp.games.tichu.trick.IllegalMove` with its verdict)
or :class:`~webapp.core.steps.NotationError` (a seat that is no seat). A game to 1,000 goes over rounds:
:meth:`RoundState.next_round`.

>>> state = deal(seed=3)
>>> state.phase.name, len(state.hand(0)), state.to_act
('GRAND', 8, 0)
>>> state = state.apply(Decline(0)).apply(Decline(1)).apply(Decline(2)).apply(Decline(3))
>>> state.phase.name, len(state.hand(0))
('EXCHANGE', 14)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum
from typing import Iterable

from webapp.core.steps import NotationError, RuleInputError, RuleViolation
from webapp.games.tichu.rules import MAH_JONG, NATURAL_RANKS, ErrorCode, Kind, TichuCard, deck, readings
from webapp.games.tichu.rules.codes import Code, codes
from webapp.games.tichu.rules.wish import lowest_fulfilling_play
from webapp.games.tichu.round_plays import combo_key, hand_bombs, hand_combinations
from webapp.games.tichu.trick import (
    GAME_TARGET, SEATS, Move, RoundScore, Trick, TrickResult, card_points, opponents, partner,
    score_round, team,
)

__all__ = ["CallGrandTichu", "CallTichu", "Decline", "Exchange", "GiveDragon", "PassTurn", "Phase", "Play",
           "RoundAction", "RoundError", "RoundState", "TrickRecord", "deal", "position", "FIRST_CARDS", "HAND"]

#: Cards seen before the Grand Tichu call, and the whole hand (Tichu rulebook: "Dealing").
FIRST_CARDS = 8
HAND = 14


class RoundError(Code):
    """A round move the rules forbid now (raised as :class:`~webapp.core.steps.RuleViolation`), or a seat that
    is no seat (:class:`~webapp.core.steps.NotationError`)."""

    PHASE = "tichu.round.error.phase"
    SEAT = "tichu.round.error.seat", ("token",)
    ROUND_NUMBER = "tichu.round.error.round_number", ("token",)
    NOT_YOUR_TURN = "tichu.round.error.not_your_turn", ("seat",)
    DECIDED = "tichu.round.error.decided"
    EXCHANGED = "tichu.round.error.exchanged"
    EXCHANGE_CARDS = "tichu.round.error.exchange_cards"
    NOT_IN_HAND = "tichu.round.error.not_in_hand", ("card",)
    TICHU_LATE = "tichu.round.error.tichu_late"
    TICHU_CALLED = "tichu.round.error.tichu_called"
    TICHU_EARLY = "tichu.round.error.tichu_early"
    WISH_NO_MAH_JONG = "tichu.round.error.wish_no_mah_jong"
    OUT = "tichu.round.error.out"
    ROUND_NOT_OVER = "tichu.round.error.round_not_over"
    GAME_OVER = "tichu.round.error.game_over"


class Phase(Enum):
    """Where a round stands."""

    GRAND = "grand"
    EXCHANGE = "exchange"
    PLAY = "play"
    GIFT = "gift"
    DONE = "done"


# --- The actions (every one names the seat that acts) -----------------------------------------------------
@dataclass(frozen=True)
class CallGrandTichu:
    """Call Grand Tichu after seeing 8 cards: +200 if this player goes out first, else -200."""

    seat: int


@dataclass(frozen=True)
class Decline:
    """Do not call Grand Tichu; take the other 6 cards."""

    seat: int


@dataclass(frozen=True)
class Exchange:
    """Pass one card to each other player: ``cards`` to the next player, the partner, the player before."""

    seat: int
    cards: tuple[TichuCard, TichuCard, TichuCard]


@dataclass(frozen=True)
class CallTichu:
    """Call (small) Tichu before one's first card: +100 if this player goes out first, else -100."""

    seat: int


@dataclass(frozen=True)
class Play:
    """Play ``cards`` (in turn, or a bomb out of turn); ``wish`` the rank wished with the Mah Jong (or None),
    ``reading`` the rank the Phoenix stands for when the cards have several readings (None: the highest)."""

    seat: int
    cards: tuple[TichuCard, ...]
    wish: int | None = None
    reading: int | None = None


@dataclass(frozen=True)
class PassTurn:
    """Pass in turn (refused on lead and when the open wish can be fulfilled)."""

    seat: int


@dataclass(frozen=True)
class GiveDragon:
    """Give the trick won with the Dragon to the opponent in seat ``to``."""

    seat: int
    to: int


RoundAction = CallGrandTichu | Decline | Exchange | CallTichu | Play | PassTurn | GiveDragon


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: the :class:`Trick` as played (its moves) and its :class:`TrickResult` (who took it, why)."""

    trick: Trick
    result: TrickResult


def deal(seed: int, round_number: int = 1, before: tuple[int, int] = (0, 0)) -> "RoundState":
    """Deal round ``round_number`` (1, 2, ...) from ``seed``: the same seed and number give the same 4 x 14 cards.

    Args:
        seed: any integer; round_number: the round of the game; before: the teams' totals before this round.

    Raises:
        NotationError: ``tichu.round.error.round_number`` for a round number below 1.
    """
    if type(round_number) is not int or round_number < 1:
        raise NotationError(RoundError.ROUND_NUMBER, f"rounds count from 1, not {round_number!r}", token=str(round_number))
    cards = list(deck())
    random.Random(f"kartenschule-tichu:{seed}:{round_number}").shuffle(cards)
    dealt = tuple(tuple(cards[s * HAND:(s + 1) * HAND]) for s in range(SEATS))
    return RoundState(seed=seed, round_number=round_number, before=before, dealt=dealt)


def position(hands: Iterable[Iterable[TichuCard]], leader: int, calls: Iterable[str | None] = (None,) * SEATS,
             piles: Iterable[Iterable[TichuCard]] = ((),) * SEATS, seed: int = 0) -> "RoundState":
    """A round in the PLAY phase from four given hands, ``leader`` to lead, the Grand Tichu calls and the exchange
    done (``calls``: each seat's ``"grand"``, ``"tichu"`` or None; a seat with a call may not call again), and
    ``piles``: the cards each seat took in earlier tricks (hands and piles together must hold all 100 card
    points for the round to be scored). For lessons, puzzles and tests; :func:`deal` starts a real round.

    Raises:
        ValueError: not four hands, or a leader outside 0..3 (as :meth:`Trick.deal`).
    """
    hands = tuple(tuple(h) for h in hands)
    calls = tuple(calls)
    if len(calls) != SEATS or any(c not in (None, "tichu", "grand") for c in calls):
        raise ValueError("give a call (None, 'tichu' or 'grand') for each of the four seats")
    trick = Trick.deal(hands, leader)
    return RoundState(seed=seed, round_number=1, dealt=hands, grand=tuple(c == "grand" for c in calls),
                      calls=calls, trick=trick, piles=tuple(tuple(p) for p in piles))


def _check_seat(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise NotationError(RoundError.SEAT, f"no seat {seat!r}: seats are 0 to 3", token=str(seat))
    return seat


def _violation(error: RuleInputError) -> RuleViolation:
    """A bad card named by the trick engine (not in the hand...) as a rule violation of this round."""
    if isinstance(error, RuleViolation):
        return error
    violation = RuleViolation(error.step.code, str(error), **error.step.as_dict())
    violation.token = error.token
    return violation


@dataclass(frozen=True)
class RoundState:
    """One Tichu round between two actions.

    Attributes:
        seed, round_number: where the deal came from (:func:`deal`); before: the teams' totals before the round.
        dealt: the 14 cards each seat was dealt (the first 8 are seen before the Grand Tichu call).
        grand: each seat's Grand Tichu decision (True: called, False: declined, None: not yet).
        exchanges: the three cards each seat passed (to next, partner, previous), None while not chosen.
        calls: each seat's call, ``"grand"``, ``"tichu"`` or None.
        played: True for each seat that has played a card (then it may no longer call Tichu).
        trick: the trick under way (None before the play); tricks: the finished :class:`TrickRecord` s.
        piles: the cards each seat has taken in tricks.
        out: the seats in the order they went out.
        finished: True when the round is over (three out or a double victory).
    """

    seed: int
    round_number: int
    dealt: tuple[tuple[TichuCard, ...], ...]
    before: tuple[int, int] = (0, 0)
    grand: tuple[bool | None, ...] = (None,) * SEATS
    exchanges: tuple[tuple[TichuCard, ...] | None, ...] = (None,) * SEATS
    calls: tuple[str | None, ...] = (None,) * SEATS
    played: tuple[bool, ...] = (False,) * SEATS
    trick: Trick | None = None
    tricks: tuple[TrickRecord, ...] = ()
    piles: tuple[tuple[TichuCard, ...], ...] = ((),) * SEATS
    out: tuple[int, ...] = ()
    finished: bool = False

    # --- reading the state ----------------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The current :class:`Phase`."""
        if None in self.grand:
            return Phase.GRAND
        if self.trick is None:
            return Phase.EXCHANGE
        if self.finished:
            return Phase.DONE
        return Phase.GIFT if self.trick.needs_gift else Phase.PLAY

    def hand(self, seat: int) -> tuple[TichuCard, ...]:
        """The cards ``seat`` holds now: 8 before the Grand Tichu decisions are all made, 11 after passing three
        cards, 14 after the exchange, fewer as the play goes on."""
        if self.trick is not None:
            return self.trick.hands[seat]
        if None in self.grand:
            return self.dealt[seat][:FIRST_CARDS]
        given = self.exchanges[seat] or ()
        return tuple(c for c in self.dealt[seat] if c not in given)

    @property
    def hands(self) -> tuple[tuple[TichuCard, ...], ...]:
        """:meth:`hand` of each seat."""
        return tuple(self.hand(s) for s in range(SEATS))

    @property
    def to_act(self) -> int | None:
        """The seat whose move is awaited (the first undecided seat in GRAND and EXCHANGE), None when done."""
        phase = self.phase
        if phase is Phase.GRAND:
            return self.grand.index(None)
        if phase is Phase.EXCHANGE:
            return self.exchanges.index(None)
        if phase is Phase.GIFT:
            assert self.trick is not None and self.trick.top is not None
            return self.trick.top.seat
        if phase is Phase.PLAY:
            assert self.trick is not None
            return self.trick.to_move
        return None

    @property
    def wish(self) -> int | None:
        """The open Mah Jong wish (a rank 2..14), or None."""
        return None if self.trick is None else self.trick.wish

    def received(self, seat: int) -> tuple[TichuCard, ...]:
        """The cards ``seat`` got in the exchange, from the next player, the partner, the player before
        (empty until all four have chosen)."""
        if None in self.exchanges:
            return ()
        return tuple(self.exchanges[giver][(seat - giver) % SEATS - 1] for giver in
                     ((seat + 1) % SEATS, partner(seat), (seat + 3) % SEATS))  # type: ignore[index]

    @property
    def double_victory(self) -> int | None:
        """The team whose partners went out first and second, or None."""
        if len(self.out) >= 2 and team(self.out[0]) == team(self.out[1]):
            return team(self.out[0])
        return None

    def may_call_tichu(self, seat: int) -> bool:
        """True while ``seat`` holds its 14 cards (after the Grand Tichu decisions), has made no call and has
        played no card (Tichu rulebook: "Tichu")."""
        return self.phase in (Phase.EXCHANGE, Phase.PLAY, Phase.GIFT) and self.calls[seat] is None \
            and not self.played[seat]

    @property
    def score(self) -> RoundScore | None:
        """The round's score by :func:`~webapp.games.tichu.trick.score_round`, None while the round is on."""
        if self.phase is not Phase.DONE:
            return None
        calls = {s: c for s, c in enumerate(self.calls) if c is not None}
        if self.double_victory is not None:
            return score_round(self.out[:2], calls=calls, before=self.before)
        last = next(s for s in range(SEATS) if s not in self.out)
        points = [card_points(pile) for pile in self.piles]
        return score_round(self.out[:3], points, card_points(self.hand(last)), calls, self.before)

    def next_round(self) -> "RoundState":
        """The next round of the game to 1,000 (same seed, next number, the totals carried over).

        Raises:
            RuleViolation: ``tichu.round.error.round_not_over`` before the end; ``tichu.round.error.game_over``
                when a team has won the game.
        """
        score = self.score
        if score is None:
            raise RuleViolation(RoundError.ROUND_NOT_OVER, "the round is not over yet")
        if score.game_over:
            raise RuleViolation(RoundError.GAME_OVER, f"the game to {GAME_TARGET} is over")
        return deal(self.seed, self.round_number + 1, score.totals)

    # --- the legal actions --------------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> tuple[RoundAction, ...]:
        """Every legal action of ``seat`` now.

        The seats decide on Grand Tichu and choose their exchange in any order (:attr:`to_act` names the first
        still to do so). GRAND: call or decline (a seat still to decide). EXCHANGE: Tichu, and every
        :class:`Exchange` (each ordered choice of three of the 14 cards: 2,184 of them; :meth:`exchange_cards`
        gives just the cards). PLAY: Tichu, then every play ``seat`` may make now (in turn: every combination
        the hand can form that beats the table and respects the wish, one per rank pattern, a Mah Jong play
        with each wish and without; out of turn: its bombs that beat the table), and passing when allowed.
        GIFT: the Dragon trick to each opponent (for its winner). A play listed with some cards is as legal with
        other cards of the same ranks (suits only matter for straight flushes): judge a learner's own choice
        by :meth:`apply`, not by looking it up here.

        Raises:
            NotationError: ``seat`` is no seat.
        """
        seat = _check_seat(seat)
        phase = self.phase
        tichu: tuple[RoundAction, ...] = (CallTichu(seat),) if self.may_call_tichu(seat) else ()
        if phase is Phase.GRAND:
            return (CallGrandTichu(seat), Decline(seat)) if self.grand[seat] is None else ()
        if phase is Phase.EXCHANGE:
            cards = self.exchange_cards(seat)
            return tichu + tuple(Exchange(seat, (a, b, c)) for a in cards for b in cards for c in cards
                                 if len({a, b, c}) == 3)
        if phase is Phase.GIFT:
            return tichu + (tuple(GiveDragon(seat, o) for o in opponents(seat)) if seat == self.to_act else ())
        if phase is Phase.DONE:
            return ()
        return tichu + self._plays(seat)

    def exchange_cards(self, seat: int) -> tuple[TichuCard, ...]:
        """The cards ``seat`` may pass in the exchange now (its 14 cards; empty once it has passed or outside
        the exchange). Any three different ones make an :class:`Exchange`."""
        seat = _check_seat(seat)
        if self.phase is not Phase.EXCHANGE or self.exchanges[seat] is not None:
            return ()
        return self.dealt[seat]

    def _plays(self, seat: int) -> tuple[RoundAction, ...]:
        trick = self.trick
        assert trick is not None
        hand = trick.hands[seat]
        if not hand or trick.is_over:
            return ()
        in_turn = seat == trick.to_move
        top = trick.top
        leads = top is None or (top.combination is not None and top.combination.kind is Kind.SINGLE
                                and top.combination.rank == 0)
        follows = in_turn and not leads and top is not None and top.combination is not None
        if in_turn:
            length = top.combination.length if follows else None  # type: ignore[union-attr]
            candidates = list(hand_combinations(hand, length))
        else:  # out of turn only a bomb may be played: the hand's other combinations are not searched
            candidates = list(hand_bombs(hand))
        if in_turn and trick.wish is not None:
            wished = lowest_fulfilling_play(None if leads else top.combination, hand, trick.wish,  # type: ignore[union-attr]
                                            phoenix_on=trick.phoenix_on)
            if wished is not None and all(combo_key(c) != combo_key(wished) for c in candidates):
                candidates.append(wished)
        actions: list[RoundAction] = []
        for combo in candidates:
            if not in_turn and not combo.is_bomb:
                continue
            if not leads and in_turn and not combo.is_bomb and top is not None and top.combination is not None \
                    and (combo.kind is not top.combination.kind or combo.length != top.combination.length):
                continue
            reading = combo.phoenix_as if len(readings(combo.cards)) > 1 else None
            if not trick.judge(seat, combo.cards, reading).legal:
                continue
            has_mah_jong = any(c.rank == MAH_JONG for c in combo.cards)
            for wish in ((None,) + NATURAL_RANKS if has_mah_jong else (None,)):
                actions.append(Play(seat, combo.cards, wish, reading))
        if in_turn and trick.judge_pass(seat).legal:
            actions.append(PassTurn(seat))
        return tuple(actions)

    # --- moves ----------------------------------------------------------------------------------------------------
    def apply(self, action: RoundAction) -> "RoundState":
        """The state after ``action``.

        Raises:
            NotationError: ``tichu.round.error.seat`` for a seat that is no seat.
            RuleViolation: the action does not fit the phase (``tichu.round.error.phase``), is not this seat's
                turn, a card is not in the hand, a call comes too late or twice; a refused play or pass is the
                trick's :class:`~webapp.games.tichu.trick.IllegalMove` (its ``verdict`` says why).
        """
        seat = _check_seat(getattr(action, "seat", None))
        phase = self.phase
        if isinstance(action, CallTichu):
            return self._call_tichu(seat)
        if isinstance(action, (CallGrandTichu, Decline)) and phase is Phase.GRAND:
            if self.grand[seat] is not None:
                raise RuleViolation(RoundError.DECIDED, "this player has already decided on Grand Tichu")
            called = isinstance(action, CallGrandTichu)
            return replace(self, grand=_put(self.grand, seat, called),
                           calls=_put(self.calls, seat, "grand") if called else self.calls)
        if isinstance(action, Exchange) and phase is Phase.EXCHANGE:
            return self._exchange(seat, tuple(action.cards))
        if isinstance(action, (Play, PassTurn)) and phase is Phase.PLAY:
            return self._play(action)
        if isinstance(action, GiveDragon) and phase is Phase.GIFT:
            if seat != self.to_act:
                raise RuleViolation(RoundError.NOT_YOUR_TURN, "only the Dragon's winner gives the trick away",
                                    seat=seat + 1)
            return self._finish_trick(_check_seat(action.to))
        if phase is Phase.DONE:
            raise RuleViolation(RoundError.OUT, "the round is over")
        raise RuleViolation(RoundError.PHASE, f"{type(action).__name__} is not a move now ({phase.value})")

    def _call_tichu(self, seat: int) -> "RoundState":
        if self.calls[seat] is not None:
            raise RuleViolation(RoundError.TICHU_CALLED, "this player has already made a call")
        if self.played[seat]:
            raise RuleViolation(RoundError.TICHU_LATE, "Tichu is called before one's first card")
        if self.phase is Phase.GRAND:
            raise RuleViolation(RoundError.TICHU_EARLY, "Tichu is called with all 14 cards in hand")
        if self.phase is Phase.DONE:
            raise RuleViolation(RoundError.OUT, "the round is over")
        return replace(self, calls=_put(self.calls, seat, "tichu"))

    def _exchange(self, seat: int, cards: tuple[TichuCard, ...]) -> "RoundState":
        if self.exchanges[seat] is not None:
            raise RuleViolation(RoundError.EXCHANGED, "this player has already passed three cards")
        if len(cards) != 3 or len(set(cards)) != 3:
            raise RuleViolation(RoundError.EXCHANGE_CARDS, "pass three different cards, one to each player")
        for card in cards:
            if card not in self.dealt[seat]:
                raise RuleViolation(RoundError.NOT_IN_HAND, f"{card} is not in the hand", card=card)
        state = replace(self, exchanges=_put(self.exchanges, seat, cards))
        if None in state.exchanges:
            return state
        hands = [state.hand(s) + state.received(s) for s in range(SEATS)]
        leader = next(s for s in range(SEATS) if any(c.rank == MAH_JONG for c in hands[s]))
        return replace(state, trick=Trick.deal(hands, leader))

    def _play(self, action: Play | PassTurn) -> "RoundState":
        trick = self.trick
        assert trick is not None
        seat = action.seat
        if isinstance(action, PassTurn):
            if seat != trick.to_move:
                raise RuleViolation(RoundError.NOT_YOUR_TURN, "only the player in turn passes", seat=seat + 1)
            trick = trick.pass_(seat)
            state = self
        else:
            if not trick.hands[seat]:
                raise RuleViolation(RoundError.OUT, "this player is out and plays no more cards")
            if action.wish is not None and action.wish not in NATURAL_RANKS:
                raise NotationError(ErrorCode.WISH, f"a wish is a rank 2 to Ace: {action.wish!r}",
                                    token=str(action.wish))
            if action.wish is not None and not any(c.rank == MAH_JONG for c in action.cards):
                raise RuleViolation(RoundError.WISH_NO_MAH_JONG, "only the Mah Jong's player makes a wish")
            try:
                trick = trick.play(seat, action.cards, action.reading, action.wish)
            except RuleInputError as error:
                raise _violation(error) from None
            out = self.out + ((seat,) if not trick.hands[seat] else ())
            state = replace(self, played=_put(self.played, seat, True), out=out)
        state = replace(state, trick=trick)
        if state.double_victory is not None:
            return replace(state, finished=True)
        if len(state.out) == SEATS - 1 and not trick.is_over:
            # Tichu rulebook, "End of a round": the last player holding cards plays no more; the trick on the
            # table goes to its winner as if the last player had passed.
            last = next(s for s in range(SEATS) if s not in state.out)
            trick = replace(trick, moves=trick.moves + (Move(last, ()),))
            state = replace(state, trick=trick)
        if trick.is_over and not trick.needs_gift:
            return state._finish_trick(None)
        return state

    def _finish_trick(self, gift_to: int | None) -> "RoundState":
        trick = self.trick
        assert trick is not None
        result = trick.result(gift_to)
        piles = _put(self.piles, result.taker, self.piles[result.taker] + trick.cards)
        record = TrickRecord(trick, result)
        ended = len(self.out) >= SEATS - 1
        lead = result.next_lead
        following = Trick.deal(trick.hands, lead if lead is not None else 0, wish=trick.wish)
        return replace(self, piles=piles, tricks=self.tricks + (record,), trick=following, finished=ended)


def _put(values: tuple, seat: int, value: object) -> tuple:
    return tuple(value if s == seat else v for s, v in enumerate(values))


#: Every step and error code this module emits, with its parameter names.
CODES: dict[str, tuple[str, ...]] = codes(RoundError)
