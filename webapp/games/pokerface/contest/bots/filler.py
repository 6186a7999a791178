"""Run the built-in bot 'filler' over the seed's protocol: ``python -m webapp.games.pokerface.contest.bots.filler``."""

from webapp.games.pokerface.contest.strategies import main

if __name__ == "__main__":
    main("filler")
