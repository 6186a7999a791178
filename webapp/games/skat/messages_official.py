"""Skat sentences of the official rules (ISkO): game value, score, bidding coach."""

from __future__ import annotations

from typing import Any

from webapp.games.skat.official import Announcement, GameType, Level, MatadorKind
from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # Input errors
    "skat.official.error.announce_null": N_("In Null there is no Schneider or Schwarz to announce."),
    "skat.official.error.announce_hand": N_(
        "You may announce %(announced)s only in a hand game (without picking up the skat). Tick “Hand” too."
    ),
    "skat.official.error.announce_ouvert": N_(
        "An open (Ouvert) game is always announced Schwarz, so announcing only Schneider is not possible."
    ),
    "skat.official.error.bid": N_("%(token)s is not a Skat bid. The nearest bids are %(below)s and %(above)s."),
    "skat.official.error.impossible": N_("Card points %(points)s and tricks %(tricks)s cannot go together. Check both numbers."),
    "skat.official.error.matadors": N_("In %(game)s you can be with or without 1 to %(top)s, not %(count)s."),
    "skat.official.error.null_overbid": N_(
        "%(name)s is worth only %(value)s, but the bid was %(bid)s. You may not declare it: choose a game worth at least %(bid)s."
    ),
    "skat.official.error.points": N_("Card points go from 0 to 120, not %(points)s."),
    "skat.official.error.skat_count": N_("The skat has 2 cards, not %(count)s."),
    "skat.official.error.tricks": N_("Tricks go from 0 to 10, not %(tricks)s."),
    # Game value
    "skat.official.ouvert_implies": N_(
        "%(game)s Ouvert is always a hand game, and it counts as Schneider and Schwarz announced."
    ),
    "skat.official.base": N_("%(game)s has the base value %(base)s."),
    "skat.official.matadors.suit": N_(
        "The matadors are counted over your 10 cards and the 2 of the skat. Trumps from the top: the four jacks, then Ace, 10, King, Queen, 9, 8, 7 of %(suit)s."
    ),
    "skat.official.matadors.grand": N_(
        "The matadors are counted over your 10 cards and the 2 of the skat. In a Grand only the four jacks count."
    ),
    "skat.official.matadors.no_skat": N_(
        "The skat is not known, so the matadors are counted over your 10 cards only."
    ),
    "skat.official.matadors.given": N_("You are %(kind)s %(run)s."),
    "skat.official.matadors.with": NP_(
        "You hold the top trump, the Jack of Clubs: with %(run)s (%(cards)s).",
        "You hold the top trumps without a gap: %(cards)s. That is with %(run)s.",
        "run",
    ),
    "skat.official.matadors.without": NP_(
        "The top trump is missing: %(cards)s. That is without %(run)s.",
        "The top trumps are missing without a gap: %(cards)s. That is without %(run)s.",
        "run",
    ),
    "skat.official.matadors.skat_changed": N_(
        "The skat changed this: with your 10 cards alone you would be %(before_kind)s %(before)s, but the skat holds %(cards)s, so you are %(kind)s %(run)s."
    ),
    "skat.official.level.game": N_("%(run)s + 1 for the game = %(total)s."),
    "skat.official.level.hand": N_("+ 1 for Hand: you did not pick up the skat."),
    "skat.official.level.schneider": NP_(
        "+ 1 for Schneider: the opponents got only %(points)s card point (30 or fewer).",
        "+ 1 for Schneider: the opponents got only %(points)s card points (30 or fewer).",
        "points",
    ),
    "skat.official.level.schneider_declarer": NP_(
        "+ 1 for Schneider: you got only %(points)s card point (30 or fewer). This raises the value of a lost game too.",
        "+ 1 for Schneider: you got only %(points)s card points (30 or fewer). This raises the value of a lost game too.",
        "points",
    ),
    "skat.official.level.schneider_by_announcement": N_("+ 1 for Schneider, because it was announced."),
    "skat.official.level.schneider_announced": N_("+ 1 for Schneider announced."),
    "skat.official.level.schwarz": N_("+ 1 for Schwarz: the opponents took no trick."),
    "skat.official.level.schwarz_declarer": N_(
        "+ 1 for Schwarz: you took no trick. This raises the value of a lost game too."
    ),
    "skat.official.level.schwarz_by_announcement": N_("+ 1 for Schwarz, because it was announced."),
    "skat.official.level.schwarz_announced": N_("+ 1 for Schwarz announced."),
    "skat.official.level.ouvert": N_("+ 1 for Ouvert: you played with your cards open."),
    "skat.official.value": N_(
        "Multiplier: matadors %(matadors)s + levels %(levels)s = %(multiplier)s. Game value: %(multiplier)s × %(base)s = %(value)s."
    ),
    "skat.official.null_value": N_("%(name)s has a fixed value: %(value)s. Jacks and matadors do not count in Null."),
    # Won or lost
    "skat.official.points.won": N_("You got %(points)s card points, 61 or more: you made your game."),
    "skat.official.points.lost": NP_(
        "You got %(points)s card point, fewer than 61: the game is lost.",
        "You got %(points)s card points, fewer than 61: the game is lost.",
        "points",
    ),
    "skat.official.announce_failed.schneider": N_(
        "But you announced Schneider and the opponents got %(points)s card points, more than 30: the game is lost at the announced level."
    ),
    "skat.official.announce_failed.schwarz": NP_(
        "But you announced Schwarz and the opponents took %(tricks)s trick: the game is lost at the announced level.",
        "But you announced Schwarz and the opponents took %(tricks)s tricks: the game is lost at the announced level.",
        "tricks",
    ),
    "skat.official.null_won": N_("You took no trick: you won the Null game."),
    "skat.official.null_lost": NP_(
        "You took %(tricks)s trick: a Null game is lost with the first trick.",
        "You took %(tricks)s tricks: a Null game is lost with the first trick.",
        "tricks",
    ),
    "skat.official.score.won": N_("Won: you score +%(value)s."),
    "skat.official.score.lost": N_("Lost: a lost game counts twice, −2 × %(value)s = %(score)s."),
    "skat.official.overbid": N_(
        "Overbid! You bid %(bid)s, but the game is worth only %(value)s. The game is lost with the smallest multiple of %(base)s that reaches %(bid)s: %(multiple)s × %(base)s = %(lost_value)s, counted twice: %(score)s."
    ),
    # Bidding coach
    "skat.coach.game": N_("%(game)s (base value %(base)s)."),
    "skat.coach.value": N_("Before the skat: (%(run)s + 1) × %(base)s = %(value)s."),
    "skat.coach.exact": N_("With this skat the value is exact: (%(run)s + 1) × %(base)s = %(value)s."),
    "skat.coach.safe": N_("The skat cannot make this smaller: you may bid up to %(value)s safely."),
    "skat.coach.trap": N_(
        "Careful: if the %(card)s lies in the skat, you are %(kind)s %(run)s and the game is worth only %(safe)s. That happens with %(percent)s of 100 skats. Safe up to %(safe)s."
    ),
    "skat.coach.rule.grand": N_(
        "Jacks: %(jacks)s, aces: %(aces)s. That is at least 2 jacks and 5 jacks and aces together, so aim for a Grand."
    ),
    "skat.coach.rule.no_grand": N_(
        "Jacks: %(jacks)s, aces: %(aces)s. For a Grand you want at least 2 jacks and 5 jacks and aces together."
    ),
    "skat.coach.rule.suit": N_("%(suit)s gives you %(count)s trumps, 6 or more: aim for %(suit)s."),
    "skat.coach.rule.no_suit": N_("The most trumps you get is %(count)s (%(suit)s), fewer than %(needed)s."),
    "skat.coach.rule.null": N_(
        "In every suit you hold the 7 and no big gaps above it: aim for Null."
    ),
    "skat.coach.rule.no_null": N_("For Null your %(suit)s are too high (you need the 7 and no big gaps)."),
    "skat.coach.rule.pass": N_("So the simple rule says: pass."),
    "skat.coach.stop": N_("Bid up to %(safe)s and stop there. (Before the skat the game is worth %(value)s.)"),
}

LABELS: dict[Any, str] = {
    GameType.CLUBS: N_("Clubs"),
    GameType.SPADES: N_("Spades"),
    GameType.HEARTS: N_("Hearts"),
    GameType.DIAMONDS: N_("Diamonds"),
    GameType.GRAND: N_("Grand"),
    GameType.NULL: N_("Null"),
    MatadorKind.WITH: N_("with"),
    MatadorKind.WITHOUT: N_("without"),
    Announcement.SCHNEIDER: N_("Schneider"),
    Announcement.SCHWARZ: N_("Schwarz"),
    Level.GAME: N_("Game"),
    Level.HAND: N_("Hand"),
    Level.SCHNEIDER: N_("Schneider"),
    Level.SCHNEIDER_ANNOUNCED: N_("Schneider announced"),
    Level.SCHWARZ: N_("Schwarz"),
    Level.SCHWARZ_ANNOUNCED: N_("Schwarz announced"),
    Level.OUVERT: N_("Ouvert"),
}
