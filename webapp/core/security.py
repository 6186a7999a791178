"""Security defaults: CSRF protection and response headers (CSP without inline code)."""

from __future__ import annotations

from flask import Flask, Response
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


def init_app(app: Flask) -> None:
    """Enable CSRF checks on every unsafe request, rate limits, and security headers."""
    csrf.init_app(app)
    limiter.init_app(app)

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        response.vary.add("HX-Request")
        return response
