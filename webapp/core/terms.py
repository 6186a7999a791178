"""The games' glossaries on the pages: a word a child can tap to read what it means, and the glossary page's texts.

Each game lists its words (:class:`webapp.core.words.Word`); the app hands them to :func:`init_app` with the
endpoint of the glossary page. Templates then call

* ``term("skat", "forehand")`` (or ``term("skat", "forehand", text)`` to keep the text shown): the word as a button
  that opens its short explanation in place (a ``popover``: HTML, no script), with a link to the word on the
  glossary page; a browser without popovers gets that link instead of the button (CSS ``@supports``);
* ``term_label(member)``: an enum member's label (a seat, a combination kind), tappable when a word lists it;
* ``word_marker("skat")``: a callable that marks, in rendered explanation sentences, the first phrase of each word
  that has ``forms`` ("with 2", "card points"); one marker per list of steps, so a word is marked once there.

Never inside a button or a link: the marker skips their text, and templates do not put a term in a card button.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Mapping

from flask import Flask, current_app, g, url_for
from flask_babel import get_locale
from markupsafe import Markup, escape

from webapp.core.explain import gettext, label, pgettext, render_step
from webapp.core.markers import N_
from webapp.core.steps import Step
from webapp.core.words import Word

_EXTENSION = "kartenschule.words"
#: The link inside a word's explanation to the whole glossary.
ALL_WORDS = N_("All the words")
#: Tags whose text is never marked (no button inside a link or a button, none inside a word already marked).
_SKIPPED = frozenset({"a", "button", "summary", "label", "option", "select", "textarea"})
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9]*)")


@dataclass(frozen=True)
class Glossary:
    """Every game's words and where its glossary page is.

    Attributes:
        words: game key -> its words, in the order of its glossary page.
        endpoint: the glossary page's endpoint (its URL takes ``game``).
    """

    words: Mapping[str, tuple[Word, ...]]
    endpoint: str
    _labels: dict[Any, tuple[str, Word]] = field(default_factory=dict, repr=False)
    _patterns: dict[tuple[str, str], re.Pattern[str] | None] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for game, words in self.words.items():
            for word in words:
                for member in word.labels:
                    self._labels[member] = (game, word)

    def word(self, game: str, key: str) -> Word:
        """The word ``key`` of ``game``.

        Raises:
            KeyError: no such game or word.
        """
        for word in self.words[game]:
            if word.key == key:
                return word
        raise KeyError(f"{game}:{key}")

    def of_label(self, member: Any) -> tuple[str, Word] | None:
        """The game and word whose labels list ``member``, or None."""
        try:
            return self._labels.get(member)
        except TypeError:  # an unhashable value is no enum member
            return None

    def pattern(self, game: str) -> re.Pattern[str] | None:
        """The phrases of ``game``'s words with forms, in the reader's language, as one pattern (a named group a
        word); None when no word of the game has forms. Made once per language and game."""
        key = (str(get_locale()), game)
        if key not in self._patterns:
            groups = []
            for word in self.words.get(game, ()):
                if word.forms is None:
                    continue
                phrases = sorted((p.strip() for p in pgettext(*word.forms).split("|") if p.strip()), key=len,
                                 reverse=True)
                if phrases:
                    alternatives = "|".join(re.escape(str(escape(p))).replace(r"\#", r"\d+") for p in phrases)
                    groups.append(f"(?P<{word.key}>{alternatives})")
            self._patterns[key] = re.compile(rf"(?<!\w)(?:{'|'.join(groups)})(?!\w)", re.IGNORECASE) if groups else None
        return self._patterns[key]


def glossary() -> Glossary:
    """The current app's glossary (set by :func:`init_app`).

    Raises:
        RuntimeError: outside an app context.
    """
    return current_app.extensions[_EXTENSION]


def word_name(word: Word) -> str:
    """A word's name in the reader's language ("Vorhand")."""
    return pgettext(*word.name)


def word_text(word: Word) -> Markup:
    """A word's explanation in the reader's language (HTML)."""
    return render_step(Step(word.text))


def word_url(game: str, key: str) -> str:
    """The address of the word ``key`` on ``game``'s glossary page."""
    return url_for(glossary().endpoint, game=game, _anchor=key)


def _new_id(key: str) -> str:
    """An id for one explanation on this page: the request's random prefix (a fragment swapped in later gets
    another) and a count."""
    prefix = g.get("_word_prefix")
    if prefix is None:
        prefix = g._word_prefix = secrets.token_hex(3)
        g._word_count = 0
    g._word_count += 1
    return f"w{prefix}-{g._word_count}-{key}"


def term(game: str, key: str, text: Any = None) -> Markup:
    """The word ``key`` of ``game`` as a tappable word: ``text`` (default: its name) opens the explanation in
    place; without popovers the text is a link to the glossary page.

    Raises:
        KeyError: no such game or word (a template naming a word that is not in the glossary).
    """
    word = glossary().word(game, key)
    shown = word_name(word) if text is None else text
    url = word_url(game, key)
    tip = _new_id(key)
    return Markup(
        '<span class="term"><a class="term-link" href="{url}">{shown}</a>'
        '<button type="button" class="term-word" popovertarget="{tip}">{shown}</button>'
        '<span class="term-tip" id="{tip}" popover><strong class="term-name">{name}</strong> {text} '
        '<a class="term-more" href="{url}">{more}</a></span></span>'
    ).format(url=url, shown=shown, tip=tip, name=word_name(word), text=word_text(word),
             more=gettext(ALL_WORDS))


def term_label(member: Enum, text: Any = None) -> Markup:
    """``member``'s translated label (or ``text``, say the label capitalized), tappable when a glossary word lists
    the member (else plain).

    Raises:
        KeyError: the member has no label.
    """
    found = glossary().of_label(member)
    text = label(member) if text is None else text
    if found is None:
        return escape(text)
    game, word = found
    return term(game, word.key, text)


class WordMarker:
    """Marks the words of one game in rendered sentences, each word once (the first time it appears).

    ``marker(html)`` returns the sentence with the first phrase of each not yet marked word made tappable
    (:func:`term`); text inside links, buttons and summaries is left alone, and so are tags.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.seen: set[str] = set()

    def __call__(self, html: Any) -> Markup:
        """Mark the words in one rendered sentence (:class:`Markup`, or text, which is escaped first)."""
        pattern = glossary().pattern(self.game) if self.game in glossary().words else None
        source = str(escape(html))
        if pattern is None:
            return Markup(source)
        parts = _TAG.split(source)
        skipped = 0
        for index, part in enumerate(parts):
            if part.startswith("<"):
                tag = _TAG_NAME.match(part)
                if tag and tag.group(2).lower() in _SKIPPED and not part.endswith("/>"):
                    skipped += -1 if tag.group(1) else 1
                continue
            if skipped <= 0 and part:
                parts[index] = pattern.sub(self._mark, part)
        return Markup("".join(parts))

    def _mark(self, match: re.Match[str]) -> str:
        key = match.lastgroup
        if key is None or key in self.seen:
            return match.group(0)
        self.seen.add(key)
        return str(term(self.game, key, Markup(match.group(0))))


def word_marker(game: str) -> WordMarker:
    """A new :class:`WordMarker` for ``game`` (one per list of sentences)."""
    return WordMarker(game)


def init_app(app: Flask, words: Mapping[str, tuple[Word, ...]], endpoint: str) -> None:
    """Keep the games' words on the app and make the helpers template globals."""
    app.extensions[_EXTENSION] = Glossary(words=dict(words), endpoint=endpoint)
    app.jinja_env.globals.update(term=term, term_label=term_label, word_marker=word_marker, word_name=word_name,
                                 word_text=word_text)
