"""Official Skat game value (ISkO) throughput next to the family rule's, on one core.

    .venv/bin/python benchmarks/skat_value.py [--hands N]

Deals N random hands with a skat (fixed seed). The family rule evaluates the
10 cards (seed 002); the official rules evaluate the declared game over the
12 cards with every explanation step (``game_value``: matadors, levels,
value), the game chosen at random among the four suits and Grand, a quarter
of them hand games. Prints hands per second for each, and the time ratio
(official / family). Aim: the official evaluation within 2x the family rule's time.
The bidding coach (231 possible skats a game) is timed too, for reference.
"""

from __future__ import annotations

import argparse
import random
import time

from webapp.games.skat.rules import DECK, family_game_value
from webapp.games.skat.coach import bidding_coach
from webapp.games.skat.official import Declaration, GameType, game_value


def deals(count: int, seed: int = 2026) -> list[tuple[tuple, tuple, Declaration]]:
    rng = random.Random(seed)
    games = [g for g in GameType if not g.is_null]
    out = []
    for _ in range(count):
        cards = rng.sample(DECK, 12)
        out.append((tuple(cards[:10]), tuple(cards[10:]), Declaration(rng.choice(games), hand=rng.random() < 0.25)))
    return out


def best_of(runs: int, work) -> float:
    """The fastest of ``runs`` timings of ``work()`` in seconds (less noise on a shared machine)."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = deals(args.hands)

    family = best_of(args.runs, lambda: [family_game_value(hand) for hand, _, _ in data])
    official = best_of(args.runs, lambda: [game_value(hand, skat, d) for hand, skat, d in data])
    few = data[: max(1, args.hands // 100)]
    coach = best_of(1, lambda: [bidding_coach(hand) for hand, _, _ in few])

    print(f"hands: {args.hands}, best of {args.runs} runs, one core")
    print(f"family rule (seed 002):        {args.hands / family:>10,.0f} hands/s")
    print(f"official game value (ISkO):    {args.hands / official:>10,.0f} hands/s")
    print(f"ratio official/family (time):  {official / family:>10.2f}x   (aim: <= 2x)")
    print(f"bidding coach (all 231 skats): {len(few) / coach:>10,.0f} hands/s")


if __name__ == "__main__":
    main()
