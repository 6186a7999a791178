"""Bot contests: language-neutral protocols over standard input and output, and tournaments.

One package a game (``pokerface``). Bots are programs started with a command
line, without a shell, in their own folder; the controller never hangs on them.
"""
