"""The shape of the code (issue 12, docs/ARCHITECTURE.md): imports run one way, engines stay pure, modules stay small.

Imports run: the app factory -> the registry -> each game -> core; the services (quiz, classroom) -> the
registry and core. A game's engine (every module of a game but its views, CLI, look, messages and table
store) imports nothing of Flask, Jinja, SQLAlchemy, the translations or a view.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from webapp.games import PACKAGES, games

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"
#: Modules of a game package that may use Flask, the translations or files: the edges around the engine.
EDGES = ("__init__", "views", "cli", "look", "table")
#: Third-party packages an engine must not import (the web, templates, database, translations).
WEB_PACKAGES = {"flask", "flask_babel", "flask_wtf", "flask_sqlalchemy", "flask_migrate", "flask_limiter",
                "jinja2", "markupsafe", "werkzeug", "sqlalchemy", "alembic", "babel", "itsdangerous"}
SERVICES = ("webapp.quiz", "webapp.classroom", "webapp.learn", "webapp.main", "webapp.cli", "webapp.catalogue")


def module_name(path: Path) -> str:
    parts = path.relative_to(WEBAPP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, package: str | None = None) -> set[str]:
    """Every module ``path`` imports (absolute names; ``from a import b`` gives ``a`` and ``a.b``)."""
    found: set[str] = set()
    if package is None:
        package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def is_edge(path: Path) -> bool:
    stem = path.stem
    return stem in EDGES or stem.endswith("_views") or stem.startswith("messages")


def game_modules():
    for key in PACKAGES:
        for path in sorted((WEBAPP / "games" / key).rglob("*.py")):
            yield key, path


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("key,path", [(k, p) for k, p in game_modules() if not is_edge(p)],
                         ids=lambda v: str(v.relative_to(WEBAPP)) if isinstance(v, Path) else v)
def test_an_engine_imports_no_web_database_or_view_module(key, path):
    bad = {name for name in imports(path)
           if name.split(".")[0] in WEB_PACKAGES
           or any(within(name, s) for s in SERVICES)
           or name.endswith(".views") or name.endswith("_views")
           or within(name, "webapp.core.web") or within(name, "webapp.core.explain")
           or within(name, "webapp.core.db") or within(name, "webapp.core.models") or within(name, "webapp.core.i18n")}
    assert bad == set(), f"{path.relative_to(WEBAPP)} imports {sorted(bad)}"


@pytest.mark.parametrize("key,path", list(game_modules()), ids=lambda v: str(v.relative_to(WEBAPP)) if isinstance(v, Path) else v)
def test_a_game_imports_no_other_game_no_service_and_not_the_app(key, path):
    others = [f"webapp.games.{other}" for other in PACKAGES if other != key]
    bad = {name for name in imports(path)
           if any(within(name, o) for o in others) or any(within(name, s) for s in SERVICES) or name == "webapp.create_app"
           or (name == "webapp" and path.stem != "__init__")}
    assert bad == set(), f"{path.relative_to(WEBAPP)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", sorted((WEBAPP / "core").rglob("*.py")), ids=lambda p: p.name)
def test_core_imports_no_game_no_service_and_not_the_app(path):
    bad = {name for name in imports(path)
           if within(name, "webapp.games") or any(within(name, s) for s in SERVICES) or name == "webapp.create_app"}
    assert bad == set(), f"{path.relative_to(WEBAPP)} imports {sorted(bad)}"


def test_no_module_is_over_600_lines():
    long = {str(p.relative_to(WEBAPP)): n for p in WEBAPP.rglob("*.py") if (n := len(p.read_text().splitlines())) > 600}
    assert long == {}


def test_the_import_checks_see_a_forbidden_import(tmp_path):
    """The checks above must be able to fail: a made-up engine importing Flask and another game is caught."""
    engine = tmp_path / "rules.py"
    engine.write_text("from flask import request\nfrom ..tichu import rules\nimport webapp.quiz.views\n")
    names = imports(engine, package="webapp.games.skat")
    assert {"flask", "webapp.games.tichu.rules", "webapp.quiz.views"} <= names


def test_every_registered_game_is_its_own_package_and_loads():
    assert [game.key for game in games()] == list(PACKAGES)
    for game in games():
        assert game.name and game.endpoint and game.blueprints and game.messages
        for module in game.parts("blueprints"):
            assert module.__name__.startswith(f"webapp.games.{game.key}.") and module.bp.name
        for module in game.parts("messages"):
            assert module.MESSAGES
        for module in game.parts("quiz_kinds"):
            assert callable(module.generate) and module.NAME
        assert game.endpoint.split(".")[0] in game.blueprint_names()
