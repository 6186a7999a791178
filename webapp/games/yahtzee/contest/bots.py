"""The built-in bots: dummy (random but legal), heuristic (about 200 points), optimal (254.6)."""

from __future__ import annotations

import random
from collections import Counter

from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import coach as yahtzee_coach
from webapp.games.yahtzee.contest.players import Category, Player, TurnChoice

C = Category


class DummyBot(Player):
    """Seed 004's DummyPlayer: takes Yahtzee when it can, random legal choices otherwise."""

    def __init__(self, game, rng: random.Random | None = None) -> None:
        super().__init__(game)
        self.rng = rng or random.Random(4)

    def turn(self, dice, stage):
        legal = self.game.scorecard().legal(dice)
        if y.is_yahtzee(dice) and C.YAHTZEE in legal:
            return TurnChoice.place(C.YAHTZEE)
        if stage < 2 and self.rng.random() < 0.7:
            return TurnChoice.keep(i for i in range(5) if self.rng.random() < 0.5)
        return TurnChoice.place(self.rng.choice(legal))


#: What a box is usually worth to this heuristic: a placement scores its points minus this par.
_PAR = {C.ACES: 2, C.TWOS: 5, C.THREES: 8, C.FOURS: 11, C.FIVES: 14, C.SIXES: 17,
        C.THREE_OF_A_KIND: 17, C.FOUR_OF_A_KIND: 8, C.FULL_HOUSE: 18, C.SMALL_STRAIGHT: 22,
        C.LARGE_STRAIGHT: 24, C.YAHTZEE: 12, C.CHANCE: 22}


class HeuristicBot(Player):
    """Keeps the most useful pattern (a straight draw or the most common face) and fills the box
    that beats its usual value by the most. About 200 points a game."""

    def turn(self, dice, stage):
        view = self.game.scorecard()
        free = set(view.free_categories)
        legal = view.legal(dice)
        counts = Counter(dice)
        face, count = max(counts.items(), key=lambda fc: (fc[1], fc[0]))
        made = [c for c in (C.YAHTZEE, C.LARGE_STRAIGHT, C.FULL_HOUSE) if c in legal and c.matches(dice)]
        if stage == 2 or made or (C.SMALL_STRAIGHT in legal and C.LARGE_STRAIGHT not in free
                                  and C.SMALL_STRAIGHT.matches(dice)):
            return TurnChoice.place(self._best_box(dice, legal, view))
        straights = {C.SMALL_STRAIGHT, C.LARGE_STRAIGHT} & free
        if count <= 2 and straights:
            run = self._run(dice)
            if len(run) >= 3:
                keep, seen = [], set()
                for i, d in enumerate(dice):
                    if d in run and d not in seen:
                        keep.append(i)
                        seen.add(d)
                return TurnChoice.keep(keep)
        if C.FULL_HOUSE in free and count == 3 and len(counts) == 3 and stage == 1:
            return TurnChoice.keep(i for i, d in enumerate(dice) if counts[d] >= 2 and (d == face or counts[d] == 2))
        return TurnChoice.keep(i for i, d in enumerate(dice) if d == face)

    @staticmethod
    def _run(dice) -> list[int]:
        faces = sorted(set(dice))
        best, cur = [], []
        for f in faces:
            cur = cur + [f] if cur and f == cur[-1] + 1 else [f]
            if len(cur) > len(best):
                best = cur
        return best

    @staticmethod
    def _best_box(dice, legal, view) -> Category:
        joker = y.is_yahtzee(dice) and view.yahtzee_box is not None

        def gain(c: Category) -> float:
            points = y.box_points(c, dice, joker)
            value = points - _PAR[c]
            if c.is_upper and points >= 3 * c.face and view.upper_score < 63:
                value += 6  # on track for the upper bonus
            return value

        return max(legal, key=gain)


class OptimalBot(Player):
    """Plays the optimal strategy (expected 254.59 under the forced joker rule).

    The table is loaded from (or computed once into) the default table folder, through
    a store of the bot's own (:func:`webapp.games.yahtzee.table.default_store`).
    """

    def __init__(self, game) -> None:
        super().__init__(game)
        self.strategy = yahtzee_table.default_store().ensure(y.FORCED)

    def turn(self, dice, stage):
        view = self.game.scorecard()
        card = view.card
        if stage < 2:
            keeps = self.strategy.keep_values(card, dice, stage + 1)
            boxes = self.strategy.box_values(card, dice)
            best_keep = max(keeps, key=keeps.get)
            if len(best_keep) < 5 or not boxes:
                return TurnChoice.keep(yahtzee_coach.keep_indexes(dice, best_keep))
        boxes = self.strategy.box_values(card, dice)
        return TurnChoice.place(max(boxes, key=boxes.get))
