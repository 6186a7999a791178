"""Sentences of the page ``/tichu/round`` (``tichu.round.page.*``): what each player did, what the child got in
the exchange, and the page's own refusals (a move in the address that is not the child's, an address too long)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_

MESSAGES: dict[str, Any] = {
    # What happened at the table (one sentence a move; the bots' reasons are tichu.round.bot.*)
    "tichu.round.page.grand": N_("Player %(seat)s calls Grand Tichu!"),
    "tichu.round.page.no_grand": N_("Player %(seat)s calls no Grand Tichu."),
    "tichu.round.page.tichu": N_("Player %(seat)s calls Tichu!"),
    "tichu.round.page.swap": N_("Player %(seat)s passes three cards face down."),
    "tichu.round.page.swap_you": N_(
        "You pass %(next)s to player 2, %(partner)s to your partner (player 3) and %(previous)s to player 4."
    ),
    "tichu.round.page.received": N_(
        "You got %(next)s from player 2, %(partner)s from your partner and %(previous)s from player 4."
    ),
    "tichu.round.page.play": N_("Player %(seat)s plays %(cards)s."),
    "tichu.round.page.play_wish": N_("Player %(seat)s plays %(cards)s and makes a wish: %(rank)s."),
    "tichu.round.page.bomb": N_("Player %(seat)s throws in the bomb %(cards)s out of turn!"),
    "tichu.round.page.pass": N_("Player %(seat)s passes."),
    "tichu.round.page.dragon": N_("Player %(seat)s gives the Dragon trick to player %(to)s."),
    "tichu.round.page.out": N_("Player %(seat)s has no cards left and is out (place %(place)s)."),
    # The coach
    "tichu.round.page.unplayable": N_("The %(card)s is in none of the plays you may make now."),
    # The end of the round, from the child's side (webapp.games.tichu.round_coach.EndStep)
    "tichu.round.end.won": N_("You won the round!"),
    "tichu.round.end.won_double": N_("You won the round with a double victory!"),
    "tichu.round.end.draw": N_("A draw: well fought!"),
    "tichu.round.end.lost": N_("This round went to the opponents. Chin up, the next deal is a new chance!"),
    "tichu.round.end.tichu_made": N_("Well done: you called Tichu and went out first!"),
    "tichu.round.end.grand_made": N_("Great: you called Grand Tichu and went out first!"),
    "tichu.round.end.out_first": N_("Well done: you went out first!"),
    "tichu.round.end.partner_first": N_("Good teamwork: your partner went out first."),
    "tichu.round.end.trick_points": N_("Good: you won tricks with %(points)s points in them."),
    "tichu.round.end.played_on": N_("You played the whole round to the end."),
    "tichu.round.end.tip_call": N_(
        "Next time: call Tichu only with a strong hand, with the Dragon, the Phoenix, Aces or a bomb."
    ),
    "tichu.round.end.tip_double": N_(
        "Next time: when an opponent has only a few cards left, beat their plays with your high cards."
    ),
    "tichu.round.end.tip_last": N_(
        "Next time: play your low cards early, while the others still let them pass, so you are not left with them."
    ),
    "tichu.round.end.tip_high": N_("Next time: keep a high card or a bomb for the end, to win the lead back."),
    "tichu.round.end.tip_points": N_(
        "Next time: look for the 5s, 10s and Kings in a trick. They are worth points, so try to win those tricks."
    ),
    # The score told from the child's side (webapp.games.tichu.round_coach.from_side)
    "tichu.round.side.cards_ours": N_("Your team counts %(points)s card points in its tricks."),
    "tichu.round.side.cards_theirs": N_("The opponents count %(points)s card points in their tricks."),
    "tichu.round.side.tichu_won_ours": N_("Player %(seat)s called Tichu and went out first: +%(points)s for your team."),
    "tichu.round.side.tichu_won_theirs": N_(
        "Player %(seat)s called Tichu and went out first: +%(points)s for the opponents."
    ),
    "tichu.round.side.tichu_lost_ours": N_(
        "Player %(seat)s called Tichu but did not go out first: -%(points)s for your team."
    ),
    "tichu.round.side.tichu_lost_theirs": N_(
        "Player %(seat)s called Tichu but did not go out first: -%(points)s for the opponents."
    ),
    "tichu.round.side.grand_won_ours": N_(
        "Player %(seat)s called Grand Tichu and went out first: +%(points)s for your team."
    ),
    "tichu.round.side.grand_won_theirs": N_(
        "Player %(seat)s called Grand Tichu and went out first: +%(points)s for the opponents."
    ),
    "tichu.round.side.grand_lost_ours": N_(
        "Player %(seat)s called Grand Tichu but did not go out first: -%(points)s for your team."
    ),
    "tichu.round.side.grand_lost_theirs": N_(
        "Player %(seat)s called Grand Tichu but did not go out first: -%(points)s for the opponents."
    ),
    "tichu.round.side.round": N_("This round: your team %(ours)s, the opponents %(theirs)s."),
    "tichu.round.side.totals": N_("Game score: your team %(ours)s, the opponents %(theirs)s."),
    "tichu.round.side.game_won_ours": N_("Your team has reached %(target)s and has more points: you win the game!"),
    "tichu.round.side.game_won_theirs": N_(
        "The opponents have reached %(target)s and have more points: they win the game."
    ),
    # Refusals of the address
    "tichu.round.page.not_yours": N_(
        "“%(token)s” is a move of player %(seat)s. The address keeps only your own moves; the others play by themselves."
    ),
    "tichu.round.page.too_many": N_(
        "The address holds more than %(count)s moves, more than a round can have: "
        "the round starts again from the deal."
    ),
    "tichu.round.page.no_wait": N_("There is nothing to wait for now: no bomb of yours can be thrown in here."),
    "tichu.round.page.pick_three": N_("In the exchange you pass three cards: tap one card for each other player."),
}
