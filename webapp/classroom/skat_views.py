"""The child's side of a class Skat round (issue 37, section 1): each child plays the round's deals at the table.

* ``GET /class/<code>/skat``: the child's round: 303 to its current deal (the first one not finished), or, after
  the last one, "You played all N deals" with its points.
* ``GET /class/<code>/skat/<n>``: deal ``n`` at the table (:mod:`webapp.games.skat.table_views`' page, its moves
  from the child's stored game); the bots move up to the child's turn and their moves are stored.
* ``GET /class/<code>/skat/place?v=``: the child's own place in the class's ranking
  (:func:`webapp.classroom.skat_board.own_place`), for htmx on the round's end page: 204 while ``v`` (the board's
  :func:`~webapp.classroom.skat_board.progress`) is current. The deal's page shows it too once the deal is over.
* ``GET /class/<code>/skat/<n>/coach``: the coach's part alone while it is thinking (htmx asks again); its links
  stay in the class.
* ``POST /class/<code>/skat/<n>``: the child's click (``do``, ``toggle``, ``choose``, ``pick``: the table's), stored
  (:func:`webapp.classroom.skat_store.save`, committed) before the answer; htmx swaps the board, without JavaScript
  303 to the deal's page.

The deals and the child's seat come from :func:`webapp.games.skat.duplicate.round_deals` of the session's seed; the
bots' level and the coach are the teacher's (the page has no switches for them, nor open cards). The child is
known by its class cookie only: no address names a child, so none reaches another child's game. Not joined: 303 to
the join page (GET) or 403 (POST); no Skat class with that code: 404; a deal out of range: 404; a deal after the
current one: 409; a move the rules forbid, a move after the deal is over, a move another device made first: 409;
bad text: 400. Wrong codes count against ``CLASS_GUESS_LIMIT`` with the other classroom routes that tell a live
code (:data:`.views.guess_limit`).
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from webapp.classroom import service, skat_board, skat_review, skat_store
from webapp.classroom.views import guess_limit  # one count of wrong codes with the other routes
from webapp.core import security
from webapp.core.db import db, reads_first
from webapp.core.models import ClassSession, ClassSkatGame
from webapp.core.steps import RuleViolation, Step
from webapp.core.web import is_htmx, page_or_fragment
from webapp.games.skat import table_views
from webapp.games.skat.duplicate import DealPlan, child_score
from webapp.games.skat.table import Phase

bp = Blueprint("classroom_skat", __name__)

#: The parts of the table's form a child's click may carry; the switches (bots, coach, open cards) are the
#: teacher's and never read.
CLICK = ("do", "toggle", "choose", "pick")
#: The phases of a deal that is over (its result stored, the child's place shown).
OVER = (Phase.DONE, Phase.THROWN_IN)


def _round(code: str) -> tuple[ClassSession | None, int | None]:
    """The live Skat class of ``code`` (404 otherwise) and the id of the child whose cookie came (None: none)."""
    seat = service.session_and_child(code, request.cookies)
    if seat.row is None or seat.row.kind != skat_store.KIND:
        abort(404)
    row = db.session.get(ClassSession, seat.row.id)
    if row is None:  # pragma: no cover - deleted between the two reads
        abort(404)
    child = seat.child.id if seat.child is not None and not seat.child.removed else None
    return row, child


@bp.get("/class/<code>/skat")
@guess_limit
def overview(code: str):
    """The child's round: to its current deal (303), or, after the last deal, its points (200)."""
    row, child = _round(code)
    if child is None:
        return redirect(url_for("classroom.join_page", code=row.join_code), code=303)
    count = int(skat_store.settings_of(row)["deals"])
    games = skat_store.games_of(row.id, child)
    current = skat_store.current_deal(games, count)
    if current is not None:
        return redirect(url_for("classroom_skat.deal", code=row.join_code, number=current, _anchor="table-stage"),
                        code=303)
    points = sum(g.points or 0 for g in games.values() if g.deal <= count)
    own, version = skat_board.own_place(row, child)
    return render_template("classroom/skat_done.html", row=row, count=count, points=points, own=own,
                           place_version=version, poll=row.mode != service.Mode.ENDED)


@bp.get("/class/<code>/skat/place")
@guess_limit
def place(code: str):
    """The child's own place (:file:`classroom/_skat_place.html`), asked for by htmx every few seconds on the
    round's end page: 204 while ``v`` is the board's current key, else the part with the new one. Not joined: 403;
    not asked by htmx: 303 to the child's round (whose page shows the place)."""
    row, child = _round(code)
    if child is None:
        abort(403)
    if not is_htmx():
        return redirect(url_for("classroom_skat.overview", code=row.join_code), code=303)
    if request.args.get("v") == skat_board.progress(row)[1]:
        return "", 204
    own, version = skat_board.own_place(row, child)
    return render_template("classroom/_skat_place.html", row=row, own=own, place_version=version,
                           poll=row.mode != service.Mode.ENDED)


@bp.route("/class/<code>/skat/<int:number>", methods=["GET", "POST"])
@guess_limit
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
@reads_first  # SQLite's write lock only while a move is stored (skat_store's writing blocks), not while replaying
def deal(code: str, number: int):
    """Deal ``number`` of the child's round: shown (GET) or played (POST, a click); see the module's docstring."""
    row, child = _round(code)
    if child is None:
        if request.method == "POST":
            abort(403)
        return redirect(url_for("classroom.join_page", code=row.join_code), code=303)
    plans = skat_store.plans(row)
    if not 1 <= number <= len(plans):
        abort(404)
    games = skat_store.games_of(row.id, child)
    current = skat_store.current_deal(games, len(plans))
    if current is not None and number > current:
        return _refused(row, Step("skat.duplicate.class.later_deal", num=current), 409)
    stored = skat_store.game_row(row.id, child, number, games)
    params = request.form if request.method == "POST" else request.args
    clicks = {k: params[k] for k in (CLICK if request.method == "POST" else ("pick", "choose")) if k in params}
    if request.method == "POST" and row.mode == service.Mode.ENDED:
        return _refused(row, Step("skat.duplicate.class.ended"), 409)
    game = _game(row, number, stored.moves, clicks)
    before = stored.moves
    clicked = table_views.advance(game, clicks)
    moves = table_views.SEP.join(game.codes)
    if moves != before and not _store(stored, before, moves, game, plans[number - 1]):
        game.fail(RuleViolation("skat.duplicate.class.moved_elsewhere", "another device moved first"), 409)
    if request.method == "POST" and not is_htmx() and game.problem is None:
        return redirect(game.url(_anchor=table_views.STAGE), code=303)
    context = table_views.context(game, sheet=False)
    context.update(anchor=lambda name: game.url(_anchor=name),
                   next_game=url_for("classroom_skat.overview", code=row.join_code),
                   in_class=True, deal_count=len(plans), row=row,
                   own=skat_board.own_place(row, child)[0] if game.state.phase in OVER else None)
    response = page_or_fragment("classroom/skat.html", "skat/_table.html", game.status, replace_url=game.url(),
                                **context)
    if is_htmx() and clicked:
        response.headers["HX-Reswap"] = f"outerHTML show:#{table_views.focus_of(game.state)}:top"
    return response


@bp.get("/class/<code>/skat/<int:number>/coach")
@guess_limit
@security.limiter.limit(lambda: current_app.config["GAME_LIMIT"])
def coach(code: str, number: int):
    """The coach's part of the child's deal ``number`` alone, for htmx to ask again while the coach is thinking
    (the table's :func:`~webapp.games.skat.table_views.coach_part` on the stored game; nothing is moved). Its links
    stay in the class. Not joined: 403; a deal not started (or out of range): 404; not asked by htmx: 303 to the
    deal's page at the coach."""
    row, child = _round(code)
    if child is None:
        abort(403)
    games = skat_store.games_of(row.id, child)
    if number not in games or number > len(skat_store.plans(row)):
        abort(404)
    if not is_htmx():
        return redirect(url_for("classroom_skat.deal", code=row.join_code, number=number, _anchor="table-coach"),
                        code=303)
    return table_views.coach_part(_game(row, number, games[number].moves, {}))


def _game(row: ClassSession, number: int, moves: str, clicks: dict[str, str]) -> table_views.TableGame:
    """Deal ``number`` of the round replayed from the child's stored ``moves`` with the teacher's bots and coach
    (never open cards), its links in the class."""
    settings = skat_store.settings_of(row)
    game = table_views.replay(skat_store.plans(row)[number - 1].seed, number, moves, clicks, str(settings["bots"]),
                              trusted=True)
    game.coach, game.open_cards = bool(settings["coach"]), False
    game.link = lambda _anchor=None, **changes: _address(row, number, game.args(**changes), _anchor)
    game.coach_link = lambda: url_for("classroom_skat.coach", code=row.join_code, number=number)
    return game


def _address(row: ClassSession, number: int, args: dict[str, object], anchor: str | None) -> str:
    """The deal's page with the table's passing choices (``pick``, ``choose``) of ``args``."""
    kept = {k: args[k] for k in ("pick", "choose") if k in args}
    return url_for("classroom_skat.deal", code=row.join_code, number=number, _anchor=anchor, **kept)


def _store(stored: ClassSkatGame, before: str, moves: str, game: table_views.TableGame, plan: DealPlan) -> bool:
    """Write the game's moves (and, once the deal is over, the child's points) before the page answers; a finished
    game is handed to the analysis pool (:func:`webapp.classroom.skat_review.start`)."""
    over = game.state.phase in OVER
    if not skat_store.save(stored, before, moves, child_score(game.state, plan.child) if over else None):
        return False
    if over:  # its open-cards analysis starts off the request thread (stored when the projector next asks)
        skat_review.start(plan.seed, stored)
    return True


def _refused(row: ClassSession, step: Step, status: int):
    """A refusal page (or, for htmx, its note) with a link back to the child's round."""
    return render_template("classroom/skat_refused.html", row=row, problem=step), status
