"""The coach panel when the Yahtzee table cannot be made: it says why, in the child's language,
and reloading the page does not start the computation again (issue 13, section 4)."""

from __future__ import annotations

import errno

import numpy as np

from webapp.games.yahtzee import strategy as ys
from webapp.games.yahtzee import table as yahtzee_table


def test_full_disk_coach_says_why_and_page_views_do_not_restart_it(app, monkeypatch, tmp_path):
    app.config["YAHTZEE_TABLE_DIR"] = str(tmp_path / "tables")
    app.config["YAHTZEE_SHIPPED_TABLE"] = False  # the fallback: no shipped table either
    calls = []

    def fake_table(joker, progress=None, workers=None):
        calls.append(joker)
        return np.zeros(ys.table_shape())

    def full_disk(handle, table):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(yahtzee_table.ys, "compute_table", fake_table)
    monkeypatch.setattr(yahtzee_table.np, "save", full_disk)
    client = app.test_client()
    client.set_cookie("lang", "en")
    client.post("/yahtzee", data={"action": "coach-on"})
    store = app.extensions[yahtzee_table.EXTENSION].for_folder(tmp_path / "tables")
    assert store.wait(timeout=60)
    for _ in range(10):
        html = client.get("/yahtzee").get_data(as_text=True)
        assert store.wait(timeout=60)
    assert calls == [calls[0]]  # computed once, not once a page view
    assert 'id="yz-coach-unavailable"' in html and "disk is full" in html
    client.set_cookie("lang", "de")
    html = client.get("/yahtzee").get_data(as_text=True)
    assert "Festplatte des Servers ist voll" in html
    assert [p.name for p in (tmp_path / "tables").iterdir() if not p.name.endswith(".lock")] == []
