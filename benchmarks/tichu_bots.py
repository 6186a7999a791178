"""Benchmark: whole Tichu rounds between four bots (issue 19): speed, Tichu and Grand Tichu success, double victories.

    .venv/bin/python benchmarks/tichu_bots.py [--rounds 1000] [--seed 0]

Round ``n`` (1..rounds) is dealt from ``--seed`` and ``n``, called, exchanged, played to its end and scored by
:func:`webapp.games.tichu.round_bots.run_bots`. Printed: rounds a second; how often a Tichu call succeeds (the
caller goes out first; real players on Brettspielwelt: about 73 %); how often a Grand Tichu call succeeds
(about 62 %); how many rounds end in a double victory (about 12 %). Aim (issue 19): each figure within 15
percentage points of the players'. A benchmark reports and does not fail ``make bench``: a missed aim prints
"NOT met", and the exit status is 0.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.tichu.round import Phase, deal  # noqa: E402
from webapp.games.tichu.round_bots import GRAND_LIMIT, TICHU_MARGIN, run_bots  # noqa: E402

#: Brettspielwelt players' figures (issue 19) and how far the bots may be from them, in percentage points.
PLAYERS = {"Tichu success": 0.73, "Grand Tichu success": 0.62, "double victories": 0.12}
AIM_POINTS = 0.15


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    calls = {"tichu": 0, "grand": 0}
    made = {"tichu": 0, "grand": 0}
    doubles = 0
    for number in range(1, args.rounds + 1):
        state, _ = run_bots(deal(args.seed, number))
        assert state.phase is Phase.DONE, f"round {number} did not end"
        doubles += state.double_victory is not None
        for seat, call in enumerate(state.calls):
            if call is not None:
                calls[call] += 1
                made[call] += state.out[0] == seat
    seconds = time.perf_counter() - started
    figures = {
        "Tichu success": made["tichu"] / calls["tichu"] if calls["tichu"] else 0.0,
        "Grand Tichu success": made["grand"] / calls["grand"] if calls["grand"] else 0.0,
        "double victories": doubles / args.rounds,
    }
    print(f"rounds: {args.rounds} in {seconds:.1f} s = {args.rounds / seconds:.1f} rounds/s")
    print(f"calls: Tichu {calls['tichu']} (margin {TICHU_MARGIN}), Grand Tichu {calls['grand']} (limit {GRAND_LIMIT})")
    for name, value in figures.items():
        off = value - PLAYERS[name]
        print(f"{name}: {value:.1%} (players {PLAYERS[name]:.0%}, {off * 100:+.1f} points; aim within "
              f"{AIM_POINTS * 100:.0f}: {'met' if abs(off) <= AIM_POINTS else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
