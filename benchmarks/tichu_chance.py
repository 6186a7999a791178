"""Benchmark: calibration and speed of the Tichu coach's chance to go out first (issue 38, sections 1 and 3).

    .venv/bin/python benchmarks/tichu_chance.py [--deals 20] [--seed 0] [--samples 200] [--jobs 1]

Deal ``n`` (1..deals) comes from ``--seed`` and ``n`` (:func:`webapp.games.tichu.round.deal`). For each seat two
cases: its first 8 cards (Grand Tichu) and its 14 cards before the exchange (Tichu, the others' Grand Tichu
decisions known, the seat's own declined). Each case gets the advised chance
(:func:`webapp.games.tichu.chance.out_first_chance`, ``--samples`` deals sampled) and is then played out for real:
the same deal, the seat making the call (:func:`webapp.games.tichu.chance.called`), four bots to the first player
out. Printed: a decile table of the advised chance (cases, mean predicted, share that went out first, the
difference in percentage points, each tenth's aim: within 5 points with at least 50 cases), the success of the
calls advised, and the speed (median ms per advice). A benchmark reports and does not fail: the exit status is 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.tichu.chance import (  # noqa: E402
    DEFAULT_SAMPLES, bot_grand_calls, called, first_out, out_first_chance, wilson,
)
from webapp.games.tichu.round import FIRST_CARDS, HAND, deal  # noqa: E402
from webapp.games.tichu.trick import SEATS  # noqa: E402

#: Issue 38's aim: each tenth of the advised chance within this many points of what happened, with this many cases.
AIM_POINTS = 5.0
AIM_CASES = 50


def cases_of_deal(seed: int, number: int, samples: int) -> list[tuple[int, float, bool, bool, float]]:
    """The 8 cases of deal ``number``: ``(cards seen, advised chance, advised, went out first, ms for the advice)``."""
    dealt = deal(seed, number).dealt
    found = []
    for seat in range(SEATS):
        for seen in (FIRST_CARDS, HAND):
            callers = bot_grand_calls(dealt, seat) if seen == HAND else frozenset()
            started = time.perf_counter()
            advice = out_first_chance(dealt[seat][:seen], seat=seat, grand_calls=callers, samples=samples,
                                      seed=seed * 100_003 + number)
            ms = 1000 * (time.perf_counter() - started)
            first, _ = first_out(called(dealt, seat, seen, callers))
            found.append((seen, advice.chance, advice.advised, first == seat, ms))
    return found


def decile_table(cases: list[tuple[int, float, bool, bool, float]]) -> list[str]:
    """The printed lines of the decile table of ``cases``."""
    lines = ["tenth      cases  predicted  observed  diff (points)  aim"]
    for tenth in range(10):
        inside = [c for c in cases if min(int(c[1] * 10), 9) == tenth]
        if not inside:
            lines.append(f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}  {0:5d}")
            continue
        predicted = statistics.fmean(c[1] for c in inside)
        observed = sum(c[3] for c in inside) / len(inside)
        diff = 100 * (observed - predicted)
        aim = ("met" if abs(diff) <= AIM_POINTS else "NOT met") if len(inside) >= AIM_CASES else "too few cases"
        lines.append(f"{tenth / 10:.1f}-{(tenth + 1) / 10:.1f}  {len(inside):5d}  {100 * predicted:8.1f}  "
                     f"{100 * observed:8.1f}  {diff:+13.1f}  {aim}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not depend on it)")
    args = parser.parse_args()
    started = time.perf_counter()
    numbers = range(1, args.deals + 1)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(cases_of_deal, [args.seed] * args.deals, numbers, [args.samples] * args.deals))
    else:
        results = [cases_of_deal(args.seed, n, args.samples) for n in numbers]
    cases = [c for found in results for c in found]
    seconds = time.perf_counter() - started
    print(f"deals: {args.deals} (seed {args.seed}), cases: {len(cases)}, samples per advice: {args.samples}, "
          f"{seconds:.0f} s")
    for title, chosen in (("all cases", cases), ("8 cards (Grand Tichu)", [c for c in cases if c[0] == FIRST_CARDS]),
                          ("14 cards (Tichu)", [c for c in cases if c[0] == HAND])):
        print(f"\n{title}: {len(chosen)} cases, mean predicted {100 * statistics.fmean(c[1] for c in chosen):.1f} %, "
              f"observed {100 * sum(c[3] for c in chosen) / len(chosen):.1f} %, Brier score "
              f"{statistics.fmean((c[1] - c[3]) ** 2 for c in chosen):.3f}")
        print("\n".join(decile_table(chosen)))
        advised = [c for c in chosen if c[2]]
        if advised:
            made = sum(c[3] for c in advised)
            low, high = wilson(made, len(advised))
            print(f"calls advised: {len(advised)}, succeeded {made} = {100 * made / len(advised):.1f} % "
                  f"(95 % interval {100 * low:.1f} to {100 * high:.1f} %)")
    print(f"\nspeed: median {statistics.median(c[4] for c in cases):.0f} ms per advice at {args.samples} samples "
          f"(max {max(c[4] for c in cases):.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
