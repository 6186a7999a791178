"""The optimal solitaire Yahtzee strategy: dynamic programming over turn states, with NumPy.

A *turn state* is what matters for the rest of the game when a turn begins:
the free boxes (a 13-bit mask, bit ``i`` = :data:`yahtzee.CATEGORIES` ``[i]`` is free),
the upper-section total capped at 63 (beyond 63 nothing changes), and whether
the Yahtzee box holds 50 (so that a further Yahtzee earns the bonus of 100).
The table holds, for every reachable turn state, the expected number of points
still to come when playing optimally (bonuses included); for the empty card
it is the expected final score: 254.5877 under the forced joker rule (seed 004),
254.5896 under free placement.

Inside a turn the dice are a multiset: 252 sorted outcomes of 5 dice and 462
keeps (multisets of 0..5 dice). The values of a turn are computed backwards
from the third roll:

* after the last roll, an outcome is worth the best allowed box (points +
  bonuses + the table value of the next turn state);
* a keep is worth the mean of the 6 keeps with one die more (rolling the
  missing dice one by one), so a keep of all five is the outcome itself;
* after roll 1 or 2 an outcome is worth its best sub-keep (computed over the
  lattice of keeps: a keep's best is the better of itself and its best one-die-less
  subsets).

Many turn states (all states of one number of free boxes) go through this as
the columns of one array, so the table takes NumPy seconds, not hours.
The module is pure Python + NumPy: no Flask, no files (see :mod:`webapp.games.yahtzee.table`).
"""

from __future__ import annotations

import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Callable, Sequence

import numpy as np

from webapp.games.yahtzee import rules as y

#: Bumped whenever the table's layout or meaning changes (it is part of the cache file name).
FORMAT_VERSION = 1
N_CATS = len(y.CATEGORIES)
ALL_FREE = (1 << N_CATS) - 1
UPPER_CAP = y.UPPER_BONUS_AT
YAHTZEE_BIT = y.Category.YAHTZEE.index

# --- the dice: keeps and outcomes ----------------------------------------------------------

#: Every keep (sorted tuple of 0..5 dice), by size then lexicographically; the last 252 are outcomes.
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    k for size in range(y.DICE + 1) for k in itertools.combinations_with_replacement(range(1, 7), size)
)
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}
N_KEEPS = len(KEEPS)  # 462
N_OUT = comb(y.DICE + y.FACES - 1, y.DICE)  # 252
OUT0 = N_KEEPS - N_OUT  # index of the first outcome among the keeps
OUTCOMES = KEEPS[OUT0:]
_SIZE_START = [sum(comb(s + 5, 5) for s in range(size)) for size in range(y.DICE + 2)]


def _add(keep: tuple[int, ...], face: int) -> tuple[int, ...]:
    return tuple(sorted(keep + (face,)))


#: For the keeps of size s < 5: the 6 keeps with one die more (one column a face).
_PLUS_ONE = [
    np.array([[KEEP_INDEX[_add(k, f)] for f in range(1, 7)] for k in KEEPS[_SIZE_START[s]:_SIZE_START[s + 1]]])
    for s in range(y.DICE)
]


def _minus_one(keep: tuple[int, ...]) -> list[int]:
    subs = sorted({KEEP_INDEX[keep[:i] + keep[i + 1:]] for i in range(len(keep))})
    return subs + [subs[0]] * (y.DICE - len(subs))  # padded to 5 columns


#: For the keeps of size s >= 1: the keeps with one die less (padded by repetition to 5 columns).
_MINUS_ONE = [None] + [
    np.array([_minus_one(k) for k in KEEPS[_SIZE_START[s]:_SIZE_START[s + 1]]]) for s in range(1, y.DICE + 1)
]

#: Probability of each outcome on a roll of all five dice.
P_FIRST = np.array([
    np.prod([comb(5 - sum(o.count(f) for f in range(1, face)), o.count(face)) for face in range(1, 7)]) / 6**5
    for o in OUTCOMES
])

#: Normal score of each box for each outcome, shape (13, 252).
SCORES = np.array([[c.score(o) for o in OUTCOMES] for c in y.CATEGORIES], dtype=np.float64)
#: 1 where an outcome shows a box's pattern (``Category.matches``), shape (13, 252).
MATCHES = np.array([[c.matches(o) for o in OUTCOMES] for c in y.CATEGORIES], dtype=np.float64)
#: How many dice of each face an outcome shows, shape (6, 252).
COUNTS = np.array([[o.count(f) for o in OUTCOMES] for f in range(1, 7)])
#: The outcome index of the Yahtzee of each face (1..6).
YAHTZEE_ROWS = np.array([KEEP_INDEX[(f,) * 5] - OUT0 for f in range(1, 7)])
IS_YAHTZEE = np.zeros(N_OUT, dtype=bool)
IS_YAHTZEE[YAHTZEE_ROWS] = True
for _constant in (*_PLUS_ONE, *_MINUS_ONE[1:], P_FIRST, SCORES, MATCHES, COUNTS, YAHTZEE_ROWS, IS_YAHTZEE):
    _constant.setflags(write=False)  # shared by every computation: read-only
del _constant


def expected_keeps(values: np.ndarray) -> np.ndarray:
    """Expected value of every keep, given the value of every outcome.

    Args:
        values: shape (252, S): the value of each outcome in S turn states.

    Returns:
        Shape (462, S): for each keep, the mean value over the rolls of the missing dice.
    """
    k = np.empty((N_KEEPS,) + values.shape[1:])
    k[OUT0:] = values
    for size in range(y.DICE - 1, -1, -1):
        plus = _PLUS_ONE[size]
        acc = k[plus[:, 0]]
        for col in range(1, 6):
            acc += k[plus[:, col]]
        k[_SIZE_START[size]:_SIZE_START[size + 1]] = acc / 6
    return k


def best_subkeep(keep_values: np.ndarray) -> np.ndarray:
    """For every outcome, the value of its best keep (any sub-multiset, itself included).

    Args:
        keep_values: shape (462, S), from :func:`expected_keeps`.

    Returns:
        Shape (252, S).
    """
    m = keep_values.copy()
    for size in range(1, y.DICE + 1):
        rows = slice(_SIZE_START[size], _SIZE_START[size + 1])
        minus = _MINUS_ONE[size]
        block = m[rows]
        for col in range(y.DICE):
            np.maximum(block, m[minus[:, col]], out=block)
        m[rows] = block
    return m[OUT0:]


# --- the turn ------------------------------------------------------------------------


def _flat(free: np.ndarray, up: np.ndarray, yb: np.ndarray) -> np.ndarray:
    return (free * (UPPER_CAP + 1) + up) * 2 + yb


def placement_values(table: np.ndarray, free: np.ndarray, up: np.ndarray, yb: np.ndarray,
                     joker: y.JokerRule = y.FORCED) -> np.ndarray:
    """Value of every outcome after the last roll: the best allowed box, bonuses, and the rest.

    Args:
        table: flat table of expected future points, indexed by :func:`_flat`.
        free, up, yb: int arrays of shape (S,): free-box masks, capped upper totals,
            1 where the Yahtzee box holds 50.
        joker: :attr:`JokerRule.FORCED` or :attr:`JokerRule.FREE`.

    Returns:
        Shape (252, S).
    """
    s = free.shape[0]
    best = np.full((N_OUT, s), -np.inf)
    at_yahtzee = np.full((N_CATS, 6, s), -np.inf)  # joker values at the six Yahtzee outcomes
    for c, category in enumerate(y.CATEGORIES):
        is_free = ((free >> c) & 1).astype(bool)
        if not is_free.any():
            continue
        rest = free & ~(1 << c)
        if category.is_upper:
            face = c + 1
            gains = np.empty((6, s))
            for n in range(6):
                up2 = np.minimum(up + n * face, UPPER_CAP)
                bonus = np.where((up < UPPER_CAP) & (up2 >= UPPER_CAP), y.UPPER_BONUS, 0)
                gains[n] = n * face + bonus + table[_flat(rest, up2, yb)]
            cand = gains[COUNTS[c]]
            joker_cand = cand[YAHTZEE_ROWS]
        elif category is y.Category.YAHTZEE:
            cand = np.where(IS_YAHTZEE[:, None], y.YAHTZEE_SCORE + table[_flat(rest, up, 1)],
                            table[_flat(rest, up, yb)])
            joker_cand = cand[YAHTZEE_ROWS]  # never used: the joker needs a filled Yahtzee box
        else:
            later = table[_flat(rest, up, yb)]
            cand = SCORES[c][:, None] + later
            joker_points = y.box_points(category, (1,) * 5, True)
            if category in y.JOKER_FULL_VALUE:
                joker_cand = np.broadcast_to(joker_points + later, (6, s))
            else:
                joker_cand = cand[YAHTZEE_ROWS]
        cand = np.where(is_free, cand, -np.inf)
        np.maximum(best, cand, out=best)
        at_yahtzee[c] = np.where(is_free, joker_cand, -np.inf)
    yahtzee_used = ((free >> YAHTZEE_BIT) & 1) == 0
    if yahtzee_used.any():
        own = at_yahtzee[np.arange(6), np.arange(6)]
        if joker == y.FREE:  # any free box; joker values only once the face's upper box is filled
            jv = np.where(own == -np.inf, at_yahtzee.max(axis=0), best[YAHTZEE_ROWS])
        else:
            lower = at_yahtzee[6:].max(axis=0)
            upper = at_yahtzee[:6].max(axis=0)
            jv = np.where(own > -np.inf, own, np.where(lower > -np.inf, lower, upper))
        jv = jv + np.where(yb == 1, y.YAHTZEE_BONUS, 0)
        best[YAHTZEE_ROWS] = np.where(yahtzee_used, jv, best[YAHTZEE_ROWS])
    return best


@dataclass
class TurnValues:
    """The values of one turn in S turn states (arrays have S columns).

    Attributes:
        last: (252, S) value of each outcome after the last roll (placing).
        keep2: (462, S) value of each keep before the third roll.
        keep1: (462, S) value of each keep before the second roll.
        start: (S,) expected value of the turn state before the first roll.
    """

    last: np.ndarray
    keep2: np.ndarray
    keep1: np.ndarray
    start: np.ndarray


def turn_values(table: np.ndarray, free, up, yb, joker: y.JokerRule = y.FORCED) -> TurnValues:
    """Run one turn backwards for S turn states (see the module docstring)."""
    free, up, yb = (np.atleast_1d(np.asarray(a, dtype=np.int64)) for a in (free, up, yb))
    last = placement_values(table, free, up, yb, joker)
    keep2 = expected_keeps(last)
    keep1 = expected_keeps(best_subkeep(keep2))
    start = P_FIRST @ best_subkeep(keep1)
    return TurnValues(last, keep2, keep1, start)


# --- the whole table ---------------------------------------------------------------------


def reachable_upper_totals(used_upper_mask: int) -> list[int]:
    """Every capped upper total (0..63) the used upper boxes (bit f-1 = face f used) can hold."""
    totals = {0}
    for face in range(1, 7):
        if used_upper_mask >> (face - 1) & 1:
            totals = {min(UPPER_CAP, t + n * face) for t in totals for n in range(6)}
    return sorted(totals)


def _level_states(free_count: int, within: int = ALL_FREE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All reachable turn states with ``free_count`` free boxes (a subset of ``within``), as (free, up, yb) arrays."""
    rows = []
    for mask in range(ALL_FREE + 1):
        if mask.bit_count() != free_count or mask & ~within:
            continue
        used_upper = ~mask & 0b111111
        totals = reachable_upper_totals(used_upper) if mask & 0b111111 else [0]
        ybs = (0,) if mask >> YAHTZEE_BIT & 1 else (0, 1)
        rows.extend((mask, u, b) for u in totals for b in ybs)
    arr = np.array(rows, dtype=np.int64).reshape(-1, 3)
    return arr[:, 0], arr[:, 1], arr[:, 2]


def table_shape() -> tuple[int, int, int]:
    """Shape of the table: (8192 free masks, 64 capped upper totals, 2 Yahtzee-box states)."""
    return (ALL_FREE + 1, UPPER_CAP + 1, 2)


#: The most threads one table computation may use (NumPy releases the GIL; more cores hardly help).
MAX_WORKERS = 4


def check_workers(workers: int | None) -> int | None:
    """``workers`` if it is ``None`` (the default) or a whole number 1..:data:`MAX_WORKERS`.

    Raises:
        ValueError: any other value.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise ValueError(f"workers must be 1..{MAX_WORKERS}, not {workers!r}")
    return workers


def default_workers() -> int:
    """Threads of a table computation when none are given: 2, or 1 on one core."""
    return min(2, os.cpu_count() or 1)


def compute_table(joker: y.JokerRule = y.FORCED, progress: Callable[[int, int], None] | None = None,
                  chunk: int = 2048, within: int = ALL_FREE, workers: int | None = None) -> np.ndarray:
    """Compute the expected future points of every reachable turn state.

    Args:
        joker: :attr:`JokerRule.FORCED` (seed 004) or :attr:`JokerRule.FREE`.
        progress: called as ``progress(done, total)`` (turn states) after each chunk.
        chunk: turn states handled together (memory about chunk x 30 kB).
        within: only the states whose free boxes are a subset of this mask (a
            reduced game, for tests); the default is the whole game.
        workers: threads working on the chunks of a level, 1..:data:`MAX_WORKERS`
            (default: :func:`default_workers`); the pool lives only during the call.

    Returns:
        A float64 array of :func:`table_shape`; unreachable states hold NaN, and a
        state without free boxes holds 0. ``table[ALL_FREE, 0, 0]`` is the
        expected final score of a game.

    Raises:
        ValueError: ``workers`` outside 1..:data:`MAX_WORKERS`.
    """
    workers = check_workers(workers) or default_workers()
    table = np.full(table_shape(), np.nan)
    table[0] = 0.0
    flat = table.reshape(-1)
    levels = [_level_states(n, within) for n in range(1, N_CATS + 1)]
    total = sum(len(f) for f, _, _ in levels)
    done = 0

    def run(part: slice) -> int:
        # chunks of one level only read the levels below, and write their own states
        flat[_flat(free[part], up[part], yb[part])] = turn_values(flat, free[part], up[part], yb[part], joker).start
        return len(free[part])

    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="yahtzee-table") as pool:
        for free, up, yb in levels:
            parts = [slice(start, start + chunk) for start in range(0, len(free), chunk)]
            for count in pool.map(run, parts):  # NumPy releases the GIL inside its loops
                done += count
                if progress is not None:
                    progress(done, total)
            no_upper = (free & 0b111111) == 0  # the upper total no longer matters: copy to all totals
            for mask, b in set(zip(free[no_upper].tolist(), yb[no_upper].tolist())):
                table[mask, :, b] = table[mask, 0, b]
    return table


def expected_score(table: np.ndarray) -> float:
    """The expected final score of a whole game under optimal play."""
    return float(table[ALL_FREE, 0, 0])


# --- advice for one position ----------------------------------------------------------------


def state_of(card: y.Scorecard) -> tuple[int, int, int]:
    """The turn state of a score card: (free mask, capped upper total, Yahtzee box holds 50)."""
    free = sum(1 << c.index for c in card.free)
    return free, min(card.upper_score, UPPER_CAP), int(card.bonus_eligible)


class Strategy:
    """The optimal strategy for one table: values of keeps and boxes in any position.

    Args:
        table: from :func:`compute_table` (or loaded from the cache).
        joker: the joker rule the table was computed for.

    Per turn state the turn's values are computed once (a few milliseconds) and
    remembered (LRU, 4096 states).
    """

    def __init__(self, table: np.ndarray, joker: y.JokerRule = y.FORCED) -> None:
        self.table = table
        self.flat = table.reshape(-1)
        self.joker = joker
        self._turn = lru_cache(maxsize=4096)(self._compute_turn)

    def _compute_turn(self, state: tuple[int, int, int]) -> TurnValues:
        free, up, yb = state
        values = turn_values(self.flat, [free], [up], [yb], self.joker)
        return TurnValues(values.last[:, 0], values.keep2[:, 0], values.keep1[:, 0], values.start)

    def turn(self, card: y.Scorecard) -> TurnValues:
        """The values of the current turn on ``card`` (1-D arrays; see :class:`TurnValues`)."""
        return self._turn(state_of(card))

    def future(self, card: y.Scorecard) -> float:
        """Expected points still to come on ``card`` (bonuses included) under optimal play."""
        free, up, yb = state_of(card)
        return float(self.table[free, up, yb])

    def keep_values(self, card: y.Scorecard, dice: Sequence[int], roll: int) -> dict[tuple[int, ...], float]:
        """Expected *final* score of each possible keep after roll ``roll`` (1 or 2).

        Returns:
            sorted keep (tuple of faces) -> expected final score, for every
            sub-multiset of ``dice`` (keeping all five means not rolling again).
        """
        values = self.turn(card).keep1 if roll == 1 else self.turn(card).keep2
        base = card.total
        subs = {tuple(sorted(c)) for n in range(6) for c in itertools.combinations(dice, n)}
        return {k: base + float(values[KEEP_INDEX[k]]) for k in subs}

    def box_values(self, card: y.Scorecard, dice: Sequence[int]) -> dict[y.Category, float]:
        """Expected final score of each allowed box for the dice (placing them now)."""
        free, up, yb = state_of(card)
        joker = y.joker_scores_full(dice, card)
        bonus = y.YAHTZEE_BONUS if y.is_yahtzee(dice) and card.bonus_eligible else 0
        result = {}
        for category in y.legal_categories(dice, card, self.joker):
            points = y.box_points(category, dice, joker)
            up2, yb2 = up, yb
            if category.is_upper:
                up2 = min(UPPER_CAP, up + points)
                points += y.UPPER_BONUS if up < UPPER_CAP <= up + points else 0
            elif category is y.Category.YAHTZEE:
                yb2 = int(points == y.YAHTZEE_SCORE)
            later = self.table[free & ~(1 << category.index), up2, yb2]
            result[category] = card.total + points + bonus + float(later)
        return result
