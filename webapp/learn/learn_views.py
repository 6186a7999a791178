"""The learning path's pages (issue 36, part 1): the map, a lesson, "practise my mistakes", the progress code.

* ``GET /learn``: the map. Each game's lessons with their state and stars, the next one with one big button, the
  weekly goal, "Practise my mistakes (N)" when rules are due, the progress code and the nickname.
* ``GET /learn/<lesson>``: the lesson: title, goal, a worked example (the engine's steps), then its next item; a
  locked lesson says which lesson to finish first (200); an unknown one is 404.
  ``POST /learn/<lesson>``: answer item ``number``; ``POST /learn/<lesson>/done``: a read or played lesson is done
  (honour-based: the child says it played a whole game).
* ``GET|POST /learn/mistakes``: items for the rules due today, answered through ``reviewed``.
* ``GET /learn/answer/<id>``: the feedback on one of the learner's answers (where an answer redirects).
* ``POST /learn/code``: adopt the learner of a progress code (another device); ``POST /learn/name``: the nickname.

Who the learner is: a long-lived cookie (:data:`COOKIE`, ``LEARN_DAYS`` days, path ``/``, HttpOnly,
SameSite=Lax, Secure over HTTPS; the game pages read it to mark a whole game played, :func:`.store.played`)
holding only its public id, signed with the app's key (itsdangerous). A missing,
forged or unknown cookie is a new learner, made on its first answer; until then the pages carry the seed of its
items in the forms (a seed only picks questions). Answers redirect to their feedback (PRG, so a reload sends
nothing twice); an item number that is not the current one shows the stored feedback or the current item.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for
from flask_limiter.errors import RateLimitExceeded

from webapp.classroom.service import BadNickname, clean_nickname
from webapp.core import security
from webapp.core.models import CapReached, LearnAnswer, Learner
from webapp.core.numbers import ascii_int
from webapp.core.steps import Step
from webapp.core.terms import glossary
from webapp.core.web import is_htmx, page_or_fragment
from webapp.games import games
from webapp.learn import path, store
from webapp.learn.homework import classes_of, lessons_set
from webapp.learn.progress import (PathMap, Place, Progress, ProgressError, answered, completed, course_map,
                                   due_rules, mistake_items, place_of, reviewed, weekly)
from webapp.quiz import kinds, normalise_code
from webapp.quiz.service import Asked, read_answer

bp = Blueprint("learn", __name__)

#: The learner's cookie: its public id, signed (:func:`webapp.learn.store.public_id_of`).
COOKIE = store.COOKIE
#: The glossary words (keys of the game's glossary, :func:`webapp.core.terms.glossary`) a lesson explains first,
#: in a sentence or two each: the short explanation before the worked example and the items.
WORDS: dict[str, tuple[str, ...]] = {
    "skat.cards": ("card_points",), "skat.trumps": ("trump", "grand"), "skat.follow_suit": ("follow_suit",),
    "skat.tricks": ("trump", "follow_suit"), "skat.winning_points": ("card_points", "declarer", "defenders"),
    "skat.matadors": ("matadors",), "skat.game_value": ("game_value",),
    "skat.bidding": ("bid", "forehand", "middlehand", "rearhand"), "skat.skat": ("skat", "put_away"),
    "skat.hand": ("hand_game", "schneider", "schwarz"), "skat.null": ("null",), "skat.table": ("declarer", "defenders"),
    "tichu.combinations": ("single", "pair", "triple", "full_house", "straight", "stairs"), "tichu.bombs": ("bomb",),
    "tichu.specials": ("mah_jong", "dog", "phoenix", "dragon"), "tichu.wish": ("wish",),
    "pokerface.kickers": ("kicker",), "yahtzee.bonus": ("upper_bonus", "yahtzee_bonus"),
}
_answer_limit = security.limiter.shared_limit(lambda: current_app.config["QUIZ_ANSWER_LIMIT"], scope="learn-answer")


@dataclass
class Me:
    """The learner of this request: its row (None until its first answer), progress and item seed."""

    learner: Learner | None
    progress: Progress
    seed: int


def _me(lock: bool = False) -> Me:
    """The learner of the cookie, or a new one (no row yet; its seed from the form when it sent one)."""
    learner = store.find(store.public_id_of(request.cookies.get(COOKIE), current_app.secret_key), lock=lock)
    if learner is not None:
        return Me(learner, store.progress_of(learner), learner.seed)
    seed = ascii_int(request.form.get("seed", ""), 10, signed=False) if request.method == "POST" else None
    return Me(None, Progress(), seed if seed is not None and seed < store.SEEDS else store.new_seed())


def _remember(response, learner: Learner):
    """Set the learner's cookie on ``response`` (again: its lifetime starts anew with each answer)."""
    days = int(current_app.config["LEARN_DAYS"])
    value = store.signer(current_app.secret_key).sign(learner.public_id).decode("ascii")
    security.set_cookie(response, COOKIE, "", max_age=0, expires=0, path=store.OLD_COOKIE_PATH)
    return security.set_cookie(response, COOKIE, value, max_age=days * 86400, path="/")


def _created(me: Me) -> Learner:
    """The learner's row, made now when it has none."""
    if me.learner is None:
        me.learner = store.create(me.seed)
    return me.learner


#: For the homework pages (:mod:`webapp.learn.homework_views`): this request's learner, its row made now, its cookie.
current_learner, created, remember = _me, _created, _remember


def _lesson(lesson_id: str) -> path.Lesson:
    try:
        return path.get(lesson_id[:80])
    except path.UnknownLesson:
        abort(404)


def _names() -> dict[str, str]:
    return {game.key: game.name for game in games()}


def _next_in_path(lesson: path.Lesson) -> path.Lesson | None:
    lessons = path.PATHS[lesson.game]
    at = lessons.index(lesson)
    return lessons[at + 1] if at + 1 < len(lessons) else None


def _map(me: Me) -> tuple[PathMap, ...]:
    """The learner's map, the lessons of its homework open (:func:`webapp.learn.homework.lessons_set`)."""
    return course_map(me.progress, lessons_set(me.learner))


def _place(me: Me, lesson: path.Lesson) -> Place:
    """The lesson's place on the learner's map (its state and stars)."""
    return place_of(me.progress, lesson.id, lessons_set(me.learner))


def _due(progress: Progress, day: int) -> tuple[str, ...]:
    """The due rules that have items to practise."""
    return tuple(rule for rule in due_rules(progress, day) if path.lesson_for_rule(rule) is not None)


# --- the map --------------------------------------------------------------------------------------------------


@bp.get("/learn")
def map_page(problem: Step | None = None, status: int = 200, code: str = ""):
    """The map of every game's path (see the module docstring)."""
    me, day = _me(), store.today()
    maps = _map(me)
    started = {m.game for m in maps if any(me.progress.lesson(p.lesson).answers or p.stars for p in m.places)}
    go = next((m for m in maps if m.next and m.game in started), None) or next((m for m in maps if m.next), None)
    return render_template("learn/map.html", maps=maps, names=_names(), lessons=path.LESSONS, go=go,
                           started=started, homework=classes_of(me.learner, me.progress, day),
                           week=weekly(me.progress, day), due=len(_due(me.progress, day)),
                           learner=me.learner, problem=problem, typed_code=code), status


@bp.post("/learn/code")
@security.limiter.limit(lambda: current_app.config["LEARN_CODE_LIMIT"],
                        deduct_when=lambda response: response.status_code in (400, 404))
def adopt():
    """Take over the progress of the code typed in (``code``): this device becomes that learner. 400 for text
    that is no code, 404 for a code no learner has (both count towards ``LEARN_CODE_LIMIT``: 429 after)."""
    typed = request.form.get("code", "")[:40]
    learner = store.adopt(typed)
    if learner is None:
        known = normalise_code(typed) is not None
        step = Step("quiz.error.unknown_code", typed=normalise_code(typed)) if known else Step("quiz.error.code")
        return map_page(step, 404 if known else 400, typed)
    return _remember(redirect(url_for("learn.map_page"), code=303), learner)


@bp.post("/learn/name")
@_answer_limit
def name():
    """Set the learner's nickname (``nickname``; empty: none). 400 with the map for one that cannot be used."""
    typed = request.form.get("nickname", "")
    try:
        nickname = clean_nickname(typed) if typed.strip() else None
    except BadNickname as error:
        return map_page(error.step, 400)
    me = _me(lock=True)
    learner = _created(me)
    learner.nickname = nickname
    store.save(learner, me.progress)
    return _remember(redirect(url_for("learn.map_page"), code=303), learner)


# --- a lesson -------------------------------------------------------------------------------------------------


def _asked(lesson: path.Lesson, seed: int, number: int, review: str | None = None) -> Asked:
    kind_name, question = path.practice_item(lesson, seed, number, salt=f"review:{review}" if review else "")
    return Asked(kinds.get(kind_name), question)


def _lesson_page(lesson: path.Lesson, me: Me, problem: Step | None = None, status: int = 200, more: bool = False):
    """The lesson page (or, for htmx, its area)."""
    state = _place(me, lesson)
    mine = me.progress.lesson(lesson.id)
    glossary_words = {word.key: word for word in glossary().words.get(lesson.game, ())}
    context: dict[str, Any] = {"lesson": lesson, "names": _names(), "place": state, "mine": mine, "me": me,
                               "words": [glossary_words[key] for key in WORDS.get(lesson.id, ())],
                               "problem": problem, "next_lesson": _next_in_path(lesson), "mode": lesson.practice.mode}
    if state.state == "locked":
        before = next(m.next for m in _map(me) if m.game == lesson.game)
        context["before"] = path.LESSONS[before] if before else path.previous(lesson)
    elif lesson.practice.drills:
        example = _asked(lesson, me.seed, 0, review="example")
        context.update(example=example, solution=example.solution(), number=mine.answers,
                       asked=_asked(lesson, me.seed, mine.answers), show_item=not state.stars or more,
                       position=mine.answers % lesson.practice.items + 1)
    return page_or_fragment("learn/lesson.html", "learn/_lesson.html", status, **context)


@bp.get("/learn/<lesson_id>")
def lesson_page(lesson_id: str):
    """A lesson (``practise=1``: another item after mastery)."""
    return _lesson_page(_lesson(lesson_id), _me(), more=request.args.get("practise") == "1")


def _feedback_url(row: LearnAnswer) -> str:
    return url_for("learn.feedback", answer_id=row.id, _anchor="learn-area")


def _after_answer(row: LearnAnswer, learner: Learner):
    if is_htmx():
        response = _feedback(row, learner, replace=True)
    else:
        response = redirect(_feedback_url(row), code=303)
    return _remember(response, learner)


@bp.post("/learn/<lesson_id>")
@_answer_limit
def answer(lesson_id: str):
    """Answer item ``number`` of the lesson. 400 (the item kept, a message) for a missing or unknown answer or a
    bad number; 409 for a locked lesson or an item not asked yet; an item answered before shows its feedback."""
    lesson = _lesson(lesson_id)
    me = _me(lock=True)
    if not lesson.practice.drills:
        return _lesson_page(lesson, me, status=409)
    place = _place(me, lesson)
    number = ascii_int(request.form.get("number", ""), 8, signed=False)
    current = me.progress.lesson(lesson.id).answers
    if place.state == "locked":
        return _lesson_page(lesson, me, status=409)
    if number is None:
        return _lesson_page(lesson, me, Step("learn.error.item"), 400)
    if number < current and me.learner is not None:
        row = store.last_answer(me.learner, lesson.id, number)
        return redirect(_feedback_url(row) if row else url_for("learn.lesson_page", lesson_id=lesson.id), code=303)
    if number != current:
        return _lesson_page(lesson, me, Step("learn.error.item"), 409)
    asked = _asked(lesson, me.seed, number)
    given, problem = read_answer(asked.kind, request.form, asked.fields)
    if given is None:
        return _lesson_page(lesson, me, problem, 400)
    checked = asked.check(given)
    rule = path.rule_of(lesson, asked.kind.NAME, asked.question.to_json(), checked)
    day = store.today()
    progress = answered(me.progress, lesson.id, rule, checked.correct, day)
    learner = _created(me)
    try:
        row = store.record(learner, progress, lesson=lesson.id, number=number, review=None, rule=rule,
                           correct=checked.correct, answer=given, day=day, per_day=_per_day())
    except store.TooManyToday:
        return _enough(lambda: _lesson_page(lesson, me, Step("learn.error.enough"), 429))
    return _after_answer(row, learner)


def _per_day() -> int:
    return int(current_app.config["LEARN_ANSWERS_PER_DAY"])


def _enough(page):
    response = make_response(page())
    response.headers["Retry-After"] = "3600"
    return response


@bp.post("/learn/<lesson_id>/done")
@_answer_limit
def done(lesson_id: str):
    """A read or played lesson is done (honour-based: the child says so): mastered with 3 stars, then the
    lesson page. 409 for a lesson with items (they master it) or a locked one."""
    lesson = _lesson(lesson_id)
    me = _me(lock=True)
    place = _place(me, lesson)
    if lesson.practice.drills or place.state == "locked":
        return _lesson_page(lesson, me, status=409)
    try:
        progress = completed(me.progress, lesson.id, store.today())
    except ProgressError:  # pragma: no cover - the checks above leave none
        abort(409)
    learner = _created(me)
    store.save(learner, progress)
    return _remember(redirect(url_for("learn.lesson_page", lesson_id=lesson.id, _anchor="learn-area"), code=303),
                     learner)


# --- feedback and mistakes ------------------------------------------------------------------------------------


def _feedback(row: LearnAnswer, learner: Learner, replace: bool = False):
    lesson = path.LESSONS.get(row.lesson)
    if lesson is None or not lesson.practice.drills:
        abort(404)  # a lesson taken out of the path since
    asked = _asked(lesson, learner.seed, row.number, row.review)
    progress = store.progress_of(learner)
    mine = progress.lesson(lesson.id)
    mastered_now = row.review is None and mine.stars > 0 and mine.answers == row.number + 1
    next_url = (url_for("learn.mistakes", _anchor="learn-area") if row.review
                else url_for("learn.lesson_page", lesson_id=lesson.id, _anchor="learn-area"))
    url = url_for("learn.feedback", answer_id=row.id)
    return page_or_fragment("learn/feedback.html", "learn/_feedback.html", 200,
                            replace_url=url if replace else None, row=row, lesson=lesson, asked=asked,
                            given=row.answer, checked=asked.check(row.answer), mine=mine, mastered_now=mastered_now,
                            next_lesson=_next_in_path(lesson), next_url=next_url, names=_names())


@bp.get("/learn/answer/<int:answer_id>")
def feedback(answer_id: int):
    """The feedback on one of this learner's answers (404 for anyone else's)."""
    me = _me()
    row = store.answer_of(me.learner, answer_id) if me.learner is not None else None
    if row is None:
        abort(404)
    return _feedback(row, me.learner)


def _mistakes_page(me: Me, problem: Step | None = None, status: int = 200):
    items = mistake_items(me.progress, store.today(), me.seed, count=1)
    context: dict[str, Any] = {"item": items[0] if items else None, "problem": problem, "me": me,
                               "due": len(_due(me.progress, store.today())), "names": _names()}
    if items:
        rule_state = me.progress.rule(items[0].rule)
        context.update(asked=Asked(kinds.get(items[0].kind), items[0].question),
                       lesson=path.LESSONS[items[0].lesson], number=rule_state.right + rule_state.wrong)
    return page_or_fragment("learn/mistakes.html", "learn/_mistakes.html", status, **context)


@bp.get("/learn/mistakes")
def mistakes():
    """"Practise my mistakes": one item for the rules due today, or "nothing to practise"."""
    return _mistakes_page(_me())


@bp.post("/learn/mistakes")
@_answer_limit
def review():
    """Answer the mistakes item for ``rule`` number ``number``. An item answered before shows its feedback; any other
    item that is not the one asked now shows the current one (409); a missing or unknown answer keeps it (400)."""
    me, day = _me(lock=True), store.today()
    if me.learner is None:
        return _mistakes_page(me, status=409)
    rule, number = request.form.get("rule", "")[:80], ascii_int(request.form.get("number", ""), 8, signed=False)
    items = mistake_items(me.progress, day, me.seed, count=1)
    item = items[0] if items else None
    if item is None or (rule, number) != (item.rule, me.progress.rule(item.rule).right + me.progress.rule(item.rule).wrong):
        taught = path.lesson_for_rule(rule) if rule in path.RULES else None
        row = store.last_answer(me.learner, taught.id, number, rule) if taught and number is not None else None
        if row is not None:
            return redirect(_feedback_url(row), code=303)
        return _mistakes_page(me, Step("learn.error.item") if item else None, 409)
    lesson, asked = path.LESSONS[item.lesson], Asked(kinds.get(item.kind), item.question)
    given, problem = read_answer(asked.kind, request.form, asked.fields)
    if given is None:
        return _mistakes_page(me, problem, 400)
    checked = asked.check(given)
    counted = path.rule_of(lesson, item.kind, item.question.to_json(), checked, reviewing=item.rule)
    progress = reviewed(me.progress, counted, checked.correct, day)
    try:
        row = store.record(me.learner, progress, lesson=lesson.id, number=number, review=item.rule, rule=counted,
                           correct=checked.correct, answer=given, day=day, per_day=_per_day())
    except store.TooManyToday:
        return _enough(lambda: _mistakes_page(me, Step("learn.error.enough"), 429))
    return _after_answer(row, me.learner)


@bp.errorhandler(RateLimitExceeded)
@bp.errorhandler(CapReached)
def too_many(error: Exception):
    """429 (:func:`webapp.core.security.too_many`); a guessed progress code comes back to the map with the note."""
    page = None
    if request.endpoint == "learn.adopt":
        step, _ = security.too_many_step(error)
        page = make_response(*map_page(step, 429, request.form.get("code", "")[:40]))
    return security.too_many(error, page)
