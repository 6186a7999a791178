"""Languages: Flask-Babel set-up, the languages found, and the choice of the reader's language.

The supported languages are English (the texts in the code) and every language with a compiled catalogue
in the translations folder (``webapp/translations/<code>/LC_MESSAGES/messages.mo``, or the folder named by
``KARTENSCHULE_TRANSLATIONS_DIR``): a new language is one ``.po`` file, compiled at set-up. The reader's
language comes from the ``lang`` cookie set by the language switch, else from the browser's
``Accept-Language``, else German (Skat is a German game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from flask import Flask, current_app, request
from flask_babel import Babel, get_locale
from markupsafe import Markup

LANG_COOKIE = "lang"
#: The language of the texts in the code (it needs no catalogue).
SOURCE_LANGUAGE = "en"
#: The catalogues shipped with the package.
DEFAULT_TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def translations_dir() -> Path:
    """The folder of the compiled catalogues: ``KARTENSCHULE_TRANSLATIONS_DIR`` or the package's own."""
    return Path(os.environ.get("KARTENSCHULE_TRANSLATIONS_DIR") or DEFAULT_TRANSLATIONS)


def languages(folder: Path | None = None) -> tuple[str, ...]:
    """The language codes offered, sorted: English and each compiled catalogue in ``folder``.

    Args:
        folder: a translations folder; None for :func:`translations_dir`. Each folder is read once.
    """
    return _found(translations_dir() if folder is None else Path(folder))


@cache
def _found(folder: Path) -> tuple[str, ...]:
    found = {path.parent.parent.name for path in folder.glob("*/LC_MESSAGES/messages.mo")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


@cache
def language_name(code: str) -> str:
    """A language's name in that language ("Deutsch", "English", "Français"), for the switch."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


#: French elision: "de", "le", "que" lose their vowel before a word that starts with one ("d’Étoiles", "l’As",
#: "qu’Ouvert"); not before an h (the game words "Huit", "Hand", "Hinterhand" have an aspirated h) or a y ("Yam’s").
_FRENCH_ELISION = re.compile(r"(?<![\w’'])([DdLl]e|[Qq]ue) (?=[AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü])")


def elide(text: str, lang: str | None = None) -> str:
    """Apply the language's elision to a sentence whose names were just put in: French only, else ``text`` itself.

    A translator elides in the sentence itself ("l’atout"); a name put into a placeholder ("de %(suit)s" with
    "Étoiles", "le %(previous)s" with "As") is only known when the sentence is rendered, so the renderer calls
    this. :class:`Markup` stays Markup (tags are not touched: a card chip after "de" keeps its "de").

    Args:
        text: a rendered sentence (``str`` or ``Markup``).
        lang: a language code; None for the current request's locale (no request: unchanged).
    """
    if lang is None:
        locale = get_locale()
        lang = locale.language if locale is not None else SOURCE_LANGUAGE
    if lang != "fr":
        return text
    elided = _FRENCH_ELISION.sub(lambda match: match.group(1)[:-1] + "’", str(text))
    return Markup(elided) if isinstance(text, Markup) else elided


def select_locale() -> str:
    """Return the language code for the current request (one of the app's ``LANGUAGES``)."""
    return choose_language(request.cookies.get(LANG_COOKIE), request.accept_languages, current_app.config)


def choose_language(cookie: str | None, accepted: Iterable[tuple[str, float]], config: Mapping[str, Any]) -> str:
    """The language for a request with the ``lang`` cookie ``cookie`` and the browser's ``accepted`` languages
    (:func:`browser_language`), else ``config["BABEL_DEFAULT_LOCALE"]``: one of ``config["LANGUAGES"]``. Also
    used before Flask (:class:`webapp.classroom.QuickPoll`), so it reads no request."""
    offered = config["LANGUAGES"]
    if cookie in offered:
        return cookie
    return browser_language(accepted, offered) or config["BABEL_DEFAULT_LOCALE"]


def browser_language(accepted: Iterable[tuple[str, float]], offered: Iterable[str]) -> str | None:
    """The first language of the browser's ``Accept-Language`` list (most wanted first) that the app offers.

    Each entry matches exactly or by its primary language (``es-AR`` -> ``es``), in the browser's order, so that
    ``es-AR,en;q=0.5`` gives Spanish (Werkzeug's ``best_match`` would take the exact ``en`` first).

    Args:
        accepted: ``(language tag, quality)`` pairs, most wanted first (Werkzeug's ``LanguageAccept``).
        offered: the app's language codes (``"de"``, ``"fr"``...).

    Returns:
        An offered code, or None when no entry matches (``*`` matches nothing: the default applies).
    """
    offered = set(offered)
    for tag, quality in accepted:
        tag = tag.lower().replace("_", "-")
        for candidate in (tag, tag.split("-", 1)[0]):
            if quality > 0 and candidate in offered:
                return candidate
    return None


def init_app(app: Flask) -> None:
    """Attach Flask-Babel to ``app`` with the catalogues found (config ``TRANSLATIONS_DIR``) and our selector."""
    folder = Path(app.config.get("TRANSLATIONS_DIR") or translations_dir())
    app.config.setdefault("LANGUAGES", languages(folder))
    Babel(app, locale_selector=select_locale, default_translation_directories=str(folder))

    @app.context_processor
    def _languages() -> dict:
        return {"languages": [(code, language_name(code)) for code in app.config["LANGUAGES"]]}
