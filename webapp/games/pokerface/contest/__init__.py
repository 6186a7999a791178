"""The Pokerface bot contest (seed 003).

* :mod:`.config`: a bot folder's ``bot.jlsc`` (the seed's format) or ``bot.toml``.
* :mod:`.strategies`: the built-in bots' logic (LeoBot, the filler bot, SmartBot)
  and :func:`~.strategies.run_stdio`, which plays one round of the protocol for
  a strategy over standard input and output.
* :mod:`.players`: the controller's side of a seat: a subprocess bot (with
  timeouts) or an in-process strategy, behind one interface.
* :mod:`.tournament`: a round, a game, and the tournament over every subset of
  four bots.

The built-in bots run through the protocol like any other bot:
``python -m webapp.games.pokerface.contest.bots.leobot`` (also ``smartbot``, ``filler``),
and ready bot folders live in ``examples/pokerface/``.
"""
