"""CSV files a teacher or a child opens in a spreadsheet: one writer for every download of the app.

Spreadsheets run a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula ("CSV injection", OWASP); some also after leading
spaces, and read the full-width forms ``＝ ＋ － ＠`` (and the small ones, ``﹦``)
as the ASCII signs. Text cells that start so get a leading ``'`` (shown as text,
nothing runs); numbers are written as they are, because ``-48`` is a score, not
a formula.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from numbers import Number
from typing import Any, Iterable

__all__ = ["csv_cell", "csv_text"]

#: First characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _runs(text: str) -> bool:
    """True when a spreadsheet may run ``text`` as a formula: it starts with one of :data:`FORMULA_START`, or its
    first character after any whitespace (spaces, tabs, line breaks, no-break and ideographic spaces) is one of
    them in its compatibility form (NFKC: the full-width ``＝`` U+FF1D, ``＋`` U+FF0B, ``－`` U+FF0D, ``＠`` U+FF20
    and the small forms are ``=``, ``+``, ``-``, ``@``)."""
    first = text.lstrip()[:1]
    return text[:1] in FORMULA_START or unicodedata.normalize("NFKC", first)[:1] in FORMULA_START


def csv_cell(value: Any) -> str:
    """One CSV cell that a spreadsheet will not run as a formula.

    Args:
        value: text, a number (``int``/``float``, written unchanged: ``-48`` stays a number) or ``None`` (empty).

    Returns:
        The cell's text; text a spreadsheet may run (:func:`_runs`: starting with one of :data:`FORMULA_START`,
        also after spaces or in full-width form) gets a leading ``'``.

    >>> csv_cell("=1+1"), csv_cell(None), csv_cell("Mia"), csv_cell(-48), csv_cell("\uff1dA1"), csv_cell(" @A1")
    ("'=1+1", '', 'Mia', '-48', "'\uff1dA1", "' @A1")
    """
    if value is None:
        return ""
    if isinstance(value, Number) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if _runs(text) else text


def csv_text(header: Iterable[Any], rows: Iterable[Iterable[Any]]) -> str:
    """A whole CSV file as text: the ``header`` row, then ``rows``, every cell through :func:`csv_cell`.

    Args:
        header: the column names.
        rows: one iterable of cells a line (text, numbers or ``None``).

    Returns:
        The CSV text (``\\r\\n`` line ends, as :mod:`csv` writes by default).
    """
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([csv_cell(cell) for cell in header])
    for row in rows:
        writer.writerow([csv_cell(cell) for cell in row])
    return out.getvalue()
