"""CSV files a teacher or a child opens in a spreadsheet: one writer for every download of the app.

Spreadsheets run a cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return as a formula ("CSV injection", OWASP). Text cells that start so
get a leading ``'`` (shown as text, nothing runs); numbers are written as they
are, because ``-48`` is a score, not a formula.
"""

from __future__ import annotations

import csv
import io
from numbers import Number
from typing import Any, Iterable

__all__ = ["csv_cell", "csv_text"]

#: First characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> str:
    """One CSV cell that a spreadsheet will not run as a formula.

    Args:
        value: text, a number (``int``/``float``, written unchanged: ``-48`` stays a number) or ``None`` (empty).

    Returns:
        The cell's text; text starting with one of :data:`FORMULA_START` gets a leading ``'``.

    >>> csv_cell("=1+1"), csv_cell(None), csv_cell("Mia"), csv_cell(-48)
    ("'=1+1", '', 'Mia', '-48')
    """
    if value is None:
        return ""
    if isinstance(value, Number) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if text[:1] in FORMULA_START else text


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
