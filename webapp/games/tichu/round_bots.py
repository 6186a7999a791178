"""Tichu bots for a whole round: simple documented rules, every move chosen from the legal list, with its reason.

A bot sees what its seat may see: its own cards, the calls, the cards on the table, how many cards each player
holds. Every move is one of :meth:`~webapp.games.tichu.round.RoundState.legal_actions` (the exchange: three of
its own cards), and comes with the reason as :class:`~webapp.core.steps.Step` s (``tichu.round.bot.*``).

* The plan: the bot splits its hand into plays (:func:`plan`): bombs first (fours of a kind, then straight
  flushes), then the longest straights (the Mah Jong may start one; the Phoenix is kept as a single), stairs of
  the pairs left, full houses (each triple with the lowest pair), triples, pairs, singles. A play is *high*
  (:func:`is_high`) when few plays can beat it: a single Ace, Phoenix or Dragon, a pair of Queens or higher, a
  triple or full house of 10s or higher, a straight up to the King or longer than 6 cards, stairs up to the Jack
  or higher. A bomb counts as two high plays.
* Grand Tichu (8 cards): the bot calls when :func:`grand_strength` (Dragon 3, Phoenix 3, each Ace 2, each King
  1, a four of a kind 4) is at least :data:`GRAND_LIMIT`.
* Tichu (14 cards, before its first card, while nobody is out and its partner has made no call): the bot calls
  when its plan's high plays outnumber its other plays (the Dog counts as one) by :data:`TICHU_MARGIN` or more.
* Exchange: to each opponent a low card (the lowest cards that are no Mah Jong, Phoenix, Dragon or bomb card,
  lone ranks before pairs; the Dog counts as the lowest card), to the partner a good card (its highest card
  below the Phoenix; its very best when the partner called Grand Tichu; a low one when the bot itself called
  Grand Tichu, as it needs its high cards).
* Play, in this order: go out when one legal play holds every card left; fulfil the open wish with the lowest
  play holding the wished rank (the rules oblige it; the legal list offers nothing else). On lead: lead the Dog
  to the partner when the partner still plays and called, or when the bot holds no high play; else lead the
  lowest play of the plan (low plays first, then longer before shorter), the Mah Jong wishing the highest rank
  the bot holds none of; when an opponent is out, its longest play instead, the lowest of equally long ones
  (but the highest single when the other opponent holds one card), as a play longer than that opponent's hand
  cannot be followed but by a bomb (the other opponent must not go out second: a double victory). Following: pass when
  the partner's play is on top (no need to beat it); else beat the opponent with the lowest legal play that
  breaks no bomb (a play of the plan first), also when that opponent's partner is out: the high plays kept are
  what stops that opponent later (the highest play, ``tichu.round.bot.stop``, is no longer chosen: with it the
  benchmark's double victories rose by 3 points).
* Keeping the high cards (as good players do, so that they are still there to stop a Tichu or a double
  victory): a high play (any kind, see :func:`is_high`) is spent only when much is at stake
  (:func:`_stakes`: an opponent is out, an opponent who called Tichu or Grand Tichu still plays, or the bot or
  its partner called and still plays, so the partner of a caller fights for the caller), when the bot holds 5
  cards or fewer, or, for an Ace, on a trick worth 10 points or more; else the bot passes and keeps it.
* Bombs are kept for when they matter, in turn or out of turn: on the play of an opponent whose partner is out
  (the double victory), of an opponent with 1 card left (3 or fewer when that opponent called Tichu or Grand
  Tichu), or when the bot goes out with the bomb and at most one more play.
* The Dragon: the trick goes to :func:`dragon_receiver`, the opponent holding fewer cards (the issue's rule).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from webapp.core.steps import Step
from webapp.games.tichu.round import (
    CallGrandTichu, CallTichu, Decline, Exchange, GiveDragon, PassTurn, Phase, Play, RoundAction, RoundState,
)
from webapp.games.tichu.round_plays import hand_bombs, straights
from webapp.games.tichu.rules import (
    ACE, DOG, DRAGON, JACK, KING, MAH_JONG, NATURAL_RANKS, PHOENIX, QUEEN, TEN, Combination, Kind, TichuCard,
    readings,
)
from webapp.games.tichu.rules.codes import Code, codes
from webapp.games.tichu.rules.wish import play_order
from webapp.games.tichu.trick import SEATS, card_points, opponents, partner

__all__ = ["BotMove", "BotStep", "GRAND_LIMIT", "TICHU_MARGIN", "bot_move", "dragon_receiver",
           "grand_strength", "is_high", "next_bot_move", "plan", "run_bots"]

#: Grand Tichu when :func:`grand_strength` of the first 8 cards reaches this (tuned by benchmarks/tichu_bots.py).
GRAND_LIMIT = 7
#: Tichu when the high plays (a bomb counts two) outnumber the others by this many (tuned by the benchmark).
TICHU_MARGIN = 2
#: An Ace (no other high play) is spent on a trick worth this many points ...
POINTS_WORTH_AN_ACE = 10
#: ... and every high play once the bot holds this few cards.
BOT_NEAR_OUT = 5
#: A bomb is thrown on an opponent who called Tichu or Grand Tichu and holds this few cards.
BOMB_OPPONENT_CARDS = 3
#: At most this many bot actions in one call of :func:`run_bots` (a round needs far fewer).
MAX_ACTIONS = 500


class BotStep(Code):
    """Why a bot made its move (sentences in :mod:`webapp.games.tichu.messages_round`)."""

    GRAND = "tichu.round.bot.grand", ("limit", "seat", "strength")
    NO_GRAND = "tichu.round.bot.no_grand", ("limit", "seat", "strength")
    TICHU = "tichu.round.bot.tichu", ("high", "losers", "seat")
    EXCHANGE = "tichu.round.bot.exchange", ("low", "partner", "seat")
    GO_OUT = "tichu.round.bot.go_out", ("cards", "seat")
    WISH = "tichu.round.bot.wish", ("cards", "rank", "seat")
    LEAD_DOG = "tichu.round.bot.lead_dog", ("seat",)
    LEAD = "tichu.round.bot.lead", ("cards", "seat")
    MAKE_WISH = "tichu.round.bot.make_wish", ("rank", "seat")
    PARTNER = "tichu.round.bot.partner", ("seat",)
    BEAT = "tichu.round.bot.beat", ("cards", "seat")
    STOP = "tichu.round.bot.stop", ("cards", "other", "seat")
    LEAD_HARD = "tichu.round.bot.lead_hard", ("cards", "seat")
    KEEP_HIGH = "tichu.round.bot.keep_high", ("cards", "seat")
    CANNOT = "tichu.round.bot.cannot", ("seat",)
    BOMB = "tichu.round.bot.bomb", ("cards", "seat")
    BOMB_DOUBLE = "tichu.round.bot.bomb_double", ("cards", "other", "seat")
    DRAGON = "tichu.round.bot.dragon", ("count", "seat", "to")


@dataclass(frozen=True)
class BotMove:
    """A bot's move: the ``action`` for :meth:`RoundState.apply` and its reason as ``steps``."""

    action: RoundAction
    steps: tuple[Step, ...]


# --- Judging a hand ---------------------------------------------------------------------------------------------
def grand_strength(cards: tuple[TichuCard, ...]) -> int:
    """The Grand Tichu strength of (8) cards: Dragon 3, Phoenix 3, each Ace 2, each King 1, a four of a kind 4.

    >>> from webapp.games.tichu.rules import parse_play
    >>> grand_strength(parse_play("RPAK2345"))
    9
    """
    worth = {DRAGON: 3, PHOENIX: 3, ACE: 2, KING: 1}
    fours = sum(1 for b in hand_bombs(cards) if not b.is_straight_flush)
    return sum(worth.get(c.rank, 0) for c in cards) + 4 * fours


def is_high(combo: Combination) -> bool:
    """True for a play few plays can beat (see the module's docstring)."""
    kind, rank = combo.kind, combo.rank
    if kind is Kind.SINGLE:
        return rank >= ACE
    if kind is Kind.PAIR:
        return rank >= QUEEN
    if kind in (Kind.TRIPLE, Kind.FULL_HOUSE):
        return rank >= TEN
    if kind is Kind.STRAIGHT:
        return rank >= KING or combo.length > 6
    if kind is Kind.STAIRS:
        return rank >= JACK
    return True


def plan(hand: tuple[TichuCard, ...]) -> tuple[Combination, ...]:
    """The bot's split of ``hand`` into plays (bombs, straights, stairs, full houses, triples, pairs, singles).

    >>> from webapp.games.tichu.rules import parse_play
    >>> [str(c) for c in plan(parse_play("1234567 99 KKK D"))]
    ['1234567', '99KKK', 'D']
    """
    left = list(hand)
    plays: list[Combination] = []

    def take(combo: Combination) -> None:
        plays.append(combo)
        for card in combo.cards:
            left.remove(card)

    for straight_flushes in (False, True):
        for bomb in [b for b in hand_bombs(left) if b.is_straight_flush is straight_flushes]:
            if all(c in left for c in bomb.cards):
                take(bomb)
    while True:
        found = straights([c for c in left if c.rank != PHOENIX])
        if not found:
            break
        take(max(found, key=lambda c: (c.length, -c.rank)))
    by_rank: dict[int, list[TichuCard]] = {}
    for card in left:
        by_rank.setdefault(card.rank, []).append(card)
    pairs = sorted(r for r, cs in by_rank.items() if len(cs) == 2 and r in NATURAL_RANKS)
    run: list[int] = []
    for rank in pairs + [None]:  # type: ignore[list-item]
        if run and (rank is None or rank != run[-1] + 1):
            if len(run) >= 2:
                take(readings([c for r in run for c in by_rank[r]])[0])
                for r in run:
                    del by_rank[r]
            run = []
        if rank is not None:
            run.append(rank)
    triples = sorted(r for r, cs in by_rank.items() if len(cs) == 3)
    pairs = sorted(r for r, cs in by_rank.items() if len(cs) == 2 and r in NATURAL_RANKS)
    for triple in triples:
        if pairs:
            pair = pairs.pop(0)
            take(readings(by_rank.pop(triple) + by_rank.pop(pair))[0])
    for rank in sorted(by_rank):
        cards = by_rank[rank]
        if len(cards) in (2, 3):
            take(readings(cards)[0])
        else:
            for card in cards:
                take(readings([card])[0])
    return tuple(plays)


def _judge_hand(hand: tuple[TichuCard, ...]) -> tuple[int, int]:
    """``(high, losers)`` of the plan: high plays (a bomb counts two) and the other plays."""
    plays = plan(hand)
    high = sum(2 if p.is_bomb else 1 for p in plays if is_high(p))
    return high, sum(1 for p in plays if not is_high(p))


def dragon_receiver(state: RoundState, seat: int) -> int:
    """The opponent who gets a Dragon trick from ``seat``: the one holding fewer cards (the next player at a tie)."""
    return min(opponents(seat), key=lambda s: len(state.hand(s)))


# --- Moves ------------------------------------------------------------------------------------------------------
def bot_move(state: RoundState, seat: int) -> BotMove | None:
    """What the bot in ``seat`` does now, or None when it has nothing to do (waiting, or out of turn without a
    bomb worth throwing). The rules are in the module's docstring.

    Raises:
        NotationError: ``seat`` is no seat (as :meth:`RoundState.legal_actions`).
    """
    phase = state.phase
    player = seat + 1
    if phase is Phase.GRAND:
        if state.grand[seat] is not None:
            return None
        strength = grand_strength(state.hand(seat))
        called = strength >= GRAND_LIMIT
        code = BotStep.GRAND if called else BotStep.NO_GRAND
        action = CallGrandTichu(seat) if called else Decline(seat)
        return BotMove(action, (Step(code, seat=player, strength=strength, limit=GRAND_LIMIT),))
    if phase is Phase.EXCHANGE:
        return _exchange(state, seat) if state.exchanges[seat] is None else None
    if phase is Phase.GIFT:
        if seat != state.to_act:
            return None
        to = dragon_receiver(state, seat)
        return BotMove(GiveDragon(seat, to), (Step(BotStep.DRAGON, seat=player, to=to + 1,
                                                   count=len(state.hand(to))),))
    if phase is not Phase.PLAY or not state.hand(seat):
        return None
    if seat != state.to_act:
        return _bomb_out_of_turn(state, seat)
    if _wants_tichu(state, seat):
        high, losers = _judge_hand(state.hand(seat))
        return BotMove(CallTichu(seat), (Step(BotStep.TICHU, seat=player, high=high, losers=losers),))
    return _in_turn(state, seat)


def _wants_tichu(state: RoundState, seat: int) -> bool:
    if not state.may_call_tichu(seat) or state.out or state.calls[partner(seat)] is not None:
        return False
    high, losers = _judge_hand(state.hand(seat))
    return high - losers >= TICHU_MARGIN


def _exchange(state: RoundState, seat: int) -> BotMove:
    hand = state.hand(seat)
    in_bombs = {c for b in hand_bombs(hand) for c in b.cards}
    counts = Counter(c.rank for c in hand)
    spare = [c for c in hand if c not in in_bombs and c.rank not in (MAH_JONG, PHOENIX, DRAGON)]
    low = sorted(spare, key=lambda c: (counts[c.rank] > 1, c.rank, str(c)))[:2]
    low += sorted((c for c in hand if c not in low), key=lambda c: c.rank)[:2 - len(low)]  # a hand of bombs
    rest = [c for c in hand if c not in low]
    if state.calls[seat] == "grand":
        good = min([c for c in rest if c not in in_bombs] or rest, key=lambda c: (c.rank == MAH_JONG, c.rank))
    elif state.calls[partner(seat)] == "grand":
        good = max(rest, key=lambda c: c.rank)
    else:
        good = max([c for c in rest if c.rank < PHOENIX and c not in in_bombs] or rest, key=lambda c: c.rank)
    cards = (low[0], good, low[1])
    return BotMove(Exchange(seat, cards), (Step(BotStep.EXCHANGE, seat=seat + 1, low=(low[0], low[1]),
                                                partner=good),))


def _combo(action: Play) -> Combination:
    options = readings(action.cards)
    return next((c for c in options if c.phoenix_as == action.reading), options[0]) if action.reading else options[0]


def _rank_key(cards: tuple[TichuCard, ...]) -> tuple[int, ...]:
    return tuple(sorted(c.rank for c in cards))


def _in_turn(state: RoundState, seat: int) -> BotMove:
    player = seat + 1
    hand = state.hand(seat)
    legal = state.legal_actions(seat)
    wanted = _wish_of(hand)
    plays = [a for a in legal if isinstance(a, Play)
             and a.wish == (wanted if any(c.rank == MAH_JONG for c in a.cards) else None)]
    may_pass = any(isinstance(a, PassTurn) for a in legal)
    trick = state.trick
    assert trick is not None
    out = [p for p in plays if len(p.cards) == len(hand)]
    if out:
        return BotMove(out[0], (Step(BotStep.GO_OUT, seat=player, cards=out[0].cards),))
    wish = trick.wish
    if wish is not None and not may_pass and plays and all(any(c.rank == wish for c in p.cards) for p in plays):
        chosen = min(plays, key=lambda p: play_order(_combo(p)))
        return BotMove(chosen, (Step(BotStep.WISH, seat=player, rank=TichuCard(wish), cards=chosen.cards),))
    top = trick.top
    leads = top is None or top.cards == (TichuCard(DOG),)
    if leads:
        return _lead(state, seat, plays)
    assert top is not None and top.combination is not None
    if top.seat == partner(seat):
        return BotMove(PassTurn(seat), (Step(BotStep.PARTNER, seat=player),))
    bomb = _bomb_if_it_matters(state, seat, plays)
    if bomb is not None:
        return bomb
    mine = plan(hand)
    planned = {_rank_key(p.cards) for p in mine}
    in_bombs = {c for p in mine if p.is_bomb for c in p.cards}
    options = [p for p in plays if not _combo(p).is_bomb and not set(p.cards) & in_bombs]
    if not options:
        return BotMove(PassTurn(seat), (Step(BotStep.CANNOT, seat=player),))
    chosen = min(options, key=lambda p: (_rank_key(p.cards) not in planned, play_order(_combo(p))))
    combo = _combo(chosen)
    if is_high(combo) and not _worth_a_high_play(state, seat, combo):
        return BotMove(PassTurn(seat), (Step(BotStep.KEEP_HIGH, seat=player, cards=chosen.cards),))
    return BotMove(chosen, (Step(BotStep.BEAT, seat=player, cards=chosen.cards),))


def _worth_a_high_play(state: RoundState, seat: int, combo: Combination) -> bool:
    """True when the bot in ``seat`` spends the high play ``combo`` on the trick (see the module's docstring)."""
    trick = state.trick
    assert trick is not None
    ace = combo.kind is Kind.SINGLE and combo.rank == ACE
    return ((ace and card_points(trick.cards) >= POINTS_WORTH_AN_ACE)
            or _stakes(state, seat) or len(state.hand(seat)) <= BOT_NEAR_OUT)


def _stakes(state: RoundState, seat: int) -> bool:
    """True when much hangs on the tricks for ``seat``'s team: an opponent is out (the other one must not go out
    second), an opponent who called Tichu or Grand Tichu still plays, or the bot's team called."""
    rivals = opponents(seat)
    if any(not state.hand(o) for o in rivals):
        return True
    if any(state.calls[o] is not None and state.hand(o) for o in rivals):
        return True
    mate = partner(seat)
    return state.calls[seat] is not None or (state.calls[mate] is not None and bool(state.hand(mate)))


def _wish_of(hand: tuple[TichuCard, ...]) -> int:
    """The rank the bot wishes with the Mah Jong: the highest natural rank it holds none of (an Ace if it can)."""
    held = {c.rank for c in hand}
    return next((r for r in reversed(NATURAL_RANKS) if r not in held), ACE)


def _lead(state: RoundState, seat: int, plays: list[Play]) -> BotMove:
    player = seat + 1
    hand = state.hand(seat)
    mine = plan(hand)
    dog = next((p for p in plays if p.cards == (TichuCard(DOG),)), None)
    mate = partner(seat)
    if dog is not None and state.hand(mate) and (state.calls[mate] is not None or not any(map(is_high, mine))):
        return BotMove(dog, (Step(BotStep.LEAD_DOG, seat=player),))
    by_ranks = {(_rank_key(p.cards), _combo(p).kind): p for p in plays}
    hard = any(not state.hand(o) for o in opponents(seat))
    if hard:  # stop the double victory: lead what the other opponent cannot follow, low cards first
        few = min(len(state.hand(o)) for o in opponents(seat) if state.hand(o))
        key = lambda p: (p.is_bomb, p.length <= few, -p.length, -p.rank if p.length == few == 1 else p.rank)  # noqa: E731
    else:
        key = lambda p: (p.is_bomb, is_high(p), p.rank, -p.length)  # noqa: E731
    order = sorted((p for p in mine if p.cards != (TichuCard(DOG),)), key=key)
    for combo in order:
        chosen = by_ranks.get((_rank_key(combo.cards), combo.kind))
        if chosen is not None:
            break
    else:
        chosen = min(plays, key=lambda p: play_order(_combo(p)))
    steps = [Step(BotStep.LEAD_HARD if hard else BotStep.LEAD, seat=player, cards=chosen.cards)]
    if chosen.wish is not None:
        steps.append(Step(BotStep.MAKE_WISH, seat=player, rank=TichuCard(chosen.wish)))
    return BotMove(chosen, tuple(steps))


def _bomb_if_it_matters(state: RoundState, seat: int, plays: list[Play] | None = None) -> BotMove | None:
    """The bot's lowest bomb on an opponent's play when it matters (see the module's docstring), else None."""
    trick = state.trick
    assert trick is not None
    top = trick.top
    if top is None or top.seat in (seat, partner(seat)):
        return None
    if plays is None:
        plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
    mine = sorted((p for p in plays if _combo(p).is_bomb), key=lambda p: play_order(_combo(p)))
    if not mine:
        return None
    bomb = mine[0]
    after = tuple(c for c in state.hand(seat) if c not in bomb.cards)
    left = len(state.hand(top.seat))
    if not state.hand(partner(top.seat)):
        code = BotStep.BOMB_DOUBLE
    elif left <= (BOMB_OPPONENT_CARDS if state.calls[top.seat] is not None else 1) or len(plan(after)) <= 1:
        code = BotStep.BOMB
    else:
        return None
    extra = {"other": top.seat + 1} if code is BotStep.BOMB_DOUBLE else {}
    return BotMove(bomb, (Step(code, seat=seat + 1, cards=bomb.cards, **extra),))


def _bomb_out_of_turn(state: RoundState, seat: int) -> BotMove | None:
    if not hand_bombs(state.hand(seat)):
        return None
    return _bomb_if_it_matters(state, seat)


def next_bot_move(state: RoundState, bots: Iterable[int] = range(SEATS)) -> tuple[int, BotMove] | None:
    """The next move of a bot in ``bots``, as ``(seat, move)``, or None when no bot has one (a seat outside
    ``bots`` must act, or the round is over). GRAND and EXCHANGE: the lowest bot seat still to decide; PLAY: a
    bomb worth throwing out of turn first, then the bot in turn; GIFT: the Dragon's winner."""
    seats = sorted(set(bots))
    phase = state.phase
    if phase in (Phase.GRAND, Phase.EXCHANGE):
        return next(((s, m) for s in seats if (m := bot_move(state, s)) is not None), None)
    if phase not in (Phase.PLAY, Phase.GIFT):
        return None
    turn = state.to_act
    if phase is Phase.PLAY:
        for seat in seats:  # a bomb thrown in out of turn comes first
            if seat != turn and state.hand(seat):
                move = bot_move(state, seat)
                if move is not None:
                    return seat, move
    if turn in seats:
        move = bot_move(state, turn)  # type: ignore[arg-type]
        return None if move is None else (turn, move)  # type: ignore[return-value]
    return None


def run_bots(state: RoundState, bots: Iterable[int] = range(SEATS)
             ) -> tuple[RoundState, tuple[tuple[int, BotMove], ...]]:
    """Let the bots in seats ``bots`` act (:func:`next_bot_move`) until a seat outside ``bots`` must act or the
    round is over; at most :data:`MAX_ACTIONS` actions.

    Returns:
        The new state and each bot move made, as ``(seat, move)`` in order.
    """
    seats = tuple(bots)
    made: list[tuple[int, BotMove]] = []
    for _ in range(MAX_ACTIONS):
        found = next_bot_move(state, seats)
        if found is None:
            break
        state = state.apply(found[1].action)
        made.append(found)
    return state, tuple(made)


#: Every step code of the bots with its parameter names.
CODES: dict[str, tuple[str, ...]] = codes(BotStep)
