"""The learning path's sentences (issue 36): each lesson's title and one-line goal, by message code.

Codes are ``learn.title.<lesson id>`` and ``learn.goal.<lesson id>`` (:attr:`webapp.learn.path.Lesson.title`,
:attr:`~webapp.learn.path.Lesson.goal`); short sentences for children of 8 to 14, translated like every other message.
"""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_

MESSAGES: dict[str, Any] = {
    "learn.title.skat.cards": N_("The cards and their points"),
    "learn.goal.skat.cards": N_("Know the 32 cards and how many points each one is worth."),
    "learn.title.skat.trumps": N_("Trumps in a suit game and in Grand"),
    "learn.goal.skat.trumps": N_("Tell which cards are trumps: the jacks, and the trump suit too in a suit game."),
    "learn.title.skat.follow_suit": N_("Following suit (the jacks!)"),
    "learn.goal.skat.follow_suit": N_(
        "Play a card of the suit that was led if you have one. A jack counts as a trump."
    ),
    "learn.title.skat.tricks": N_("Who wins a trick?"),
    "learn.goal.skat.tricks": N_("Find the card that wins: the highest trump, else the highest card of the suit led."),
    "learn.title.skat.winning_points": N_("Counting points: 61 wins"),
    "learn.goal.skat.winning_points": N_("Add up the points of your tricks. The declarer needs 61 of the 120 points."),
    "learn.title.skat.matadors": N_("With or without: the jacks"),
    "learn.goal.skat.matadors": N_("Count how many top trumps you have in a row (with), or are missing (without)."),
    "learn.title.skat.game_value": N_("The game value"),
    "learn.goal.skat.game_value": N_("Work out a game value: the base value times (with or without + 1 for the game)."),
    "learn.title.skat.bidding": N_("Bidding: who says what to whom"),
    "learn.goal.skat.bidding": N_("Know how high your hand may bid, and who bids to whom."),
    "learn.title.skat.skat": N_("The skat: pick it up, put away, declare"),
    "learn.goal.skat.skat": N_("Take the skat, put two cards away, then say your game. The skat counts for you."),
    "learn.title.skat.hand": N_("Hand, Schneider, Schwarz"),
    "learn.goal.skat.hand": N_("Each of them makes the game worth more: + 1 for Hand, Schneider and Schwarz."),
    "learn.title.skat.null": N_("Null: take no trick"),
    "learn.goal.skat.null": N_("In Null there are no trumps, and the jacks belong to their suits."),
    "learn.title.skat.table": N_("Play a whole game with the coach"),
    "learn.goal.skat.table": N_("Bid, take the skat and play all ten tricks at the table."),
    "learn.title.tichu.combinations": N_("The combinations"),
    "learn.goal.tichu.combinations": N_("Name each play: single, pair, triple, full house, straight, stairs or bomb."),
    "learn.title.tichu.beating": N_("Beating a play"),
    "learn.goal.tichu.beating": N_("Beat a play with a higher one of the same kind and length."),
    "learn.title.tichu.bombs": N_("Bombs"),
    "learn.goal.tichu.bombs": N_("A bomb beats any play that is not a higher bomb."),
    "learn.title.tichu.specials": N_("The four special cards"),
    "learn.goal.tichu.specials": N_("Know what the Mah Jong, the Dog, the Phoenix and the Dragon can do."),
    "learn.title.tichu.wish": N_("The wish"),
    "learn.goal.tichu.wish": N_("Whoever can play the wished rank must play it."),
    "learn.title.tichu.round": N_("Play a whole round"),
    "learn.goal.tichu.round": N_("Play a whole round of Tichu with your partner against two bots."),
    "learn.title.pokerface.hands": N_("The nine hands"),
    "learn.goal.pokerface.hands": N_("Know the nine poker hands from the best to the weakest."),
    "learn.title.pokerface.kickers": N_("Same hand: who wins?"),
    "learn.goal.pokerface.kickers": N_("When both hands are the same kind, the higher cards decide."),
    "learn.title.pokerface.game": N_("Play Pokerface"),
    "learn.goal.pokerface.game": N_("Play a whole game and make the best hand you can."),
    "learn.title.yahtzee.boxes": N_("The boxes"),
    "learn.goal.yahtzee.boxes": N_("Know what each box on the score card asks for and what it scores."),
    "learn.title.yahtzee.bonus": N_("The bonuses"),
    "learn.goal.yahtzee.bonus": N_("63 points in the upper boxes give 35 more; each extra Yahtzee gives 100."),
    "learn.title.yahtzee.game": N_("Play a whole game"),
    "learn.goal.yahtzee.game": N_("Fill the whole score card in 13 turns."),
    # the pages' problems (webapp/learn/learn_views.py)
    "learn.error.item": N_("This question is not the one to answer now. Here is the one that is."),
    "learn.error.enough": N_("That is a lot of practice for one day! Come back tomorrow."),
    # homework for a class (webapp/learn/homework_views.py)
    "learn.hw.error.lessons": N_("Choose one or more lessons from the list."),
    "learn.hw.error.deadline": N_("Choose a deadline from %(low)s to %(high)s days from today."),
    "learn.hw.error.code": N_("There is no homework with the class code %(typed)s, or it has expired. Check the letters."),
    "learn.hw.error.teacher": N_("This page is only for the teacher who set the homework. Open it with the teacher link."),
    "learn.hw.error.classes": N_("You are already in %(max)s classes. That is the most one device can be in."),
    # webapp/learn/parents_views.py
    "learn.error.confirm": N_("Nothing was deleted. To delete, press “Yes, delete it”."),
}
