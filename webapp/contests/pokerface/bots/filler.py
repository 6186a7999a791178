"""Run the built-in bot 'filler' over the seed's protocol: ``python -m webapp.contests.pokerface.bots.filler``."""

from ..strategies import main

if __name__ == "__main__":
    main("filler")
