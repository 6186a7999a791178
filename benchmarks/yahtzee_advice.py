"""Benchmark: latency of the coach's advice once the table exists (target: well under 100 ms).

    .venv/bin/python benchmarks/yahtzee_advice.py [--positions 500]

Loads (or computes once) the table in the default folder, then asks the coach
about random positions (random score cards, dice and roll numbers), with a cold
per-state cache each time, as a fresh request for an unseen position would be.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.yahtzee import table as yahtzee_table  # noqa: E402
from webapp.games.yahtzee import rules as y  # noqa: E402
from webapp.games.yahtzee import coach as yahtzee_coach  # noqa: E402
from webapp.games.yahtzee import strategy as ys  # noqa: E402


def random_position(rng: random.Random):
    filled = rng.sample(list(y.Category), rng.randint(0, 12))
    card = y.Scorecard.from_mapping({c: rng.choice(sorted(y.possible_scores(c))) for c in filled})
    return card, tuple(rng.randint(1, 6) for _ in range(5)), rng.randint(1, 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    args = parser.parse_args()
    started = time.perf_counter()
    store = yahtzee_table.default_store()
    strategy = store.ensure()
    print(f"table ready in {time.perf_counter() - started:.2f} s ({store.path()})")
    rng = random.Random(1)
    times = []
    for _ in range(args.positions):
        card, dice, roll = random_position(rng)
        fresh = ys.Strategy(strategy.table)  # cold cache: the turn's values are computed anew
        t = time.perf_counter()
        yahtzee_coach.advise(fresh, card, dice, roll)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p95 = times[int(0.95 * len(times))]
    print(f"advice over {len(times)} random positions: median {statistics.median(times):.2f} ms, "
          f"95th percentile {p95:.2f} ms, max {times[-1]:.2f} ms; "
          f"target 100 ms: median is {100 / statistics.median(times):.0f}x faster")

    request_latency(rng, max(20, args.positions // 5))


def request_latency(rng: random.Random, count: int) -> None:
    """Whole page requests with the coach on (render included), through Flask's test client."""
    from webapp import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "YAHTZEE_TABLE_DIR": str(yahtzee_table.default_folder())})
    client = app.test_client()
    times = []
    for _ in range(count):
        card, dice, roll = random_position(rng)
        with client.session_transaction() as session:
            session["yahtzee"] = {"card": str(card), "dice": "".join(map(str, dice)), "held": "00000",
                                  "roll": roll, "coach": True}
        t = time.perf_counter()
        response = client.get("/yahtzee", headers={"HX-Request": "true"})
        times.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200 and b"yz-coach-steps" in response.data
    times.sort()
    print(f"htmx requests with the coach over {count} random positions: median {statistics.median(times):.1f} ms, "
          f"95th percentile {times[int(0.95 * len(times))]:.1f} ms, max {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
