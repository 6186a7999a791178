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
    # Refusals of the address
    "tichu.round.page.not_yours": N_(
        "“%(token)s” is a move of player %(seat)s. The address keeps only your own moves; the others play by themselves."
    ),
    "tichu.round.page.too_many": N_("The address holds more than %(count)s moves. The moves after that were left out."),
    "tichu.round.page.no_wait": N_("There is nothing to wait for now: no bomb of yours can be thrown in here."),
    "tichu.round.page.pick_three": N_("In the exchange you pass three cards: tap one card for each other player."),
}
