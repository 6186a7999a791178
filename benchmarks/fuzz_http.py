"""Fuzzer: hostile requests over real HTTP against ``kartenschule serve``; no answer may be a 5xx (issues 13, 34).

    .venv/bin/python benchmarks/fuzz_http.py [--requests 30000] [--seed 0] [--clients 8] [--redis-down]

Starts ``kartenschule serve`` (granian, one worker) on a free loopback port with a fresh instance folder and CSRF
protection on, as a school runs it. ``--redis-down`` points the rate limits at a Redis that is not there
(``KARTENSCHULE_RATELIMIT_STORAGE_URI`` to a closed port): the limiter must carry on without it.

The requests (reproducible from ``--seed``): first the pages reached by following links from the home page (up to
``--crawl`` of them), then mutations of them, each a random mix of: a query value replaced by a hostile value
(very long, non-ASCII, control characters, NUL, numbers out of range, markup), a parameter repeated many times, a
parameter name that does not exist, a path segment replaced, the query cut at a random point; POSTs of every
form found with mutated fields (with the page's CSRF token half of the time), and htmx headers at random.

Printed: requests sent, answers by status, every 5xx with its request (at most 20), the requests over
:data:`LONG_URL` bytes on which the HTTP server closed the connection (its own limit of a request line), any
other transport error, and the median and p99 seconds of an answer. Exit status 1 when any answer was a 5xx or
a request got no answer otherwise.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
HREF = re.compile(r'(?:href|hx-get|action)="(/[^"#]*)"')
FORM = re.compile(r'<form([^>]*)>(.*?)</form>', re.S | re.I)
ACTION = re.compile(r'action="(/[^"]*)"')
FIELD = re.compile(r'<(?:input|select|textarea|button)[^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?', re.I)
TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
#: A request line longer than this may be refused by the HTTP server (granian) by closing the connection.
LONG_URL = 8192
#: Hostile values: long, odd characters, numbers at the edges, markup, encodings.
HOSTILE = [
    "", " ", "0", "-1", "1e309", "99999999999999999999999", "NaN", "１２", "٣", "\x00", "%00", "\t\r\n", "\u202e",
    "<script>alert(1)</script>", "'\"><img src=x onerror=1>", "../../etc/passwd", "a" * 5000, "ä" * 3000,
    "😀" * 500, "=cmd|' /C calc'!A0", "＝1+1", "{{7*7}}", "%s%s%s", "\\x41", "☃", "AAAAAA", "zzzzzz", "ABC123",
    "1" * 400, ",".join(["1"] * 300), "2g3g4g5g6g7g8g9g0gJgQgKgAgP" * 20,
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, instance: Path, redis_down: bool = False, workers: int | None = 1) -> subprocess.Popen:
    """``kartenschule serve`` on ``port`` with ``instance`` (its own process group); ``workers`` None: the
    command's default; ``redis_down``: the rate limits pointed at a closed port."""
    env = {**os.environ, "KARTENSCHULE_SECRET_KEY": "fuzz-secret"}
    if redis_down:
        env["KARTENSCHULE_RATELIMIT_STORAGE_URI"] = f"redis://{HOST}:{free_port()}"
    command = [sys.executable, "-c", "from webapp.cli import main; main()", "serve", "--port", str(port),
               *(["--workers", str(workers)] if workers is not None else []), "--instance", str(instance)]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


class Browser:
    """One keep-alive connection and its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.reconnects = 0

    def send(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
             timeout: float = 30.0) -> tuple[int, str]:
        """One request; on a kept-alive connection the server had already closed (it may close one after a
        refusal such as 414), sent once more on a new connection, as browsers do (counted in ``reconnects``)."""
        reused = self.connection is not None
        try:
            return self._send(method, path, body, headers, timeout)
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            if not reused:
                raise
            self.reconnects += 1
            return self._send(method, path, body, headers, timeout)

    def _send(self, method: str, path: str, body: bytes, headers: dict[str, str] | None,
              timeout: float) -> tuple[int, str]:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=timeout)
        head = {"Host": f"{HOST}:{self.port}", **(headers or {})}
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body:
            head["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body or None, headers=head)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = None
            raise
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
            self.connection = None
        return response.status, data.decode("utf-8", "replace")


def crawl(port: int, limit: int) -> tuple[list[str], list[tuple[str, list[tuple[str, str]]]]]:
    """Pages reached from ``/`` by links (breadth first, at most ``limit``) and the POST forms found on them."""
    browser = Browser(port)
    queue = ["/"] + skat_games()
    seen, pages, forms = set(queue), [], {}
    while queue and len(pages) < limit:
        path = queue.pop(0)
        try:
            status, text = browser.send("GET", path)
        except (OSError, http.client.HTTPException):
            continue
        pages.append(path)
        for link in HREF.findall(text):
            link = unescape(link)
            if link not in seen and not link.startswith("/static/"):
                seen.add(link)
                queue.append(link)
        for attributes, inner in FORM.findall(text):
            action = ACTION.search(attributes)
            fields = [(unescape(n), unescape(v or "")) for n, v in FIELD.findall(inner) if n != "csrf_token"]
            target = unescape(action.group(1)) if action else urlsplit(path).path
            if 'method="post"' in attributes.lower():
                forms.setdefault(target, fields)
            else:  # a GET form: the page it asks for, with the first value of each field
                link = target + "?" + urlencode(list(dict(fields).items()))
                if link not in seen:
                    seen.add(link)
                    queue.append(link)
    return pages, sorted(forms.items())


def skat_games() -> list[str]:
    """Skat table links in every phase of whole bot games (the longest replays the route takes)."""
    sys.path.insert(0, str(ROOT))
    from webapp.games.skat.table_codes import bot_game_codes

    links = []
    for seed in range(1, 6):
        codes = bot_game_codes(seed)[1]
        for cut in (len(codes) // 4, len(codes) // 2, len(codes) - 3, len(codes)):
            links.append(f"/skat/table?seed={seed}&game=1&a=" + ".".join(codes[:cut]))
    return links


def mutate(path: str, rng: random.Random) -> str:
    """A hostile variant of ``path`` (see the module's docstring)."""
    parts = urlsplit(path)
    query = parse_qsl(parts.query, keep_blank_values=True)
    segments = parts.path.split("/")
    for _ in range(rng.randint(1, 3)):
        what = rng.random()
        if query and what < 0.35:
            i = rng.randrange(len(query))
            query[i] = (query[i][0], rng.choice(HOSTILE))
        elif query and what < 0.5:
            query += [rng.choice(query)] * rng.choice((2, 50, 300))
        elif what < 0.65:
            query.append((rng.choice(["a", "do", "m", "v", "lang", "deck", "seed", "n", "code", "x" * 200]),
                          rng.choice(HOSTILE)))
        elif what < 0.8 and len(segments) > 1:
            segments[rng.randrange(1, len(segments))] = quote(rng.choice(HOSTILE)[:300], safe="")
        elif query:
            query = query[:rng.randrange(len(query))]
    text = urlencode(query)
    if rng.random() < 0.1 and text:
        text = text[:rng.randrange(len(text))]
    return "/".join(segments) + ("?" + text if text else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--crawl", type=int, default=400)
    parser.add_argument("--redis-down", action="store_true")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, Path(folder), args.redis_down)
        try:
            return run(args, port)
        finally:
            os.killpg(server.pid, 15)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)


def run(args: argparse.Namespace, port: int) -> int:
    for _ in range(300):
        try:
            if Browser(port).send("GET", "/", timeout=2)[0] == 200:
                break
        except (OSError, http.client.HTTPException):
            time.sleep(0.1)
    else:
        print("the server did not start", file=sys.stderr)
        return 1
    pages, forms = crawl(port, args.crawl)
    print(f"crawled {len(pages)} pages, {len(forms)} forms")
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    errors: Counter[str] = Counter()
    seconds: list[float] = []
    reconnects = [0]
    broken: list[str] = []
    closed = [0]
    lock = threading.Lock()

    def client(number: int) -> None:
        rng = random.Random(args.seed * 1000 + number)
        browser = Browser(port)
        token = ""
        for i in range(number, args.requests, args.clients):
            headers = {"HX-Request": "true"} if rng.random() < 0.3 else {}
            if forms and rng.random() < 0.25:
                action, fields = rng.choice(forms)
                data = [(n, rng.choice(HOSTILE) if rng.random() < 0.5 else v) for n, v in fields]
                if token and rng.random() < 0.5:
                    data.append(("csrf_token", token))
                request = ("POST", mutate(action, rng) if rng.random() < 0.2 else action, urlencode(data).encode())
            else:
                page = rng.choice(pages)
                request = ("GET", page if rng.random() < 0.1 else mutate(page, rng), b"")
            started = time.perf_counter()
            try:
                status, text = browser.send(*request, headers=headers)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    if len(request[1]) > LONG_URL and isinstance(error, (BrokenPipeError, ConnectionResetError)):
                        closed[0] += 1  # the HTTP server refuses such a request line by closing the connection
                        continue
                    errors[type(error).__name__] += 1
                    if len(broken) < 5:
                        broken.append(f"{type(error).__name__} {request[0]} {request[1][:120]} "
                                      f"({len(request[2])} bytes of body)")
                continue
            took = time.perf_counter() - started
            found = TOKEN.search(text)
            if found:
                token = found.group(1)
            with lock:
                statuses[status] += 1
                seconds.append(took)
                if status >= 500 and len(failures) < 20:
                    failures.append(f"{status} {request[0]} {request[1][:300]}")
        with lock:
            reconnects[0] += browser.reconnects

    started = time.perf_counter()
    with ThreadPoolExecutor(args.clients) as pool:
        list(pool.map(client, range(args.clients)))
    wall = time.perf_counter() - started
    sent = sum(statuses.values()) + sum(errors.values()) + closed[0]
    print(f"requests: {sent} in {wall:.0f} s ({sent / wall:.0f} a second), redis down: {args.redis_down}")
    print("answers: " + ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items())))
    fives = sum(count for status, count in statuses.items() if status >= 500)
    print(f"5xx: {fives}" + "".join(f"\n  {line}" for line in failures))
    print(f"request lines over {LONG_URL} bytes the server closed the connection on: {closed[0]}")
    print("transport errors: " + (", ".join(f"{k}: {v}" for k, v in errors.items()) or "none")
          + f" (kept-alive connections the server had closed, sent again: {reconnects[0]})"
          + "".join(f"\n  {line}" for line in broken))
    if seconds:
        seconds.sort()
        print(f"answer time: median {statistics.median(seconds) * 1000:.0f} ms, "
              f"p99 {seconds[int(0.99 * (len(seconds) - 1))] * 1000:.0f} ms, max {seconds[-1] * 1000:.0f} ms")
    return 1 if fives or errors else 0


if __name__ == "__main__":
    sys.exit(main())
