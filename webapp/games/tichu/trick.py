"""A Tichu trick played through, simple bots, card points and round scoring.

Seats are numbered 0 to 3 in the order of play; partners sit opposite
(0 and 2, 1 and 3), so seat ``s`` plays after seat ``s - 1``. The rules are the
official Tichu rulebook (Fata Morgana) and its FAQ:

* A trick ends when every other player still holding cards has passed after
  the last play; its winner takes it and leads the next one. A player who has
  gone out hands the lead to the next player still holding cards.
* The Dog ends its trick at once and hands the lead to the partner (or, when
  the partner has gone out, to the next player after the partner).
* A trick won with the Dragon is given to an opponent of the winner's
  choosing; a bombed Dragon is not given away (the bomb won the trick).
* A bomb may be thrown in out of turn onto any trick but the Dog.
* The Mah Jong's wish stays open until a natural card of that rank is played.

>>> from webapp.games.tichu.rules import parse_play as p
>>> trick = Trick.deal((p("1K"), p("5"), p("3"), p("2")), leader=0)
>>> trick = trick.play(0, p("1"), wish=5).play(1, p("5")).pass_(2).pass_(3).pass_(0)
>>> trick.is_over, trick.result().taker, trick.wish
(True, 1, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from webapp.core.steps import RuleInputError, RuleViolation, Step
from webapp.games.tichu.rules import DOG, DRAGON, KING, MAH_JONG, PHOENIX, TEN, Combination, Kind, TichuCard, Verdict, bombs, judge, lowest_fulfilling_play, judge_pass, plays_of_length, remove_from_hand
from webapp.games.tichu.rules.codes import Code, codes

#: Players at the table; seats 0 and 2 are one team, 1 and 3 the other.
SEATS = 4
#: Card points (Tichu rulebook, "Scoring"): 5s 5, 10s and Kings 10, Dragon 25, Phoenix -25.
POINTS: Mapping[int, int] = MappingProxyType({5: 5, TEN: 10, KING: 10, DRAGON: 25, PHOENIX: -25})
#: The card points of one round always add up to this.
ROUND_POINTS = 100
#: A double victory (both partners out before both opponents) scores this, with no card counting.
DOUBLE_VICTORY = 200
#: Tichu and Grand Tichu calls: won or lost by this much (Tichu rulebook, "Tichu").
CALLS: Mapping[str, int] = MappingProxyType({"tichu": 100, "grand": 200})
#: The game ends when a team has this many points (Tichu rulebook, "End of the game").
GAME_TARGET = 1000


class TrickError(Code):
    """A trick or round score that cannot be taken as given (raised as :class:`~webapp.core.steps.RuleInputError`)."""

    TRICK_OVER = "tichu.error.trick_over"
    NOT_YOUR_TURN = "tichu.error.not_your_turn"
    ILLEGAL_MOVE = "tichu.error.illegal_move"
    TRICK_NOT_OVER = "tichu.error.trick_not_over"
    GIFT = "tichu.error.gift", ("seat",)
    GIFT_NOT_DRAGON = "tichu.error.gift_not_dragon"
    OUT_ORDER = "tichu.error.out_order"
    CALL = "tichu.error.call", ("token",)
    POINTS = "tichu.error.points", ("token",)
    POINTS_TOTAL = "tichu.error.points_total", ("total",)


class TrickStep(Code):
    """How a finished trick is resolved (Tichu rulebook: "Dog", "Dragon", "Bombs", end of a trick)."""

    DOG = "tichu.trick.dog", ("lead", "seat")
    BOMB_WINS = "tichu.trick.bomb_wins", ("seat",)  # a Dragon was bombed: the trick is not given away
    BOMB_WINS_PLAIN = "tichu.trick.bomb_wins_plain", ("seat",)  # no Dragon in the trick
    DRAGON_GIFT = "tichu.trick.dragon_gift", ("points", "seat", "taker")
    WON = "tichu.trick.won", ("points", "seat")
    OUT_LEAD = "tichu.trick.out_lead", ("lead", "seat")


class ScoreStep(Code):
    """The steps of a round score (Tichu rulebook: "Scoring", "Tichu", "End of the game")."""

    DOUBLE_VICTORY = "tichu.score.double_victory", ("first", "points", "second")
    LAST_HAND = "tichu.score.last_hand", ("last", "points")
    LAST_TRICKS = "tichu.score.last_tricks", ("first", "last", "points")
    TEAM_CARDS = "tichu.score.team_cards", ("points", "team")
    CARDS_TOTAL = "tichu.score.cards_total", ("total",)
    TICHU_WON = "tichu.score.tichu_won", ("points", "seat", "team")
    TICHU_LOST = "tichu.score.tichu_lost", ("points", "seat", "team")
    GRAND_WON = "tichu.score.grand_won", ("points", "seat", "team")
    GRAND_LOST = "tichu.score.grand_lost", ("points", "seat", "team")
    ROUND = "tichu.score.round", ("a", "b")
    TOTALS = "tichu.score.totals", ("a", "b")
    GAME_WON = "tichu.score.game_won", ("target", "team")
    GAME_TIED = "tichu.score.game_tied", ("target",)


def partner(seat: int) -> int:
    """The seat opposite ``seat`` (0 <-> 2, 1 <-> 3)."""
    return (seat + 2) % SEATS


def team(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def opponents(seat: int) -> tuple[int, int]:
    """The two opponents of ``seat``, the next player first."""
    return ((seat + 1) % SEATS, (seat + 3) % SEATS)


def _player(seat: int | None) -> int:
    """A seat as the player number shown to people (1 to 4; 0 when nobody)."""
    return 0 if seat is None else seat + 1


def card_points(cards: Iterable[TichuCard]) -> int:
    """The card points of some cards (Tichu rulebook, "Scoring").

    >>> from webapp.games.tichu.rules import parse_play
    >>> card_points(parse_play("50KRP")), card_points(parse_play("2A"))
    (25, 0)
    """
    return sum(POINTS.get(c.rank, 0) for c in cards)


# RuleViolation (from core): a well-written move that the rules forbid now: acting in a finished trick, passing
# out of turn, giving away a trick that was not won with the Dragon or giving it to a partner (Tichu rulebook:
# "Dragon", end of a trick). The trick page answers it with 422, as it always has.


class IllegalMove(RuleViolation):
    """A play or pass the rules forbid; ``verdict`` holds the explanation (Tichu rulebook and FAQ)."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(TrickError.ILLEGAL_MOVE, f"not allowed: {verdict.reason}")
        self.verdict = verdict


# --- A trick -------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One action in a trick.

    Attributes:
        seat: who acted.
        cards: the cards played; ``()`` for a pass.
        combination: the play as counted (None for a pass).
        out_of_turn: True for a bomb thrown in out of turn.
        wish: the rank wished with the Mah Jong, or None.
    """

    seat: int
    cards: tuple[TichuCard, ...]
    combination: Combination | None = None
    out_of_turn: bool = False
    wish: int | None = None

    @property
    def is_pass(self) -> bool:
        return not self.cards


@dataclass(frozen=True)
class TrickResult:
    """Who won a finished trick and where its cards go.

    Attributes:
        winner: the seat of the last play.
        taker: the seat that takes the cards (an opponent after a Dragon win).
        points: the trick's card points.
        next_lead: the seat that leads the next trick, or None if nobody holds cards.
        steps: the explanation.
    """

    winner: int
    taker: int
    points: int
    next_lead: int | None
    steps: tuple[Step, ...]

    @property
    def by_dog(self) -> bool:
        """True when the Dog ended the trick: nobody wins it, the lead passes to the partner
        (:attr:`next_lead`; Tichu rulebook: "Dog")."""
        return bool(self.steps) and self.steps[0].code == TrickStep.DOG


@dataclass(frozen=True)
class Trick:
    """One trick in progress: the hands, the leader, the open wish and the moves so far.

    Build one with :meth:`deal`, then :meth:`play` and :meth:`pass_` return new
    tricks (the value is immutable). :meth:`judge` says whether a play is
    allowed without changing anything.
    """

    hands: tuple[tuple[TichuCard, ...], ...]
    leader: int
    wish: int | None = None
    moves: tuple[Move, ...] = field(default=())

    @classmethod
    def deal(cls, hands: Sequence[Iterable[TichuCard]], leader: int, wish: int | None = None) -> "Trick":
        """A new trick with these four hands; ``leader`` leads; ``wish`` is still open from before."""
        if len(hands) != SEATS or not 0 <= leader < SEATS:
            raise ValueError("a trick needs four hands and a leader 0..3")
        return cls(tuple(tuple(h) for h in hands), leader, wish)

    # -- state ---------------------------------------------------------------
    @cached_property  # a trick never changes (play and pass_ return new ones): computed once a trick
    def top(self) -> Move | None:
        """The last play (not a pass), or None before the lead."""
        return next((m for m in reversed(self.moves) if not m.is_pass), None)

    @property
    def phoenix_on(self) -> TichuCard | None:
        """The single a Phoenix single on top was played on (None: led, or no Phoenix on top)."""
        plays = [m for m in self.moves if not m.is_pass]
        if len(plays) >= 2 and plays[-1].combination is not None and plays[-1].combination.is_phoenix_single:
            return plays[-2].cards[0]
        return None

    def active(self, seat: int) -> bool:
        """True while ``seat`` still holds cards."""
        return bool(self.hands[seat])

    def _next_active(self, after: int) -> int | None:
        for step in range(1, SEATS + 1):
            seat = (after + step) % SEATS
            if self.active(seat):
                return seat
        return None

    @property
    def to_move(self) -> int | None:
        """The seat in turn, or None when the trick is over."""
        if self.is_over:
            return None
        if not self.moves:
            return self.leader
        return self._next_active(self.moves[-1].seat)

    @cached_property
    def is_over(self) -> bool:
        """True after the Dog, or when all other players holding cards passed after the last play."""
        top = self.top
        if top is None:
            return False
        if top.combination is not None and top.combination.kind is Kind.SINGLE and top.combination.rank == DOG:
            return True
        others = {s for s in range(SEATS) if s != top.seat and self.active(s)}
        index = self.moves.index(top)
        passed = {m.seat for m in self.moves[index + 1 :] if m.is_pass}
        return others <= passed

    @property
    def cards(self) -> tuple[TichuCard, ...]:
        """Every card played in this trick so far."""
        return tuple(c for m in self.moves for c in m.cards)

    # -- judging and acting ------------------------------------------------------
    def judge(self, seat: int, cards: Iterable[TichuCard], reading: int | None = None) -> Verdict:
        """Judge ``seat`` playing ``cards`` now (out of turn when it is not their turn).

        Raises:
            RuleInputError: as :func:`webapp.games.tichu.rules.judge` (e.g. the hand
                lacks a card).
            RuleViolation: ``tichu.error.trick_over``.
        """
        if self.is_over:
            raise RuleViolation(TrickError.TRICK_OVER, "the trick is over")
        top = self.top
        return judge(
            top.combination if top is not None else (),
            tuple(cards),
            wish=self.wish,
            hand=self.hands[seat],
            out_of_turn=seat != self.to_move,
            reading=reading,
            phoenix_on=self.phoenix_on,
        )

    def judge_pass(self, seat: int) -> Verdict:
        """Judge ``seat`` passing now; only the player in turn passes.

        Raises:
            RuleViolation: ``tichu.error.trick_over``, ``tichu.error.not_your_turn``.
        """
        if self.is_over:
            raise RuleViolation(TrickError.TRICK_OVER, "the trick is over")
        if seat != self.to_move:
            raise RuleViolation(TrickError.NOT_YOUR_TURN, "only the player in turn passes")
        top = self.top
        previous = top.combination if top is not None else ()
        return judge_pass(previous, wish=self.wish, hand=self.hands[seat], phoenix_on=self.phoenix_on)

    def play(self, seat: int, cards: Iterable[TichuCard], reading: int | None = None, wish: int | None = None) -> "Trick":
        """The trick after ``seat`` plays ``cards`` (``wish``: the rank wished with the Mah Jong).

        Raises:
            IllegalMove: the play is not allowed (its ``verdict`` says why).
            RuleInputError: as :meth:`judge`.
        """
        cards = tuple(cards)
        verdict = self.judge(seat, cards, reading)
        if not verdict.legal:
            raise IllegalMove(verdict)
        hands = list(self.hands)
        hands[seat] = remove_from_hand(hands[seat], cards)
        open_wish = self.wish
        if open_wish is not None and any(c.rank == open_wish for c in cards):
            open_wish = None
        made = wish if any(c.rank == MAH_JONG for c in cards) else None
        if made is not None:
            open_wish = made
        move = Move(seat, cards, verdict.play, seat != self.to_move, made)
        return Trick(tuple(hands), self.leader, open_wish, self.moves + (move,))

    def pass_(self, seat: int) -> "Trick":
        """The trick after ``seat`` passes.

        Raises:
            IllegalMove: passing is not allowed (its ``verdict`` says why).
        """
        verdict = self.judge_pass(seat)
        if not verdict.legal:
            raise IllegalMove(verdict)
        return Trick(self.hands, self.leader, self.wish, self.moves + (Move(seat, ()),))

    @property
    def needs_gift(self) -> bool:
        """True when the trick is over and was won with the Dragon: its winner must give it away."""
        top = self.top
        return self.is_over and top is not None and top.combination is not None and top.combination.rank == DRAGON \
            and top.combination.kind is Kind.SINGLE

    def result(self, gift_to: int | None = None) -> TrickResult:
        """Resolve a finished trick (Tichu rulebook: "Dragon", "Dog", end of a trick).

        Args:
            gift_to: the opponent who receives a trick won with the Dragon.

        Raises:
            RuleViolation: ``tichu.error.trick_not_over``; ``tichu.error.gift``
                when a Dragon trick has no gift to an opponent;
                ``tichu.error.gift_not_dragon`` when a gift is given for another trick.
        """
        top = self.top
        if not self.is_over or top is None:
            raise RuleViolation(TrickError.TRICK_NOT_OVER, "the trick is not over yet")
        winner = top.seat
        points = card_points(self.cards)
        combo = top.combination
        assert combo is not None
        steps: list[Step] = []
        if gift_to is not None and not self.needs_gift:
            raise RuleViolation(TrickError.GIFT_NOT_DRAGON, "only a trick won with the Dragon is given away")
        if combo.kind is Kind.SINGLE and combo.rank == DOG:
            lead = partner(winner) if self.active(partner(winner)) else self._next_active(partner(winner))
            steps.append(Step(TrickStep.DOG, seat=winner + 1, lead=_player(lead)))
            return TrickResult(winner, winner, points, lead, tuple(steps))
        if top.out_of_turn or combo.is_bomb:
            bombed_dragon = any(card.rank == DRAGON for card in self.cards)
            steps.append(Step(TrickStep.BOMB_WINS if bombed_dragon else TrickStep.BOMB_WINS_PLAIN, seat=winner + 1))
        if self.needs_gift:
            if gift_to not in opponents(winner):
                raise RuleViolation(TrickError.GIFT, "give the Dragon trick to an opponent", seat=winner + 1)
            steps.append(Step(TrickStep.DRAGON_GIFT, seat=winner + 1, taker=gift_to + 1, points=points))
            taker = gift_to
        else:
            steps.append(Step(TrickStep.WON, seat=winner + 1, points=points))
            taker = winner
        lead = winner if self.active(winner) else self._next_active(winner)
        if lead is not None and lead != winner:
            steps.append(Step(TrickStep.OUT_LEAD, seat=winner + 1, lead=lead + 1))
        return TrickResult(winner, taker, points, lead, tuple(steps))


# --- Simple bots ------------------------------------------------------------------
def bot_move(trick: Trick, seat: int) -> tuple[tuple[TichuCard, ...], int | None] | None:
    """What a simple bot in ``seat`` does now: ``(cards, wish)`` to play, ``()`` cards to pass, None to wait.

    In turn: fulfil the wish with its lowest fulfilling play; else lead its
    lowest single; else beat an opponent's play with the lowest non-bomb that
    does; else pass (a bot never beats its partner). Out of turn it throws its
    lowest bomb on an opponent's Dragon. A bot leading the Mah Jong wishes for
    nothing.
    """
    hand = trick.hands[seat]
    top = trick.top
    if not hand or trick.is_over:
        return None
    if seat != trick.to_move:
        if top is not None and top.seat not in (seat, partner(seat)) and top.combination is not None \
                and top.combination.kind is Kind.SINGLE and top.combination.rank == DRAGON:
            mine = _plays(hand, None)
            if mine:
                return mine[0].cards, None
        return None
    if trick.wish is not None:
        previous = top.combination if top is not None else None
        wished = lowest_fulfilling_play(previous, hand, trick.wish, phoenix_on=trick.phoenix_on)
        if wished is not None:
            return wished.cards, None
    if top is None or top.combination is None or top.combination.rank == DOG and top.combination.kind is Kind.SINGLE:
        singles = sorted((c for c in hand if c.rank != DOG), key=lambda c: c.rank) or list(hand)
        return (singles[0],), None
    if top.seat == partner(seat):
        return (), None
    for combo in _plays(hand, top.combination):
        if not combo.is_bomb and trick.judge(seat, combo.cards).legal:
            return combo.cards, None
    return (), None


def _plays(hand: tuple[TichuCard, ...], table: Combination | None) -> list[Combination]:
    """Combinations from ``hand`` of the table's length, then its bombs, lowest first."""
    same = plays_of_length(hand, table.length) if table is not None else ()
    return sorted(same, key=lambda c: c.rank) + sorted(bombs(hand), key=lambda c: c.bomb_strength)


# --- Round scoring -----------------------------------------------------------------
@dataclass(frozen=True)
class RoundScore:
    """The score of one round (Tichu rulebook, "Scoring").

    Attributes:
        points: the points each team makes this round, ``(team 0, team 1)``.
        totals: the game score after the round.
        double_victory: the team that went out first and second, or None.
        game_over: True when a team has 1000 or more and the teams are not level.
        winner: the winning team when the game is over, else None.
        steps: the explanation.
    """

    points: tuple[int, int]
    totals: tuple[int, int]
    double_victory: int | None
    game_over: bool
    winner: int | None
    steps: tuple[Step, ...]


def score_round(
    out_order: Sequence[int],
    trick_points: Sequence[int] = (0, 0, 0, 0),
    hand_points: int = 0,
    calls: dict[int, str] | None = None,
    before: tuple[int, int] = (0, 0),
) -> RoundScore:
    """Score a round (Tichu rulebook, "Scoring", "Tichu", "End of the game").

    * Double victory: when both players of a team go out first and second,
      that team scores 200 and nobody counts cards.
    * Otherwise the last player (still holding cards) gives the cards left in
      the hand to the opponents and the tricks won to the first player out;
      then each team counts the card points of its tricks (100 in all).
    * Each Tichu call scores +100 for the caller's team when the caller went out
      first, else -100; a Grand Tichu +200 / -200.
    * The game ends when a team reaches 1000; the higher total wins (at equal
      totals another round is played).

    >>> score_round((0, 1, 2), (30, 20, 25, 15), 10, {0: "tichu"}).points
    (180, 20)
    >>> score_round((1, 3), calls={0: "grand"}).points
    (-200, 200)

    Args:
        out_order: the seats in the order they went out: two seats of one team
            (double victory), or three or four seats (the fourth is the last).
        trick_points: the card points in each seat's tricks (ignored after a double victory).
        hand_points: the card points still in the last player's hand.
        calls: seat -> ``"tichu"`` or ``"grand"``.
        before: the teams' game totals before this round.

    Raises:
        RuleInputError: ``tichu.error.out_order`` for a bad order;
            ``tichu.error.points`` for points that are no multiple of 5 or out
            of range; ``tichu.error.points_total`` when the points do not add up
            to 100; ``tichu.error.call`` for an unknown call.
    """
    order = list(out_order)
    if len(set(order)) != len(order) or any(s not in range(SEATS) for s in order) or not 2 <= len(order) <= SEATS:
        raise RuleInputError(TrickError.OUT_ORDER, f"bad order of going out: {order!r}")
    if len(order) == 2 and team(order[0]) != team(order[1]):
        raise RuleInputError(TrickError.OUT_ORDER, "two players out are a double victory only from one team")
    calls = dict(calls or {})
    for seat, call in calls.items():
        if seat not in range(SEATS) or call not in CALLS:
            raise RuleInputError(TrickError.CALL, f"unknown call {call!r} for seat {seat!r}", token=str(call))
    steps: list[Step] = []
    points = [0, 0]
    first = order[0]
    if len(order) == 2:
        double = team(first)
        points[double] += DOUBLE_VICTORY
        steps.append(Step(ScoreStep.DOUBLE_VICTORY, first=first + 1, second=order[1] + 1, points=DOUBLE_VICTORY))
    else:
        double = None
        tricks = [_checked_points(p) for p in trick_points]
        left = _checked_points(hand_points)
        if len(tricks) != SEATS or sum(tricks) + left != ROUND_POINTS:
            raise RuleInputError(
                TrickError.POINTS_TOTAL, "the card points must add up to 100", total=sum(tricks) + left
            )
        last = next(s for s in range(SEATS) if s not in order[:3])
        steps.append(Step(ScoreStep.LAST_HAND, last=last + 1, points=left))
        points[1 - team(last)] += left
        steps.append(Step(ScoreStep.LAST_TRICKS, last=last + 1, first=first + 1, points=tricks[last]))
        tricks[first] += tricks[last]
        tricks[last] = 0
        for side in (0, 1):
            won = tricks[side] + tricks[side + 2]
            points[side] += won
            steps.append(Step(ScoreStep.TEAM_CARDS, team=side + 1, points=won))
        steps.append(Step(ScoreStep.CARDS_TOTAL, total=points[0] + points[1]))
    for seat in sorted(calls):
        value = CALLS[calls[seat]]
        won = seat == first
        points[team(seat)] += value if won else -value
        code = ScoreStep[f"{calls[seat].upper()}_{'WON' if won else 'LOST'}"]
        steps.append(Step(code, seat=seat + 1, team=team(seat) + 1, points=value))
    totals = (before[0] + points[0], before[1] + points[1])
    steps.append(Step(ScoreStep.ROUND, a=points[0], b=points[1]))
    steps.append(Step(ScoreStep.TOTALS, a=totals[0], b=totals[1]))
    game_over = max(totals) >= GAME_TARGET and totals[0] != totals[1]
    winner = (0 if totals[0] > totals[1] else 1) if game_over else None
    if game_over:
        steps.append(Step(ScoreStep.GAME_WON, team=(winner or 0) + 1, target=GAME_TARGET))
    elif max(totals) >= GAME_TARGET:
        steps.append(Step(ScoreStep.GAME_TIED, target=GAME_TARGET))
    return RoundScore((points[0], points[1]), totals, double, game_over, winner, tuple(steps))


def _checked_points(value: int) -> int:
    """Card points of one pile: a multiple of 5 from -25 to 125."""
    if type(value) is not int or value % 5 or not -25 <= value <= ROUND_POINTS + 25:
        raise RuleInputError(TrickError.POINTS, f"card points are a multiple of 5 from -25 to 125: {value!r}",
                             token=str(value))
    return value


#: Every step and error code this module emits, with its parameter names (derived from the enums).
CODES: dict[str, tuple[str, ...]] = codes(TrickError, TrickStep, ScoreStep)
