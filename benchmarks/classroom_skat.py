"""Benchmark: the projector's board of a class Skat round (issue 37, section 1) and each child's place poll.

    .venv/bin/python benchmarks/classroom_skat.py [--children 30] [--deals 4] [--runs 200]

A fresh SQLite database (a temporary folder, deleted after) gets a Skat round of ``--deals`` deals with
``--children`` children who finished every deal (results stored as the table stores them: ``ClassSkatGame.result``,
so the board reads them and replays no move). Through Flask's test client, after a warm-up request each, ``--runs``
requests of:

* ``poll 204``: the presenter's poll (``/present/board?v=``, asked every second) while nothing moved on;
* ``poll board``: the same poll with an old version: the whole board rebuilt (the ranking, where the class is, each
  deal's best result), as after a child finished a deal;
* ``page``: the presenter's page (a reload without JavaScript);
* ``place 204`` and ``place``: a child's own place on its tablet (``/skat/place?v=``: unchanged, and rebuilt).

Printed: CPU time (``time.process_time``) of each request, median and 95th percentile, and the share of the 50 ms
budget at p95. The aim (issue 37): the presenter's poll well under 50 ms of CPU with 30 children.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "web"))

from webapp import create_app  # noqa: E402
from webapp.core.db import db  # noqa: E402

from skathelpers import finished_round  # noqa: E402  (the route tests' way to store finished deals)

BUDGET_MS = 50.0
VERSION = re.compile(r'name="v" value="([^"]+)"')
PLACE = re.compile(r'hx-get="([^"]+/skat/place\?v=[^"]+)"')
#: Seeger-Fabian points a child may make in a deal (defender 0 or 40; declarer won or lost).
POINTS = (0, 0, 40, 40, 40, 74, 98, 122, 146, -86, -122, -170)


def cpu_ms(client, url: str, status: int, headers: dict[str, str]) -> float:
    """The CPU time of one GET of ``url`` in ms (the answer must have ``status``)."""
    started = time.process_time()
    response = client.get(url, headers=headers)
    used = (time.process_time() - started) * 1000
    assert response.status_code == status, (url, response.status_code)
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    rng = random.Random(37)
    results = {f"Kind {n + 1}": [rng.choice(POINTS) for _ in range(args.deals)] for n in range(args.children)}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.sqlite3'}"})
        app.instance_path = folder
        code, teacher_token, tokens = finished_round(app, args.deals, results)
        teacher, child = app.test_client(), app.test_client()
        teacher.set_cookie(f"teach_{code}", teacher_token, path=f"/class/{code}")
        child.set_cookie(f"class_{code}", tokens["Kind 7"], path=f"/class/{code}")
        htmx = {"HX-Request": "true", "Accept-Language": "de"}
        page = teacher.get(f"/class/{code}/present", headers={"Accept-Language": "de"}).get_data(as_text=True)
        assert 'id="skat-ranking"' in page, "no ranking on the board"
        board = f"/class/{code}/present/board?v="
        done = child.get(f"/class/{code}/skat", headers={"Accept-Language": "de"}).get_data(as_text=True)
        place = PLACE.search(done).group(1).replace("&amp;", "&")
        cases = (("poll 204", teacher, board + VERSION.search(page).group(1), 204, htmx),
                 ("poll board", teacher, board + "old", 200, htmx),
                 ("page", teacher, f"/class/{code}/present", 200, {"Accept-Language": "de"}),
                 ("place 204", child, place, 204, htmx),
                 ("place", child, place.split("?")[0] + "?v=old", 200, htmx))
        print(f"a Skat round of {args.deals} deals, {args.children} children who finished them all "
              f"({args.children * args.deals} stored results); {args.runs} requests each:")
        for what, client, url, status, headers in cases:
            cpu_ms(client, url, status, headers)  # warm-up: templates compiled, statements cached
            runs = sorted(cpu_ms(client, url, status, headers) for _ in range(args.runs))
            median, p95 = statistics.median(runs), runs[int(0.95 * (len(runs) - 1))]
            print(f"{what:>11}: median {median:.2f} ms CPU, p95 {p95:.2f} ms; {p95 / BUDGET_MS:.2f} x the "
                  f"{BUDGET_MS:.0f} ms budget at p95")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


if __name__ == "__main__":
    main()
