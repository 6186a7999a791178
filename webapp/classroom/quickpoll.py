"""The children's polls: what one looks up (:func:`poll_state`, one query), and the unchanged ones answered
before Flask (:class:`QuickPoll`, WSGI middleware)."""

from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, NamedTuple
from urllib.parse import parse_qsl

from flask import Flask
from sqlalchemy import bindparam
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header, parse_cookie

from webapp import quiz
from webapp.classroom import seats, service, shared
from webapp.core import i18n, security
from webapp.core.db import KeptStatement, db, kept
from webapp.core.models import ClassSession, Participant, utcnow
from webapp.core.models import Response as Answer
from webapp.core.web import STORAGE_ERRORS


@lru_cache(maxsize=1)
def _version_query():
    """The one query of the poll, built once (building a statement costs more than running it)."""
    answered = (
        db.select(Answer.id)
        .where(Answer.participant_id == Participant.id, Answer.round_number == ClassSession.round_number)
        .exists()
    )
    return (
        db.select(ClassSession.id, ClassSession.mode, ClassSession.round_number, ClassSession.round_open,
                  ClassSession.round_deadline, answered, Participant.removed, ClassSession.held,
                  Participant.more_time)
        .join(Participant, Participant.session_id == ClassSession.id)
        .where(ClassSession.join_code == bindparam("code"), ClassSession.expires_at > bindparam("now"),
               Participant.token_hash == bindparam("token_hash"))
    )


class PollState(NamedTuple):
    """What a child's poll looks up (:func:`poll_state`).

    Attributes:
        version: the panel's version (:func:`.service.panel_version`).
        session_id: the class session's id.
        seconds_left: whole seconds until the open round's deadline (None: no countdown, or not open).
        alike: True when the panel is the same for every child of the class (an open round the child has
            not answered yet): the views render it once per class, language and second.
    """

    version: str
    session_id: int
    seconds_left: int | None
    alike: bool


def poll_state(code: str, cookies: Mapping[str, str], first: Callable[[dict], tuple | None] | None = None,
               at: datetime | None = None) -> PollState | None:
    """The panel state of the child with this class cookie, in one query; None if not joined (or no class).

    ``first`` runs the query (:func:`_version_query`) with its parameters and gives its first row or None
    (default: on the ORM session; :class:`QuickPoll`: a :class:`~webapp.core.db.KeptStatement`); ``at`` the time
    (default :func:`.service.now`): a round whose deadline has
    passed is closed without anybody writing it. The poll runs every 2 seconds on
    every tablet, so it must stay cheap: no question is generated and nothing is rendered.
    """
    normal = quiz.normalise_code(code)
    token_hash = service.child_token_hash(normal, cookies) if normal is not None else None
    if token_hash is None:
        return None
    at = at or service.now()
    params = {"code": normal, "token_hash": token_hash, "now": utcnow()}
    found = first(params) if first is not None else db.session.execute(_version_query(), params).first()
    if found is None:
        return None
    session_id, mode, number, round_open, deadline, answered, removed, held, more_time = found
    state = seats.answers_state(mode, number, bool(round_open), deadline, bool(held), bool(more_time), at)
    open_now = state == seats.OPEN
    left = service.seconds_until(deadline, at) if open_now and deadline is not None and at < deadline else None
    return PollState(service.panel_version(mode, number, state, bool(answered), bool(removed)), session_id, left,
                     alike=open_now and not answered and not removed)


class QuickPoll:
    """WSGI middleware: answers a child's poll before Flask when nothing changed (204), or with the panel of an
    open round made once for the whole class (200; made by ``play_state`` on the first poll that needs it).

    About 80 % of a classroom's requests are ``GET /class/<code>/play/state?v=...``
    answered 204. Here that answer costs one query on the connection the thread keeps for it
    (:class:`~webapp.core.db.Kept`: no pool checkout, no BEGIN or ROLLBACK): no request context, signed
    session, locale, rate-limit check or ORM session.
    The check is :func:`poll_state`'s (the class cookie must belong to a participant of this live class), the same
    that the route ``play_state`` makes; ``v`` must be that child's current
    version, and the 204 carries the same headers. The open round's panel (when the
    :class:`PollState` is ``alike``) is looked up in the app's
    :mod:`~webapp.classroom.shared` store under :func:`~webapp.classroom.shared.open_panel_key`, in the language
    Flask would choose (:func:`webapp.core.i18n.choose_language`). Everything else (a changed
    version, a child not joined: 401, other methods and paths) goes on to Flask,
    with the looked-up :class:`PollState` (or None) in ``environ[QuickPoll.KEY]``
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
        self.read: KeptStatement | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        found = self.PATH.match(environ.get("PATH_INFO", ""))
        if found is not None and environ.get("REQUEST_METHOD") == "GET":
            asked = [value for name, value in parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
                     if name == "v"]
            cookies = parse_cookie(environ)
            read = self._read()
            try:
                state = poll_state(found.group(1), cookies, read.first, at=self.clock())
            except (*STORAGE_ERRORS, read.errors):  # the database is locked or gone: Flask asks again and shows
                return self.wsgi_app(environ, start_response)  # its error page
            if asked and state is not None and asked[0] == state.version:
                start_response("204 NO CONTENT", list(self.NO_CONTENT))
                return []
            panel = self._panel(state, cookies, environ) if state is not None and state.alike else None
            if panel is not None:
                start_response("200 OK", [*self.PANEL, ("Content-Length", str(len(panel)))])
                return [panel]
            environ[self.KEY] = state  # play_state need not ask again
        return self.wsgi_app(environ, start_response)

    def _panel(self, state: PollState, cookies: Mapping[str, str], environ: dict[str, Any]) -> bytes | None:
        """The open round's panel made for the whole class, as UTF-8, or None (not made yet)."""
        accepted = parse_accept_header(environ.get("HTTP_ACCEPT_LANGUAGE"), LanguageAccept)
        language = i18n.choose_language(cookies.get(i18n.LANG_COOKIE), accepted, self.app.config)
        found = self.app.extensions[shared.KEY].peek(
            shared.open_panel_key(state.session_id, state.version, state.seconds_left, language))
        return None if found is None else str(found).encode()

    def _read(self) -> KeptStatement:
        """The poll's query on the app's engine (made on the first poll: the engine is the app context's)."""
        if self.read is None:
            with self.app.app_context():
                self.read = kept(db.engine).statement(_version_query())
        return self.read

    def clock(self) -> datetime:
        """Now, as the app tells the time (its ``CLASSROOM_CLOCK`` in tests)."""
        return (self.app.config.get("CLASSROOM_CLOCK") or utcnow)()
