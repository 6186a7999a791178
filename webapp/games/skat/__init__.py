"""Skat: the game value of a hand (the family rule of the seed and the ISkO), the bidding coach and the score sheet.

* :mod:`.rules`: cards, notation and the family rule (seed 002); :mod:`.official`: the ISkO game value,
  score and bidding coach. Pure: no Flask.
* :mod:`.play`, :mod:`.auction`, :mod:`.table`, :mod:`.bots`: the Skat table (deal, bidding, skat, declaration,
  tricks, score) as a frozen state machine and the bots that play it. Pure: no Flask.
* :mod:`.solver` (open cards, double dummy; its card layout :mod:`.play_order`) and :mod:`.analysis` ("where did
  I lose?"). Pure: no Flask.
* :mod:`.duplicate`: the class plays Skat (the same deals for all, Seeger-Fabian ranking, the class's moment).
  Pure: no Flask.
* :mod:`.messages`, :mod:`.messages_official`, :mod:`.messages_table`, :mod:`.messages_analysis`,
  :mod:`.messages_duplicate`: the sentences of their steps;
  :mod:`.look`: card names and faces.
* :mod:`.views` (``/skat``), :mod:`.score_views` (``/skat/score``), :mod:`.cli` (``kartenschule skat``),
  :mod:`.quiz_family`, :mod:`.quiz_official`, :mod:`.quiz_legal`, :mod:`.quiz_trick`, :mod:`.quiz_points`,
  :mod:`.quiz_result`, :mod:`.quiz_bid` (question kinds; the last five share :mod:`.quiz_table`, their sentences
  are in :mod:`.messages_quiz`).
"""

from webapp.core.markers import N_
from webapp.games import Game, Tile, TileLink

GAME = Game(
    key="skat",
    name=N_("Skat"),
    endpoint="skat.page",
    blueprints=("webapp.games.skat.views", "webapp.games.skat.score_views", "webapp.games.skat.table_views",
                "webapp.games.skat.analysis_views"),
    messages=("webapp.games.skat.messages", "webapp.games.skat.messages_official",
              "webapp.games.skat.messages_table", "webapp.games.skat.messages_quiz",
              "webapp.games.skat.messages_analysis", "webapp.games.skat.messages_duplicate", "webapp.games.skat.words"),
    words="webapp.games.skat.words",
    cli="webapp.games.skat.cli",
    quiz_kinds=("webapp.games.skat.quiz_family", "webapp.games.skat.quiz_official", "webapp.games.skat.quiz_legal",
                "webapp.games.skat.quiz_trick", "webapp.games.skat.quiz_points", "webapp.games.skat.quiz_result",
                "webapp.games.skat.quiz_bid"),
    look="webapp.games.skat.look",
    tiles=(
        Tile("skat.page", N_("Skat: how high may I bid?"),
             N_("Pick your 10 cards and see the game value of your hand: jacks, trumps, aces, and the multiplication."),
             links=(TileLink("skat.page", N_("Skat by the official rules"), (("rules", "official"),)),
                    TileLink("skat_score.sheet", N_("Score sheet")),
                    TileLink("skat_table.table", N_("Play at the table"))),
             start_here=True, symbol="♣♠♥♦"),
    ),
)
