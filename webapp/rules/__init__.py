"""Pure rule engines: cards in, a verdict and explanation steps out.

Nothing in this package imports Flask, templates, languages or the database.
Each game has its own module (``skat``, ``tichu``); the shared vocabulary of
explanations lives in :mod:`webapp.rules.steps`.
"""
