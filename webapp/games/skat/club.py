"""The "club player" bots: the beginner bots' rules (:mod:`webapp.games.skat.bots`) where they serve, sampling where
it pays (issue 35). Pure, seeded, reproducible.

* Trick play, from trick :data:`FIRST_TRICK` on: perfect-information Monte Carlo
  (:func:`webapp.games.skat.chances.card_chances`): the card whose side still wins in the most sampled deals, each
  solved with open cards. Its reason names the chances of the two best cards. When too few deals could be solved
  within the node limit (in hard deals), or with one card to play, the beginner's rule plays, with its reason. In
  the first tricks (all ten cards in hand) a deal's search often passes the node limit, so the beginner's rule
  plays them.
* Bidding: the fitted chance of each suit game and Grand (:func:`webapp.games.skat.hand_model.win_chance`, fitted
  to open-cards results) and of each Null variant (:func:`webapp.games.skat.null_model.null_chance`, fitted to Null
  games the club players played out); the limit is the safe bid (:func:`webapp.games.skat.coach.bidding_coach`: the
  lowest value any skat leaves; a Null variant's fixed value) of the highest game whose chance reaches its
  :data:`BID_SHARE` (of the Null variants, the highest value that reaches it: Null 23, Null Hand 35, Null Ouvert 46,
  Null Ouvert Hand 59). A hand no game reaches the share with passes.
* Null (the game aimed for when bidding): a Hand variant is played Hand, else the skat is picked up; the two cards
  put away are those that leave the fewest cards the defenders can force to win a trick
  (:func:`webapp.games.skat.null_model.null_discard`), and the variant aimed for is declared.
* Putting away and declaring (after the skat) for the other games: for each suit game and Grand whose value reaches
  the bid, the two cards the bots' rule puts away, and the chance of the 10 cards kept; the game whose chance is
  furthest above its share. A Hand game (whose skat the declarer has not seen), as the beginner. Otherwise it
  picks up the skat for the game it bid for.
* Hand: where the beginner's rule plays Hand (a Grand with four jacks, a suit game with eight trumps), the club
  player does so only when that game's fitted chance reaches :data:`HAND_SHARE`, else it picks up the skat.

The seed of each decision comes from the situation (:func:`webapp.games.skat.sampling.situation_seed`), so a game
replays the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.core.steps import Step
from webapp.games.skat import official
from webapp.games.skat.bots import BotMove, auction_move, bot_move, dealt_hand, discard_for
from webapp.games.skat.chances import CardChances, card_chances
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.hand_model import win_chance
from webapp.games.skat.null_model import null_chance, null_discard
from webapp.games.skat.official import NULL_VALUES, TRUMP_GAMES, Declaration, GameType, _null_name
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import Card
from webapp.games.skat.table import Declare, Discard, Phase, PickUp, Play, PlayHand, TableState

__all__ = ["BID_SHARE", "CLUB_SAMPLES", "COACH_SAMPLES", "FIRST_TRICK", "HAND_SHARE", "MIN_SOLVED", "NULL_VARIANTS",
           "NullPlan", "club_limit", "club_move", "null_plan", "samples_now", "share_of", "think"]

#: The least fitted chance of winning with open cards (0-1) with which the club player bids a suit game, and a Grand.
#: Open cards favour the defenders (they see the declarer's hand), so a hand wins far more often in real play than
#: with open cards: the shares are set so that the club players win at least 80 % of the suit games and 90 % of the
#: Grands they declare, passing in few deals (``benchmarks/skat_bots.py --bots club``; the figures:
#: docs/benchmarks.md). The Grand's share is high because the model tells a strong Grand from a fair one poorly:
#: at 0.5, 0.65 and 0.75 the club players won 78-87 % of their Grands, at 0.85 89-95 % (seeds 4-6). Null's share
#: is of the chance of winning in real play (the Null model is fitted to games played out by the club players), set
#: so that the club players win about as many of their Nulls as humans do (70.7 % on Skat-Online) or more.
BID_SHARE = {"suit": 0.15, "grand": 0.85, "null": 0.7}
#: The Null variants as ``(hand, ouvert)``, lowest value first (ISkO 5.1.2: 23, 35, 46, 59).
NULL_VARIANTS = ((False, False), (True, False), (False, True), (True, True))

#: The least fitted chance (0-1), with the skat picked up, of the game the beginner's rule would play Hand (a Grand
#: with four jacks, a suit game with eight trumps) with which the club player does play it Hand; below it, it picks
#: up the skat. On seed 4 the Grands with four jacks (most played Hand by that rule) were won 78.5 % of 65 times.
HAND_SHARE = 0.95
#: Deals sampled for each card decision.
CLUB_SAMPLES = 20
#: Deals sampled for the table coach's card advice to the child (it waits for it off the request thread).
COACH_SAMPLES = 30
#: The first trick (0-9) whose cards are sampled.
FIRST_TRICK = 2
#: The fewest solved deals a sampled card needs; with fewer the beginner's rule plays.
MIN_SOLVED = 8


def _ranked(chances: CardChances, fallback: Play) -> list[tuple]:
    """The cards by wins, most first; on a tie the beginner's card first, then the hand's order."""
    order = {card: i for i, (card, _) in enumerate(chances.cards)}
    return sorted(chances.cards, key=lambda pair: (-pair[1], pair[0] != fallback.card, order[pair[0]]))


def share_of(game: GameType) -> float:
    """The :data:`BID_SHARE` of a game type: Null, Grand or a suit game."""
    return BID_SHARE["null" if game.is_null else "grand" if game is GameType.GRAND else "suit"]


@dataclass(frozen=True)
class NullPlan:
    """The Null variant the club player aims for: ``hand`` and ``ouvert`` (the variant), its fixed ``value`` and
    its fitted ``chance`` (0-1) of winning at the table."""

    hand: bool
    ouvert: bool
    value: int
    chance: float

    @property
    def name(self) -> str:
        """The variant's name: "Null", "Null Hand", "Null Ouvert", "Null Ouvert Hand"."""
        return _null_name(Declaration(GameType.NULL, self.hand, self.ouvert))


def null_plan(hand: tuple[Card, ...], forehand: bool) -> NullPlan | None:
    """The highest-valued Null variant whose fitted chance for the 10 dealt cards ``hand`` reaches
    ``BID_SHARE["null"]``, or None when none does.

    Args:
        hand: the 10 cards dealt; forehand: whether this player leads the first trick.
    """
    best = None
    for hand_game, ouvert in NULL_VARIANTS:
        chance = null_chance(hand, forehand, hand_game=hand_game, ouvert=ouvert)
        if chance >= BID_SHARE["null"]:
            best = NullPlan(hand_game, ouvert, NULL_VALUES[(hand_game, ouvert)], chance)
    return best


def club_limit(hand: tuple[Card, ...], forehand: bool) -> tuple[int, GameType | None, tuple[Step, ...]]:
    """The highest bid the club player says or holds with ``hand`` (0: pass), the game it aims for, and why (see the
    module's docstring).

    Args:
        hand: the 10 cards dealt; forehand: whether this player leads the first trick.
    """
    coach = bidding_coach(hand)
    chances = [(g, win_chance(hand, g.game, forehand)) for g in coach.games if g.game in TRUMP_GAMES]
    good = [(g, p) for g, p in chances if p >= share_of(g.game)]
    null = null_plan(hand, forehand)
    if good:
        game, chance = max(good, key=lambda pair: (pair[0].safe, pair[1]))
        if null is None or game.safe >= null.value:
            return game.safe, game.game, (Step("skat.table.bot.club_limit", game=game.game,
                                               percent=round(100 * chance), safe=game.safe),)
    if null is not None:
        return null.value, GameType.NULL, (Step("skat.table.bot.club_null_limit", name=null.name,
                                                percent=round(100 * null.chance), safe=null.value),)
    game, chance = max(chances, key=lambda pair: pair[1])
    return 0, None, (Step("skat.table.bot.club_pass", game=game.game, percent=round(100 * chance),
                          share=round(100 * share_of(game.game))),)


def _best_declaration(state: TableState, seat: Seat, twelve: tuple[Card, ...],
                      put: tuple[Card, ...] | None) -> tuple[GameType, tuple[Card, ...], float] | None:
    """The suit game or Grand whose value reaches the bid with the best chance for the cards kept (the skat picked
    up), measured above its :data:`BID_SHARE` (the two models' open-cards chances are not on one scale): the game,
    the cards put away (the bots' rule, or ``put`` when they are down already) and the chance; None when none
    reaches."""
    forehand = seat is Seat.FOREHAND
    best = None
    for game in TRUMP_GAMES:
        pair = put if put is not None else discard_for(twelve, game)
        kept = tuple(c for c in twelve if c not in pair)
        if official.game_value(kept, pair, Declaration(game)).value < state.bid:
            continue
        chance = win_chance(kept, game, forehand)
        if best is None or chance - share_of(game) > best[2] - share_of(best[0]):
            best = (game, tuple(pair), chance)
    return best


def _null_move(state: TableState, seat: Seat, plan: NullPlan) -> BotMove | None:
    """Null aimed for: play Hand or pick up, put away by :func:`null_discard`, declare the variant (None: the bid
    is above its value, as the beginner)."""
    if state.phase is Phase.SKAT:
        if plan.hand:
            return BotMove(PlayHand(), (Step("skat.table.bot.club_null_hand", name=plan.name),))
        return BotMove(PickUp(), (Step("skat.table.bot.club_pick_up", game=GameType.NULL),))
    if state.phase is Phase.DISCARD:
        pair = null_discard(state.hands[seat.value])
        return BotMove(Discard(pair), (Step("skat.table.bot.club_null_discard", cards=pair),))
    hand_game = not state.picked_up
    value = NULL_VALUES[(hand_game, plan.ouvert)]
    if value < state.bid:
        return None
    name = _null_name(Declaration(GameType.NULL, hand_game, plan.ouvert))
    return BotMove(Declare(GameType.NULL, ouvert=plan.ouvert),
                   (Step("skat.table.bot.club_null_declare", name=name, bid=state.bid,
                         percent=round(100 * plan.chance)),))


def _skat_phase_move(state: TableState, seat: Seat) -> BotMove | None:
    """Putting away and declaring by the chances (None: as the beginner)."""
    _, aim, _ = club_limit(dealt_hand(state, seat), seat is Seat.FOREHAND)
    if aim is GameType.NULL:
        plan = null_plan(dealt_hand(state, seat), seat is Seat.FOREHAND)
        assert plan is not None
        return _null_move(state, seat, plan)
    if not state.picked_up:
        return None
    if state.phase is Phase.DISCARD:
        best = _best_declaration(state, seat, state.hands[seat.value], None)
        if best is None:
            return None
        game, pair, chance = best
        return BotMove(Discard((pair[0], pair[1])), (Step("skat.table.bot.club_discard", cards=pair, game=game,
                                                          percent=round(100 * chance)),))
    hand = state.hands[seat.value]
    best = _best_declaration(state, seat, hand + state.discarded, state.discarded)
    if best is None:
        return None
    game, _, chance = best
    return BotMove(Declare(game), (Step("skat.table.bot.club_declare", game=game, percent=round(100 * chance),
                                        bid=state.bid),))


def samples_now(state: TableState) -> bool:
    """Whether the player to move would sample its card (trick play from trick :data:`FIRST_TRICK` on, a choice of
    at least two cards): the heavy decisions, which the table computes off the request thread (:func:`think`)."""
    return state.phase is Phase.PLAY and len(state.tricks) >= FIRST_TRICK and len(state.legal_actions()) >= 2


def think(state: TableState, child: Seat) -> BotMove | CardChances:
    """The heavy work of one table position, done in a worker process (:mod:`webapp.games.skat.analysis_pool`):
    the coach's card chances for the ``child`` when it is to move (:data:`COACH_SAMPLES` deals), else the club
    player's move (:func:`club_move`).

    Raises:
        ValueError: the game is over.
    """
    if state.to_act == child:
        return card_chances(state, COACH_SAMPLES)
    return club_move(state)


def club_move(state: TableState, samples: int = CLUB_SAMPLES) -> BotMove:
    """The club player's move for :attr:`TableState.to_act`, with its reason (see the module's docstring).

    Raises:
        ValueError: the game is over (nobody is to act).
    """
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over")
    if state.phase is Phase.AUCTION:
        limit, _, why = club_limit(state.hands[seat.value], seat is Seat.FOREHAND)
        return auction_move(state, limit, why)
    if state.phase is Phase.SKAT:
        beginner = bot_move(state)
        _, aim, _ = club_limit(state.hands[seat.value], seat is Seat.FOREHAND)
        if aim is GameType.NULL:
            return _skat_phase_move(state, seat) or beginner
        if isinstance(beginner.action, PlayHand):
            game = beginner.steps[0]["game"]
            if win_chance(state.hands[seat.value], game, seat is Seat.FOREHAND) >= HAND_SHARE:
                return beginner
            return BotMove(PickUp(), (Step("skat.table.bot.club_pick_up", game=aim or game),))
        if aim is None:
            return beginner
        return BotMove(PickUp(), (Step("skat.table.bot.club_pick_up", game=aim),))
    if state.phase in (Phase.DISCARD, Phase.DECLARE):
        return _skat_phase_move(state, seat) or bot_move(state)
    beginner = bot_move(state)
    if not samples_now(state):
        return beginner
    chances = card_chances(state, samples)
    if chances.deals < MIN_SOLVED:
        return beginner
    assert isinstance(beginner.action, Play)
    ranked = _ranked(chances, beginner.action)
    (card, wins), (second, second_wins) = ranked[0], ranked[1]
    step = Step("skat.table.bot.club_card", card=card, wins=wins, deals=chances.deals, second=second,
                second_wins=second_wins)
    return BotMove(Play(card), (step,))
