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
* Optional ``fields_for(question) -> tuple[Field, ...]``: the answer form of one question, when its buttons
  depend on the question (the cards of a hand). Same field names as ``FIELDS``, choices among those of
  ``FIELDS``; pages draw it, and :func:`parse_answer` given it accepts only its choices.

A :class:`Field` with ``multiple=True`` is answered with check boxes: its value in the answer is the list of
the picked values (in the order of the choices), read from every form value of that name.

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


def _picked(form: Mapping[str, Any], name: str) -> list[str]:
    """Every non-empty value of ``name`` in ``form``: a MultiDict's list, a list, or one text."""
    raw = form.getlist(name) if hasattr(form, "getlist") else form.get(name)
    values = raw if isinstance(raw, (list, tuple)) else [raw]
    return [str(value).strip() for value in values if value is not None and str(value).strip()]


def parse_answer(kind: ModuleType, form: Mapping[str, Any], fields: tuple[Field, ...] | None = None) -> dict[str, Any]:
    """Read a child's answer for ``kind`` from form data, checking it against ``fields`` (default ``kind.FIELDS``).

    Args:
        form: the form data; a field with ``multiple=True`` reads every value of its name (a MultiDict's
            ``getlist``, or a list).
        fields: the question's own answer form (``kind.fields_for(question)``), when the kind has one.

    Returns:
        ``{field name: value}``: the chosen value (str) of a choice field, the list of chosen values (in the
        order of the choices, each once) of a ``multiple`` field, an int for a number field, None for a field
        not needed.

    Raises:
        AnswerError: ``quiz.error.missing`` (parameter ``field``: the field's
            question) for a needed field left empty, ``quiz.error.choice`` for
            an unknown choice, ``quiz.error.number`` (``low``, ``high``) for a
            number that is no whole number in range.
    """
    answer: dict[str, Any] = {}
    for field in kind.FIELDS if fields is None else fields:
        if field.unless and answer.get(field.unless[0]) == field.unless[1]:
            answer[field.name] = None
            continue
        if field.multiple:
            picked = set(_picked(form, field.name))
            if not picked:
                raise AnswerError(Step("quiz.error.missing", field=Step(field.label)))
            values = [c.value for c in field.choices]
            if not picked <= set(values):
                raise AnswerError(Step("quiz.error.choice", field=Step(field.label)))
            answer[field.name] = [value for value in values if value in picked]
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
