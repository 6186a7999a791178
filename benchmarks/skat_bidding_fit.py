"""Fit the hand model (webapp/games/skat/hand_model.py) to open-cards results, and check it on deals it did not see.

    .venv/bin/python benchmarks/skat_bidding_fit.py DATA.npz [DATA.npz ...] [--write]

Reads the rows of ``benchmarks/skat_bidding_data.py`` (suit games and Grand with a known result), splits them by
deal: by a hash of its skat (about half each, the same split on every run), fits a logistic
regression for the suit games and one for Grand by Newton's method (iteratively reweighted least squares) with a
small ridge penalty (``--ridge``, default 1.0, on every weight but the bias), and prints for the test half: the
log-loss and Brier score beside always saying the training share, and a calibration table (predicted chance in
tenths against the share won, with the count). ``--write`` writes the weights to
``webapp/games/skat/data/hand-model-v1.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.skat.hand_model import FEATURES, MODEL_FILE, features_of_mask  # noqa: E402
from webapp.games.skat.official import SUIT_GAMES, GameType  # noqa: E402

GAMES = list(SUIT_GAMES) + [GameType.GRAND, GameType.NULL]


def load(paths: list[Path]) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """By model ("suit", "grand"): the feature matrix, the results (1 won) and the test mask."""
    rows: dict[str, list] = {"suit": [], "grand": []}
    for path in paths:
        data = np.load(path)
        for seat, game, hand, skat, won in zip(data["seat"], data["game"], data["hand"], data["skat"], data["won"]):
            kind = GAMES[int(game)]
            if kind.is_null or won < 0:
                continue
            f = features_of_mask(int(hand), kind, forehand=int(seat) == 0)
            rows["grand" if kind is GameType.GRAND else "suit"].append((f, int(won), (int(skat) * 2654435761 >> 11) & 1 == 1))
    out = {}
    for name, found in rows.items():
        out[name] = (np.array([r[0] for r in found]), np.array([r[1] for r in found], dtype=float),
                     np.array([r[2] for r in found]))
    return out


def fit(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Logistic regression weights by Newton's method with an L2 penalty ``ridge`` (not on the bias)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def report(name: str, w: np.ndarray, x: np.ndarray, y: np.ndarray) -> None:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    base = np.full_like(p, y.mean())
    def logloss(q):
        return float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean())
    print(f"{name}: {len(y)} test rows, won {y.mean():.1%}; log-loss {logloss(p):.3f} (a constant: {logloss(base):.3f});"
          f" Brier {float(((p - y) ** 2).mean()):.3f} (a constant: {float(((base - y) ** 2).mean()):.3f})")
    print("  predicted   rows   won   mean predicted")
    for low in range(10):
        chosen = (p >= low / 10) & (p < (low + 1) / 10 if low < 9 else p <= 1)
        if chosen.any():
            print(f"  {low * 10:3d}-{low * 10 + 10:3d} %  {int(chosen.sum()):5d}  {y[chosen].mean():5.1%}  "
                  f"{p[chosen].mean():5.1%}")


def fit_arguments(description: str) -> argparse.Namespace:
    """The command line of a fit script: data files, ``--ridge`` (default 1.0) and ``--write``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    return parser.parse_args()


def main() -> int:
    args = fit_arguments(__doc__.splitlines()[0])
    weights = {}
    for name, (x, y, test) in load(args.data).items():
        if len(y) < 50:
            print(f"{name}: only {len(y)} rows")
            continue
        w = fit(x[~test], y[~test], args.ridge)
        report(name, w, x[test], y[test])
        print("  weights: " + ", ".join(f"{f} {v:+.2f}" for f, v in zip(FEATURES, w)))
        weights[name] = fit(x, y, args.ridge).round(4).tolist()  # the shipped weights use every row
    if args.write:
        MODEL_FILE.parent.mkdir(exist_ok=True)
        # the other keys (the real-play mappings of benchmarks/skat_coach_fit.py) stay; refit them afterwards
        kept = json.loads(MODEL_FILE.read_text(encoding="utf-8")) if MODEL_FILE.exists() else {}
        kept.update({"format": 1, "features": list(FEATURES), "weights": weights,
                     "data": [p.name for p in args.data], "ridge": args.ridge})
        MODEL_FILE.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
        print(f"written: {MODEL_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
