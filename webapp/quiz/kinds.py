"""Question kinds: one module a kind, all with the same small interface.

A kind module defines:

* ``NAME``: the kind's id in URLs and the database (``"skat_family"``);
  ``TITLE``: a message code naming it (``"quiz.kind.skat_family"``).
* ``FIELDS``: the answer form, a tuple of :class:`Field`.
* ``QUESTION``: the kind's question class, a frozen dataclass derived from
  :class:`webapp.core.quizkind.Question` (``to_json()``/``from_json(data)`` give and read its JSON form).
* ``generate(rng, difficulty) -> QUESTION``: a fair random question; ``rng``
  is a :class:`random.Random`, ``difficulty`` one of :data:`DIFFICULTIES`.
  The same rng state gives the same question.
* ``solve(question) -> dict``: the correct answer (same shape as a child's).
  ``solve``, ``check`` and ``show`` also take a question in its JSON form.
* ``check(question, answer) -> Checked``: right or wrong, the correct answer,
  the engine's explanation, and the index of the step where the child's
  answer went wrong when that can be told.
* ``describe(answer) -> Step``: the answer in words (feedback, live results).
* ``show(question) -> tuple[Shown, ...]``: the cards to draw.

Adding a kind = one module + its path in the game's registry record (:mod:`webapp.games`). The modules know
nothing of Flask or the database; their sentences live in
:mod:`webapp.quiz.messages`.
"""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Any, Mapping

from webapp.core.steps import Step
from webapp.games import games
from webapp.core.quizkind import DIFFICULTIES, AnswerError, Checked, Choice, Field, Shown, step_index

__all__ = ["DIFFICULTIES", "KINDS", "AnswerError", "Checked", "Choice", "Field", "Shown", "get", "parse_answer", "step_index"]

#: Every question kind, by name, in the registry's order of games (each game lists its kinds).
KINDS: Mapping[str, ModuleType] = MappingProxyType({kind.NAME: kind for game in games() for kind in game.parts("quiz_kinds")})


def get(name: str) -> ModuleType:
    """Return the kind module called ``name``.

    Raises:
        KeyError: no such kind.
    """
    return KINDS[name]


def parse_answer(kind: ModuleType, form: Mapping[str, str]) -> dict[str, Any]:
    """Read a child's answer for ``kind`` from form data, checking it against ``kind.FIELDS``.

    Returns:
        ``{field name: value}``: the chosen value (str) of a choice field, an
        int for a number field, None for a field not needed.

    Raises:
        AnswerError: ``quiz.error.missing`` (parameter ``field``: the field's
            question) for a needed field left empty, ``quiz.error.choice`` for
            an unknown choice, ``quiz.error.number`` (``low``, ``high``) for a
            number that is no whole number in range.
    """
    answer: dict[str, Any] = {}
    for field in kind.FIELDS:
        if field.unless and answer.get(field.unless[0]) == field.unless[1]:
            answer[field.name] = None
            continue
        raw = (form.get(field.name) or "").strip()
        if not raw:
            raise AnswerError(Step("quiz.error.missing", field=Step(field.label)))
        if field.choices:
            if raw not in {c.value for c in field.choices}:
                raise AnswerError(Step("quiz.error.choice", field=Step(field.label)))
            answer[field.name] = raw
        else:
            if not (raw.isascii() and raw.isdigit() and len(raw) <= 4) or not field.low <= int(raw) <= field.high:
                raise AnswerError(Step("quiz.error.number", low=field.low, high=field.high))
            answer[field.name] = int(raw)
    return answer


