"""The class's moment and the CSV of a class Skat round (issue 37, section 1): each finished game is analysed by the
app's pool off the request thread, its review stored in the database; the projector shows the decision most children
got wrong; the teacher downloads every child's games. Hostile input answers 4xx, never 500.

The pool here runs each job at once in this process (:class:`InlinePool`): no worker, no timing. A job asked in one
poll is collected by the next (as the pool does with a worker), so "thinking" comes first, then the answer.
"""

from __future__ import annotations

import csv
import io
import shutil
from concurrent.futures import Future
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import dispose, make_app

from classhelpers import EN, HX, create_class, join
from skathelpers import create_round, stored
from test_classroom_skat import _play_deal
from webapp.classroom import skat_review, skat_store
from webapp.classroom.skat_moment_views import by_trick
from webapp.core.db import db
from webapp.core.models import ClassSession, ClassSkatGame, Participant, utcnow
from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis import Mistake
from webapp.games.skat.analysis_pool import AnalysisPool
from webapp.games.skat.duplicate import child_score, score_data
from webapp.games.skat.play import Seat
from webapp.games.skat.rules import parse_card, parse_cards
from webapp.games.skat.table import Phase, seat_of
from webapp.games.skat.table_codes import bot_game_codes

C = parse_card


class InlineExecutor:
    """An executor that runs each job in the calling process: at once (its future is done when submitted), or,
    when ``held``, only at :meth:`release` (a worker that has not got to it yet)."""

    def __init__(self, held: bool = False) -> None:
        self.held, self.waiting = held, []

    def submit(self, fn, *args):
        future = Future()
        self.waiting.append((future, fn, args))
        if not self.held:
            self.release()
        return future

    def release(self) -> None:
        """Run every job waiting."""
        for future, fn, args in self.waiting:
            try:
                future.set_result(fn(*args))
            except Exception as error:  # noqa: BLE001 - the pool reads it as a failed job
                future.set_exception(error)
        self.waiting = []

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


class InlinePool(AnalysisPool):
    """The app's pool with an :class:`InlineExecutor` (tests only): deterministic, no processes."""

    def __init__(self, *args, held: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._executor = InlineExecutor(held)

    def _pool(self):
        return self._executor


def mistake(trick: int, card: str, better: str = "", line: str = "") -> Mistake:
    """A constructed first deciding mistake (its line: forehand plays each card)."""
    return Mistake(trick, C(card), parse_cards(better.split()) if better else (), 61,
                   tuple((Seat.FOREHAND, c) for c in parse_cards(line.split())) if line else (), Seat.FOREHAND,
                   (trick - 1) * 3)


def analysis(found: Mistake | None):
    """What the pool's job answers, as far as the class reads it (its ``mistake``)."""
    return SimpleNamespace(mistake=found)


def pooled(app, answers: dict[str, Mistake | None] | None = None, queue: int = 64, runner=None,
           held: bool = False) -> list:
    """Give ``app`` an :class:`InlinePool` whose job answers ``answers[moves]`` (the game's moves joined by ``.``);
    returns the list of the keys it was asked to run."""
    ran = []

    def job(seed, number, codes, player):
        ran.append((seed, number, codes))
        return analysis(answers[".".join(codes)])

    app.extensions[analysis_pool.EXTENSION] = InlinePool(queue=queue, runner=runner or job, held=held)
    return ran


def finish(app, code: str, nickname: str, number: int, moves: str, declarer: bool = True, won: bool = False,
           points: int = -98, review=None, child=None) -> None:
    """A child's finished game of deal ``number`` stored as the table stores it (its ``moves`` need not replay: the
    class never replays them but for the CSV's bot declarer); joins the child first unless ``child`` is given."""
    if child is None:
        join(app, code, nickname)
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        who = db.session.scalars(db.select(Participant).where(Participant.session_id == row.id,
                                                              Participant.nickname == nickname)).one()
        result = {"game": "hearts", "bid": 20, "declarer": declarer, "won": won, "score": -40 if not won else 20,
                  "points": points}
        db.session.add(ClassSkatGame(session_id=row.id, participant_id=who.id, deal=number, moves=moves, finished=True,
                                     points=points, result=result, review=review, updated_at=utcnow()))
        db.session.commit()


def bot_game(app, code: str, nickname: str):
    """The first deal of the round that the bots' rules play out (not all passed), played by them for the child
    ``nickname`` (joined here) and stored as its finished game; returns ``(plan, state)``."""
    join(app, code, nickname)
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        played = ((plan, *bot_game_codes(plan.seed, plan.number)) for plan in skat_store.plans(row))
        plan, state, codes = next(p for p in played if p[1].phase is Phase.DONE)
        score = child_score(state, plan.child)
        who = db.session.scalars(db.select(Participant).where(Participant.session_id == row.id,
                                                              Participant.nickname == nickname)).one()
        db.session.add(ClassSkatGame(session_id=row.id, participant_id=who.id, deal=plan.number,
                                     moves=".".join(codes), finished=True, points=score.points,
                                     result=score_data(score), updated_at=utcnow()))
        db.session.commit()
    return plan, state


def poll(teacher, code: str, v: str | None = None):
    query = f"?v={v}" if v else ""
    return teacher.get(f"/class/{code}/present/skat/moment{query}", headers=HX)


def version_of(page: str) -> str:
    import re

    return re.search(r"/present/skat/moment\?v=([0-9a-f]+)", page).group(1)


# --- the stored review ----------------------------------------------------------------------------------------------

def test_a_review_is_stored_in_brief_and_read_back():
    found = Mistake(3, C("AH"), (C("JC"), C("0S")), 61, ((Seat.FOREHAND, C("JC")), (Seat.REARHAND, C("7H"))),
                    Seat.MIDDLEHAND, 7)
    data = skat_review.review_data(analysis(found))
    assert data["mistake"]["better"] == ["JC", "0S"] and data["mistake"]["line"][1] == ["REARHAND", "7H"]
    import json

    assert skat_review.read_review(json.loads(json.dumps(data))).mistake == found
    assert skat_review.read_review({"mistake": None}) == skat_review.Review(None)
    assert skat_review.review_data(None) == {"mistake": None, "failed": True}
    assert skat_review.read_review(skat_review.review_data(None)).failed


@pytest.mark.parametrize("damaged", [
    None, [], "text", {}, {"mistake": "AH"}, {"mistake": {"trick": 3}},
    {"mistake": {"trick": "3", "card": "AH", "better": [], "threshold": 61, "line": [], "winner": "FOREHAND",
                 "index": 6}},
    {"mistake": {"trick": 11, "card": "AH", "better": [], "threshold": 61, "line": [], "winner": "FOREHAND",
                 "index": 6}},
    {"mistake": {"trick": 3, "card": "XX", "better": [], "threshold": 61, "line": [], "winner": "FOREHAND",
                 "index": 6}},
    {"mistake": {"trick": 3, "card": "AH", "better": [5], "threshold": 61, "line": [], "winner": "FOREHAND",
                 "index": 6}},
    {"mistake": {"trick": 3, "card": "AH", "better": [], "threshold": 61, "line": [["SOMEWHERE", "7H"]],
                 "winner": "FOREHAND", "index": 6}},
    {"mistake": {"trick": 3, "card": "AH", "better": [], "threshold": 61, "line": [[["x"], "7H"]],
                 "winner": "FOREHAND", "index": 6}},
    {"mistake": {"trick": 3, "card": "AH", "better": [], "threshold": 61, "line": ["7H"], "winner": "FOREHAND",
                 "index": 6}},
    {"mistake": {"trick": 3, "card": "AH", "better": [], "threshold": 61, "line": [], "winner": 1, "index": 6}},
])
def test_a_damaged_review_reads_as_none(damaged):
    assert skat_review.read_review(damaged) is None


def test_the_line_is_cut_into_tricks_from_the_deciding_card():
    line = tuple((Seat.FOREHAND, c) for c in parse_cards("JC 7H 8H AS KS 0S QS"))
    found = Mistake(3, C("JC"), (), 61, line, Seat.FOREHAND, 7)  # the second card of trick 3
    assert [(n, [str(c) for _, c in cards]) for n, cards in by_trick(found)] == [
        (3, ["JC", "7H"]), (4, ["8H", "AS", "KS"]), (5, ["0S", "QS"])]
    assert by_trick(Mistake(3, C("JC"), (), 61, (), Seat.FOREHAND, 6)) == ()


# --- the class's moment on the projector ---------------------------------------------------------------------------

def test_the_projector_shows_the_decision_most_children_got_wrong(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=2)
    ran = pooled(app, {"a": mistake(3, "AH", "JC", "JC 7H 8H"), "b": mistake(3, "AH", "JC", "JC 9H 0H"), "c": None})
    for nickname, moves in (("Ada", "a"), ("Ben", "b"), ("Cem", "c")):
        finish(app, code, nickname, 1, moves)
    first = poll(teacher, code)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    page = first.get_data(as_text=True)
    assert 'id="skat-moment-1-thinking"' in page and "0 of 3 games analysed" in page
    assert 'hx-trigger="every 2s"' in page and 'id="skat-moment-2"' not in page  # nobody finished deal 2
    assert sorted(codes for _, _, codes in ran) == [("a",), ("b",), ("c",)]  # every game asked at once
    done = poll(teacher, code, version_of(page))
    text = done.get_data(as_text=True)
    assert done.status_code == 200 and "thinking" not in text
    assert "2 of 3 played" in text and "in trick 3" in text and 'id="skat-moment-1-steps"' in text
    assert "With" in text and 'aria-label="Jack of Clubs"' in text  # the better card, as the site draws cards
    assert 'id="skat-moment-1-line"' in text and "Trick 3:" in text and "Forehand" in text
    assert 'aria-label="Seven of Hearts"' in text and 'aria-label="Eight of Hearts"' in text  # Ada's line (by name)
    assert poll(teacher, code, version_of(text)).status_code == 204  # unchanged
    assert {stored(app, code, n, 1).review["mistake"] is None for n in ("Ada", "Cem")} == {False, True}
    assert len(ran) == 3  # stored: never asked again
    presenter = teacher.get(url, headers=EN).get_data(as_text=True)  # the presenter page shows it too (no JS)
    assert 'id="skat-moment-1-steps"' in presenter and 'href="/class/' + code + '/present#skat-moment"' in presenter


def test_while_the_pool_is_busy_the_count_says_how_many_are_analysed(app):
    teacher = app.test_client()
    code, _ = create_round(teacher, deals=1)
    pooled(app, {"a": None, "b": None}, queue=1, held=True)  # one job at a time, run when the test says
    worker = app.extensions[analysis_pool.EXTENSION]._executor
    finish(app, code, "Ada", 1, "a")
    finish(app, code, "Ben", 1, "b")
    first = poll(teacher, code).get_data(as_text=True)
    assert "0 of 2 games analysed" in first and len(worker.waiting) == 1  # the other one: BUSY, asked again later
    worker.release()
    assert "1 of 2 games analysed" in poll(teacher, code).get_data(as_text=True)  # the second one started
    worker.release()
    text = poll(teacher, code).get_data(as_text=True)
    assert 'id="skat-moment-1-clean"' in text and "Nobody made a deciding mistake" in text


def test_a_deal_all_three_passed_needs_no_analysis(app):
    teacher = app.test_client()
    code, _ = create_round(teacher, deals=1)
    ran = pooled(app, {})
    join(app, code, "Ada")
    with app.app_context():
        row = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
        who = db.session.scalars(db.select(Participant).where(Participant.session_id == row.id)).one()
        passed = {"game": None, "bid": 0, "declarer": False, "won": None, "score": 0, "points": 0}
        db.session.add(ClassSkatGame(session_id=row.id, participant_id=who.id, deal=1, moves="pass.pass.pass",
                                     finished=True, points=0, result=passed, updated_at=utcnow()))
        db.session.commit()
    text = poll(teacher, code).get_data(as_text=True)
    assert 'id="skat-moment-1-passed"' in text and "All three passed" in text and not ran


def test_a_missing_review_is_completed_after_a_restart(tmp_path: Path, migrated_sqlite: Path):
    """A child finished its deal while the pool could not take it (busy, then the server stopped): the next poll of
    the restarted app asks again and stores the review."""
    path = tmp_path / "class.sqlite3"
    shutil.copy(migrated_sqlite, path)
    first = make_app(tmp_path / "one", f"sqlite:///{path}", AUTO_MIGRATE=False)
    teacher = first.test_client()
    code, _ = create_round(teacher, deals=1)
    first.extensions[analysis_pool.EXTENSION] = AnalysisPool(queue=1, runner=None)
    first.extensions[analysis_pool.EXTENSION]._running[(0, 0, ())] = Future()  # the queue is full: BUSY
    finish(first, code, "Ada", 1, "a")
    assert "0 of 1 game analysed" in poll(teacher, code).get_data(as_text=True)
    assert stored(first, code, "Ada", 1).review is None
    cookie = teacher.get_cookie(f"teach_{code}", path=f"/class/{code}").value
    dispose(first)
    second = make_app(tmp_path / "two", f"sqlite:///{path}", AUTO_MIGRATE=False)
    try:
        pooled(second, {"a": mistake(2, "KS", "AS", "AS 7S 8S")})
        again = second.test_client()
        again.set_cookie(f"teach_{code}", cookie, path=f"/class/{code}")
        assert "0 of 1 game analysed" in poll(again, code).get_data(as_text=True)  # asked again
        text = poll(again, code).get_data(as_text=True)
        assert "1 of 1 played" in text and "in trick 2" in text
        assert stored(second, code, "Ada", 1).review["mistake"]["card"] == "KS"
    finally:
        dispose(second)


def test_a_child_finishing_a_deal_starts_its_analysis_at_once(app):
    """The child's last move hands the game to the pool (the table's key: seed, deal, every move), before any poll."""
    code, _ = create_round(app.test_client(), deals=1)
    with app.app_context():  # a seed whose first deal the child (always the first legal move) plays, not passed
        db.session.execute(db.update(ClassSession).where(ClassSession.join_code == code).values(seed="4711"))
        db.session.commit()
    ran = pooled(app, {})
    app.extensions[analysis_pool.EXTENSION]._runner = lambda seed, number, codes, player: (
        ran.append((seed, number, codes, player)) or analysis(None))
    child = join(app, code, "Eli")
    _play_deal(app, child, code, "Eli", 1)
    game = stored(app, code, "Eli", 1)
    assert game.result["game"] is not None
    assert ran == [(skat_store.round_deals("4711", 1)[0].seed, 1, tuple(game.moves.split(".")), 0)]


def test_a_real_game_is_analysed_by_the_table_analysis(app):
    """The real job (:func:`analysis_pool.run`) on a game the bots played from one of the round's deals."""
    teacher = app.test_client()
    code, _ = create_round(teacher, deals=8)
    pooled(app, runner=analysis_pool.run)
    plan, _ = bot_game(app, code, "Fay")
    poll(teacher, code)
    text = poll(teacher, code).get_data(as_text=True)
    review = skat_review.read_review(stored(app, code, "Fay", plan.number).review)
    assert review is not None and not review.failed
    assert ("1 of 1 played" in text) == (review.mistake is not None)


def test_the_moment_is_the_teachers_only(app):
    teacher, other = app.test_client(), app.test_client()
    code, _ = create_round(teacher, deals=1)
    other_code, _ = create_round(other, deals=1)
    child = join(app, code, "Ada")
    address = f"/class/{code}/present/skat/moment"
    assert app.test_client().get(address, headers=HX).status_code == 404  # no cookie
    assert other.get(address, headers=HX).status_code == 404  # another class's teacher
    other.set_cookie(f"teach_{code}", other.get_cookie(f"teach_{other_code}", path=f"/class/{other_code}").value,
                     path=f"/class/{code}")
    assert other.get(address, headers=HX).status_code == 404  # another class's token under this class's name
    assert child.get(address, headers=HX).status_code == 404  # a child
    assert teacher.get("/class/ZZZZZZ/present/skat/moment", headers=HX).status_code == 404
    quiz = app.test_client()
    quiz_code, quiz_url = create_class(quiz)
    assert quiz.get(f"/class/{quiz_code}/present/skat/moment", headers=HX).status_code == 404  # no Skat round
    assert 'id="skat-moment"' not in quiz.get(quiz_url, headers=EN).get_data(as_text=True)
    plain = teacher.get(address, headers=EN)  # without htmx: the presenter page, which shows the moment
    assert plain.status_code == 303 and plain.location == f"/class/{code}/present#skat-moment"


def test_a_damaged_review_does_not_break_the_projector_and_is_asked_again(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=1)
    pooled(app, {"a": mistake(5, "QD", "AD")})
    finish(app, code, "Ada", 1, "a", review={"mistake": {"trick": "x"}})
    assert poll(teacher, code).status_code == 200
    assert teacher.get(url, headers=EN).status_code == 200
    assert teacher.get(url + "/export.csv", headers=EN).status_code == 200
    assert "in trick 5" in poll(teacher, code).get_data(as_text=True)
    assert stored(app, code, "Ada", 1).review["mistake"]["trick"] == 5  # healed


# --- the CSV ---------------------------------------------------------------------------------------------------------

def test_the_csv_has_one_line_per_child_and_deal(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=2)
    pooled(app, {"a": mistake(3, "AH", "JC 0S"), "b": None})
    finish(app, code, "=cmd", 1, "a", declarer=True, won=False, points=-98)
    finish(app, code, "Ben", 1, "b", declarer=True, won=True, points=70)
    join(app, code, "Cem")  # joined, played nothing yet
    poll(teacher, code), poll(teacher, code)  # the reviews stored
    response = teacher.get(url + "/export.csv", headers=EN)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["nickname", "deal", "seat", "declarer", "bid", "game", "result", "list_score", "points",
                       "mistake_trick", "mistake_card", "better_cards"]
    assert [(r[0], r[1]) for r in rows[1:]] == [("'=cmd", "1"), ("'=cmd", "2"), ("Ben", "1"), ("Ben", "2"),
                                                ("Cem", "1"), ("Cem", "2")]
    assert rows[1] == ["'=cmd", "1", "forehand", "'=cmd", "20", "hearts", "lost", "-40", "-98", "3", "Ace of Hearts",
                       "Jack of Clubs, Ten of Spades"]
    assert rows[3] == ["Ben", "1", "forehand", "Ben", "20", "hearts", "won", "20", "70", "", "", ""]
    assert rows[2] == ["'=cmd", "2", "rearhand"] + [""] * 9  # not played yet
    assert rows[6] == ["Cem", "2", "rearhand"] + [""] * 9


def test_the_csv_names_the_bot_that_declared(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=8)
    plan, state = bot_game(app, code, "Ada")
    score = child_score(state, plan.child)
    lines = list(csv.reader(io.StringIO(teacher.get(url + "/export.csv", headers=EN).get_data(as_text=True))))
    line = lines[plan.number]
    declarer = [p for p in range(3) if seat_of(p, plan.number) == state.declarer][0]
    assert line[3] == ("Ada", "Lea", "Max")[declarer] and line[8] == str(score.points)
    assert line[6] == ("won" if state.score.won else "lost")


def test_the_csv_is_the_teachers_only(app):
    teacher = app.test_client()
    code, url = create_round(teacher, deals=1)
    child = join(app, code, "Ada")
    assert app.test_client().get(url + "/export.csv").status_code == 404
    assert child.get(url + "/export.csv").status_code == 404


def test_a_pool_answer_that_is_no_analysis_is_stored_as_failed_not_a_500():
    """The pool answers a bot's move for moves that do not end the game (a damaged row, a round stored without its
    play): that is a failed review, never an AttributeError on the projector (found by the layout test's round)."""
    from webapp.games.skat.bots import bot_move
    from webapp.games.skat.table import deal

    assert skat_review.review_data(bot_move(deal(7, 1))) == {"mistake": None, "failed": True}
    assert skat_review.read_review(skat_review.review_data(None)) == skat_review.Review(None, True)
