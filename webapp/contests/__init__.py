"""Bot contests: language-neutral protocols over standard input and output, and tournaments.

One package a game (:mod:`.pokerface`, :mod:`.yahtzee`). Bots are programs started with a command
line, without a shell, in their own folder; the controller never hangs on them.
"""
