"""Benchmark: whole Skat games between three bots (issues 15 and 35): declarer win rates, Schneider, passed-in, bids.

    .venv/bin/python benchmarks/skat_bots.py [--games 1000] [--seed 0] [--bots beginner|club]
    .venv/bin/python benchmarks/skat_bots.py --duplicate --games 200 [--seed 0]

Game ``n`` (1..games) is dealt from ``--seed`` and ``n`` (the dealer moves on each game), bid, declared and
played to the end by the bots of ``--bots`` (``beginner``: :func:`webapp.games.skat.bots.bot_move`; ``club``:
:func:`webapp.games.skat.club.club_move`), and scored by the official engine. Printed: games a second, how many were
played and passed in, and for each game type (suit games, Grand, Null) how many were declared, the declarer's win
rate with its 95 % interval (Wilson) and the Schneider rate, beside the human figures of 17,967,106 Skat-Online
tournament games (suit games 81.6 %, Grand 91.4 %, Null 70.7 % won; 4.9 % passed in); then the overbids (ISkO 5.4)
and the average bid.

``--duplicate``: every deal is played twice, once with club players in the seats of players 0 and 2 of the deal
and beginners in seat 1, then the other way round (player 1 a club player, 0 and 2 beginners); the score is the
club players' Seeger-Fabian points per game (the list scoring of Skat tournaments: a won game +50 plus its value, a
lost game -50 minus twice its value, and 40 for each defender when the declarer loses) minus the beginners', per
player and game, with a 95 % interval over the deals (the two halves of a deal are paired).

Aim (issue 15): the declarer wins at least 60 % of the games played, fewer than 5 % are overbid. Exit status 1 when
an aim is missed. Aims of issue 35 (club players): suit games >= 80 %, Grand >= 90 %, passed in <= 6 %; printed
beside the figures, not enforced here.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.bots import bot_move  # noqa: E402
from webapp.games.skat.club import club_move  # noqa: E402
from webapp.games.skat.official import SUIT_GAMES, GameType  # noqa: E402
from webapp.games.skat.table import Phase, TableState, deal, seat_of  # noqa: E402

MIN_WIN_RATE = 0.60
MAX_OVERBID_RATE = 0.05
MOVES = {"beginner": bot_move, "club": club_move}
#: Skat-Online's published figures (17,967,106 tournament games): share won by the declarer, and passed in.
HUMANS = {"suit": 0.816, "grand": 0.914, "null": 0.707}
HUMANS_PASSED = 0.049


def kind_of(game: GameType) -> str:
    return "suit" if game in SUIT_GAMES else game.value


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(state: TableState, movers) -> TableState:
    """Play a dealt game to the end; ``movers(seat)`` gives the move function of the player at that seat."""
    while state.to_act is not None:
        state = state.apply(movers(state.to_act)(state).action)
    return state


def seeger_fabian(state: TableState, player_seat) -> int:
    """The Seeger-Fabian points of the player at ``player_seat`` for one finished game (0 when passed in;
    :meth:`webapp.games.skat.official.Score.seeger_fabian`)."""
    if state.phase is not Phase.DONE or state.score is None:
        return 0
    declarer, other = state.score.seeger_fabian()
    return declarer if state.declarer == player_seat else other


def rates(args: argparse.Namespace) -> int:
    move = MOVES[args.bots]
    started = time.perf_counter()
    played = overbid = 0
    bids: list[int] = []
    declared: Counter[str] = Counter()
    won: Counter[str] = Counter()
    schneider: Counter[str] = Counter()
    for number in range(1, args.games + 1):
        state = play(deal(args.seed, number), lambda seat: move)
        if state.phase is Phase.DONE and state.score is not None and state.game is not None:
            played += 1
            kind = kind_of(state.game)
            declared[kind] += 1
            won[kind] += state.score.won
            schneider[kind] += kind != "null" and state.score.won and state.score.outcome.points >= 90
            overbid += state.score.overbid
            bids.append(state.bid)
    seconds = time.perf_counter() - started
    print(f"bots: {args.bots}; games: {args.games} in {seconds:.0f} s = {args.games / seconds:.2f} games/s")
    passed = args.games - played
    print(f"played: {played}, passed in: {passed} ({passed / args.games:.1%}; humans {HUMANS_PASSED:.1%})")
    for kind in ("suit", "grand", "null"):
        n = declared[kind]
        low, high = wilson(won[kind], n)
        share = won[kind] / n if n else 0.0
        print(f"{kind:6} declared {n:5}  won {share:6.1%} (95 % {low:.1%}-{high:.1%}; humans {HUMANS[kind]:.1%})"
              f"  Schneider {schneider[kind] / n if n else 0:.1%}")
    total_won = sum(won.values())
    win_rate = total_won / played if played else 0.0
    overbid_rate = overbid / played if played else 0.0
    print(f"declarer won: {win_rate:.1%} (aim >= {MIN_WIN_RATE:.0%}); overbid: {overbid_rate:.1%} "
          f"(aim < {MAX_OVERBID_RATE:.0%}); average bid: {statistics.fmean(bids) if bids else 0:.1f}")
    return 0 if win_rate >= MIN_WIN_RATE and overbid_rate < MAX_OVERBID_RATE else 1


def duplicate(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    differences: list[float] = []
    for number in range(1, args.games + 1):
        dealt = deal(args.seed, number)
        seats = [seat_of(player, number) for player in range(3)]
        total = 0.0
        for club_players in ({0, 2}, {1}):
            club_seats = {seats[p] for p in club_players}
            state = play(dealt, lambda seat: club_move if seat in club_seats else bot_move)
            club = sum(seeger_fabian(state, seats[p]) for p in club_players)
            beginners = sum(seeger_fabian(state, seats[p]) for p in range(3) if p not in club_players)
            total += club / len(club_players) - beginners / (3 - len(club_players))
        differences.append(total / 2)
    seconds = time.perf_counter() - started
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.inf
    print(f"duplicate: {args.games} deals, each twice, in {seconds:.0f} s")
    print(f"club players minus beginners: {mean:+.1f} Seeger-Fabian points a player and game "
          f"(95 % interval {mean - half:+.1f} to {mean + half:+.1f})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", choices=sorted(MOVES), default="beginner")
    parser.add_argument("--duplicate", action="store_true")
    args = parser.parse_args()
    return duplicate(args) if args.duplicate else rates(args)


if __name__ == "__main__":
    sys.exit(main())
