"""Runnable built-in bots, one module each (``python -m webapp.contests.pokerface.bots.leobot``)."""
