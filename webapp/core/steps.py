"""Explanation steps and input errors shared by all rule engines.

An engine never writes prose. It returns a tuple of :class:`Step` objects, each
a message code (``"skat.jacks.with"``) plus typed parameters (ints, cards,
suits, tuples of cards, enum members). :mod:`webapp.catalogue` maps every code
to a translatable sentence with named placeholders, and the web pages and the
CLI render the steps in the reader's language.

Bad input is reported the same way: :class:`RuleInputError` carries a code and
parameters, so that the message naming the bad card can be translated too.
"""

from __future__ import annotations

from typing import Any


class Step:
    """One step of an explanation: a message code and its typed parameters.

    >>> s = Step("skat.factor.jacks", run=2, factor=3)
    >>> s.code, s["factor"]
    ('skat.factor.jacks', 3)

    Args:
        code: the message code, ``"<game>.<topic>.<detail>"``; must exist in
            :data:`webapp.catalogue.MESSAGES`.
        **params: the values the sentence mentions, by placeholder name.

    Steps are immutable and hashable (parameters must be hashable: use tuples,
    not lists), and compare equal when code and parameters are equal.
    """

    __slots__ = ("code", "params")

    code: str
    params: tuple[tuple[str, Any], ...]

    def __init__(self, code: str, **params: Any) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Step is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as ``Step(code, **params)`` (a step crosses to a worker process and back)."""
        return (_make_step, (self.code, self.params))

    def __getitem__(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, Any]:
        """Return the parameters as a new ``dict`` (placeholder name -> value)."""
        return dict(self.params)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return self.code == other.code and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.code, self.params))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Step({self.code!r}{args})"


def _make_step(code: str, params: tuple[tuple[str, Any], ...]) -> Step:
    return Step(code, **dict(params))


class RuleInputError(ValueError):
    """Bad input to an engine: an unknown card, a duplicate, a wrong count.

    The error is itself a :class:`Step`-like message (``code`` and ``params``)
    so it can be shown in the reader's language; ``str(error)`` gives a plain
    English fallback naming the problem, e.g. ``'unknown card: XX'``.

    Args:
        code: the message code, e.g. ``"skat.error.unknown"``.
        english: the plain English message for ``str(error)``.
        token: the offending input text, if one token is to blame; it is also
            passed to the step as the ``token`` parameter.
        **params: further typed parameters of the message.

    Attributes:
        step: the :class:`Step` describing the problem.
        token: the offending input text, when one token is to blame (else None).
    """

    def __init__(self, code: str, english: str, token: str | None = None, **params: Any) -> None:
        super().__init__(english)
        if token is not None:
            params.setdefault("token", token)
        self.step = Step(code, **params)
        self.token = token


class NotationError(RuleInputError):
    """Input that cannot be read: a token that is no card, an index or a box name out of range.

    Pages answer it with 400 (the request itself is malformed); see :func:`status_of`.
    """


class RuleViolation(RuleInputError):
    """A well-formed move that the rules forbid in this state: a fourth roll, a taken box, a card that may not
    be played now. Pages answer it with 409 (it conflicts with the state); see :func:`status_of`.
    """


def status_of(error: RuleInputError) -> int:
    """The HTTP status a page answers for ``error``, by its type: 409 for a :class:`RuleViolation`, else 400."""
    return 409 if isinstance(error, RuleViolation) else 400
