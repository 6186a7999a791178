"""Tichu's glossary: the combinations, the special cards and the calls, each explained in a sentence or two (German
editions keep most Tichu words: Mah Jong, Tichu, Full House; the translations follow the catalogue's labels).

Pure data: :data:`WORDS` (see :class:`webapp.core.words.Word`), the explanations in :data:`MESSAGES`, the names in
:data:`TEXTS`. Rendered by :mod:`webapp.core.terms`.
"""

from __future__ import annotations

from typing import Any

from webapp.core.markers import NC_, N_
from webapp.core.words import Word, texts
from webapp.games.tichu.rules import Kind


#: The words, in the order of the glossary page.
WORDS: tuple[Word, ...] = (
    Word("single", NC_("tichu word", "Single"), "tichu.word.single", labels=(Kind.SINGLE,)),
    Word("pair", NC_("tichu word", "Pair"), "tichu.word.pair", labels=(Kind.PAIR,)),
    Word("triple", NC_("tichu word", "Triple"), "tichu.word.triple", labels=(Kind.TRIPLE,)),
    Word("full_house", NC_("tichu word", "Full house"), "tichu.word.full_house", labels=(Kind.FULL_HOUSE,)),
    Word("straight", NC_("tichu word", "Straight"), "tichu.word.straight", labels=(Kind.STRAIGHT,)),
    Word("stairs", NC_("tichu word", "Stairs"), "tichu.word.stairs", labels=(Kind.STAIRS,)),
    Word("bomb", NC_("tichu word", "Bomb"), "tichu.word.bomb", labels=(Kind.BOMB,)),
    Word("lead", NC_("tichu word", "Lead"), "tichu.word.lead"),
    Word("mah_jong", NC_("tichu word", "Mah Jong"), "tichu.word.mah_jong"),
    Word("wish", NC_("tichu word", "Wish"), "tichu.word.wish"),
    Word("dog", NC_("tichu word", "Dog"), "tichu.word.dog"),
    Word("phoenix", NC_("tichu word", "Phoenix"), "tichu.word.phoenix"),
    Word("dragon", NC_("tichu word", "Dragon"), "tichu.word.dragon"),
    Word("tichu", NC_("tichu word", "Tichu"), "tichu.word.tichu"),
    Word("grand_tichu", NC_("tichu word", "Grand Tichu"), "tichu.word.grand_tichu"),
    Word("exchange", NC_("tichu word", "Exchange"), "tichu.word.exchange"),
)

MESSAGES: dict[str, Any] = {
    "tichu.word.single": N_("One card played alone. Only a higher single card beats it."),
    "tichu.word.pair": N_("Two cards of the same rank, like two 7s. Only a higher pair beats it."),
    "tichu.word.triple": N_("Three cards of the same rank, like three Queens. Only a higher triple beats it."),
    "tichu.word.full_house": N_("A triple and a pair together, like three 8s and two 4s. The higher triple wins."),
    "tichu.word.straight": N_("Five or more cards in a row, like 5-6-7-8-9, in any suits. Only a higher straight of "
                              "the same length beats it."),
    "tichu.word.stairs": N_("Two or more pairs in a row, like 5-5-6-6. Only higher stairs of the same length beat "
                            "them."),
    "tichu.word.bomb": N_("Four cards of the same rank, or five or more in a row of one suit. A bomb beats everything "
                          "else, and you may play it at any time, even when it is not your turn."),
    "tichu.word.lead": N_("To play the first cards of a trick. Whoever leads may play any combination, and the "
                          "others must beat it with the same kind."),
    "tichu.word.mah_jong": N_("The card with the 1, the lowest card. Whoever holds it leads first and may make a "
                              "wish."),
    "tichu.word.wish": N_("Whoever plays the Mah Jong may wish for a rank, like a 9. The next player who can play a "
                          "9 must play it."),
    "tichu.word.dog": N_("You may play the Dog only when you lead. It gives the lead to your partner and beats "
                         "nothing."),
    "tichu.word.phoenix": N_("A joker: it can stand in for any card in a combination. Alone it is half a rank higher "
                             "than the card before; it costs its team 25 points."),
    "tichu.word.dragon": N_("The highest single card, worth 25 points. Whoever takes a trick with it must give the "
                            "trick to an opponent."),
    "tichu.word.tichu": N_("Calling Tichu means: I will be the first to play all my cards. If you are right your team "
                           "gets 100 points, if not it loses 100."),
    "tichu.word.grand_tichu": N_("A Tichu called after seeing only your first 8 cards. If you are right your team gets "
                                 "200 points, if not it loses 200."),
    "tichu.word.exchange": N_("Before the play, each player gives one card face down to each of the other three "
                              "players."),
}

#: The words' names, for the catalogue test.
TEXTS: tuple[Any, ...] = texts(WORDS)
