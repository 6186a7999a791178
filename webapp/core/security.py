"""Security defaults: CSRF protection, rate limits, cookies and response headers (CSP without inline code).

HTTPS is decided in one place, :func:`is_https`: the request came over HTTPS
(``request.is_secure``; behind a reverse proxy that needs ``TRUSTED_PROXIES``
in the app config, which applies Werkzeug's ``ProxyFix`` to ``X-Forwarded-Proto``
and ``X-Forwarded-For``), or the app is configured for HTTPS
(``PREFERRED_URL_SCHEME = "https"``). Every cookie the app sets is ``Secure``
then (the session cookie through :class:`SessionInterface`, every other one through
:func:`set_cookie`: the language and deck cookies, the class and teacher cookies), and
responses carry ``Strict-Transport-Security``.

Too many requests: Flask-Limiter counts per address (the limits are app config
keys, see ``create_app``), and :func:`webapp.core.models.check_cap` caps what one
address stores an hour (keyed by :func:`address_hash`, never the address). Both
answer 429 through :func:`too_many`: a message that says how long to wait, a
``Retry-After`` header, and for htmx only a note added to the page (``HX-Reswap:
none``), so the form keeps what the child chose. The quiz and classroom start
forms answer with their own page, filled in again (their blueprints' handlers).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import time
from typing import Any

from flask import Flask, Response, current_app, has_request_context, make_response, render_template, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect
from markupsafe import Markup

from webapp.core.explain import render_step
from webapp.core.models import CapReached
from webapp.core.steps import Step
from webapp.core.web import is_htmx

csrf = CSRFProtect()
#: Per-address rate limits of single routes (quiz and classroom views, limits from the app config);
#: the storage comes from ``RATELIMIT_STORAGE_URI`` in the app config, set explicitly in ``create_app``.
#: A shared storage (Redis, Memcached) that fails or does not answer within :data:`STORAGE_TIMEOUT` never
#: fails the request: Flask-Limiter logs a warning ("Rate limit storage unreachable - falling back to in-memory
#: storage"), counts in this process's memory meanwhile and tries the storage again now and then (after 1, 2, 4
#: ... 32 s: one request pays the timeout), and an error after that is logged, not raised. A request waits at most
#: four timeouts (the one that finds the storage dead: its count and a first check, each a connect and a read).
limiter = Limiter(key_func=get_remote_address, in_memory_fallback_enabled=True, swallow_errors=True)
#: Seconds the limiter waits for its shared storage, to connect and for each answer; no retries (redis-py
#: retries ten times by default, and waits 5 s each: a frozen Redis held every request for seconds).
STORAGE_TIMEOUT = 0.2
#: Where each app keeps its own ``RATELIMIT_ENABLED`` (see ``init_app``).
_LIMITS_ON = "kartenschule.rate_limits"


@limiter.request_filter
def _limits_off() -> bool:
    """True (exempt the request) when the app serving it was created with ``RATELIMIT_ENABLED=False``."""
    return not current_app.extensions.get(_LIMITS_ON, True)

#: Content-Security-Policy: everything from our own origin, no inline code.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The headers every response carries (also those answered before Flask, see ``classroom.QuickPoll``).
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def address_hash() -> str:
    """The client's address (``request.remote_addr``, see ``TRUSTED_PROXIES``) as a keyed hash:
    32 hex digits of HMAC-SHA256 with the app's ``SECRET_KEY``. Stored instead of the address,
    so the database never holds it and cannot be searched for it without the key."""
    address = (get_remote_address() or "").encode()
    return hmac.new(str(current_app.config["SECRET_KEY"]).encode(), address, hashlib.sha256).hexdigest()[:32]


def storage_options(uri: str) -> dict[str, Any]:
    """The limiter storage's connection options for ``uri`` (``RATELIMIT_STORAGE_URI``): wait at most
    :data:`STORAGE_TIMEOUT` for Redis (``redis://``, ``rediss://``, ``redis+unix://``, ``valkey://``; redis-py's
    arguments, without retries) or Memcached (pymemcache's); nothing for ``memory://``. The app's own
    ``RATELIMIT_STORAGE_OPTIONS`` override these (see :func:`init_app`)."""
    scheme = uri.split(":", 1)[0].lower()
    if scheme.startswith(("redis", "valkey")):
        return {"socket_timeout": STORAGE_TIMEOUT, "socket_connect_timeout": STORAGE_TIMEOUT, "retry": None}
    if scheme.startswith("memcached"):
        return {"connect_timeout": STORAGE_TIMEOUT, "timeout": STORAGE_TIMEOUT}
    return {}


def too_many_step(error: Exception) -> tuple[Step, int]:
    """The message for a refusal and the seconds to wait: ``error`` is Flask-Limiter's
    :class:`RateLimitExceeded` or a :class:`~webapp.core.models.CapReached`. When the limiter's storage fails
    while the wait is read, a minute (the limits' window)."""
    if isinstance(error, CapReached):
        seconds = error.retry_after
        return Step("web.error.too_many_made", minutes=max(1, math.ceil(seconds / 60))), seconds
    current = limiter.current_limit
    try:
        seconds = max(1, math.ceil(current.reset_at - time.time())) if current is not None else 60
    except Exception:  # noqa: BLE001 - the storage's own errors (redis, pymemcache): the refusal must still answer
        seconds = 60
    return Step("web.error.too_many", seconds=seconds), seconds


#: htmx target ids the refusal note may be added to (anything else: the page's <main>).
_TARGET_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,60}")


def too_many(error: Exception, page: Response | None = None) -> Response:
    """The 429 answer to ``error`` (see :func:`too_many_step`), with ``Retry-After``.

    htmx requests get only a note added at the top of the element they target
    (out-of-band, ``HX-Reswap: none``): the page and the child's choices stay. Other
    requests get ``page`` (a view's own page, already carrying the message) or the error page.
    """
    step, seconds = too_many_step(error)
    message = render_step(step)
    if is_htmx():
        target = request.headers.get("HX-Target", "")
        where = f"#{target}" if _TARGET_ID.fullmatch(target) else "main"
        note = Markup('<div hx-swap-oob="afterbegin:{}"><p class="problem too-many" role="alert">{}</p></div>')
        response = make_response(note.format(where, message), 429)
        response.headers["HX-Reswap"] = "none"
    elif page is not None:
        response = page
        response.status_code = 429
    else:
        response = make_response(render_template("error.html", message=message), 429)
    response.headers["Retry-After"] = str(seconds)
    return response


def is_https() -> bool:
    """True when the current request is served over HTTPS (see the module docstring); False outside a request
    unless ``PREFERRED_URL_SCHEME`` is ``https``."""
    if current_app.config.get("PREFERRED_URL_SCHEME") == "https":
        return True
    return has_request_context() and request.is_secure


def set_cookie(response: Response, name: str, value: str, **options: Any) -> Response:
    """Set the cookie ``name`` to ``value`` on ``response``, ``Secure`` whenever :func:`is_https` says so; every
    cookie of the app but the session's (:class:`SessionInterface`) is set here.

    Args:
        options: Werkzeug's ``set_cookie`` arguments (``max_age`` in seconds, ``path``, ``samesite``,
            ``httponly``); ``HttpOnly`` and ``SameSite=Lax`` unless they say otherwise.

    Returns:
        ``response``.
    """
    options.setdefault("httponly", True)
    options.setdefault("samesite", "Lax")
    response.set_cookie(name, value, secure=is_https(), **options)
    return response


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, ``Secure`` whenever :func:`is_https` says so.

    ``SESSION_COOKIE_SECURE = True`` in the config still forces it; ``SameSite``
    comes from ``SESSION_COOKIE_SAMESITE`` (``Lax`` by default in ``create_app``).
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        """Whether the session cookie gets the ``Secure`` flag for this request."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or is_https()


def init_app(app: Flask) -> None:
    """Enable CSRF checks on every unsafe request, rate limits, the HTTPS-aware session cookie, and security
    headers (``Strict-Transport-Security`` with ``HSTS_MAX_AGE`` seconds, only on responses served over HTTPS:
    browsers ignore it over http, and a plain-http development server must stay reachable)."""
    csrf.init_app(app)
    # Flask-Limiter keeps "enabled" on the one Limiter of the process, set by the last ``init_app``: an app created
    # with limits off switched them off for every app of the process (the tests create many). The Limiter stays on,
    # and each app's own setting decides through the request filter ``_limits_off``.
    app.extensions[_LIMITS_ON] = bool(app.config.get("RATELIMIT_ENABLED", True))
    app.config["RATELIMIT_ENABLED"] = True
    app.config["RATELIMIT_STORAGE_OPTIONS"] = {**storage_options(str(app.config.get("RATELIMIT_STORAGE_URI", ""))),
                                               **app.config.get("RATELIMIT_STORAGE_OPTIONS", {})}
    limiter.init_app(app)
    app.session_interface = SessionInterface()
    app.register_error_handler(RateLimitExceeded, too_many)
    app.register_error_handler(CapReached, too_many)

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if is_https() and app.config.get("HSTS_MAX_AGE"):
            response.headers.setdefault("Strict-Transport-Security", f"max-age={int(app.config['HSTS_MAX_AGE'])}")
        response.vary.add("HX-Request")
        return response
