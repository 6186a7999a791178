"""Tichu sentences of a whole round: refused round moves, the bots' reasons, the CLI's lines (``tichu.round.*``)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # Moves the round refuses (webapp.games.tichu.round.RoundError)
    "tichu.round.error.phase": N_("That move does not fit now in this round."),
    "tichu.round.error.seat": N_("“%(token)s” is no player: the players are 1 to 4."),
    "tichu.round.error.round_number": N_("Rounds are counted from 1, not “%(token)s”."),
    "tichu.round.error.not_your_turn": N_("It is not the turn of player %(seat)s."),
    "tichu.round.error.decided": N_("This player has already said whether to call Grand Tichu."),
    "tichu.round.error.exchanged": N_("This player has already passed three cards."),
    "tichu.round.error.exchange_cards": N_("Pass three different cards: one to each other player."),
    "tichu.round.error.not_in_hand": N_("The %(card)s is not in this player's hand."),
    "tichu.round.error.tichu_late": N_(
        "Tichu can only be called before your first card. You have already played, so it is too late."
    ),
    "tichu.round.error.tichu_called": N_("This player has already called Tichu or Grand Tichu."),
    "tichu.round.error.tichu_early": N_(
        "First decide on Grand Tichu with your 8 cards. Tichu is called when you hold all 14."
    ),
    "tichu.round.error.wish_no_mah_jong": N_("Only the player of the Mah Jong makes a wish."),
    "tichu.round.error.out": N_("This player is out or the round is over: no more moves."),
    "tichu.round.error.round_not_over": N_("The round is not over yet."),
    "tichu.round.error.game_over": N_("The game is over: a team has reached 1000 points."),
    "tichu.round.error.action_code": N_("“%(token)s” is no move in a Tichu round."),
    # Why a bot did what it did (webapp.games.tichu.round_bots.BotStep)
    "tichu.round.bot.grand": N_(
        "Player %(seat)s calls Grand Tichu: the first 8 cards are worth %(strength)s points of strength, "
        "at least %(limit)s (Dragon 3, Phoenix 3, Ace 2, King 1, a bomb 4)."
    ),
    "tichu.round.bot.no_grand": NP_(
        "Player %(seat)s calls no Grand Tichu: the first 8 cards are worth %(strength)s point of strength, "
        "less than %(limit)s (Dragon 3, Phoenix 3, Ace 2, King 1, a bomb 4).",
        "Player %(seat)s calls no Grand Tichu: the first 8 cards are worth %(strength)s points of strength, "
        "less than %(limit)s (Dragon 3, Phoenix 3, Ace 2, King 1, a bomb 4).",
        "strength",
    ),
    "tichu.round.bot.tichu": NP_(  # high - losers >= round_bots.TICHU_MARGIN (2): only the weak ones' count varies
        "Player %(seat)s calls Tichu: the hand splits into %(high)s strong plays and only %(losers)s weak one.",
        "Player %(seat)s calls Tichu: the hand splits into %(high)s strong plays and only %(losers)s weak ones.",
        "losers",
    ),
    "tichu.round.bot.exchange": N_(
        "Player %(seat)s passes low cards to the opponents (%(low)s) and a good card to the partner (%(partner)s)."
    ),
    "tichu.round.bot.go_out": N_("Player %(seat)s plays %(cards)s: these are the last cards, so the player is out."),
    "tichu.round.bot.wish": N_(
        "Player %(seat)s must play the wished %(rank)s and plays %(cards)s, the lowest play that holds it."
    ),
    "tichu.round.bot.lead_dog": N_("Player %(seat)s leads the Dog to hand the lead to the partner."),
    "tichu.round.bot.lead": N_("Player %(seat)s leads %(cards)s: get rid of low cards first, keep the high ones."),
    "tichu.round.bot.make_wish": N_("Player %(seat)s makes a wish: %(rank)s, a rank that player does not hold."),
    "tichu.round.bot.partner": N_(
        "Player %(seat)s passes: the partner's play is on top, so there is no need to beat it."
    ),
    "tichu.round.bot.beat": N_("Player %(seat)s beats the opponent with %(cards)s, the lowest play that does."),
    "tichu.round.bot.stop": N_(
        "Player %(seat)s beats player %(other)s with %(cards)s, the highest play it can: that player's partner is "
        "out, and the two must not go out first and second."
    ),
    "tichu.round.bot.lead_hard": N_(
        "Player %(seat)s leads %(cards)s, its longest play: an opponent is out, and the other one must not follow "
        "easily."
    ),
    "tichu.round.bot.keep_high": N_(
        "Player %(seat)s passes and keeps %(cards)s for later: the trick is not worth a high card yet."
    ),
    "tichu.round.bot.cannot": N_("Player %(seat)s passes: it has no play that beats the table, bombs aside."),
    "tichu.round.bot.bomb": N_(
        "Player %(seat)s throws the bomb %(cards)s: the opponent is close to going out, or the bomb helps this "
        "player go out."
    ),
    "tichu.round.bot.bomb_double": N_(
        "Player %(seat)s throws the bomb %(cards)s on player %(other)s: that player's partner is out, and the two "
        "must not go out first and second."
    ),
    "tichu.round.bot.dragon": N_(
        "Player %(seat)s won the trick with the Dragon and gives it to player %(to)s, the opponent with fewer "
        "cards (%(count)s)."
    ),
    # The CLI's lines (kartenschule tichu round)
    "tichu.round.line.round": N_("Round %(number)s (seed %(seed)s)"),
    "tichu.round.line.grand": N_("Player %(seat)s calls Grand Tichu."),
    "tichu.round.line.tichu": N_("Player %(seat)s calls Tichu."),
    "tichu.round.line.exchange": N_(
        "Player %(seat)s passes %(next)s to player %(to_next)s, %(partner)s to player %(to_partner)s, "
        "%(previous)s to player %(to_previous)s."
    ),
    "tichu.round.line.trick": N_("Trick %(number)s: %(moves)s"),
    "tichu.round.line.play": N_("player %(seat)s %(cards)s"),
    "tichu.round.line.wish": N_("player %(seat)s %(cards)s wishing %(rank)s"),
    "tichu.round.line.bomb": N_("player %(seat)s bombs %(cards)s"),
    "tichu.round.line.pass": N_("player %(seat)s passes"),
    "tichu.round.line.out": N_("Player %(seat)s is out (place %(place)s)."),
    "tichu.round.line.double": N_("Players %(first)s and %(second)s went out first and second: a double victory."),
}
