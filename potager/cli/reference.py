"""The game's own reference page, in short, for ``?`` and ``rules`` at the prompt (issue 16).

Each game's package docstring is its reference page (README, "Each game's package docstring"):
its "Rules in brief" and "Notation" sections are what a player needs at the table. They are read
from there, never copied, so the terminal says what the rules implement. Doctest examples are
left out (they are for programmers); paragraphs are joined so the terminal wraps them; the
docstring's tables become grids.
"""

from __future__ import annotations

import importlib
import re

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from potager.engine import Game

RULES = "Rules in brief"
NOTATION = "Notation"
LITERAL = re.compile(r"``(.+?)``")


def docstring(game: Game) -> str:
    """The docstring of ``potager.games.<package>``; empty for a game that has no package there."""
    try:
        module = importlib.import_module(f"potager.games.{game.name.replace('-', '_')}")
    except ModuleNotFoundError:
        return ""
    return module.__doc__ or ""


def sections(doc: str) -> dict[str, list[str]]:
    """The docstring's sections by heading (without its parenthesis), each as its lines; a heading
    is a line underlined with ``-`` or ``=``."""
    lines = doc.splitlines()
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for i, line in enumerate(lines):
        underline = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if line.strip() and len(underline) >= 3 and set(underline) <= set("-="):
            current = found.setdefault(line.split(" (")[0].strip(), [])
        elif current is not None and not (line.strip() and set(line.strip()) == {"-"}):
            current.append(line)
    return found


def section(game: Game, title: str) -> RenderableType | None:
    """One section of the game's reference page, drawn for the terminal; ``None`` without one."""
    lines = sections(docstring(game)).get(title)
    if not lines:
        return None
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    parts += [_paragraph(p) for p in _paragraphs(lines)]
    return Group(*parts)


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """Blank-line separated paragraphs, without doctest examples (``>>>`` and their output)."""
    found: list[list[str]] = [[]]
    for line in lines:
        if not line.strip():
            found.append([])
        else:
            found[-1].append(line)
    return [p for p in found if p and not p[0].lstrip().startswith(">>>")]


def _plain(text: str) -> str:
    return escape(LITERAL.sub(r"\1", text))


def _paragraph(lines: list[str]) -> RenderableType:
    """A table (rows between ``====`` rules) as a grid, a list as one item a line, any other
    paragraph as one line for the terminal to wrap."""
    if any(set(line.strip()) <= {"=", " "} for line in lines):
        grid = Table.grid(padding=(0, 2))
        rows = [line for line in lines if not set(line.strip()) <= {"=", " "}]
        for row in rows:
            grid.add_row(*(_plain(cell) for cell in re.split(r"\s{2,}", row.strip())))
        return grid
    items: list[str] = []
    for line in lines:
        if line.startswith("- ") or not items:
            items.append(line.strip())
        else:
            items[-1] += " " + line.strip()
    return Text.from_markup("\n".join(_plain(item) for item in items))
