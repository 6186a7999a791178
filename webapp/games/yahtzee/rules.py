"""Yahtzee: dice, the 13 categories, the score card, both bonuses and the forced joker rule.

The rules are those of seed 004 (the French Yahtzee bot challenge), which follow
the official Hasbro rules:

* 5 six-sided dice, up to 3 rolls a turn, then exactly one free category is filled;
  a category whose pattern the dice do not show scores 0. 13 turns a game.
* Upper section: Aces .. Sixes score the sum of the dice showing that face.
  Upper bonus 35 when the upper section totals 63 or more.
* Lower section: Three of a Kind and Four of a Kind score the sum of all dice;
  Full House 25 (three of one face and two of another); Small Straight 30
  (four faces in sequence); Large Straight 40 (five in sequence); Yahtzee 50
  (five of one face); Chance the sum of all dice.
* Yahtzee bonus: 100 for every further Yahtzee while the Yahtzee box holds 50
  (not when it holds 0).
* Forced joker rule, for a Yahtzee rolled when the Yahtzee box is already filled
  (with 50 or with 0): it must go in the upper box of its face if that is free;
  otherwise in any free lower box, where Full House, Small and Large Straight
  score their full 25, 30 and 40; otherwise a 0 goes in any free upper box.
  (:attr:`JokerRule.FREE` is the free-placement convention: any free box; Full House and the
  straights score in full only once the upper box of the face is filled.)

>>> card = parse_card("aces=3,yahtzee=50")
>>> dice = parse_dice("44444")
>>> [(o.category.name, o.points) for o in options(dice, card) if o.allowed]
[('FOURS', 120)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from enum import Enum, StrEnum
from typing import Mapping, Sequence

from webapp.core.numbers import ascii_int
from webapp.core.steps import NotationError, RuleInputError, RuleViolation, Step  # noqa: F401 - the typed errors of this engine

DICE = 5
FACES = 6
ROLLS = 3
UPPER_BONUS = 35
UPPER_BONUS_AT = 63
YAHTZEE_BONUS = 100
FULL_HOUSE = 25
SMALL_STRAIGHT = 30
LARGE_STRAIGHT = 40
YAHTZEE_SCORE = 50



class JokerRule(StrEnum):
    """The joker conventions; the value is the name in URLs, on the command line and in table file names.

    ``FORCED`` is the official forced joker rule (seed 004, Hasbro rules); ``FREE`` is
    free placement (any free box; see :func:`joker_allowed`).
    """

    FORCED = "forced"
    FREE = "free"


FORCED = JokerRule.FORCED
FREE = JokerRule.FREE
JOKER_RULES: tuple[JokerRule, ...] = tuple(JokerRule)

Dice = tuple[int, ...]


class Category(Enum):
    """The 13 boxes of the score card, in the order printed on it (seed 004).

    ``Category.FOURS.score((4, 4, 1, 2, 4))`` is 12; ``matches`` says whether the
    dice show the box's pattern; ``Category.matching(dice)`` lists every box that fits.
    The value is the short name used in URLs and on the command line.
    """

    ACES = "aces"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "3kind"
    FOUR_OF_A_KIND = "4kind"
    FULL_HOUSE = "fullhouse"
    SMALL_STRAIGHT = "small"
    LARGE_STRAIGHT = "large"
    YAHTZEE = "yahtzee"
    CHANCE = "chance"

    # index (0 Aces .. 12 Chance), is_upper, is_lower and face (1..6 for the upper boxes, else
    # None) are plain attributes set below the class: they are asked millions of times.
    index: int
    is_upper: bool
    is_lower: bool
    face: int | None

    def matches(self, dice: Sequence[int]) -> bool:
        """True when the dice show this box's pattern (upper boxes: at least one die of the face).

        A Yahtzee is no Full House by itself (three of one face *and two of another*);
        only the joker rule lets it score there (see :func:`options`).
        """
        counts = _counts(dice)
        if self.is_upper:
            return counts[self.face - 1] > 0
        most = max(counts)
        if self is Category.THREE_OF_A_KIND:
            return most >= 3
        if self is Category.FOUR_OF_A_KIND:
            return most >= 4
        if self is Category.FULL_HOUSE:
            return sorted(c for c in counts if c) == [2, 3]
        if self is Category.SMALL_STRAIGHT:
            return _longest_run(counts) >= 4
        if self is Category.LARGE_STRAIGHT:
            return _longest_run(counts) == 5
        if self is Category.YAHTZEE:
            return most == 5
        return True  # Chance takes anything

    def score(self, dice: Sequence[int]) -> int:
        """Points these dice score in this box by the normal rules (0 when they do not match)."""
        if self.is_upper:
            return self.face * _counts(dice)[self.face - 1]
        if not self.matches(dice):
            return 0
        return FIXED_POINTS.get(self, sum(dice))

    @staticmethod
    def matching(dice: Sequence[int]) -> tuple["Category", ...]:
        """Every box whose pattern the dice show, in score-card order."""
        return tuple(c for c in Category if c.matches(dice))


for _i, _c in enumerate(Category):
    _c.index, _c.is_upper, _c.is_lower, _c.face = _i, _i < 6, _i >= 6, (_i + 1 if _i < 6 else None)
CATEGORIES: tuple[Category, ...] = tuple(Category)
UPPER: tuple[Category, ...] = CATEGORIES[:6]
LOWER: tuple[Category, ...] = CATEGORIES[6:]
FIXED_POINTS = {
    Category.FULL_HOUSE: FULL_HOUSE,
    Category.SMALL_STRAIGHT: SMALL_STRAIGHT,
    Category.LARGE_STRAIGHT: LARGE_STRAIGHT,
    Category.YAHTZEE: YAHTZEE_SCORE,
}
#: Boxes whose value the joker gives in full although the pattern is missing.
JOKER_FULL_VALUE = (Category.FULL_HOUSE, Category.SMALL_STRAIGHT, Category.LARGE_STRAIGHT)


def _counts(dice: Sequence[int]) -> list[int]:
    counts = [0] * FACES
    for d in dice:
        counts[d - 1] += 1
    return counts


def _longest_run(counts: Sequence[int]) -> int:
    best = run = 0
    for c in counts:
        run = run + 1 if c else 0
        best = max(best, run)
    return best


def is_yahtzee(dice: Sequence[int]) -> bool:
    """True when all five dice show the same face."""
    return len(dice) == DICE and len(set(dice)) == 1


# --- parsing -----------------------------------------------------------------------


def parse_dice(text: str, count: int = DICE) -> Dice:
    """Parse dice written as digits 1-6, e.g. ``"12345"`` or ``"1 2 3 4 5"``.

    Args:
        text: the dice; spaces and commas between them are ignored.
        count: how many dice are needed (5 for a roll).

    Returns:
        The dice as a tuple of ints in the order written.

    Raises:
        NotationError: ``yahtzee.error.die`` naming a character that is no die,
            ``yahtzee.error.count`` when there are not ``count`` dice.
    """
    dice = []
    for char in re.sub(r"[\s,]+", "", text):
        if char not in "123456":
            raise NotationError("yahtzee.error.die", f"not a die (1-6): {char}", token=char)
        dice.append(int(char))
    if len(dice) != count:
        raise NotationError("yahtzee.error.count", f"{count} dice are needed, not {len(dice)}",
                             count=len(dice), needed=count)
    return tuple(dice)


def possible_scores(category: Category) -> frozenset[int]:
    """Every score a box can hold (a teaching check for typed score cards)."""
    if category.is_upper:
        return frozenset(category.face * n for n in range(DICE + 1))
    if category in FIXED_POINTS:
        return frozenset((0, FIXED_POINTS[category]))
    sums = frozenset(range(DICE, DICE * FACES + 1))  # a sum of all dice: 5 .. 30
    return sums if category is Category.CHANCE else sums | {0}


_ALIASES = {c.value: c for c in Category} | {c.name.lower(): c for c in Category} | {
    "ones": Category.ACES, "threekind": Category.THREE_OF_A_KIND, "fourkind": Category.FOUR_OF_A_KIND,
    "full": Category.FULL_HOUSE, "smallstraight": Category.SMALL_STRAIGHT, "largestraight": Category.LARGE_STRAIGHT,
}


def parse_category(text: str) -> Category:
    """Parse a box name: ``aces`` .. ``sixes``, ``3kind``, ``4kind``, ``fullhouse``, ``small``,
    ``large``, ``yahtzee``, ``chance`` (also the enum names, case-insensitive).

    Raises:
        NotationError: ``yahtzee.error.category`` naming the unknown box.
    """
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    found = _ALIASES.get(key) or _ALIASES.get(key.replace("_", ""))
    if found is None:
        raise NotationError("yahtzee.error.category", f"not a Yahtzee box: {text}", token=text)
    return found


# --- the score card ----------------------------------------------------------------------


@dataclass(frozen=True)
class Scorecard:
    """A player's score card: the filled boxes and how many Yahtzee bonuses were won.

    Args:
        boxes: category -> points, for the filled boxes only (as a tuple of pairs
            in score-card order, so the card is hashable).
        yahtzee_bonuses: how many Yahtzee bonuses of 100 were won.

    Build one with :meth:`empty`, :func:`parse_card` or :meth:`place`.
    """

    boxes: tuple[tuple[Category, int], ...] = ()
    yahtzee_bonuses: int = 0

    @classmethod
    def empty(cls) -> "Scorecard":
        """A fresh card: every box free, no bonus."""
        return cls()

    @classmethod
    def from_mapping(cls, boxes: Mapping[Category, int], yahtzee_bonuses: int = 0) -> "Scorecard":
        """A card from a ``{category: points}`` mapping (no checks; see :func:`parse_card`)."""
        ordered = tuple((c, int(boxes[c])) for c in CATEGORIES if c in boxes)
        return cls(ordered, yahtzee_bonuses)

    def as_dict(self) -> dict[Category, int]:
        """The filled boxes as a new dict."""
        return dict(self._filled)

    @cached_property
    def _filled(self) -> dict[Category, int]:
        return dict(self.boxes)

    def get(self, category: Category) -> int | None:
        """Points in a box, or ``None`` while it is free."""
        return self._filled.get(category)

    @cached_property
    def free(self) -> tuple[Category, ...]:
        """The free boxes, in score-card order (the seed's ``getFreeCategories``)."""
        return tuple(c for c in CATEGORIES if c not in self._filled)

    @property
    def turn(self) -> int:
        """The number of the current turn, 1..13 (14 when the game is over)."""
        return len(self.boxes) + 1

    @property
    def is_complete(self) -> bool:
        """True when all 13 boxes are filled: the game is over."""
        return len(self.boxes) == len(CATEGORIES)

    @cached_property
    def upper_score(self) -> int:
        """The sum of the upper boxes (the seed's ``getUpperScore``)."""
        return sum(p for c, p in self.boxes if c.is_upper)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper section totals 63 or more, else 0."""
        return UPPER_BONUS if self.upper_score >= UPPER_BONUS_AT else 0

    @cached_property
    def lower_score(self) -> int:
        """The sum of the lower boxes."""
        return sum(p for c, p in self.boxes if c.is_lower)

    @property
    def yahtzee_bonus(self) -> int:
        """The Yahtzee bonus points so far: 100 for each further Yahtzee."""
        return YAHTZEE_BONUS * self.yahtzee_bonuses

    @property
    def bonus_eligible(self) -> bool:
        """True when a further Yahtzee earns 100: the Yahtzee box holds 50."""
        return self.get(Category.YAHTZEE) == YAHTZEE_SCORE

    @cached_property
    def total(self) -> int:
        """The score: all boxes plus upper bonus plus Yahtzee bonus (the seed's ``getScore``)."""
        return self.upper_score + self.upper_bonus + self.lower_score + self.yahtzee_bonus

    def place(self, category: Category, dice: Sequence[int], joker: JokerRule = FORCED) -> "Scorecard":
        """Fill ``category`` with ``dice``: the new card (with a Yahtzee bonus when earned).

        Raises:
            RuleViolation: ``yahtzee.error.taken`` when the box is filled already,
                ``yahtzee.joker.not_here`` when the joker rule sends this Yahtzee elsewhere.
        """
        (option,) = options(dice, self, joker, only=category)
        if not option.allowed:
            raise RuleViolation(option.refusal.code, f"{category.value}: {option.refusal.code}",
                                 token=category.value, **option.refusal.as_dict())
        boxes = self.as_dict() | {category: option.points - option.bonus}
        return Scorecard.from_mapping(boxes, self.yahtzee_bonuses + (1 if option.bonus else 0))

    def __str__(self) -> str:
        parts = [f"{c.value}={p}" for c, p in self.boxes]
        if self.yahtzee_bonuses:
            parts.append(f"bonus={self.yahtzee_bonuses}")
        return ",".join(parts)


def parse_card(text: str) -> Scorecard:
    """Parse a score card: ``"aces=3,fullhouse=25,yahtzee=50,bonus=1"`` (empty text: a fresh card).

    Each item is ``box=points``; ``bonus=N`` counts the Yahtzee bonuses won. The
    points must be a score the box can hold (Twos 0, 2, .. 10; Full House 0 or 25).

    Raises:
        NotationError: ``yahtzee.error.item`` (not ``box=points``),
            ``yahtzee.error.category`` (unknown box), ``yahtzee.error.points``
            (impossible points), ``yahtzee.error.twice`` (a box given twice),
            ``yahtzee.error.bonus`` (a bonus without 50 in the Yahtzee box, or too many).
    """
    boxes: dict[Category, int] = {}
    bonuses = 0
    for item in filter(None, (part.strip() for part in re.split(r"[,;\s]+", text))):
        name, sep, value = item.partition("=")
        points = ascii_int(value, 4, signed=False) if sep else None
        if points is None:
            raise NotationError("yahtzee.error.item", f"write box=points: {item}", token=item)
        if name.strip().lower() == "bonus":
            bonuses = points
            continue
        category = parse_category(name)
        if category in boxes:
            raise NotationError("yahtzee.error.twice", f"box given twice: {name}", token=item, category=category)
        if points not in possible_scores(category):
            raise NotationError("yahtzee.error.points", f"{category.value} cannot hold {points}", token=item,
                                 category=category, points=points)
        boxes[category] = points
    if bonuses and (boxes.get(Category.YAHTZEE) != YAHTZEE_SCORE or bonuses > len(boxes) - 1):
        raise NotationError("yahtzee.error.bonus", f"impossible Yahtzee bonus count: {bonuses}",
                             token=f"bonus={bonuses}", count=bonuses)
    return Scorecard.from_mapping(boxes, bonuses)


# --- what the dice would score -------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """What placing the dice in one box would do.

    Attributes:
        category: the box.
        allowed: False when the box is filled or the joker rule forbids it.
        points: what the turn adds to the total: the box's points plus any
            Yahtzee bonus (0 when not allowed).
        bonus: the Yahtzee bonus part of ``points`` (0 or 100).
        upper_bonus_now: True when this placement reaches 63 in the upper section.
        steps: why (explanation steps).
        refusal: the step saying why the box may not be used (``None`` when allowed).
    """

    category: Category
    allowed: bool
    points: int
    bonus: int
    upper_bonus_now: bool
    steps: tuple[Step, ...]
    refusal: Step | None = None

    @property
    def box_points(self) -> int:
        """What goes into the box itself."""
        return self.points - self.bonus


def joker_allowed(dice: Sequence[int], card: Scorecard, joker: JokerRule = FORCED) -> tuple[Category, ...] | None:
    """The boxes a Yahtzee may go in under the joker rule, or ``None`` when the rule does not apply.

    The rule applies to a Yahtzee rolled when the Yahtzee box is filled (50 or 0).
    Forced (seed 004): the upper box of the face if free; else every free lower
    box; else every free upper box. Free placement: every free box (254.5896 rule).
    """
    if not is_yahtzee(dice) or card.get(Category.YAHTZEE) is None:
        return None
    free = card.free
    if joker == FREE:
        return free
    own = UPPER[dice[0] - 1]
    if own in free:
        return (own,)
    lower = tuple(c for c in free if c.is_lower)
    return lower or free


def joker_scores_full(dice: Sequence[int], card: Scorecard) -> bool:
    """True when Full House and both straights score in full for these dice (a joker).

    That is a Yahtzee with the Yahtzee box filled and the upper box of its face
    filled too (under the forced rule a lower box is only allowed then anyway).
    """
    return is_yahtzee(dice) and card.get(Category.YAHTZEE) is not None and card.get(UPPER[dice[0] - 1]) is not None


def box_points(category: Category, dice: Sequence[int], joker: bool) -> int:
    """Points in ``category`` for ``dice``; with ``joker`` Full House and both straights score in full."""
    if joker and category in JOKER_FULL_VALUE:
        return FIXED_POINTS[category]
    return category.score(dice)


def options(dice: Sequence[int], card: Scorecard, joker: JokerRule = FORCED,
            only: Category | None = None) -> tuple[Option, ...]:
    """What each of the 13 boxes would give for these dice on this card, and why.

    Args:
        dice: five dice 1-6.
        card: the score card before the placement.
        joker: :data:`FORCED` (seed 004) or :data:`FREE`.
        only: just this box (a one-element tuple), for speed.

    Returns:
        One :class:`Option` a box, in score-card order.
    """
    filled = card._filled
    jokers = joker_allowed(dice, card, joker)
    bonus = YAHTZEE_BONUS if is_yahtzee(dice) and card.bonus_eligible else 0
    joker_values = joker_scores_full(dice, card)
    result = []
    for category in CATEGORIES if only is None else (only,):
        if category in filled:
            refusal = Step("yahtzee.error.taken", category=category, points=filled[category])
            result.append(Option(category, False, 0, 0, False, (refusal,), refusal))
            continue
        if jokers is not None and category not in jokers:
            refusal = Step("yahtzee.joker.not_here", category=category, face=dice[0])
            result.append(Option(category, False, 0, 0, False, (refusal,), refusal))
            continue
        points = box_points(category, dice, joker_values)
        steps = [_why(category, dice, points, joker_values)]
        reaches = category.is_upper and card.upper_score < UPPER_BONUS_AT <= card.upper_score + points
        if reaches:
            steps.append(Step("yahtzee.bonus.upper_now", upper=card.upper_score + points, bonus=UPPER_BONUS))
        if bonus:
            steps.append(Step("yahtzee.bonus.yahtzee_now", bonus=bonus))
        result.append(Option(category, True, points + bonus, bonus, reaches, tuple(steps)))
    return tuple(result)


def _why(category: Category, dice: Sequence[int], points: int, joker: bool) -> Step:
    """The one step saying why ``category`` scores ``points``."""
    if category.is_upper:
        n = _counts(dice)[category.face - 1]
        return Step("yahtzee.score.upper", category=category, count=n, face=category.face, points=points)
    if joker and category in JOKER_FULL_VALUE:
        return Step("yahtzee.score.joker_full", category=category, points=points)
    if not category.matches(dice):
        return Step(f"yahtzee.miss.{category.name.lower()}", category=category)
    if category in FIXED_POINTS:
        return Step("yahtzee.score.fixed", category=category, points=points)
    return Step("yahtzee.score.sum", category=category, dice=tuple(sorted(dice)), points=points)


@dataclass(frozen=True)
class Explanation:
    """The explanation for some dice on a score card (see :func:`explain`)."""

    dice: Dice
    card: Scorecard
    options: tuple[Option, ...]
    steps: tuple[Step, ...]

    @property
    def allowed(self) -> tuple[Option, ...]:
        """The options the player may choose."""
        return tuple(o for o in self.options if o.allowed)


def explain(dice: Sequence[int], card: Scorecard, joker: JokerRule = FORCED) -> Explanation:
    """Explain a roll on a score card: the bonus state, the joker rule, then each free box.

    Returns:
        An :class:`Explanation`: its ``steps`` give the bonus state (upper total
        and what is missing to 63, Yahtzee box and bonuses), whether the joker rule
        applies and where it sends the Yahtzee, and one step a free box with its
        points; ``options`` has the per-box details.
    """
    dice = tuple(dice)
    steps: list[Step] = [Step("yahtzee.state.dice", dice=tuple(sorted(dice)))]
    steps.extend(bonus_state(card))
    jokers = joker_allowed(dice, card, joker)
    if is_yahtzee(dice):
        if card.bonus_eligible:
            steps.append(Step("yahtzee.bonus.yahtzee_now", bonus=YAHTZEE_BONUS))
        elif card.get(Category.YAHTZEE) == 0:
            steps.append(Step("yahtzee.bonus.yahtzee_zero"))
        if jokers is not None:
            steps.append(_joker_step(dice, card, jokers, joker))
    opts = options(dice, card, joker)
    steps.extend(o.steps[0] for o in opts if o.allowed)
    return Explanation(dice, card, opts, tuple(steps))


def _joker_step(dice: Sequence[int], card: Scorecard, allowed: tuple[Category, ...], joker: JokerRule) -> Step:
    if joker == FREE:
        return Step("yahtzee.joker.free")
    own = UPPER[dice[0] - 1]
    if allowed == (own,):
        return Step("yahtzee.joker.upper", category=own)
    if allowed and allowed[0].is_lower:
        return Step("yahtzee.joker.lower", category=own)
    return Step("yahtzee.joker.zero", category=own)


def bonus_state(card: Scorecard) -> tuple[Step, ...]:
    """Steps on the bonuses: the upper total and what it still needs, the Yahtzee box."""
    steps = []
    if card.upper_bonus:
        steps.append(Step("yahtzee.state.upper_done", upper=card.upper_score, bonus=UPPER_BONUS))
    elif all(c in card.as_dict() for c in UPPER):
        steps.append(Step("yahtzee.state.upper_missed", upper=card.upper_score, needed=UPPER_BONUS_AT))
    else:
        steps.append(Step("yahtzee.state.upper_open", upper=card.upper_score, needed=UPPER_BONUS_AT,
                          missing=UPPER_BONUS_AT - card.upper_score, bonus=UPPER_BONUS))
    box = card.get(Category.YAHTZEE)
    if box == YAHTZEE_SCORE:
        steps.append(Step("yahtzee.state.yahtzee_50", count=card.yahtzee_bonuses, bonus=YAHTZEE_BONUS))
    elif box == 0:
        steps.append(Step("yahtzee.state.yahtzee_0"))
    return tuple(steps)


def legal_categories(dice: Sequence[int], card: Scorecard, joker: JokerRule = FORCED) -> tuple[Category, ...]:
    """The boxes the player may fill with these dice (free, and allowed by the joker rule)."""
    jokers = joker_allowed(dice, card, joker)
    return jokers if jokers is not None else card.free

