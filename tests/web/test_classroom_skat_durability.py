"""A class Skat round keeps every move it acknowledged (issue 37 §3): SQLite's locks, and the real server killed.

* A deal's page writes after it reads (the child's new game, the bots' moves up to the child's turn, also on a GET):
  when another child's move was committed in between, the write waits for SQLite's lock instead of failing; and
  a move holds the lock only while it is stored, not while the game is replayed and the bots move.
* ``kartenschule serve`` on SQLite killed with SIGKILL in the middle of a deal and right after one: every move the
  child saw acknowledged, every finished deal and its points are there after a restart, and the child goes on.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from urllib.parse import urlencode

import pytest

from classhelpers import EN, join
from servehelpers import SERVE, Client, Served, free_port
from skathelpers import create_round, game_of, next_move, stored
from test_classroom_skat_moment import finish, mistake, poll, pooled
from webapp.classroom import skat_review, skat_store
from webapp.core.db import db
from webapp.core.models import ClassSession, Participant
from webapp.games.skat import table_views
from webapp.games.skat.bots import bot_move
from webapp.games.skat.duplicate import child_score, round_deals
from webapp.games.skat.table import Phase, TableState
from webapp.games.skat.table_codes import action_code, replay


def _database(app) -> str:
    return app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")


@pytest.mark.parametrize("started", [False, True], ids=["new game", "bots' moves"])
def test_a_deal_page_stores_its_game_when_another_child_wrote_since_it_read(app, monkeypatch, started):
    """The deal's page (a GET) reads the child's games, then stores its new game (``started`` False) or, its game
    stored already, the bots' moves up to the child's turn (True); another server thread commits a move in
    between (here: a write on a connection of its own). Before the fix the page's write came in a read
    transaction and could not take the lock over a newer snapshot: "database is locked" at once, 503."""
    teacher = app.test_client()
    code, _url = create_round(teacher, deals=2, coach="0")
    child = join(app, code, "Ada")
    if started:  # the child's game of deal 1 stored before, no moves yet: middlehand (a bot) speaks first
        with app.app_context():
            session = db.session.scalars(db.select(ClassSession).where(ClassSession.join_code == code)).one()
            participant = db.session.scalars(db.select(Participant).where(Participant.session_id == session.id)).one()
            skat_store.game_row(session.id, participant.id, 1, {})
    read = skat_store.games_of

    def read_then_another_child_moves(session_id: int, participant_id: int):
        games = read(session_id, participant_id)
        with sqlite3.connect(_database(app), isolation_level=None) as other:
            other.execute("update class_participant set nickname = nickname")
        return games

    monkeypatch.setattr(skat_store, "games_of", read_then_another_child_moves)
    response = child.get(f"/class/{code}/skat/1", headers=EN)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    game = stored(app, code, "Ada", 1)
    assert game is not None and game.moves  # middlehand's bid (a bot's) stored


def test_a_move_does_not_hold_the_write_lock_while_it_replays_and_the_bots_move(app, monkeypatch):
    """A child's move (a POST) replays the stored game and lets the bots move without SQLite's write lock; only
    the store takes it (in a ``writing`` block: writers queue for each other). Before the fix the POST's first
    statement took the lock (``BEGIN IMMEDIATE``) for the whole request, and with a class moving at once every
    other child's move waited behind each replay in SQLite's busy handler (moves of several seconds in
    ``benchmarks/classroom_table.py`` on a loaded machine)."""
    teacher = app.test_client()
    code, _url = create_round(teacher, deals=2, coach="0")
    child = join(app, code, "Ada")
    assert child.get(f"/class/{code}/skat/1", headers=EN).status_code == 200
    advance, seen = table_views.advance, []

    def advance_while_another_child_writes(game, params):
        with closing(sqlite3.connect(_database(app), timeout=0, isolation_level=None)) as other:
            try:
                other.execute("BEGIN IMMEDIATE")
                other.execute("ROLLBACK")
                seen.append("free")
            except sqlite3.OperationalError:
                seen.append("locked")
        return advance(game, params)

    monkeypatch.setattr(table_views, "advance", advance_while_another_child_writes)
    move = next_move(game_of(app, code, "Ada", 1))
    response = child.post(f"/class/{code}/skat/1", data={"do": move}, headers=EN)
    assert response.status_code == 303 and seen == ["free"]
    assert move in stored(app, code, "Ada", 1).moves.split(".")


def test_the_projector_stores_the_analyses_when_a_child_moved_since_it_read(app, monkeypatch):
    """The projector's poll of the class's moment (a GET) reads the finished games, asks the pool, then stores the
    analyses it has; a child's move committed in between (here: a write on a connection of its own) made that
    write fail before the fix ("database is locked", 503), as on the deal's page."""
    teacher = app.test_client()
    code, _url = create_round(teacher, deals=1)
    finish(app, code, "Ada", 1, "a")
    pooled(app, {"a": mistake(2, "KS", "AS", "AS 7S 8S")})
    ask = skat_review.ask

    def ask_while_a_child_moves(*args):
        with closing(sqlite3.connect(_database(app), isolation_level=None)) as other:
            other.execute("update class_participant set nickname = nickname")
        return ask(*args)

    monkeypatch.setattr(skat_review, "ask", ask_while_a_child_moves)
    for _ in range(2):  # the pool's answer comes with the first or the second ask
        response = poll(teacher, code)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert stored(app, code, "Ada", 1).review is not None  # the pool's answer stored


#: The class's seed, pinned through the database before the child joins: both deals are played (none thrown
#: in), the child declares in each and scores 98 and 74 points with the beginner's moves.
SEED = "durability-5"
MOVES = re.compile(r'<input type="hidden" name="a" value="([^"]*)"')
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class Child:
    """A child's browser on the real server (no JavaScript: a move is a form posted, answered 303 to the deal's
    page); ``acknowledged`` holds the moves of each deal as the last page after a move showed them."""

    def __init__(self, base: str, code: str) -> None:
        self.client, self.code = Client(base), code
        self.plans = round_deals(SEED, 2)
        self.acknowledged: dict[int, list[str]] = {}
        self.shown = ""  # the last deal's page seen

    def page(self, path: str = "") -> str:
        """GET the child's round (or ``path`` under it), redirects followed; the final path (the page is kept)."""
        status, final, self.shown = self.client.get(f"/class/{self.code}/skat{path}", {"Accept-Language": "en"})
        assert status == 200, (status, self.shown[:300])
        return final.partition("#")[0]

    def state(self, number: int) -> tuple[list[str], TableState]:
        """The moves of deal ``number`` on the last page seen, and the game they reach."""
        found = MOVES.search(self.shown)
        codes = [c for c in found.group(1).split(".") if c] if found else []
        plan = self.plans[number - 1]
        return codes, replay(plan.seed, plan.number, codes)

    def move(self, number: int) -> None:
        """The child's next move in deal ``number`` (the beginner's) on the last page seen, posted; acknowledged
        when the page the answer leads to shows it."""
        codes, state = self.state(number)
        assert state.to_act == self.plans[number - 1].child
        move = action_code(bot_move(state).action)
        data = urlencode({"do": move, "csrf_token": TOKEN.search(self.shown).group(1)}).encode()
        with self.client.opener.open(f"{self.client.base}/class/{self.code}/skat/{number}", data=data,
                                     timeout=30) as response:
            assert response.status == 200 and response.geturl().partition("#")[0].endswith(f"/skat/{number}")
            self.shown = response.read().decode()  # the deal's page after the 303
        after = self.state(number)[0]
        assert after[:len(codes) + 1] == [*codes, move]
        self.acknowledged[number] = after

    def play(self, number: int, moves: int = 99) -> TableState:
        """Up to ``moves`` moves of deal ``number`` (to its end by default); the game reached."""
        for _ in range(moves):
            if self.state(number)[1].phase in (Phase.DONE, Phase.THROWN_IN):
                break
            self.move(number)
        return self.state(number)[1]


def _start(folder: Path, port: int, name: str) -> Served:
    served = Served([*SERVE, "--port", str(port), "--workers", "1", "--instance", str(folder)], folder / name)
    served.wait_ready(f"http://127.0.0.1:{port}/class")
    return served


def _stored(database: Path, code: str) -> dict[int, tuple[str, int, int | None]]:
    """The child's stored games: (moves, finished, points) by deal."""
    with closing(sqlite3.connect(database)) as connection:
        rows = connection.execute("select g.deal, g.moves, g.finished, g.points from class_skat_game g "
                                  "join class_session s on s.id = g.session_id where s.join_code = ?", (code,))
        return {deal: (moves, finished, points) for deal, moves, finished, points in rows}


def test_a_skat_round_survives_kill_9_of_the_real_server(tmp_path):
    """`kartenschule serve` on SQLite, killed with SIGKILL (the whole process group) in the middle of a deal and
    again right after a deal ended: after each restart on the same database every move the child saw
    acknowledged is stored, the finished deal keeps its points, and the child goes on where it was."""
    port, database = free_port(), tmp_path / "kartenschule.sqlite3"
    base = f"http://127.0.0.1:{port}"
    served = _start(tmp_path, port, "first")
    try:
        teacher = Client(base)
        code = teacher.submit("/class", {"kind": "skat_table", "deals": "2", "bots": "beginner", "coach": "0"},
                              "/class/new").split("/")[2]
        with closing(sqlite3.connect(database)) as connection, connection:
            connection.execute("update class_session set seed = ? where join_code = ?", (SEED, code))
        child = Child(base, code)
        assert child.client.submit("/class", {"code": code, "nickname": "Ada"}, "/class/join") == \
            f"/class/{code}/skat/1#table-stage"
        child.page("/1")
        child.play(1, moves=4)  # the bidding and the skat: the child declares in deal 1
        served.kill()  # SIGKILL (the main process and its worker), between two moves of a deal

        served = _start(tmp_path, port, "second")
        assert _stored(database, code) == {1: (".".join(child.acknowledged[1]), 0, None)}
        assert child.page() == f"/class/{code}/skat/1"  # the child's round: back at deal 1, every move there
        assert child.state(1)[0] == child.acknowledged[1]
        points = child_score(child.play(1), child.plans[0].child).points
        served.kill()  # right after the deal's last move

        served = _start(tmp_path, port, "third")
        assert _stored(database, code) == {1: (".".join(child.acknowledged[1]), 1, points)} and points == 98
        assert child.page() == f"/class/{code}/skat/2"  # on to the next deal
        child.play(2)
        assert child.page() == f"/class/{code}/skat" and 'id="skat-round-done"' in child.shown
        assert _stored(database, code)[2][1:] == (1, 74) and "172 points" in child.shown
    finally:
        served.kill()
