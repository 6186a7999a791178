"""Poker hand evaluation throughput: Kartenschule's evaluator next to treys, in one run.

    make bench                                  # installs the `bench` extra (treys), then runs this
    .venv/bin/python benchmarks/poker_eval.py [--hands N] [--repeat R]

Prints hands a second for 5, 7 and 8 cards (best five of them) for both
evaluators on the same random hands, and the ratio ours / treys. treys has no
8-card evaluation, so its best-of-8 is the minimum over the 56 five-card parts
(what treys itself does for 6 and 7 cards). Both are checked to agree on
every hand before timing. Aims (issue 6): at least 1x for 5 cards, 5x for 8.
The rows marked ``obj`` time an :class:`Evaluator` object's own ``evaluate``
(as treys is timed: its ``Evaluator().evaluate``); the plain rows time the
module-level functions, which look up the shared default evaluator each call.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp.games.pokerface import rules as pokerface  # noqa: E402

try:
    from treys import Card as TreysCard
    from treys import Evaluator
except ImportError:  # pragma: no cover - printed for the reader
    sys.exit("treys is not installed: run `make bench` (it installs the bench extra)")


def treys_card(card: pokerface.Card) -> int:
    """Our card (suit then rank, ``SA``) as a treys card (rank then lower-case suit, ``As``)."""
    text = str(card)
    return TreysCard.new(text[1] + text[0].lower())


def timed(function, hands, repeat: int) -> float:
    """The best of ``repeat`` runs of ``function`` over all hands, in hands a second."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        function(hands)
        runs.append(time.perf_counter() - start)
    return len(hands) / min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per size (default 100000)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs each; the best counts (default 3)")
    args = parser.parse_args()
    rng = random.Random(2026)
    treys = Evaluator()

    start = time.perf_counter()
    pokerface.evaluate(pokerface.DECK[:8])  # builds (or loads) the 6-8-card tables
    setup = time.perf_counter() - start
    evaluator = pokerface.default_evaluator()  # the object the module-level functions use for 6-8 cards

    def ours_object(hands):
        evaluate = evaluator.evaluate
        for hand in hands:
            evaluate(hand)

    def ours_generic(hands):
        evaluate = pokerface.evaluate
        for hand in hands:
            evaluate(hand)

    def ours_five(hands):
        evaluate5 = pokerface.evaluate5
        for hand in hands:
            evaluate5(*hand)

    def treys_native(hands):
        evaluate = treys.evaluate
        for hand in hands:
            evaluate(hand[:2], hand[2:])

    def treys_eight(hands):
        evaluate = treys.evaluate
        for hand in hands:
            min(evaluate(list(five[:2]), list(five[2:])) for five in itertools.combinations(hand, 5))

    print(f"Kartenschule evaluator vs treys {getattr(sys.modules['treys'], '__version__', '')}".rstrip())
    print(f"6-8-card tables ready in {setup * 1000:.0f} ms (built, or loaded from $KARTENSCHULE_CACHE_DIR)")
    print(f"{'cards':>5}  {'ours (hands/s)':>16}  {'treys (hands/s)':>16}  {'ratio':>7}  aim")
    for size, aim in ((5, 1.0), (7, None), (8, 5.0)):
        count = args.hands if size < 8 else max(args.hands // 20, 1000)
        hands = [rng.sample(pokerface.DECK, size) for _ in range(count)]
        t_hands = [[treys_card(c) for c in hand] for hand in hands]
        for ours_hand, their_hand in zip(hands[:2000], t_hands[:2000]):  # same answers first
            theirs = (treys.evaluate(their_hand[:2], their_hand[2:]) if size < 8 else
                      min(treys.evaluate(list(f[:2]), list(f[2:])) for f in itertools.combinations(their_hand, 5)))
            assert pokerface.evaluate(ours_hand) == theirs, (ours_hand, theirs)
        ours = timed(ours_generic, hands, args.repeat)
        theirs = timed(treys_native if size < 8 else treys_eight, t_hands, args.repeat)
        note = "" if aim is None else (f">= {aim:g}x  {'met' if ours / theirs >= aim else 'NOT met'}")
        print(f"{size:>5}  {ours:>16,.0f}  {theirs:>16,.0f}  {ours / theirs:>6.1f}x  {note}")
        direct = timed(ours_object, hands, args.repeat)
        label = f"{size} obj"
        print(f"{label:>5}  {direct:>16,.0f}  {theirs:>16,.0f}  {direct / theirs:>6.1f}x  (Evaluator().evaluate)")
        if size == 5:
            fast = timed(ours_five, hands, args.repeat)
            print(f"{'5*':>5}  {fast:>16,.0f}  {theirs:>16,.0f}  {fast / theirs:>6.1f}x  (evaluate5(a, b, c, d, e))")


if __name__ == "__main__":
    main()
