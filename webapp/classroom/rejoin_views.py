"""A child takes its seat again on a new device, with the teacher's yes (issue 37, section 2; :mod:`.rejoin`).

* ``POST /class/rejoin`` (``code``, ``nickname``; rate-limited: ``CLASS_REJOIN_LIMIT``, and the wrong codes count
  against ``CLASS_GUESS_LIMIT``): asks the teacher; the class cookie gets the new device's token, and the child
  waits on the next page. 404: no live class, or no child of it with that nickname; 400: a bad nickname; 409: the
  class has ended; 429: too many requests (from the address, or waiting in the class).
* ``GET /class/<code>/rejoin``: waiting for the teacher (htmx asks again every 2 seconds); once let in, on to the
  play page (``HX-Redirect`` for htmx, else 303); refused: says so. No request of this device: 303 to the join
  page.

The teacher lets the child in or refuses on the presenter (``let_in``/``refuse`` of ``POST .../present/do``).
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for

from webapp.classroom import rejoin, service
from webapp.classroom.views import _start_page, guess_limit
from webapp.core import security
from webapp.core.steps import Step
from webapp.core.web import is_htmx

bp = Blueprint("classroom_rejoin", __name__)


@bp.post("/class/rejoin")
@guess_limit
@security.limiter.limit(lambda: current_app.config["CLASS_REJOIN_LIMIT"])
def ask():
    """Ask the teacher to let the child ``nickname`` of the class ``code`` back in on this device (see the module
    docstring for the answers)."""
    typed_code = request.form.get("code", "")[:12]
    typed_name = request.form.get("nickname", "")[:service.NICKNAME_MAX * 4]
    row = service.find_session(typed_code)
    if row is None:
        return _start_page(Step("class.error.code", typed=typed_code), 404, typed_code, typed_name)
    try:
        token = rejoin.ask(row, request.form.get("nickname", ""))
    except service.BadNickname as error:
        return _start_page(error.step, 400, typed_code, typed_name)
    except rejoin.NoSuchChild as error:
        return _start_page(error.step, 404, typed_code, typed_name)
    except service.NotNow as error:
        return _start_page(error.step, 409, typed_code, typed_name)
    except rejoin.TooManyWaiting as error:
        return _start_page(error.step, 429, typed_code, typed_name)
    response = redirect(url_for("classroom_rejoin.wait", code=row.join_code), code=303)
    return security.set_cookie(response, service.cookie_name(row.join_code), token,
                               max_age=service.cookie_max_age(row), path=f"/class/{row.join_code}")


@bp.get("/class/<code>/rejoin")
@guess_limit
def wait(code: str):
    """The child's wait for the teacher's answer (see the module docstring)."""
    row, child, _ = service.session_and_child(code, request.cookies)
    if row is None:
        abort(404)
    if child is not None:  # let in: the seat is this device's
        play = url_for("classroom.play", code=row.join_code)
        if is_htmx():
            return make_response("", 200, {"HX-Redirect": play})
        return redirect(play, code=303)
    session = service.find_session(row.join_code)
    state = rejoin.status(session, service.child_token_hash(row.join_code, request.cookies))
    if state is None:
        return redirect(url_for("classroom.join_page", code=row.join_code), code=303)
    template = "classroom/_rejoin_wait.html" if is_htmx() else "classroom/rejoin.html"
    return render_template(template, row=row, refused=state == "refused")
