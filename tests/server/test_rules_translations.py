"""The rules pages in four languages: a game's docs text in the page's language where
``docs/games/<game>.<lang>.md`` exists, else in English under a note; and every translated page
shaped as its English page, so the translations cannot drift from it unnoticed."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markdown_it import MarkdownIt

from potager import games
from potager.i18n import TRANSLATED, translate
from potager.server import rules
from tests.server.test_rules_pages import Page

GAME = "garden-rush"

FRENCH = """# Garden Rush

> Deux jardiniers font la course.

*Un jeu pour 2.*

## Les règles en bref

Chaque jardinier a un **Potager**.

### Points de détail

- un point.

## Notation

| action | sens |
|---|---|
| `skip` | refuser le bonus |

## Variantes

Aucune ici.

## Le bot

`heuristic` joue.
"""
"""A French page of Garden Rush shaped as the English one (its headings of the same levels)."""


@pytest.fixture
def docs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A docs folder holding Garden Rush's English page alone; the pages read it, parsed anew."""
    page = rules.docs_page(games.get(GAME))
    (tmp_path / page.name).write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(rules, "DOCS", tmp_path)
    rules.rules_text.cache_clear()
    yield tmp_path
    rules.rules_text.cache_clear()


def rules_page(client: TestClient, lang: str) -> str:
    answer = client.get(f"/rules/{GAME}", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    return answer.text


def catalogue_pitch(client: TestClient, lang: str) -> str:
    found = client.get("/api/games", headers={"Accept-Language": lang}).json()
    return str(next(g["pitch"] for g in found if g["name"] == GAME))


def test_a_translated_page_shows_its_text_in_its_language(client: TestClient, docs: Path) -> None:
    (docs / "garden_rush.fr.md").write_text(FRENCH, encoding="utf-8")
    html = rules_page(client, "fr")
    assert '<html lang="fr">' in html
    page = Page(html)
    assert page.headings["h2"][1:5] == ["Les règles en bref", "Notation", "Variantes", "Le bot"]
    assert '<div lang="fr"><h2 id="the-rules-in-brief">Les règles en bref</h2>' in html
    assert '<h3 id="fine-points">Points de détail</h3>' in html, "the English page's ids"
    assert '<li><a href="#the-rules-in-brief">Les règles en bref</a></li>' in html
    assert '<div lang="en">' not in html and '<li lang="en">' not in html
    assert "rules-language" not in html
    assert "Deux jardiniers font la course." in html
    assert catalogue_pitch(client, "fr") == rules.pitch(games.get(GAME), "fr")
    assert catalogue_pitch(client, "fr") == "Deux jardiniers font la course."


def test_a_language_without_its_page_falls_back_to_english_with_the_note(
    client: TestClient, docs: Path
) -> None:
    (docs / "garden_rush.fr.md").write_text(FRENCH, encoding="utf-8")
    html = rules_page(client, "de")
    english = rules.rules_text(GAME)
    assert english.lang == "en" and rules.rules_text(GAME, "de") == english
    assert 'class="rules-language" lang="de"' in html, "the note, in German"
    assert f'<div lang="en">{english.html}</div>' in html
    assert '<li lang="en"><a href="#notation">Notation</a></li>' in html
    assert "Les règles" not in html
    german = rules.pitch(games.get(GAME), "de")
    assert catalogue_pitch(client, "de") == german == translate(english.pitch, "de")
    assert catalogue_pitch(client, "en") == english.pitch
    assert "rules-language" not in rules_page(client, "en")


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe# Garden Rush\n\n## Les r\xe8gles\n",  # not UTF-8
        b"",
        b"# Garden Rush\n\n> Seulement un titre et son accroche.\n",  # no section
    ],
    ids=["not-utf8", "empty", "no-section"],
)
def test_a_translation_that_cannot_be_shown_leaves_the_english_page(
    client: TestClient, docs: Path, content: bytes
) -> None:
    (docs / "garden_rush.fr.md").write_bytes(content)
    html = rules_page(client, "fr")
    assert f'<div lang="en">{rules.rules_text(GAME).html}</div>' in html
    assert 'class="rules-language" lang="fr"' in html
    assert catalogue_pitch(client, "fr") == rules.pitch(games.get(GAME), "fr")


def test_a_translation_that_is_no_file_leaves_the_english_page(
    client: TestClient, docs: Path
) -> None:
    (docs / "garden_rush.fr.md").mkdir()
    assert 'class="rules-language" lang="fr"' in rules_page(client, "fr")


def test_a_translation_with_other_headings_is_shown_with_ids_of_its_own(
    client: TestClient, docs: Path
) -> None:
    """A drifted translation (the shape test below fails on it) still makes a page."""
    (docs / "garden_rush.fr.md").write_text(
        "# Garden Rush\n\n> Une course.\n\n## Les règles en bref\n\nTout.\n", encoding="utf-8"
    )
    html = rules_page(client, "fr")
    assert '<div lang="fr"><h2 id="les-règles-en-bref">Les règles en bref</h2>' in html
    assert "rules-language" not in html


# -- each translation shaped as its English page ----------------------------------------------
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def shape(path: Traversable) -> list[tuple[object, ...]]:
    """What a translation must keep of its English page, block by block in order: each heading's
    level, each list item's depth, each table's rows and columns, and each code block's
    commands (its comments aside: they are words, the commands are notation)."""
    tokens = _markdown.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[object, ...]] = []
    rows: list[int] = []
    for token in tokens:
        if token.type == "heading_open":
            found.append(("heading", token.tag))
        elif token.type == "list_item_open":
            found.append(("item", token.level))
        elif token.type == "table_open":
            rows = []
        elif token.type == "tr_open":
            rows.append(0)
        elif token.type in ("th_open", "td_open"):
            rows[-1] += 1
        elif token.type == "table_close":
            found.append(("table", tuple(rows)))
        elif token.type == "fence":
            commands = [line.split("#")[0].strip() for line in token.content.splitlines()]
            found.append(("code", tuple(commands)))
    return found


TRANSLATIONS = [
    pytest.param(name, lang, id=f"{name}.{lang}")
    for name in games.names()
    for lang in TRANSLATED
    if rules.docs_page(games.get(name), lang).is_file()
]


@pytest.mark.parametrize(("name", "lang"), TRANSLATIONS)
def test_each_translated_docs_page_is_shaped_as_its_english_page(name: str, lang: str) -> None:
    game = games.get(name)
    english = shape(rules.docs_page(game))
    translated = shape(rules.docs_page(game, lang))
    assert translated == english
    text = rules.rules_text(name, lang)
    assert text.lang == lang and text.pitch, "shown, with its pitch"
    assert [a for a, _ in text.sections] == [a for a, _ in rules.rules_text(name).sections]
