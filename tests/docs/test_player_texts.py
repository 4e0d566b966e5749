"""The games' rules pages are for players, in every language: the rules, the notation as it is
typed, examples that the game accepts; no developer notes (their readings and evidence are on
docs/rules-notes.md, which every page links to)."""

from __future__ import annotations

import itertools
import re
import shlex

import pytest
from markdown_it import MarkdownIt

from potager import agents, game_texts, games
from potager.cli import reference
from tests import ROOT
from tests.notation import LANGUAGES, is_piece, is_setting, positions, spans

PAGES = [
    pytest.param(name, lang, id=f"{name}.{lang}") for name in games.names() for lang in LANGUAGES
]
NOTES = ROOT / "docs" / "rules-notes.md"
DEVELOPER_NOTES = {
    "the facts file": re.compile(r"FACTS", re.I),
    "a study command": re.compile(r"potager\s+(simulate|tournament|report)"),
    "a share or an interval": re.compile(r"\d\s?%|±|\bCI\b|\bIC\b|[Kk]onfidenz|confiden"),
    "an issue number": re.compile(r"\bissues?\s*#?\d|#\d{2,}|\bticket", re.I),
    "a date": re.compile(r"\b20\d\d-\d\d-\d\d\b|\b\d{1,2}\.\d{1,2}\.20\d\d\b"),
    "a commit": re.compile(r"\b[0-9a-f]{7,40}\b"),
    "the engine's API": re.compile(
        r"docstring|games\.get|potager/games|`(null|None|deck)`|to_move|forced|private_to"
    ),
    "a measured speed": re.compile(r"decisions\s*/\s*s|goofspiel|make bench"),
}


def text(name: str, lang: str) -> str:
    page = game_texts.TEXTS / game_texts.file_name(name.replace("-", "_"), lang)
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_a_rules_page_holds_no_developer_notes(name: str, lang: str) -> None:
    found = {what for what, pattern in DEVELOPER_NOTES.items() if pattern.search(text(name, lang))}
    assert not found, f"{name}.{lang}: {sorted(found)}"


def test_the_developer_notes_pattern_catches_what_the_pages_used_to_say() -> None:
    said = [
        "see `rules/FACTS.md`",
        "`potager simulate kraut-und-rueben -p 2 -n 300`",
        "70.3%, 95% CI 64.9–75.2%",
        "98,0 % ± 0,6 %",
        "corrected 2026-11-23",
        "korrigiert am 23.11.2026",
        "views show the gap as `null`",
        "618,000 decisions/s",
        "(issue 16)",
    ]
    for line in said:
        assert any(p.search(line) for p in DEVELOPER_NOTES.values()), line


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_every_rules_page_links_to_its_game_s_notes(name: str, lang: str) -> None:
    tokens = MarkdownIt("commonmark").parse(text(name, lang))
    links = [
        child.attrGet("href")
        for token in tokens
        for child in token.children or ()
        if child.type == "link_open"
    ]
    assert f"../rules-notes.md#{name}" in links
    assert f"{{#{name}}}" in NOTES.read_text(encoding="utf-8"), "the anchor, given explicitly"


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_every_code_span_of_the_rules_and_the_notation_is_notation(name: str, lang: str) -> None:
    """A move typed at the prompt, legal in a real position; else one word of the notation, or a
    variant's setting. A span that is none of those is not notation and does not belong there."""
    game = games.get(name)
    found = [s for title in (reference.RULES, reference.NOTATION) for s in spans(game, title, lang)]
    assert found, "every page gives its notation"
    legal = positions(name, tuple(found))
    strays = [
        s for s in found if s not in legal and not is_piece(name, s) and not is_setting(game, s)
    ]
    assert not strays, f"not notation: {strays}"
    for example in spans(game, reference.NOTATION, lang):
        if " " in example:
            assert example in legal, f"{example!r}: a move of several words must be a move"


def test_a_spelling_the_prompt_refuses_is_not_notation() -> None:
    """What the terminal's help used to list for Heuschrecken Poker, and an unsorted harvest."""
    assert not positions("heuschrecken-poker", ("bid 3", "take corn"))
    assert not is_piece("heuschrecken-poker", "bid 3") and not is_piece("heuschrecken-poker", "bid")
    assert not positions("garden-rush", ("harvest broccoli c3 b2 b3",))
    assert positions("garden-rush", ("harvest broccoli b2 b3 c3",))


@pytest.mark.parametrize(("name", "lang"), PAGES)
def test_every_command_of_a_rules_page_starts_that_game(name: str, lang: str) -> None:
    """The pages' ``potager play`` lines: the game's own name, its variants, known bot levels."""
    game = games.get(name)
    tokens = MarkdownIt("commonmark").parse(text(name, lang))
    blocks = [t.content for t in tokens if t.type == "fence"]
    inline = re.findall(r"`(potager play [^`]+)`", text(name, lang))
    commands = [line.split("#")[0] for b in blocks for line in b.splitlines()] + inline
    assert commands, "every page says how to start the game"
    levels = set(agents.levels(game))
    for command in filter(str.strip, commands):
        words = shlex.split(command)
        assert words[:3] == ["potager", "play", name], command
        for flag, value in itertools.pairwise(words):
            if flag in ("-v", "--variant"):
                assert is_setting(game, value), command
            if flag == "--bots":
                assert set(value.split(",")) <= levels, command
