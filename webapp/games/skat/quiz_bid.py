"""Quiz kind "Skat: bidding": the bid ladder, who bids to whom, and the Null values (ISkO 3.2, 5.1.2).

Three questions (:attr:`BidQuestion.ask`):

* ``next``: "The last bid was 23. What is the next bid?" A bid is a value a game can have: 18, 20, 22, 23, 24,
  27, 30, ... (the engine's :data:`webapp.games.skat.bids.VALID_BIDS`, ISkO 3.3.1, 5.1, 5.2); the answer is
  :func:`webapp.games.skat.auction.next_bid`.
* ``order``: who says bids to whom (ISkO 3.2): Middlehand says bids to Forehand first; when one of them has
  passed, Rearhand says bids to the one still in (``passed`` names the one who passed, at ``bid``).
* ``null``: the declarer's 10 cards and a declared Null game: what is it worth? The Null values are fixed: Null
  23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59 (ISkO 5.1.2, :data:`webapp.games.skat.official.NULL_VALUES`);
  jacks and matadors do not count. The engine's own step says so (:func:`webapp.games.skat.official.game_value`).

By difficulty (:data:`MIX`): ``easy`` the ladder up to 30 and who bids to whom; ``normal`` the ladder up to 60
and the Null values too; ``hard`` the ladder up to 120.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from webapp.core.quizkind import Checked, Choice, Field, Question, Shown
from webapp.core.steps import NotationError, Step
from webapp.games.skat import official as so
from webapp.games.skat.auction import next_bid
from webapp.games.skat.bids import VALID_BIDS, bid_games
from webapp.games.skat.play import Seat
from webapp.games.skat.quiz_table import deck_order, read_cards
from webapp.games.skat.rules import DECK, Card

NAME = "skat_bid"
TITLE = "quiz.kind.skat_bid"

#: Per difficulty: the chances of a ``next`` and an ``order`` question (the rest: ``null``), the highest last bid.
MIX: Mapping[str, tuple[float, float, int]] = {"easy": (0.6, 0.4, 27), "normal": (0.5, 0.25, 59),
                                               "hard": (0.5, 0.2, 120)}
#: The answers to "who says bids to whom?": (value, the seat saying the bids, the seat answering).
ORDERS: tuple[tuple[str, Seat, Seat], ...] = (
    ("middlehand_forehand", Seat.MIDDLEHAND, Seat.FOREHAND), ("forehand_middlehand", Seat.FOREHAND, Seat.MIDDLEHAND),
    ("rearhand_forehand", Seat.REARHAND, Seat.FOREHAND), ("rearhand_middlehand", Seat.REARHAND, Seat.MIDDLEHAND),
)
#: Who may have passed in the first round (a ``passed`` of an ``order`` question); "" for the start.
PASSED: Mapping[str, Seat] = {"middlehand": Seat.MIDDLEHAND, "forehand": Seat.FOREHAND}
#: The four Null games (hand, ouvert) in the order of their values.
NULL_GAMES: tuple[tuple[bool, bool], ...] = tuple(sorted(so.NULL_VALUES, key=so.NULL_VALUES.__getitem__))

FIELDS = (
    Field("bid", "quiz.field.next_bid", low=VALID_BIDS[0], high=VALID_BIDS[-1]),
    Field("order", "quiz.field.bid_order",
          tuple(Choice(value, Step("skat.quiz.bid.says_to", sayer=sayer, hearer=hearer)) for value, sayer, hearer in ORDERS)),
    Field("null_value", "quiz.field.null_value",
          tuple(Choice(str(so.NULL_VALUES[game]), Step("skat.quiz.bid.number", value=so.NULL_VALUES[game]))
                for game in NULL_GAMES)),
)
_FIELD_OF = {"next": "bid", "order": "order", "null": "null_value"}


@dataclass(frozen=True)
class BidQuestion(Question):
    """One bidding question.

    Attributes:
        ask: ``"next"``, ``"order"`` or ``"null"`` (see the module docstring).
        bid: ``next``: the last bid (a valid bid below the highest); ``order``: the bid at which ``passed``
            passed (0 at the start).
        passed: ``order``: ``"middlehand"`` or ``"forehand"`` (passed in the first round), or "" (the start).
        hand: ``null``: the declarer's 10 cards in deck order (else empty).
        hand_game, ouvert: ``null``: the declared Null game is Hand, Ouvert.

    JSON form: ``{"ask": "next", "bid": 23, "passed": "", "hand": [], "hand_game": false, "ouvert": false}``.
    """

    ask: str
    bid: int = 0
    passed: str = ""
    hand: tuple[Card, ...] = ()
    hand_game: bool = False
    ouvert: bool = False

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see the class docstring)."""
        return {"ask": self.ask, "bid": self.bid, "passed": self.passed, "hand": [str(c) for c in self.hand],
                "hand_game": self.hand_game, "ouvert": self.ouvert}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BidQuestion:
        """The question of its JSON form.

        Raises:
            RuleInputError: ``skat.quiz.error.asks`` for an unknown ``ask``, a ``bid`` that does not fit it or an
                unknown ``passed``; a bad card or not 10 cards for ``null`` (the parser, ``skat.quiz.error.count``).
            KeyError: a key is missing.
        """
        ask, bid, passed = str(data["ask"]), data["bid"], str(data["passed"])
        fits = {"next": bid in VALID_BIDS[:-1] and not passed,
                "order": passed in PASSED and bid in VALID_BIDS or (not passed and bid == 0),
                "null": not passed and bid == 0}
        if not fits.get(ask, False) or isinstance(bid, bool):
            raise NotationError("skat.quiz.error.asks", f"no bidding question: {ask!r}", token=ask[:20])
        hand = read_cards(data["hand"], 10, 10) if ask == "null" else read_cards(data["hand"], 0, 0)
        null = ask == "null"  # Hand and Ouvert belong to a Null question only
        return cls(ask, int(bid), passed, hand, bool(data["hand_game"]) and null, bool(data["ouvert"]) and null)


#: The kind's question class.
QUESTION = BidQuestion


def generate(rng: random.Random, difficulty: str) -> BidQuestion:
    """A random question of :data:`MIX`; every valid bid up to the difficulty's highest is asked evenly."""
    nexts, orders, highest = MIX[difficulty]
    toss = rng.random()
    if toss < nexts:
        return BidQuestion("next", rng.choice([b for b in VALID_BIDS if b <= highest]))
    if toss < nexts + orders:
        passed = rng.choice(("", *PASSED))
        return BidQuestion("order", rng.choice(VALID_BIDS[:8]) if passed else 0, passed)
    hand_game, ouvert = rng.choice(NULL_GAMES)
    return BidQuestion("null", hand=deck_order(rng.sample(DECK, 10)), hand_game=hand_game, ouvert=ouvert)


def _order(question: BidQuestion) -> str:
    if not question.passed:
        return "middlehand_forehand"
    return "rearhand_middlehand" if question.passed == "forehand" else "rearhand_forehand"


def _null_value(question: BidQuestion) -> so.GameValue:
    declaration, _ = so.declare(so.GameType.NULL, hand=question.hand_game, ouvert=question.ouvert)
    return so.game_value(question.hand, None, declaration)


def _expected(question: BidQuestion) -> dict[str, Any]:
    if question.ask == "next":
        return {"bid": next_bid(question.bid)}
    if question.ask == "order":
        return {"order": _order(question)}
    return {"null_value": str(_null_value(question).value)}


def null_name(hand: bool, ouvert: bool) -> str:
    """The name of a Null game as the engine writes it (a proper name, the same in every language): "Null Ouvert
    Hand"."""
    return "Null" + (" Ouvert" if ouvert else "") + (" Hand" if hand else "")


def _next_step(bid: int, after: int) -> Step:
    """"After 23 comes 24 = 2 × 12 (Clubs)", or the Null game whose value it is."""
    games = bid_games(after)
    game = next((g for g in games if g.multiplier is not None), games[0])
    if game.multiplier is None:
        return Step("skat.quiz.bid.next_null", bid=bid, next=after, name=null_name(game.hand, game.ouvert))
    return Step("skat.quiz.bid.next", bid=bid, next=after, multiplier=game.multiplier, base=game.game.base_value,
                game=game.game)


def explain(question: BidQuestion | Mapping[str, Any]) -> tuple[Step, ...]:
    """The steps to the answer (ISkO 3.2, 3.3.1, 5.1.2): the ladder and the next game value; who bids first and
    who bids after a pass; the fixed Null values and the engine's step on this Null game."""
    question = BidQuestion.of(question)
    if question.ask == "next":
        after = next_bid(question.bid)
        ladder = tuple(b for b in VALID_BIDS if b <= max(after, 30))
        return Step("skat.quiz.bid.ladder", ladder=ladder), _next_step(question.bid, after)
    if question.ask == "order":
        steps = [Step("skat.quiz.bid.first")]
        if question.passed:
            stays = Seat.MIDDLEHAND if question.passed == "forehand" else Seat.FOREHAND
            steps.append(Step("skat.quiz.bid.then", passed=PASSED[question.passed], bid=question.bid, stays=stays))
        return tuple(steps)
    return (Step("skat.quiz.bid.null_values"), *_null_value(question).steps)


def solve(question: BidQuestion | Mapping[str, Any]) -> dict[str, Any]:
    """The correct answer: ``{"bid": int}``, ``{"order": value of ORDERS}`` or ``{"null_value": "23"}``.

    ``question`` may also be given in its JSON form (:meth:`BidQuestion.from_json`), as in every function here.
    """
    return _expected(BidQuestion.of(question))


def check(question: BidQuestion | Mapping[str, Any], answer: dict[str, Any]) -> Checked:
    """Compare the child's answer with the engine's; a wrong one is marked at the step that decides it: for the
    next bid the ladder when the number is no bid at all, else the step naming the next bid; for the order the
    last step (the first bids, or who bids after the pass); for a Null game the engine's Null value step."""
    question = BidQuestion.of(question)
    expected = _expected(question)
    steps = explain(question)
    given = answer.get(_FIELD_OF[question.ask])
    if given == expected[_FIELD_OF[question.ask]]:
        return Checked(True, expected, steps)
    at = len(steps) - 1
    if question.ask == "next" and given not in VALID_BIDS:
        at = 0
    return Checked(False, expected, steps, at)


def describe(answer: dict[str, Any]) -> Step:
    """The answer in words: the bid, who says bids to whom, or the Null value."""
    order = next((o for o in ORDERS if o[0] == answer.get("order")), None)
    if order is not None:
        return Step("skat.quiz.bid.says_to", sayer=order[1], hearer=order[2])
    value = answer.get("bid", answer.get("null_value"))
    return Step("skat.quiz.bid.number", value="–" if value is None else value)


def fields_for(question: BidQuestion | Mapping[str, Any]) -> tuple[Field, ...]:
    """The one field this question asks."""
    name = _FIELD_OF[BidQuestion.of(question).ask]
    return tuple(field for field in FIELDS if field.name == name)


def show(question: BidQuestion | Mapping[str, Any]) -> tuple[Shown, ...]:
    """What the question is about: the last bid, the seat that passed, or the declared Null game and the
    declarer's 10 cards."""
    question = BidQuestion.of(question)
    if question.ask == "next":
        return (Shown("skat", Step("skat.quiz.show.last_bid", bid=question.bid), ()),)
    if question.ask == "order":
        if not question.passed:
            return (Shown("skat", Step("skat.quiz.show.bidding_starts"), ()),)
        return (Shown("skat", Step("skat.quiz.show.passed", passed=PASSED[question.passed], bid=question.bid), ()),)
    return (Shown("skat", Step("skat.quiz.show.null_declared", name=null_name(question.hand_game, question.ouvert)), ()),
            Shown("skat", Step("quiz.show.hand"), question.hand))
