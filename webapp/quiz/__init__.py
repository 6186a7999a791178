"""Quizzes: short codes, reproducible questions, and the kinds of question (:mod:`.kinds`).

A quiz code is the seed of its questions: question ``n`` of a quiz with code
``code`` is ``kind.generate(random.Random(seed_text), difficulty)`` with a seed
text built from the kind, the difficulty, the code and ``n``. So everyone who
enters the same code gets the same questions, and no question is stored.
"""

from __future__ import annotations

import random
import secrets
from functools import lru_cache

from webapp.core.quizkind import Question
from webapp.quiz.kinds import DIFFICULTIES, KINDS, get

#: Code letters: capitals and digits without the look-alikes 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: How many questions a quiz may have.
MIN_QUESTIONS, MAX_QUESTIONS, DEFAULT_QUESTIONS = 1, 30, 10

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "DIFFICULTIES", "KINDS", "new_code", "normalise_code", "question"]


def new_code(length: int = CODE_LENGTH) -> str:
    """A fresh random code of ``length`` letters from :data:`CODE_ALPHABET` (about 30 bits for 6)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalise_code(text: str) -> str | None:
    """The code as typed by a child, upper-cased, without spaces or dashes; None if it cannot be one.

    >>> normalise_code(" ab-c 2de "), normalise_code("ABC1DE")
    ('ABC2DE', None)
    """
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


@lru_cache(maxsize=4096)
def question(kind: str, difficulty: str, code: str, number: int) -> Question:
    """Question ``number`` (0-based) of the quiz ``code``: always the same for the same arguments.

    Cached (a projector and 30 tablets ask for the same question every few
    seconds) and shared: the question is the kind's frozen dataclass
    (:class:`webapp.core.quizkind.Question`); its JSON form is ``.to_json()``.

    Raises:
        KeyError: unknown kind or difficulty.
    """
    if difficulty not in DIFFICULTIES:
        raise KeyError(difficulty)
    rng = random.Random(f"kartenschule|{kind}|{difficulty}|{code}|{number}")
    return get(kind).generate(rng, difficulty)
