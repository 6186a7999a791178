"""The learning path as data (issue 36): each game's lessons in order, what each teaches and how it is practised.

A :class:`Lesson` teaches one or a few rules (rule ids such as ``"skat.follow_suit.jacks"``); its
:class:`Practice` says which existing quiz kinds (:data:`webapp.quiz.kinds.KINDS`) give its items, at which
difficulty, how many items a round has and how many right answers in a row master it. A lesson no quiz kind can
practise has no drills: the child reads it (``explain``) or plays a page (``play``, :attr:`Practice.page`), and
the page marks it done (:func:`webapp.learn.progress.completed`). :attr:`Practice.note` says what is missing.

Everything here is pure: no Flask, no database, no clock. :func:`practice_item` gives item ``number`` of a
lesson for a learner, the same on every device and after every restart (the seed is a SHA-256 of the lesson,
the learner's seed and the number, not Python's salted ``hash()``). :func:`rule_of` names the rule a wrong
answer counts against: the rule of the step where the kind's ``check`` says the answer went wrong
(:attr:`webapp.core.quizkind.Checked.wrong_step`), when the child has been taught it, else the lesson's main
rule (its first).

The Skat rules are those of the ISkO (Internationale Skatordnung): card points 1.2.2, following suit and the
order of the cards 2.3, matadors 2.4, bidding 3.2, the skat 3.3, base values and Null values 5.1 (5.1.2), the
multiplier and 61 card points 5.2 (as cited in :mod:`webapp.games.skat.official`).
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from webapp.core.quizkind import Checked, Question
from webapp.quiz.kinds import DIFFICULTIES, KINDS

#: The games with a path, in the order the map shows them (Skat first, issue 36).
GAMES: tuple[str, ...] = ("skat", "tichu", "pokerface", "yahtzee")
#: A round of practice has this many items at least and at most.
MIN_ITEMS, MAX_ITEMS = 5, 10
#: A lesson or rule id: lowercase words (letters, digits, underscores) joined by dots.
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\Z")
#: :func:`practice_item` draws at most this many questions to find one its drill's filter accepts.
MAX_DRAWS = 60


class NoPractice(ValueError):
    """The lesson has no quiz items (it is read or played); raised by :func:`practice_item`."""


@dataclass(frozen=True)
class Drill:
    """One source of practice items: a quiz kind at a difficulty, optionally only questions a filter accepts.

    Attributes:
        kind: a quiz kind's name (:data:`webapp.quiz.kinds.KINDS`).
        difficulty: one of :data:`webapp.quiz.kinds.DIFFICULTIES`.
        only: the name of a filter in :data:`FILTERS` (``"null"``: only Null games), or None: every question.
    """

    kind: str
    difficulty: str = "easy"
    only: str | None = None


@dataclass(frozen=True)
class Practice:
    """How a lesson is practised and mastered.

    Attributes:
        drills: where the items come from; item ``n`` uses ``drills[n % len(drills)]``. Empty: no quiz kind can
            practise this lesson (see ``note``).
        items: the items of one round (5 to 10).
        mastery: right answers in a row that master the lesson (at most ``items``).
        page: a page to play for this lesson (``"/skat/table"``), or None.
        note: for developers, what no existing quiz kind can ask yet (the gap), or "".
    """

    drills: tuple[Drill, ...] = ()
    items: int = 6
    mastery: int = 4
    page: str | None = None
    note: str = ""

    @property
    def mode(self) -> str:
        """``"quiz"`` (items from drills), ``"play"`` (a page, no items) or ``"explain"`` (read only)."""
        return "quiz" if self.drills else "play" if self.page else "explain"


@dataclass(frozen=True)
class Lesson:
    """One lesson of a game's path.

    Attributes:
        id: stable slug, lowercase with dots and underscores (``"skat.trumps"``): URLs and the database use it.
        game: the game's key (one of :data:`GAMES`).
        rules: the rule ids it teaches, its main rule first; a wrong answer counts against one of them.
        practice: how it is practised and mastered.
    """

    id: str
    game: str
    rules: tuple[str, ...]
    practice: Practice

    @property
    def title(self) -> str:
        """The message code of the lesson's title (:mod:`webapp.learn.messages`)."""
        return f"learn.title.{self.id}"

    @property
    def goal(self) -> str:
        """The message code of the lesson's one-line goal (:mod:`webapp.learn.messages`)."""
        return f"learn.goal.{self.id}"

    @property
    def main_rule(self) -> str:
        """The rule a wrong answer counts against when the kind cannot tell a finer one."""
        return self.rules[0]


def _game_in(*games: str) -> Callable[[Mapping[str, Any]], bool]:
    return lambda question: question.get("game") in games


def _bomb(question: Mapping[str, Any]) -> bool:
    """A Tichu question with a bomb (four of a rank, the unsuited notation) on the table or played."""
    return any(text.count(ch) >= 4 for text in (question["table"], question["play"]) for ch in set(text))


def _poker_same(question: Mapping[str, Any]) -> bool:
    """Both poker hands are of the same category, so the ranks and the kicker decide (seed 003): the showdown's
    deciding comparison (what a wrong answer is marked at) is not the one of the categories."""
    checked = KINDS["poker_showdown"].check(question, {})
    return _step_code("poker_showdown", checked) != "poker.compare.category"


_SUITS_GRAND = ("clubs", "spades", "hearts", "diamonds", "grand")

#: Filters of questions in their JSON form, by name (:attr:`Drill.only`).
FILTERS: Mapping[str, Callable[[Mapping[str, Any]], bool]] = MappingProxyType({
    "grand": _game_in("grand"),
    "no_null": _game_in(*_SUITS_GRAND),
    "null": _game_in("null"),
    "hand": lambda question: bool(question.get("hand_game")),
    "not_hand": lambda question: not question.get("hand_game"),
    "bomb": _bomb,
    "specials": lambda question: any(ch in question["table"] + question["play"] for ch in "1PRD"),
    "bid_null": lambda question: question.get("ask") == "null",
    "bid_not_null": lambda question: question.get("ask") != "null",
    "yahtzee_upper": lambda question: bool(question.get("upper")),
    "poker_other": lambda question: not _poker_same(question),
    "poker_same": _poker_same,
})


def _lesson(id: str, rules: tuple[str, ...], *drills: Drill, items: int = 6, mastery: int = 4,
            page: str | None = None, note: str = "") -> Lesson:
    return Lesson(id, id.split(".")[0], rules, Practice(tuple(drills), items, mastery, page, note))


#: Each game's path, in order; a lesson opens when the one before it is mastered (the first is open).
PATHS: Mapping[str, tuple[Lesson, ...]] = MappingProxyType({
    "skat": (
        _lesson("skat.cards", ("skat.card_points",), Drill("skat_points", "easy"), Drill("skat_points", "normal")),
        _lesson("skat.trumps", ("skat.trumps", "skat.trumps.grand"),
                Drill("skat_trick", "easy"), Drill("skat_trick", "normal", "grand")),
        _lesson("skat.follow_suit", ("skat.follow_suit", "skat.follow_suit.jacks"),
                Drill("skat_legal", "easy"), Drill("skat_legal", "normal", "no_null"),
                Drill("skat_legal", "hard", "no_null"), items=8),
        _lesson("skat.tricks", ("skat.trick.winner", "skat.trick.order"),
                Drill("skat_trick", "normal", "no_null"), Drill("skat_trick", "hard", "no_null"), items=8),
        _lesson("skat.winning_points", ("skat.winning_points",),
                Drill("skat_result", "easy"), Drill("skat_points", "hard")),
        _lesson("skat.matadors", ("skat.matadors",), Drill("skat_official", "easy")),
        _lesson("skat.game_value", ("skat.value.multiplier", "skat.value.base"),
                Drill("skat_official", "easy"), Drill("skat_official", "normal", "not_hand"), items=8),
        _lesson("skat.bidding", ("skat.bidding.limit", "skat.bidding.order", "skat.bidding.ladder"),
                Drill("skat_family", "easy"), Drill("skat_bid", "easy"), Drill("skat_family", "normal"),
                Drill("skat_bid", "normal", "bid_not_null"), items=8),
        _lesson("skat.skat", ("skat.skat.matadors", "skat.skat.put_away"),
                Drill("skat_official", "hard", "not_hand"),
                note="skat_official asks whether the skat changes the matadors (ISkO 2.4); no kind asks which "
                     "two cards to put away (ISkO 3.3); the coach shows it at the table."),
        _lesson("skat.hand", ("skat.levels.hand", "skat.levels.schneider", "skat.levels.schwarz"),
                Drill("skat_official", "normal", "hand"), Drill("skat_result", "normal"),
                Drill("skat_official", "hard", "hand"), Drill("skat_result", "hard"), items=8),
        _lesson("skat.null", ("skat.null", "skat.null.jacks", "skat.null.values"),
                Drill("skat_trick", "hard", "null"), Drill("skat_legal", "hard", "null"),
                Drill("skat_bid", "normal", "bid_null"), items=9),
        _lesson("skat.table", ("skat.game",), page="/skat/table",
                note="A whole game with the coach at the table; the table page marks it done."),
    ),
    "tichu": (
        _lesson("tichu.combinations", ("tichu.combinations",), Drill("tichu_legality", "easy")),
        _lesson("tichu.beating", ("tichu.beating", "tichu.combinations"),
                Drill("tichu_legality", "easy"), Drill("tichu_legality", "normal"), items=8),
        _lesson("tichu.bombs", ("tichu.bombs",), Drill("tichu_legality", "normal", "bomb"),
                note="tichu_legality's bombs are four of a kind only (the unsuited notation has no straight flush)."),
        _lesson("tichu.specials", ("tichu.specials",), Drill("tichu_legality", "hard", "specials"), items=8),
        _lesson("tichu.wish", ("tichu.wish",), page="/tichu/trick?lesson=wish",
                note="tichu_legality never has an open wish; the scripted trick 'wish' teaches it."),
        _lesson("tichu.round", ("tichu.round",), page="/tichu/round", note="A whole round against the bots."),
    ),
    "pokerface": (
        _lesson("pokerface.hands", ("pokerface.hands",), Drill("poker_showdown", "easy", "poker_other")),
        _lesson("pokerface.kickers", ("pokerface.kickers", "pokerface.hands"),
                Drill("poker_showdown", "easy", "poker_same")),
        _lesson("pokerface.game", ("pokerface.game",), page="/pokerface", note="A whole game of Pokerface."),
    ),
    "yahtzee": (
        _lesson("yahtzee.boxes", ("yahtzee.boxes",), Drill("yahtzee_boxes", "easy"), Drill("yahtzee_boxes", "normal")),
        _lesson("yahtzee.bonus", ("yahtzee.bonus",), Drill("yahtzee_boxes", "hard", "yahtzee_upper"),
                note="yahtzee_boxes asks the upper bonus (63 points: 35); the Yahtzee bonus of 100 and the joker "
                     "are learnt by playing with the coach."),
        _lesson("yahtzee.game", ("yahtzee.game",), page="/yahtzee", note="A whole game of Yahtzee."),
    ),
})

#: Every lesson by id, in path order (game by game).
LESSONS: Mapping[str, Lesson] = MappingProxyType({lesson.id: lesson for game in GAMES for lesson in PATHS[game]})
#: Every rule id any lesson teaches.
RULES: frozenset[str] = frozenset(rule for lesson in LESSONS.values() for rule in lesson.rules)


class UnknownLesson(ValueError):
    """A lesson id that is in no path (:func:`get`)."""


def get(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id``.

    Raises:
        UnknownLesson: no such lesson (a ``ValueError``: a page answers 404).
    """
    try:
        return LESSONS[lesson_id]
    except (KeyError, TypeError):
        raise UnknownLesson(f"no lesson {lesson_id!r}") from None


def previous(lesson: Lesson) -> Lesson | None:
    """The lesson before ``lesson`` in its game's path (it must be mastered first), or None for the first."""
    path = PATHS[lesson.game]
    at = path.index(lesson)
    return path[at - 1] if at else None


def taught_by(lesson: Lesson) -> frozenset[str]:
    """The rules taught up to and including ``lesson`` in its path (the child has met them)."""
    path = PATHS[lesson.game]
    return frozenset(rule for earlier in path[: path.index(lesson) + 1] for rule in earlier.rules)


def lesson_for_rule(rule: str) -> Lesson | None:
    """The first lesson (path order) that teaches ``rule`` and has quiz items, or None (read or played only)."""
    return next((lesson for lesson in LESSONS.values() if rule in lesson.rules and lesson.practice.drills), None)


def _seed(*parts: object) -> int:
    """A stable 64-bit seed of ``parts`` (SHA-256; the same on every machine, unlike ``hash()``)."""
    text = "|".join(str(part) for part in ("kartenschule-learn", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def practice_item(lesson: Lesson, learner_seed: int, number: int, salt: str = "") -> tuple[str, Question]:
    """Item ``number`` (0-based) of ``lesson`` for the learner with ``learner_seed``: always the same.

    The drill is ``drills[number % len(drills)]``; the question is drawn from a :class:`random.Random` seeded
    with a SHA-256 of (lesson id, learner seed, number, ``salt``), again until the drill's filter accepts it (at
    most :data:`MAX_DRAWS` draws; the last one is kept, which never happens for the filters here).

    Args:
        salt: tells apart items of the same lesson asked for another purpose (``"review:<rule>"``).

    Returns:
        ``(kind name, question)``; the question's JSON form is ``question.to_json()``.

    Raises:
        NoPractice: the lesson has no drills.
    """
    drills = lesson.practice.drills
    if not drills:
        raise NoPractice(f"lesson {lesson.id!r} has no quiz items")
    drill = drills[number % len(drills)]
    rng = random.Random(_seed(lesson.id, learner_seed, number, salt))
    kind, keep = KINDS[drill.kind], FILTERS[drill.only] if drill.only else None
    question = kind.generate(rng, drill.difficulty)
    for _ in range(MAX_DRAWS - 1):
        if keep is None or keep(question.to_json()):
            break
        question = kind.generate(rng, drill.difficulty)
    return drill.kind, question


#: Per kind: (step code or code prefix, rule) pairs, the first match wins; codes are those of the kinds'
#: ``check`` (the step at ``Checked.wrong_step``; for poker the comparison in it). In a Null game the trick and
#: follow-suit rules become ``skat.null`` (:func:`finer_rule`).
STEP_RULES: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    "skat_legal": (
        ("skat.quiz.jacks_not_suit", "skat.follow_suit.jacks"),
        ("skat.quiz.null_jack", "skat.null.jacks"),
        ("skat.quiz.game.grand", "skat.trumps.grand"),
        ("skat.quiz.game.", "skat.trumps"),
        ("skat.quiz.hold.", "skat.follow_suit"),
    ),
    "skat_trick": (
        ("skat.quiz.card.jack_trump", "skat.follow_suit.jacks"),
        ("skat.quiz.card.null_jack", "skat.null.jacks"),
        ("skat.quiz.card.trump", "skat.trumps"),
        ("skat.quiz.card.", "skat.trick.winner"),
        ("skat.quiz.led.", "skat.trick.winner"),
        ("skat.quiz.win.", "skat.trick.order"),
    ),
    "skat_family": (
        ("skat.factor.jacks", "skat.matadors"),
        ("skat.value", "skat.value.multiplier"),
    ),
    "skat_points": (("skat.quiz.points.", "skat.card_points"),),
    "skat_result": (
        ("skat.quiz.points.", "skat.card_points"),
        ("skat.quiz.result.", "skat.winning_points"),
        ("skat.quiz.schneider.", "skat.levels.schneider"),
        ("skat.quiz.schwarz.", "skat.levels.schwarz"),
        ("skat.quiz.levels", "skat.levels.schneider"),
    ),
    "skat_bid": (
        ("skat.quiz.bid.ladder", "skat.bidding.ladder"), ("skat.quiz.bid.next", "skat.bidding.ladder"),
        ("skat.quiz.bid.first", "skat.bidding.order"), ("skat.quiz.bid.then", "skat.bidding.order"),
        ("skat.quiz.bid.null_values", "skat.null.values"), ("skat.official.null_value", "skat.null.values"),
    ),
    "skat_official": (
        ("skat.official.base", "skat.value.base"),
        ("skat.official.matadors.skat_changed", "skat.skat.matadors"),
        ("skat.official.level.hand", "skat.levels.hand"),
        ("skat.official.level.game", "skat.value.multiplier"),
        ("skat.official.matadors.", "skat.matadors"),
    ),
    "yahtzee_boxes": (
        ("yahtzee.score.", "yahtzee.boxes"), ("yahtzee.miss.", "yahtzee.boxes"),
        ("yahtzee.quiz.upper.", "yahtzee.bonus"),
    ),
    "tichu_legality": (
        ("tichu.play.", "tichu.combinations"),
        ("tichu.reason.wish", "tichu.wish"),
        ("tichu.reason.bomb", "tichu.bombs"), ("tichu.reason.flush", "tichu.bombs"),
        ("tichu.reason.four_under_flush", "tichu.bombs"), ("tichu.reason.dog_no_bomb", "tichu.bombs"),
        ("tichu.reason.dog", "tichu.specials"), ("tichu.reason.dragon", "tichu.specials"),
        ("tichu.reason.phoenix", "tichu.specials"), ("tichu.reason.beats_phoenix", "tichu.specials"),
        ("tichu.reason.under_phoenix", "tichu.specials"), ("tichu.reason.mah_jong", "tichu.specials"),
        ("tichu.reason.", "tichu.beating"),
    ),
    "poker_showdown": (
        ("poker.compare.category", "pokerface.hands"),
        ("poker.compare.", "pokerface.kickers"),
    ),
})


def _step_code(kind_name: str, checked: Checked) -> str | None:
    """The code of the step where the answer went wrong (for poker: the comparison that decided)."""
    at = checked.wrong_step
    if at is None or not 0 <= at < len(checked.steps):
        return None
    step = checked.steps[at]
    if kind_name == "poker_showdown":
        why = dict(step.params).get("why")
        step = why if hasattr(why, "code") else step
    return str(step.code)


def finer_rule(kind_name: str, question: Mapping[str, Any], checked: Checked) -> str | None:
    """The rule of the step where a wrong answer went wrong (:data:`STEP_RULES`), or None when not told.

    In a Null game (ISkO 5.3) the trick and follow-suit rules are those of Null (``skat.null``): no trumps,
    A K Q J 10 9 8 7, the jacks in their suits.
    """
    code = _step_code(kind_name, checked)
    if code is None:
        return None
    rule = next((rule for prefix, rule in STEP_RULES.get(kind_name, ()) if code.startswith(prefix)), None)
    if question.get("game") == "null" and rule in ("skat.trick.order", "skat.trick.winner", "skat.follow_suit"):
        return "skat.null"
    return rule


def rule_of(lesson: Lesson, kind_name: str, question: Mapping[str, Any], checked: Checked,
            reviewing: str | None = None) -> str:
    """The rule an answer to an item of ``lesson`` counts for (right) or against (wrong).

    Args:
        lesson: the lesson whose item it was.
        kind_name: the item's quiz kind.
        question: the question in its JSON form.
        checked: the kind's verdict on the answer.
        reviewing: the rule this item was given for in "practise my mistakes" (it counts for that rule,
            right or wrong), or None for a lesson item.

    Returns:
        ``reviewing`` when given and taught by the lesson; else for a wrong answer the finer rule
        (:func:`finer_rule`) if the child has been taught it (:func:`taught_by`: this lesson or an earlier one
        of its path); else the lesson's main rule. Always a rule of :data:`RULES`.
    """
    if reviewing is not None and reviewing in lesson.rules:
        return reviewing
    if not checked.correct:
        finer = finer_rule(kind_name, question, checked)
        if finer is not None and finer in taught_by(lesson):
            return finer
    return lesson.main_rule


def rule_title(rule: str) -> str:
    """The message code of a rule's name (:mod:`webapp.learn.messages`), e.g. ``learn.rule.skat.trumps.grand``
    for ``"skat.trumps.grand"``: what the teacher's report and the parents' view call the rule."""
    return f"learn.rule.{rule}"


def check_catalogue() -> None:
    """Raise ``ValueError`` if the catalogue breaks its own rules (ids, games, kinds, sizes); run by the tests."""
    seen: set[str] = set()
    for game, path in PATHS.items():
        for lesson in path:
            practice = lesson.practice
            problems = [
                lesson.id in seen and "id twice",
                not all(ID_PATTERN.match(text) for text in (lesson.id, *lesson.rules)) and "id",
                lesson.game != game and "game",
                not lesson.rules and "no rules",
                not MIN_ITEMS <= practice.items <= MAX_ITEMS and "items",
                not 1 <= practice.mastery <= practice.items and "mastery",
                any(d.kind not in KINDS or d.difficulty not in DIFFICULTIES or (d.only and d.only not in FILTERS)
                    for d in practice.drills) and "drill",
            ]
            if any(problems):
                raise ValueError(f"lesson {lesson.id}: {[p for p in problems if p]}")
            seen.add(lesson.id)
