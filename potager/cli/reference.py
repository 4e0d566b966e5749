"""The game's own reference page, in short, for ``?`` and ``rules`` at the prompt.

Each game's package docstring is its reference page (docs/architecture.md):
its "Rules in brief" and "Notation" sections are what a player needs at the table. They are read
from there, never copied, so the terminal says what the rules implement. Doctest examples are
left out, and so are the sentences for programmers (the scripted ``deck``, the action space);
paragraphs are joined so the terminal wraps them; the docstring's tables become grids.

In French, German or Italian the same two sections come from the game's rules page in
that language (`potager.game_texts`, the one the server's ``/rules/<game>`` shows): its first
section is the rules in brief, its "Notation" section the notation, drawn as Markdown. Where that
page is missing, the English reference is shown, saying so.
"""

from __future__ import annotations

import importlib
import re

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from potager.engine import Game
from potager.game_texts import TEXTS, file_name

from .language import t

RULES = "Rules in brief"  # i18n: not text
NOTATION = "Notation"  # i18n: not text
LITERAL = re.compile(r"``(.+?)``")
STRONG = re.compile(r"\*\*(.+?)\*\*")
FOR_PROGRAMMERS = ("``deck``", "action space")  # i18n: not text
"""A sentence naming one of these is about the API, not the game."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(])")  # i18n: not text
NOTATION_HEADINGS = ("Notation", "Notazione")  # i18n: not text
"""The notation section's heading in the rules pages (French and German say "Notation")."""


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


def page_sections(game: Game, lang: str) -> dict[str, str]:
    """The ``##`` sections of the game's rules page in ``lang``, by heading, in order (their
    ``###`` parts included); empty without such a page."""
    page = TEXTS / file_name(game.name.replace("-", "_"), lang)
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        return {}
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = found.setdefault(line[3:].strip(), [])
        elif current is not None:
            current.append(line)
    return {heading: "\n".join(lines).strip() for heading, lines in found.items()}


def translated(game: Game, title: str, lang: str) -> RenderableType | None:
    """`RULES` or `NOTATION` from the game's rules page in ``lang``: the page's first section,
    or its notation section; ``None`` without them."""
    found = page_sections(game, lang)
    if title == RULES:
        heading = next(iter(found), None)
    else:
        heading = next((h for h in found if h.startswith(NOTATION_HEADINGS)), None)
    if heading is None:
        return None
    return Group(Text(heading, style="bold underline"), Markdown(found[heading]))


def section(game: Game, title: str, lang: str = "en") -> RenderableType | None:
    """One section of the game's reference page in ``lang``, drawn for the terminal; ``None``
    without one."""
    if lang != "en":
        found = translated(game, title, lang)
        if found is not None:
            return found
    lines = sections(docstring(game)).get(title)
    if not lines:
        return None
    parts: list[RenderableType] = [Text(title, style="bold underline")]
    if lang != "en":
        parts.insert(0, Text(t("Not written in your language yet: the English text."), "dim"))
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
    """The docstring's markup for the terminal: ``code`` as it is typed, **strong** in bold.

    >>> _plain("``plant 3 c2``, **place 1 token** [x]")
    'plant 3 c2, [bold]place 1 token[/] \\\\[x]'
    """
    return STRONG.sub(r"[bold]\1[/]", escape(LITERAL.sub(r"\1", text)))


def _paragraph(lines: list[str]) -> RenderableType:
    """A table (rows between ``====`` rules) as a grid, a list as one item a line, any other
    paragraph as one line for the terminal to wrap."""
    if any(set(line.strip()) <= {"=", " "} for line in lines):
        rows = [
            re.split(r"\s{2,}", line.strip())
            for line in lines
            if not set(line.strip()) <= {"=", " "}
        ]
        kept = [i for i in range(len(rows[0])) if not _numbers([row[i] for row in rows])]
        grid = Table.grid(padding=(0, 2))
        for row in rows:
            grid.add_row(*(_plain(row[i]) for i in kept if i < len(row)))
        return grid
    items: list[str] = []
    for line in lines:
        if line.startswith("- ") or not items:
            items.append(line.strip())
        else:
            items[-1] += " " + line.strip()
    told = [_for_players(item) for item in items]
    return Text.from_markup("\n".join(_plain(item) for item in told if item))


def _numbers(column: list[str]) -> bool:
    """Whether a table column gives the actions' numbers (the action space), not the game's:
    headed ``index``, or numbers only under its header."""
    return column[0] == "index" or all(set(cell) <= set("0123456789…, ") for cell in column[1:])


def _for_players(text: str) -> str:
    """``text`` without its sentences for programmers.

    >>> _for_players("Take a card. ``deck`` scripts the pile. Play it.")
    'Take a card. Play it.'
    """
    sentences = SENTENCE_END.split(text)
    return " ".join(s for s in sentences if not any(word in s for word in FOR_PROGRAMMERS))
