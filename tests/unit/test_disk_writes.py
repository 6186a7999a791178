"""Files the app writes for itself survive a full disk: no empty or partial file stays behind.

Issue 13, section 4 (the Yahtzee table's partial files), and the rest of its kind: the
instance secret key and the Pokerface evaluator's table cache.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from webapp import _instance_secret
from webapp.games.pokerface import rules as pf


def test_the_secret_key_is_made_once_and_kept(tmp_path):
    first = _instance_secret(tmp_path)
    assert len(first) == 64 and _instance_secret(tmp_path) == first
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_a_full_disk_leaves_no_empty_secret_key(tmp_path, monkeypatch):
    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        _instance_secret(tmp_path)
    assert list(tmp_path.iterdir()) == []  # a later start makes a good key instead of reading an empty one


def test_an_empty_secret_key_file_is_refused_with_its_name(tmp_path):
    (tmp_path / "secret_key").write_text("")
    with pytest.raises(RuntimeError, match="secret_key holds no usable secret key"):
        _instance_secret(tmp_path)


def test_the_evaluator_cache_leaves_no_partial_file_on_a_full_disk(tmp_path, monkeypatch):
    real_write = Path.write_bytes

    def full_disk(self, data):
        real_write(self, data[:100])  # part of the file, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    evaluator = pf.Evaluator(cache_folder=tmp_path)
    hand = pf.parse_cards("H4 D4 C4 DA SA S2 S3")
    assert evaluator.evaluate(hand) == pf.Evaluator().evaluate(hand)  # works without its cache
    assert list(tmp_path.iterdir()) == []
