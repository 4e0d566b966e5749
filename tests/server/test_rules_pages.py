"""The rules pages, ``/rules/<game>``, and what the lobby shows of each game ("Rules"):
drawn from the game's docs page and the measured lengths, escaped, under the pages'
Content-Security-Policy."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from potager import agents, game_texts, games
from potager.server import rules
from potager.server.limits import PAGE_POLICY

GAMES = games.names()


class Page(HTMLParser):
    """What a test reads of a page: its headings by level, its scripts, its inline styles and
    scripts, and every element's id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.headings: dict[str, list[str]] = {}
        self.scripts: list[str | None] = []
        self.inline_scripts = 0
        self.ids: list[str] = []
        self._heading: str | None = None
        self._in_script = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.ids += filter(None, [found.get("id")])
        if re.fullmatch(r"h[1-3]", tag):
            self._heading = tag
            self.headings.setdefault(tag, []).append("")
        if tag == "script":
            self.scripts.append(found.get("src"))
            self._in_script = True

    def handle_endtag(self, tag: str) -> None:
        if tag == self._heading:
            self._heading = None
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._heading:
            self.headings[self._heading][-1] += data
        if self._in_script and data.strip():
            self.inline_scripts += 1


def docs_headings(name: str) -> list[str]:
    """The ``##`` headings of the game's docs page, as written."""
    text = rules.docs_page(games.get(name)).read_text(encoding="utf-8")
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


@pytest.mark.parametrize("name", GAMES)
def test_each_rules_page_holds_the_games_sections(client: TestClient, name: str) -> None:
    answer = client.get(f"/rules/{name}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-security-policy"] == PAGE_POLICY
    page = Page(answer.text)
    game = games.get(name)
    shown = page.headings["h2"]
    expected = docs_headings(name)
    assert expected, "every game's docs page has sections"
    assert [h for h in shown if h in expected] == expected
    assert {"Components", "How long a game lasts", "Computer opponents"} <= set(shown)
    assert page.headings["h1"] == [rules.rules_text(name).title]
    assert f'data-game="{name}"' in answer.text
    assert rules.pitch(game) and rules.pitch(game) in " ".join(answer.text.split())
    for level in agents.levels(game):
        assert f"<dt>{agents.title(level)}</dt>" in answer.text
    assert "gallery" in page.ids
    assert page.scripts == [
        "/static/js/i18n.js",
        "/static/js/potager.js",
        "/static/js/settings.js",
        "/static/js/rules.js",
    ]
    assert page.inline_scripts == 0


@pytest.mark.parametrize("path", ["/rules/chess", "/rules/" + "x" * 500, "/rules/%3Cscript%3E"])
def test_an_unknown_game_is_a_404_page_naming_the_games(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    for name in GAMES:
        assert f'href="/rules/{name}"' in answer.text
    asked = path.rsplit("/", 1)[1]
    assert asked not in answer.text and "<script>" not in answer.text


def test_a_game_without_a_docs_page_has_a_page_with_its_components_and_bots(
    client: TestClient,
) -> None:
    """The suite's toy game has neither docs page nor package under potager.games."""
    answer = client.get("/rules/toy")
    assert answer.status_code == 200
    page = Page(answer.text)
    assert page.headings["h2"] == ["Components", "Computer opponents"]


def test_the_docs_text_is_drawn_with_its_links_to_the_docs_site() -> None:
    text = rules.rules_text("garden-rush", "fr")
    assert "<h2" in text.html and 'id="notation"' in text.html
    assert "Tools &amp; Moles" in rules.rules_text("garden-rush").html, "escaped"
    notes = f'href="{game_texts.DOCS_SITE}rules-notes/#garden-rush"'
    assert notes in text.intro
    assert f'href="{game_texts.DOCS_SITE}bots/"' in text.html
    assert ".md" not in text.intro + text.html


def test_raw_html_in_a_docs_page_is_shown_as_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    page = tmp_path / "garden_rush.md"
    page.write_text(
        "# Garden Rush\n\n> A <b>pitch</b>\n\n## Notation\n\n<script>alert(1)</script>\n"
        "[link](javascript:alert(1))\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(rules, "DOCS", tmp_path)
    rules.rules_text.cache_clear()
    try:
        text = rules.rules_text("garden-rush")
    finally:
        rules.rules_text.cache_clear()
    assert text.pitch == "A <b>pitch</b>"
    assert "&lt;b&gt;pitch&lt;/b&gt;" in text.intro
    assert "<script>" not in text.html and "&lt;script&gt;" in text.html
    assert 'href="javascript' not in text.html


def test_the_catalogue_gives_each_games_pitch_and_measured_length(client: TestClient) -> None:
    found = {g["name"]: g for g in client.get("/api/games").json()}
    for name in GAMES:
        game = games.get(name)
        info = found[name]
        assert info["pitch"] == rules.pitch(game) != ""
        assert [row["players"] for row in info["lengths"]] == list(
            range(game.min_players, game.max_players + 1)
        ), "a length per player count"
        for row in info["lengths"]:
            assert row["ci95"][0] <= row["decisions"] <= row["ci95"][1]
            assert row["shortest"] <= row["decisions"] <= row["longest"]
            assert row["per_player"] == pytest.approx(row["decisions"] / row["players"], abs=0.1)
            assert 0 < row["waits"] < row["decisions"]
            slower = [row["minutes"][level] for level in ("random", "ismcts", "ismcts-strong")]
            assert set(row["minutes"]) == set(info["levels"]) and slower == sorted(slower)
            assert row["minutes"]["heuristic"] == rules.minutes(row, "heuristic") >= 1
        assert "bench.game_lengths" in info["lengths_source"]
    assert found["toy"]["pitch"] == "" and found["toy"]["lengths"] == []


def test_the_length_line_spans_the_player_counts() -> None:
    assert rules.length_line([]) == ""
    one = {"per_player": 40.0, "waits": 50.0}  # 280 s of decisions, 30 s of bots' delays
    assert rules.minutes(one, "heuristic") == 5 and rules.length_line([one]) == "about 5 min"
    assert rules.minutes(one, "ismcts") == 6 and rules.minutes(one, "ismcts-strong") == 9
    assert rules.minutes({"per_player": 1.0, "waits": 0.0}, "random") == 1, "at least a minute"
    rows = [one, {"per_player": 80.0, "waits": 100.0}, {"per_player": 60.0, "waits": 0.0}]
    assert rules.length_line(rows) == "about 5–10 min"
    assert rules.length_line(rows, "de") == "etwa 5–10 Min."
