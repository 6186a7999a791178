"""``/skat/table/analysis`` ("where did I lose?") and the CLI's ``skat solve`` / ``skat analyse``.

The analysis runs in a worker process (a real spawn pool here: what the server does); the route never waits for
it: it answers "thinking" and the page asks again. Hostile and bad queries answer 4xx, never 500.
"""

from __future__ import annotations

import os
import time

import pytest

from webapp.games.skat import analysis_pool
from webapp.games.skat.analysis_pool import AnalysisPool, Status
from webapp.games.skat.table import Phase
from webapp.games.skat.table_codes import bot_game_codes

EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", **EN}


def finished_codes(seed: int, number: int = 1) -> list[str]:
    """A whole game played by the bots' rules from the deal (the child's moves are the bot's choice too)."""
    state, codes = bot_game_codes(seed, number)
    assert state.phase is Phase.DONE
    return codes


def ask(client, codes: list[str], seed: int = 7, headers=HX, timeout: float = 60.0):
    """Ask until the answer is no longer "thinking" (as htmx would, every second; here faster)."""
    url = f"/skat/table/analysis?seed={seed}&game=1&a={'.'.join(codes)}"
    deadline = time.monotonic() + timeout
    while True:
        response = client.get(url, headers=headers)
        if b"analysis-thinking" not in response.data or time.monotonic() > deadline:
            return response
        time.sleep(0.2)


@pytest.fixture
def pooled(app):
    yield app
    app.extensions[analysis_pool.EXTENSION].close()


def test_the_analysis_is_thinking_first_then_swapped_in(pooled):
    """The first ask answers at once with "thinking" (and asks again); the answer comes from the worker."""
    client = pooled.test_client()
    codes = finished_codes(7)
    first = client.get(f"/skat/table/analysis?seed=7&game=1&a={'.'.join(codes)}", headers=HX)  # never waits: thinking
    assert first.status_code == 200
    assert b'id="analysis-thinking"' in first.data and b'hx-trigger="load delay:1s"' in first.data
    done = ask(client, codes)
    assert done.status_code == 200
    assert b'id="analysis-steps"' in done.data
    assert b"With the cards open" in done.data


def test_try_it_yourself_opens_the_table_before_the_deciding_card_with_open_cards(pooled):
    """Deal 33: the child (forehand) defends and its 9 of clubs in trick 8 decided the game; the link opens the
    table just before that card, the child to play, the cards open."""
    import html
    import re

    client = pooled.test_client()
    codes = finished_codes(33)
    done = ask(client, codes, seed=33)
    page = done.get_data(as_text=True)
    found = re.search(r'id="analysis-retry" href="([^"]+)"', page)
    assert found, page
    url = html.unescape(found.group(1))
    assert "open=1" in url and url.endswith("#table-stage")
    query = url.split("?", 1)[1].split("#")[0]
    table = client.get("/skat/table?" + query, headers=EN)
    assert table.status_code == 200
    text = table.get_data(as_text=True)
    assert 'id="table-board"' in text and "You lead this trick" in text  # the child led trick 8
    moves = dict(part.split("=", 1) for part in query.split("&"))["a"].split(".")
    assert moves == codes[:len(moves)] and len(moves) == len(codes) - 30 + 7 * 3  # the 9 of clubs not yet played


def test_without_javascript_the_page_refreshes_itself(pooled):
    client = pooled.test_client()
    codes = finished_codes(7)
    page = client.get(f"/skat/table/analysis?seed=7&game=1&a={'.'.join(codes)}", headers=EN)
    assert page.status_code == 200
    assert b'<meta http-equiv="refresh" content="2">' in page.data
    assert b'id="back-to-table"' in page.data
    done = ask(client, codes, headers=EN)
    assert b'http-equiv="refresh"' not in done.data and b'id="analysis-steps"' in done.data


def test_without_moves_the_address_leads_to_the_table(client):
    response = client.get("/skat/table/analysis?seed=7&game=2", headers=EN)
    assert response.status_code == 303 and response.headers["Location"].endswith("/skat/table?seed=7&game=2")


def test_the_finished_table_page_links_the_analysis(client):
    codes = finished_codes(7)
    page = client.get(f"/skat/table?seed=7&game=1&a={'.'.join(codes)}", headers=EN)
    assert page.status_code == 200
    assert b'hx-get="/skat/table/analysis?seed=7' in page.data
    assert b'href="/skat/table/analysis?seed=7' in page.data  # the link without JavaScript


@pytest.mark.parametrize("query, status", [
    ("seed=7&game=1&a=18.yes", 409),  # not finished
    ("seed=7&game=1&a=pass", 409),
    ("seed=7&game=1&a=" + "x" * 5000, 400),
    ("seed=abc&game=1&a=18", 400),
    ("seed=7&game=0&a=18", 400),
    ("seed=7&game=1&a=18.yes.20.yes.pass.pass.skat.put:8H,0S.clubs.AH", 409),  # a card the declarer does not hold
])
def test_bad_queries_answer_4xx(client, query, status):
    response = client.get("/skat/table/analysis?" + query, headers=EN)
    assert response.status_code == status


def test_a_full_queue_answers_busy_and_one_child_runs_one_analysis_at_a_time():
    """The queue bound and the one-at-a-time rule, with a runner that never finishes on its own."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    gate = threading.Event()

    class Held(AnalysisPool):
        def _pool(self):
            if self._executor is None:
                self._executor = ThreadPoolExecutor(4)
            return self._executor

    pool = Held(workers=1, queue=2, kept=4, runner=lambda *args: gate.wait() and None)
    assert pool.ask((1, 1, ("a",)), 0, "lea").status is Status.THINKING
    assert pool.ask((1, 1, ("b",)), 0, "lea").status is Status.THINKING  # Lea's second waits for her first
    assert len(pool._running) == 1
    assert pool.ask((2, 1, ("a",)), 0, "max").status is Status.THINKING
    assert pool.ask((3, 1, ("a",)), 0, "tom").status is Status.BUSY  # the queue holds 2
    gate.set()
    pool._executor.shutdown(wait=True)
    assert pool.ask((1, 1, ("a",)), 0, "lea").status is Status.READY
    pool.close()


def test_the_cli_solves_and_refuses_bad_positions(runner):
    result = runner.invoke(args=["skat", "solve", "--game", "grand", "JC JS", "AH 7H", "0H 8H"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["declarer 25", "best JC JS"]
    null = runner.invoke(args=["skat", "solve", "--game", "null", "--lead", "left", "--trick", "8C",
                               "7C AC", "9H", "9C 0H"])
    assert null.output.splitlines() == ["declarer wins", "best 9C"]
    bad = runner.invoke(args=["skat", "solve", "--game", "grand", "JC JS", "AH 7H", "0H"])
    assert bad.exit_code == 2
    assert "do not fit the trick" in bad.output
    twice = runner.invoke(args=["skat", "solve", "--game", "grand", "JC JS", "AH JS", "0H 8H"])
    assert twice.exit_code == 2


def test_the_cli_analyses_a_finished_game(runner):
    codes = finished_codes(5)
    result = runner.invoke(args=["skat", "analyse", "--seed", "5", "--moves", ".".join(codes), "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "offenen Karten" in result.output
    unfinished = runner.invoke(args=["skat", "analyse", "--seed", "5", "--moves", "18"])
    assert unfinished.exit_code == 2


@pytest.mark.parametrize("name, value", [("SKAT_ANALYSIS_WORKERS", 0), ("SKAT_ANALYSIS_WORKERS", "two"),
                                         ("SKAT_ANALYSIS_QUEUE", -1), ("SKAT_ANALYSIS_KEPT", 2.5),
                                         ("SKAT_ANALYSIS_WORKERS", True)])
def test_a_pool_setting_that_is_no_sensible_number_stops_the_app_with_its_name(tmp_path, name, value):
    from webapp import SettingError, create_app

    with pytest.raises(SettingError, match=f"{name} must be a whole number from"):
        create_app({"TESTING": True, "SECRET_KEY": "x", name: value,
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}"})


def test_a_poll_for_a_known_game_does_not_replay_it(pooled, monkeypatch):
    """Thirty tablets ask every second: once a game is checked and asked for, a poll only looks it up."""
    from webapp.games.skat import analysis_views

    client = pooled.test_client()
    codes = finished_codes(7)
    url = f"/skat/table/analysis?seed=7&game=1&a={'.'.join(codes)}"
    assert client.get(url, headers=HX).status_code == 200
    calls = []
    monkeypatch.setattr(analysis_views, "read_game", lambda: calls.append(1) or pytest.fail("replayed"))
    assert client.get(url, headers=HX).status_code == 200
    done = ask(client, codes)
    assert b'id="analysis-steps"' in done.data and calls == []
    # a game never asked for is checked in full (here: the stub refuses, so the test would fail if it were not)
    monkeypatch.undo()
    assert client.get(url.replace("seed=7", "seed=8"), headers=HX).status_code in (400, 409)


@pytest.mark.parametrize("warm", [True, False])
def test_the_table_starts_the_analysis_workers_while_a_game_is_played(app, warm):
    """With SKAT_ANALYSIS_WARM (kartenschule serve) the workers start during the card play, so that the analysis
    after the last trick does not wait for a process to start; off (the default, tests' apps), nothing starts (the
    coach is off here: its card chances would start a worker)."""
    app.config["SKAT_ANALYSIS_WARM"] = warm
    pool = app.extensions[analysis_pool.EXTENSION]
    codes = finished_codes(7)
    playing = ".".join(codes[:-5])  # in the tenth trick
    try:
        page = app.test_client().get(f"/skat/table?seed=7&game=1&coach=0&a={playing}", headers=EN,
                                         follow_redirects=True)
        assert page.status_code == 200 and b"phase-play" in page.data
        assert (pool._executor is not None) == warm
    finally:
        pool.close()


def _held_pools(tmp_path, gate):
    """Two pools on one folder, as two server processes of one instance, with a runner that waits for ``gate``."""
    from concurrent.futures import ThreadPoolExecutor

    class Held(AnalysisPool):
        def _pool(self):
            if self._executor is None:
                self._executor = ThreadPoolExecutor(2)
            return self._executor

    def runner(seed, number, codes, player):
        from webapp.games.skat.analysis_pool import run

        gate.wait(30)
        return run(seed, number, codes, player)

    return [Held(workers=1, queue=4, kept=4, runner=runner, folder=tmp_path / "shared") for _ in range(2)]


def test_two_server_processes_analyse_a_game_once_and_share_the_answer(tmp_path):
    import threading

    gate = threading.Event()
    first, second = _held_pools(tmp_path, gate)
    key = (7, 1, tuple(finished_codes(7)))
    assert first.ask(key, 0, "lea").status is Status.THINKING
    assert second.ask(key, 0, "lea").status is Status.THINKING  # claimed by the first: not started again
    assert second._running == {} and second.peek(key).status is Status.THINKING
    gate.set()
    first._executor.shutdown(wait=True)
    assert first.ask(key, 0, "lea").status is Status.READY
    shared = second.peek(key)  # from the file the first wrote: no replay, no second analysis
    assert shared.status is Status.READY and shared.result == first.ask(key, 0, "lea").result
    assert not list((tmp_path / "shared").glob("*.running"))


def test_a_stale_claim_is_taken_over_and_a_damaged_answer_analysed_again(tmp_path):
    import os
    import threading

    gate = threading.Event()
    gate.set()
    first, second = _held_pools(tmp_path, gate)
    key = (7, 1, tuple(finished_codes(7)))
    files = first._files
    assert files.claim(key)  # a process that then stopped
    old = files._path(key, ".running")
    os.utime(old, (0, 0))
    assert second.ask(key, 0, "max").status is Status.THINKING and key in second._running
    second._executor.shutdown(wait=True)
    assert second.ask(key, 0, "max").status is Status.READY
    files._path(key, ".pickle").write_bytes(b"not a pickle")
    assert first.peek(key) is None  # the damaged file is dropped: the next ask analyses again


@pytest.mark.parametrize("seed, game", [("¹", "1"), ("3", "¹"), ("٣", "1"), ("3", "²")])
def test_digits_that_are_not_ascii_answer_4xx(client, seed, game):
    """Python's isdigit says yes to "¹" and "٣", int() does not to the first (found by the fuzzer on a fresh clone)."""
    response = client.get(f"/skat/table/analysis?seed={seed}&game={game}&a=18", headers=EN)
    assert 400 <= response.status_code < 500


def test_a_killed_worker_does_not_break_the_table(tmp_path):
    """A worker process killed (the machine's memory killer, an operator) breaks a process pool for good: the next
    job gets a new pool instead of an error page, and the job that was lost with the worker runs again when asked
    (it is not kept as "could not be checked")."""
    import os
    import signal

    pool = AnalysisPool(workers=1, queue=4, kept=4)
    try:
        lost = (3, 1, tuple(finished_codes(3)))
        assert pool.ask(lost, 0, "max").status is Status.THINKING  # running when its worker is killed
        executor = pool._executor
        deadline = time.monotonic() + 30
        while not executor._processes and time.monotonic() < deadline:
            time.sleep(0.05)
        for pid in list(executor._processes):
            os.kill(pid, signal.SIGKILL)
        while not executor._broken and time.monotonic() < deadline:
            time.sleep(0.05)
        key = (7, 1, tuple(finished_codes(7)))
        assert pool.ask(key, 0, "lea").status is Status.THINKING
        while pool.peek(key).status is Status.THINKING and time.monotonic() < deadline + 60:
            time.sleep(0.2)
        assert pool.peek(key).status is Status.READY
        assert pool.peek(lost) is None  # not kept as failed: asked again, it runs again
        assert pool.ask(lost, 0, "max").status is Status.THINKING
    finally:
        pool.close()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no os.nice on this system")
def test_the_analysis_workers_run_at_a_lower_priority_than_the_server():
    """An analysis takes what the request threads leave (issue 37: a class plays on while its finished deals are
    analysed): the pool's workers start with their niceness raised by NICENESS."""
    pool = AnalysisPool(workers=1, queue=4, kept=4)
    try:
        assert pool._pool().submit(os.nice, 0).result(timeout=60) == min(os.nice(0) + analysis_pool.NICENESS, 19)
    finally:
        pool.close()
