"""Benchmark: how long a child waits at the Skat table for the club players' cards and the coach (issue 35).

    .venv/bin/python benchmarks/skat_table_latency.py [--games 6] [--seed 100] [--poll 0.4]

Starts ``kartenschule serve`` (its defaults: two server processes, one analysis worker, warmed during play) on
127.0.0.1 with a fresh instance folder, then plays ``--games`` whole games at the table with club players over
HTTP, as a tablet with JavaScript does: the child's move is a click (htmx), and while the page says a bot is
thinking it asks again every ``--poll`` seconds (the page's ``POLL_MS``), and the coach's part likewise. The child
plays the beginner's move (computed here from the replayed state); the coach is on.

Printed, median / p95 / max in seconds:

* "bots": from the child's click to the page on which every bot has moved and it is the child's turn again (one or
  two sampled cards, each computed in the worker, plus the polls);
* "coach": from that page to the coach's card chances (the coach's own job in the worker, plus its polls);
* the request time of every answer the server gave (all cheap: the heavy work is never on a request).

Aim (issue 35): a bot's move or the coach's advice within 1 s median on this 2-core machine.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fuzz_http import free_port, start_server  # noqa: E402 - the same server start as the fuzzer's
from webapp.games.skat.bots import bot_move  # noqa: E402
from webapp.games.skat.table import Phase  # noqa: E402
from webapp.games.skat.table_codes import action_code, replay  # noqa: E402

HX = {"HX-Request": "true", "Accept-Language": "en"}


def get(url: str, timings: list[float]) -> tuple[str, str]:
    """GET with htmx's headers: (the page, the address it asks to show: HX-Replace-Url or the request's)."""
    started = time.perf_counter()
    with urllib.request.urlopen(urllib.request.Request(url, headers=HX), timeout=30) as response:
        body = response.read().decode()
        shown = response.headers.get("HX-Replace-Url") or url
    timings.append(time.perf_counter() - started)
    return body, shown


def state_of(url: str):
    q = {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
    return replay(int(q["seed"]), int(q["game"]), [c for c in q.get("a", "").split(".") if c])


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s ({len(ordered)} waits)"


def play(base: str, seed: int, poll: float, bots: list[float], coach: list[float], requests: list[float]) -> None:
    page, url = get(f"{base}/skat/table?seed={seed}&game=1&bots=club", requests)
    url = base + url if url.startswith("/") else url
    for _ in range(200):
        state = state_of(url)
        if state.phase in (Phase.DONE, Phase.THROWN_IN):
            return
        if 'id="coach-thinking"' in page:
            started = time.perf_counter()
            coach_url = base + html.unescape(re.search(r'hx-get="(/skat/table/coach\?[^"]+)"', page).group(1))
            while 'id="coach-thinking"' in page:
                time.sleep(poll)
                page, _ = get(coach_url, requests)
            coach.append(time.perf_counter() - started)
        move = action_code(bot_move(state).action)
        started = time.perf_counter()
        page, shown = get(f"{url}&do={move}", requests)
        while 'id="bot-thinking"' in page:
            time.sleep(poll)
            page, shown = get(base + shown if shown.startswith("/") else shown, requests)
        url = base + shown if shown.startswith("/") else shown
        if state.phase is Phase.PLAY:
            bots.append(time.perf_counter() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--poll", type=float, default=0.4)
    args = parser.parse_args()
    port = free_port()
    server = start_server(port, Path(tempfile.mkdtemp(prefix="kartenschule-latency-")), workers=None)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        bots: list[float] = []
        coach: list[float] = []
        requests: list[float] = []
        started = time.perf_counter()
        for game in range(args.games):
            play(base, args.seed + game, args.poll, bots, coach, requests)
        print(f"{args.games} games with club players (deals {args.seed}-{args.seed + args.games - 1}), polling every "
              f"{args.poll} s, {time.perf_counter() - started:.0f} s in all")
        print(f"bots (click to the child's turn again, card play): {percentiles(bots)}")
        print(f"coach (the child's card chances): {percentiles(coach)}")
        print(f"requests: {percentiles(requests).replace('waits', 'requests')}")
    finally:
        os.killpg(server.pid, 15)
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
