"""Yahtzee sentences: scores, bonuses, the joker rule (seed 004), the coach, and the page."""

from __future__ import annotations

from typing import Any

from webapp.games.yahtzee.rules import Category
from webapp.core.markers import NC_, N_, NP_

MESSAGES: dict[str, Any] = {
    # input
    "yahtzee.error.die": N_("“%(token)s” is not a die. Write the dice as digits 1 to 6, like 12345."),
    "yahtzee.error.count": N_("You need %(needed)s dice, not %(count)s."),
    "yahtzee.error.category": N_("“%(token)s” is not a box on the score card."),
    "yahtzee.error.item": N_("“%(token)s”: write box=points, like aces=3."),
    "yahtzee.error.twice": N_("%(category)s is on the score card twice (“%(token)s”)."),
    "yahtzee.error.points": NP_(
        "%(category)s cannot hold %(points)s point (“%(token)s”).", "%(category)s cannot hold %(points)s points (“%(token)s”).",
        "points",
    ),
    "yahtzee.error.bonus": NP_(
        "%(count)s Yahtzee bonus is impossible on this score card: a bonus needs 50 in the Yahtzee box.",
        "%(count)s Yahtzee bonuses are impossible on this score card: a bonus needs 50 in the Yahtzee box.",
        "count",
    ),
    "yahtzee.error.taken": NP_(
        "%(category)s is already filled (%(points)s point).", "%(category)s is already filled (%(points)s points).", "points"
    ),
    # the state of the card
    "yahtzee.state.dice": N_("Your dice: %(dice)s."),
    # the coach's table in the command line (`kartenschule yahtzee advise`): a choice that keeps dice and rolls again
    "yahtzee.cli.keep": N_("keep %(dice)s"),
    "yahtzee.cli.keep_none": N_("keep none, roll all five"),
    "yahtzee.state.upper_open": NP_(
        "Upper section: %(upper)s point. %(missing)s more until %(needed)s, then you get the bonus of %(bonus)s.",
        "Upper section: %(upper)s points. %(missing)s more until %(needed)s, then you get the bonus of %(bonus)s.",
        "upper",
    ),
    "yahtzee.state.upper_done": N_("Upper section: %(upper)s points, so you have the bonus of %(bonus)s."),
    "yahtzee.state.upper_missed": NP_(
        "Upper section: %(upper)s point, less than %(needed)s: no upper bonus.",
        "Upper section: %(upper)s points, less than %(needed)s: no upper bonus.",
        "upper",
    ),
    "yahtzee.state.yahtzee_50": NP_(
        "Your Yahtzee box holds 50, so every further Yahtzee earns %(bonus)s extra. You have %(count)s bonus so far.",
        "Your Yahtzee box holds 50, so every further Yahtzee earns %(bonus)s extra. You have %(count)s bonuses so far.",
        "count",
    ),
    "yahtzee.state.yahtzee_0": N_("Your Yahtzee box holds 0, so a further Yahtzee earns no bonus."),
    # scores
    "yahtzee.score.upper": NP_(
        "%(category)s: %(count)s die shows %(face)s, and %(count)s × %(face)s = %(points)s.",
        "%(category)s: %(count)s dice show %(face)s, and %(count)s × %(face)s = %(points)s.",
        "count",
    ),
    "yahtzee.score.sum": N_("%(category)s: the pattern is there, so all dice count: %(points)s points."),
    "yahtzee.score.fixed": N_("%(category)s: the pattern is there, %(points)s points."),
    "yahtzee.score.joker_full": N_("%(category)s: your Yahtzee is a joker here and scores the full %(points)s points."),
    "yahtzee.miss.three_of_a_kind": N_("%(category)s: no three dice are the same, so 0 points."),
    "yahtzee.miss.four_of_a_kind": N_("%(category)s: no four dice are the same, so 0 points."),
    "yahtzee.miss.full_house": N_("%(category)s: you need three of one number and two of another, so 0 points."),
    "yahtzee.miss.small_straight": N_("%(category)s: there are no four numbers in a row, so 0 points."),
    "yahtzee.miss.large_straight": N_("%(category)s: there are no five numbers in a row, so 0 points."),
    "yahtzee.miss.yahtzee": N_("%(category)s: not all five dice are the same, so 0 points."),
    # bonuses
    "yahtzee.bonus.upper_now": N_("That brings the upper section to %(upper)s: you get the bonus of %(bonus)s!"),
    "yahtzee.bonus.yahtzee_now": N_("Another Yahtzee while 50 is in the Yahtzee box: %(bonus)s bonus points!"),
    "yahtzee.bonus.yahtzee_zero": N_("Another Yahtzee, but the Yahtzee box holds 0: no bonus."),
    # the joker rule
    "yahtzee.joker.upper": N_("Joker rule: this Yahtzee must go in %(category)s, because that box is still free."),
    "yahtzee.joker.lower": N_("Joker rule: %(category)s is filled, so the Yahtzee may go in any free box of the lower section. Full House and the straights count in full."),
    "yahtzee.joker.zero": N_("Joker rule: %(category)s and the whole lower section are filled, so you must write a 0 in a free box of the upper section."),
    "yahtzee.joker.free": N_("Free joker rule: the Yahtzee may go in any free box."),
    "yahtzee.joker.not_here": N_("%(category)s is not allowed: the joker rule sends this Yahtzee of %(face)s elsewhere."),
    # the coach
    "yahtzee.coach.roll_first": N_("Roll the dice! After each roll the coach shows you the best move."),
    "yahtzee.coach.keep": NP_(
        "Best: keep the dice showing %(keep)s and roll %(count)s die again.",
        "Best: keep the dice showing %(keep)s and roll %(count)s dice again.",
        "count",
    ),
    "yahtzee.coach.reroll_all": N_("Best: roll all five dice again."),
    "yahtzee.coach.aim": N_("You are aiming for %(category)s."),
    "yahtzee.coach.two_rolls": N_("And you still have a third roll after that."),
    "yahtzee.coach.box": NP_(
        "Best: write %(points)s point in %(category)s.",
        "Best: write %(points)s points in %(category)s.",
        "points",
    ),
    "yahtzee.coach.zero": N_("Best: write a 0 in %(category)s. That box costs you the least."),
    "yahtzee.coach.also_good": N_("The next choice in the list is nearly as good."),
    # the coach's numbers, behind "Why?"
    "yahtzee.coach.start": N_("With the best play from here, you can expect %(value)s points at the end of the game."),
    "yahtzee.coach.expect": N_("With the best choice and the best play after it, you can expect %(value)s points at the end of the game."),
    "yahtzee.coach.chance": N_("Chance of %(category)s on the next roll: %(percent)s %%."),
    "yahtzee.coach.margin_box": N_("That is %(margin)s points better on average than %(category)s."),
    "yahtzee.coach.margin_keep": N_("That is %(margin)s points better on average than keeping the dice showing %(keep)s."),
    "yahtzee.coach.margin_reroll": N_("That is %(margin)s points better on average than rolling all five dice."),
    # the coach's table could not be made (webapp/games/yahtzee/table.py: Failure.reason)
    "yahtzee.coach.unavailable.disk_full": N_("The coach could not get ready: the server's disk is full. It will try again in a few minutes. You can play on meanwhile."),
    "yahtzee.coach.unavailable.read_only": N_("The coach could not get ready: the server may not save its files. It will try again in a few minutes. You can play on meanwhile."),
    "yahtzee.coach.unavailable.failed": N_("The coach could not get ready: its calculation went wrong. It will try again in a few minutes. You can play on meanwhile."),
    # the end of a game: one thing that went well, one thing to try next time (ending.py)
    "yahtzee.end.good.yahtzee_bonus": NP_(
        "You rolled another Yahtzee after the first one and got %(count)s Yahtzee bonus! That is rare and great.",
        "You rolled more Yahtzees after the first one and got %(count)s Yahtzee bonuses! That is rare and great.",
        "count",
    ),
    "yahtzee.end.good.yahtzee": N_("You rolled a Yahtzee: five dice the same, 50 points in one go!"),
    "yahtzee.end.good.strong": N_("%(points)s points: that is a really strong game!"),
    "yahtzee.end.good.upper_bonus": N_("You got the upper bonus of %(bonus)s points: you collected your numbers well."),
    "yahtzee.end.good.pattern": N_("%(category)s: you made it! You have a good eye for the patterns."),
    "yahtzee.end.good.finished": N_("You filled all 13 boxes: a whole game, played to the end!"),
    "yahtzee.end.try.upper_bonus": N_("Next time: try to get three dice of each number in the upper section, like three 4s for the Fours. Three of each make %(needed)s, and that gives the bonus of %(bonus)s."),
    "yahtzee.end.try.pattern": N_("Next time: %(category)s stayed at 0. When some dice already fit it, keep them and roll the others again."),
    "yahtzee.end.try.yahtzee": N_("Next time: when three or four dice show the same number early in a turn, keep them and roll for a Yahtzee."),
    "yahtzee.end.try.coach": N_("Next time: switch on the coach now and then and see whether its best move is the same as yours."),
    # the page
    "yahtzee.web.bad_action": N_("This button does not exist: %(detail)s"),
    "yahtzee.web.no_rolls": N_("You have rolled three times. Now choose a box."),
    "yahtzee.web.roll_first": N_("Roll the dice first."),
    "yahtzee.web.over": N_("The game is over. Start a new one!"),
    # the bot tournament: why a bot is disqualified (lines it wrote are quoted cut to 80 characters)
    "yahtzee.contest.disqualified": N_("disqualified: %(bot)s: %(reason)s"),
    "yahtzee.contest.late": N_("no answer within %(seconds)s s."),
    "yahtzee.contest.not_reading": N_("it does not read its input: it took no question for %(seconds)s s."),
    "yahtzee.contest.ended": N_("the program ended, with exit code %(status)s."),
    "yahtzee.contest.killed": N_("the program was ended by signal %(signal)s."),
    "yahtzee.contest.cannot_start": N_("the program “%(command)s” cannot be started: %(error)s"),
    "yahtzee.contest.too_long": N_("it wrote a line longer than %(limit)s bytes: %(line)s"),
    "yahtzee.contest.not_json": N_("its answer is not JSON: %(line)s"),
    "yahtzee.contest.bad_answer": N_("its answer needs \"keep\": [dice numbers] or \"category\": a box name, not %(line)s"),
    "yahtzee.contest.raised": N_("the bot raised %(error)s."),
    "yahtzee.contest.not_choice": N_("turn() must return a TurnChoice, not %(value)s."),
    "yahtzee.contest.not_allowed": N_("%(category)s is not allowed for the dice %(dice)s: %(why)s"),
    "yahtzee.contest.must_place": N_("after the third roll a box must be chosen (dice %(dice)s)."),
    "yahtzee.contest.bad_keep": N_("the dice to keep must be different numbers from 0 to 4, not %(keep)s."),
    "yahtzee.contest.no_bot": N_("“%(spec)s” is no bot: use dummy, heuristic, optimal, module.Class, file.py:Class or exec:COMMAND."),
    "yahtzee.contest.cannot_load": N_("“%(spec)s” cannot be loaded: %(error)s"),
    "yahtzee.contest.not_player": N_("“%(spec)s” is not a Player class."),
}

#: The upper boxes have a context: the same English words name poker ranks ("Einser" here, "Asse" there).
LABELS: dict[Any, str | tuple[str, str]] = {
    Category.ACES: NC_("yahtzee box", "Aces"),
    Category.TWOS: NC_("yahtzee box", "Twos"),
    Category.THREES: NC_("yahtzee box", "Threes"),
    Category.FOURS: NC_("yahtzee box", "Fours"),
    Category.FIVES: NC_("yahtzee box", "Fives"),
    Category.SIXES: NC_("yahtzee box", "Sixes"),
    Category.THREE_OF_A_KIND: N_("Three of a Kind"),
    Category.FOUR_OF_A_KIND: N_("Four of a Kind"),
    Category.FULL_HOUSE: N_("Full House"),
    Category.SMALL_STRAIGHT: N_("Small Straight"),
    Category.LARGE_STRAIGHT: N_("Large Straight"),
    Category.YAHTZEE: N_("Yahtzee"),
    Category.CHANCE: N_("Chance"),
}
