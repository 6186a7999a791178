"""Run the built-in bot 'leobot' over the seed's protocol: ``python -m webapp.contests.pokerface.bots.leobot``."""

from ..strategies import main

if __name__ == "__main__":
    main("leobot")
