"""Whole numbers typed into forms and URLs, read strictly.

``int()`` reads digits of every script (``int("٣") == 3``) and underscores
(``int("1_0") == 10``), and ``str.isdigit`` says yes to superscripts that
``int()`` then refuses (``"²"``): a check with one and a parse with the other
is a 500 waiting to happen. Request data goes through :func:`ascii_int`.
"""

from __future__ import annotations

import re

_INT = re.compile(r"[+-]?[0-9]+")


def ascii_int(text: str, digits: int = 6, *, signed: bool = True) -> int | None:
    """The whole number written in ``text`` with ASCII digits, or None for anything else.

    Surrounding whitespace is ignored; a leading ``+``/``-`` is allowed when
    ``signed``; at most ``digits`` digits (so no number is too big to handle).

    >>> ascii_int(" 25 "), ascii_int("-5"), ascii_int("²"), ascii_int("٣"), ascii_int("1_0"), ascii_int("1234567")
    (25, -5, None, None, None, None)
    >>> ascii_int("-5", signed=False)

    Args:
        text: the text as received (a ``str``).
        digits: the most digits accepted (not counting the sign).
        signed: whether a sign is allowed.

    Returns:
        The ``int``, or None when ``text`` is not such a number.
    """
    text = text.strip()
    if not _INT.fullmatch(text) or (not signed and not text[0].isdigit()):
        return None
    if len(text.lstrip("+-")) > digits:
        return None
    return int(text)
