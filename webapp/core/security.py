"""Security defaults: CSRF protection, rate limits, cookies and response headers (CSP without inline code).

HTTPS is decided in one place, :func:`is_https`: the request came over HTTPS
(``request.is_secure``; behind a reverse proxy that needs ``TRUSTED_PROXIES``
in the app config, which applies Werkzeug's ``ProxyFix`` to ``X-Forwarded-Proto``
and ``X-Forwarded-For``), or the app is configured for HTTPS
(``PREFERRED_URL_SCHEME = "https"``). Every cookie the app sets is ``Secure``
then (the session cookie through :class:`SessionInterface`, the class cookie in
:mod:`webapp.classroom.views`), and responses carry ``Strict-Transport-Security``.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
#: Rate limits of single routes (joining a class); the storage comes from
#: ``RATELIMIT_STORAGE_URI`` in the app config, set explicitly in ``create_app``.
limiter = Limiter(key_func=get_remote_address)

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


def is_https() -> bool:
    """True when the current request is served over HTTPS (see the module docstring); False outside a request
    unless ``PREFERRED_URL_SCHEME`` is ``https``."""
    if current_app.config.get("PREFERRED_URL_SCHEME") == "https":
        return True
    return has_request_context() and request.is_secure


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
    limiter.init_app(app)
    app.session_interface = SessionInterface()

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if is_https() and app.config.get("HSTS_MAX_AGE"):
            response.headers.setdefault("Strict-Transport-Security", f"max-age={int(app.config['HSTS_MAX_AGE'])}")
        response.vary.add("HX-Request")
        return response
