"""The rules pages and the lobby's game cards in Chromium ("Rules"): each page shows the
game's sections and its components drawn by its plug-in, with no script error and nothing the
Content-Security-Policy refuses; the lobby shows each game's picture, pitch, players, length and
bot levels, and links to its rules, as the table page does."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import game_texts, games
from potager.server import rules
from tests.web.clicking import create_table, open_page

GAMES = games.names()


def catalogue(server: str) -> dict[str, dict[str, Any]]:
    with urllib.request.urlopen(server + "/api/games") as answer:
        return {g["name"]: g for g in json.load(answer)}


def watched(browser: Browser) -> tuple[Page, list[str]]:
    """A page whose uncaught errors and refusals by the Content-Security-Policy are collected."""
    page, errors = open_page(browser)
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return page, errors


@pytest.mark.parametrize("name", GAMES)
def test_a_rules_page_shows_the_sections_and_the_components(
    browser: Browser, server: str, name: str
) -> None:
    page, errors = watched(browser)
    answer = page.goto(f"{server}/rules/{name}")
    assert answer is not None and answer.status == 200
    text = rules.rules_text(name)
    expect(page.locator("h1")).to_have_text(text.title)
    for anchor, heading in text.sections:
        expect(page.locator(f"h2#{anchor}")).to_have_text(heading)
        expect(page.locator(f".rules-contents a[href='#{anchor}']")).to_have_count(1)
    gallery = page.locator("#gallery .component-group")
    expect(gallery.first).to_be_visible()
    assert page.locator("#gallery .component .component-picture > *").count() >= gallery.count()
    assert page.locator("#gallery .component-caption").all_inner_texts()[0]
    notes = page.locator(f"a[href='{game_texts.DOCS_SITE}rules-notes/#{name}']")
    expect(notes).to_have_count(1)
    page.click(f"a[href='/?game={name}']")
    page.wait_for_url(f"**/?game={name}")
    expect(page.locator("#game")).to_have_value(name)
    assert not errors
    page.close()


def test_an_unknown_game_is_a_404_page_leading_to_the_games(browser: Browser, server: str) -> None:
    page, errors = watched(browser)
    answer = page.goto(f"{server}/rules/no-such-game")
    assert answer is not None and answer.status == 404
    expect(page.locator("h1")).to_have_text("No such game")
    page.click(f"a[href='/rules/{GAMES[0]}']")
    expect(page.locator("h1")).to_have_text(rules.rules_text(GAMES[0]).title)
    assert not errors
    page.close()


def minutes(rows: list[dict[str, Any]], level: str) -> str:
    """A level's minutes over the player counts, as the lobby says them: "5", "5–9"."""
    each = sorted(row["minutes"][level] for row in rows)
    return str(each[0]) if each[0] == each[-1] else f"{each[0]}–{each[-1]}"


def test_the_lobby_shows_each_game_with_its_rules(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page, errors = watched(browser)
    page.goto(server + "/")
    found = catalogue(server)
    for name in GAMES:
        info = found[name]
        card = page.locator(f".game-card[data-game='{name}']")
        expect(card.locator("h2")).to_have_text(info["title"])
        expect(card.locator(".game-pitch")).to_have_text(info["pitch"])
        low, high = info["min_players"], info["max_players"]
        players = f"{low} players" if low == high else f"{low}–{high} players"
        expect(card.locator(".game-players")).to_have_text(players)
        lengths = rules.length_line(info["lengths"])
        expect(card.locator(".game-length")).to_have_text(lengths)
        expect(card.locator(".game-picture > *").first).to_be_visible()
        card.locator(".game-levels summary").click()
        levels = card.locator(".game-levels")
        expect(levels.locator("dt")).to_have_text([info["level_names"][n] for n in info["levels"]])
        sentences = [
            f"{info['level_sentences'][n]} A game: about {minutes(info['lengths'], n)} min."
            for n in info["levels"]
        ]
        expect(levels.locator("dd")).to_have_text(sentences)
        expect(levels.locator("dd").first).to_be_visible()
        expect(card.locator(f"a[data-rules='{name}']")).to_have_attribute("href", f"/rules/{name}")
    last = GAMES[-1]
    page.locator(f".game-card[data-game='{last}'] button.primary").click()
    expect(page.locator("#game")).to_have_value(last)
    page.click(f"a[data-rules='{GAMES[0]}']")
    page.wait_for_url(f"**/rules/{GAMES[0]}")
    expect(page.locator("#gallery .component").first).to_be_visible()
    page.screenshot(path=screenshots / "rules.png")
    assert not errors
    page.close()


def finished_bot_game(server: str, game: str) -> str:
    """A table of random bots, played to its end (a few seconds): its id."""
    body = {"game": game, "players": 2, "seats": [{"kind": "bot", "level": "random"}] * 2}
    request = urllib.request.Request(
        server + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        table = json.load(answer)["table"]["id"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server}/api/tables/{table}") as answer:
            if json.load(answer)["status"] == "finished":
                return str(table)
        time.sleep(0.2)
    raise AssertionError("the bots did not finish their game")


def test_the_table_and_the_replay_link_to_their_games_rules(browser: Browser, server: str) -> None:
    page, errors = watched(browser)
    create_table(page, server, "garden-rush", ["you", "human"])
    link = page.locator("#rules-link")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", "/rules/garden-rush")
    page.goto(f"{server}/replay/{finished_bot_game(server, 'heuschrecken-poker')}")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", "/rules/heuschrecken-poker")
    assert not errors
    page.close()
