"""Languages: Flask-Babel set-up and the choice of the reader's language.

The language comes from the ``lang`` cookie set by the language switch, else
from the browser's ``Accept-Language``, else German (Skat is a German game).
"""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_babel import Babel

LANG_COOKIE = "lang"


def select_locale() -> str:
    """Return the language code for the current request (``"de"`` or ``"en"``)."""
    languages = current_app.config["LANGUAGES"]
    cookie = request.cookies.get(LANG_COOKIE)
    if cookie in languages:
        return cookie
    return request.accept_languages.best_match(languages) or current_app.config["BABEL_DEFAULT_LOCALE"]


def init_app(app: Flask) -> None:
    """Attach Flask-Babel to ``app`` with our catalogs and locale selector."""
    Babel(
        app,
        locale_selector=select_locale,
        default_translation_directories=str(app.root_path + "/translations"),
    )
