"""Null games played out by the club players, the data of the Null model (issue 35).

    nice -n 10 .venv/bin/python benchmarks/null_data.py [--deals 3000] [--seed 0] [--out FILE] [--minutes M]

Deal ``n`` (1..deals) is shuffled from ``--seed`` and ``n`` (:func:`random.Random`). Most hands are hopeless for
Null, so only hands with a chance are played (the cheap pre-score :func:`webapp.games.skat.null_model.danger`):
of the three hands, the one with the fewest cards with a gap of 2 or more (ties: gap-1 cards, then total gap)
declares, when it has at most 3 such cards; else the deal is skipped. The variant is drawn from the deal's
random stream, weighted by the hand (so the data has positives for each): with at most 1 such card any of Null,
Null Hand, Null Ouvert, Null Ouvert Hand (equally likely); with 2, Null half of the time, else one of the other
three; with 3, Null. The game is forced: the declarer wins the auction at 18, picks up the skat (or plays Hand),
puts away two cards by :func:`webapp.games.skat.null_model.null_discard`, declares the variant, and the club
players (:func:`webapp.games.skat.club.club_move`, all three seats) play it out; the official engine scores it.

Written (``.npz``, NumPy), every 50 games (a run stopped early keeps what it played): one row a game: the deal
number, the declarer's seat, the card masks (bit i = ``DECK[i]``) of its 10 dealt cards and the skat, Hand, Ouvert,
won, and the tricks it took. Printed: games, won share by variant, seconds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.auction import Bid, Hold, Pass  # noqa: E402
from webapp.games.skat.club import club_move  # noqa: E402
from webapp.games.skat.null_model import danger, null_discard  # noqa: E402
from webapp.games.skat.official import GameType  # noqa: E402
from webapp.games.skat.play import Seat  # noqa: E402
from webapp.games.skat.rules import DECK  # noqa: E402
from webapp.games.skat.table import Declare, Discard, Phase, PickUp, PlayHand, TableState  # noqa: E402

BIT = {card: i for i, card in enumerate(DECK)}
NAMES = ["number", "seat", "hand", "skat", "hand_game", "ouvert", "won", "tricks"]
#: The most cards with a gap of 2 or more a hand chosen for the data may hold.
MAX_GAP_CARDS = 3


def mask(cards) -> int:
    return sum(1 << BIT[c] for c in cards)


def forced_null(hands, skat, seat: Seat, hand_game: bool, ouvert: bool) -> TableState:
    """The deal with ``seat`` declaring the Null variant at 18 (see the module's docstring), ready for trick play."""
    state = TableState(seed=0, game_number=1, hands=tuple(hands), skat=tuple(skat))
    while state.phase is Phase.AUCTION:
        legal = state.legal_actions()
        if state.to_act is not seat:
            state = state.apply(Pass())
        else:
            state = state.apply(next((a for a in legal if a in (Bid(18), Hold())), Pass()))
    assert state.declarer is seat, "the forced auction must end with the chosen seat"
    if hand_game:
        state = state.apply(PlayHand())
    else:
        state = state.apply(PickUp())
        state = state.apply(Discard(null_discard(state.hands[seat.value])))
    return state.apply(Declare(GameType.NULL, ouvert=ouvert))


def choose(hands, rng: random.Random) -> tuple[int, bool, bool] | None:
    """The declaring seat and variant of a deal, or None (see the module's docstring)."""
    seat = min(range(3), key=lambda s: danger(hands[s]))
    worst = danger(hands[seat])[0]
    if worst > MAX_GAP_CARDS:
        return None
    variants = [(False, False), (True, False), (False, True), (True, True)]
    if worst <= 1:
        hand_game, ouvert = rng.choice(variants)
    elif worst == 2:
        hand_game, ouvert = variants[0] if rng.random() < 0.5 else rng.choice(variants[1:])
    else:
        hand_game, ouvert = variants[0]
    return seat, hand_game, ouvert


def play_one(seed: int, number: int) -> tuple | None:
    deck = list(DECK)
    rng = random.Random(f"null-{seed}-{number}")
    rng.shuffle(deck)
    hands = [tuple(deck[i * 10:(i + 1) * 10]) for i in range(3)]
    skat = tuple(deck[30:])
    chosen = choose(hands, rng)
    if chosen is None:
        return None
    seat, hand_game, ouvert = chosen
    state = forced_null(hands, skat, Seat(seat), hand_game, ouvert)
    while state.to_act is not None:
        state = state.apply(club_move(state).action)
    assert state.score is not None
    tricks = sum(1 for t in state.tricks if t.winner is Seat(seat))
    return (number, seat, mask(hands[seat]), mask(skat), int(hand_game), int(ouvert), int(state.score.won), tricks)


def save(path: Path, rows: list[tuple], seed: int, deals: int) -> np.ndarray:
    table = np.array(rows, dtype=np.int64).reshape(-1, len(NAMES))
    np.savez_compressed(path, **{name: table[:, i] for i, name in enumerate(NAMES)}, seed=seed, deals=deals)
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3_000)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this many minutes (0: no limit)")
    parser.add_argument("--out", type=Path, default=Path("null-games.npz"))
    args = parser.parse_args()
    started = time.perf_counter()
    rows: list[tuple] = []
    number = args.first - 1
    for number in range(args.first, args.first + args.deals):
        row = play_one(args.seed, number)
        if row is not None:
            rows.append(row)
            if len(rows) % 50 == 0:
                save(args.out, rows, args.seed, number)
                print(f"deal {number}: {len(rows)} games, {time.perf_counter() - started:.0f} s", flush=True)
        if args.minutes and time.perf_counter() - started > 60 * args.minutes:
            break
    table = save(args.out, rows, args.seed, number)
    print(f"{len(rows)} games from deals {args.first}..{number} in {time.perf_counter() - started:.0f} s "
          f"-> {args.out}")
    for h in (0, 1):
        for o in (0, 1):
            chosen = table[(table[:, 4] == h) & (table[:, 5] == o)]
            if len(chosen):
                print(f"hand {h} ouvert {o}: games {len(chosen):5}  won {chosen[:, 6].mean():.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
