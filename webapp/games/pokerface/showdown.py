"""Pokerface hands in words, a round's dealing and showdown, and "which hand wins?" questions (seed 003).

Hand ranking (standard poker, the seed's linked rules): straight flush, four of
a kind, full house, flush, straight, three of a kind, two pair, one pair, high
card; aces high, A-2-3-4-5 the lowest straight; suits never break ties;
kickers are compared from the highest down. The ranks come from
:mod:`.evaluator`; the explanations are :class:`~webapp.core.steps.Step` objects.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Sequence

from webapp.core.steps import Step
from webapp.games.pokerface.cards import (DECK, HAND_SIZE, Card, NotationError, Rank, Ranks, Reason, RuleViolation,
                                          parse_cards)
from webapp.games.pokerface.evaluator import ROLES, Category, category, evaluate5, hand_class

_NAMES = {r: n for r, n in zip(Rank, "two three four five six seven eight nine ten jack queen king ace".split())}
_PLURALS = {r: n for r, n in zip(Rank, "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces".split())}


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hand_name(rank: int) -> str:
    """The English name of a class, e.g. ``"full house, fours over aces"``, ``"royal flush"``.

    The pages and the CLI in German use the explanation steps instead
    (:func:`hand_step`); this plain name is for logs, bots and doctests.
    """
    cls = hand_class(rank)
    r = cls.ranks
    n, p = _NAMES, _PLURALS
    if cls.is_royal:
        return "royal flush"
    match cls.category:
        case Category.STRAIGHT_FLUSH:
            return f"straight flush, {n[r[0]]} high"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {p[r[0]]}, {n[r[1]]} kicker"
        case Category.FULL_HOUSE:
            return f"full house, {p[r[0]]} over {p[r[1]]}"
        case Category.FLUSH:
            return "flush, " + "-".join(n[x] for x in r)
        case Category.STRAIGHT:
            return f"straight, {n[r[0]]} high"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {p[r[0]]}, kickers {n[r[1]]} and {n[r[2]]}"
        case Category.TWO_PAIR:
            return f"two pair, {p[r[0]]} and {p[r[1]]}, {n[r[2]]} kicker"
        case Category.ONE_PAIR:
            return f"one pair, {p[r[0]]}, kickers " + _and([n[x] for x in r[1:]])
    return "high card, " + "-".join(n[x] for x in r)


def hand_step(rank: int) -> Step:
    """The class as a translatable step: ``poker.hand.<category>`` with the ranks as parameters.

    Parameters by category: straight (flush) ``top``; four of a kind ``quad``,
    ``kicker``; full house ``triple``, ``pair`` (both as :class:`Ranks`);
    flush and high card ``ranks`` (a tuple); three of a kind ``triple``,
    ``kickers``; two pair ``high``, ``low``, ``kicker``; one pair ``pair``,
    ``kickers``. Plurals ("three *fours*") are :class:`Ranks`, single cards
    :class:`Rank`. The royal flush has the code ``poker.hand.royal_flush``.
    """
    cls = hand_class(rank)
    r = cls.ranks
    if cls.is_royal:
        return Step("poker.hand.royal_flush")
    code = f"poker.hand.{cls.category.name.lower()}"
    match cls.category:
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT:
            return Step(code, top=r[0])
        case Category.FOUR_OF_A_KIND:
            return Step(code, quad=Ranks(int(r[0])), kicker=r[1])
        case Category.FULL_HOUSE:
            return Step(code, triple=Ranks(int(r[0])), pair=Ranks(int(r[1])))
        case Category.THREE_OF_A_KIND:
            return Step(code, triple=Ranks(int(r[0])), kickers=r[1:])
        case Category.TWO_PAIR:
            return Step(code, high=Ranks(int(r[0])), low=Ranks(int(r[1])), kicker=r[2])
        case Category.ONE_PAIR:
            return Step(code, pair=Ranks(int(r[0])), kickers=r[1:])
    return Step(code, ranks=r)


# --- Comparing two hands ---------------------------------------------------------------
def compare(a: int, b: int) -> Step:
    """Why hand ``a`` beats, loses to or ties hand ``b`` (two ranks), as one step.

    Codes: ``poker.compare.category`` (``better``, ``worse``: categories),
    ``poker.compare.rank`` (``role``, ``better``, ``worse``: the first deciding
    rank, a ``role`` from :data:`ROLES` other than ``kicker``),
    ``poker.compare.kicker`` (``position``: 1 for the first kicker, ``better``,
    ``worse``), ``poker.compare.tie`` (``category``). ``better`` is always the
    higher of the two, whichever hand holds it.
    """
    ca, cb = hand_class(a), hand_class(b)
    if ca.category != cb.category:
        high, low = (ca, cb) if a < b else (cb, ca)
        return Step("poker.compare.category", better=high.category, worse=low.category)
    roles = ROLES[ca.category]
    kicker = 0
    for role, x, y in zip(roles, ca.ranks, cb.ranks):
        if role == "kicker":
            kicker += 1
        if x != y:
            better, worse = max(x, y), min(x, y)
            if role == "kicker":
                return Step("poker.compare.kicker", position=kicker, better=better, worse=worse)
            if role in ("triple", "quad", "pair", "high_pair", "low_pair"):
                better, worse = Ranks(int(better)), Ranks(int(worse))
            return Step(f"poker.compare.{role}", better=better, worse=worse)
    return Step("poker.compare.tie", category=ca.category)


# --- A round -------------------------------------------------------------------------------
def shuffled_deck(seed: str | int) -> list[Card]:
    """The 52 cards shuffled reproducibly from ``seed`` (the same seed, the same order)."""
    deck = list(DECK)
    random.Random(str(seed)).shuffle(deck)
    return deck


class Dealer:
    """Deals one round from a shuffled deck: hands, replacements, extra cards (seed 003).

    Four players use at most 4 x (5 + 5 + 3) = 52 cards, so one deck suffices.

    >>> dealer = Dealer("demo")
    >>> hands = dealer.deal(4)
    >>> [len(h) for h in hands], len(dealer.remaining)
    ([5, 5, 5, 5], 32)
    """

    def __init__(self, seed: str | int) -> None:
        self.remaining: list[Card] = shuffled_deck(seed)

    def draw(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards from the top of the deck."""
        cards, self.remaining = tuple(self.remaining[:count]), self.remaining[count:]
        if len(cards) != count:
            raise RuntimeError("the deck is empty")  # cannot happen with 4 players
        return cards

    def deal(self, players: int) -> list[tuple[Card, ...]]:
        """Deal five cards to each of ``players`` players."""
        return [self.draw(HAND_SIZE) for _ in range(players)]


def exchange(hand: Sequence[Card], give: Iterable[int], new: Sequence[Card]) -> tuple[Card, ...]:
    """The hand after an exchange: the kept cards in their order, then the new ones."""
    gone = set(give)
    return tuple(c for i, c in enumerate(hand) if i not in gone) + tuple(new)


def check_reveal(held: Sequence[Card], revealed: Sequence[Card]) -> None:
    """Check a revealed hand: five distinct cards, all held (seed 003: only cards you have).

    Raises:
        NotationError: ``poker.error.count`` (not five), ``poker.error.duplicate``.
        RuleViolation: ``poker.error.not_held`` (``card``: a card the player does not hold).
    """
    seen: set[Card] = set()
    for card in revealed:
        if card in seen:
            raise NotationError(Reason.DUPLICATE, f"{card} is there twice", token=str(card), card=card)
        seen.add(card)
        if card not in held:
            raise RuleViolation(Reason.NOT_HELD, f"{card} is not in the hand", token=str(card), card=card)
    if len(revealed) != HAND_SIZE:
        raise NotationError(Reason.COUNT, f"5 cards needed, not {len(revealed)}",
                             count=len(revealed), needed="5")


@dataclass(frozen=True)
class Showdown:
    """The end of a round: who revealed what, who wins, and why.

    Attributes:
        names: the players' names, in seat order.
        hands: each player's five revealed cards (``None`` for a player out of the round).
        ranks: each player's rank 1..7462 (``None`` when out).
        winners: the seats of the best hand (several on a tie); each scores a point.
        steps: the explanation: each player's hand and category, then why the
            winner beats (or ties) each other player.
    """

    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    ranks: tuple[int | None, ...]
    winners: tuple[int, ...]
    steps: tuple[Step, ...]


def showdown(names: Sequence[str], hands: Sequence[Sequence[Card] | None]) -> Showdown:
    """Compare the revealed five-card hands of a round (seed 003: the best hand scores a point).

    Args:
        names: the players' names.
        hands: each player's revealed five cards, or ``None`` for a player who is
            out of the round (a bot that broke the rules); at least one hand.

    Returns:
        A :class:`Showdown`. Its steps: ``poker.showdown.hand`` (``player``,
        ``cards``, then the class as ``hand``: a nested step), ``poker.showdown.out``
        for a player without a hand, then for each other player
        ``poker.showdown.beats`` / ``poker.showdown.ties`` (``winner``, ``loser``
        / ``other``, ``why``: a :func:`compare` step), and ``poker.showdown.winner``
        or ``poker.showdown.shared`` (``players``).
    """
    ranks = tuple(None if h is None else evaluate5(*h) for h in hands)
    valid = [r for r in ranks if r is not None]
    if not valid:
        raise ValueError("a showdown needs at least one hand")
    best = min(valid)
    winners = tuple(i for i, r in enumerate(ranks) if r == best)
    steps: list[Step] = []
    for name, hand, rank in zip(names, hands, ranks):
        if rank is None:
            steps.append(Step("poker.showdown.out", player=name))
        else:
            steps.append(Step("poker.showdown.hand", player=name, cards=tuple(hand), hand=hand_step(rank)))
    first = winners[0]
    for i, rank in enumerate(ranks):
        if rank is None or i == first:
            continue
        why = compare(best, rank)
        code = "poker.showdown.ties" if rank == best else "poker.showdown.beats"
        other = "other" if rank == best else "loser"
        steps.append(Step(code, winner=names[first], why=why, **{other: names[i]}))
    if len(winners) == 1:
        steps.append(Step("poker.showdown.winner", player=names[first]))
    else:
        steps.append(Step("poker.showdown.shared", players=tuple(names[i] for i in winners)))
    return Showdown(tuple(names), tuple(None if h is None else tuple(h) for h in hands), ranks, winners, tuple(steps))


def game_winners(points: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points after a game; each wins a victory point (seed 003)."""
    top = max(points)
    return tuple(i for i, p in enumerate(points) if p == top)


# --- "Which hand wins?" questions ------------------------------------------------------
@dataclass(frozen=True)
class Question:
    """A "which hand wins?" question: two five-card hands from one deck and the answer.

    Attributes:
        hands: the two hands, ``(A, B)``.
        answer: ``"a"``, ``"b"`` or ``"tie"``.
        steps: why: the :func:`showdown` steps, ending in ``poker.quiz.winner``
            (``hand``: the winning hand's name) or ``poker.quiz.tie``.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    answer: str
    steps: tuple[Step, ...]


def which_hand_wins(rng: random.Random, names: tuple[str, str] = ("A", "B")) -> Question:
    """Generate a "which hand wins?" question (pure: the same ``rng`` state, the same question).

    Half of the questions pair two hands of the same category, where the
    kickers or the ranks decide: that is what children get wrong. The two
    hands never share a card.
    """
    same_category = rng.random() < 0.5
    for _ in range(200):
        cards = rng.sample(DECK, 10)
        a, b = tuple(cards[:5]), tuple(cards[5:])
        if not same_category or category(evaluate5(*a)) == category(evaluate5(*b)):
            break
    return judge_hands(a, b, names)


def judge_hands(a: Sequence[Card], b: Sequence[Card], names: tuple[str, str] = ("A", "B")) -> Question:
    """The answer to "which hand wins?" for two five-card hands, with the showdown steps (seed 003).

    Returns:
        A :class:`Question` (hands as tuples); its steps are the
        :func:`showdown` steps with the last one replaced by
        ``poker.quiz.winner`` or ``poker.quiz.tie``.
    """
    result = showdown(names, [a, b])
    if len(result.winners) == 2:
        answer, verdict = "tie", Step("poker.quiz.tie")
    else:
        answer, verdict = ("a", "b")[result.winners[0]], Step("poker.quiz.winner", hand=names[result.winners[0]])
    return Question((tuple(a), tuple(b)), answer, result.steps[:-1] + (verdict,))


def category_example(cat: Category) -> tuple[Card, ...]:
    """An example hand of a category, for the hand-rankings page."""
    return _EXAMPLES[cat]


_EXAMPLES = {
    Category.STRAIGHT_FLUSH: parse_cards("H9 H8 H7 H6 H5"),
    Category.FOUR_OF_A_KIND: parse_cards("SQ CQ HQ DQ C3"),
    Category.FULL_HOUSE: parse_cards("S7 H7 D7 C4 H4"),
    Category.FLUSH: parse_cards("DK DT D8 D5 D2"),
    Category.STRAIGHT: parse_cards("C9 D8 S7 H6 C5"),
    Category.THREE_OF_A_KIND: parse_cards("ST CT DT SA H6"),
    Category.TWO_PAIR: parse_cards("SJ HJ C4 D4 SA"),
    Category.ONE_PAIR: parse_cards("H8 C8 SK D9 H3"),
    Category.HIGH_CARD: parse_cards("SA D10 C8 H6 S3"),
}
