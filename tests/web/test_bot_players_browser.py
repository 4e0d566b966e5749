"""Players marked bots in the browser: two programs play a rated game through `potager.client`;
the lobby lists them in the leaderboards' "Bots" section and not among people, and a bot
player's page and its seat at a table show the "bot" badge, in the page's language."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from potager.client import RemoteSeat
from tests.web.clicking import WIDE

GAME = "heuschrecken-poker"


def bot(http: httpx.Client, name: str) -> dict[str, Any]:
    made: dict[str, Any] = http.post("/api/players", json={"name": name, "bot": True}).json()
    return made


def table_of(http: httpx.Client, player: dict[str, Any], name: str) -> dict[str, Any]:
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "name": name}
    headers = {"Authorization": f"Bearer {player['token']}"}
    created: dict[str, Any] = http.post("/api/tables", json=body, headers=headers).json()
    return created


async def both(*seats: RemoteSeat) -> None:
    await asyncio.gather(*(seat.play() for seat in seats))


def test_bot_players_have_their_leaderboard_and_their_badge(browser: Browser, server: str) -> None:
    http = httpx.Client(base_url=server)
    robo, tron = bot(http, "Robo"), bot(http, "Tron")
    played = table_of(http, robo, "Robo")
    table = f"{server}/table/{played['table']['id']}"
    seats = (
        RemoteSeat(server + played["you"]["url"], "heuristic", seed=1),
        RemoteSeat(table, "random", player=tron["token"], seed=2),
    )
    with ThreadPoolExecutor(1) as thread:  # Playwright holds this thread's event loop
        thread.submit(asyncio.run, both(*seats)).result(timeout=120)
    waiting = table_of(http, robo, "Robo")
    http.close()

    errors: list[str] = []
    context = browser.new_context(viewport=WIDE, locale="fr-FR")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    bots = page.locator("#bot-leaderboards")
    expect(bots.locator("h3")).to_have_text("Bots")
    expect(bots.locator(f"[data-game='{GAME}'] .leader-name")).to_have_count(2)
    names = sorted(bots.locator(".leader-name").all_inner_texts())
    assert names == ["Robo", "Tron"]
    people = page.locator(f"#leaderboards > section.leaderboard[data-game='{GAME}']")
    expect(people).to_contain_text("Personne n'est encore classé.")

    page.goto(f"{server}/players/{robo['id']}")
    expect(page.locator("#title")).to_contain_text("Robo")
    expect(page.locator("#title .badge.bot")).to_have_text("bot")

    page.goto(f"{server}/table/{waiting['table']['id']}")
    seat = page.locator("#seats li.seat[data-seat='0']")
    expect(seat.locator(".seat-name")).to_have_text("Robo")
    expect(seat.locator(".badge.bot")).to_have_text("bot")
    expect(page.locator("#seats li.seat[data-seat='1'] .badge.bot")).to_have_count(0)
    context.close()
    assert not errors
