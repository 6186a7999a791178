"""A small bounded store of what is made once and then only read: rendered HTML, explanation sentences,
verdicts. Its keys name immutable things (a question, a step in a language), so an entry never goes stale; the
least recently used goes first when it is full. Used by :mod:`webapp.core.explain` (the kept sentences) and
:mod:`webapp.classroom.shared` (what a whole class sees alike).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable

from markupsafe import Markup

__all__ = ["SharedRender"]


class SharedRender:
    """A bounded, thread-safe store of what is made once: rendered HTML, sentences, verdicts (least recently used
    goes first).

    Args:
        size: how many entries it keeps (the classroom's store: each a few kB, 30 classes at once keep about 600:
            three parts of each question, the feedback on each answer given, the standings).
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

    def __len__(self) -> int:
        """How many entries are kept now."""
        return len(self._items)

    def peek(self, key: Hashable) -> Any:
        """The value stored under ``key``, or None (nothing is made)."""
        with self._lock:
            return self._items.get(key)

    def html(self, key: Hashable, make: Callable[[], str]) -> Markup:
        """:meth:`get` for rendered HTML."""
        return self.get(key, lambda: Markup(make()))
