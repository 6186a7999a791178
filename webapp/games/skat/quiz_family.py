"""Quiz kind "Skat family rule": what may this hand bid, and in which trump suit?

The question is a 10-card hand; the answer is the trump suit and the game
value by the family rule (seed 002), or "pass". The engine is
:func:`webapp.games.skat.rules.family_game_value`.

Fair hands: only about 9 % of random hands are playable by the family rule,
so :func:`generate` decides first whether the hand is to be playable
(:data:`PLAYABLE_SHARE`), which jacks it holds (with or without, a run of 1 to
4, chosen evenly) and which suit is long, then builds such a hand and lets the
engine confirm it. Passing hands are often near misses (5 trumps, or 6 trumps
without an ace of another suit), so that "pass" has to be worked out too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.games.skat import rules as skat
from webapp.core.steps import Step
from webapp.core.quizkind import Checked, Choice, Field, Question, Shown, step_index

NAME = "skat_family"
TITLE = "quiz.kind.skat_family"
PASS = "pass"

#: Share of questions whose hand is playable, by difficulty.
PLAYABLE_SHARE = {"easy": 0.6, "normal": 0.55, "hard": 0.5}
#: The longest jack run (with or without) used, by difficulty.
MAX_RUN = {"easy": 2, "normal": 4, "hard": 4}


FIELDS = (
    Field(
        "trump",
        "quiz.field.trump",
        tuple(Choice(s.value, Step("quiz.choice.suit", suit=s)) for s in skat.SUITS) + (Choice(PASS, Step("quiz.choice.pass")),),
    ),
    Field("value", "quiz.field.value", low=1, high=999, unless=("trump", PASS)),
)

_NON_JACKS = tuple(c for c in skat.DECK if not c.is_jack)


@dataclass(frozen=True)
class FamilyQuestion(Question):
    """A Skat family-rule question: the 10 cards of a hand, in deck order (seed 002).

    JSON form: ``{"hand": ["JC", "JS", ...]}`` (the skat notation).
    """

    hand: tuple[skat.Card, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"hand": [10 card codes]}``."""
        return {"hand": [str(c) for c in self.hand]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FamilyQuestion:
        """The question of ``{"hand": [10 card codes]}``; raises RuleInputError for a bad hand (seed 002)."""
        return cls(skat.parse_hand(data["hand"]))


#: The kind's question class.
QUESTION = FamilyQuestion


def _jacks(rng: random.Random, difficulty: str) -> tuple[skat.Card, ...]:
    """Jacks for a hand: with or without, an unbroken run of 1 to MAX_RUN, the rest by chance."""
    with_ = rng.random() < 0.5
    run = rng.randint(1, MAX_RUN[difficulty])
    held = []
    for index, jack in enumerate(skat.JACKS):
        if index < run:
            keep = with_
        elif index == run:
            keep = not with_
        else:
            keep = rng.random() < 0.5
        if keep:
            held.append(jack)
    return tuple(held)


def _build(rng: random.Random, difficulty: str, playable: bool) -> list[skat.Card]:
    jacks = _jacks(rng, difficulty)
    suit = rng.choice(skat.SUITS)
    own_cards = [c for c in _NON_JACKS if c.suit is suit]
    other = [c for c in _NON_JACKS if c.suit is not suit]
    other_aces = [c for c in other if c.rank is skat.Rank.ACE]
    if playable:
        trumps = rng.randint(skat.MIN_TRUMPS, 8 if difficulty == "hard" else 7)
        own = rng.sample(own_cards, max(0, min(len(own_cards), trumps - len(jacks))))
        hand = list(jacks) + own + [rng.choice(other_aces)]
    else:
        near = rng.random() < (0.3 if difficulty == "easy" else 0.6)
        if near and rng.random() < 0.5:  # enough trumps, but no ace of another suit
            own = rng.sample(own_cards, max(0, min(len(own_cards), skat.MIN_TRUMPS - len(jacks))))
            other = [c for c in other if c.rank is not skat.Rank.ACE]
        elif near:  # one trump short
            own = rng.sample(own_cards, max(0, min(len(own_cards), skat.MIN_TRUMPS - 1 - len(jacks))))
        else:
            own = []
        hand = list(jacks) + own
    rest = [c for c in other if c not in hand]
    hand += rng.sample(rest, skat.HAND_SIZE - len(hand))
    return hand


def generate(rng: random.Random, difficulty: str) -> FamilyQuestion:
    """A fair random hand in deck order (see the module docstring).

    On ``easy`` the trump suit is never decided by a tie.
    """
    playable = rng.random() < PLAYABLE_SHARE[difficulty]
    for _ in range(200):
        hand = _build(rng, difficulty, playable)
        result = skat.family_game_value(hand)
        if result.is_pass != (not playable):
            continue
        if difficulty == "easy" and any(s.code == "skat.trump.tie" for s in result.steps):
            continue
        break
    return FamilyQuestion(tuple(sorted(hand, key=skat.DECK.index)))


def solve(question: FamilyQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"trump": "C"|"S"|"H"|"D", "value": int}`` or ``{"trump": "pass", "value": None}``.

    ``question`` may also be given in its JSON form (:meth:`FamilyQuestion.from_json`), as in every function here.
    """
    result = skat.family_game_value(FamilyQuestion.of(question).hand)
    if result.is_pass or result.trump is None:
        return {"trump": PASS, "value": None}
    return {"trump": result.trump.value, "value": result.value}


def check(question: FamilyQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's answer with the engine's; mark the step that went wrong.

    * "play" where the hand must pass: the step that says why it passes.
    * The wrong trump suit: the step choosing the trump suit.
    * The right suit, and the value is another jack factor times the suit's
      value: the jack-factor step; any other wrong value: the multiplication.
    * "pass" for a playable hand cannot be pinned to one step (None).
    """
    question = FamilyQuestion.of(question)
    result = skat.family_game_value(question.hand)
    expected = solve(question)
    steps = result.steps
    correct = answer.get("trump") == expected["trump"] and answer.get("value") == expected["value"]
    wrong = None
    if not correct and answer.get("trump") != PASS:
        if result.is_pass:
            wrong = step_index(steps, "skat.pass.few_trumps", "skat.pass.no_ace")
        elif answer.get("trump") != expected["trump"]:
            wrong = step_index(steps, "skat.trump.choice", "skat.trump.tie")
        else:
            value = answer.get("value") or 0
            base = skat.base_value(result.trump) if result.trump else 1
            if value % base == 0 and value // base != result.jack_factor:
                wrong = step_index(steps, "skat.factor.jacks")
            else:
                wrong = step_index(steps, "skat.value")
    return Checked(correct, expected, steps, wrong)


def describe(answer: dict[str, Any]) -> Step:
    """``"36, Clubs"`` or ``"Pass"`` as a step."""
    if answer.get("trump") == PASS:
        return Step("quiz.skat.pass")
    return Step("quiz.skat.value", value=answer.get("value"), suit=skat.Suit(answer["trump"]))


def show(question: FamilyQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The hand, in deck order."""
    return (Shown("skat", Step("quiz.show.hand"), FamilyQuestion.of(question).hand),)
