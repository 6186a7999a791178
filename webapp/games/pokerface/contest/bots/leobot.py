"""Run the built-in bot 'leobot' over the seed's protocol: ``python -m webapp.games.pokerface.contest.bots.leobot``."""

from webapp.games.pokerface.contest.strategies import main

if __name__ == "__main__":
    main("leobot")
