"""What every blueprint shares: the problem tracker, htmx or full page, and the app's error pages."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from flask import Flask, Response, current_app, make_response, render_template, request, session
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, InternalServerError

from webapp.core.db import db
from webapp.core.explain import render_step
from webapp.core.steps import RuleInputError, Step


@dataclass
class ProblemTracker:
    """The first problem found in a request (as a :class:`Step` to show) and its status.

    Trainer states inherit it: a page keeps everything the child built and
    reports only the first thing that was wrong.
    """

    problem: Step | None = None
    status: int = 200

    def fail(self, problem: RuleInputError | Step, status: int = 400) -> None:
        """Remember ``problem`` (an engine error or a view step) unless one is known already."""
        if self.problem is None:
            self.problem = problem.step if isinstance(problem, RuleInputError) else problem
            self.status = status


def is_htmx() -> bool:
    """True when the request comes from htmx (``HX-Request`` header) and wants a fragment."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-History-Restore-Request") != "true"


def page_or_fragment(page: str, fragment: str, status: int, push_url: str | None = None,
                     replace_url: str | None = None, **context) -> Response:
    """Render the full ``page`` for a normal request, only ``fragment`` for htmx.

    The page template includes the fragment template, so markup has one source.
    For htmx, the canonical URL of the new state goes into the address bar so it stays
    shareable: ``replace_url`` replaces the current history entry (``HX-Replace-Url``: a click
    inside a page, so Back leaves the page), ``push_url`` adds one (``HX-Push-Url``: a real new
    step a child would go Back to). Neither is sent with an error status.
    """
    if is_htmx():
        response = make_response(render_template(fragment, oob=True, **context), status)
        if push_url is not None and status < 400:
            response.headers["HX-Push-Url"] = push_url
        if replace_url is not None and status < 400:
            response.headers["HX-Replace-Url"] = replace_url
        return response
    return make_response(render_template(page, oob=False, **context), status)


#: Errors of the database itself (disk full, read-only file, database locked, server gone): SQLAlchemy's wrapper,
#: and the driver's own (SQLite's, psycopg's) when raised outside SQLAlchemy (:class:`webapp.core.db.Kept`).
STORAGE_ERRORS = (OperationalError, sqlite3.OperationalError, psycopg.OperationalError)


def error_page(step: Step, status: int) -> Response:
    """The app's own error page (``templates/error.html``) saying ``step`` in the reader's language, with ``status``.

    If the page itself cannot be drawn (the fault is in what every page needs), the sentence alone as plain text.
    """
    message = render_step(step, html=False)
    try:
        return make_response(render_template("error.html", message=message), status)
    except Exception:  # the error page must answer whatever broke
        current_app.logger.exception("the error page could not be drawn")
        return Response(message, status, mimetype="text/plain")


def init_error_pages(app: Flask) -> None:
    """Answer every 500 and every database error with the app's translated error page, and log the cause.

    A database error (:data:`STORAGE_ERRORS`: disk full, read-only, locked, server gone) answers 503
    (try again later) with ``web.error.storage``; any other unhandled error 500 with ``web.error.internal``; a
    4xx without a handler of its own (404, 405, ``abort(409)``) its status with ``web.error.not_found`` or
    ``web.error.refused``, so no page in Werkzeug's English reaches a child.
    The cause goes to ``app.logger`` with its traceback.
    """

    def _storage(error: Exception) -> Response:
        app.logger.error("the database refused a request (%s %s): %s", request.method, request.path, error,
                         exc_info=error)
        _rollback()
        return error_page(Step("web.error.storage"), 503)

    for storage_error in STORAGE_ERRORS:  # one list: what the views raise is what the page answers
        app.register_error_handler(storage_error, _storage)

    @app.errorhandler(HTTPException)
    def _refused(error: HTTPException) -> Response | HTTPException:
        """Every other 4xx the app or Werkzeug raises (404, 405, an ``abort(409)``): the translated error page
        instead of Werkzeug's English one; anything else (a routing redirect) goes on as it is."""
        if error.code is None or not 400 <= error.code < 500:
            return error
        step = Step("web.error.not_found") if error.code in (404, 410) else Step("web.error.refused", status=error.code)
        response = error_page(step, error.code)
        headers = dict(error.get_headers())
        for name in ("Allow", "Retry-After", "WWW-Authenticate"):  # what the status needs besides the page
            if name in headers:
                response.headers[name] = headers[name]
        return response

    @app.errorhandler(InternalServerError)
    def _internal(error: InternalServerError) -> Response:
        cause = error.original_exception
        if isinstance(cause, STORAGE_ERRORS):
            return _storage(cause)
        if cause is not None:  # Flask has logged it already ("Exception on ..."); say what the child saw
            app.logger.error("answered 500 to %s %s: %r", request.method, request.path, cause)
        return error_page(Step("web.error.internal"), 500)


def _rollback() -> None:
    """Roll back the request's database session, so the error page and the next request start clean."""
    try:
        db.session.rollback()
    except Exception:  # the database is what failed: nothing more to undo
        current_app.logger.exception("rollback after a database error failed")


#: Where the app keeps the listener of :func:`played` (``app.extensions``).
PLAYED_KEY = "kartenschule.played"


def listen_played(app: Flask, listener: Callable[[str], bool]) -> None:
    """Let ``listener(lesson_id) -> bool`` hear of each whole game played on ``app`` (the learning path marks its
    lesson done: :func:`webapp.learn.store.played`). A game cannot import a service; this is the way round."""
    app.extensions[PLAYED_KEY] = listener


def played(lesson_id: str) -> bool:
    """Report a whole game (or round) played on this request's page: ``lesson_id`` is the learning path's lesson
    for it (``"skat.table"``). Returns the listener's answer (True: the child's lesson is done now, the page says
    so), False without a listener."""
    listener = current_app.extensions.get(PLAYED_KEY)
    return bool(listener(lesson_id)) if listener is not None else False


def session_token(name: str) -> str:
    """A random token kept in the signed session under ``name`` (made on first use, 16 URL-safe characters): who
    asks for heavy work (:class:`webapp.core.work_pool.WorkPool`: one job at a time each)."""
    if name not in session:
        session[name] = secrets.token_urlsafe(12)
    return session[name]
