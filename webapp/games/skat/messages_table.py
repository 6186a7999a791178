"""Skat sentences of the table: refused cards, bidding and table errors, the bots' reasons, the CLI's game lines."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_
from webapp.games.skat.play import Seat

MESSAGES: dict[str, Any] = {
    # Cards that may not be played (ISkO 2.3)
    "skat.table.refused.follow_trump": N_(
        "You must follow trump: %(led)s is a trump, and the jacks are trumps too. You still hold a trump, "
        "so you may not play %(card)s."
    ),
    "skat.table.refused.follow_trump_grand": N_(
        "You must follow trump: in a Grand only the jacks are trumps, and %(led)s is one. You still hold a jack, "
        "so you may not play %(card)s."
    ),
    "skat.table.refused.follow_suit": N_(
        "You must follow suit: %(led)s asks for %(suit)s, and you still hold %(suit)s, so you may not play %(card)s."
    ),
    "skat.table.refused.follow_suit_no_jack": N_(
        "%(card)s is a trump, not a card of %(suit)s: the jacks are trumps. %(led)s asks for %(suit)s, "
        "and you still hold %(suit)s, so play one of them."
    ),
    "skat.table.refused.follow_suit_null": N_(
        "You must follow suit: %(led)s asks for %(suit)s, and you still hold %(suit)s (in Null the jacks belong "
        "to their suits), so you may not play %(card)s."
    ),
    "skat.table.refused.not_in_hand": N_("%(card)s is not in your hand."),
    # Table and bidding errors
    "skat.table.error.trick_size": N_("A trick has 3 cards, not %(count)s."),
    "skat.table.error.auction_over": N_("The bidding is over."),
    "skat.table.error.forehand_18": N_("After two passes forehand may only play at 18, not %(bid)s."),
    "skat.table.error.not_answer": N_("A bid was just said to you: answer “yes” or “pass”."),
    "skat.table.error.bid_low": N_("%(bid)s is not above the bid reached, %(reached)s. Say a higher bid or pass."),
    "skat.table.error.no_bid_to_hold": N_("Nobody has said a bid yet, so there is nothing to say “yes” to."),
    "skat.table.error.action": N_("That is no call of the bidding."),
    "skat.table.error.limits": N_(
        "Give three limits for forehand, middlehand and rearhand, like 18,0,23, not %(count)s."
    ),
    "skat.table.error.game_number": N_("Games are counted from 1, not %(number)s."),
    "skat.table.error.phase": N_("That move does not fit now."),
    "skat.table.error.not_over": N_("The game is not over yet."),
    "skat.table.error.action_code": N_("“%(token)s” is no move at the Skat table."),
    "skat.table.error.discard_count": N_("Put exactly two different cards away."),
    "skat.table.error.discard_card": N_("%(card)s is not in your hand, so you cannot put it away."),
    "skat.table.error.ouvert_hand": N_(
        "%(game)s Ouvert is always a hand game: you picked up the skat, so you cannot play it open."
    ),
    # The coach's check before a declaration (ISkO 5.4)
    "skat.table.check.null": N_("This Null is worth %(value)s; the bid is %(bid)s."),
    "skat.table.check.overbid": N_(
        "Careful: even won Schwarz this game reaches only %(multiplier)s × %(base)s = %(highest)s, below your bid "
        "of %(bid)s. It would be lost as overbid."
    ),
    "skat.table.check.ok": N_(
        "This game can reach up to %(multiplier)s × %(base)s = %(highest)s, so your bid of %(bid)s can be made."
    ),
    # The bots' reasons
    "skat.table.bot.limit_none": N_("The hand is too weak for any game: pass."),
    "skat.table.bot.limit_risk": N_(
        "The simple rule says pass, but with %(trumps)s trumps for %(game)s and %(strength)s sure tricks beside "
        "them, go up to %(safe)s."
    ),
    "skat.table.bot.limit": N_("Best game: %(game)s. Whatever the skat holds, it is safe up to %(safe)s."),
    "skat.table.bot.play_18": N_("Both others passed: play at 18."),
    "skat.table.bot.pass": N_("%(bid)s is above the limit of %(limit)s: pass."),
    "skat.table.bot.hold": N_("%(bid)s is within the limit of %(limit)s: yes."),
    "skat.table.bot.say": N_("%(bid)s is within the limit of %(limit)s: say %(bid)s."),
    "skat.table.bot.hand": N_("%(trumps)s trumps for %(game)s: strong enough to play hand, which adds a level."),
    "skat.table.bot.pick_up": N_("Pick up the skat: it can help %(game)s."),
    "skat.table.bot.discard": N_(
        "Put away %(cards)s: cards of short side suits, with their points. Trumps and aces stay for %(game)s."
    ),
    "skat.table.bot.declare_null": N_("Declare Null: the bid of %(bid)s is within its value."),
    "skat.table.bot.declare": N_("Declare %(game)s: it is worth %(value)s, enough for the bid of %(bid)s."),
    "skat.table.bot.declare_switch": N_(
        "%(planned)s would stay below the bid of %(bid)s, %(game)s is worth %(value)s: declare %(game)s."
    ),
    "skat.table.bot.declare_overbid": N_(
        "No game reaches the bid of %(bid)s; %(game)s comes closest with %(value)s."
    ),
    "skat.table.bot.draw_trumps": N_("Lead %(card)s, the highest trump: the declarer draws the defenders’ trumps."),
    "skat.table.bot.lead_ace": N_("Lead %(card)s: an ace usually takes the trick and its 11 points."),
    "skat.table.bot.lead_cheap": N_("Lead %(card)s, the cheapest card."),
    "skat.table.bot.smear": N_("The partner wins this trick: smear %(card)s, the most points allowed."),
    "skat.table.bot.win_cheap": N_("%(card)s is the cheapest card that wins the trick."),
    "skat.table.bot.cheapest": N_("Play %(card)s, the cheapest card: no card should win this trick."),
    "skat.table.bot.null_under": N_("Null: %(card)s is the highest card that stays under the trick."),
    "skat.table.bot.null_low": N_("Null: play %(card)s, the lowest card."),
    # The lines of `kartenschule skat play`
    "skat.table.line.game": N_("Game %(number)s (seed %(seed)s)"),
    "skat.table.line.declarer": N_("Declarer: %(seat)s at %(bid)s"),
    "skat.table.line.thrown_in": N_("All passed: the game is thrown in."),
    "skat.table.line.hand": N_("Hand game: the skat %(skat)s stays down."),
    "skat.table.line.picked_up": N_("Skat picked up: %(skat)s; put away: %(cards)s"),
    "skat.table.line.declared": N_("Declared: %(name)s"),
    "skat.table.line.trick": N_("Trick %(number)s: %(cards)s → %(seat)s, %(points)s points"),
    "skat.table.line.result": N_("Declarer: %(points)s card points, %(tricks)s tricks. Score: %(score)s"),
}

LABELS: dict[Any, str] = {
    Seat.FOREHAND: N_("forehand"),
    Seat.MIDDLEHAND: N_("middlehand"),
    Seat.REARHAND: N_("rearhand"),
}
