"""Kartenschule: learn the rules of card and dice games in the browser.

The app factory :func:`create_app` builds the Flask application. Templates and
static files live beside the package (``templates/``, ``static/``), so both
folders are named explicitly here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the Kartenschule app.

    Args:
        config: settings that override the defaults (e.g. ``{"TESTING": True}``);
            ``None`` uses the embedded defaults, then ``KARTENSCHULE_*``
            environment variables (``KARTENSCHULE_SECRET_KEY``).

    Returns:
        The configured :class:`flask.Flask` application.
    """
    from flask import Flask  # imported here: the Pokerface bots run as `python -m webapp...` start faster without it

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY="dev-only-change-me",
        BABEL_DEFAULT_LOCALE="de",
        WTF_CSRF_TIME_LIMIT=None,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Storage (webapp/core/db.py): SQLite in the instance folder unless DATABASE_URL says otherwise.
        AUTO_MIGRATE=True,
        # Class sessions expire after this many days, quizzes after QUIZ_DAYS;
        # `flask --app webapp purge-expired` deletes them.
        CLASS_SESSION_DAYS=7,
        QUIZ_DAYS=30,
        # Rate limits (Flask-Limiter). The storage is named explicitly: memory:// counts
        # in each server process; with several gunicorn workers use redis:// or
        # memcached:// so that the workers share one count (see README).
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_HEADERS_ENABLED=True,
        CLASS_JOIN_LIMIT="30 per minute",
        CLASS_CREATE_LIMIT="20 per hour",
    )
    app.config.from_prefixed_env("KARTENSCHULE")
    if config is not None:
        app.config.from_mapping(config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if app.config["SECRET_KEY"] == "dev-only-change-me" and not (app.debug or app.testing):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from webapp import catalogue, main
    from webapp.classroom import views as classroom
    from webapp.cli import register_flask_commands
    from webapp.core import db, explain, i18n, security, web
    from webapp.games import games
    from webapp.quiz import views as quiz

    i18n.init_app(app)
    explain.init_app(app, catalogue.catalogue(), catalogue.template_globals())
    security.init_app(app)
    db.init_app(app)
    web.init_error_pages(app)  # every 500 and database error: the translated error page, the cause logged
    app.register_blueprint(main.bp)
    for game in games():
        for module in game.parts("blueprints"):
            app.register_blueprint(module.bp)
    app.register_blueprint(quiz.bp)
    app.register_blueprint(classroom.bp)
    app.wsgi_app = classroom.QuickPoll(app, app.wsgi_app)  # the classroom's unchanged polls, before Flask
    register_flask_commands(app)
    return app


def _instance_secret(instance: Path) -> str:
    """Return a secret key kept in the instance folder, creating it once."""
    import secrets

    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
