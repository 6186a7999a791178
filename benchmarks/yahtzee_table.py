"""Benchmark: compute the optimal Yahtzee strategy table (both joker rules) and print the values.

    .venv/bin/python benchmarks/yahtzee_table.py [--joker forced|free|both]

Target: the whole table in under 60 s on two cores. Expected scores to reproduce:
254.5877 (forced joker rule, seed 004) and 254.5896 (free placement; Verhoeff's figure).
Nothing is written to disk.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.yahtzee import strategy as ys  # noqa: E402

TARGET = {"forced": 254.5877, "free": 254.5896}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joker", choices=["forced", "free", "both"], default="both")
    args = parser.parse_args()
    jokers = ["forced", "free"] if args.joker == "both" else [args.joker]
    print(f"cores: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for joker in jokers:
        started, cpu = time.perf_counter(), time.process_time()
        table = ys.compute_table(joker)
        wall, used = time.perf_counter() - started, time.process_time() - cpu
        value = ys.expected_score(table)
        states = int((~__import__("numpy").isnan(table)).sum())
        print(f"{joker:>6} joker: expected score {value:.4f} (target {TARGET[joker]}, "
              f"{'ok' if round(value, 4) == TARGET[joker] else 'MISMATCH'}); "
              f"{wall:.1f} s wall, {used:.1f} s CPU; {states} table entries; "
              f"{wall / 60:.2f} x the 60 s target")


if __name__ == "__main__":
    main()
