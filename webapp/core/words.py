"""A game's glossary as data: the words a child meets on its pages, each with a short explanation.

Pure (no Flask): a game lists its words in ``webapp/games/<game>/words.py`` (``WORDS``, and the sentences in its
``MESSAGES``/``TEXTS``); :mod:`webapp.core.terms` renders them (the glossary page, a word a child can tap).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class Word:
    """One glossary word.

    Attributes:
        key: its anchor on the glossary page and its name in templates (``"forehand"``): lower case, digits, ``_``.
        name: its name as the page shows it, an ``NC_`` pair (``("skat word", "Forehand")``).
        text: the message code of its explanation (one or two short sentences a 10-year-old understands).
        forms: an ``NC_`` pair (context ``"<game> word forms"``) of the phrases that mark it inside explanation
            sentences, separated by ``|``, ``#`` standing for a number (``"with #|without #"``); None: it is
            marked in templates only.
        labels: enum members whose translated label is this word (a seat, a combination kind, a box), so a
            template that shows the label can make it tappable (``term_label(seat)``).
    """

    key: str
    name: tuple[str, str]
    text: str
    forms: tuple[str, str] | None = None
    labels: tuple[Enum, ...] = ()


def texts(words: tuple[Word, ...]) -> tuple[tuple[str, str], ...]:
    """The translatable texts of ``words`` besides their explanations (names and forms), for a module's ``TEXTS``."""
    return tuple(text for word in words for text in (word.name, word.forms) if text is not None)
