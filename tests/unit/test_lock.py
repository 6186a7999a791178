"""The locks are what is installed, and they agree with pyproject.toml (issue 31: green on every fresh machine).

``requirements/app.lock`` and ``requirements/test.lock`` pin every package with its hashes (uv pip compile
--universal --generate-hashes); the Makefile installs them with ``pip --require-hashes``. An unpinned release
(Babel 2.19's new CLDR plural rules) once failed the suite on a fresh machine: these tests fail when the
virtualenv holds another version than the lock, a package the lock does not name, or when pyproject.toml's
ranges no longer admit the locked versions (the lock is then stale: ``make upgrade``).
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
#: ``name==version`` at the start of a line, then an optional ``; marker`` before the hashes' backslash.
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")
#: Installed but rightly not in a lock: the project itself.
NOT_LOCKED = {"kartenschule"}


def pins(lock: str) -> dict[str, str]:
    """``{canonical name: version}`` of the lines of ``requirements/<lock>`` whose marker holds here.

    A universal lock may name a package twice with exclusive markers (numpy for Python 3.11 and 3.12+).
    """
    found: dict[str, str] = {}
    for line in (LOCKS / lock).read_text().splitlines():
        match = PIN.match(line)
        if match is None:
            continue
        name, version, marker = match.groups()
        if marker is None or Marker(marker).evaluate():
            assert canonicalize_name(name) not in found, f"{name} pinned twice for this machine in {lock}"
            found[canonicalize_name(name)] = version
    return found


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_pin_pattern_reads_a_lock_line():
    assert PIN.match("numpy==2.4.6 ; python_full_version < '3.12' \\").groups() == (
        "numpy", "2.4.6", "python_full_version < '3.12'")
    assert PIN.match("flask==3.1.3 \\").groups() == ("flask", "3.1.3", None)
    assert PIN.match("    --hash=sha256:abc") is None


def test_every_installed_package_is_the_locked_version():
    """The virtualenv of the tests is test.lock exactly: each package at its locked version, none left out."""
    locked = pins("test.lock")
    installed = {canonicalize_name(dist.metadata["Name"]): dist.version for dist in metadata.distributions()}
    wrong = {name: (installed.get(name), version) for name, version in locked.items()
             if installed.get(name) != version}
    assert wrong == {}, "installed (left) against locked (right): `make test` reinstalls from the lock"
    unlocked = sorted(set(installed) - set(locked) - NOT_LOCKED)
    assert unlocked == [], "installed without a lock: add it to pyproject.toml and `make upgrade`"


def test_every_line_of_a_lock_carries_hashes():
    """pip's --require-hashes refuses a lock with a bare pin; checked here too, so the failure names the line."""
    for lock in ("app.lock", "test.lock"):
        text = (LOCKS / lock).read_text()
        entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
        bare = [entry.splitlines()[0] for entry in entries if PIN.match(entry.splitlines()[0])
                and "--hash=sha256:" not in entry]
        assert bare == [], lock


@pytest.mark.parametrize(("lock", "extras"), [("app.lock", []), ("test.lock", ["test", "bench"])])
def test_the_lock_satisfies_pyproject(lock, extras):
    """Every dependency pyproject.toml asks for (its ranges, for the wheel) is pinned in the lock, inside its range."""
    project = pyproject()["project"]
    wanted = [Requirement(text) for text in project["dependencies"]]
    wanted += [Requirement(text) for extra in extras for text in project["optional-dependencies"][extra]]
    locked = pins(lock)
    outside = [str(req) for req in wanted if req.marker is None or req.marker.evaluate()
               if locked.get(canonicalize_name(req.name)) is None
               or not req.specifier.contains(locked[canonicalize_name(req.name)], prereleases=True)]
    assert outside == [], f"not in {lock} or outside the range: `make upgrade`"


def test_the_app_lock_agrees_with_the_test_lock():
    """Where the two locks meet, they pin the same version (app.lock is compiled with test.lock as constraint)."""
    app, test = pins("app.lock"), pins("test.lock")
    assert {name: (version, test.get(name)) for name, version in app.items() if test.get(name) != version} == {}


def test_the_build_requirements_are_locked():
    """The editable install builds without isolation, so [build-system] requires must be in build.in (and the lock)."""
    build = [line.strip() for line in (LOCKS / "build.in").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert sorted(build) == sorted(pyproject()["build-system"]["requires"])
    assert {canonicalize_name(Requirement(text).name) for text in build} <= set(pins("app.lock"))


def test_the_wheel_metadata_keeps_ranges():
    """A library's metadata must not pin: a school's other packages could not be installed beside it."""
    pinned = [text for text in pyproject()["project"]["dependencies"]
              if any(spec.operator in ("==", "===") for spec in Requirement(text).specifier)]
    assert pinned == []
