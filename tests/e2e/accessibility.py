"""Accessibility checks with axe-core (through axe-playwright-python)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

#: Impacts that fail a test; "minor" and "moderate" findings are left to review.
BLOCKING_IMPACTS = ("serious", "critical")
#: How many offending elements to list per rule in a failure message.
MAX_NODES = 6

_axe = Axe()


def serious_violations(page: Page) -> list[dict]:
    """Run axe on the page as it is now; return the serious and critical violations."""
    results = _axe.run(page)
    return [v for v in results.response["violations"] if v.get("impact") in BLOCKING_IMPACTS]


def describe(violations: list[dict]) -> str:
    """A readable listing: rule, impact, help text and link, then the elements and what is wrong."""
    lines = []
    for violation in violations:
        lines.append(f"* {violation['id']} ({violation['impact']}): {violation['help']} <{violation.get('helpUrl', '')}>")
        nodes = violation.get("nodes", [])
        for node in nodes[:MAX_NODES]:
            target = ", ".join(str(t) for t in node.get("target", []))
            summary = "; ".join(line.strip() for line in (node.get("failureSummary") or "").splitlines() if line.strip())
            lines.append(f"    - {target}: {summary}")
            lines.append(f"      {' '.join(node.get('html', '').split())[:200]}")
        if len(nodes) > MAX_NODES:
            lines.append(f"    ... and {len(nodes) - MAX_NODES} more element(s)")
    return "\n".join(lines)


def assert_accessible(page: Page, what: str | None = None) -> None:
    """Fail with a listing if axe finds any serious or critical violation on ``page``."""
    violations = serious_violations(page)
    if violations:
        where = what or page.url
        pytest.fail(
            f"axe found {len(violations)} serious/critical accessibility rule(s) violated on {where}:\n"
            + describe(violations),
            pytrace=False,
        )


#: WCAG 2.5.3 (label in name): a control's accessible name holds its visible text. axe counts this rule as
#: experimental, so :func:`serious_violations` does not run it; :func:`label_in_name_violations` does.
LABEL_IN_NAME = "label-content-name-mismatch"


def label_in_name_violations(page: Page) -> list[dict]:
    """Run only axe's :data:`LABEL_IN_NAME` rule (experimental, so named and enabled here); return its violations."""
    results = _axe.run(page, options={"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": [LABEL_IN_NAME]},
                                      "rules": {LABEL_IN_NAME: {"enabled": True}}})
    return results.response["violations"]
