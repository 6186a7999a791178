"""Sentences of the pages and the command line that are not a game's rule."""

from __future__ import annotations

from typing import Any

from .markers import N_

# --- Pages and hints ---------------------------------------------------------
MESSAGES: dict[str, Any] = {
    "skat.error.full": N_("You already have 10 cards. Take one away first."),
    "web.error.bad_url": N_("This link is broken: %(detail)s"),
    "web.error.bad_number": N_("“%(value)s” in the field “%(field)s” is not a whole number."),
    "tichu.error.line": N_("Write two plays on each line, PREVIOUS PLAY (use - when nothing was played), not %(count)s."),
}
