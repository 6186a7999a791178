"""Sentences of the pages and the command line that are not a game's rule."""

from __future__ import annotations

from typing import Any

from webapp.core.markers import N_, NP_

# --- Pages and hints ---------------------------------------------------------
MESSAGES: dict[str, Any] = {
    "skat.error.full": N_("You already have 10 cards. Take one away first."),
    "skat.error.skat_full": N_("The skat already has 2 cards. Take one away first."),
    "skat.score.error.matadors": N_("Choose the matadors (with or without how many), or write the declarer’s 10 cards."),
    "skat.score.error.full": N_("The list is full (%(count)s games). Save it as CSV and clear it to go on."),
    "skat.score.error.too_long": N_("That is far too long for this form: a field holds at most %(most)s characters."),
    "skat.score.error.players": N_("A game of the 4th player is in the list. Clear the list before you play with 3."),
    "web.error.bad_url": N_("This link is broken: %(detail)s"),
    "web.error.too_many": NP_(
        "Too many tries from this network at once. Please wait %(seconds)s second, then try again.",
        "Too many tries from this network at once. Please wait %(seconds)s seconds, then try again.",
        "seconds",
    ),
    "web.error.too_many_made": NP_(
        "This network has started very many quizzes or classes in the last hour. Please wait %(minutes)s minute, then try again.",
        "This network has started very many quizzes or classes in the last hour. Please wait %(minutes)s minutes, then try again.",
        "minutes",
    ),
    "web.error.storage": N_("The server could not save this just now: its storage is full, read-only or busy. "
                            "Everything saved before is kept; only this last step was not saved. Please try again in "
                            "a few minutes, and tell whoever runs this site if it happens again."),
    "web.error.internal": N_("Something broke on the server while it answered this page. Nothing saved before is lost. "
                             "Go back and try again; if it happens again, tell whoever runs this site."),
    "web.error.language": N_("This page has no language “%(token)s”. Choose one of the buttons at the top."),
    "web.error.deck": N_("There is no deck “%(token)s”. Choose the two-colour or the four-colour deck."),
    "web.error.not_found": N_("There is no page at this address. Check the link, or go back to the start page."),
    "web.error.refused": N_("This page cannot answer that request (error %(status)s). Go back and try again."),
    "web.error.bad_number": N_("“%(value)s” in the field “%(field)s” is not a whole number."),
    "poker.error.game": N_("This game link is broken or comes from another server, so a new game has started."),
    "poker.error.five": N_("You already picked 5 cards. Choose one of them again to put it back first."),
    "tichu.error.line": N_("Write two plays on each line, PREVIOUS PLAY (use - when nothing was played), not %(count)s."),
}
