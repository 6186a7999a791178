"""The one place that gathers every explanation sentence: from the core, each registered game and the services.

Every :class:`webapp.core.steps.Step` code an engine or view can emit has an entry in :data:`MESSAGES`:
an English sentence with named placeholders (``%(run)s``), marked for extraction with ``N_`` and translated
at render time by :mod:`webapp.core.explain`. A sentence that depends on a count is a
``(singular, plural, count_placeholder)`` triple marked with ``NP_``. :data:`LABELS` maps enum members that
appear as parameters (suits, Tichu combination kinds) to their translatable names. Each game lists its message
modules in its registry record (:mod:`webapp.games`); a new game adds nothing here.

``tests/web/test_messages.py`` renders every code in every language, so no step is ever shown untranslated.
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Any, Mapping

from webapp.core import messages as core_messages
from webapp.core.explain import CARD_NAME, FACE_LETTERS, Catalogue
from webapp.core.words import Word
from webapp.games import games
from webapp.learn import messages as learn_messages
from webapp.quiz import messages as quiz_messages

#: The message modules of the services and the shared pages (games come from the registry).
_SERVICES: tuple[ModuleType, ...] = (quiz_messages, learn_messages, core_messages)


def message_modules() -> tuple[ModuleType, ...]:
    """Every module with a ``MESSAGES`` dict: each game's (registry order), then the services'."""
    return tuple(module for game in games() for module in game.parts("messages")) + _SERVICES


def _merged(attribute: str) -> Mapping[Any, Any]:
    merged: dict[Any, Any] = {}
    for module in message_modules():
        for key, text in getattr(module, attribute, {}).items():
            if key in merged and merged[key] != text:
                raise ValueError(f"{attribute} {key!r} is defined twice, differently")
            merged[key] = text
    return MappingProxyType(merged)


#: Every step code -> its sentence (see the module docstring).
MESSAGES: Mapping[str, Any] = _merged("MESSAGES")

#: Enum members that appear as step parameters -> their translatable names.
LABELS: Mapping[Any, Any] = _merged("LABELS")

#: Every further translatable text of the games (card names, letters), for the catalogue test.
TEXTS: tuple[Any, ...] = (CARD_NAME, *FACE_LETTERS.values(),
                          *(text for module in message_modules() for text in getattr(module, "TEXTS", ())))


def look_modules() -> tuple[ModuleType, ...]:
    """Each game's card look (games without cards have none)."""
    return tuple(look for game in games() for look in game.parts("look"))


def catalogue() -> Catalogue:
    """The renderer's catalogue: sentences, labels, and each card type's look (from the registry)."""
    looks = {card_type: look for look in look_modules() for card_type in look.CARD_TYPES}
    return Catalogue(messages=MESSAGES, labels=LABELS, looks=MappingProxyType(looks))


def words() -> dict[str, tuple[Word, ...]]:
    """Each game's glossary words by the game's key (games without a glossary have none)."""
    return {game.key: module.WORDS for game in games() for module in game.parts("words")}


def template_globals() -> dict[str, Any]:
    """The helpers that the games' looks give their templates (``rank_letter``, ``tichu_face``, ...)."""
    return {name: helper for look in look_modules() for name, helper in look.TEMPLATE_GLOBALS.items()}
