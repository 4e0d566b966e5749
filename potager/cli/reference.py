"""The game's rules page, in short, for ``?`` and ``rules`` at the prompt.

Both come from the game's rules page in the player's language (`potager.game_texts`, the page the
server's ``/rules/<game>`` shows): ``rules`` prints its first section, the rules in brief with
their fine points; ``?`` its notation section, what may be typed. Where the page is missing in that
language, the English one is shown, saying so. Its Markdown is drawn by rich, its links to other
docs pages spelt out as addresses on the docs site.
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from potager.engine import Game
from potager.game_texts import TEXTS, docs_link, file_name

from .language import t

RULES = "rules"  # i18n: not text
NOTATION = "notation"  # i18n: not text
NOTATION_HEADINGS = ("Notation", "Notazione")  # i18n: not text
"""The notation section's heading in the rules pages (French and German say "Notation")."""
LINK = re.compile(r"\]\(([^)\s]+)\)")


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


def source(game: Game, title: str, lang: str) -> tuple[str, str] | None:
    """`RULES` or `NOTATION` of the game's rules page in ``lang``, as (heading, Markdown): the
    page's first section, or its notation section; ``None`` without them."""
    found = page_sections(game, lang)
    if title == RULES:
        heading = next(iter(found), None)
    else:
        heading = next((h for h in found if h.startswith(NOTATION_HEADINGS)), None)
    if heading is None:
        return None
    return heading, LINK.sub(lambda m: f"]({docs_link(m[1])})", found[heading])


def section(game: Game, title: str, lang: str = "en") -> RenderableType | None:
    """One section of the game's rules page in ``lang`` (else in English, saying so), drawn for
    the terminal; ``None`` when the game has no rules page."""
    found = source(game, title, lang)
    parts: list[RenderableType] = []
    if found is None and lang != "en":
        found = source(game, title, "en")
        parts.append(Text(t("Not written in your language yet: the English text."), "dim"))
    if found is None:
        return None
    heading, markdown = found
    parts += [Text(heading, style="bold underline"), Markdown(markdown, hyperlinks=False)]
    return Group(*parts)
