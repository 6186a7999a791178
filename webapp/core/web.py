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


def page_or_fragment(page: str, fragment: str, status: int, push_url: str | None = None,
                     replace_url: str | None = None, **context) -> Response:
    """Render the full ``page`` for a normal request, only ``fragment`` for htmx.

    The page template includes the fragment template, so markup has one source.
    For htmx, the canonical URL of the new state goes into the address bar so it stays
    shareable: ``replace_url`` replaces the current history entry (``HX-Replace-Url``: a click
    inside a page, so Back leaves the page), ``push_url`` adds one (``HX-Push-Url``: a real new
    step a child would go Back to). Neither is sent with an error status.
    """
    if is_htmx():
        response = make_response(render_template(fragment, oob=True, **context), status)
        if push_url is not None and status < 400:
            response.headers["HX-Push-Url"] = push_url
        if replace_url is not None and status < 400:
            response.headers["HX-Replace-Url"] = replace_url
        return response
    return make_response(render_template(page, oob=False, **context), status)
