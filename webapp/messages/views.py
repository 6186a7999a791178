"""Sentences of the pages and the command line that are not a game's rule."""

from __future__ import annotations

from typing import Any

from .markers import N_

# --- Pages and hints ---------------------------------------------------------
MESSAGES: dict[str, Any] = {
    "skat.error.full": N_("You already have 10 cards. Take one away first."),
    "web.error.bad_url": N_("This link is broken: %(detail)s"),
    "poker.error.game": N_("This game link is broken or comes from another server, so a new game has started."),
    "poker.error.five": N_("You already picked 5 cards. Click one of them to put it back first."),
    "tichu.error.line": N_("Write two plays on each line, PREVIOUS PLAY (use - when nothing was played), not %(count)s."),
}
