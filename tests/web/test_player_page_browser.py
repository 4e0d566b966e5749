"""Player pages in Chromium: reached from the leaderboard and from the seat names of a table and
of a replay; the page shows the games played, the rating with its history chart and the same
numbers as a table, and the latest games with their opponents and replays; it fits a phone and
speaks the page's language; an unknown player is said so."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.web.clicking import PHONE, WIDE
from tests.web.test_identity_browser import play_rated_game

GAME = "heuschrecken-poker"


def players_and_games(server: str) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """Ada and Bob, made here, after two rated games between them: the players and the
    tables' ids."""
    http = httpx.Client(base_url=server)
    ada, bob = (http.post("/api/players", json={"name": n}).json() for n in ("Ada", "Bob"))
    http.close()
    rated = [play_rated_game(server, ada["token"], seed, bob["token"]) for seed in (3, 4)]
    return ada, bob, rated


def open_page(
    browser: Browser, locale: str = "en-GB", viewport: Any = WIDE
) -> tuple[Page, list[str]]:
    page = browser.new_context(locale=locale, viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_a_player_page_from_the_leaderboard_to_a_replay(browser: Browser, server: str) -> None:
    ada, bob, rated = players_and_games(server)
    page, errors = open_page(browser)
    page.goto(server + "/")
    leader = page.locator(f"#leaderboards [data-game='{GAME}'] a.leader-name", has_text="Ada")
    expect(leader).to_have_attribute("href", f"/players/{ada['id']}")
    leader.click()
    page.wait_for_url(f"**/players/{ada['id']}")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#title")).to_have_text("Ada")
    career = page.locator(f".game-career[data-game='{GAME}']")
    expect(career.locator(".played")).to_have_text("2 games played")
    expect(career.locator(".rating-line")).to_contain_text("after 2 rated games")
    chart = career.locator("svg.rating-chart")
    expect(chart).to_have_attribute("role", "img")
    label = chart.get_attribute("aria-labelledby")
    expect(page.locator(f"#{label}")).to_contain_text("The rating in Heuschrecken Poker after")
    expect(chart.locator("circle")).to_have_count(3)  # before the first, after each
    career.locator(".history-table summary").click()
    rows = career.locator(".history-table tbody tr")
    expect(rows).to_have_count(2)
    me = httpx.get(f"{server}/api/players/{ada['id']}").json()
    last = me["games"][0]["history"][-1]["after"]
    expect(rows.nth(1).locator("td").nth(2)).to_have_text(f"{last:.1f}")

    recent = page.locator(".recent-game")
    expect(recent).to_have_count(2)
    newest = recent.first
    expect(newest).to_have_attribute("data-table", rated[1])
    expect(newest.locator(".recent-against")).to_have_text("against Bob")
    expect(newest.locator(".recent-against a")).to_have_attribute("href", f"/players/{bob['id']}")
    expect(newest.locator(".recent-change")).to_contain_text("rating ")
    newest.locator("a.replay-link").click()
    page.wait_for_url(f"**/replay/{rated[1]}")
    seat_link = page.locator("#seats a.seat-name", has_text="Bob")
    expect(seat_link).to_have_attribute("href", f"/players/{bob['id']}")
    seat_link.click()
    page.wait_for_url(f"**/players/{bob['id']}")
    expect(page.locator("#title")).to_have_text("Bob")
    assert not errors


def test_a_table_links_its_seats_and_a_page_speaks_french_on_a_phone(
    browser: Browser, server: str
) -> None:
    ada, _, _ = players_and_games(server)
    table = httpx.post(
        f"{server}/api/tables",
        json={"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ada"},
        headers={"Authorization": f"Bearer {ada['token']}"},
    ).json()
    page, errors = open_page(browser, "fr-FR", PHONE)
    page.goto(f"{server}/table/{table['table']['id']}")
    expect(page.locator("#seats a.seat-name")).to_have_attribute("href", f"/players/{ada['id']}")
    page.goto(f"{server}/players/{ada['id']}")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator(".game-career .played")).to_have_text("2 parties jouées")
    expect(page.locator(".recent-game").first.locator(".recent-against")).to_have_text("contre Bob")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.goto(f"{server}/players/NoSuchPlayer123")
    expect(page.locator("#status")).to_have_text("Ce joueur n'existe pas.")
    assert not errors
