"""What a class hands out as files: the teacher's CSV of every answer, and the join page's QR code."""

from __future__ import annotations

import csv
import io
from typing import Any

import segno

from webapp.classroom import service
from webapp.core.explain import render_step
from webapp.core.models import ClassSession
from webapp.quiz import kinds

#: The CSV's header row.
COLUMNS = ("round", "nickname", "answer", "correct", "answered_at_utc")
#: First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> str:
    """A CSV cell that a spreadsheet will not run as a formula: such text gets a leading ``'``; None is empty.

    >>> csv_cell("=1+1"), csv_cell(None), csv_cell("Mia")
    ("'=1+1", '', 'Mia')
    """
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in _FORMULA_START else text


def answers_csv(row: ClassSession) -> str:
    """Every answer of the session as CSV text: round, nickname, answer in words (the request's language),
    right (``yes``/``no``), time (UTC, ISO 8601 to the second); nicknames and answers defused (:func:`csv_cell`)."""
    kind = kinds.get(row.kind)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for given, nickname in service.all_answers(row):
        text = render_step(kind.describe(given.answer), html=False)
        writer.writerow([given.round_number, csv_cell(nickname), csv_cell(text),
                         "yes" if given.correct else "no", given.created_at.isoformat(timespec="seconds")])
    return out.getvalue()


def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image (made here: nothing from the internet)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False, svgns=True,
                                    title=url, dark="#1d2433")
    return buffer.getvalue()
