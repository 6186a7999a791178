"""Benchmark: whole Skat games between three bots (issue 15): speed, declarer win rate, overbids, average bid.

    .venv/bin/python benchmarks/skat_bots.py [--games 1000] [--seed 0]

Game ``n`` (1..games) is dealt from ``--seed`` and ``n`` (the dealer moves on each game), bid, declared and
played to the end by :func:`webapp.games.skat.bots.bot_move`, and scored by the official engine. Printed: games a
second, how many were played (not thrown in), how often the declarer won, how often the game was overbid (ISkO
5.4), the average bid held, and the games declared. Aim (issue 15): the declarer wins at least 60 % of the games
played, fewer than 5 % are overbid. Exit status 1 when an aim is missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.bots import bot_move  # noqa: E402
from webapp.games.skat.table import Phase, deal  # noqa: E402

MIN_WIN_RATE = 0.60
MAX_OVERBID_RATE = 0.05


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    played = won = overbid = 0
    bids: list[int] = []
    games: Counter[str] = Counter()
    for number in range(1, args.games + 1):
        state = deal(args.seed, number)
        while state.to_act is not None:
            state = state.apply(bot_move(state).action)
        if state.phase is Phase.DONE and state.score is not None and state.game is not None:
            played += 1
            won += state.score.won
            overbid += state.score.overbid
            bids.append(state.bid)
            games[state.game.value] += 1
    seconds = time.perf_counter() - started
    win_rate = won / played if played else 0.0
    overbid_rate = overbid / played if played else 0.0
    print(f"games: {args.games} in {seconds:.1f} s = {args.games / seconds:.1f} games/s")
    print(f"played: {played} ({played / args.games:.1%}), thrown in: {args.games - played}")
    print(f"declarer won: {win_rate:.1%} (aim >= {MIN_WIN_RATE:.0%})")
    print(f"overbid: {overbid_rate:.1%} (aim < {MAX_OVERBID_RATE:.0%})")
    print(f"average bid: {sum(bids) / len(bids) if bids else 0:.1f}")
    print("games declared: " + ", ".join(f"{game} {count}" for game, count in games.most_common()))
    return 0 if win_rate >= MIN_WIN_RATE and overbid_rate < MAX_OVERBID_RATE else 1


if __name__ == "__main__":
    sys.exit(main())
