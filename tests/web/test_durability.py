"""An acknowledged answer is never lost: SIGKILL the real server mid-session, restart, look.

The server runs in a subprocess (``flask run``, threaded) on a SQLite file.
Children answer class questions and quiz questions from several threads; once
enough answers are acknowledged (the server answered the POST), the server is
killed with SIGKILL, with more answers still in flight. A new server on the
same database must show every acknowledged answer.
"""

from __future__ import annotations

import csv
import http.client
import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What a request to a server being killed can raise: no answer, so nothing was acknowledged.
GONE = (urllib.error.URLError, ConnectionError, OSError, http.client.HTTPException)


class Browser:
    """A tiny HTTP client with its own cookies that follows redirects."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path, timeout=10) as response:
            return response.geturl().removeprefix(self.base), response.read().decode()

    def post(self, path: str, form: dict) -> str:
        data = urllib.parse.urlencode(form).encode()
        with self.opener.open(self.base + path, data=data, timeout=10) as response:
            response.read()
            return response.geturl().removeprefix(self.base)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(database: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "KARTENSCHULE_SECRET_KEY": "durability",
           "KARTENSCHULE_WTF_CSRF_ENABLED": "false", "KARTENSCHULE_CLASS_JOIN_LIMIT": '"1000 per minute"'}
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "webapp", "run", "--port", str(port), "--with-threads", "--no-reload"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/class", timeout=2).read()
            return process, base
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    process.kill()
    pytest.fail("the server did not start within 30 s")


def test_acknowledged_answers_survive_sigkill(tmp_path):
    database = tmp_path / "durable.sqlite3"
    server, base = start_server(database)
    try:
        teacher = Browser(base)
        teacher_url = teacher.post("/class/new", {"kind": "tichu_legality", "difficulty": "normal"})
        code = teacher_url.split("/")[2]
        teacher.post(teacher_url + "/do", {"action": "ask"})
        children = []
        for n in range(6):
            child = Browser(base)
            child.post("/class/join", {"code": code, "nickname": f"Kind {n}"})
            children.append(child)
        runs = []
        for _ in range(4):
            quizzer = Browser(base)
            runs.append((quizzer, quizzer.post("/quiz", {"kind": "skat_family", "difficulty": "normal", "count": "30"})))

        acknowledged: list[tuple[str, int]] = []  # (run url, position) the server confirmed
        class_acks: list[str] = []
        lock = threading.Lock()

        def answer_quiz(quizzer: Browser, run_url: str) -> None:
            for position in range(30):
                try:
                    quizzer.post(run_url + "/answer", {"position": position, "trump": "pass"})
                except GONE:
                    return  # the server is gone; this answer was not acknowledged
                with lock:
                    acknowledged.append((run_url, position))

        def answer_class(n: int, child: Browser) -> None:
            try:
                child.post(f"/class/{code}/answer", {"round": "1", "legal": "no"})
            except GONE:
                return
            with lock:
                class_acks.append(f"Kind {n}")

        threads = [threading.Thread(target=answer_quiz, args=run) for run in runs]
        threads += [threading.Thread(target=answer_class, args=(n, c)) for n, c in enumerate(children)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 20 and time.monotonic() < deadline:
            time.sleep(0.005)
        server.send_signal(signal.SIGKILL)  # mid-session: answers are still coming in
        server.wait(timeout=10)
        for thread in threads:
            thread.join(timeout=30)
        assert len(acknowledged) >= 20
        assert len(acknowledged) < 4 * 30, "the kill came too late to be mid-session"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()

    server, base = start_server(database)
    try:
        reader = Browser(base)
        for run_url, position in acknowledged:
            final, html = reader.get(f"{run_url}/{position}")
            assert final == f"{run_url}/{position}", f"answer {position} of {run_url} was lost"
            assert 'id="feedback-given"' in html
        teacher.base = base  # the same browser (it keeps its teacher cookie), the restarted server
        _, text = teacher.get(teacher_url + "/export.csv")
        stored = {row[1] for row in list(csv.reader(io.StringIO(text)))[1:]}
        assert set(class_acks) <= stored
    finally:
        server.kill()
        server.wait()
