"""The class's moment on the projector (issue 37, section 1): for each deal of a Skat round that children have
finished, the decision most of them got wrong, with the open-cards line (blueprint ``classroom_skat_moment``).

* ``GET /class/<code>/present/skat/moment?v=``: the part ``templates/classroom/_skat_moment.html`` for htmx, polled
  every 2 seconds: 204 while version ``v`` is current. Without htmx: 303 to the presenter page, which shows the same
  part (``{% include "classroom/_skat_moment.html" %}`` in ``_presenter.html`` calls :func:`skat_moment_of`) with a
  link to load it again.

Only the teacher's cookie of the class opens it (404 otherwise, as the presenter's routes; a class that is no Skat
round: 404 too). The request reads the round's finished games and asks the app's analysis pool for those not reviewed
yet (:func:`webapp.classroom.skat_review.complete`): it never analyses, so it stays within the request budget; while
analyses are pending the part says how many games are analysed and asks again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for

from webapp.classroom import service, skat_review, skat_store
from webapp.classroom.views import _private  # the presenter's headers: no caching, no Referer
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant
from webapp.core.web import is_htmx
from webapp.games.skat.duplicate import Moment, class_moment
from webapp.games.skat.analysis import Mistake
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import Card

__all__ = ["DealMoment", "MomentView", "bp", "moment_view", "skat_moment_of"]

bp = Blueprint("classroom_skat_moment", __name__)

@dataclass(frozen=True)
class DealMoment:
    """One deal's line on the projector.

    Attributes:
        number: the deal's number (1..count); seat: the children's seat in it.
        finished: the children who finished it (all passed included); played: those whose game was played (not all
            passed: these are analysed); analysed: those of ``played`` whose review is stored.
        moment: :func:`webapp.games.skat.duplicate.class_moment` of the reviewed games (None: no deciding mistake
            among them, or none reviewed yet).
        tricks: the moment's open-cards line by trick: ``(trick number, ((seat, card), ...))``, the first trick from
            the deciding card on.
    """

    number: int
    seat: Seat
    finished: int
    played: int
    analysed: int
    moment: Moment | None
    tricks: tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...] = ()

    @property
    def pending(self) -> int:
        """Games played but not reviewed yet."""
        return self.played - self.analysed

    @property
    def passed(self) -> bool:
        """True when every child who finished the deal saw all three pass (nothing to analyse)."""
        return self.finished > 0 and self.played == 0


@dataclass(frozen=True)
class MomentView:
    """The part's content: ``deals`` with at least one finished game, in order; ``version`` changes whenever what
    the part shows does (the poll's ``v``); ``count`` the round's deals."""

    deals: tuple[DealMoment, ...]
    count: int
    version: str

    @property
    def pending(self) -> int:
        """Games of the round still waiting for their analysis."""
        return sum(d.pending for d in self.deals)


def moment_view(row: ClassSession) -> MomentView:
    """The class's moments of the Skat round ``row``: reads its finished games (of children not removed), asks the
    pool for the missing reviews and stores those it has (:func:`skat_review.complete`), then groups the reviewed
    games by deal (:func:`class_moment`; a damaged review counts as not reviewed)."""
    plans = skat_store.plans(row)
    found = db.session.execute(
        db.select(ClassSkatGame, Participant.nickname).join(Participant, Participant.id == ClassSkatGame.participant_id)
        .where(ClassSkatGame.session_id == row.id, ClassSkatGame.finished.is_(True), Participant.removed.is_(False),
               ClassSkatGame.deal <= len(plans))
    ).all()
    records = [(game.id, game.deal, nickname, game.result, game.review) for game, nickname in found]
    written = skat_review.complete((plans[game.deal - 1].seed, game) for game, _ in found if game.deal >= 1)
    # the commit expired the rows: the reviews just stored are the pool's answers
    games = [(number, nickname, result, written.get(game_id, review))
             for game_id, number, nickname, result, review in records]
    deals = []
    for plan in plans:
        mine = [(n, result, review) for number, n, result, review in games if number == plan.number]
        if not mine:
            continue
        played = [(n, review) for n, result, review in mine if isinstance(result, dict) and result.get("game")]
        reviews = {n: skat_review.read_review(review) for n, review in played}
        mistakes = {n: r.mistake for n, r in reviews.items() if r is not None and not r.failed}
        analysed = sum(r is not None for r in reviews.values())
        moment = class_moment(mistakes)
        tricks = by_trick(mistakes[moment.child]) if moment is not None else ()
        deals.append(DealMoment(plan.number, plan.child, len(mine), len(played), analysed, moment, tricks))
    text = repr((row.mode, [(d.number, d.finished, d.played, d.analysed, d.moment) for d in deals]))
    return MomentView(tuple(deals), len(plans), hashlib.sha256(text.encode()).hexdigest()[:16])


def by_trick(mistake: Mistake) -> tuple[tuple[int, tuple[tuple[Seat, Card], ...]], ...]:
    """The mistake's open-cards line cut into tricks: the first part holds the deciding card and the rest of its
    trick (:attr:`Mistake.index` counts the cards played, three a trick), then three cards a trick."""
    line, cut = mistake.line, 3 - mistake.index % 3
    parts = [(mistake.trick, line[:cut])] if line else []
    parts += [(mistake.trick + 1 + at // 3, line[cut + at:cut + at + 3]) for at in range(0, len(line) - cut, 3)]
    return tuple(parts)


@bp.app_template_global()
def skat_moment_of(row: ClassSession) -> MomentView | None:
    """For ``_skat_moment.html`` included in the presenter: the :func:`moment_view` of a Skat round, else None."""
    if getattr(row, "kind", None) != skat_store.KIND:
        return None
    return moment_view(row)


@bp.get("/class/<code>/present/skat/moment")
def moment(code: str):
    """The class's moment part (see the module's docstring): 204 while ``v`` is current, 404 without the teacher
    cookie of this Skat round, 303 to the presenter page without htmx."""
    row = service.teacher_from_cookies(code, request.cookies)
    if row is None or row.kind != skat_store.KIND:
        abort(404)
    if not is_htmx():
        return _private(redirect(url_for("classroom.present", code=row.join_code, _anchor="skat-moment"), code=303))
    view = moment_view(row)
    if request.args.get("v") == view.version:
        return _private(make_response("", 204))
    return _private(make_response(render_template("classroom/_skat_moment.html", row=row, skat_moment=view)))
