"""Yahtzee's glossary: the boxes of the score card, the bonuses and the joker rule, each in a sentence or two.

Pure data: :data:`WORDS` (see :class:`webapp.core.words.Word`), the explanations in :data:`MESSAGES`, the names and
the phrases that mark a word in explanation sentences in :data:`TEXTS`. Rendered by :mod:`webapp.core.terms`.
"""

from __future__ import annotations

from typing import Any

from webapp.core.markers import NC_, N_
from webapp.core.words import Word, texts
from webapp.games.yahtzee.rules import Category


#: The words, in the order of the score card.
WORDS: tuple[Word, ...] = (
    Word("upper_boxes", NC_("yahtzee word", "Aces to Sixes"), "yahtzee.word.upper_boxes",
         labels=(Category.ACES, Category.TWOS, Category.THREES, Category.FOURS, Category.FIVES, Category.SIXES)),
    Word("upper_bonus", NC_("yahtzee word", "Upper bonus"), "yahtzee.word.upper_bonus",
         forms=NC_("yahtzee word forms", "bonus of #")),
    Word("three_of_a_kind", NC_("yahtzee word", "Three of a Kind"), "yahtzee.word.three_of_a_kind",
         labels=(Category.THREE_OF_A_KIND,)),
    Word("four_of_a_kind", NC_("yahtzee word", "Four of a Kind"), "yahtzee.word.four_of_a_kind",
         labels=(Category.FOUR_OF_A_KIND,)),
    Word("full_house", NC_("yahtzee word", "Full House"), "yahtzee.word.full_house", labels=(Category.FULL_HOUSE,)),
    Word("small_straight", NC_("yahtzee word", "Small Straight"), "yahtzee.word.small_straight",
         labels=(Category.SMALL_STRAIGHT,)),
    Word("large_straight", NC_("yahtzee word", "Large Straight"), "yahtzee.word.large_straight",
         labels=(Category.LARGE_STRAIGHT,)),
    Word("yahtzee", NC_("yahtzee word", "Yahtzee"), "yahtzee.word.yahtzee", labels=(Category.YAHTZEE,)),
    Word("chance", NC_("yahtzee word", "Chance"), "yahtzee.word.chance", labels=(Category.CHANCE,)),
    Word("yahtzee_bonus", NC_("yahtzee word", "Yahtzee bonus"), "yahtzee.word.yahtzee_bonus",
         forms=NC_("yahtzee word forms", "# bonus points")),
    Word("joker_rule", NC_("yahtzee word", "Joker rule"), "yahtzee.word.joker_rule",
         forms=NC_("yahtzee word forms", "joker rule")),
)

MESSAGES: dict[str, Any] = {
    "yahtzee.word.upper_boxes": N_("The upper section: each box counts one number only. In Fours, say, you add up "
                                   "the dice that show a 4."),
    "yahtzee.word.upper_bonus": N_("If Aces to Sixes add up to 63 or more, you get 35 extra points."),
    "yahtzee.word.three_of_a_kind": N_("At least three dice show the same number. You score all five dice added "
                                       "up."),
    "yahtzee.word.four_of_a_kind": N_("At least four dice show the same number. You score all five dice added up."),
    "yahtzee.word.full_house": N_("Three dice of one number and two of another, like 3-3-3-5-5. Always 25 points."),
    "yahtzee.word.small_straight": N_("Four numbers in a row, like 2-3-4-5. Always 30 points."),
    "yahtzee.word.large_straight": N_("Five numbers in a row: 1 to 5 or 2 to 6. Always 40 points."),
    "yahtzee.word.yahtzee": N_("All five dice show the same number: 50 points!"),
    "yahtzee.word.chance": N_("Any dice at all: you score all five added up. Good when nothing else fits."),
    "yahtzee.word.yahtzee_bonus": N_("Each further Yahtzee gives 100 extra points, if your Yahtzee box already holds "
                                     "50."),
    "yahtzee.word.joker_rule": N_("A further Yahtzee must go in the upper box of its number if that box is free. If "
                                  "not, it may go in a free lower box, where Full House and the straights count in "
                                  "full."),
}

#: The words' names and the phrases that mark them in sentences, for the catalogue test.
TEXTS: tuple[Any, ...] = texts(WORDS)
