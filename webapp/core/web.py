"""Blueprints, one a feature: ``main`` (home, settings), ``skat``, ``tichu``."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Response, make_response, render_template, request

from webapp.core.steps import RuleInputError, Step


@dataclass
class ProblemTracker:
    """The first problem found in a request (as a :class:`Step` to show) and its status.

    Trainer states inherit it: a page keeps everything the child built and
    reports only the first thing that was wrong.
    """

    problem: Step | None = None
    status: int = 200

    def fail(self, problem: RuleInputError | Step, status: int = 400) -> None:
        """Remember ``problem`` (an engine error or a view step) unless one is known already."""
        if self.problem is None:
            self.problem = problem.step if isinstance(problem, RuleInputError) else problem
            self.status = status


def is_htmx() -> bool:
    """True when the request comes from htmx (``HX-Request`` header) and wants a fragment."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-History-Restore-Request") != "true"


def page_or_fragment(page: str, fragment: str, status: int, push_url: str | None = None, **context) -> Response:
    """Render the full ``page`` for a normal request, only ``fragment`` for htmx.

    The page template includes the fragment template, so markup has one source.
    For htmx, ``push_url`` (the canonical URL of the new state) goes into the
    ``HX-Push-Url`` header so the address bar stays shareable.
    """
    if is_htmx():
        response = make_response(render_template(fragment, oob=True, **context), status)
        if push_url is not None and status < 400:
            response.headers["HX-Push-Url"] = push_url
        return response
    return make_response(render_template(page, oob=False, **context), status)


def replace_url(response: Response) -> Response:
    """Turn an htmx answer's ``HX-Push-Url`` into ``HX-Replace-Url``: the address follows the page, history does not grow.

    For clicks inside a page (a card, a die, a reading), which a child would not go Back to.
    Returns ``response`` itself (changed in place); answers without the header are left alone.
    """
    url = response.headers.pop("HX-Push-Url", None)
    if url is not None:
        response.headers["HX-Replace-Url"] = url
    return response
