"""The documentation site builds strict (`make docs`): every page in the navigation, every link
and anchor found, nothing fetched; it holds each game's rules in four languages, the pages the
server shows, and an API reference made from the docstrings."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from potager import game_texts, games
from tests import ROOT

LANGUAGES = ("", ".fr", ".de", ".it")
EXTERNAL = re.compile(
    r'<(?:script|img)\b[^>]*\bsrc="(?:https?:)?//|<link\b(?![^>]*rel="canonical")[^>]*href="(?:https?:)?//',
    re.I,
)
"""A script, stylesheet, font or picture the page would fetch from another site."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert built.returncode == 0, built.stderr
    return out


def test_no_page_fetches_anything_from_another_site(site: Path) -> None:
    pages = list(site.rglob("*.html"))
    assert len(pages) > 30
    for page in pages:
        assert not EXTERNAL.search(page.read_text()), page
    assert "fonts.googleapis" not in (site / "index.html").read_text()


@pytest.mark.parametrize("name", games.names())
def test_each_game_s_rules_are_there_in_four_languages(site: Path, name: str) -> None:
    stem = game_texts.file_name(name.replace("-", "_")).removesuffix(".md")
    for lang in LANGUAGES:
        page = site / "games" / f"{stem}{lang}" / "index.html"
        assert page.exists(), page
        source = (ROOT / "potager" / "texts" / f"{stem}{lang}.md").read_text()
        title = source.splitlines()[0].removeprefix("# ")
        assert title.split(" (")[0] in page.read_text()


def test_the_api_reference_shows_the_docstrings_and_their_examples(site: Path) -> None:
    engine = (site / "reference" / "engine" / "index.html").read_text()
    assert "potager.engine.Game" in engine and "IllegalAction" in engine
    rules = (site / "reference" / "games" / "index.html").read_text()
    assert rules.count('class="gp">&gt;&gt;&gt; </span>') >= 4, "doctests drawn as code"


def test_the_changelog_page_is_the_changelog(site: Path) -> None:
    changelog = (site / "changelog" / "index.html").read_text()
    first = next(
        line
        for line in (ROOT / "CHANGELOG.md").read_text().splitlines()
        if line.startswith("## [0")
    )
    assert first.removeprefix("## ").split(" - ")[0].strip("[]") in changelog


@pytest.mark.parametrize("name", games.names())
def test_each_game_s_pages_link_to_its_notes_on_the_rules(site: Path, name: str) -> None:
    """The strict build checks the link and its anchor; here, that they are there at all."""
    notes = (site / "rules-notes" / "index.html").read_text()
    assert f'id="{name}"' in notes
    stem = game_texts.file_name(name.replace("-", "_")).removesuffix(".md")
    for lang in LANGUAGES:
        page = (site / "games" / f"{stem}{lang}" / "index.html").read_text()
        assert f'href="../../rules-notes/#{name}"' in page, (name, lang)
