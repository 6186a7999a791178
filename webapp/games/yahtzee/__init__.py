"""Yahtzee (seed 004, the official rules): a game with a coach that plays the optimal strategy, and a bot contest.

* :mod:`.rules`: dice, boxes, scoring and the joker rule; :mod:`.strategy`: the optimal solitaire strategy;
  :mod:`.coach`: advice from it; :mod:`.table`: the strategy table on disk. Pure but for :mod:`.table`.
* :mod:`.contest`: the bot protocol and the tournament.
* :mod:`.messages`: the sentences of the steps; :mod:`.views` (``/yahtzee``), :mod:`.cli` (``kartenschule yahtzee``).
* :mod:`.quiz_boxes`: the question kind "what does this box score?" (its sentences in :mod:`.messages_quiz`).
"""

from webapp.core.markers import N_
from webapp.games import Game, Tile

GAME = Game(
    key="yahtzee",
    name=N_("Yahtzee"),
    endpoint="yahtzee.page",
    blueprints=("webapp.games.yahtzee.views",),
    messages=("webapp.games.yahtzee.messages", "webapp.games.yahtzee.messages_quiz", "webapp.games.yahtzee.words"),
    words="webapp.games.yahtzee.words",
    cli="webapp.games.yahtzee.cli",
    quiz_kinds=("webapp.games.yahtzee.quiz_boxes",),
    tiles=(
        Tile("yahtzee.page", N_("Yahtzee: play with a coach"),
             N_("Roll the dice, keep the good ones, and fill the score card. The coach shows the best move and the chances behind it."),
             symbol="⚄⚂"),
    ),
)
