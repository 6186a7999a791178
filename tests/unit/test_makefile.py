"""The Makefile installs what each target needs: `make run` the app alone, `make test` the test extras too.

Checked with `make -n` (print the commands, run none) against a virtualenv folder that does not exist, so
every install step shows.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")


def dry_run(target: str, venv: Path) -> list[str]:
    """The commands `make <target>` would run for a fresh virtualenv in ``venv``."""
    done = subprocess.run(["make", "-n", "-C", str(ROOT), target, f"VENV={venv}"], capture_output=True, text=True,
                          check=True)
    return done.stdout.splitlines()


def installs(lines: list[str]) -> list[str]:
    """What each ``pip install`` line installs: a lock (``app.lock``) or the project itself (``.``)."""
    found = []
    for line in lines:
        if "pip install" not in line:
            continue
        words = line.split()
        if "-r" in words:
            found.append(Path(words[words.index("-r") + 1]).name)
        elif "-e" in words:
            found.append(words[words.index("-e") + 1])
    return found


def test_make_run_installs_only_what_the_app_needs(tmp_path):
    """Reproduces `make run` installing '.[test]' (pytest, Playwright, hypothesis...) to start the app."""
    lines = dry_run("run", tmp_path / "venv")
    assert installs(lines) == ["app.lock", "."]
    assert not any("[test" in line or "test.lock" in line for line in lines)
    assert any("/bin/kartenschule serve --port" in line for line in lines)  # the production server (issue 18)


def test_every_package_comes_from_a_lock_with_hashes(tmp_path):
    """Issue 31: nothing unpinned (Babel 2.19 once broke a fresh machine); the project itself adds no packages."""
    for target in ("run", "test"):
        for line in dry_run(target, tmp_path / "venv"):
            if "pip install" in line:
                assert "--require-hashes" in line or "--no-deps" in line, line


def test_make_test_installs_the_test_extras_too(tmp_path):
    lines = dry_run("test", tmp_path / "venv")
    assert installs(lines) == ["app.lock", ".", "test.lock"]
    assert any("/bin/pytest -n" in line for line in lines)


def test_each_installation_has_its_own_stamp(tmp_path):
    """With the app's stamp fresh, `make run` installs nothing, while `make test` still adds the test extras."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    (venv / ".app-stamp").touch()
    assert installs(dry_run("run", venv)) == []
    assert installs(dry_run("test", venv)) == ["test.lock"]
    (venv / ".test-stamp").touch()
    assert installs(dry_run("test", venv)) == []
