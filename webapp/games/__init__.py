"""The game registry: one :class:`Game` record a game, read by the app, the nav, the home page, the CLI,
the message catalogue and the quiz.

A game is a package ``webapp.games.<key>`` whose ``__init__`` defines ``GAME = Game(...)``; the record
names the game's parts by module path, and they are imported only when asked for (:meth:`Game.parts`), so
``python -m webapp.games.pokerface.contest.bots.leobot`` starts without Flask. Adding a game:
a new package, its templates, and its key in :data:`PACKAGES`.

Imports run one way: the app factory -> this registry -> each game -> :mod:`webapp.core`. A game never
imports another game, a service (quiz, classroom), the CLI root or the app.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType

#: The games, in the order of the nav and the home page: one line a game.
PACKAGES: tuple[str, ...] = ("skat", "tichu", "pokerface", "yahtzee")


@dataclass(frozen=True)
class TileLink:
    """A small link inside a home tile, to one of the game's further pages.

    Attributes:
        endpoint: the Flask endpoint (``"skat_score.sheet"``).
        text: English text marked with ``N_``, translated when the page is rendered.
        values: URL parameters as ``(name, value)`` pairs.
    """

    endpoint: str
    text: str
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Tile:
    """One big tile of the home page: a link to a game's first page with a title and a line of text.

    Attributes:
        endpoint: the Flask endpoint (``"skat.page"``).
        title, text: English texts marked with ``N_``, translated when the page is rendered.
        values: URL parameters as ``(name, value)`` pairs (``(("rules", "official"),)``).
        links: the game's other pages, shown as small links inside the tile.
        start_here: the tile a new child should try first (marked "Start here"); one on the page.
        symbol: a few decorative characters drawn large on the tile (``"♣♠"``), hidden from screen readers.
    """

    endpoint: str
    title: str
    text: str
    values: tuple[tuple[str, str], ...] = ()
    links: tuple[TileLink, ...] = ()
    start_here: bool = False
    symbol: str = ""


@dataclass(frozen=True)
class Game:
    """What the app needs to know of one game; the parts are module paths, imported on demand (:meth:`parts`).

    Attributes:
        key: the package name under ``webapp.games`` (``"skat"``).
        name: the game's name in the nav (an ``N_`` text).
        endpoint: the endpoint of its first page (the nav link).
        blueprints: modules that define a Flask blueprint ``bp``; a request whose blueprint is one of
            their names marks the game as the current one in the nav.
        messages: modules that define ``MESSAGES`` (code -> sentence), optionally ``LABELS``
            (enum member -> name) and ``TEXTS`` (further translatable texts, for the catalogue test).
        cli: module that defines the click command ``group`` (``kartenschule <key> ...``), or None.
        quiz_kinds: modules of question kinds (see :mod:`webapp.core.quizkind`).
        look: module that draws the game's cards (see :mod:`webapp.core.explain`): ``CARD_TYPES``,
            ``card_name(card)``, ``card_face(card)`` and ``TEMPLATE_GLOBALS``; None for a game without cards.
        tiles: its tiles on the home page (one big tile a game; further pages as its ``links``).
        words: module that defines ``WORDS``, the game's glossary (:class:`webapp.core.words.Word`; its texts
            are in its ``MESSAGES`` and ``TEXTS``, so it is listed in ``messages`` too), or None: no glossary.
    """

    key: str
    name: str
    endpoint: str
    blueprints: tuple[str, ...]
    messages: tuple[str, ...]
    cli: str | None = None
    quiz_kinds: tuple[str, ...] = ()
    look: str | None = None
    tiles: tuple[Tile, ...] = field(default=())
    words: str | None = None

    def blueprint_names(self) -> tuple[str, ...]:
        """The names of the game's blueprints (``("skat", "skat_score")``), for the nav's current page."""
        return tuple(module.bp.name for module in self.parts("blueprints"))

    def parts(self, kind: str) -> tuple[ModuleType, ...]:
        """The imported modules of one part: ``"blueprints"``, ``"messages"``, ``"quiz_kinds"``, or ``"look"`` and
        ``"words"`` (none or one)."""
        paths = getattr(self, kind)
        return tuple(importlib.import_module(path) for path in ((paths,) if isinstance(paths, str) else paths or ()))


@cache
def games() -> tuple[Game, ...]:
    """Every registered game, in :data:`PACKAGES` order (imported once; the records are immutable).

    Raises:
        ImportError: a package in :data:`PACKAGES` is missing or has no ``GAME``.
    """
    return tuple(importlib.import_module(f"{__name__}.{key}").GAME for key in PACKAGES)


def game(key: str) -> Game:
    """The game called ``key``.

    Raises:
        KeyError: no such game.
    """
    for record in games():
        if record.key == key:
            return record
    raise KeyError(key)
