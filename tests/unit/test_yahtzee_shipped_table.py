"""The Yahtzee coach's table ships with the package (issue 33): a fresh clone or an installed wheel has a
ready coach at once; only a missing or damaged table falls back to the computation in the background."""

from __future__ import annotations

import random

import numpy as np
import pytest

from webapp.games.yahtzee import rules as y
from webapp.games.yahtzee import strategy as ys
from webapp.games.yahtzee import table as yahtzee_table
from webapp.games.yahtzee.table import SHIPPED, TableStore, load_shipped, save_shipped, shipped_path


@pytest.fixture(scope="module")
def shipped() -> np.ndarray:
    table = load_shipped(shipped_path(y.FORCED))
    assert table is not None, f"{shipped_path(y.FORCED)} is missing: `kartenschule yahtzee table --ship`"
    return table


def test_the_shipped_table_is_small_and_holds_the_expected_score(shipped):
    assert shipped_path(y.FORCED).stat().st_size < 3_000_000
    assert shipped.shape == ys.table_shape()
    assert ys.expected_score(shipped) == pytest.approx(254.5877, abs=1e-4)  # the forced joker rule (seed 004)
    assert shipped[0].tolist() == np.zeros((ys.UPPER_CAP + 1, 2)).tolist()  # no box free: nothing to come


def test_the_shipped_table_is_the_optimal_strategy_of_these_rules(shipped):
    """Each sampled turn state's value is what one turn of best play from it gives over the table itself
    (the computation's own step): a table made with other rules or another format does not pass."""
    rng = random.Random(33)
    for free_count in range(1, ys.N_CATS + 1):
        free, up, yb = ys._level_states(free_count)
        picked = rng.sample(range(len(free)), min(40, len(free)))
        values = ys.turn_values(shipped.reshape(-1), free[picked], up[picked], yb[picked], y.FORCED).start
        assert np.allclose(values, shipped[free[picked], up[picked], yb[picked]], rtol=0, atol=1e-9), free_count


def test_a_store_with_an_empty_folder_is_ready_at_once_and_computes_nothing(tmp_path):
    def never(*_args, **_kwargs):
        raise AssertionError("the shipped table must be used, not computed")

    store = TableStore(tmp_path / "empty", compute=never, shipped=SHIPPED)
    strategy = store.strategy(y.FORCED)
    assert strategy is not None
    assert ys.expected_score(strategy.table) == pytest.approx(254.5877, abs=1e-4)
    assert not (tmp_path / "empty").exists()  # nothing written either


def test_a_damaged_or_missing_shipped_table_falls_back_to_the_background_computation(tmp_path):
    folder = tmp_path / "shipped"
    folder.mkdir()
    shipped_path(y.FORCED, folder).write_bytes(b"PK\x03\x04 not a table")
    assert load_shipped(shipped_path(y.FORCED, folder)) is None
    assert load_shipped(shipped_path(y.FREE, folder)) is None  # missing
    calls = []

    def fake(joker, progress=None, workers=None):
        calls.append(joker)
        return np.zeros(ys.table_shape())

    store = TableStore(tmp_path / "tables", compute=fake, shipped=folder)
    assert store.strategy(y.FORCED) is None  # getting ready
    assert store.wait(timeout=60) and calls == [y.FORCED]
    assert store.strategy(y.FORCED) is not None


def test_save_and_load_round_trip_exactly(tmp_path):
    table = np.full(ys.table_shape(), np.nan)
    table[0] = 0.0
    table[5, 3, 1] = 1 / 3
    save_shipped(table, tmp_path / "t.npz")
    assert np.array_equal(load_shipped(tmp_path / "t.npz"), table, equal_nan=True)
    assert [p.name for p in tmp_path.iterdir()] == ["t.npz"]  # no temporary file left


def test_the_app_reads_the_shipped_table_unless_told_not_to():
    assert yahtzee_table.app_shipped({}) == SHIPPED
    assert yahtzee_table.app_shipped({"YAHTZEE_SHIPPED_TABLE": False}) is None
