"""Pokerface sentences (seed 003): hand names, comparisons, the showdown, and the rank and suit names."""

from __future__ import annotations

from typing import Any

from webapp.games.pokerface.rules import Category, Rank, Ranks, Suit
from webapp.core.markers import N_, NP_

MESSAGES: dict[str, Any] = {
    # Input errors
    "poker.error.unknown": N_(
        "“%(token)s” is not a card. Write the suit, then the rank: S, C, H or D and 2 to 9, T, J, Q, K or A, like SA or HT."
    ),
    "poker.error.duplicate": N_("%(card)s is there twice. Every card exists only once."),
    "poker.error.count": N_("You need %(needed)s cards, not %(count)s."),
    "poker.error.not_held": N_("%(card)s is not in your hand. You can only show cards you hold."),
    # A hand's class (noun phrases, used inside other sentences)
    "poker.hand.royal_flush": N_("royal flush, the best hand of all"),
    "poker.hand.straight_flush": N_("straight flush with %(top)s as the highest card"),
    "poker.hand.four_of_a_kind": N_("four of a kind: four %(quad)s, kicker %(kicker)s"),
    "poker.hand.full_house": N_("full house: three %(triple)s and two %(pair)s"),
    "poker.hand.flush": N_("flush: %(ranks)s"),
    "poker.hand.straight": N_("straight with %(top)s as the highest card"),
    "poker.hand.three_of_a_kind": N_("three of a kind: three %(triple)s, kickers %(kickers)s"),
    "poker.hand.two_pair": N_("two pair: %(high)s and %(low)s, kicker %(kicker)s"),
    "poker.hand.one_pair": N_("one pair of %(pair)s, kickers %(kickers)s"),
    "poker.hand.high_card": N_("high card: %(ranks)s"),
    # Why one hand beats another
    "poker.compare.category": N_("%(better)s beats %(worse)s: it is a higher kind of hand."),
    "poker.compare.top": N_("Both are the same kind of hand, so the highest card decides: %(better)s beats %(worse)s."),
    "poker.compare.quad": N_("Both have four of a kind: four %(better)s beat four %(worse)s."),
    "poker.compare.triple": N_("Both have a triple, so it decides: three %(better)s beat three %(worse)s."),
    "poker.compare.pair": N_("The pairs decide: a pair of %(better)s beats a pair of %(worse)s."),
    "poker.compare.high_pair": N_("Both have two pair, so the higher pairs decide: %(better)s beat %(worse)s."),
    "poker.compare.low_pair": N_(
        "Both have two pair with the same higher pair, so the lower pairs decide: %(better)s beat %(worse)s."
    ),
    "poker.compare.high": N_("Same kind of hand, so the highest cards decide: %(better)s beats %(worse)s."),
    "poker.compare.kicker": N_(
        "Everything before it is the same, so kicker number %(position)s decides: %(better)s beats %(worse)s."
    ),
    "poker.compare.tie": N_("Both have exactly the same %(category)s. Suits never decide, so it is a tie."),
    # The showdown
    "poker.showdown.hand": N_("%(player)s: %(cards)s, %(hand)s."),
    "poker.showdown.out": N_("%(player)s is out of this round."),
    "poker.showdown.beats": N_("%(winner)s – %(loser)s: %(why)s"),
    "poker.showdown.ties": N_("%(winner)s – %(other)s: %(why)s"),
    "poker.showdown.winner": N_("The round goes to %(player)s: one point."),
    "poker.showdown.shared": N_("The best hands tie, so each of them gets a point: %(players)s."),
    # The end of a game: one thing that went well, one thing to try next time (ending.py)
    "poker.end.good.best_hand": N_("Your best hand in this game: %(category)s. Well spotted!"),
    "poker.end.good.rounds": NP_(
        "You won %(count)s round against three bots: well played!",
        "You won %(count)s rounds against three bots: well played!",
        "count",
    ),
    "poker.end.good.finished": N_("You played all ten rounds to the end. Every round teaches you the hands better."),
    "poker.end.try.best_five": NP_(
        "Next time: look for the cards with a dot before you show. In %(count)s round a better five was in your hand.",
        "Next time: look for the cards with a dot before you show. In %(count)s rounds a better five was in your hand.",
        "count",
    ),
    "poker.end.try.extras": N_("Next time: take three extra cards more often. More cards give you more choice for your best five."),
    "poker.end.try.swap": N_("Next time: swap the cards that do not fit your hand, like a single low card. New cards give new chances."),
    "poker.end.try.watch": N_("Next time: watch which hands Leo, Mia and Ben show, and find them in “Which hands are best?”."),
    # "Which hand wins?"
    "poker.quiz.winner": N_("So hand %(hand)s wins."),
    "poker.quiz.tie": N_("So it is a tie."),
    # The bot contest: why a bot lost a round (lines it wrote are quoted cut to 80 characters)
    "poker.contest.failure": N_("%(player)s (game %(game)s, round %(round)s): %(reason)s"),
    "poker.contest.late": N_("no answer within %(seconds)s s (%(question)s)."),
    "poker.contest.not_reading": N_("it does not read its input: it took no line for %(seconds)s s."),
    "poker.contest.ended": N_("it ended before answering (%(question)s), with exit code %(status)s."),
    "poker.contest.ended_said": N_(
        "it ended before answering (%(question)s), with exit code %(status)s. Its last error message: %(said)s"
    ),
    "poker.contest.killed": N_("it was ended by signal %(signal)s before answering (%(question)s)."),
    "poker.contest.cannot_start": N_("its program “%(command)s” cannot be started: %(error)s"),
    "poker.contest.too_long": N_("it wrote a line longer than %(limit)s bytes: %(line)s"),
    "poker.contest.empty_flag": N_("it wrote an empty line instead of true or false for the exchange."),
    "poker.contest.bad_index": N_("exchange: there is no card number %(token)s, only 0 to %(last)s."),
    "poker.contest.not_card": N_("exchange: “%(token)s” is neither a card number nor a card."),
    "poker.contest.not_held": N_("exchange: %(card)s is not in its hand."),
    "poker.contest.twice": N_("exchange: it named %(card)s twice."),
    "poker.contest.bad_extras": N_("extra cards: it must write a number from 0 to 3, not “%(line)s”."),
    "poker.contest.bad_reveal": N_("final hand “%(line)s”: %(why)s"),
    "poker.contest.q.exchange": N_("exchange or not"),
    "poker.contest.q.cards": N_("the cards to exchange"),
    "poker.contest.q.extras": N_("the number of extra cards"),
    "poker.contest.q.reveal": N_("the final hand"),
}

# Enum members used as step parameters -> their translatable names.
LABELS: dict[Any, str] = {
    Category.STRAIGHT_FLUSH: N_("straight flush"),
    Category.FOUR_OF_A_KIND: N_("four of a kind"),
    Category.FULL_HOUSE: N_("full house"),
    Category.FLUSH: N_("flush"),
    Category.STRAIGHT: N_("straight"),
    Category.THREE_OF_A_KIND: N_("three of a kind"),
    Category.TWO_PAIR: N_("two pair"),
    Category.ONE_PAIR: N_("one pair"),
    Category.HIGH_CARD: N_("high card"),
    Suit.SPADES: N_("Spades"),
    Suit.CLUBS: N_("Clubs"),
    Suit.HEARTS: N_("Hearts"),
    Suit.DIAMONDS: N_("Diamonds"),
    Rank.TWO: N_("Two"),
    Rank.THREE: N_("Three"),
    Rank.FOUR: N_("Four"),
    Rank.FIVE: N_("Five"),
    Rank.SIX: N_("Six"),
    Rank.SEVEN: N_("Seven"),
    Rank.EIGHT: N_("Eight"),
    Rank.NINE: N_("Nine"),
    Rank.TEN: N_("Ten"),
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
    Rank.ACE: N_("Ace"),
    Ranks.TWOS: N_("Twos"),
    Ranks.THREES: N_("Threes"),
    Ranks.FOURS: N_("Fours"),
    Ranks.FIVES: N_("Fives"),
    Ranks.SIXES: N_("Sixes"),
    Ranks.SEVENS: N_("Sevens"),
    Ranks.EIGHTS: N_("Eights"),
    Ranks.NINES: N_("Nines"),
    Ranks.TENS: N_("Tens"),
    Ranks.JACKS: N_("Jacks"),
    Ranks.QUEENS: N_("Queens"),
    Ranks.KINGS: N_("Kings"),
    Ranks.ACES: N_("Aces"),
}
