"""What every game and service shares: steps and typed errors (:mod:`.steps`), rendering (:mod:`.explain`),
languages (:mod:`.i18n`), security, the database, the page-or-fragment helper (:mod:`.web`), the CLI's options
(:mod:`.cli`), the quiz kind's interface (:mod:`.quizkind`) and the bot process channel (:mod:`.botproc`).

Nothing here imports a game, a service or the app factory (``tests/unit/test_architecture.py``).
"""
