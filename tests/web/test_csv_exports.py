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
