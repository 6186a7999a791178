"""Runnable built-in bots, one module each (``python -m webapp.games.pokerface.contest.bots.leobot``)."""
