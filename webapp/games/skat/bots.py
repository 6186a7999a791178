"""Skat bots for every seat of the table: simple documented rules, every move with its reason as steps.

A bot sees what its player may see: its own cards, the bid, the cards played, an Ouvert declarer's cards.

* Bidding: the limit is the bidding coach's safe bid for the hand's best game
  (:func:`webapp.games.skat.coach.bidding_coach`: the lowest value any skat can leave). Risk rule: where the
  coach says pass, a suit game with :data:`RISK_TRUMPS` trumps and :data:`RISK_STRENGTH` sure side tricks (side
  aces, side tens with their ace, jacks beyond the second) is still bid up to its safe bid. The bot says
  the next bid while it is within the limit, holds any bid within it, and as forehand alone plays at 18 if it can.
* The skat: play Hand with 8 or more trumps (suit game) or 4 jacks (Grand); else pick the skat up.
* Discarding (after picking up): keep trumps and aces; put away the cards of the shortest side suits first, the
  higher card points first (a bare ten is safe in the skat, whose points count for the declarer); never a trump
  when a side card is left. Null: put away the highest cards.
* Declaring: the planned game (Grand by the coach's rule, else the suit with the most trumps, or Null); if its
  exact value stays below the bid, the game of the highest value among the suit games and Grand. In a Hand game
  the bot has not seen the skat: it counts the value the worst skat leaves.
* Trick play: the declarer leads the highest trump while the defenders may hold trumps (draws trumps), then
  aces; a defender leads a side ace, else the cheapest side card. Following: smear the most points on a trick the
  partner wins (when the declarer has played or cannot come after); else the cheapest card that wins, else the
  cheapest card. Null: the declarer plays the highest card that stays under the trick, the defenders the lowest.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.core.steps import Step
from webapp.games.skat import official
from webapp.games.skat.auction import Bid, Hold, Pass, next_bid
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.official import TRUMP_GAMES, TRUMP_ORDER, Declaration, GameType
from webapp.games.skat.play import NULL_ORDER, PLAIN_ORDER, Seat, is_trump, legal_cards, trick_winner
from webapp.games.skat.rules import CARD_POINTS, Card, Rank
from webapp.games.skat.table import Declare, Discard, Phase, PickUp, Play, PlayHand, TableAction, TableState

__all__ = ["BotMove", "RISK_STRENGTH", "RISK_TRUMPS", "auction_move", "bot_limit", "bot_move", "dealt_hand",
           "discard_for"]

#: Risk rule: when the coach says pass, a suit game is still bid (up to its safe bid) with this many trumps
#: (jacks + the trump suit) among the 10 cards ...
RISK_TRUMPS = 5
#: ... and this many sure side tricks: side aces, side tens with their ace, and jacks beyond the second.
RISK_STRENGTH = 1
HAND_TRUMPS = 8


@dataclass(frozen=True)
class BotMove:
    """A bot's move: the ``action`` for :meth:`TableState.apply` and its reason as ``steps``."""

    action: TableAction
    steps: tuple[Step, ...]


def _trumps(cards: tuple[Card, ...], game: GameType) -> tuple[Card, ...]:
    return tuple(c for c in cards if is_trump(c, game))


def _side_strength(cards: tuple[Card, ...], game: GameType) -> int:
    side = [c for c in cards if not is_trump(c, game)]
    aces = {c.suit for c in side if c.rank is Rank.ACE}
    tens = sum(1 for c in side if c.rank is Rank.TEN and c.suit in aces)
    jacks = sum(1 for c in cards if c.is_jack)
    return len(aces) + tens + max(0, jacks - 2)


def bot_limit(hand: tuple[Card, ...]) -> tuple[int, GameType | None, tuple[Step, ...]]:
    """The highest bid a bot says or holds with ``hand`` (0: pass at once), the game it aims for, and why.

    The coach's safe bid for its best game, kept only when the risk rule agrees (see the module's docstring).
    """
    coach = bidding_coach(hand)
    best = coach.best
    if best is None:
        game = _plan(hand)
        trumps = len(_trumps(hand, game))
        strength = _side_strength(hand, game)
        if game in official.SUIT_GAMES and trumps >= RISK_TRUMPS and strength >= RISK_STRENGTH:
            safe = next(g.safe for g in coach.games if g.game is game)
            return safe, game, (Step("skat.table.bot.limit_risk", game=game, trumps=trumps, strength=strength,
                                     safe=safe),)
        return 0, None, (Step("skat.table.bot.limit_none"),)
    return best.safe, best.game, (Step("skat.table.bot.limit", game=best.game, safe=best.safe),)


def auction_move(state: TableState, limit: int, why: tuple[Step, ...]) -> BotMove:
    """The auction move of the seat to act with the bidding ``limit`` (0: pass at once) and its reason ``why``: as
    forehand after two passes play at 18 if the limit allows; as the hearer hold a bid within the limit; as the
    sayer say the next bid while it is within the limit (ISkO 3.2); else pass."""
    auction = state.auction
    if auction.sayer is None:
        if limit >= 18:
            return BotMove(Bid(18), why + (Step("skat.table.bot.play_18"),))
        return BotMove(Pass(), why + (Step("skat.table.bot.pass", bid=18, limit=limit),))
    if auction.answering:
        if auction.bid <= limit:
            return BotMove(Hold(), why + (Step("skat.table.bot.hold", bid=auction.bid, limit=limit),))
        return BotMove(Pass(), why + (Step("skat.table.bot.pass", bid=auction.bid, limit=limit),))
    following = next_bid(auction.bid)
    if following is not None and following <= limit:
        return BotMove(Bid(following), why + (Step("skat.table.bot.say", bid=following, limit=limit),))
    return BotMove(Pass(), why + (Step("skat.table.bot.pass", bid=following or auction.bid, limit=limit),))


def _plan(cards: tuple[Card, ...]) -> GameType:
    """The game the cards are best for: Grand by the coach's rule, else the suit with the most trumps
    (ties to the higher suit); Null when the coach picks Null for them."""
    jacks = sum(1 for c in cards if c.is_jack)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    if jacks >= 2 and jacks + aces >= 5 + (len(cards) - 10):
        return GameType.GRAND
    return max(official.SUIT_GAMES, key=lambda g: (len(_trumps(cards, g)), g.base_value))


def _skat_move(state: TableState, seat: Seat) -> BotMove:
    hand = state.hands[seat.value]
    _, aim, _ = bot_limit(hand)
    game = aim or _plan(hand)
    trumps = len(_trumps(hand, game)) if game is not GameType.NULL else 0
    if (game is GameType.GRAND and trumps == 4) or (game in official.SUIT_GAMES and trumps >= HAND_TRUMPS):
        return BotMove(PlayHand(), (Step("skat.table.bot.hand", game=game, trumps=trumps),))
    return BotMove(PickUp(), (Step("skat.table.bot.pick_up", game=game, trumps=trumps),))


def _value(cards: tuple[Card, ...], skat: tuple[Card, ...], game: GameType, hand_game: bool) -> int:
    """The value the declarer can count on: with the skat picked up, the exact value; in a Hand game (the skat
    unseen) the lowest any skat can leave, one level up for Hand (the coach's safe value plus the base value)."""
    if hand_game:
        return next(g.safe for g in bidding_coach(cards).games if g.game is game) + game.base_value
    return official.game_value(cards, skat, Declaration(game, hand_game)).value


def dealt_hand(state: TableState, seat: Seat) -> tuple[Card, ...]:
    """The declarer's 10 cards as dealt (the bot has seen the skat after picking it up)."""
    cards = state.hands[seat.value] + (state.discarded if state.picked_up else ())
    return tuple(c for c in cards if not (state.picked_up and c in state.skat))


def discard_for(cards: tuple[Card, ...], game: GameType) -> tuple[Card, Card]:
    """The two of the 12 ``cards`` the bots put away for ``game`` (the rule in the module's docstring)."""
    if game is GameType.NULL:
        ordered = sorted(cards, key=lambda c: NULL_ORDER.index(c.rank))
        return ordered[0], ordered[1]
    chosen: list[Card] = []
    for _ in range(2):
        rest = [c for c in cards if c not in chosen]
        side = [c for c in rest if not is_trump(c, game) and c.rank is not Rank.ACE]
        if not side:
            side = [c for c in rest if not is_trump(c, game)] or sorted(
                rest, key=lambda c: -TRUMP_ORDER[game].index(c))
        length = {c: sum(1 for d in rest if d.suit is c.suit and not is_trump(d, game)) for c in side}
        chosen.append(min(side, key=lambda c: (length[c], -CARD_POINTS[c.rank])))
    return chosen[0], chosen[1]


def _discard_move(state: TableState, seat: Seat) -> BotMove:
    cards = state.hands[seat.value]
    _, aim, _ = bot_limit(dealt_hand(state, seat))
    game = GameType.NULL if aim is GameType.NULL else _plan(cards)
    pair = discard_for(cards, game)
    return BotMove(Discard(pair), (Step("skat.table.bot.discard", cards=pair, game=game),))


def _declare_move(state: TableState, seat: Seat) -> BotMove:
    cards, skat, hand_game = state.hands[seat.value], state.discarded, not state.picked_up
    game = _plan(cards)
    null_ok = state.bid <= official.NULL_VALUES[(hand_game, False)]
    if bot_limit(dealt_hand(state, seat))[1] is GameType.NULL and null_ok:
        return BotMove(Declare(GameType.NULL), (Step("skat.table.bot.declare_null", bid=state.bid),))
    value = _value(cards, skat, game, hand_game)
    if value >= state.bid:
        return BotMove(Declare(game), (Step("skat.table.bot.declare", game=game, value=value, bid=state.bid),))
    values = {g: _value(cards, skat, g, hand_game) for g in TRUMP_GAMES}
    reaching = [g for g in TRUMP_GAMES if values[g] >= state.bid]
    if reaching:
        best = max(reaching, key=lambda g: (len(_trumps(cards, g)), g.base_value))
        return BotMove(Declare(best), (Step("skat.table.bot.declare_switch", game=best, planned=game,
                                            value=values[best], bid=state.bid),))
    best = max(TRUMP_GAMES, key=lambda g: values[g])
    return BotMove(Declare(best), (Step("skat.table.bot.declare_overbid", game=best, value=values[best],
                                        bid=state.bid),))


def _cost(card: Card, game: GameType) -> tuple[int, int, int]:
    """Cheapest first: side cards before trumps, fewer card points, lower rank."""
    order = NULL_ORDER if game.is_null else PLAIN_ORDER
    rank = TRUMP_ORDER[game][::-1].index(card) + 10 if is_trump(card, game) else len(order) - order.index(card.rank)
    return (1 if is_trump(card, game) else 0, CARD_POINTS[card.rank], rank)


def _outstanding_trumps(state: TableState, seat: Seat, game: GameType) -> int:
    seen = set(state.hands[seat.value]) | {c for t in state.tricks for _, c in t.cards} | {c for _, c in state.trick}
    if seat == state.declarer:
        seen |= set(state.discarded)
    return sum(1 for c in TRUMP_ORDER.get(game, ()) if c not in seen)


def _play_move(state: TableState, seat: Seat) -> BotMove:
    game = state.game
    assert game is not None
    hand = state.hands[seat.value]
    trick = [c for _, c in state.trick]
    legal = legal_cards(hand, trick, game)
    declarer = seat == state.declarer

    def play(card: Card, code: str, **params: object) -> BotMove:
        return BotMove(Play(card), (Step(code, card=card, **params),))

    if game.is_null:
        return _null_move(state, seat, legal, trick, declarer, play)
    if not trick:
        if declarer:
            trumps = _trumps(legal, game)
            if trumps and _outstanding_trumps(state, seat, game):
                return play(min(trumps, key=TRUMP_ORDER[game].index), "skat.table.bot.draw_trumps")
        side_aces = [c for c in legal if c.rank is Rank.ACE and not is_trump(c, game)]
        if side_aces:
            return play(side_aces[0], "skat.table.bot.lead_ace")
        return play(min(legal, key=lambda c: _cost(c, game)), "skat.table.bot.lead_cheap")
    best = trick_winner(trick, game)
    winner = state.trick[best][0]
    partner_wins = not declarer and winner != state.declarer
    declarer_to_come = not declarer and all(s != state.declarer for s, _ in state.trick)
    if partner_wins and not declarer_to_come:
        smear = max(legal, key=lambda c: (0 if c.is_jack else 1, CARD_POINTS[c.rank], -_cost(c, game)[2]))
        return play(smear, "skat.table.bot.smear")
    winning = [c for c in legal if trick_winner(trick + [c], game) == len(trick)]
    if winning and not partner_wins:
        return play(min(winning, key=lambda c: _cost(c, game)), "skat.table.bot.win_cheap")
    return play(min(legal, key=lambda c: _cost(c, game)), "skat.table.bot.cheapest")


def _null_move(state, seat, legal, trick, declarer, play) -> BotMove:
    game = GameType.NULL
    if declarer:
        under = [c for c in legal if trick and trick_winner(trick + [c], game) != len(trick)]
        if under:
            return play(max(under, key=lambda c: -NULL_ORDER.index(c.rank)), "skat.table.bot.null_under")
        return play(max(legal, key=lambda c: NULL_ORDER.index(c.rank)), "skat.table.bot.null_low")
    return play(max(legal, key=lambda c: NULL_ORDER.index(c.rank)), "skat.table.bot.null_low")


def bot_move(state: TableState) -> BotMove:
    """The move of the bot on :attr:`TableState.to_act`, with its reason.

    Raises:
        ValueError: the game is over (nobody is to act).
    """
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over")
    phase = state.phase
    if phase is Phase.AUCTION:
        limit, _, why = bot_limit(state.hands[seat.value])
        return auction_move(state, limit, why)
    if phase is Phase.SKAT:
        return _skat_move(state, seat)
    if phase is Phase.DISCARD:
        return _discard_move(state, seat)
    if phase is Phase.DECLARE:
        return _declare_move(state, seat)
    return _play_move(state, seat)
