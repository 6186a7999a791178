"""Fit the coach's real-play chances (webapp/games/skat/hand_model.py ``play_chance``, issue 35) and check them on
deals the fit did not see.

    .venv/bin/python benchmarks/skat_coach_fit.py FIT.npz [FIT.npz ...] --held-out TEST.npz [...] [--auction] [--kept]
        [--write]

Reads the games of ``benchmarks/skat_coach_data.py`` (a seat declares its most likely game at 18 and the club
players play it out), takes each game's open-cards chance from the 10 dealt cards with the shipped weights
(:func:`webapp.games.skat.hand_model.win_chance`, recomputed from the card masks, so a refit of the hand model only
needs this script again), and fits Platt scaling (Platt 1999: a logistic regression of the result on
``logit(chance)``, ``p = 1 / (1 + exp(-(a * logit(chance) + b)))``) separately for the suit games and Grand: to
"won" (``real_play``) and to "declarer >= 90 card points" (``real_schneider``). Printed for the ``--held-out`` games:
the log-loss of the mapped chance beside the open-cards chance itself, and calibration tables (chance in tenths:
cases, mean chance, share won, 95 % Wilson interval; issue 35's aim: within 5 points in every tenth with >= 50
cases).

``--auction``: only the games the declarer would also have won the auction for against the two other seats bidding
as club players (:func:`webapp.games.skat.club.club_limit`), its own limit being the safe value of the game it
declares (:func:`webapp.games.skat.coach.bidding_coach`; on equal limits the earlier seat keeps the game, ISkO 3.2).
The coach's figure is read by a child who then declares, and a declarer whose rivals bid less faces weaker
defenders: such games are won more often than the same hand's games on the whole.

``--kept``: the chance after the skat instead (:func:`webapp.games.skat.hand_model.declare_chance`): the open-cards
chance of the 10 cards kept (dealt, plus the skat, minus the two put away) fitted to "won" (``real_declare``). The
files may then also be those of ``benchmarks/skat_bots.py --coach --out`` (the games a player following the coach
declared: ``--auction`` does not apply to them, their auctions were played); the coach's own choice among 66 ways
by this figure makes its chosen way look better than it is, and those games show by how much.

``--null``: the Null chance after the skat (:func:`webapp.games.skat.null_model.declare_null_chance`): a shift on the
logit scale (Platt scaling with the slope held at 1: the few Nulls a run gives cannot carry a slope, and the model's
order of hands is kept), fitted to the Nulls of
``benchmarks/skat_bots.py --coach --out`` files, the model's chance of the cards kept for the variant declared (the
``said`` column when it is the model's own figure, i.e. the file was written without a ``real_declare`` mapping;
other rows are left out and counted) fitted to "won"; ``--write`` stores ``real_declare`` in the Null model's file.

``--write`` stores the two mappings (fitted to the FIT files only, so the held-out figures stay honest)
and ``real_play_data`` (files and games) in ``webapp/games/skat/data/hand-model-v1.json``, keeping its other keys.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from skat_bidding_fit import fit  # noqa: E402
from skat_bots import calibration_table  # noqa: E402

from webapp.games.skat.club import club_limit  # noqa: E402
from webapp.games.skat.coach import bidding_coach  # noqa: E402
from webapp.games.skat.hand_model import MODEL_FILE, win_chance  # noqa: E402
from webapp.games.skat.null_model import MODEL_FILE as NULL_MODEL_FILE  # noqa: E402
from webapp.games.skat.null_model import null_chance  # noqa: E402
from webapp.games.skat.official import TRUMP_GAMES, GameType  # noqa: E402
from webapp.games.skat.rules import DECK  # noqa: E402
from webapp.games.skat.table import deal  # noqa: E402

KINDS = ("suit", "grand")
COLUMNS = ("deal", "seat", "game", "hand", "skat", "put", "chance", "won", "schneider")


def wins_auction(seed: int, number: int, seat: int, game: GameType) -> bool:
    """Whether ``seat`` of deal ``(seed, number)`` would win the auction for ``game`` (see ``--auction``)."""
    hands = deal(seed, number).hands
    safe = next(g.safe for g in bidding_coach(hands[seat]).games if g.game is game)
    limits = {other: club_limit(hands[other], other == 0)[0] for other in range(3) if other != seat}
    return all(safe > limit or (safe == limit and seat < other) for other, limit in limits.items())


def cards_of(mask: int) -> list:
    """The cards of a card mask (bit i = ``DECK[i]``)."""
    return [card for i, card in enumerate(DECK) if int(mask) >> i & 1]


def kept_of(hand: int, skat: int, put: int) -> list:
    """The 10 cards the declarer kept, from the card masks of the dealt hand, the skat and the two put away."""
    away = cards_of(put)
    return [c for c in cards_of(hand) + cards_of(skat) if c not in away]


def load(paths: list[Path], auction: bool = False, kept: bool = False) -> dict[str, dict[str, np.ndarray]]:
    """By kind ("suit", "grand"): the open-cards chance of each game (recomputed: of the dealt cards, or with
    ``kept`` of the cards kept after the skat), won, Schneider (1/0); with ``auction`` only the games whose declarer
    would have won the auction (:func:`wins_auction`; not for the files of ``skat_bots.py --coach --out``, whose
    auctions were played)."""
    rows: dict[str, list] = {kind: [] for kind in KINDS}
    stale = 0.0
    for path in paths:
        data = np.load(path)
        whole = data["deal"] <= int(data["deals"])  # not a deal cut short by the end of a run
        played = "coach" in data.files
        for number, seat, game, hand, skat, put, stored, won, schneider in zip(*(data[name][whole]
                                                                                 for name in COLUMNS)):
            if int(game) >= len(TRUMP_GAMES):
                continue  # a Null (skat_bots.py --out): not a suit game or Grand
            kind = TRUMP_GAMES[int(game)]
            if auction and not played and not wins_auction(int(data["seed"]), int(number), int(seat), kind):
                continue
            dealt = cards_of(hand)
            if kept:
                chance = win_chance(kept_of(hand, skat, put), kind, int(seat) == 0)
            else:
                chance = win_chance(dealt, kind, int(seat) == 0)
                stale = max(stale, abs(chance - float(stored)))
            rows["grand" if kind is GameType.GRAND else "suit"].append((chance, int(won), int(schneider)))
    if stale > 1e-6:
        print(f"note: the open-cards chances differ from the stored ones by up to {stale:.3f} (weights refitted)")
    return {kind: {"chance": np.array([r[0] for r in found]), "won": np.array([r[1] for r in found], dtype=float),
                   "schneider": np.array([r[2] for r in found], dtype=float)} for kind, found in rows.items()}


def load_nulls(paths: list[Path]) -> dict[str, np.ndarray]:
    """The Nulls of ``skat_bots.py --coach --out`` files (see ``--null``): the model's chance and won."""
    chances, won, skipped = [], [], 0
    for path in paths:
        data = np.load(path)
        whole = (data["deal"] <= int(data["deals"])) & (data["game"] == len(TRUMP_GAMES))
        for seat, hand, skat, put, said, result in zip(*(data[name][whole] for name in
                                                         ("seat", "hand", "skat", "put", "said", "won"))):
            kept = kept_of(hand, skat, put)
            raw = [null_chance(kept, int(seat) == 0, ouvert=ouvert) for ouvert in (False, True)]
            if len(kept) != 10 or min(abs(r - float(said)) for r in raw) > 1e-9:
                skipped += 1  # a Hand game, or the figure was mapped already
                continue
            chances.append(float(said))
            won.append(float(result))
    if skipped:
        print(f"note: {skipped} Nulls left out (Null Hand, or not the model's own figure)")
    return {"chance": np.array(chances), "won": np.array(won)}


def fit_nulls(args: argparse.Namespace) -> int:
    """``--null``: fit, print the held-out calibration, and with ``--write`` store the mapping."""
    train, test = load_nulls(args.data), load_nulls(args.held_out)
    ab = shift(train["chance"], train["won"])
    p = mapped(test["chance"], ab)
    print(f"null: fitted to {len(train['won'])} games (won {train['won'].mean():.1%}), held out "
          f"{len(test['won'])} (won {test['won'].mean():.1%}); a {ab[0]:+.4f}, b {ab[1]:+.4f}; held-out log-loss "
          f"{log_loss(p, test['won']):.3f} (the model's figure: {log_loss(test['chance'], test['won']):.3f}; a "
          f"constant: {log_loss(np.full_like(p, train['won'].mean()), test['won']):.3f})")
    print(f"  held out: said {test['chance'].mean():.1%}, mapped {p.mean():.1%}, won {test['won'].mean():.1%}")
    calibration_table(p, test["won"].astype(int))
    if args.write:
        data = json.loads(NULL_MODEL_FILE.read_text(encoding="utf-8"))
        data["real_declare"] = list(ab)
        data["real_declare_data"] = {"fitted": [p.name for p in args.data], "games": len(train["won"]),
                                     "held_out": [p.name for p in args.held_out], "held_out_games": len(test["won"])}
        NULL_MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written: {NULL_MODEL_FILE}")
    return 0


def logit_of(chance: np.ndarray) -> np.ndarray:
    p = np.clip(chance, 1e-9, 1 - 1e-9)
    return np.log(p / (1 - p))


def platt(chance: np.ndarray, outcome: np.ndarray) -> tuple[float, float]:
    """``(a, b)`` of the Platt scaling of ``chance`` to ``outcome`` (maximum likelihood, Newton's method)."""
    b, a = fit(np.column_stack([np.ones_like(chance), logit_of(chance)]), outcome, 0.0)
    return round(float(a), 4), round(float(b), 4)


def shift(chance: np.ndarray, outcome: np.ndarray) -> tuple[float, float]:
    """``(1, b)``: Platt scaling with the slope held at 1, ``b`` by maximum likelihood (Newton's method)."""
    z, b = logit_of(chance), 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(z + b)))
        b -= float((p - outcome).sum() / max((p * (1 - p)).sum(), 1e-12))
    return 1.0, round(b, 4)


def mapped(chance: np.ndarray, ab: tuple[float, float]) -> np.ndarray:
    """``chance`` mapped by the Platt scaling ``ab`` (as :func:`webapp.games.skat.hand_model.real_play_mapping`)."""
    return 1 / (1 + np.exp(-(ab[0] * logit_of(chance) + ab[1])))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    q = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--held-out", nargs="+", type=Path, required=True)
    parser.add_argument("--auction", action="store_true")
    parser.add_argument("--kept", action="store_true")
    parser.add_argument("--null", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.null:
        return fit_nulls(args)
    train, test = load(args.data, args.auction, args.kept), load(args.held_out, args.auction, args.kept)
    entries = (("real_declare", "won"),) if args.kept else (("real_play", "won"), ("real_schneider", "schneider"))
    first = entries[0][0]
    mappings: dict[str, dict[str, list[float]]] = {entry: {} for entry, _ in entries}
    stated: dict[str, list] = {outcome: [] for _, outcome in entries}
    for kind in KINDS:
        fitted, held = train[kind], test[kind]
        print(f"{kind}: fitted to {len(fitted['won'])} games (won {fitted['won'].mean():.1%}), "
              f"held out {len(held['won'])} (won {held['won'].mean():.1%})")
        for entry, outcome in entries:
            ab = platt(fitted["chance"], fitted[outcome])
            mappings[entry][kind] = list(ab)
            p = mapped(held["chance"], ab)
            if entry == "real_schneider":  # a Schneider is a win (as hand_model.schneider_chance)
                p = np.minimum(p, mapped(held["chance"], tuple(mappings["real_play"][kind])))
            stated[outcome].extend(zip(p, held[outcome]))
            print(f"  {entry}: a {ab[0]:+.4f}, b {ab[1]:+.4f}; held-out log-loss {log_loss(p, held[outcome]):.3f} "
                  f"(open-cards chance as it is: {log_loss(held['chance'], held[outcome]):.3f}; "
                  f"a constant: {log_loss(np.full_like(p, fitted[outcome].mean()), held[outcome]):.3f})")
        print(f"  held-out calibration of the chance of winning ({kind}):")
        calibration_table(mapped(held["chance"], tuple(mappings[first][kind])), held["won"])
    for outcome in stated:
        print(f"held-out calibration, suit games and Grand together ({outcome}):")
        misses = calibration_table([c for c, _ in stated[outcome]], [int(y) for _, y in stated[outcome]])
        print(f"  tenths with >= 50 cases off by more than 5 points: {', '.join(misses) or 'none'}")
    if args.write:
        data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
        data.update(mappings)
        data[f"{first}_data"] = {"fitted": [p.name for p in args.data],
                                  "games": {kind: len(train[kind]["won"]) for kind in KINDS},
                                  "held_out": [p.name for p in args.held_out],
                                  "held_out_games": {kind: len(test[kind]["won"]) for kind in KINDS},
                                  "auction": args.auction}
        MODEL_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written: {MODEL_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
