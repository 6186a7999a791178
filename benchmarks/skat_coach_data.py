"""Real-play results for the coach's chances (issue 35): how often a 10-card hand wins its game at the table.

    .venv/bin/python benchmarks/skat_coach_data.py [--deals 300] [--seed 1] [--seat all|0|1|2] [--grand-too 0.05]
        [--minutes M] [--out FILE]

Deal ``n`` (1..deals) is :func:`webapp.games.skat.table.deal` ``(seed, n)``. For each seat of ``--seat`` (``all``:
the three), that seat is made the declarer at 18 (it bids or holds 18, the others pass:
:func:`webapp.games.skat.bots.auction_move`), and plays the game its 10 dealt cards are most likely to win with
open cards (:func:`webapp.games.skat.hand_model.win_chance`, the suit games and Grand): it picks up the skat, puts
away the pair the coach advises for that game (:func:`webapp.games.skat.advice.skat_advice`; when that game is not
among the three it shows, the bots' rule :func:`webapp.games.skat.bots.discard_for`), declares it, and the three
club players (:func:`webapp.games.skat.club.club_move`) play the cards out. Grand is seldom the most likely game
(about 1 hand in 25), so the same seat also plays a Grand, in a game of its own, when its open-cards chance reaches
``--grand-too``. Every hand plays, weak ones too, so the chances are seen over their whole range (which games are
played depends only on the hand, so the share won at a given chance is not biased by the choice).

Written (``.npz``, NumPy; saved every 30 games, so a long run stopped early keeps what it played): one row a game:
the deal number, the declarer's seat (0 = forehand), the game (index into ``TRUMP_GAMES``), the card masks (bit i =
``DECK[i]``) of the 10 dealt cards, the skat and the two put away, the open-cards chance of the dealt cards for the
game declared (the figure the coach maps to real play, ``benchmarks/skat_coach_fit.py``), won (ISkO: >= 61 card
points and not overbid; the bid is 18, so never overbid), Schneider (>= 90), the declarer's card points, and the
seconds each game took. The same command gives the same rows. Printed: games, rate, share won by suit/Grand.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.advice import skat_advice  # noqa: E402
from webapp.games.skat.bots import auction_move, discard_for  # noqa: E402
from webapp.games.skat.club import club_move  # noqa: E402
from webapp.games.skat.coach import DECK_INDEX  # noqa: E402
from webapp.games.skat.hand_model import win_chance  # noqa: E402
from webapp.games.skat.official import TRUMP_GAMES, GameType  # noqa: E402
from webapp.games.skat.play import Seat  # noqa: E402
from webapp.games.skat.rules import Card  # noqa: E402
from webapp.games.skat.table import Declare, Discard, Phase, PickUp, TableState, deal  # noqa: E402

NAMES = ("deal", "seat", "game", "hand", "skat", "put", "chance", "won", "schneider", "points", "seconds")


def mask(cards) -> int:
    """The card mask of ``cards`` (bit i = ``DECK[i]``)."""
    return sum(1 << DECK_INDEX[c] for c in cards)


def declarer_at_18(state: TableState, seat: Seat) -> TableState:
    """The dealt ``state`` after an auction that ``seat`` wins at 18 (the other two pass)."""
    while state.phase is Phase.AUCTION:
        assert state.to_act is not None
        state = state.apply(auction_move(state, 18 if state.to_act is seat else 0, ()).action)
    assert state.declarer is seat and state.bid == 18
    return state


def games_of(hand: tuple[Card, ...], forehand: bool, grand_too: float) -> list[GameType]:
    """The games a seat plays with its 10 dealt cards (see the module's docstring)."""
    best = max(TRUMP_GAMES, key=lambda g: win_chance(hand, g, forehand))
    extra = best is not GameType.GRAND and win_chance(hand, GameType.GRAND, forehand) >= grand_too
    return [best, GameType.GRAND] if extra else [best]


def play_one(seed: int, number: int, seat: Seat, game: GameType) -> tuple:
    """One game of deal ``(seed, number)`` with ``seat`` declaring ``game`` (see the module's docstring): a row of
    :data:`NAMES`."""
    started = time.process_time()
    state = declarer_at_18(deal(seed, number), seat)
    hand = state.hands[seat.value]
    forehand = seat is Seat.FOREHAND
    state = state.apply(PickUp())
    twelve = state.hands[seat.value]
    advised = [way for way in skat_advice(twelve, state.bid, forehand) if way.game is game]
    pair = advised[0].cards if advised else tuple(discard_for(twelve, game))
    state = state.apply(Discard((pair[0], pair[1]))).apply(Declare(game))
    while state.to_act is not None:
        state = state.apply(club_move(state).action)
    assert state.score is not None
    points = state.score.outcome.points
    return (number, seat.value, TRUMP_GAMES.index(game), mask(hand), mask(state.skat), mask(pair),
            win_chance(hand, game, forehand), int(state.score.won), int(points >= 90), points,
            time.process_time() - started)


def save(out: Path, rows: list[tuple], names: tuple[str, ...] = NAMES, **meta) -> dict[str, np.ndarray]:
    """Write ``rows`` (columns ``names``) and ``meta`` (seed, grand_too, deals: the deals played to the end) to
    ``out``; the columns by name."""
    columns = {name: np.array([row[i] for row in rows], dtype=np.float64 if name in ("chance", "seconds", "stated", "said")
                              else np.int64) for i, name in enumerate(names)}
    np.savez_compressed(out, **columns, **meta)
    return columns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", choices=("all", "0", "1", "2"), default="all")
    parser.add_argument("--grand-too", type=float, default=0.05)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--out", type=Path, default=Path("coach-real-play.npz"))
    args = parser.parse_args()
    seats = list(Seat) if args.seat == "all" else [Seat(int(args.seat))]
    started = time.perf_counter()
    rows: list[tuple] = []
    deals = 0
    for number in range(1, args.deals + 1):
        dealt = deal(args.seed, number)
        for seat in seats:
            for game in games_of(dealt.hands[seat.value], seat is Seat.FOREHAND, args.grand_too):
                rows.append(play_one(args.seed, number, seat, game))
                if len(rows) % 30 == 0:
                    save(args.out, rows, seed=args.seed, grand_too=args.grand_too, deals=number - 1)
                    print(f"{len(rows)} games, {time.perf_counter() - started:.0f} s", flush=True)
        deals = number
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
    columns = save(args.out, rows, seed=args.seed, grand_too=args.grand_too, deals=deals)
    seconds = time.perf_counter() - started
    print(f"{len(rows)} games from {deals} deals in {seconds:.0f} s ({seconds / len(rows):.2f} s a game) "
          f"-> {args.out}")
    grand = columns["game"] == TRUMP_GAMES.index(GameType.GRAND)
    for kind, chosen in (("suit", ~grand), ("grand", grand)):
        if chosen.any():
            print(f"{kind:6} games {chosen.sum():5}  won {columns['won'][chosen].mean():.1%}  "
                  f"mean open-cards chance {columns['chance'][chosen].mean():.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
