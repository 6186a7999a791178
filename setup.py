"""The build hook: put what the app needs at run time into the package (pyproject.toml holds everything else).

The repository keeps ``templates/`` and ``static/`` at the top level (the design card fixes the layout), and the
compiled catalogues (``.mo``) are not committed. A wheel must still serve every page without the repository, so
building the package copies them in:

* ``templates/``  -> ``webapp/templates/``
* ``static/``     -> ``webapp/static/`` (with ``static/vendor/htmx.min.js``: ``make vendor`` fetches it; a build
  without it stops with that message instead of making a wheel whose pages have no htmx)
* ``webapp/translations/<code>/LC_MESSAGES/messages.po`` -> ``messages.mo`` beside it, compiled with Babel here
  (fuzzy entries kept, as ``make translations`` does), so a catalogue is never older than its ``.po``.

The migrations already live in the package (``webapp/migrations``; ``package-data`` in pyproject.toml).
``create_app`` looks for ``templates/`` and ``static/`` in the package first, then at the repository's top level.
The sdist carries the top-level folders (``MANIFEST.in``), so a wheel built from it is the same.
An editable install (``pip install -e .``, what ``make install`` does) copies nothing: the app then uses the
repository's folders.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: Top-level folders copied into the package, and the file that must be among them.
FOLDERS = ("templates", "static")
HTMX = Path("static") / "vendor" / "htmx.min.js"


def _data_files(folder: str) -> list[Path]:
    """Every file below the top-level ``folder`` (relative to the project), caches left out."""
    root = HERE / folder
    return sorted(path.relative_to(HERE) for path in root.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc")


class BuildWithData(build_py):
    """``build_py`` that also copies the templates and static files and compiles the catalogues."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        if not (HERE / HTMX).is_file():
            raise SystemExit(f"{HTMX} is missing: run `make vendor` (npm) before building the package")
        package = Path(self.build_lib) / "webapp"
        for source in self._copied():
            target = package / source
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / source, target)
        for po in sorted((HERE / "webapp" / "translations").glob("*/LC_MESSAGES/messages.po")):
            self._compile(po, package / po.relative_to(HERE / "webapp").with_suffix(".mo"))

    @staticmethod
    def _copied() -> list[Path]:
        return [path for folder in FOLDERS for path in _data_files(folder)]

    @staticmethod
    def _compile(po: Path, mo: Path) -> None:
        """Compile one catalogue with Babel (a build requirement)."""
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as handle:
            catalog = read_po(handle)
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=True)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if getattr(self, "editable_mode", False):
            return outputs
        package = Path(self.build_lib) / "webapp"
        extra = [str(package / path) for path in self._copied()]
        extra += [str(package / po.relative_to(HERE / "webapp").with_suffix(".mo"))
                  for po in (HERE / "webapp" / "translations").glob("*/LC_MESSAGES/messages.po")]
        return outputs + [path for path in extra if path not in outputs]


setup(cmdclass={"build_py": BuildWithData})
