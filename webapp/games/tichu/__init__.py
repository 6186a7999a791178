"""Tichu: is a play allowed (seed 001 and the official rules), a whole trick against bots, the score of a round.

* :mod:`.rules`: cards, combinations, the judge and the wish; :mod:`.trick`: a trick played through, the
  bots, round scoring; :mod:`.round`: a whole round (Grand Tichu, exchange, calls, tricks, score) as a frozen
  state, :mod:`.round_plays` (a hand's combinations), :mod:`.round_codes` (actions as URL codes, replay),
  :mod:`.round_bots` (bots for every seat, with their reasons), :mod:`.round_coach` (the coach's plays cheapest
  first, the score from a player's side, the end of a round), :mod:`.strength` (a hand's call index) and
  :mod:`.chance` (the chance to go out first, sampled and played out by the bots, and the call advice). Pure: no
  Flask.
* :mod:`.messages`, :mod:`.messages_round`, :mod:`.messages_round_page`, :mod:`.messages_chance`: the
  sentences of their steps and pages; :mod:`.look`: card names and faces.
* :mod:`.views` (``/tichu``), :mod:`.play_views` (``/tichu/trick``, ``/tichu/score``), :mod:`.round_views`
  (``/tichu/round``, a whole round against three bots), :mod:`.cli`
  (``kartenschule tichu``), :mod:`.quiz` (the question kind "is this play allowed?").
"""

from webapp.core.markers import N_
from webapp.games import Game, Tile, TileLink

GAME = Game(
    key="tichu",
    name=N_("Tichu"),
    endpoint="tichu.page",
    blueprints=("webapp.games.tichu.views", "webapp.games.tichu.play_views", "webapp.games.tichu.round_views"),
    messages=("webapp.games.tichu.messages", "webapp.games.tichu.messages_round",
              "webapp.games.tichu.messages_round_page", "webapp.games.tichu.messages_chance",
              "webapp.games.tichu.words"),
    words="webapp.games.tichu.words",
    cli="webapp.games.tichu.cli",
    quiz_kinds=("webapp.games.tichu.quiz",),
    look="webapp.games.tichu.look",
    tiles=(
        Tile("tichu.page", N_("Tichu: may I play this?"),
             N_("Put a play on the table and try yours on top: single, pair, full house, straight, stairs, bomb, and the four special cards."),
             links=(TileLink("tichu_play.trick", N_("Play a trick")), TileLink("tichu_play.score", N_("Count a round")),
                    TileLink("tichu_round.page", N_("Play a whole round"))),
             symbol="★"),
    ),
)
