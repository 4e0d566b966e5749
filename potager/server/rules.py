"""The rules pages, ``/rules/<game>``: each game's rules as its players read them.

A page is drawn from what the project already holds, never from a copy: the game's text
(``potager/texts/<game>[.<lang>].md``, `potager.game_texts`, English where a language has none),
its printed facts (`Game.facts()`), the bot levels and the measured lengths; the lobby's pitch is
the text's first block quote. A text's links to other docs pages lead to the docs site
(`game_texts.docs_link`). The page runs no inline script (`limits.PAGE_POLICY`). How the
translations line up with the English page: docs/server-notes.md.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt
from markdown_it.token import Token

from potager import agents, games
from potager.agents.levels import SEARCH
from potager.engine import Game
from potager.game_texts import TEXTS, docs_link, file_name

from ..i18n import LANGUAGES, say_in, translate
from .i18n import language
from .manager import available_games
from .pages import STATIC

DOCS: Traversable = TEXTS
"""The games' docs pages (``<package>.md``, `potager.game_texts`). Where a game has none, its page
shows the title, components, lengths and bot levels, and the lobby no pitch."""
LENGTHS = Path(__file__).with_name("lengths.json")
LENGTH_SOURCE = (
    "python -m bench.game_lengths --games {games} --seed {seed} at commit {commit}: heuristic "
    "bots at every seat, default variant; decisions of every seat per game (forced steps "
    "excluded), mean with its 95% interval; the moves each seat waits for"
)
"""How `LENGTHS` was measured, as ``bench.game_lengths`` says it (a template the pages translate
whatever the figures)."""
"""The measured game lengths: ``{"source": how, "games": {game: [one row per player count]}}``."""
TEMPLATE = STATIC / "rules.html"

log = logging.getLogger(__name__)

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class RulesText:
    """A game's docs page, read for the web: its title, pitch and sections, its HTML."""

    title: str
    pitch: str
    sections: tuple[tuple[str, str], ...]
    """Each ``##`` section kept: (anchor, heading)."""
    intro: str
    """The HTML from under the title to the first section: the pitch, who made it, how to start."""
    html: str
    """The sections' HTML. Both are markdown-it's output with raw HTML escaped: safe to insert."""
    lang: str = "en"
    """The language of the text: the one asked for, or English where it has no docs page."""
    headings: tuple[tuple[str, str], ...] = ()
    """Every heading under the title: (tag, id), in order. A translation's take these ids."""


def docs_page(game: Game, lang: str = "en") -> Traversable:
    """The game's docs page in ``lang``: ``<package>.md`` in English, else
    ``<package>.<lang>.md``."""
    return DOCS / file_name(game.name.replace("-", "_"), lang)


def _text(inline: Token) -> str:
    """An inline token's words without their markup (``code`` spans keep their text)."""
    words = (
        " " if child.type in ("softbreak", "hardbreak") else child.content
        for child in inline.children or ()
    )
    return "".join(words)


def _anchor(heading: str) -> str:
    """A heading's id: its words in lower case joined by hyphens ("Readings we chose" ->
    "readings-we-chose"; letters such as é kept)."""
    return re.sub(r"[\W_]+", "-", heading.casefold()).strip("-")


def _linked(tokens: Sequence[Token]) -> None:
    """Point the links of ``tokens`` to other docs pages at the docs site (`docs_link`)."""
    for token in tokens:
        for child in token.children or ():
            href = child.attrGet("href") if child.type == "link_open" else None
            if isinstance(href, str):
                child.attrSet("href", docs_link(href))


@cache
def rules_text(name: str, lang: str = "en") -> RulesText:
    """The docs page of the game called ``name`` in ``lang``, parsed once: the translation where
    there is a readable one with sections, else the English page (its `RulesText.lang` says
    which). A game without a docs page has its title alone."""
    game = games.get(name)
    english = _parsed(game, "en")
    if lang == "en" or lang not in LANGUAGES:
        return english or RulesText(game.title, "", (), "", "")
    translated = _parsed(game, lang, english)
    return translated or english or RulesText(game.title, "", (), "", "")


def _parsed(game: Game, lang: str, english: RulesText | None = None) -> RulesText | None:
    """The game's docs page in ``lang`` parsed, or None where there is none to show: no file, one
    that is not UTF-8 text, or (a translation) one without a section. Its first ``#`` heading is
    the title, the first block quote before any ``##`` heading the pitch; every heading gets an
    id: a translation's those of the ``english`` page's headings when its headings are of the
    same levels, else its own."""
    path = docs_page(game, lang)
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        log.warning("docs page %s cannot be read, shown in English: %s", path.name, error)
        return None
    tokens = _markdown.parse(source)
    _linked(tokens)
    title, pitch = game.title, ""
    first = next((i for i, t in enumerate(tokens) if t.type == "heading_open"), None)
    if first is not None and tokens[first].tag == "h1":
        title = _text(tokens[first + 1])
        del tokens[first : first + 3]  # the page's own <h1> says it
    opens = [i for i, t in enumerate(tokens) if t.type == "heading_open"]
    ids = [_anchor(_text(tokens[i + 1])) for i in opens]
    if english is not None:
        if [tokens[i].tag for i in opens] == [tag for tag, _ in english.headings]:
            ids = [anchor for _, anchor in english.headings]
        else:
            log.warning("docs page %s: its headings are not the English page's", path.name)
    intro: list[Token] = []
    body: list[Token] = []
    sections: list[tuple[str, str]] = []
    headings: list[tuple[str, str]] = []
    quoted = False
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            words, anchor = _text(tokens[i + 1]), ids[len(headings)]
            token.attrSet("id", anchor)
            headings.append((token.tag, anchor))
            if token.tag == "h2":
                sections.append((anchor, words))
        quoted = (quoted or token.type == "blockquote_open") and token.type != "blockquote_close"
        if quoted and token.type == "inline" and not pitch and not sections:
            pitch = _text(token)
        (body if sections else intro).append(token)
    if lang != "en" and not sections:
        log.warning("docs page %s has no section, shown in English", path.name)
        return None
    render = _markdown.renderer.render
    return RulesText(
        title,
        pitch,
        tuple(sections),
        render(intro, _markdown.options, {}),
        render(body, _markdown.options, {}),
        lang,
        tuple(headings),
    )


def pitch(game: Game, lang: str = "en") -> str:
    """The game's one-line pitch in ``lang`` (its docs page's first block quote): the translated
    page's own, else the catalog's translation of the English one; "" without one."""
    text = rules_text(game.name, lang)
    return text.pitch if text.lang == lang or not text.pitch else translate(text.pitch, lang)


@cache
def _measured() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(LENGTHS.read_text(encoding="utf-8"))
    return found


def lengths(game: Game) -> list[dict[str, Any]]:
    """The game's measured lengths, one row per player count (`bench.game_lengths`): players,
    games, decisions (mean per game), ci95, per_player, shortest, longest."""
    rows: list[dict[str, Any]] = _measured()["games"].get(game.name, [])
    return rows


def length_source() -> str:
    """How the lengths were measured: the command, the commit, the bots."""
    return str(_measured()["source"])


def players_line(game: Game, lang: str = "en") -> str:
    if game.min_players == game.max_players:
        return say_in(lang, "{n} players", n=game.min_players)
    return say_in(lang, "{min}–{max} players", min=game.min_players, max=game.max_players)


def whole(count: float) -> int:
    """``count`` to the nearest whole number, halves up as the lobby's script rounds them
    (`round` would take 68.5 to 68)."""
    return math.floor(count + 0.5)


PACE = 7.0
"""A person's seconds a decision: Pas de Haricots' rulebook says its game takes about 30 minutes,
the decisions of its game measured in `LENGTHS` at that pace (docs/browser.md)."""
BOT_DELAY = 0.6
"""The seconds a bot waits before it acts, the server's default (`Settings.bot_delay`)."""
LEVEL = "heuristic"
"""The level the lobby's one figure is for: Casual, the bot a table gets by default."""


def thinking(level: str) -> float:
    """A bot's seconds a decision at ``level``: a search level's time budget (`SEARCH`),
    none for the levels that answer at once."""
    return float(SEARCH.get(level.split(":", 1)[0], {}).get("seconds") or 0.0)


def minutes(row: dict[str, Any], level: str, delay: float = BOT_DELAY) -> int:
    """How long one person's game among bots of ``level`` lasts, in whole minutes (at least 1),
    from a measured row of `lengths`: the person's decisions at `PACE`, and each move of the
    others it waits for (``waits``) at the bot's `thinking` time after ``delay``."""
    seconds = row["per_player"] * PACE + row["waits"] * (thinking(level) + delay)
    return max(1, whole(seconds / 60))


def length_line(rows: Sequence[dict[str, Any]], lang: str = "en") -> str:
    """A game against Casual bots: "about 6 min", or its range over the player counts."""
    if not rows:
        return ""
    each = sorted(minutes(row, LEVEL) for row in rows)
    span = str(each[0]) if each[0] == each[-1] else f"{each[0]}–{each[-1]}"
    return say_in(lang, "about {span} min", span=span)


# -- the page's parts (every text escaped; the docs' HTML is markdown-it's, raw HTML escaped) ----
def _length_section(game: Game, rows: Sequence[dict[str, Any]], lang: str) -> str:
    """The minutes of a game for one person among bots, a row per player count and a column per
    level (`minutes`), then what they come from."""
    if not rows:
        return ""
    levels = agents.levels(game)
    lines = "".join(
        f"<tr><td>{row['players']}</td>"
        + "".join(f"<td>{minutes(row, level)}</td>" for level in levels)
        + f"<td>{whole(row['per_player'])}</td><td>{row['decisions']} "
        f"({row['ci95'][0]}–{row['ci95'][1]})</td><td>{row['games']}</td></tr>"
        for row in rows
    )
    heads = "".join(
        f"<th>{escape(head)}</th>"
        for head in (
            say_in(lang, "players"),
            *(
                say_in(lang, "min against {level}", level=translate(agents.title(level), lang))
                for level in levels
            ),
            say_in(lang, "decisions each"),
            say_in(lang, "decisions in a game (95% interval)"),
            say_in(lang, "games"),
        )
    )
    how = say_in(
        lang,
        "One person among bots: {pace} s a decision, and each move of a bot that it waits for "
        "at the bot's time a move after {delay} s.",
        pace=f"{PACE:g}",
        delay=f"{BOT_DELAY:g}" if lang == "en" else f"{BOT_DELAY:g}".replace(".", ","),
    )
    measured = say_in(lang, "Measured with {source}.", source=translate(length_source(), lang))
    return (
        f'<section id="length"><h2>{escape(say_in(lang, "How long a game lasts"))}</h2>'
        f"<table><thead><tr>{heads}</tr></thead><tbody>{lines}</tbody></table>"
        f'<p class="hint">{escape(how)} {escape(measured)}</p></section>'
    )


def _levels_section(game: Game, lang: str) -> str:
    """The bot levels, named and described for players as the lobby does (their words are data
    in site.json, shared with the lobby's script)."""
    items = "".join(
        f"<dt>{escape(translate(agents.title(level), lang))}</dt>"
        f"<dd>{escape(translate(agents.sentence(level), lang))}</dd>"
        for level in agents.levels(game)
    )
    return (
        f'<section id="bot-levels"><h2>{escape(say_in(lang, "Computer opponents"))}</h2>'
        f'<dl class="levels">{items}</dl></section>'
    )


def _components(lang: str) -> str:
    """The components' section, filled by ``rules.js`` with the game's plug-in drawing its
    `Game.facts()`."""
    return (
        f'<section id="components" class="components"><h2>{escape(say_in(lang, "Components"))}'
        '</h2><div id="gallery" class="gallery"><p class="muted">'
        f"{escape(say_in(lang, 'Drawing the components…'))}</p></div></section>"
    )


def _contents(entries: Sequence[tuple[str, str]], lang: str, docs_lang: str) -> str:
    """The page's contents: its own sections in ``lang``, the docs' in ``docs_lang`` (marked so
    where that is another)."""
    own = {"components", "length", "bot-levels"}
    other = "" if docs_lang == lang else f' lang="{docs_lang}"'
    items = "".join(
        f'<li{"" if a in own else other}><a href="#{a}">{escape(h)}</a></li>' for a, h in entries
    )
    label = escape(say_in(lang, "Contents"))
    return f'<nav class="rules-contents" aria-label="{label}"><ol>{items}</ol></nav>'


def _in_english(lang: str, docs_lang: str) -> str:
    """What a page in another language says of the docs' text when it is shown in English, the
    page having no translation into ``lang``."""
    if docs_lang == lang:
        return ""
    note = say_in(
        lang,
        "The rules below are in English: the game's documentation is not translated into this "
        "language yet.",
    )
    return f'<p class="rules-language" lang="{lang}">{escape(note)}</p>'


def _page(game_name: str, title: str, content: str, lang: str) -> str:
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        lang=escape(lang),  # the page's language before i18n.js says it (readers, crawlers)
        game=escape(game_name),
        title=escape(say_in(lang, "{game} — rules — Potager", game=title)),
        content=content,
    )


def page(game: Game, lang: str = "en") -> str:
    """The rules page of ``game``, as HTML: its frame in ``lang``, the docs' text in ``lang`` too
    where it is translated, else in English with a note saying so."""
    text = rules_text(game.name, lang)
    rows = lengths(game)
    facts = " · ".join(filter(None, [players_line(game, lang), length_line(rows, lang)]))
    contents = [("components", say_in(lang, "Components")), *text.sections]
    contents += [("length", say_in(lang, "How long a game lasts"))] if rows else []
    contents += [("bot-levels", say_in(lang, "Computer opponents"))]
    play = say_in(lang, "Play {game}", game=game.title)
    article = (
        f"<h1>{escape(text.title)}</h1>"
        f'<p class="rules-facts"><span>{escape(facts)}</span>'
        f'<a class="button primary" href="/?game={escape(game.name)}">{escape(play)}</a></p>'
        f'{_in_english(lang, text.lang)}<div lang="{text.lang}">{text.intro}</div>'
        f'{_components(lang)}<div lang="{text.lang}">{text.html}</div>'
        f"{_length_section(game, rows, lang)}"
        f"{_levels_section(game, lang)}"
    )
    content = f'{_contents(contents, lang, text.lang)}<article class="rules">{article}</article>'
    return _page(game.name, text.title, content, lang)


def missing(lang: str = "en") -> str:
    """The page for a game that does not exist: the games that do (the name asked for is not
    repeated: a refusal never echoes what was sent)."""
    links = "".join(
        f'<li><a href="/rules/{escape(g.name)}">{escape(g.title)}</a></li>'
        for g in available_games()
    )
    title = say_in(lang, "No such game")
    there = say_in(lang, "There is no game by that name here. The games:")
    article = f"<h1>{escape(title)}</h1><p>{escape(there)}</p><ul>{links}</ul>"
    return _page("", title, f'<article class="rules">{article}</article>', lang)


@router.get("/rules/{name}", response_class=HTMLResponse)
def rules_page(name: str, request: Request) -> HTMLResponse:
    """A game's rules page in the asker's language (`i18n.language`: the pages' cookie, else
    the browser's Accept-Language)."""
    lang = language(request)
    found = {g.name: g for g in available_games()}.get(name)
    if found is None:
        return HTMLResponse(missing(lang), status_code=404)
    return HTMLResponse(page(found, lang))
