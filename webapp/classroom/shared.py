"""What the whole class sees alike, made once: the question panel of a round (per language), and the class's
standings once a round is closed (they cannot change until the next round).

Thirty (or 900) tablets ask for the same question when a round opens; its cards and answer buttons are the
same for every child of a language, so they are rendered once and kept in a small bounded store owned by the
app (``app.extensions["classroom_shared"]``), keyed by what decides them (kind, difficulty, seed, question
number, language, part). A key names an immutable question, so an entry never goes stale.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable

from flask import Flask, current_app
from markupsafe import Markup

__all__ = ["SharedRender", "open_panel_key", "shared"]

KEY = "classroom_shared"


class SharedRender:
    """A bounded, thread-safe store of rendered HTML (least recently used goes first).

    Args:
        size: how many entries it keeps (each is a few kB; 30 classes at once keep about 600: three parts of
            each question, the feedback on each answer given, the standings).
    """

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.made = 0  # how many times ``make`` ran (tests and benchmarks read it)

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value stored under ``key`` (immutable: HTML as :class:`~markupsafe.Markup`, tuples), made by
        ``make()`` the first time (two requests at once may both make it; both get equal values)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self.made += 1
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def peek(self, key: Hashable) -> Any:
        """The value stored under ``key``, or None (nothing is made)."""
        with self._lock:
            return self._items.get(key)

    def html(self, key: Hashable, make: Callable[[], str]) -> Markup:
        """:meth:`get` for rendered HTML."""
        return self.get(key, lambda: Markup(make()))


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
