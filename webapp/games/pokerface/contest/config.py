"""A bot's configuration: the seed's ``bot.jlsc`` or a TOML equivalent ``bot.toml``.

``bot.jlsc`` (seed 003), one ``key= "value"`` a line::

    name= "Kim"
    link= "https://kartenschule.example/bots/kim"
    cmd= "java -jar KimBot.jar"
    input_hand= "${0} ${1} ${2} ${3} ${4}"
    input_1= "${0}"
    input_2= "${0} ${1}"
    input_3= "${0} ${1} ${2}"
    input_4= "${0} ${1} ${2} ${3}"

``cmd`` runs in the bot's folder, split like a POSIX shell would split it but
never run by a shell. ``input_hand`` formats the five dealt cards (``${0}`` to
``${4}``), ``input_k`` the ``k`` new cards sent after an exchange or an extra
draw. Missing templates default to the ones above (cards separated by spaces);
``name`` and ``cmd`` are required. ``bot.toml`` has the same keys.
"""

from __future__ import annotations

import re
import shlex
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from webapp.games.pokerface.rules import Card, cards_text

KEYS = ("name", "link", "cmd", "input_hand", "input_1", "input_2", "input_3", "input_4")
_LINE = re.compile(r'^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*$')
_PLACEHOLDER = re.compile(r"\$\{(\d+)\}")


class ConfigError(ValueError):
    """A bot folder whose configuration cannot be used; the message names the file and the problem."""


def default_template(count: int) -> str:
    """``${0} ${1} ...`` for ``count`` cards: the seed's example templates."""
    return " ".join(f"${{{i}}}" for i in range(count))


@dataclass(frozen=True)
class BotConfig:
    """One bot: its name, command and input templates, and its folder.

    Attributes:
        name: the bot's name (shown in reports).
        cmd: the command line (split with :func:`shlex.split`, run without a shell).
        folder: the bot's folder: its working directory; ``data/hands.txt`` lives there.
        link: where the bot is described (may be empty).
        templates: card count (1 to 5) -> template; 5 is ``input_hand``.
    """

    name: str
    cmd: str
    folder: Path
    link: str = ""
    templates: dict[int, str] = field(default_factory=lambda: {k: default_template(k) for k in range(1, 6)})

    def argv(self) -> list[str]:
        """The command as an argument list. A first word ``python`` or ``python3``
        means the Python running the controller (so built-in bots find this package)."""
        args = shlex.split(self.cmd)
        if args and args[0] in ("python", "python3"):
            args[0] = sys.executable
        return args

    def format_cards(self, cards: Sequence[Card]) -> str:
        """The line sent to the bot for these cards (0 cards: an empty line)."""
        if not cards:
            return ""
        template = self.templates.get(len(cards))
        if template is None:
            return cards_text(cards)
        return _PLACEHOLDER.sub(lambda m: str(cards[int(m.group(1))]), template)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def parse_jlsc(text: str, source: str = "bot.jlsc") -> dict[str, str]:
    """Read the seed's ``bot.jlsc`` format: ``key= "value"`` lines, blank lines allowed.

    Raises:
        ConfigError: a line of another shape, or a key given twice.
    """
    values: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.match(line)
        if match is None:
            raise ConfigError(f"{source}, line {number}: expected key= \"value\", not {line.strip()!r}")
        key, value = match.group(1), _unescape(match.group(2))
        if key in values:
            raise ConfigError(f"{source}, line {number}: {key} is given twice")
        values[key] = value
    return values


def parse_toml(text: str, source: str = "bot.toml") -> dict[str, str]:
    """Read ``bot.toml``: the same keys as ``bot.jlsc``, string values.

    Raises:
        ConfigError: not valid TOML, or a value that is not a string.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source}: {error}") from None
    for key, value in data.items():
        if not isinstance(value, str):
            raise ConfigError(f"{source}: {key} must be a string in quotes")
    return dict(data)


def make_config(values: dict[str, str], folder: Path, source: str) -> BotConfig:
    """Check the keys and templates and build a :class:`BotConfig`.

    Raises:
        ConfigError: an unknown key, a missing ``name`` or ``cmd``, or a
            template with a placeholder beyond its card count.
    """
    unknown = sorted(set(values) - set(KEYS))
    if unknown:
        raise ConfigError(f"{source}: unknown key {unknown[0]!r} (known: {', '.join(KEYS)})")
    for key in ("name", "cmd"):
        if not values.get(key, "").strip():
            raise ConfigError(f"{source}: {key} is missing")
    templates = {k: default_template(k) for k in range(1, 6)}
    for key, count in [("input_hand", 5)] + [(f"input_{k}", k) for k in range(1, 5)]:
        if key in values:
            used = [int(i) for i in _PLACEHOLDER.findall(values[key])]
            bad = [i for i in used if i >= count]
            if bad:
                raise ConfigError(f"{source}: {key} uses ${{{bad[0]}}}, but there are only {count} cards (${{0}} to ${{{count - 1}}})")
            templates[count] = values[key]
    return BotConfig(name=values["name"].strip(), cmd=values["cmd"], folder=folder, link=values.get("link", ""),
                     templates=templates)


def load_bot(folder: str | Path) -> BotConfig:
    """Read a bot folder: ``bot.jlsc`` if present, else ``bot.toml``.

    Raises:
        ConfigError: no folder, no configuration file, or a bad one.
    """
    folder = Path(folder).resolve()
    if not folder.is_dir():
        raise ConfigError(f"{folder}: not a folder")
    for filename, parse in (("bot.jlsc", parse_jlsc), ("bot.toml", parse_toml)):
        path = folder / filename
        if path.is_file():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise ConfigError(f"{path}: {error}") from None
            return make_config(parse(text, str(path)), folder, str(path))
    raise ConfigError(f"{folder}: no bot.jlsc or bot.toml in it")
