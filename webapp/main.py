"""Home page and the reader's settings (language, deck colours)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, has_request_context, redirect, render_template, request, url_for

from webapp.core.explain import render_step
from webapp.core.i18n import LANG_COOKIE, select_locale
from webapp.core.markers import N_
from webapp.core.security import set_cookie
from webapp.core.steps import Step
from webapp.core.terms import glossary
from webapp.games import Game, Tile, games

bp = Blueprint("main", __name__)

#: The services' links after the games': (endpoint, blueprint names, name), and their home tiles.
SERVICE_LINKS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("quiz.start", ("quiz",), N_("Quiz")),
    ("classroom.start", ("classroom",), N_("Classroom")),
)
SERVICE_TILES: tuple[Tile, ...] = (
    Tile("quiz.start", N_("Quiz: test yourself"),
         N_("Answer ten questions about Skat, Tichu or poker and see at once what was right, and why. Share the quiz code with friends."),
         symbol="?"),
    Tile("classroom.start", N_("Classroom: play together"),
         N_("The teacher shows hands on the projector, the class answers on tablets, and everybody sees the results live."),
         symbol="✓"),
)


def nav_links() -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """The header's links: each game's first page (registry order), then the services'."""
    return tuple((g.endpoint, g.blueprint_names(), g.name) for g in games()) + SERVICE_LINKS

def words_game(blueprint: str | None) -> Game | None:
    """The game whose pages the blueprint belongs to, when it has a glossary (the footer links to it)."""
    for record in games():
        if record.words and blueprint in record.blueprint_names():
            return record
    return None


DECK_COOKIE = "deck"
DECKS = ("2", "4")  # two-colour French deck, four-colour tournament deck
ONE_YEAR = 365 * 24 * 3600


@bp.get("/")
def home():
    """The home page: what the app teaches and the way to each trainer."""
    tiles = [tile for g in games() for tile in g.tiles] + list(SERVICE_TILES)  # one big tile a game, then services
    return render_template("home.html", tiles=tiles)


@bp.get("/privacy")
def privacy():
    """What the app stores, for how long (the figures from the config), and how to delete it, for parents."""
    config = current_app.config
    return render_template("privacy.html", learn_days=int(config["LEARN_DAYS"]),
                           class_days=int(config["CLASS_SESSION_DAYS"]), quiz_days=int(config["QUIZ_DAYS"]),
                           homework_days=int(config["HOMEWORK_DAYS"]))


@bp.get("/words/<game>")
def words(game: str):
    """A game's glossary: each word with its short explanation, an anchor a word (``/words/skat#forehand``), the
    page a tapped word links to. An unknown game answers 404."""
    record = next((r for r in games() if r.key == game), None)
    if record is None or game not in glossary().words:
        abort(404)
    return render_template("words.html", game=record, words=glossary().words[game])


def _safe_next(target: str | None) -> str:
    """Return ``target`` if it is a path on this site, else the home page."""
    if not target:
        return url_for("main.home")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return url_for("main.home")
    return target


def _return_to() -> str:
    """Where to go after a settings change: the page the reader was on.

    The Referer is preferred (after htmx pushed a new URL it is the current
    address, with the hand the child built); the form's ``next`` is the fallback.
    """
    referrer = request.referrer
    if referrer:
        parts = urlsplit(referrer)
        if parts.netloc == request.host:
            return _safe_next(parts.path + (f"?{parts.query}" if parts.query else ""))
    return _safe_next(request.form.get("next"))


@bp.post("/settings")
def settings():
    """Remember the language and/or deck choice in cookies, then go back.

    Form fields: ``lang`` (``de``/``en``), ``deck`` (``2``/``4``), ``next``
    (the page to return to). Unknown values answer 400.
    """
    lang = request.form.get("lang")
    deck = request.form.get("deck")
    if lang is not None and lang not in current_app.config["LANGUAGES"]:
        return render_template("error.html", message=render_step(Step("web.error.language", token=lang[:20]))), 400
    if deck is not None and deck not in DECKS:
        return render_template("error.html", message=render_step(Step("web.error.deck", token=deck[:20]))), 400
    response = redirect(_return_to(), code=303)
    if lang:
        set_cookie(response, LANG_COOKIE, lang, max_age=ONE_YEAR)
    if deck:
        set_cookie(response, DECK_COOKIE, deck, max_age=ONE_YEAR)
    return response


@bp.app_context_processor
def _settings_context() -> dict:
    """Template variables of the header: language, deck colours, the current page."""
    if not has_request_context():
        return {}
    deck = request.cookies.get(DECK_COOKIE)
    return {
        "current_lang": select_locale(),
        "four_colour": deck == "4",
        "current_path": request.full_path.rstrip("?"),
        "nav_links": nav_links(),
        "words_game": words_game(request.blueprint),
    }
