"""Run the built-in bot 'smartbot' over the seed's protocol: ``python -m webapp.games.pokerface.contest.bots.smartbot``."""

from webapp.games.pokerface.contest.strategies import main

if __name__ == "__main__":
    main("smartbot")
