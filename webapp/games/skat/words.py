"""Skat's glossary: the words a child meets at the table and on the value pages, each explained in a sentence or two
(ISkO terms; German: Vorhand, Mittelhand, Hinterhand, Alleinspieler, Gegenspieler, Trumpf, Augen, drücken, ...).

Pure data: :data:`WORDS` (see :class:`webapp.core.words.Word`), the explanations in :data:`MESSAGES`, the names and
the phrases that mark a word in explanation sentences in :data:`TEXTS`. Rendered by :mod:`webapp.core.terms`.
"""

from __future__ import annotations

from typing import Any

from webapp.core.markers import NC_, N_
from webapp.core.words import Word, texts
from webapp.games.skat.official import GameType, MatadorKind
from webapp.games.skat.play import Seat


#: The words, in the order of the glossary page.
WORDS: tuple[Word, ...] = (
    Word("skat", NC_("skat word", "Skat"), "skat.word.skat"),
    Word("forehand", NC_("skat word", "Forehand"), "skat.word.forehand", labels=(Seat.FOREHAND,)),
    Word("middlehand", NC_("skat word", "Middlehand"), "skat.word.middlehand", labels=(Seat.MIDDLEHAND,)),
    Word("rearhand", NC_("skat word", "Rearhand"), "skat.word.rearhand", labels=(Seat.REARHAND,)),
    Word("bid", NC_("skat word", "Bid"), "skat.word.bid"),
    Word("declarer", NC_("skat word", "Declarer"), "skat.word.declarer"),
    Word("defenders", NC_("skat word", "Defenders"), "skat.word.defenders"),
    Word("put_away", NC_("skat word", "Put away (the skat)"), "skat.word.put_away",
         forms=NC_("skat word forms", "put away")),
    Word("hand_game", NC_("skat word", "Hand game"), "skat.word.hand_game"),
    Word("trump", NC_("skat word", "Trump"), "skat.word.trump"),
    Word("follow_suit", NC_("skat word", "Follow suit"), "skat.word.follow_suit",
         forms=NC_("skat word forms", "follow suit|follow trump")),
    Word("card_points", NC_("skat word", "Card points"), "skat.word.card_points",
         forms=NC_("skat word forms", "card points")),
    Word("grand", NC_("skat word", "Grand"), "skat.word.grand", labels=(GameType.GRAND,)),
    Word("null", NC_("skat word", "Null"), "skat.word.null", labels=(GameType.NULL,)),
    Word("ouvert", NC_("skat word", "Ouvert"), "skat.word.ouvert"),
    Word("matadors", NC_("skat word", "With / without (matadors)"), "skat.word.matadors",
         forms=NC_("skat word forms", "with #|without #"), labels=(MatadorKind.WITH, MatadorKind.WITHOUT)),
    Word("game_value", NC_("skat word", "Game value"), "skat.word.game_value",
         forms=NC_("skat word forms", "game value")),
    Word("schneider", NC_("skat word", "Schneider"), "skat.word.schneider", forms=NC_("skat word forms", "Schneider")),
    Word("schwarz", NC_("skat word", "Schwarz"), "skat.word.schwarz", forms=NC_("skat word forms", "Schwarz")),
)

MESSAGES: dict[str, Any] = {
    "skat.word.skat": N_("The two cards left over after dealing. The declarer may pick them up and then put two cards "
                         "away."),
    "skat.word.forehand": N_("The player left of the dealer. Forehand plays the first card of the game, and in the "
                             "bidding hears the bids first and answers “yes” or “pass”."),
    "skat.word.middlehand": N_("The player left of forehand, who plays second. In the bidding, middlehand starts by "
                               "saying numbers to forehand."),
    "skat.word.rearhand": N_("The third player, who plays last in the first trick. In the bidding, rearhand goes on "
                             "against whoever is left."),
    "skat.word.bid": N_("In the bidding the players say numbers: 18, 20, 22, 23, 24, … Whoever bids highest becomes "
                        "the declarer, and their game must be worth at least the bid."),
    "skat.word.declarer": N_("The player who won the bidding. The declarer chooses the game and plays alone against "
                             "the other two."),
    "skat.word.defenders": N_("The two players against the declarer. They play together and add up their card "
                              "points."),
    "skat.word.put_away": N_("After picking up the skat, the declarer lays two cards face down. Their card points "
                             "count for the declarer at the end."),
    "skat.word.hand_game": N_("The declarer plays without picking up the skat. That is harder, so the game is worth "
                              "more."),
    "skat.word.trump": N_("A trump beats every card that is not a trump. The four jacks are always trumps, and in a "
                          "suit game all cards of that suit are trumps too."),
    "skat.word.follow_suit": N_("You must play a card of the suit that was led if you have one. If a trump was led, "
                                "you must play a trump if you have one."),
    "skat.word.card_points": N_("What the cards in your tricks are worth: Ace 11, ten 10, King 4, Queen 3, Jack 2, the "
                                "others 0. All cards together make 120, so the declarer needs 61 to win."),
    "skat.word.grand": N_("A game in which only the four jacks are trumps. It starts at 24, more than any suit game."),
    "skat.word.null": N_("A game in which the declarer must not win a single trick. There are no trumps, and the "
                         "10 sits between the 9 and the Jack."),
    "skat.word.ouvert": N_("The declarer plays with all their cards face up on the table, so everyone sees them. That "
                           "is harder, so it is worth more."),
    "skat.word.matadors": N_("Count the top trumps from the Jack of Clubs down, without a gap. Holding the Jack of "
                             "Clubs you play “with” that many, else “without” as many as you miss; each one makes the "
                             "game worth more."),
    "skat.word.game_value": N_("What a game is worth: its base value (Diamonds 9, Hearts 10, Spades 11, Clubs 12, "
                               "Grand 24) times the count of matadors and extras. You may bid only up to it."),
    "skat.word.schneider": N_("A side that ends with 30 card points or fewer is Schneider. That makes the game worth "
                              "more."),
    "skat.word.schwarz": N_("A side that wins no trick at all is Schwarz. That makes the game worth even more."),
}

#: The words' names and the phrases that mark them in sentences, for the catalogue test.
TEXTS: tuple[Any, ...] = texts(WORDS)
