"""Fit the Null model (webapp/games/skat/null_model.py) to Null games played out, and check it on deals it did not see.

    .venv/bin/python benchmarks/null_fit.py DATA.npz [DATA.npz ...] [--ridge 1.0] [--write]

Reads the games of ``benchmarks/null_data.py``, splits them by deal number (odd numbers are the test half), fits a
logistic regression on :func:`webapp.games.skat.null_model.features` of the declarer's 10 dealt cards (Newton's
method with a small ridge penalty, as ``benchmarks/skat_bidding_fit.py``, whose ``fit``, ``report`` and command
line it uses)
and prints for the test half the log-loss and Brier score beside a constant, and the calibration table (predicted
chance in tenths against the share won). ``--write`` writes the weights fitted to every game to
``webapp/games/skat/data/null-model-v1.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from skat_bidding_fit import fit, fit_arguments, report  # noqa: E402

from webapp.games.skat.null_model import FEATURES, MODEL_FILE, features  # noqa: E402
from webapp.games.skat.rules import DECK  # noqa: E402


def load(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The feature matrix, the results (1 won), the test mask and the variant (0 Null, 1 Hand, 2 Ouvert, 3 both)."""
    x, y, test, variant = [], [], [], []
    for path in paths:
        data = np.load(path)
        for number, seat, hand, hand_game, ouvert, won in zip(data["number"], data["seat"], data["hand"],
                                                              data["hand_game"], data["ouvert"], data["won"]):
            cards = [card for i, card in enumerate(DECK) if int(hand) >> i & 1]
            x.append(features(cards, int(seat) == 0, hand_game=bool(hand_game), ouvert=bool(ouvert)))
            y.append(int(won))
            test.append(int(number) % 2 == 1)
            variant.append(int(hand_game) + 2 * int(ouvert))
    return np.array(x), np.array(y, dtype=float), np.array(test), np.array(variant)


def main() -> int:
    args = fit_arguments(__doc__.splitlines()[0])
    x, y, test, variant = load(args.data)
    w = fit(x[~test], y[~test], args.ridge)
    report("null", w, x[test], y[test])
    for v, name in enumerate(("Null", "Null Hand", "Null Ouvert", "Null Ouvert Hand")):
        chosen = test & (variant == v)
        if chosen.any():
            p = 1 / (1 + np.exp(-x[chosen] @ w))
            print(f"  {name:17} test games {int(chosen.sum()):5}  won {y[chosen].mean():5.1%}  "
                  f"mean predicted {p.mean():5.1%}")
    print("  weights: " + ", ".join(f"{f} {v:+.2f}" for f, v in zip(FEATURES, w)))
    if args.write:
        weights = fit(x, y, args.ridge).round(4).tolist()  # the shipped weights use every game
        MODEL_FILE.write_text(json.dumps({"format": 1, "features": list(FEATURES), "weights": weights,
                                          "games": len(y), "data": [p.name for p in args.data],
                                          "ridge": args.ridge}, indent=1) + "\n")
        print(f"written: {MODEL_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
