"""Quiz kind "Tichu legality": may this play go on the table, and what is it?

The question is the previous play (or none: the player leads) and a
candidate play in the seed notation; the answer is "not allowed", or
"allowed" and the kind of combination. The engine is
:func:`webapp.games.tichu.rules.judge` (seed 001).

Fair questions: :func:`generate` tosses a coin for "allowed" (about half),
picks the kind of the candidate evenly among all seven combinations, builds a
table that makes it allowed (a lower play of the same kind and length, a lead,
a non-bomb under a bomb) or not (a higher play, another kind, another length,
a bomb on the table), and lets the engine confirm. Some not-allowed plays are
no combination at all. ``easy`` uses no special cards, ``hard`` the most.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.games.tichu import rules as tichu
from webapp.core.steps import RuleInputError, Step
from webapp.core.quizkind import Checked, Choice, Field, Question, Shown, step_index

NAME = "tichu_legality"
TITLE = "quiz.kind.tichu_legality"
YES, NO = "yes", "no"

#: Chance that a built combination uses a special card, by difficulty.
SPECIALS = {"easy": 0.0, "normal": 0.15, "hard": 0.35}
#: Chance that a not-allowed candidate is no combination at all.
NO_COMBINATION = 0.12
KINDS = tuple(tichu.Kind)

FIELDS = (
    Field("legal", "quiz.field.legal", (Choice(YES, Step("quiz.choice.allowed")), Choice(NO, Step("quiz.choice.not_allowed")))),
    Field("kind", "quiz.field.kind", tuple(Choice(k.value, Step("quiz.choice.kind", kind=k)) for k in KINDS), unless=("legal", NO)),
)

def _ch(rank: int) -> str:
    return tichu.NATURAL_CHARS[rank - 2]


def _with_phoenix(rng: random.Random, cards: str, chance: float, keep_first: bool = False) -> str:
    """Replace one natural card by the Phoenix, with probability ``chance``."""
    if rng.random() >= chance:
        return cards
    start = 1 if keep_first else 0
    at = rng.randrange(start, len(cards))
    return cards[:at] + "P" + cards[at + 1:]


def combination(rng: random.Random, kind: tichu.Kind, length: int, specials: float) -> str:
    """Cards of one combination of ``kind`` (``length`` used for straights and stairs)."""
    K = tichu.Kind
    if kind is K.SINGLE:
        if rng.random() < specials * 2:
            return rng.choice("1PRD")
        return _ch(rng.randint(2, tichu.ACE))
    if kind in (K.PAIR, K.TRIPLE):
        return _with_phoenix(rng, _ch(rng.randint(2, tichu.ACE)) * (2 if kind is K.PAIR else 3), specials)
    if kind is K.FULL_HOUSE:
        triple, pair = rng.sample(range(2, tichu.ACE + 1), 2)
        return _with_phoenix(rng, _ch(triple) * 3 + _ch(pair) * 2, specials)
    if kind is K.STRAIGHT:
        bottom = rng.randint(1 if specials else 2, tichu.ACE - length + 1)
        cards = "".join("1" if r == 1 else _ch(r) for r in range(bottom, bottom + length))
        return _with_phoenix(rng, cards, specials, keep_first=bottom == 1)
    if kind is K.STAIRS:
        pairs = length // 2
        bottom = rng.randint(2, tichu.ACE - pairs + 1)
        return _with_phoenix(rng, "".join(_ch(r) * 2 for r in range(bottom, bottom + pairs)), specials)
    return _ch(rng.randint(2, tichu.ACE)) * 4  # bomb


def _length(rng: random.Random, kind: tichu.Kind) -> int:
    if kind is tichu.Kind.STRAIGHT:
        return rng.randint(5, 8)
    if kind is tichu.Kind.STAIRS:
        return 2 * rng.randint(2, 4)
    return {tichu.Kind.SINGLE: 1, tichu.Kind.PAIR: 2, tichu.Kind.TRIPLE: 3, tichu.Kind.FULL_HOUSE: 5}.get(kind, 4)


def _no_combination(rng: random.Random) -> str:
    while True:
        cards = "".join(rng.choice(tichu.NATURAL_CHARS) for _ in range(rng.randint(2, 6)))
        if not tichu.readings(tichu.parse_play(cards)) and max(cards.count(c) for c in cards) <= 4:
            return cards


def _candidate(rng: random.Random, specials: float, legal: bool) -> tuple[str, str]:
    kind = rng.choice(KINDS)
    length = _length(rng, kind)
    play = combination(rng, kind, length, specials)
    toss = rng.random()
    if legal:
        if toss < 0.12:
            return "", play
        if kind is tichu.Kind.BOMB and toss < 0.55:
            other = rng.choice(KINDS[:-1])
            return combination(rng, other, _length(rng, other), specials), play
        return combination(rng, kind, length, specials), play
    if toss < NO_COMBINATION:
        return combination(rng, kind, length, specials), _no_combination(rng)
    if toss < 0.35:
        other = rng.choice([k for k in KINDS if k is not kind])
        return combination(rng, other, _length(rng, other), specials), play
    if toss < 0.45 and kind in (tichu.Kind.STRAIGHT, tichu.Kind.STAIRS):
        return combination(rng, kind, _length(rng, kind), specials), play
    return combination(rng, kind, length, specials), play


@dataclass(frozen=True)
class LegalityQuestion(Question):
    """A Tichu legality question in the seed notation (seed 001).

    Attributes:
        table: the play on the table (``"44499"``), ``""`` when the player leads.
        play: the candidate play (``"77722"``).

    JSON form: ``{"table": "44499", "play": "77722"}``.
    """

    table: str
    play: str

    def to_json(self) -> dict[str, Any]:
        """``{"table": ..., "play": ...}``."""
        return {"table": self.table, "play": self.play}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LegalityQuestion:
        """The question of ``{"table": ..., "play": ...}`` (the notation is read when it is judged)."""
        return cls(str(data["table"]), str(data["play"]))


#: The kind's question class.
QUESTION = LegalityQuestion


def generate(rng: random.Random, difficulty: str) -> LegalityQuestion:
    """A fair random question, e.g. table ``"44499"``, play ``"77722"`` (table ``""``: the player leads)."""
    legal = rng.random() < 0.5
    specials = SPECIALS[difficulty]
    while True:
        table, play = _candidate(rng, specials, legal)
        try:
            previous, cards = tichu.parse_play(table), tichu.parse_play(play)
            tichu.check_deck(previous, cards)
        except RuleInputError:
            continue
        if tichu.judge(previous, cards).legal == legal:
            return LegalityQuestion(table, play)


def _verdict(question: LegalityQuestion | Mapping[str, Any]) -> tichu.Verdict:
    question = LegalityQuestion.of(question)
    return tichu.judge(tichu.parse_play(question.table), tichu.parse_play(question.play))


def solve(question: LegalityQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"legal": "yes", "kind": "pair"}`` or ``{"legal": "no", "kind": None}``.

    ``question`` may also be given in its JSON form (:meth:`LegalityQuestion.from_json`), as in every function here.
    """
    verdict = _verdict(question)
    if verdict.legal and verdict.play is not None:
        return {"legal": YES, "kind": verdict.play.kind.value}
    return {"legal": NO, "kind": None}


def check(question: LegalityQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare with the engine; a wrong verdict marks the deciding step, a wrong kind the play's step."""
    verdict = _verdict(question)
    expected = solve(question)
    correct = answer.get("legal") == expected["legal"] and answer.get("kind") == expected["kind"]
    wrong = None
    if not correct:
        if answer.get("legal") != expected["legal"]:
            wrong = step_index(verdict.steps, verdict.reason)
        else:
            wrong = step_index(verdict.steps, "tichu.play.")
    return Checked(correct, expected, verdict.steps, wrong)


def describe(answer: dict[str, Any]) -> Step:
    """``"Allowed: pair"`` or ``"Not allowed"`` as a step."""
    if answer.get("legal") == YES and answer.get("kind"):
        return Step("quiz.tichu.allowed", kind=tichu.Kind(answer["kind"]))
    return Step("quiz.tichu.not_allowed")


def show(question: LegalityQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """The table (or a note that the player leads) and the candidate play."""
    question = LegalityQuestion.of(question)
    table = tichu.parse_play(question.table)
    caption = Step("quiz.show.table") if table else Step("quiz.show.lead")
    return (
        Shown("tichu", caption, table),
        Shown("tichu", Step("quiz.show.play"), tichu.parse_play(question.play)),
    )
