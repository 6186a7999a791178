"""The wheel round trip (issue 18): a school installs only the wheel, and `kartenschule serve` serves every page.

The repository is copied (without git, virtualenvs, caches, built catalogues) and built as `python -m build`
does it: the sdist first, then the wheel from the unpacked sdist, so both must hold what the app needs. The
wheel goes into a fresh virtual environment that cannot see the repository (no PYTHONPATH, another working
folder, no system site-packages), its dependencies at the versions of ``requirements/app.lock`` (with their
hashes; pip's cache makes that quick): the wheel keeps ranges, and is tested against the lock (issue 31).
The installed server then answers every page in English and German, with its CSS, htmx and images, and a
class can be started (the migrations ran). About 1-2 minutes; it runs in `make test` (deselect it with
``-m "not wheel"`` while working on something else).
"""

from __future__ import annotations

import email
import os
import re
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from servehelpers import ROOT, Client, Served, free_port, join_address, start_class

pytestmark = pytest.mark.wheel

#: Pages with a query that show another page than without it.
EXTRA_PAGES = ["/skat?rules=official"]
#: What a wheel must carry beside the Python modules.
DATA = ["webapp/templates/base.html", "webapp/templates/classroom/present.html", "webapp/static/vendor/htmx.min.js",
        "webapp/static/css/app.css", "webapp/translations/de/LC_MESSAGES/messages.mo",
        "webapp/migrations/env.py", "webapp/migrations/script.py.mako",
        "webapp/games/yahtzee/data/yahtzee-forced-v1.npz", "webapp/games/skat/data/hand-model-v1.json",
        "webapp/games/skat/data/null-model-v1.json"]
#: A wheel a school downloads stays small (the Yahtzee coach's table is about 2.3 MB of it).
MAX_WHEEL_BYTES = 5_000_000
LEFT_OUT = shutil.ignore_patterns(".git", ".venv", "node_modules", "test-artifacts", "build", "dist", "instance",
                                  "*.egg-info", "__pycache__", "*.pyc", "*.mo", ".pytest_cache", ".hypothesis")


def _pages(app) -> tuple[list[str], list[str]]:
    """``(pages, downloads)``: every GET route of the app without parameters, so a new page joins by itself;
    a download is a route whose last part has a file extension (``/skat/score.csv``)."""
    rules = sorted(rule.rule for rule in app.url_map.iter_rules()
                   if "GET" in rule.methods and not rule.arguments and rule.endpoint != "static")
    downloads = [rule for rule in rules if "." in rule.rsplit("/", 1)[-1]]
    return [rule for rule in rules if rule not in downloads] + EXTRA_PAGES, downloads


def _clean_env() -> dict:
    """This process's environment without what would let the new environment see the repository."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV") and not key.startswith("KARTENSCHULE_")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(command: list, cwd: Path, env: dict, timeout: int = 600) -> str:
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


def test_the_installed_wheel_serves_every_page(tmp_path, app):
    pages, downloads = _pages(app)
    assert {"/", "/class", "/skat", "/quiz"} <= set(pages) and "/skat/score.csv" in downloads
    if not (ROOT / "static" / "vendor" / "htmx.min.js").is_file():
        pytest.fail("static/vendor/htmx.min.js is missing: `make vendor` first (the build refuses without it)")
    env = _clean_env()
    # an empty table folder: the Yahtzee coach must use the table shipped in the wheel, never compute one
    env["KARTENSCHULE_YAHTZEE_TABLE_DIR"] = str(tmp_path / "tables")
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    # built by the locked setuptools and Babel of this virtualenv, as `make dist` does
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", tmp_path / "dist", source], tmp_path, env)
    wheel = next((tmp_path / "dist").glob("kartenschule-*.whl"))
    sdist = next((tmp_path / "dist").glob("kartenschule-*.tar.gz"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert wheel.stat().st_size < MAX_WHEEL_BYTES, wheel.stat().st_size
    assert not [path for path in DATA if path not in names], sorted(names)
    assert not [name for name in names if name.startswith(("tests/", "templates/", "static/"))]
    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {"static/vendor/htmx.min.js", "templates/base.html", "webapp/translations/de/LC_MESSAGES/messages.po",
            "setup.py", "MANIFEST.in", "webapp/games/yahtzee/data/yahtzee-forced-v1.npz",
            "webapp/games/skat/data/hand-model-v1.json", "webapp/games/skat/data/null-model-v1.json"} <= members

    environment = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(environment)
    bin_dir = environment / ("Scripts" if os.name == "nt" else "bin")
    # this virtualenv's (locked) pip installs into the new one: no pip of its own to set up there (seconds)
    pip = [sys.executable, "-m", "pip", "--python", bin_dir / "python"]
    _run([*pip, "install", "--quiet", "--require-hashes", "-r", ROOT / "requirements" / "app.lock"], tmp_path, env)
    _run([*pip, "install", "--quiet", "--no-deps", wheel], tmp_path, env)
    _run([*pip, "check"], tmp_path, env)  # the wheel's ranges admit every locked version
    metadata = email.message_from_bytes(zipfile.ZipFile(wheel).read(
        next(name for name in names if name.endswith(".dist-info/METADATA"))))
    requires = [Requirement(text) for text in metadata.get_all("Requires-Dist")]
    assert "flask" in {req.name for req in requires}
    assert [str(req) for req in requires if any(spec.operator in ("==", "===") for spec in req.specifier)] == []
    where = _run([bin_dir / "python", "-c", "import webapp; print(webapp.__file__)"], tmp_path, env).strip()
    assert Path(where).is_relative_to(environment) and not Path(where).is_relative_to(ROOT)
    # the coach's table comes with the wheel: advice at once, nothing computed into the (empty) table folder
    advice = _run([bin_dir / "kartenschule", "yahtzee", "advise", "--dice", "66612"], tmp_path, env, timeout=60)
    assert advice.startswith("*") and "6, 6, 6" in advice, advice
    assert not (tmp_path / "tables").exists() or not any((tmp_path / "tables").glob("*.npy"))

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    (tmp_path / "instance").mkdir()
    served = Served([str(bin_dir / "kartenschule"), "serve", "--port", str(port), "--workers", "1",
                     "--instance", str(tmp_path / "instance")], tmp_path / "out", env=env, cwd=tmp_path)
    try:
        served.wait_ready(base + "/")
        client = Client(base)
        assets: set[str] = set()
        for page in pages:
            for language in ("en", "de"):
                status, _path, html = client.get(page, headers={"Accept-Language": language})
                assert status == 200, (page, language, html[:500])
                assert f'<html lang="{language}"' in html, (page, language)
                assets |= set(re.findall(r'(?:src|href)="(/static/[^"?]+)', html))
        assert {"/static/vendor/htmx.min.js", "/static/css/app.css"} <= assets
        for asset in sorted(assets):
            status, _path, body = client.get(asset)
            assert status == 200 and body, asset
        for download in downloads:
            assert client.get(download)[0] == 200, download
        english, german = (client.get("/class", headers={"Accept-Language": lang})[2] for lang in ("en", "de"))
        assert english != german
        projector = start_class(client)  # a database row: the migrations ran in the instance folder
        status, _path, html = client.get(projector)
        assert status == 200 and join_address(html).startswith(f"{base}/class/")
    finally:
        rc = served.interrupt()
    assert rc == 0 and "Traceback" not in served.stderr, served.stderr
    assert (tmp_path / "instance" / "kartenschule.sqlite3").is_file()
