"""Load benchmark: 30 classes of 30 children (900 tablets) answering for 60 s against `kartenschule serve`.

    .venv/bin/python benchmarks/classroom_load.py            # or: make bench
    .venv/bin/python benchmarks/classroom_load.py --database postgresql --workers 4 --seconds 30
    .venv/bin/python benchmarks/classroom_load.py --servers 2 --kill-after 20     # scale-out: see below
    .venv/bin/python benchmarks/classroom_load.py --no-peer    # without the second run on gunicorn (the peer)
    .venv/bin/python benchmarks/classroom_load.py --no-peer --write-stall 0.5    # a disk that holds up commits

Starts ``kartenschule serve`` (granian: ``--workers`` processes of ``--threads`` threads, by default 2 x 64 on
SQLite and 2 x 4 on PostgreSQL, as the command chooses: ``webapp.serve.default_threads``) on 127.0.0.1, then
(unless ``--no-peer``) the same load on the peer it replaced, gunicorn with gthread workers
(``--server gunicorn``: that one alone), and prints the ratios. Each run has a fresh
temporary database (SQLite in WAL mode by default; ``--database postgresql``
starts a throwaway PostgreSQL server as the tests do), CSRF protection on as
in production. Then every teacher and child is a small HTTP/1.1 client with its own
cookies and one keep-alive connection (asyncio streams; no httpx: it
cost the generator 0.85 of a core), all in one asyncio loop:

* a child polls its panel every 2 s, as its page does (``/play/state``: 204 while nothing
  changed) and answers each new question after 1 to 5 s of thinking;
* a teacher polls the presenter's board every second and the list of children every 2 s, as the page does (204
  while nothing changed; while a round is open, the count alone when only it changed) and, every 12 s, closes
  the round (when its 10 s countdown has not closed it already), shows the leaderboard and asks the next
  question with a 10 s countdown and the speed bonus on. Each class goes at its own pace: its first question
  comes at a random moment of the first 12 s. With ``--together`` every class asks within the same second (a
  whole school's quiz started at once: the worst case, where 900 tablets fetch a question, answer and see the
  solution at the same moments).

Printed: requests per second, p50/p95/p99/max latency (all requests and by
route), errors (transport errors and unexpected statuses), late answers (409
when a round closed just before the answer arrived: expected, not an error),
and a check that every acknowledged answer is in the teacher's CSV export. Also the machine's stalls during the
measurement: how often a separate process that sleeps 5 ms at a time woke more than 50 ms late, and the CPU time
the host took from this virtual machine (``steal``): in a stall every request in flight waits, whatever the server.

A slow disk (``--write-stall 0.5``): every 20 s of the measurement, a thread of the load generator holds SQLite's
write lock for that long, as a commit whose fsync the disk delays would; every answer and teacher's action that
arrives meanwhile waits for it on a server thread. The tablets' polls write nothing and should not wait with them.

Scale-out (``--servers 2``): two servers on two ports share one PostgreSQL database (``--database
postgresql`` is implied) and one Redis server for the rate limits (Debian's ``redis-server``, started on a free
port in a temporary folder, no persistence); the children are spread over the servers, the teachers use the
first. ``--kill-after S`` kills the last server with ``kill -9`` (its whole process group: the main process and
every worker, as when a machine dies) S seconds into the measurement. A child whose request then fails moves to a live
server and sends the same request again, as a load balancer would; every request is safe to send twice (an
answer counts once, the first). Those moves are counted as failovers, not errors; an error is a request that no
server answered.
The aim on the 2-core development machine is 0 errors and p99 below 100 ms;
the load generator runs on the same two cores as the server, so the figures
are pessimistic (and more so when the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import os
import random
import re
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's webapp, as the servers it starts (their working folder is ROOT)
from webapp.serve import default_threads  # noqa: E402
TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
VERSION = re.compile(r'/play/state\?v=([^"&]+)"')
BOARD = re.compile(r'id="board-v"[^>]*><input type="hidden" name="v" value="([^"]+)"')
CHILDREN = re.compile(r'/present/children\?v=([^"&]+)"')
HOST = "127.0.0.1"
#: Seconds between two holds of the write lock with ``--write-stall``.
STALL_EVERY = 20
#: The SQLite database's file name in the run's temporary folder.
SQLITE_FILE = "bench.sqlite3"


class HTTPError(Exception):
    """A transport failure: connection refused or reset, timeout, malformed response."""


class Reply:
    """An HTTP response as far as the benchmark needs it."""

    def __init__(self, status_code: int, headers: dict[str, str], body: bytes, path: str) -> None:
        self.status_code = status_code
        self.headers = headers
        self.body = body
        self.path = path  # the path of the request that got this reply (after redirects)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Client:
    """One browser: its cookies and one keep-alive HTTP/1.1 connection, on asyncio streams.

    Much cheaper than an httpx client (no URL, header or cookie-jar objects a
    request), so the load generator leaves the CPU to the server.
    """

    def __init__(self, host: str, port: int, timeout: float = 30, cluster: "Cluster | None" = None) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.cookies: dict[str, str] = {}
        self.stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.cluster = cluster  # with a cluster, a failed request moves to a live server and is sent again

    async def request(self, method: str, path: str, data: dict | None = None, params: dict | None = None,
                      headers: dict | None = None, follow_redirects: bool = False) -> Reply:
        for _ in range(5):
            reply = await self._once(method, path, data, params, headers)
            if not (follow_redirects and reply.status_code in (301, 302, 303, 307, 308)):
                return reply
            method, path, data, params = "GET", urlsplit(reply.headers["location"])._replace(scheme="", netloc="").geturl(), None, None
        raise HTTPError("too many redirects")

    async def get(self, path: str, **kwargs) -> Reply:
        return await self.request("GET", path, **kwargs)

    async def _once(self, method, path, data, params, headers) -> Reply:
        if params:
            path += "?" + urlencode(params)
        body = urlencode(data).encode() if data is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        if data is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        lines.extend(f"{k}: {v}" for k, v in (headers or {}).items())
        while True:
            request = ("\r\n".join([*lines[:1], f"Host: {self.host}:{self.port}", *lines[2:]]) + "\r\n\r\n").encode() + body
            try:
                return await asyncio.wait_for(self._exchange(request, path, method), self.timeout)
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, ValueError) as error:
                self.close()
                other = self.cluster.failover(self.port) if self.cluster is not None else None
                if other is None:
                    raise HTTPError(f"{type(error).__name__}: {error}") from error
                self.port = other

    async def _exchange(self, request: bytes, path: str, method: str) -> Reply:
        if self.stream is None:
            self.stream = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.stream
        writer.write(request)
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        headers: dict[str, str] = {}
        for line in head[1:]:
            if not line:
                continue
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                self._set_cookie(value)
            headers[name] = value
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            body = b""
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
                pass
            body = b"".join(parts)
        elif "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        else:
            body = await reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Reply(status, headers, body, path)

    def _set_cookie(self, value: str) -> None:
        pair, *attributes = value.split(";")
        name, _, content = pair.strip().partition("=")
        expired = any(a.strip().lower() in ("max-age=0",) for a in attributes) or (
            content == "" and any(a.strip().lower().startswith("expires=thu, 01 jan 1970") for a in attributes))
        if expired:
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = content

    def close(self) -> None:
        if self.stream is not None:
            self.stream[1].close()
            self.stream = None


class Cluster:
    """The servers' ports and which of them were killed: where a failed request goes next (a load balancer)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.dead: set[int] = set()
        self.failovers = 0
        self.start = 0.0

    def failover(self, port: int) -> int | None:
        """The port to send a failed request to next, or None when ``port``'s server was not killed (a real error)."""
        if port not in self.dead:
            return None
        self.failovers += 1
        live = [p for p in self.ports if p not in self.dead]
        return live[port % len(live)] if live else None


class Stats:
    """Latencies (ms) by route and the problems seen."""

    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.late = 0
        self.acknowledged: dict[str, int] = defaultdict(int)
        self.measuring = False
        self.joined = 0

    async def request(self, client: Client, route: str, method: str, url: str, ok=(200,), **kwargs):
        start = time.perf_counter()
        try:
            response = await client.request(method, url, **kwargs)
        except HTTPError as error:
            if self.measuring:
                self.errors.append(f"{route}: {error}")
            return None
        elapsed = (time.perf_counter() - start) * 1000
        if self.measuring:
            self.latencies[route].append(elapsed)
            if response.status_code == 409 and route == "answer":
                self.late += 1
            elif response.status_code not in ok:
                self.errors.append(f"{route}: HTTP {response.status_code}")
        return response


#: A process that sleeps 5 ms at a time for argv[1] seconds, then prints how often and how late it woke: when the
#: machine stops (the host takes its cores, or everything on it waits), every request in flight waits as well.
SLEEPER = """
import sys, time
late, end = [], time.monotonic() + float(sys.argv[1])
while time.monotonic() < end:
    before = time.monotonic()
    time.sleep(0.005)
    late.append((time.monotonic() - before - 0.005) * 1000)
print(sum(ms > 50 for ms in late), max(late, default=0.0))
"""


def stolen_seconds() -> float:
    """CPU time the host has taken from this virtual machine since it started (``steal`` in ``/proc/stat``),
    in seconds; 0 where there is no such figure."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(workdir: Path) -> tuple[subprocess.Popen, str]:
    """A throwaway Redis server (Debian's ``redis-server``) on a free loopback port, no persistence; its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("--servers 2 needs redis-server for the shared rate limits (Debian: apt-get install redis-server)")
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
                               "--dir", str(workdir), "--loglevel", "warning"], stdout=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection((HOST, port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                if connection.recv(16).startswith(b"+PONG"):
                    return server, f"redis://{HOST}:{port}"
        except OSError:
            pass
        time.sleep(0.05)
    server.kill()
    raise SystemExit("redis-server did not start")


def start_server(server: str, database_url: str, workers: int, threads: int, port: int, instance: Path,
                 limiter: str = "memory://") -> subprocess.Popen:
    """``kartenschule serve`` (``server`` "granian") or gunicorn ("gunicorn", gthread workers) on ``port``."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "KARTENSCHULE_RATELIMIT_STORAGE_URI": limiter,
        "KARTENSCHULE_SECRET_KEY": "benchmark-secret",
        "KARTENSCHULE_CLASS_JOIN_LIMIT": '"100000 per minute"',
        "KARTENSCHULE_CLASS_CREATE_LIMIT": '"100000 per minute"',
        # 30 classes of 30 children from one address (127.0.0.1): thirty times a school NAT's class
        "KARTENSCHULE_CLASS_ANSWER_LIMIT": '"100000 per minute"',
        "KARTENSCHULE_CLASS_GUESS_LIMIT": '"100000 per minute"',
        "KARTENSCHULE_CLASSES_PER_HOUR": "0",
    }
    sizes = ["--workers", str(workers), "--threads", str(threads)]
    if server == "gunicorn":
        gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
        command = [gunicorn, *sizes, "--worker-class", "gthread", "--bind", f"127.0.0.1:{port}", "--keep-alive", "75",
                   "--log-level", "warning", "webapp:create_app()"]
    else:
        instance.mkdir(exist_ok=True)
        command = [sys.executable, "-c", "from webapp.cli import main; main()", "serve", "--port", str(port), *sizes,
                   "--instance", str(instance)]
    return subprocess.Popen(  # its own process group: --kill-after kills the main process and every worker
        command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL)


async def wait_ready(port: int) -> None:
    client = Client(HOST, port)
    for _ in range(300):
        try:
            if (await client.get("/class")).status_code == 200:
                client.close()
                return
        except HTTPError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit(f"no server started on port {port}")


async def new_class(port: int) -> tuple[Client, str, str]:
    """A teacher's client (it keeps the teacher cookie), the presenter address and the join code of a new class."""
    client = Client(HOST, port)
    page = (await client.get("/class")).text
    token = TOKEN.search(page).group(1)
    response = await client.request("POST", "/class/new", follow_redirects=True,
                                    data={"kind": "skat_family", "difficulty": "normal", "count": "30",
                                          "csrf_token": token})
    url = response.path
    return client, url, url.split("/")[2]


#: A round lasts this long; each is asked with a countdown of COUNTDOWN seconds and the speed bonus on.
ROUND_SECONDS = 12
COUNTDOWN = 10
ASK = {"countdown": str(COUNTDOWN), "speed_bonus_shown": "1", "speed_bonus": "on"}


async def run_teacher(client: Client, url: str, stats: Stats, stop: float, together: bool) -> None:
    page = (await client.get(url)).text
    headers = {"X-CSRFToken": TOKEN.search(page).group(1), "HX-Request": "true"}
    # the versions of the board and of the list of children on screen, sent with their polls as the page does
    versions = {"board": BOARD.search(page).group(1), "children": CHILDREN.search(page).group(1)}

    def seen(response: Reply | None) -> None:
        for name, pattern in (("board", BOARD), ("children", CHILDREN)):
            found = response is not None and response.status_code == 200 and pattern.search(response.text)
            if found:
                versions[name] = found.group(1)

    polls = 0
    # each class at its own pace: the first question comes at a moment of the first round's period; together: every
    # class within the same second (a whole school's quiz started at once, the worst case)
    await asyncio.sleep(random.random() if together else random.uniform(0, ROUND_SECONDS))
    first = next_round = time.monotonic()
    while time.monotonic() < stop:
        if time.monotonic() >= next_round:
            # a round: asked with a countdown and the speed bonus on; closed (if the countdown has not closed it
            # already) and the leaderboard shown before the next question
            actions = (("close", {}), ("board", {}), ("ask", ASK)) if next_round > first else (("ask", ASK),)
            for action, extra in actions:
                seen(await stats.request(client, "teacher action", "POST", url + "/do", ok=(200, 409),
                                         data={"action": action, **extra}, headers=headers))
            next_round += ROUND_SECONDS
        seen(await stats.request(client, "live results", "GET", url + "/board", ok=(200, 204),
                                 params={"v": versions["board"]}, headers=headers))
        if polls % 2 == 0:  # the list of children: every 2 s
            seen(await stats.request(client, "children list", "GET", url + "/children", ok=(200, 204),
                                     params={"v": versions["children"]}, headers=headers))
        polls += 1
        await asyncio.sleep(1)


async def run_child(port: int, code: str, name: str, stats: Stats, ready: asyncio.Event, stop_at: list[float],
                    cluster: Cluster | None = None) -> None:
    client = Client(HOST, port, cluster=cluster)
    try:
        page = (await client.get("/class")).text
        token = TOKEN.search(page).group(1)
        response = await client.request("POST", "/class/join", data={"code": code, "nickname": name, "csrf_token": token})
        assert response.status_code == 303, response.status_code
        page = (await client.get(f"/class/{code}/play")).text
        headers = {"X-CSRFToken": TOKEN.search(page).group(1), "HX-Request": "true"}
        version = VERSION.search(page).group(1)
        stats.joined += 1
        await ready.wait()
        await asyncio.sleep(random.uniform(0, 2))  # spread the polls over their 2 s period
        answer_at = None
        round_number = None
        while time.monotonic() < stop_at[0]:
            response = await stats.request(client, "child poll", "GET", f"/class/{code}/play/state",
                                           ok=(200, 204), params={"v": version}, headers=headers)
            if response is not None and response.status_code == 200:
                version = VERSION.search(response.text).group(1)
                found = re.search(r'name="round" value="(\d+)"', response.text)
                if found:
                    round_number = found.group(1)
                    answer_at = time.monotonic() + random.uniform(1, 5)
            if answer_at is not None and time.monotonic() >= answer_at:
                form = random.choice([{"trump": "pass"}, {"trump": random.choice("CSHD"), "value": str(random.randint(18, 60))}])
                response = await stats.request(client, "answer", "POST", f"/class/{code}/answer",
                                               data={"round": round_number, **form}, headers=headers)
                if response is not None and response.status_code == 200:
                    stats.acknowledged[code] += 1
                    version = VERSION.search(response.text).group(1)
                answer_at = None
            await asyncio.sleep(2)
    finally:
        client.close()


async def kill_later(server: subprocess.Popen, port: int, cluster: Cluster, at: float, killed: list[str]) -> None:
    """At ``at`` (monotonic), kill ``server``'s whole process group with SIGKILL and mark its port dead."""
    await asyncio.sleep(max(0.0, at - time.monotonic()))
    cluster.dead.add(port)
    os.killpg(server.pid, signal.SIGKILL)
    killed.append(f"server on port {port} killed with kill -9 (main process and workers) {at - cluster.start:.0f} s into the run")


def hold_write_lock(database: Path, seconds: float, every: float, stop: threading.Event, held: list[float]) -> None:
    """Every ``every`` s until ``stop``, hold SQLite's write lock on ``database`` for ``seconds`` (``--write-stall``);
    the time each hold lasted goes to ``held``."""
    connection = sqlite3.connect(database, isolation_level=None, timeout=15)
    try:
        while not stop.wait(every):
            connection.execute("BEGIN IMMEDIATE")
            started = time.monotonic()
            time.sleep(seconds)
            connection.execute("ROLLBACK")
            held.append(time.monotonic() - started)
    finally:
        connection.close()


async def run(args: argparse.Namespace, server_kind: str) -> tuple[float, float]:
    """One run of the load against ``server_kind``; prints the report and returns (server CPU ms a request, p99 ms)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    ports = [free_port() for _ in range(args.servers)]
    port = ports[0]
    workdir = Path(tempfile.mkdtemp(prefix="kartenschule-bench-"))
    pg = redis = None
    limiter = "memory://"
    if args.servers > 1:
        args.database = "postgresql"
        redis, limiter = start_redis(workdir)
    if args.database == "postgresql":
        sys.path.insert(0, str(ROOT / "tests"))
        import pgserver

        pg = pgserver.start()
        _, database_url = pg.create_database()
        label = "PostgreSQL (throwaway cluster, fsync off)"
    else:
        database_url = f"sqlite:///{workdir / SQLITE_FILE}"
        label = "SQLite (WAL, synchronous=FULL)"
    if redis is not None:
        label += ", rate limits in Redis"
    threads = args.threads or default_threads(database_url)
    servers = [start_server(server_kind, database_url, args.workers, threads, p, workdir / f"instance-{p}",
                            limiter) for p in ports]
    cluster = Cluster(ports)
    killed: list[str] = []
    stats = Stats()
    sleeper = None
    stop_stalls, stalled = threading.Event(), []
    try:
        for p in ports:
            await wait_ready(p)
        setup_start = time.monotonic()
        teachers = [await new_class(port) for _ in range(args.classes)]
        ready = asyncio.Event()
        stop_at = [float("inf")]
        children = [
            asyncio.create_task(run_child(ports[n % len(ports)], code, f"Kind {n}", stats, ready, stop_at, cluster))
            for _, _, code in teachers for n in range(args.children)
        ]
        while stats.joined < len(children):
            failed = [t for t in children if t.done()]
            if failed:
                failed[0].result()  # a child that could not join: raise its error
            await asyncio.sleep(0.1)
        setup = time.monotonic() - setup_start
        start = time.monotonic()
        cluster.start = start
        stop = start + args.seconds
        stop_at[0] = stop
        stats.measuring = True
        sleeper = subprocess.Popen([sys.executable, "-c", SLEEPER, str(args.seconds)], stdout=subprocess.PIPE,
                                   text=True)
        stolen = stolen_seconds()
        ready.set()
        if args.write_stall:
            threading.Thread(target=hold_write_lock, args=(workdir / SQLITE_FILE, args.write_stall, STALL_EVERY,
                                                            stop_stalls, stalled), daemon=True).start()
        killer = []
        if args.kill_after and len(servers) > 1:
            killer = [kill_later(servers[-1], ports[-1], cluster, start + args.kill_after, killed)]
        await asyncio.gather(*(run_teacher(c, url, stats, stop, args.together) for c, url, _ in teachers),
                             *children, *killer)
        stats.measuring = False
        stop_stalls.set()
        elapsed = time.monotonic() - start
        stolen = stolen_seconds() - stolen
        stalls, longest = sleeper.communicate(timeout=30)[0].split()

        stored = 0
        for client, url, code in teachers:
            text = (await client.get(url + "/export.csv")).text
            stored += len(list(csv.reader(io.StringIO(text)))) - 1
            client.close()
    finally:
        stop_stalls.set()
        if sleeper is not None and sleeper.poll() is None:
            sleeper.kill()
            sleeper.wait()
        for server, p in zip(servers, ports):
            if p in cluster.dead:
                server.wait()
                continue
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        if pg is not None:
            pg.stop()
        if redis is not None:
            with socket.create_connection((HOST, int(limiter.rsplit(":", 1)[1])), timeout=5) as connection:
                connection.sendall(b"INFO stats\r\n")
                info = connection.recv(65536).decode()
            counted = re.search(r"total_commands_processed:(\d+)", info)
            killed.append(f"the shared Redis answered {counted.group(1) if counted else '?'} commands "
                          f"(the rate limiter's counts of both servers)")
            redis.terminate()
            redis.wait()
        shutil.rmtree(workdir, ignore_errors=True)

    own = resource.getrusage(resource.RUSAGE_SELF)
    server_usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # the servers and their workers, now waited for
    everything = [ms for values in stats.latencies.values() for ms in values]
    total = len(everything)
    acknowledged = sum(stats.acknowledged.values())
    print(f"classroom load: {args.classes} classes x {args.children} children, {args.seconds} s, "
          f"{'every class asking in the same second' if args.together else 'each class at its own pace'}, "
          f"{args.servers} x {server_kind} {args.workers} workers x {threads} threads on 127.0.0.1, {label}")
    for line in killed:
        print(line)
    if args.servers > 1:
        print(f"requests moved to a live server after a failure (failovers, not errors): {cluster.failovers}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          f"(the load generator shares these cores); set-up (classes + joins) {setup:.1f} s")
    print(f"machine stalls: a process sleeping 5 ms at a time woke more than 50 ms late {stalls} times "
          f"(longest {float(longest):.0f} ms); CPU time the host took from this machine (steal): {stolen:.1f} s")
    if args.write_stall:
        print(f"write stalls: SQLite's write lock held from outside the server {len(stalled)} times, "
              f"{sum(stalled):.1f} s in all (--write-stall {args.write_stall}, every {STALL_EVERY} s)")
    print(f"requests: {total} in {elapsed:.1f} s = {total / elapsed:.0f} requests/s")
    server_cpu = server_usage.ru_utime + server_usage.ru_stime - before.ru_utime - before.ru_stime
    client_cpu = own.ru_utime + own.ru_stime - own_before.ru_utime - own_before.ru_stime
    print(f"CPU time: server {server_cpu:.1f} s ({1000 * server_cpu / max(total, 1):.1f} ms a request, set-up included), "
          f"load generator {client_cpu:.1f} s")
    print(f"latency ms (all): p50 {percentile(everything, 50):.1f}  p95 {percentile(everything, 95):.1f}  "
          f"p99 {percentile(everything, 99):.1f}  max {max(everything, default=float('nan')):.1f}")
    for route, values in sorted(stats.latencies.items()):
        print(f"  {route:15s} n={len(values):6d}  p50 {percentile(values, 50):6.1f}  p95 {percentile(values, 95):6.1f}  "
              f"p99 {percentile(values, 99):6.1f}  mean {statistics.fmean(values):6.1f}")
    print(f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[:3]})" if stats.errors else ""))
    print(f"late answers (409, the round had just closed; not errors): {stats.late}")
    print(f"answers acknowledged: {acknowledged}; in the CSV exports: {stored}"
          + ("" if stored == acknowledged else "  <-- MISMATCH"))
    aim = not stats.errors and percentile(everything, 99) < 100 and stored == acknowledged
    print("aim (0 errors, p99 < 100 ms, every acknowledged answer stored): " + ("met" if aim else "NOT met"))
    return 1000 * server_cpu / max(total, 1), percentile(everything, 99)


async def main(args: argparse.Namespace) -> int:
    ours = await run(args, args.server)
    if args.peer and args.server != "gunicorn":
        print()
        peer = await run(args, "gunicorn")
        print(f"\n{args.server} / gunicorn: server CPU a request {ours[0] / peer[0]:.2f}, p99 {ours[1] / peer[1]:.2f}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", type=int, default=30)
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=None, help="threads a process [default: as the command]")
    parser.add_argument("--server", choices=("granian", "gunicorn"), default="granian",
                        help="granian: `kartenschule serve`; gunicorn: the server it replaced")
    parser.add_argument("--peer", action=argparse.BooleanOptionalAction, default=True,
                        help="then the same load on gunicorn, and the ratios (--no-peer: one run only)")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--together", action="store_true",
                        help="every class asks in the same second (a whole school's quiz at once: the worst case)")
    parser.add_argument("--servers", type=int, default=1, help="servers on their own ports (2+: PostgreSQL and Redis)")
    parser.add_argument("--kill-after", type=float, default=0,
                        help="with 2+ servers: kill -9 the last one this many seconds into the run (0: never)")
    parser.add_argument("--write-stall", type=float, default=0, metavar="SECONDS",
                        help=f"SQLite: every {STALL_EVERY} s, hold the write lock this long from outside the server (a slow disk)")
    arguments = parser.parse_args()
    if not 0 <= arguments.write_stall <= 10:  # the servers' writers give up after SQLite's busy timeout (15 s)
        parser.error(f"--write-stall must be 0 to 10 seconds, not {arguments.write_stall}")
    if arguments.write_stall and (arguments.database != "sqlite" or arguments.servers > 1):
        parser.error("--write-stall holds SQLite's write lock: it needs --database sqlite and one server")
    sys.exit(asyncio.run(main(arguments)))
