"""The table coach's words (issue 35): chances a child can read, at every decision of the child at the table.

* Bidding: :func:`bid_steps` (the chance of each game, Null variants too, in "about 8 of 10 games like this", the
  safe value beside it, the games to play by bid, what to say now; a hand whose best chance is below
  :data:`~.advice.ADVISE_SHARE` is called a gamble, or too weak).
* The skat: :func:`skat_steps` (pick up or play Hand: the game :func:`hand_choice` aims for at the bid won, a
  Null Hand without the skat), :func:`put_away_steps` (the ways of :func:`put_away_ways`:
  :func:`~.advice.skat_advice`'s and the Null way, by list points) and :func:`declare_steps` (:func:`declare_choice`). The choices are pure, so a bot can follow
  the coach exactly (``benchmarks/skat_bots.py --coach``).
* Trick play: :func:`card_steps` (the sampled chances of the two best cards, computed off the request thread) and
  :func:`would_have_steps` (after the child's card, the coach's better card, only when it wins in at least
  :data:`MATTERS` more of the deals).

The chances come from :mod:`.advice` (fitted, cheap: on the request thread) and :mod:`.chances` (sampled: in the
pool); the same situation always gives the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.core.steps import Step
from webapp.games.skat.advice import BidAdvice, GameChance, bid_advice, declare_advice, expected_score, skat_advice
from webapp.games.skat.bots import auction_move
from webapp.games.skat.chances import CardChances
from webapp.games.skat.look import skat_game_name
from webapp.games.skat.null_model import declare_null_chance, null_discard
from webapp.games.skat.official import NULL_VALUES, GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import Card
from webapp.games.skat.table import Declare, Phase, PickUp, PlayHand, TableState

__all__ = ["GAMBLE", "MATTERS", "Choice", "advice_steps", "bid_steps", "card_steps", "declare_choice",
           "declare_steps", "hand_choice", "hand_move", "put_away_steps", "put_away_ways", "skat_steps", "tenths",
           "would_have_steps"]

#: Below the advised share but at least this chance (0-1): the coach calls the best game a gamble, not hopeless.
GAMBLE = 0.4
#: The share of the sampled deals (0-1) by which the coach's card must beat the child's before it says so.
MATTERS = 0.15
#: How many games' chances the bidding coach lists.
LISTED = 3


def tenths(chance: float) -> int:
    """A chance (0-1) as "about n of 10" (0-10), rounded: the precision a fitted chance has, in words a child
    reads."""
    return max(0, min(10, round(chance * 10)))


def bid_steps(state: TableState, seat: Seat) -> tuple[Step, ...]:
    """The bidding coach for ``seat`` (to move in the auction): the advice, what to say now, then each game's chance.

    Returns:
        Steps: ``skat.table.coach.bid_up_to`` (one advised game) or ``skat.table.coach.bid_limit`` and a
        ``skat.table.coach.plan_range`` for each game of :attr:`~.advice.BidAdvice.plan` (up to which bid it is
        played), then the auction move's reason (:func:`~.bots.auction_move` at the advised limit), or
        ``skat.table.coach.gamble`` / ``skat.table.coach.too_weak``; then up to :data:`LISTED`
        ``skat.table.coach.game_chance`` lines, the most likely game first.
    """
    advice = bid_advice(state.hands[seat.value], seat is Seat.FOREHAND)
    head, chances = advice_steps(advice)
    if advice.plan:
        return head + auction_move(state, advice.limit, ()).steps + chances
    return head + chances


def advice_steps(advice: BidAdvice) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """The words of a :class:`~.advice.BidAdvice`: (the advice: ``skat.table.coach.bid_up_to``, or
    ``skat.table.coach.bid_limit`` and a ``skat.table.coach.plan_range`` a planned game, or
    ``skat.table.coach.gamble`` / ``skat.table.coach.too_weak``; the chances: up to :data:`LISTED`
    ``skat.table.coach.game_chance``, the most likely game first)."""
    chances = tuple(Step("skat.table.coach.game_chance", game=_name(g), wins=tenths(g.chance), safe=g.safe)
                    for g in advice.games[:LISTED])
    if len(advice.plan) == 1:
        return (Step("skat.table.coach.bid_up_to", game=_name(advice.plan[0]), limit=advice.limit),), chances
    if advice.plan:
        return (Step("skat.table.coach.bid_limit", limit=advice.limit),) + tuple(
            Step("skat.table.coach.plan_range", game=_name(g), safe=g.safe) for g in advice.plan), chances
    top = advice.games[0]
    kind = "gamble" if top.chance >= GAMBLE else "too_weak"
    return (Step(f"skat.table.coach.{kind}", game=_name(top), wins=tenths(top.chance)),), chances


def _name(game: GameChance | Choice) -> GameType | str:
    """A game as a step's parameter: the game itself (its label), a Null variant by its name ("Null Ouvert Hand",
    the same in every language)."""
    return skat_game_name(game.game, game.hand, game.ouvert) if game.game is GameType.NULL else game.game


@dataclass(frozen=True)
class Choice:
    """One way the coach weighs after the skat: put away ``cards`` (none when already away) and declare ``game``
    (``ouvert``: Null Ouvert), won with ``chance`` (0-1), worth ``score`` list points expected
    (:func:`~.advice.expected_score`)."""

    score: float
    cards: tuple[Card, ...]
    game: GameType
    ouvert: bool
    chance: float
    hand: bool = False  # the coach's ways pick the skat up

    @property
    def declare(self) -> Declare:
        """The declaration."""
        return Declare(self.game, ouvert=self.ouvert)


def hand_choice(hand: tuple[Card, ...], bid: int, forehand: bool) -> GameChance | None:
    """The game the coach aims for with the 10 dealt cards ``hand`` once the auction is won at ``bid``: the first
    game of :func:`~.advice.bid_advice`'s plan whose safe value reaches the bid, else the likeliest game whose safe
    value reaches it; None when none does. A Null Hand (``hand`` True) is played without the skat, every other game
    picks it up."""
    advice = bid_advice(hand, forehand)
    return next((g for g in advice.plan + advice.games if g.safe >= bid), None)


def _aim(state: TableState, seat: Seat) -> GameChance | None:
    """:func:`hand_choice` for ``seat``, the declarer, before the skat is seen (None otherwise, or without advice)."""
    if state.picked_up or state.phase not in (Phase.SKAT, Phase.DECLARE):
        return None
    return hand_choice(state.hands[seat.value], state.bid, seat is Seat.FOREHAND)


def _move_for(state: TableState, aim: GameChance) -> PickUp | PlayHand | Declare | None:
    """The move towards ``aim`` (see :func:`hand_move`)."""
    hand_null = aim.game is GameType.NULL and aim.hand
    if state.phase is Phase.SKAT:
        return PlayHand() if hand_null else PickUp()
    return Declare(GameType.NULL, ouvert=aim.ouvert) if hand_null else None


def hand_move(state: TableState, seat: Seat) -> PickUp | PlayHand | Declare | None:
    """The coach's move for ``seat`` (the declarer) before the skat is seen: play Hand (:class:`PlayHand`) when
    :func:`hand_choice` is a Null Hand, else pick up (:class:`PickUp`); after playing Hand, the Null Hand's
    declaration. None when the coach has no advice (no game reaches the bid, or a Hand game it did not advise)."""
    aim = _aim(state, seat)
    return None if aim is None else _move_for(state, aim)


def skat_steps(state: TableState, seat: Seat) -> tuple[Step, ...]:
    """The coach while ``seat``, the declarer, picks up the skat or plays Hand (:func:`hand_move`):
    ``skat.table.coach.play_hand`` or ``skat.table.coach.pick_up`` with the game aimed for and its chance; empty
    without advice."""
    aim = _aim(state, seat)
    move = None if aim is None else _move_for(state, aim)
    if aim is None or not isinstance(move, (PickUp, PlayHand)):
        return ()
    kind = "play_hand" if isinstance(move, PlayHand) else "pick_up"
    return (Step(f"skat.table.coach.{kind}", game=_name(aim), wins=tenths(aim.chance)),)


def put_away_ways(twelve: tuple[Card, ...], bid: int, forehand: bool) -> tuple[Choice, ...]:
    """The coach's ways of putting away two of the declarer's 12 cards, the most list points expected first: those
    of :func:`~.advice.skat_advice` (suit games and Grand), and the Null way where it reaches the bid (the two cards
    :func:`~.null_model.null_discard` puts away, the Null or Null Ouvert of the most list points). At most as many
    as :func:`~.advice.skat_advice` gives (one when it gives none); empty when no game reaches the bid."""
    ways = [Choice(expected_score(w.chance, w.value), w.cards, w.game, False, w.chance)
            for w in skat_advice(twelve, bid, forehand)]
    pair = null_discard(twelve)
    nulls = _null_choices([c for c in twelve if c not in pair], pair, bid, forehand)
    if nulls:
        ways = sorted(ways + [max(nulls, key=lambda c: c.score)], key=lambda c: -c.score)[:len(ways) or 1]
    return tuple(ways)


def declare_choice(kept: tuple[Card, ...], put: tuple[Card, ...], bid: int, forehand: bool) -> Choice | None:
    """The game the coach declares with the 10 ``kept`` cards once ``put`` is away (the skat picked up): the one
    that reaches ``bid`` with the most list points expected, :func:`~.advice.declare_advice`'s suit game or Grand or
    a Null (picked up); None when no game reaches the bid."""
    options = _null_choices(kept, (), bid, forehand)
    best = declare_advice(kept, put, bid, forehand)
    if best is not None:
        options.append(Choice(expected_score(best.chance, best.value), (), best.game, False, best.chance))
    return max(options, key=lambda c: c.score) if options else None


def _null_choices(kept, put: tuple[Card, ...], bid: int, forehand: bool) -> list[Choice]:
    return [Choice(expected_score(chance, value), tuple(put), GameType.NULL, ouvert, chance)
            for ouvert in (False, True) if (value := NULL_VALUES[(False, ouvert)]) >= bid
            for chance in (declare_null_chance(kept, forehand, ouvert=ouvert),)]


def put_away_steps(state: TableState, seat: Seat) -> tuple[tuple[Step, tuple], ...]:
    """The skat coach while ``seat`` puts away: a ``(step, cards)`` per way of :func:`put_away_ways`:
    ``skat.table.coach.put_away`` (the two cards, the game, its chance) and the two cards (for a "pick these"
    link)."""
    ways = put_away_ways(state.hands[seat.value], state.bid, seat is Seat.FOREHAND)
    return tuple((Step("skat.table.coach.put_away", cards=w.cards, game=_name(w), wins=tenths(w.chance)),
                  w.cards) for w in ways)


def declare_steps(state: TableState, seat: Seat) -> tuple[Step, ...]:
    """The coach while ``seat`` declares: after putting away, :func:`declare_choice`; in a Hand game, the Null Hand
    :func:`hand_move` aims for (``skat.table.coach.declare``); nothing when no game reaches the bid or the Hand
    game was not the coach's."""
    if not state.picked_up:
        aim = _aim(state, seat)
        if aim is None or not isinstance(_move_for(state, aim), Declare):
            return ()
        return (Step("skat.table.coach.declare", game=_name(aim), wins=tenths(aim.chance)),)
    best = declare_choice(state.hands[seat.value], state.discarded, state.bid, seat is Seat.FOREHAND)
    if best is None:
        return ()
    return (Step("skat.table.coach.declare", game=_name(best), wins=tenths(best.chance)),)


def card_steps(chances: CardChances) -> tuple[Step, ...]:
    """The coach's card from sampled ``chances``: the best card and the runner-up with their wins
    (``skat.table.bot.club_card``), or ``skat.table.coach.card_same`` when every card wins equally often."""
    ranked = sorted(chances.cards, key=lambda pair: -pair[1])
    (card, wins), (second, second_wins) = ranked[0], ranked[1]
    if wins == ranked[-1][1]:
        return (Step("skat.table.coach.card_same", wins=wins, deals=chances.deals),)
    return (Step("skat.table.bot.club_card", card=card, wins=wins, deals=chances.deals, second=second,
                 second_wins=second_wins),)


def would_have_steps(chances: CardChances, played) -> tuple[Step, ...]:
    """After the child played ``played``: ``skat.table.coach.would_have`` when the coach's best card wins in at
    least :data:`MATTERS` of the ``chances.deals`` more (and at least one deal more); else nothing."""
    wins = dict(chances.cards)
    if played not in wins or chances.deals == 0:
        return ()
    best, best_wins = max(chances.cards, key=lambda pair: pair[1])
    if best_wins - wins[played] < max(1, MATTERS * chances.deals):
        return ()
    return (Step("skat.table.coach.would_have", card=best, wins=best_wins, deals=chances.deals, played=played,
                 played_wins=wins[played]),)
