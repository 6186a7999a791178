"""Skat sentences of the open-cards solver and of "where did I lose?" (``skat.solver.*``, ``skat.analysis.*``)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_

MESSAGES: dict[str, Any] = {
    # Bad positions given to the solver (the CLI's errors)
    "skat.solver.error.duplicate": N_("%(card)s is given twice: every card is in one place only."),
    "skat.solver.error.sizes": N_(
        "The hands do not fit the trick (cards held: %(sizes)s): the players still to play hold one card more than "
        "those who played to it, and nobody holds more than 10."
    ),
    "skat.solver.error.skat": N_("The skat has 2 cards, not %(count)s."),
    "skat.solver.error.leader": N_("There is no player %(leader)s: the lead is the declarer's, left's or right's."),
    "skat.solver.error.game": N_("This question is not for %(game)s."),
    "skat.analysis.error.not_done": N_("Only a finished game can be checked with open cards."),
    "skat.analysis.error.too_many": N_("A game has at most %(most)s moves."),
    "skat.analysis.line.title": N_("The better way to play, with the cards open, from that trick on:"),
    # What the deal was worth
    "skat.analysis.deal.points_won": N_(
        "With the cards open and everybody playing their best, the declarer takes %(points)s card points: the "
        "declarer can win this game."
    ),
    "skat.analysis.deal.points_lost": N_(
        "With the cards open and everybody playing their best, the declarer takes only %(points)s card points: "
        "the declarer cannot win this game with these cards."
    ),
    "skat.analysis.deal.won": N_(
        "With the cards open and everybody playing their best, the declarer gets at least 61 card points: the "
        "declarer can win this game."
    ),
    "skat.analysis.deal.lost": N_(
        "With the cards open and everybody playing their best, the declarer stays below 61 card points: the "
        "declarer cannot win this game with these cards."
    ),
    "skat.analysis.deal.null_won": N_(
        "With the cards open and everybody playing their best, the declarer takes no trick: the declarer can win "
        "this Null."
    ),
    "skat.analysis.deal.null_lost": N_(
        "With the cards open and everybody playing their best, the declarer must take a trick: the declarer "
        "cannot win this Null."
    ),
    # The card that lost it
    "skat.analysis.mistake.lost": N_(
        "Trick %(trick)s: before %(card)s you could still win (61 card points); after it, the others could keep "
        "you below 61."
    ),
    "skat.analysis.mistake.schneider": N_(
        "Trick %(trick)s: before %(card)s you could still make Schneider (90 card points); after it, not any more."
    ),
    "skat.analysis.mistake.schneidered": N_(
        "Trick %(trick)s: before %(card)s you could still take 31 card points (no Schneider against you); after "
        "it, not any more."
    ),
    "skat.analysis.mistake.defence": N_(
        "Trick %(trick)s: before %(card)s your side could still beat the declarer; after it, the declarer could "
        "reach 61 card points."
    ),
    "skat.analysis.mistake.schneider_defence": N_(
        "Trick %(trick)s: before %(card)s your side could still make the declarer Schneider (30 card points or "
        "fewer); after it, not any more."
    ),
    "skat.analysis.mistake.schneider_saved": N_(
        "Trick %(trick)s: before %(card)s your side could still keep 31 card points (no Schneider); after it, "
        "the declarer could reach 90."
    ),
    "skat.analysis.mistake.null_declarer": N_(
        "Trick %(trick)s: before %(card)s you could still take no trick; after it, the others could make you "
        "take one."
    ),
    "skat.analysis.mistake.null_defence": N_(
        "Trick %(trick)s: before %(card)s your side could still make the declarer take a trick; after it, not "
        "any more."
    ),
    "skat.analysis.better": N_("This card would have kept it: %(cards)s."),
    # No mistake
    "skat.analysis.no_mistake_won": N_("You played no card that changed the result. Well played!"),
    "skat.analysis.no_mistake": N_(
        "You played no card that made the result worse: the others got it with their cards and their play."
    ),
    "skat.analysis.lucky": N_(
        "With their best play the others would have won: they missed their chance, and you took yours!"
    ),
    "skat.analysis.bad_luck": N_(
        "No other pair put away and no other game would have won either: bad luck, not a mistake."
    ),
    "skat.analysis.bad_luck_play": N_("Your play was not the problem: bad luck with the cards, not a mistake."),
    "skat.analysis.defence_hopeless": N_(
        "With these cards the declarer always wins, however you defend: bad luck, not a mistake."
    ),
    "skat.analysis.fix.discard": N_("Putting away %(first)s and %(second)s would have won this game."),
    "skat.analysis.fix.game": N_("With these cards, %(game)s would have won (if the bid allowed it)."),
    "skat.analysis.overbid": N_(
        "The cards could win the game, but it was worth less than your bid of %(bid)s: bid less with such a hand."
    ),
    "skat.analysis.too_hard": N_("This game has too many ways to play to check every card here."),
}
