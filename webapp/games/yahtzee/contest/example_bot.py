"""An example Yahtzee bot as a separate program: the JSON-lines protocol, in plain Python.

Run it in a tournament with
``kartenschule yahtzee tournament --games 1000 heuristic "exec:python3 webapp/games/yahtzee/contest/example_bot.py"``.
It reads one JSON object a line on stdin and answers one line on stdout
(see :mod:`webapp.games.yahtzee.contest.external`). Written without any import
from Kartenschule, as a bot in another language would be: it keeps the dice of
its most common face and fills the free box that scores the most (ties: the
last free box, to scratch Chance or Yahtzee late).
"""

import json
import sys
from collections import Counter

UPPER = ["aces", "twos", "threes", "fours", "fives", "sixes"]


def score(box, dice):
    counts = Counter(dice)
    most = max(counts.values())
    faces = set(dice)
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * counts[face]
    if box == "3kind":
        return sum(dice) if most >= 3 else 0
    if box == "4kind":
        return sum(dice) if most >= 4 else 0
    if box == "fullhouse":
        return 25 if sorted(counts.values()) == [2, 3] else 0
    if box == "small":
        return 30 if any(set(run) <= faces for run in ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6])) else 0
    if box == "large":
        return 40 if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == "yahtzee":
        return 50 if most == 5 else 0
    return sum(dice)  # chance


def answer(message):
    dice, stage, free = message["dice"], message["stage"], message["scorecard"]["free"]
    if stage < 2:
        face, _ = max(Counter(dice).items(), key=lambda fc: (fc[1], fc[0]))
        return {"keep": [i for i, d in enumerate(dice) if d == face]}
    return {"category": max(reversed(free), key=lambda box: score(box, dice))}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        reply = answer(message)
        if "category" in reply and len(set(message["dice"])) == 1 and message["scorecard"]["yahtzee_box"] is not None:
            # the forced joker rule: the upper box of the face first, then a lower box, then any
            own = UPPER[message["dice"][0] - 1]
            free = message["scorecard"]["free"]
            lower = [b for b in free if b not in UPPER]
            allowed = [own] if own in free else (lower or free)
            reply = {"category": max(reversed(allowed), key=lambda box: score(box, message["dice"]))}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
