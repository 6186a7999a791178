"""Skat sentences of the table: refused cards, bidding and table errors, the bots' reasons, the CLI's game lines."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_
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
    "skat.table.bot.limit_risk": NP_(  # at least 5 trumps (bots.RISK_TRUMPS): only the sure tricks' count varies
        "The simple rule says pass, but with %(trumps)s trumps for %(game)s and %(strength)s sure trick beside "
        "them, go up to %(safe)s.",
        "The simple rule says pass, but with %(trumps)s trumps for %(game)s and %(strength)s sure tricks beside "
        "them, go up to %(safe)s.",
        "strength",
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
    "skat.table.bot.club_limit": N_(
        "%(game)s wins about %(percent)s of 100 deals like this with open cards: bid up to %(safe)s, safe whatever "
        "the skat holds."
    ),
    "skat.table.bot.club_pass": N_(
        "The best game, %(game)s, wins only about %(percent)s of 100 deals like this with open cards (%(share)s are "
        "needed): pass."
    ),
    "skat.table.bot.club_pick_up": N_("Pick up the skat: it can help %(game)s, the game bid for."),
    "skat.table.bot.club_discard": N_(
        "Put away %(cards)s for %(game)s: with the cards kept it wins about %(percent)s of 100 deals like this "
        "with open cards."
    ),
    "skat.table.bot.club_declare": N_(
        "Declare %(game)s: it reaches the bid of %(bid)s and wins about %(percent)s of 100 deals like this with "
        "open cards."
    ),
    "skat.table.bot.club_card": N_(
        "Play %(card)s: with it your side still wins in %(wins)s of %(deals)s deals like this one "
        "(%(second)s: %(second_wins)s)."
    ),
    # The table coach's chances (issue 35, table_coach.py)
    "skat.table.coach.bid_up_to": N_("Bid up to %(limit)s and play %(game)s."),
    "skat.table.coach.pick_up": N_("Pick up the skat for %(game)s: it wins about %(wins)s of 10 games like this."),
    "skat.table.coach.play_hand": N_(
        "Play Hand, leave the skat: %(game)s wins about %(wins)s of 10 games like this."
    ),
    "skat.table.coach.bid_limit": N_("Bid up to %(limit)s. The game to play depends on the bid:"),
    "skat.table.coach.plan_range": N_("up to %(safe)s: %(game)s"),
    "skat.table.coach.gamble": N_(
        "A gamble: the best game, %(game)s, wins only about %(wins)s of 10 games like this. Better pass."
    ),
    "skat.table.coach.too_weak": N_(
        "Too weak: even the best game, %(game)s, wins only about %(wins)s of 10 games like this. Pass."
    ),
    "skat.table.coach.game_chance": N_(
        "%(game)s wins about %(wins)s of 10 games like this (safe up to %(safe)s)."
    ),
    "skat.table.coach.put_away": N_(
        "Put away %(cards)s and play %(game)s: it wins about %(wins)s of 10 games like this."
    ),
    "skat.table.coach.declare": N_("Declare %(game)s: with the cards you kept it wins about %(wins)s of 10 games like this."),
    "skat.table.coach.card_same": N_(
        "Every card you may play does as well: your side wins in %(wins)s of %(deals)s deals like this one."
    ),
    "skat.table.coach.would_have": N_(
        "The coach would have played %(card)s: with it your side wins in %(wins)s of %(deals)s deals like this one, "
        "with %(played)s in %(played_wins)s."
    ),
    "skat.table.bot.club_null_limit": N_(
        "You win %(name)s in about %(percent)s of 100 games like this at the table: bid up to %(safe)s, its value."
    ),
    "skat.table.bot.club_null_hand": N_("Play %(name)s: your hand is safe enough without the skat."),
    "skat.table.bot.club_null_discard": N_(
        "Put away %(cards)s for Null: the cards the defenders could most easily force to win a trick."
    ),
    "skat.table.bot.club_null_declare": N_(
        "Declare %(name)s: its value reaches the bid of %(bid)s, and you win it in about %(percent)s of 100 games "
        "like this."
    ),
    # The lines of `kartenschule skat play`
    "skat.table.line.game": N_("Game %(number)s (seed %(seed)s)"),
    "skat.table.line.declarer": N_("Declarer: %(seat)s at %(bid)s"),
    "skat.table.line.thrown_in": N_("All passed: the game is thrown in."),
    "skat.table.line.hand": N_("Hand game: the skat %(skat)s stays down."),
    "skat.table.line.picked_up": N_("Skat picked up: %(skat)s; put away: %(cards)s"),
    "skat.table.line.declared": N_("Declared: %(name)s"),
    "skat.table.line.trick": NP_(
        "Trick %(number)s: %(cards)s → %(seat)s, %(points)s point", "Trick %(number)s: %(cards)s → %(seat)s, %(points)s points", "points"
    ),
    "skat.table.line.result": NP_(  # points: skat.table.line.card_points, counted on its own
        "Declarer: %(points)s, %(tricks)s trick. Score: %(score)s", "Declarer: %(points)s, %(tricks)s tricks. Score: %(score)s", "tricks"
    ),
    "skat.table.line.card_points": NP_("%(num)s card point", "%(num)s card points", "num"),
    # The table page (/skat/table): who took a trick and why (ISkO 2.3)
    "skat.table.page.trick_trump": NP_(
        "%(name)s takes the trick with %(card)s: it is the highest trump in the trick. %(points)s card point.",
        "%(name)s takes the trick with %(card)s: it is the highest trump in the trick. %(points)s card points.",
        "points",
    ),
    "skat.table.page.trick_trump_you": NP_(
        "You take the trick with %(card)s: it is the highest trump in the trick. %(points)s card point.",
        "You take the trick with %(card)s: it is the highest trump in the trick. %(points)s card points.",
        "points",
    ),
    "skat.table.page.trick_suit": NP_(
        "%(name)s takes the trick with %(card)s: nobody played a trump, and it is the highest %(suit)s card, "
        "the suit led. %(points)s card point.",
        "%(name)s takes the trick with %(card)s: nobody played a trump, and it is the highest %(suit)s card, "
        "the suit led. %(points)s card points.",
        "points",
    ),
    "skat.table.page.trick_suit_you": NP_(
        "You take the trick with %(card)s: nobody played a trump, and it is the highest %(suit)s card, "
        "the suit led. %(points)s card point.",
        "You take the trick with %(card)s: nobody played a trump, and it is the highest %(suit)s card, "
        "the suit led. %(points)s card points.",
        "points",
    ),
    "skat.table.page.trick_null": N_(
        "%(name)s takes the trick with %(card)s: Null has no trumps, and it is the highest %(suit)s card, "
        "the suit led."
    ),
    "skat.table.page.trick_null_you": N_(
        "You take the trick with %(card)s: Null has no trumps, and it is the highest %(suit)s card, the suit led."
    ),
    # The table page: what went wrong in a lost game (ISkO 5.2-5.4)
    "skat.table.page.wrong.overbid": N_(
        "Overbid: the bid was %(bid)s, but the game reached only %(value)s. Stop bidding where the coach says the "
        "hand is safe."
    ),
    "skat.table.page.wrong.points": NP_(
        "The declarer took only %(points)s card point; a game is won with 61.",
        "The declarer took only %(points)s card points; a game is won with 61.",
        "points",
    ),
    "skat.table.page.wrong.schneider_against": N_(
        "With 30 card points or fewer the declarer is Schneider: that raises the value of the lost game by one."
    ),
    "skat.table.page.wrong.schneider": N_(
        "Schneider was announced, so the declarer needed 90 card points, but took only %(points)s."
    ),
    "skat.table.page.wrong.schwarz": N_(
        "Schwarz was announced, so the declarer had to take every trick, but the others took %(tricks)s."
    ),
    "skat.table.page.wrong.null": N_(
        "In Null the declarer must not take a single trick, but trick %(number)s went to the declarer."
    ),
    # The table page: encouragement at the end of a game (webapp.games.skat.table_cheer)
    "skat.table.cheer.thrown_in": N_("Nobody wanted to play these cards. The next game brings new cards!"),
    "skat.table.cheer.won": N_("Well done, you won!"),
    "skat.table.cheer.well.null": N_("You did not take a single trick: that is just what Null needs."),
    "skat.table.cheer.well.schwarz": N_("You took every trick: Schwarz! That is very rare."),
    "skat.table.cheer.well.schneider": N_(
        "You took %(points)s card points: that is Schneider, so your game counts one level more."
    ),
    "skat.table.cheer.well.hand": N_("You played without the skat and still won. That took courage!"),
    "skat.table.cheer.well.points": N_("You took %(points)s card points; 61 are enough to win."),
    "skat.table.cheer.lost": N_("Bad luck this time. Every Skat player loses games."),
    "skat.table.cheer.tip.null": N_("Next time: play Null only with low cards (7, 8, 9) in every suit."),
    "skat.table.cheer.tip.overbid": N_(
        "Next time: stop bidding at the number the coach says your hand is safely worth."
    ),
    "skat.table.cheer.tip.announce": N_(
        "You had enough card points to win. Next time: announce Schneider or Schwarz only when you are sure of "
        "almost every trick."
    ),
    "skat.table.cheer.tip.trumps": N_("Next time: choose a game in which you hold many trumps."),
    "skat.table.cheer.tip.hand": N_("Next time: pick up the skat when you are not sure. Two more cards can help."),
    "skat.table.cheer.tip.points": NP_(
        "You needed %(missing)s more card point. Next time: put away a 10 that has no ace beside it, "
        "so its points count for you.",
        "You needed %(missing)s more card points. Next time: put away a 10 that has no ace beside it, "
        "so its points count for you.",
        "missing",
    ),
    "skat.table.cheer.defence.won": N_("You and %(partner)s beat %(name)s. Great teamwork!"),
    "skat.table.cheer.defence.well_null": N_("You made %(name)s take a trick, and in Null that loses."),
    "skat.table.cheer.defence.well_points": N_("Your side took %(points)s card points; 60 are enough to beat the declarer."),
    "skat.table.cheer.defence.lost": N_("%(name)s won this game. The next one can be yours!"),
    "skat.table.cheer.defence.tip_null": N_("Next time: lead a suit in which %(name)s may have to take the trick."),
    "skat.table.cheer.defence.tip_schneider": N_(
        "Next time: try to get 31 card points with %(partner)s, so that %(name)s does not make Schneider."
    ),
    "skat.table.cheer.defence.tip_points": N_(
        "Next time: when %(partner)s wins a trick, give an ace or a 10: those points count for your side."
    ),
    # The table page: a link that cannot be played on
    "skat.table.page.bad_seed": N_("“%(value)s” is no deal number: use a whole number from 0 to %(most)s."),
    "skat.table.page.bad_game": N_("“%(value)s” is no game number: use a whole number from 1 to %(most)s."),
    "skat.table.page.too_many": N_(
        "This link holds more moves than a game can have (%(most)s at most): the game starts again from the deal."
    ),
    "skat.table.page.not_bot_move": N_(
        "This link says %(name)s made the move “%(token)s”, but %(name)s plays by the bots’ rules and would not: "
        "the game stops before it."
    ),
    "skat.table.page.game_over": N_("The game is over: there is no more move, so “%(token)s” cannot be played."),
    "skat.table.page.not_your_turn": N_("It is not your turn now."),
}

LABELS: dict[Any, str] = {
    Seat.FOREHAND: N_("forehand"),
    Seat.MIDDLEHAND: N_("middlehand"),
    Seat.REARHAND: N_("rearhand"),
}
