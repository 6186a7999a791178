"""Open-cards results of whole deals for the bidding coach's model (issue 35): which games a 10-card hand wins.

    .venv/bin/python benchmarks/skat_bidding_data.py [--deals 10000] [--seed 0] [--workers 1] [--out FILE]

Deal ``n`` (1..deals) is shuffled from ``--seed`` and ``n`` (:func:`random.Random`); the declarer sits at seat
``n % 3`` (forehand leads the first trick, ISkO 3.3.1). For every game the declarer could reasonably declare with
its 10 cards (a suit with at least 4 trumps, a Grand with at least 1 jack, and Null), it picks up the skat, puts
away two cards by the bots' rule (:func:`webapp.games.skat.bots.discard_for`), and the open-cards solver answers
with all cards seen: does the declarer reach 61 (won), 90 (Schneider); in Null, does it take no trick. A search
past ``--node-limit`` positions is recorded as unknown (-1), not guessed.

The data behind the shipped model (``webapp/games/skat/data/hand-model-v1.json``) is in ``benchmarks/data/``:
``--deals 3000 --seed 1 --node-limit 300000`` and the first 1,000 deals of ``--seed 2`` (the same command gives the
same rows). Written (``.npz``, NumPy): one row a deal and game: the seat, the game, the card masks (bit i = ``DECK[i]``) of
the declarer's 10 cards, the skat, the two cards put away and each defender's hand, and the results. The raw deals
are kept, so the model's features can change without solving again. Printed: rows, unknowns, win shares by game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.bots import discard_for  # noqa: E402
from webapp.games.skat.official import SUIT_GAMES, GameType  # noqa: E402
from webapp.games.skat.rules import DECK  # noqa: E402
from webapp.games.skat.solver import Position, SearchLimit, Solver  # noqa: E402

BIT = {card: i for i, card in enumerate(DECK)}
GAMES = list(SUIT_GAMES) + [GameType.GRAND, GameType.NULL]
UNKNOWN = -1


def mask(cards) -> int:
    return sum(1 << BIT[c] for c in cards)


def plausible(hand, game: GameType) -> bool:
    """Games worth solving for these 10 cards (see the module's docstring)."""
    jacks = sum(1 for c in hand if c.is_jack)
    if game is GameType.GRAND:
        return jacks >= 1
    if game is GameType.NULL:
        return True
    return jacks + sum(1 for c in hand if c.suit is game.suit and not c.is_jack) >= 4


def solve_deal(args: tuple[int, int, int]) -> list[tuple]:
    seed, number, node_limit = args
    deck = list(DECK)
    random.Random(f"{seed}-{number}").shuffle(deck)
    seat = number % 3
    hands = [tuple(deck[0:10]), tuple(deck[10:20]), tuple(deck[20:30])]
    skat = tuple(deck[30:32])
    declarer = hands[seat]
    left, right = hands[(seat + 1) % 3], hands[(seat + 2) % 3]
    leader = (0 - seat) % 3  # forehand (seat 0) leads; seen from the declarer: 0 itself, 1 left, 2 right
    rows = []
    for game in GAMES:
        if not plausible(declarer, game):
            continue
        twelve = declarer + skat
        put = discard_for(twelve, game)
        kept = tuple(c for c in twelve if c not in put)
        position = Position(game, (kept, left, right), () if game.is_null else put, leader)
        solver = Solver(game, node_limit)
        started = time.process_time()
        try:
            if game.is_null:
                won, schneider = solver.value(position), UNKNOWN
            else:
                won = int(solver.reaches(position, 61))
                schneider = int(solver.reaches(position, 90)) if won else 0
        except SearchLimit:
            won = schneider = UNKNOWN
        rows.append((seat, GAMES.index(game), mask(declarer), mask(skat), mask(put), mask(left), mask(right), won,
                     schneider, solver.nodes, time.process_time() - started))
    return rows


def save(args: argparse.Namespace, rows: list[tuple], deals: int) -> tuple[np.ndarray, np.ndarray]:
    """Write ``rows`` (of the first ``deals`` deals) to ``args.out``; the table and the seconds of each row."""
    table = np.array([row[:-1] for row in rows], dtype=np.int64).reshape(-1, 10)
    seconds = np.array([row[-1] for row in rows])
    names = ["seat", "game", "hand", "skat", "put", "left", "right", "won", "schneider", "nodes"]
    np.savez_compressed(args.out, **{name: table[:, i] for i, name in enumerate(names)}, seconds=seconds,
                        seed=args.seed, deals=deals, node_limit=args.node_limit)
    return table, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--node-limit", type=int, default=2_000_000)
    parser.add_argument("--out", type=Path, default=Path("bidding-dd.npz"))
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = [(args.seed, n, args.node_limit) for n in range(1, args.deals + 1)]
    rows: list[tuple] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for i, found in enumerate(pool.map(solve_deal, jobs, chunksize=8), 1):
            rows.extend(found)
            if i % 500 == 0:  # written as it goes: a long run stopped early keeps what it solved
                save(args, rows, i)
                print(f"{i} deals, {len(rows)} rows, {time.perf_counter() - started:.0f} s", flush=True)
    table, seconds = save(args, rows, args.deals)
    print(f"{len(rows)} rows from {args.deals} deals in {time.perf_counter() - started:.0f} s -> {args.out}")
    for g, game in enumerate(GAMES):
        chosen = table[table[:, 1] == g]
        known = chosen[chosen[:, 7] != UNKNOWN]
        if len(chosen):
            print(f"{game.value:8} rows {len(chosen):6}  unknown {len(chosen) - len(known):4}  "
                  f"won {known[:, 7].mean():.1%}  seconds median {np.median(seconds[table[:, 1] == g]):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
