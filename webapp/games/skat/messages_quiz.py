"""Skat sentences of the table quiz kinds (:mod:`.quiz_legal`, :mod:`.quiz_trick`) and of the counting and bidding
kinds (:mod:`.quiz_points`, :mod:`.quiz_result`, :mod:`.quiz_bid`): their titles, answer forms, answers in words
and explanation steps (ISkO 2.3 following suit and the trick winner, 1.2.2 card points, 5.2.2-5.2.4 61 wins,
Schneider, Schwarz, 3.2 bidding, 5.1.2 Null values)."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # The kinds, their answer forms, what they show, their answers in words
    "quiz.kind.skat_legal": N_("Skat: which cards may you play?"),
    "quiz.kind.skat_trick": N_("Skat: who wins this trick?"),
    "quiz.field.legal_cards": N_("Your hand: tap every card you may play now."),
    "quiz.field.trick_winner": N_("The trick, in the order it was played (the first card was led). Tap the card that wins it."),
    "quiz.choice.card": N_("%(card)s"),
    "skat.quiz.show.trick": N_("On the table (the first card was led)"),
    "skat.quiz.show.hand": N_("Your hand: you play next"),
    "skat.quiz.show.full_trick": N_("The trick, in the order it was played (the first card was led)"),
    "skat.quiz.answer.cards": N_("%(cards)s"),
    "skat.quiz.answer.winner": N_("%(card)s wins the trick"),
    "skat.quiz.answer.none": N_("no card"),
    "skat.quiz.error.game": N_("“%(token)s” is no Skat game. Write clubs, spades, hearts, diamonds, grand or null."),
    "skat.quiz.error.count": N_("Here %(low)s to %(high)s cards are needed, not %(count)s."),
    # Which cards are trumps, and what the led card asks for (ISkO 2.3)
    "skat.quiz.game.suit": N_(
        "In a %(game)s game the four jacks and all other %(suit)s cards are trumps: 11 trumps."
    ),
    "skat.quiz.game.grand": N_(
        "In a Grand only the four jacks are trumps: %(jacks)s. Every other card belongs to its suit."
    ),
    "skat.quiz.game.null": N_("In Null there are no trumps: every card, each jack too, belongs to its suit."),
    "skat.quiz.led.trump": N_("%(led)s was led. It is a trump, so trump must be followed."),
    "skat.quiz.led.suit": N_("%(led)s was led, so %(suit)s must be followed."),
    # Which cards may you play?
    "skat.quiz.second": N_(
        "%(card)s was played second. That changes nothing: only the first card of a trick says what to follow."
    ),
    "skat.quiz.jacks_not_suit": NP_(
        "You hold %(count)s jack, %(jacks)s. It is a trump, not a card of its suit, so it does not follow %(suit)s.",
        "You hold %(count)s jacks, %(jacks)s. They are trumps, not cards of their suits, so they do not follow "
        "%(suit)s.",
        "count",
    ),
    "skat.quiz.null_jack": N_("In Null %(card)s is an ordinary card of %(suit)s, so it follows %(suit)s."),
    "skat.quiz.hold.follow": NP_(
        "You hold %(count)s card that follows: %(cards)s. You must play it.",
        "You hold %(count)s cards that follow: %(cards)s. You must play one of them.",
        "count",
    ),
    "skat.quiz.hold.no_trump": N_("You hold no trump, so you may play any card."),
    "skat.quiz.hold.no_suit": N_("You hold no %(suit)s card that follows, so you may play any card."),
    "skat.quiz.legal.refused": NP_(
        "You picked %(count)s card that may not be played now: %(cards)s.",
        "You picked %(count)s cards that may not be played now: %(cards)s.",
        "count",
    ),
    "skat.quiz.legal.missed": NP_(
        "You left out %(count)s card that may be played too: %(cards)s.",
        "You left out %(count)s cards that may be played too: %(cards)s.",
        "count",
    ),
    # Who wins this trick?
    "skat.quiz.card.trump": N_("%(card)s is a trump."),
    "skat.quiz.card.jack_trump": N_("%(card)s is a trump: a jack is no %(suit)s card here."),
    "skat.quiz.card.follows": N_("%(card)s is %(suit)s too: it follows."),
    "skat.quiz.card.null_jack": N_("%(card)s is %(suit)s too: in Null a jack belongs to its suit."),
    "skat.quiz.card.no_trump": N_("%(card)s is no trump, so it cannot win this trick."),
    "skat.quiz.card.off": N_("%(card)s is neither %(suit)s nor a trump, so it cannot win this trick."),
    "skat.quiz.card.off_null": N_("%(card)s is no %(suit)s card, so it cannot win this trick."),
    "skat.quiz.win.only_trump": N_("%(card)s is the only trump, so it wins the trick."),
    "skat.quiz.win.trump": N_("The highest trump wins the trick: %(card)s. The trumps from the top: %(order)s."),
    "skat.quiz.win.only_suit": N_("%(card)s is the only %(suit)s card and no trump was played, so it wins the trick."),
    "skat.quiz.win.only_suit_null": N_("%(card)s is the only %(suit)s card, so it wins the trick."),
    "skat.quiz.win.suit": N_(
        "No trump was played, so the highest %(suit)s card wins: %(card)s. %(suit)s from the top: %(order)s."
    ),
    "skat.quiz.win.suit_null": N_(
        "The highest %(suit)s card wins: %(card)s. In Null the order from the top is %(order)s: the ten is "
        "below the jack."
    ),
    "skat.quiz.points": N_(
        "Card points (ace 11, ten 10, king 4, queen 3, jack 2, nine, eight and seven 0): %(a)s %(pa)s + "
        "%(b)s %(pb)s + %(c)s %(pc)s = %(points)s. Whoever played %(card)s takes them."
    ),
    # Count the card points (ISkO 1.2.2)
    "quiz.kind.skat_points": N_("Skat: count the card points"),
    "quiz.field.card_points": N_("How many card points are these cards worth together?"),
    "skat.quiz.show.skat_counts": N_("The skat (it counts for the declarer)"),
    "skat.quiz.show.trick_n": N_("Trick %(n)s"),
    "skat.quiz.answer.points": N_("Card points: %(points)s"),
    "skat.quiz.points.values": N_(
        "Card points: ace 11, ten 10, king 4, queen 3, jack 2; nine, eight and seven 0. All 32 cards: 120."
    ),
    "skat.quiz.points.skat": N_("The skat: %(a)s %(pa)s + %(b)s %(pb)s = %(points)s."),
    "skat.quiz.points.trick": N_("Trick %(n)s: %(a)s %(pa)s + %(b)s %(pb)s + %(c)s %(pc)s = %(points)s."),
    "skat.quiz.points.total": N_("Together: %(sums)s = %(points)s card points."),
    # Who won the game? (ISkO 5.2.2-5.2.4)
    "quiz.kind.skat_result": N_("Skat: who won the game?"),
    "quiz.field.result_won": N_("These are the declarer’s tricks and the skat. Did the declarer win?"),
    "quiz.field.result_reached": N_("Is a side Schneider or Schwarz?"),
    "quiz.field.result_levels": N_("How many levels does the play give the multiplier: 1 for the game, + 1 for "
                                   "Schneider, + 1 for Schwarz?"),
    "skat.quiz.result.choice.won": N_("The declarer won"),
    "skat.quiz.result.choice.lost": N_("The declarer lost"),
    "skat.quiz.result.choice.none": N_("Neither"),
    "skat.quiz.result.choice.schneider": N_("Schneider"),
    "skat.quiz.result.choice.schwarz": N_("Schwarz (and so Schneider too)"),
    "skat.quiz.answer.levels": N_("levels: %(levels)s"),
    "skat.quiz.answer.result": N_("%(parts)s"),
    "skat.quiz.show.no_tricks": N_("The declarer took no trick."),
    "skat.quiz.error.asks": N_("“%(token)s” is no question of this quiz."),
    "skat.quiz.result.won": N_(
        "The declarer has %(points)s card points, 61 or more of the 120: the declarer wins. The defenders have "
        "%(other)s."
    ),
    "skat.quiz.result.lost": N_(
        "The declarer has %(points)s card points, 60 or fewer: the declarer loses. The defenders have %(other)s: "
        "with 60 they win."
    ),
    "skat.quiz.schneider.defenders": N_(
        "The defenders have only %(other)s card points, 30 or fewer: they are Schneider."
    ),
    "skat.quiz.schneider.declarer": N_(
        "The declarer has only %(points)s card points, 30 or fewer: the declarer is Schneider."
    ),
    "skat.quiz.schneider.none": N_(
        "The declarer has %(points)s and the defenders %(other)s card points, both more than 30: nobody is Schneider."
    ),
    "skat.quiz.schwarz.defenders": N_("The declarer took all 10 tricks: the defenders are Schwarz."),
    "skat.quiz.schwarz.declarer": N_("The declarer took no trick: the declarer is Schwarz."),
    "skat.quiz.schwarz.none": N_("Both sides took a trick at least: nobody is Schwarz."),
    "skat.quiz.levels": N_(
        "Levels for the multiplier: 1 for the game + %(schneider)s for Schneider + %(schwarz)s for Schwarz = "
        "%(levels)s."
    ),
    # Bidding (ISkO 3.2, 3.3.1, 5.1.2)
    "quiz.kind.skat_bid": N_("Skat: bidding"),
    "quiz.field.next_bid": N_("What is the next bid?"),
    "quiz.field.bid_order": N_("Who says the bids now, and to whom?"),
    "quiz.field.null_value": N_("What is this Null game worth?"),
    "skat.quiz.bid.says_to": N_("Bids from %(sayer)s to %(hearer)s"),
    "skat.quiz.bid.number": N_("%(value)s"),
    "skat.quiz.show.last_bid": N_("The last bid was %(bid)s."),
    "skat.quiz.show.bidding_starts": N_("The cards are dealt. The bidding starts."),
    "skat.quiz.show.passed": N_("At %(bid)s, %(passed)s passed."),
    "skat.quiz.show.null_declared": N_("The declared game: %(name)s"),
    "skat.quiz.bid.ladder": N_(
        "A bid is a value a game can have, from the lowest up: %(ladder)s, and so on."
    ),
    "skat.quiz.bid.next": N_(
        "After %(bid)s the next game value is %(next)s = %(multiplier)s × %(base)s (%(game)s)."
    ),
    "skat.quiz.bid.next_null": N_("After %(bid)s the next game value is %(next)s: the value of %(name)s."),
    "skat.quiz.bid.first": N_(
        "First middlehand says bids to forehand: 18, 20, ... and forehand answers “yes” or passes."
    ),
    "skat.quiz.bid.then": N_(
        "At %(bid)s, %(passed)s passed, so %(stays)s is still in. Now rearhand says bids to %(stays)s."
    ),
    "skat.quiz.bid.null_values": N_(
        "The Null games have fixed values: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59."
    ),
}
