"""Kartenschule: learn the rules of card and dice games in the browser.

The app factory :func:`create_app` builds the Flask application. Templates and
static files live beside the package in the repository (``templates/``,
``static/``) and inside it in an installed wheel (``webapp/templates/``,
copied there by the build hook ``setup.py``): :func:`data_folder` finds either.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from flask import Flask

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent


def data_folder(name: str) -> Path:
    """The folder ``name`` (``"templates"`` or ``"static"``): inside the package when installed from a wheel,
    else the repository's top-level one."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else ROOT / name


def create_app(config: Mapping[str, Any] | None = None, instance_path: str | None = None) -> Flask:
    """Create and configure the Kartenschule app.

    Args:
        config: settings that override the defaults (e.g. ``{"TESTING": True}``);
            ``None`` uses the embedded defaults, then ``KARTENSCHULE_*``
            environment variables (``KARTENSCHULE_SECRET_KEY``).
        instance_path: the instance folder (database, secret key); ``None``: Flask's default
            (``instance/`` beside the package). ``kartenschule serve`` passes the user's data folder.

    Returns:
        The configured :class:`flask.Flask` application.
    """
    from flask import Flask  # imported here: the Pokerface bots run as `python -m webapp...` start faster without it

    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=instance_path,
        template_folder=str(data_folder("templates")),
        static_folder=str(data_folder("static")),
    )
    app.config.from_mapping(
        SECRET_KEY="dev-only-change-me",
        BABEL_DEFAULT_LOCALE="de",
        WTF_CSRF_TIME_LIMIT=None,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Cookies (webapp/core/security.py): SameSite=Lax on the session cookie; Secure and an HSTS header
        # (HSTS_MAX_AGE seconds, 0: none) whenever the request came over HTTPS or PREFERRED_URL_SCHEME is
        # "https". Behind a reverse proxy set TRUSTED_PROXIES to the number of proxies in front of the app:
        # Werkzeug's ProxyFix then trusts that many X-Forwarded-For/-Proto/-Host values (HTTPS, rate limits by
        # the child's address, not the proxy's). 0: no proxy, the headers are ignored.
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        HSTS_MAX_AGE=31536000,
        TRUSTED_PROXIES=0,
        # The address children reach the app at ("Join at" and the QR code of a class, webapp/classroom/links.py),
        # e.g. https://karten.example-schule.de (env KARTENSCHULE_PUBLIC_URL). Unset: SERVER_NAME, else the
        # request's host only if TRUSTED_HOSTS lists it or it is localhost (a forged Host header is never shown).
        PUBLIC_URL=None,
        # Storage (webapp/core/db.py): SQLite in the instance folder unless DATABASE_URL says otherwise.
        AUTO_MIGRATE=True,
        # Class sessions expire after this many days, quizzes after QUIZ_DAYS;
        # `flask --app webapp purge-expired` deletes them.
        CLASS_SESSION_DAYS=7,
        QUIZ_DAYS=30,
        # The learning path (webapp/learn/): a learner not seen (no answer) for LEARN_DAYS days is purged with its
        # answers by `purge-expired` (its cookie lives as long); at most LEARN_ANSWERS_PER_DAY answers a learner a
        # day (then 429, "enough for today").
        LEARN_DAYS=400,
        LEARN_ANSWERS_PER_DAY=500,
        # A teacher's homework class (webapp/learn/homework.py) is kept this many days after its deadline, then
        # `purge-expired` deletes it with its list of nicknames (the children's own progress stays theirs).
        HOMEWORK_DAYS=180,
        # The time zone a learner's day (its reviews, the weekly goal, the parents' week) is counted in (IANA name;
        # an unknown one counts in UTC with a warning in the log).
        LEARN_TIMEZONE="Europe/Berlin",
        # How often the projector's board and a tablet's panel (and the teacher's list of children) ask whether
        # anything changed, in ms. The capacity aims (900 tablets) are measured at these; tests of whole
        # classes in a browser poll faster so that they wait less.
        CLASSROOM_BOARD_POLL_MS=1000,
        CLASSROOM_TABLET_POLL_MS=2000,
        # "Where did I lose?" (webapp/games/skat/analysis_pool.py): worker processes for the open-cards analyses
        # of finished Skat games (1 leaves the other core to the requests), the most analyses waiting or running
        # at once (more: "busy, try again"), and the answers kept (by the game: the same game is analysed once).
        SKAT_ANALYSIS_WORKERS=1,
        SKAT_ANALYSIS_QUEUE=64,
        SKAT_ANALYSIS_KEPT=512,
        # Start those worker processes while a game is played, before the first analysis needs them (a second or
        # two to start); `kartenschule serve` turns it on.
        SKAT_ANALYSIS_WARM=False,
        # The Tichu coach's call advice on the round page (webapp/games/tichu/call_coach_views.py): its own pool of
        # the sizes above, started by the first advice asked for. False: the coach gives no call advice.
        TICHU_CALL_ADVICE=True,
        # Rate limits (Flask-Limiter). The storage is named explicitly: memory:// counts
        # in each server process; with several server workers use redis:// or
        # memcached:// so that the workers share one count (see docs/school-it.md).
        RATELIMIT_STORAGE_URI="memory://",
        RATELIMIT_HEADERS_ENABLED=True,
        # Per-address limits (webapp/core/security.py; a refusal answers 429 and says when to try again).
        # Sized for the hardest honest case: a class of 30 tablets behind ONE school NAT address, so that
        # every child counts against the same address. 30 children each starting a quiz up to 4 times in a
        # minute: 120 starts; answering every 3 s: 600 answers a minute; a class joining at once with a few
        # retries each (nickname taken, code mistyped): 120 joins; 30 children answering a class round every
        # 6 s: 300. Several teachers of one school create classes: 10 a minute. Wrong class codes (404s of
        # /class/<code>, the join form, the QR code, play and answer pages) count on their own: 30 children
        # mistyping the code up to 4 times in the minute they join: 120. Past it those routes answer 429 to that
        # address whatever the code, but never to a request with a cookie of the class (a child or its teacher):
        # one child guessing codes cannot stop the lesson (webapp/classroom/views.py, guess_limit). 120 a
        # minute leaves a guesser about 1 in 5,000 of the codes (31^6) a day.
        QUIZ_START_LIMIT="120 per minute",
        QUIZ_ANSWER_LIMIT="600 per minute",
        CLASS_CREATE_LIMIT="10 per minute",
        CLASS_JOIN_LIMIT="120 per minute",
        CLASS_ANSWER_LIMIT="300 per minute",
        CLASS_GUESS_LIMIT="120 per minute",
        # A child asking to rejoin on a new device (the teacher must say yes): a few tablets swapped in a minute.
        CLASS_REJOIN_LIMIT="10 per minute",
        # Progress codes of the learning path typed in that are no code or nobody's (a right one does not count):
        # a class moving to new tablets behind one address, with typos.
        LEARN_CODE_LIMIT="60 per minute",
        GAME_LIMIT="1200 per minute",  # each replaying game page: 30 children, a move every 3 s (+ its redirect)
        # What one address may store an hour, counted in the database across all server processes
        # (a keyed hash of the address is stored, never the address): 30 children x 30 quiz runs
        # (one every two minutes), and the classes of a whole school's teachers. 0: no cap.
        QUIZ_RUNS_PER_HOUR=900,
        CLASSES_PER_HOUR=30,
    )
    app.config.from_prefixed_env("KARTENSCHULE")
    if config is not None:
        app.config.from_mapping(config)
    _check_poll_intervals(app.config)
    _check_whole_numbers(app.config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if app.config["SECRET_KEY"] == "dev-only-change-me" and not (app.debug or app.testing):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from webapp import catalogue, main
    from webapp.classroom import skat_moment_views as classroom_skat_moment
    from webapp.classroom import rejoin_views as classroom_rejoin
    from webapp.classroom import skat_views as classroom_skat
    from webapp.classroom import views as classroom
    from webapp.cli import register_flask_commands
    from webapp.core import db, explain, i18n, security, terms, web
    from webapp.games import games
    from webapp.learn import homework_views
    from webapp.learn import learn_views as learn
    from webapp.learn import parents_views as parents
    from webapp.quiz import views as quiz

    i18n.init_app(app)
    explain.init_app(app, catalogue.catalogue(), catalogue.template_globals())
    terms.init_app(app, catalogue.words(), "main.words")  # the glossaries: tappable words, the page /words/<game>
    security.init_app(app)
    db.init_app(app)
    web.init_error_pages(app)  # every 500 and database error: the translated error page, the cause logged
    app.register_blueprint(main.bp)
    for game in games():
        for module in game.parts("blueprints"):
            app.register_blueprint(module.bp)
    app.register_blueprint(quiz.bp)
    app.register_blueprint(classroom.bp)
    app.register_blueprint(classroom_skat.bp)
    app.register_blueprint(classroom_skat_moment.bp)
    app.register_blueprint(classroom_rejoin.bp)
    app.register_blueprint(learn.bp)
    app.register_blueprint(homework_views.bp)
    app.register_blueprint(parents.bp)
    app.wsgi_app = classroom.QuickPoll(app, app.wsgi_app)  # the classroom's unchanged polls, before Flask
    proxies = int(app.config["TRUSTED_PROXIES"])
    if proxies > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)
    register_flask_commands(app)
    return app


class SettingError(ValueError):
    """A setting (app config or ``KARTENSCHULE_*`` environment variable) the app cannot run with; names it."""


#: The shortest and longest classroom poll interval a setting may ask for, in ms.
POLL_MS_RANGE = (250, 60_000)


def _check_poll_intervals(config: Mapping[str, Any]) -> None:
    """Refuse a classroom poll interval that is no whole number of ms in :data:`POLL_MS_RANGE`.

    The value goes into the pages' ``hx-trigger``: a word or a huge number would stop every tablet's updates
    silently, and a tiny one would flood the server.

    Raises:
        SettingError: naming the setting and the value (``KARTENSCHULE_CLASSROOM_TABLET_POLL_MS=abc``, say).
    """
    low, high = POLL_MS_RANGE
    for name in ("CLASSROOM_BOARD_POLL_MS", "CLASSROOM_TABLET_POLL_MS"):
        value = config[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SettingError(f"{name} must be a whole number of milliseconds from {low} to {high}, not {value!r}")


#: Settings that are whole numbers, with their range.
WHOLE_NUMBERS = {"SKAT_ANALYSIS_WORKERS": (1, 64), "SKAT_ANALYSIS_QUEUE": (1, 100_000),
                 "SKAT_ANALYSIS_KEPT": (1, 1_000_000)}


def _check_whole_numbers(config: Mapping[str, Any]) -> None:
    """Refuse a setting of :data:`WHOLE_NUMBERS` that is no whole number in its range.

    Raises:
        SettingError: naming the setting, its range and the value.
    """
    for name, (low, high) in WHOLE_NUMBERS.items():
        value = config[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SettingError(f"{name} must be a whole number from {low} to {high}, not {value!r}")


def _instance_secret(instance: Path) -> str:
    """Return a secret key kept in the instance folder, creating it once.

    Several server processes starting together agree on one key: each writes a
    whole temporary file, and the first to hard-link it as ``secret_key`` wins
    (``os.link`` never replaces). A full disk leaves no empty or partial key behind.

    Raises:
        OSError: the key cannot be written (e.g. ENOSPC); the temporary file is removed.
        RuntimeError: ``secret_key`` exists but holds no usable key (names the file).
    """
    import os
    import secrets

    path = instance / "secret_key"
    if not path.exists():
        temporary = instance / f"secret_key.{os.getpid()}.tmp"
        try:
            with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
                handle.write(secrets.token_hex(32))
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(temporary, path)
            except FileExistsError:  # another process was first: use its key
                pass
        finally:
            temporary.unlink(missing_ok=True)
    secret = path.read_text().strip()
    if len(secret) < 32:
        raise RuntimeError(f"{path} holds no usable secret key: delete the file, or set KARTENSCHULE_SECRET_KEY")
    return secret
