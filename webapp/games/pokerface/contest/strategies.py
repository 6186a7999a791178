"""The built-in bots' logic, and one round of the protocol for any strategy over stdin/stdout.

A strategy answers the three questions of a round (seed 003):

* :meth:`Strategy.exchange`: which of the five dealt cards to give away (indices 0-4);
* :meth:`Strategy.extras`: how many extra cards to take (0-3), seeing the hand after the exchange;
* :meth:`Strategy.reveal`: which five of the held cards to show.

Built in: :class:`LeoBot` (the seed's reference bot), :class:`FillerBot` (the
seed's filler: shows the hand it was dealt) and :class:`SmartBot` (ours: keeps
the cards that give the best chance to win, found by a quick Monte Carlo
estimate, then behaves like LeoBot). Strategies are deterministic: any
randomness is seeded from the hand.
"""

from __future__ import annotations

import bisect
import itertools
import random
import sys
from functools import lru_cache
from typing import Sequence, TextIO

from webapp.games.pokerface.rules import (DECK, HAND_SIZE, MAX_EXTRA, PLAYERS, Card, Evaluator, best_five, cache_folder,
                                          cards_text, default_evaluator, parse_cards)


class Strategy:
    """A bot's decisions; the base class keeps everything (the filler bot's behaviour)."""

    name = "Strategy"

    def exchange(self, hand: Sequence[Card]) -> tuple[int, ...]:
        """Indices (0-4) of the dealt cards to give away; ``()`` for none."""
        return ()

    def extras(self, hand: Sequence[Card]) -> int:
        """How many extra cards to take, 0 to 3, knowing the hand after the exchange."""
        return 0

    def reveal(self, held: Sequence[Card]) -> tuple[Card, ...]:
        """The five cards to show, out of the 5 to 8 held."""
        return tuple(held[:HAND_SIZE])


class FillerBot(Strategy):
    """The seed's filler bot: no exchange, no extra cards, shows the hand it was dealt."""

    name = "Filler"


class LeoBot(Strategy):
    """The seed's reference bot: never exchanges, takes 3 extra cards, shows the best five of eight."""

    name = "LeoBot"

    def extras(self, hand: Sequence[Card]) -> int:
        return MAX_EXTRA

    def reveal(self, held: Sequence[Card]) -> tuple[Card, ...]:
        return best_five(held)[1]


@lru_cache(maxsize=4)
def _win_chance(evaluator: Evaluator) -> tuple[float, ...]:
    """Rank -> the chance that a hand of this rank beats three LeoBot hands (best 5 of 8 random cards).

    Estimated once from 2,000 random eight-card hands (a fixed seed, so the
    bots stay deterministic); ``evaluator`` takes 8 cards (every such evaluator
    gives the same ranks).
    """
    rng = random.Random(3)
    evaluate = evaluator.evaluate
    samples = sorted(evaluate(rng.sample(DECK, 8)) for _ in range(2000))
    chance = [0.0]
    for rank in range(1, 7463):
        worse = len(samples) - bisect.bisect_right(samples, rank)
        ties = bisect.bisect_right(samples, rank) - bisect.bisect_left(samples, rank)
        chance.append(((worse + ties / 2) / len(samples)) ** (PLAYERS - 1))
    return tuple(chance)


class SmartBot(LeoBot):
    """Our bot: chooses what to keep by simulation, then takes 3 extra cards like LeoBot.

    Extra cards cost nothing in Pokerface, so it always takes three. Before
    that it tries all 32 ways to keep some of the five dealt cards: for each,
    it deals the rest ``samples`` times from the cards it has not seen (the
    same random deals for every choice) and averages the chance that the best
    five of its eight cards beat three LeoBot hands. Keeping everything is one
    of the 32 choices, so it plays at least as well as LeoBot on average.
    """

    name = "SmartBot"

    def __init__(self, samples: int = 48, evaluator: Evaluator | None = None) -> None:
        """``samples`` deals a choice; ``evaluator`` (for 8 cards) or the shared default one."""
        self.samples = samples
        self.evaluator = evaluator

    def exchange(self, hand: Sequence[Card]) -> tuple[int, ...]:
        evaluator = self.evaluator or default_evaluator()
        evaluate = evaluator.evaluate
        chance = _win_chance(evaluator)
        rng = random.Random(cards_text(sorted(hand)))
        unseen = [c for c in DECK if c not in hand]
        deals = [rng.sample(unseen, HAND_SIZE + MAX_EXTRA) for _ in range(self.samples)]
        best_score, best_give = -1.0, ()
        for size in range(HAND_SIZE, -1, -1):
            for keep in itertools.combinations(range(HAND_SIZE), size):
                kept = [hand[i] for i in keep]
                need = HAND_SIZE + MAX_EXTRA - size
                score = sum(chance[evaluate(kept + deal[:need])] for deal in deals)
                if score > best_score:
                    best_score, best_give = score, tuple(i for i in range(HAND_SIZE) if i not in keep)
        return best_give


#: Built-in strategies by name, as the CLI and the browser game know them.
BUILT_IN: dict[str, type[Strategy]] = {"leobot": LeoBot, "filler": FillerBot, "smartbot": SmartBot}


def run_stdio(strategy: Strategy, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    """Play one round of the seed's protocol as ``strategy`` (cards separated by spaces).

    Reads the dealt hand; writes ``true`` and the indices to give away (or
    ``false``); reads the replacement line (empty for none); writes the number
    of extra cards; reads them (an empty line for none); writes the final hand.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    hand = parse_cards(stdin.readline(), count=HAND_SIZE)
    give = strategy.exchange(hand)
    if give:
        say("true")
        say(" ".join(map(str, give)))
        new = parse_cards(stdin.readline())
        hand = tuple(c for i, c in enumerate(hand) if i not in give) + new
    else:
        say("false")
    count = strategy.extras(hand)
    say(str(count))
    held = hand + (parse_cards(stdin.readline()) if count else ())
    say(cards_text(strategy.reveal(held)))


def main(name: str) -> None:
    """Entry point of ``python -m webapp.games.pokerface.contest.bots.<name>``.

    A bot is started once a round, so SmartBot keeps a copy of its 8-card
    tables in :func:`~.rules.cache_folder` (``$KARTENSCHULE_CACHE_DIR`` or
    ``~/.cache/kartenschule``): loading takes a tenth of building.
    """
    if BUILT_IN[name] is SmartBot:
        run_stdio(SmartBot(evaluator=Evaluator(cache_folder=cache_folder())))
    else:
        run_stdio(BUILT_IN[name]())
