"""Every page passes axe-core, Deque's accessibility engine, with no serious or critical WCAG 2.1
A/AA violation: the lobby (and its quick match's wait), each game's table as a seated player, a
replay, a rules page, the tutorials' pages and a player's page. axe runs in the page as the
project vendors it (tests/web/axe/axe.min.js, MPL-2.0: its licence beside it)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web.clicking import WIDE, create_table
from tests.web.test_player_page_browser import players_and_games

AXE = Path(__file__).parent / "axe" / "axe.min.js"
WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""axe's tags of the WCAG 2.0 and 2.1 success criteria at levels A and AA."""
GRAVE = ("serious", "critical")
GAMES = {
    "heuschrecken-poker": 3,
    "kraut-und-rueben": 2,
    "pas-de-haricots": 3,
    "garden-rush": 2,
}
"""Each game and a player count it is played with (the fewest it allows)."""
MOVE = "#board [data-action], #board [data-pick]"


def open_page(browser: Browser) -> tuple[Page, list[str]]:
    """A wide page that collects its script errors, where axe's script may be added: the pages'
    Content-Security-Policy allows their own scripts only, and axe is the test's."""
    page = browser.new_page(viewport=WIDE, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def axe_violations(page: Page) -> list[str]:
    """The page's serious and critical WCAG 2.1 A/AA violations as axe reports them, one line
    each: the rule, its impact, and the elements (CSS selectors) with what axe says of the
    first."""
    page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => (await axe.run(document, {
          runOnly: { type: "tag", values: tags }, resultTypes: ["violations"],
        })).violations""",
        WCAG21_AA,
    )
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]} — "
        f"{v['nodes'][0]['failureSummary']}"
        for v in found
        if v["impact"] in GRAVE
    ]


def call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def exists(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10):
            return True
    except urllib.error.HTTPError:
        return False


def finished_game(server: str, game: str, players: int) -> str:
    """A game its random bots have played to the end on ``server``: its table's id."""
    seats = [{"kind": "bot", "level": "random"}] * players
    table = call(f"{server}/api/tables", {"game": game, "players": players, "seats": seats})
    for _ in range(1200):
        if call(f"{server}/api/tables/{table['table']['id']}")["status"] == "finished":
            return str(table["table"]["id"])
        time.sleep(0.05)
    raise AssertionError("the bots' game did not end")


def check(page: Page, errors: list[str]) -> None:
    assert axe_violations(page) == []
    assert not errors


def test_the_lobby(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    # A named player: the list of who is online names named players only.
    page.add_init_script("localStorage.setItem('potager.name', 'Ada')")
    page.goto(server + "/")
    page.wait_for_selector(".game-card .game-picture > *")
    page.wait_for_selector("#identity h2")
    page.wait_for_selector("#online-list:not([aria-busy]) li[data-player]")
    check(page, errors)


def test_the_lobby_waiting_for_a_quick_match(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.add_init_script("localStorage.setItem('potager.name', 'Bea')")
    page.goto(server + "/")
    page.wait_for_selector("#quick-game option", state="attached")
    page.locator("#quick-fill").select_option("never")
    page.click("#quick-button")
    page.wait_for_selector("#quick-progress:not(:empty)")
    check(page, errors)
    page.click("#quick-cancel")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_as_a_seated_player(browser: Browser, server: str, game: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, game, ["you"] + ["bot:heuristic"] * (GAMES[game] - 1))
    page.wait_for_selector(MOVE)
    check(page, errors)


def test_a_replay(browser: Browser, server: str) -> None:
    table = finished_game(server, "pas-de-haricots", 3)
    page, errors = open_page(browser)
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("body[data-ready] #moves li")
    page.click("#forward")
    check(page, errors)


def test_a_rules_page(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.goto(f"{server}/rules/garden-rush")
    page.wait_for_selector("#gallery .component")
    check(page, errors)


def test_a_player_page(browser: Browser, server: str) -> None:
    ada, _, _ = players_and_games(server)
    page, errors = open_page(browser)
    page.goto(f"{server}/players/{ada['id']}")
    page.wait_for_selector("body[data-ready] svg.rating-chart")
    page.click(".history-table summary")  # the table beside the chart is checked open
    check(page, errors)


# The tutorials' pages (/learn/<game>).
def tutorial(game: str) -> Callable[[str], str]:
    return lambda server: f"{server}/learn/{game}"


LATER: dict[str, Callable[[str], str]] = {
    **{f"tutorial of {game}": tutorial(game) for game in GAMES},
}


@pytest.mark.parametrize("page_name", LATER)
def test_a_page_added_later(browser: Browser, server: str, page_name: str) -> None:
    url = LATER[page_name](server)
    assert exists(url), url
    page, errors = open_page(browser)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    check(page, errors)
