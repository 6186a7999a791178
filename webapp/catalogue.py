"""The one place that maps explanation codes to translatable sentences.

Every :class:`webapp.core.steps.Step` code an engine or view can emit has an
entry in :data:`MESSAGES`: an English sentence with named placeholders
(``%(run)s``), marked for extraction with :func:`N_` and translated at render
time by :mod:`webapp.core.explain`. A sentence that depends on a count is a
``(singular, plural, count_placeholder)`` triple marked with :func:`NP_`.

:data:`LABELS` maps enum members that appear as parameters (suits, Tichu
combination kinds) to their translatable names.

``tests/web/test_messages.py`` renders every code in every language, so no
step is ever shown untranslated.
"""

from __future__ import annotations

from typing import Any

from webapp.games.pokerface import messages as pokerface
from webapp.quiz import messages as quiz
from webapp.games.skat import messages as skat
from webapp.games.skat import messages_official as skat_official
from webapp.games.tichu import messages as tichu
from webapp.core import messages as views
from webapp.games.yahtzee import messages as yahtzee
from webapp.core.markers import NC_, N_, NP_
from webapp.games.skat.messages import SKAT_CARD_NAME, SKAT_RANK_LETTERS
from webapp.games.tichu.messages import TICHU_CARD_NAMES, TICHU_SUIT_FACES, TICHU_SUITED_NAME

#: One module a game (plus ``views``); a new game adds its module here.
_MODULES = (skat, skat_official, tichu, pokerface, yahtzee, quiz, views)

SKAT_MESSAGES: dict[str, Any] = skat.MESSAGES
TICHU_MESSAGES: dict[str, Any] = tichu.MESSAGES
VIEW_MESSAGES: dict[str, Any] = views.MESSAGES

#: Every step code -> its sentence (see the module docstring).
MESSAGES: dict[str, Any] = {code: text for module in _MODULES for code, text in module.MESSAGES.items()}

#: Enum members that appear as step parameters -> their translatable names.
LABELS: dict[Any, str] = {member: text for module in _MODULES for member, text in getattr(module, "LABELS", {}).items()}

__all__ = ["LABELS", "MESSAGES", "NC_", "NP_", "N_", "SKAT_CARD_NAME", "SKAT_MESSAGES", "SKAT_RANK_LETTERS", "TICHU_CARD_NAMES", "TICHU_SUIT_FACES", "TICHU_SUITED_NAME",
           "TICHU_MESSAGES", "VIEW_MESSAGES"]
