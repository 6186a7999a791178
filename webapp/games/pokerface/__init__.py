"""Pokerface: five-card draw without betting (seed 003), in the browser against bots and as a bot contest.

* :mod:`.rules`: cards, the hand evaluator, the showdown and its explanation. Pure: no Flask.
* :mod:`.contest`: the bot protocol and the tournament.
* :mod:`.messages`: the sentences of the steps; :mod:`.look`: card names and faces.
* :mod:`.views` (``/pokerface``), :mod:`.cli` (``kartenschule pokerface``), :mod:`.quiz` ("which hand wins?").

This package stays light to import: the built-in bots run as ``python -m webapp.games.pokerface.contest.bots.leobot``.
"""

from webapp.core.markers import N_
from webapp.games import Game, Tile, TileLink

GAME = Game(
    key="pokerface",
    name=N_("Pokerface"),
    endpoint="pokerface.page",
    blueprints=("webapp.games.pokerface.views",),
    messages=("webapp.games.pokerface.messages", "webapp.games.pokerface.words"),
    words="webapp.games.pokerface.words",
    cli="webapp.games.pokerface.cli",
    quiz_kinds=("webapp.games.pokerface.quiz",),
    look="webapp.games.pokerface.look",
    tiles=(
        Tile("pokerface.page", N_("Pokerface: which hand is best?"),
             N_("Play ten rounds of poker against three bots: swap cards, take extra cards, show your best five, and see who wins and why."),
             links=(TileLink("pokerface.hands", N_("Which hands are best?")),
                    TileLink("pokerface.quiz", N_("Quiz: which hand wins?"))),
             symbol="♠♥"),
    ),
)
