"""Pokerface's glossary: the hand categories, the kicker and the showdown, each explained in a sentence or two.

Pure data: :data:`WORDS` (see :class:`webapp.core.words.Word`), the explanations in :data:`MESSAGES`, the names in
:data:`TEXTS`. Rendered by :mod:`webapp.core.terms`.
"""

from __future__ import annotations

from typing import Any

from webapp.core.markers import NC_, N_
from webapp.core.words import Word, texts
from webapp.games.pokerface.rules import Category


#: The words, in the order of the glossary page: the categories from the best down, then the others.
WORDS: tuple[Word, ...] = (
    Word("straight_flush", NC_("poker word", "Straight flush"), "poker.word.straight_flush",
         labels=(Category.STRAIGHT_FLUSH,)),
    Word("four_of_a_kind", NC_("poker word", "Four of a kind"), "poker.word.four_of_a_kind",
         labels=(Category.FOUR_OF_A_KIND,)),
    Word("full_house", NC_("poker word", "Full house"), "poker.word.full_house", labels=(Category.FULL_HOUSE,)),
    Word("flush", NC_("poker word", "Flush"), "poker.word.flush", labels=(Category.FLUSH,)),
    Word("straight", NC_("poker word", "Straight"), "poker.word.straight", labels=(Category.STRAIGHT,)),
    Word("three_of_a_kind", NC_("poker word", "Three of a kind"), "poker.word.three_of_a_kind",
         labels=(Category.THREE_OF_A_KIND,)),
    Word("two_pair", NC_("poker word", "Two pair"), "poker.word.two_pair", labels=(Category.TWO_PAIR,)),
    Word("one_pair", NC_("poker word", "One pair"), "poker.word.one_pair", labels=(Category.ONE_PAIR,)),
    Word("high_card", NC_("poker word", "High card"), "poker.word.high_card", labels=(Category.HIGH_CARD,)),
    Word("kicker", NC_("poker word", "Kicker"), "poker.word.kicker", forms=NC_("poker word forms", "kicker|kickers")),
    Word("showdown", NC_("poker word", "Showdown"), "poker.word.showdown"),
)

MESSAGES: dict[str, Any] = {
    "poker.word.straight_flush": N_("Five cards in a row, all of one suit: the best hand there is. From 10 to Ace it "
                                    "is called a royal flush."),
    "poker.word.four_of_a_kind": N_("Four cards of the same rank, like four Queens."),
    "poker.word.full_house": N_("Three cards of one rank and two of another, like three 8s and two Kings."),
    "poker.word.flush": N_("Five cards of the same suit, in any order."),
    "poker.word.straight": N_("Five cards in a row, like 6-7-8-9-10, in any suits. The Ace may also be the lowest: "
                              "A-2-3-4-5."),
    "poker.word.three_of_a_kind": N_("Three cards of the same rank, like three 7s."),
    "poker.word.two_pair": N_("Two pairs in one hand, like two Jacks and two 4s."),
    "poker.word.one_pair": N_("Two cards of the same rank, like two 9s."),
    "poker.word.high_card": N_("No pattern at all: then your highest card counts."),
    "poker.word.kicker": N_("A card that is not part of the pattern. When two hands have the same pattern, the higher "
                            "kicker wins."),
    "poker.word.showdown": N_("At the end everyone shows their cards, and the best hand wins."),
}

#: The words' names and the phrases that mark them in sentences, for the catalogue test.
TEXTS: tuple[Any, ...] = texts(WORDS)
