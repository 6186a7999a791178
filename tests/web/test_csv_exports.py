"""Both CSV downloads (Skat score sheet, classroom answers) go through one writer that defuses formulas.

OWASP "CSV injection": a spreadsheet runs a cell starting with =, +, -, @, tab or CR;
names typed by children must arrive as text, scores (numbers, also negative ones) as numbers.
"""

from __future__ import annotations

import csv
import io

from classhelpers import EN


def _rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data(as_text=True))))


def test_skat_score_sheet_csv_defuses_formulas_in_player_names(client):
    client.post("/skat/score/table", data={"players": "3", "name0": "=1+1", "name1": "@SUM(A1)", "name2": "-2+3"})
    # declarer 0 loses a clubs game: 50 card points -> a negative score that must stay a number
    client.post("/skat/score", data={"declarer": "0", "game": "clubs", "matadors": "w1", "points": "50",
                                     "tricks": "4", "bid": ""})
    rows = _rows(client.get("/skat/score.csv", headers=EN))
    assert rows[0][7:10] == ["'=1+1 points", "'@SUM(A1) points", "'-2+3 points"]
    assert rows[1][1] == "'=1+1"
    assert rows[1][6].startswith("-") and int(rows[1][6]) < 0  # the lost game's score stays a number


def test_one_csv_writer_in_the_app():
    """No module but webapp/core/csvfile.py makes a csv.writer (one place defuses formulas)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "webapp"
    writers = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "csv.writer(" in p.read_text())
    assert writers == ["core/csvfile.py"]


def test_class_csv_defuses_full_width_formula_signs_in_nicknames(app):
    """Issue 34, finding 8: a nickname starting with a full-width ＝ went into the class CSV as it was (a spreadsheet
    reads ＝＋－＠ as =+-@)."""
    from classhelpers import act, create_class, csv_rows, join

    from webapp.core.db import db
    from webapp.core.models import ClassSession

    teacher = app.test_client()
    code, url = create_class(teacher)
    names = ['＝HYPERLINK("x.y")', "＋1+2", "－3", "＠SUM(A1)", "﹦1", "Mia"]
    children = [join(app, code, name) for name in names]
    act(teacher, url, "ask")
    with app.app_context():
        number = db.session.query(ClassSession).filter_by(join_code=code).one().round_number
    for child in children:
        child.post(f"/class/{code}/answer", data={"round": str(number), "trump": "C", "value": "999"}, headers=EN)
    nicknames = sorted(row[1] for row in csv_rows(teacher, url)[1:])
    assert nicknames == sorted(name if name == "Mia" else "'" + name for name in names)


def test_formula_signs_after_leading_spaces_are_defused():
    """Cells from elsewhere than nicknames (which lose their leading spaces): a sign after spaces, tabs or an
    ideographic space runs in some spreadsheets too; numbers and harmless text stay as they are."""
    from webapp.core.csvfile import csv_cell

    for text in (" =1+1", "\u3000＠A1", "\u00a0-2", "\t\tx", "\r=1", " \n+1"):
        assert csv_cell(text) == "'" + text, text
    for value, cell in ((-48, "-48"), (2.5, "2.5"), ("Mia -1", "Mia -1"), ("", ""), (" ", " "), ("1-2", "1-2")):
        assert csv_cell(value) == cell
