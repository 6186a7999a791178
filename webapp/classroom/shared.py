"""What the whole class sees alike, made once: the question panel of a round (per language), and the class's
standings once a round is closed (they cannot change until the next round).

Thirty (or 900) tablets ask for the same question when a round opens; its cards and answer buttons are the
same for every child of a language, so they are rendered once and kept in a small bounded store owned by the
app (``app.extensions["classroom_shared"]``), keyed by what decides them (kind, difficulty, seed, question
number, language, part). A key names an immutable question, so an entry never goes stale.
"""

from __future__ import annotations

from flask import Flask, current_app

from webapp.core.kept import SharedRender

__all__ = ["SharedRender", "open_panel_key", "shared"]

KEY = "classroom_shared"


def open_panel_key(session_id: int, version: str, seconds_left: int | None, language: str) -> tuple:
    """The key of a child's panel that is alike for the whole class (an open round not yet answered: see
    :class:`webapp.classroom.quickpoll.PollState`), per language and second of the countdown."""
    return "open panel", session_id, version, seconds_left, language


def init_app(app: Flask) -> None:
    """Give ``app`` its store (once)."""
    app.extensions.setdefault(KEY, SharedRender())


def shared() -> SharedRender:
    """The current app's store."""
    return current_app.extensions[KEY]
