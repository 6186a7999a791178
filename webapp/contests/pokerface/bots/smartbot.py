"""Run the built-in bot 'smartbot' over the seed's protocol: ``python -m webapp.contests.pokerface.bots.smartbot``."""

from ..strategies import main

if __name__ == "__main__":
    main("smartbot")
