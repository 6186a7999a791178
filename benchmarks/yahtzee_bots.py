"""Benchmark: the built-in Yahtzee bots over many games (mean, standard deviation, speed).

    .venv/bin/python benchmarks/yahtzee_bots.py [--games 10000] [--optimal-games 2000] [--seed 0]

Each bot plays alone through the tournament controller (same dice seeds for
every bot). Expected: optimal about 254.6 (standard deviation about 60),
heuristic about 200, dummy far below. The standard error of a mean is
printed so the optimal bot's figure can be compared with 254.5877.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.yahtzee import table as yahtzee_table  # noqa: E402
from webapp.games.yahtzee.contest.tournament import Controller  # noqa: E402

EXPECTED = {"optimal": 254.5877}  # the heuristic bot should be "near 200" (issue 7)


def simulate(bot: str, games: int, seed: int) -> tuple[list[int], float]:
    controller = Controller([bot])
    started = time.perf_counter()
    scores = []
    try:
        for game in range(games):
            result = controller.play_game(seed * 1_000_003 + game)
            if 0 not in result:
                raise SystemExit(f"{bot} was disqualified: {controller.disqualified[0]}")
            scores.append(result[0])
    finally:
        controller.close()
    return scores, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games for dummy and heuristic")
    parser.add_argument("--optimal-games", type=int, default=2_000, help="games for the optimal bot (about 40 ms each)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    yahtzee_table.default_store().ensure()
    for bot, games in (("dummy", args.games), ("heuristic", args.games), ("optimal", args.optimal_games)):
        scores, seconds = simulate(bot, games, args.seed)
        mean, sd = statistics.fmean(scores), statistics.stdev(scores)
        error = sd / len(scores) ** 0.5
        line = (f"{bot:>9}: {len(scores)} games, mean {mean:.2f} ± {error:.2f} (standard error), "
                f"std dev {sd:.1f}, max {max(scores)}; {1000 * seconds / len(scores):.1f} ms a game")
        if bot in EXPECTED:
            line += f"; expected about {EXPECTED[bot]} ({(mean - EXPECTED[bot]) / error:+.1f} standard errors)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
