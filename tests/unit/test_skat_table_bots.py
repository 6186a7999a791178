"""The Skat bots' documented rules (webapp/games/skat/bots.py): bid to the coach's safe value, draw trumps,
smear on the partner's trick, discard short side suits, and a reason for every move."""

from __future__ import annotations

from dataclasses import replace

from webapp.games.skat.bots import bot_limit, bot_move
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.official import GameType
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card, parse_cards, parse_hand
from webapp.games.skat.table import Bid, Declare, Discard, Pass, PickUp, Play, PlayHand, deal


def clubs_hand_game():
    """Middlehand declares Clubs Hand at 18 (the cards are replaced by each test)."""
    return deal(0).apply(Bid(18)).apply(Pass()).apply(Pass()).apply(PlayHand()).apply(Declare(GameType.CLUBS))


def test_a_strong_hand_bids_to_the_coach_safe_value():
    """The limit is the coach's safe bid: with JC JS JH, Grand "with 3, game 4" = 96 whatever the skat (ISkO 5.1)."""
    hand = parse_hand("JC JS JH AC 0C KC QC AS 0S AH")
    limit, game, steps = bot_limit(hand)
    assert (limit, game) == (bidding_coach(hand).best.safe, GameType.GRAND) == (96, GameType.GRAND)
    assert steps[0].code == "skat.table.bot.limit"


def test_a_weak_hand_passes_at_once():
    limit, game, _ = bot_limit(parse_hand("7C 8C 9S 8S 7H 8H 9H 7D 8D KD"))
    assert (limit, game) == (0, None)


def test_the_declarer_draws_trumps_with_the_highest():
    """Declarer leads while defenders may hold trumps: the highest trump first."""
    base = clubs_hand_game()
    hands = (parse_cards("7S 8S"), parse_cards("JH 7C AC AH"), parse_cards("9S 0S"))
    state = replace(base, hands=hands, leader=Seat.MIDDLEHAND)
    move = bot_move(state)
    assert move.action == Play(parse_card("JH")) and move.steps[0].code == "skat.table.bot.draw_trumps"


def test_a_defender_smears_on_the_partner_trick():
    """The partner's Ace of Hearts wins and the declarer has played: add the Ten of Hearts, not the Eight."""
    base = clubs_hand_game()
    hands = (parse_cards("7S"), parse_cards("8S"), parse_cards("8H 0H 9S"))
    state = replace(base, hands=hands, leader=Seat.FOREHAND,
                    trick=((Seat.FOREHAND, parse_card("AH")), (Seat.MIDDLEHAND, parse_card("7H"))))
    move = bot_move(state)
    assert move.action == Play(parse_card("0H")) and move.steps[0].code == "skat.table.bot.smear"


def test_the_cheapest_winning_card():
    """A defender behind the declarer's King of Spades takes it with the Ten (fewest points that win) rather than a trump."""
    base = clubs_hand_game()
    hands = (parse_cards("7S"), parse_cards("8S"), parse_cards("AS 0S JC"))
    state = replace(base, hands=hands, leader=Seat.FOREHAND,
                    trick=((Seat.FOREHAND, parse_card("7S")), (Seat.MIDDLEHAND, parse_card("KS"))))
    move = bot_move(state)
    # the Ace and the Ten both beat the King; the Ten has fewer card points
    assert move.action == Play(parse_card("0S")) and move.steps[0].code == "skat.table.bot.win_cheap"


def test_discard_keeps_trumps_and_aces():
    """After picking up: short side suits go first, trumps and aces stay."""
    state = deal(0).apply(Bid(18)).apply(Pass()).apply(Pass()).apply(PickUp())
    cards = parse_cards("JC JS AC 0C KC 9C 8C 7C AS 0H 7D KD")
    state = replace(state, hands=(state.hands[0], cards, state.hands[2]), skat=parse_cards("7D KD"))
    move = bot_move(state)
    assert isinstance(move.action, Discard)
    put_away = set(move.action.cards)
    assert put_away == set(parse_cards("0H KD")) and move.steps[0].code == "skat.table.bot.discard"


def test_a_hand_declarer_does_not_count_on_jacks_in_the_unseen_skat():
    """A Hand declarer has not seen the skat: the bot declares by the value the worst skat leaves (ISkO 5.4, the
    overbid trap), so what the skat really holds cannot change its game. With J♥ J♦ and eight clubs at a bid of 60,
    Clubs Hand is sure of only "without 2, game 3, Hand 4" = 48: the bot switches to a Grand Hand (96) whether the
    skat holds J♣ J♠ (which would make Clubs "with 4", 72, if it were counted) or two sevens."""
    base = deal(0).apply(Bid(60)).apply(Pass()).apply(Pass()).apply(PlayHand())
    hand = parse_hand("JH JD AC 0C KC QC 9C 8C AS 0S")
    moves = []
    for skat in ("JC JS", "7H 7D"):
        others = [c for c in base.hands[0] + base.hands[2] + base.skat + base.hands[1]
                  if c not in hand and c not in parse_cards(skat)]
        state = replace(base, hands=(tuple(others[:10]), hand, tuple(others[10:20])), skat=parse_cards(skat))
        moves.append(bot_move(state))
    assert moves[0].action == moves[1].action == Declare(GameType.GRAND)
    assert moves[0].steps[0].code == "skat.table.bot.declare_switch"
