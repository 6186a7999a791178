"""Skat sentences of the table quiz kinds (:mod:`.quiz_legal`, :mod:`.quiz_trick`): their titles, answer forms,
answers in words and explanation steps (ISkO 2.3 following suit and the trick winner, 1.2.2 card points)."""

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
}
