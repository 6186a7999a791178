"""The children's unchanged polls, answered before Flask (WSGI middleware)."""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import parse_qsl

from flask import Flask
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from webapp.classroom import service, shared
from webapp.core import i18n, security
from webapp.core.db import db
from webapp.core.models import utcnow
from webapp.core.web import STORAGE_ERRORS


class QuickPoll:
    """WSGI middleware: answers a child's poll before Flask when nothing changed (204), or with the panel of an
    open round made once for the whole class (200; made by ``play_state`` on the first poll that needs it).

    About 80 % of a classroom's requests are ``GET /class/<code>/play/state?v=...``
    answered 204. Here that answer costs one query on a pooled connection: no
    request context, signed session, locale, rate-limit check or ORM session.
    The check is the service's (:func:`webapp.classroom.service.poll_state`:
    the class cookie must belong to a participant of this live class), the same
    that the route ``play_state`` makes; ``v`` must be that child's current
    version, and the 204 carries the same headers. The open round's panel (when the
    :class:`~webapp.classroom.service.PollState` is ``alike``) is looked up in the app's
    :mod:`~webapp.classroom.shared` store under :func:`~webapp.classroom.shared.open_panel_key`, in the language
    Flask would choose (:func:`webapp.core.i18n.choose_language`). Everything else (a changed
    version, a child not joined: 401, other methods and paths) goes on to Flask,
    with the looked-up :class:`~webapp.classroom.service.PollState` (or None) in ``environ[QuickPoll.KEY]``
    so that ``play_state`` need not ask again.

    Args:
        app: the Flask app (for its database engine, looked up on the first poll).
        wsgi_app: the WSGI application to hand everything else to.
    """

    PATH = re.compile(r"/class/([^/]+)/play/state\Z")
    KEY = "kartenschule.poll_state"
    NO_CONTENT = [("Content-Type", "text/html; charset=utf-8"), *security.HEADERS.items(), ("Vary", "HX-Request")]
    PANEL = [("Content-Type", "text/html; charset=utf-8"), *security.HEADERS.items(),
             ("Vary", "Cookie, Accept-Language, HX-Request")]

    def __init__(self, app: Flask, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.engine = None

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        found = self.PATH.match(environ.get("PATH_INFO", ""))
        if found is not None and environ.get("REQUEST_METHOD") == "GET":
            asked = [value for name, value in parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
                     if name == "v"]
            cookies = parse_cookie(environ)
            try:
                state = self._state(found.group(1), cookies)
            except STORAGE_ERRORS:  # the database is locked or gone: Flask asks again and shows its error page
                return self.wsgi_app(environ, start_response)
            if asked and state is not None and asked[0] == state.version:
                start_response("204 NO CONTENT", list(self.NO_CONTENT))
                return []
            panel = self._panel(state, cookies, environ) if state is not None and state.alike else None
            if panel is not None:
                start_response("200 OK", [*self.PANEL, ("Content-Length", str(len(panel)))])
                return [panel]
            environ[self.KEY] = state  # play_state need not ask again
        return self.wsgi_app(environ, start_response)

    def _panel(self, state: service.PollState, cookies: Mapping[str, str], environ: dict[str, Any]) -> bytes | None:
        """The open round's panel made for the whole class, as UTF-8, or None (not made yet)."""
        accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
        language = i18n.choose_language(cookies.get(i18n.LANG_COOKIE), accepted, self.app.config)
        found = self.app.extensions[shared.KEY].peek(
            shared.open_panel_key(state.session_id, state.version, state.seconds_left, language))
        return None if found is None else str(found).encode()

    def _state(self, code: str, cookies: Mapping[str, str]) -> service.PollState | None:
        if self.engine is None:
            with self.app.app_context():
                self.engine = db.engine
        clock = self.app.config.get("CLASSROOM_CLOCK") or utcnow
        with self.engine.connect() as connection:
            return service.poll_state(code, cookies, connection.execute, at=clock())
