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
    return [line.split(" -e ", 1)[1].strip() for line in lines if "pip install" in line and " -e " in line]


def test_make_run_installs_only_what_the_app_needs(tmp_path):
    """Reproduces `make run` installing '.[test]' (pytest, Playwright, hypothesis...) to start the app."""
    lines = dry_run("run", tmp_path / "venv")
    assert installs(lines) == ["."]
    assert not any("[test" in line for line in lines)
    assert any("/bin/kartenschule serve --port" in line for line in lines)  # the production server (issue 18)


def test_make_test_installs_the_test_extras_too(tmp_path):
    lines = dry_run("test", tmp_path / "venv")
    assert installs(lines) == [".", "'.[test]'"]
    assert any(line.endswith("/bin/pytest") for line in lines)


def test_each_installation_has_its_own_stamp(tmp_path):
    """With the app's stamp fresh, `make run` installs nothing, while `make test` still adds the test extras."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    (venv / ".app-stamp").touch()
    assert installs(dry_run("run", venv)) == []
    assert installs(dry_run("test", venv)) == ["'.[test]'"]
    (venv / ".test-stamp").touch()
    assert installs(dry_run("test", venv)) == []
