"""The pages every game shares, as an audit found them ("Found, to mend"): each seat has one
distinct, short label everywhere; an error names seats as the page does; on a phone the log and
a drawing's own panels (Kraut & Rüben's contract) are a tap away.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from potager import games
from tests.web.clicking import PHONE, WIDE, create_table, draw_state, open_page

TWO_HEURISTIC_BOTS = [
    {"seat": 0, "kind": "human", "level": None, "name": "Ada"},
    {"seat": 1, "kind": "bot", "level": "heuristic", "name": "heuristic bot"},
    {"seat": 2, "kind": "bot", "level": "random", "name": "random bot"},
    {"seat": 3, "kind": "bot", "level": "heuristic", "name": "heuristic bot"},
]
"""Seats as the server describes them: two bots of one level."""


def test_two_bots_of_one_level_have_distinct_labels(lobby: Page) -> None:
    labels = lobby.evaluate(
        "seats => seats.map((s) => Potager.seatName(seats, s.seat))", TWO_HEURISTIC_BOTS
    )
    assert labels == ["Ada", "Casual bot 2", "Novice bot", "Casual bot 4"]
    assert lobby.evaluate(
        "seats => Potager.playerName({seats}, 3, 0) + ' / ' + Potager.playerName({seats}, 0, 0)",
        TWO_HEURISTIC_BOTS,
    ) == ("Casual bot 4 / You")


CUT = """labels => [...document.querySelectorAll("#drawn-state *")]
  .filter((e) => labels.includes(e.textContent.trim()) && !e.closest(".sr-only"))
  .filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.className}: ${e.textContent.trim()}`)"""
"""The elements of the drawing that show a seat's label cut off."""


@pytest.mark.parametrize("name", ["heuschrecken-poker", "kraut-und-rueben", "pas-de-haricots"])
def test_a_drawing_shows_each_label_whole(lobby: Page, name: str) -> None:
    """Pas de Haricots' spots were the narrowest ("heuristic bo…" twice), with up to six seats
    on a phone; Heuschrecken Poker's reveal has four side by side there. Ada and heuristic bots,
    a dozen seeded random moves in."""
    game = games.get(name)
    players = game.max_players
    bot = TWO_HEURISTIC_BOTS[1]
    seats = [TWO_HEURISTIC_BOTS[0], *({**bot, "seat": s} for s in range(1, players))]
    labels = ["You", *(f"Casual bot {s + 1}" for s in range(1, players))]
    state = game.new_game(players, seed=2)
    rng = random.Random(2)
    for _ in range(12):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for size in (WIDE, PHONE):
        lobby.set_viewport_size(size)
        draw_state(lobby, state, 0, seats=seats)
        assert lobby.evaluate(CUT, labels) == [], size
    lobby.set_viewport_size(WIDE)
    if name == "pas-de-haricots":
        expect(lobby.locator(".pdh-spot .spot-name")).to_have_text(labels)


def test_an_error_names_seats_as_the_page_does(browser: Browser, server: str) -> None:
    """A toast said "it is not seat 0's turn" where the page numbers seats from 1.
    Ada bids; Bob (seated through the API) has not; a move of Ada's then is refused."""
    page, errors = open_page(browser)
    sockets: list[WebSocketRoute] = []
    page.route_web_socket("**/ws/tables/*", lambda ws: sockets.append(ws.connect_to_server()))
    url = create_table(page, server, "heuschrecken-poker", ["you", "human"])
    table = url.rsplit("/", 1)[1]
    post(f"{server}/api/tables/{table}/join", {"seat": 1, "name": "Bob"})
    page.locator(".hp-hand [data-action='3']").click()
    expect(page.locator(".hp-status")).to_contain_text("Your bid is down")
    version = get(f"{server}/api/tables/{table}")["version"]
    sockets[-1].send(json.dumps({"type": "act", "version": version, "notation": "4"}))
    expect(page.locator(".toast")).to_have_text("it is not your turn")
    assert page.evaluate(
        'seats => Potager.serverText("seat 1 is taken; it is not seat 1\'s turn", seats, 0)',
        TWO_HEURISTIC_BOTS,
    ) == ("Casual bot 2 is taken; it is not Casual bot 2’s turn")
    assert not errors


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.load(response))


def get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return dict(json.load(response))


def test_on_a_phone_the_log_and_the_contract_are_a_tap_away(browser: Browser, server: str) -> None:
    """On a phone they came far below the board."""
    page, errors = open_page(browser)
    page.set_viewport_size(PHONE)
    create_table(page, server, "kraut-und-rueben", ["you", "bot:random"], {"match": "false"})
    contract, log = page.locator(".kr-my-contract"), page.locator(".log-panel")
    expect(contract).not_to_be_in_viewport()
    expect(log).not_to_be_in_viewport()
    bar = page.locator(".quick-bar")
    bar.get_by_role("button", name="Contract").click()
    expect(contract).to_be_in_viewport(ratio=1)
    bar.get_by_role("button", name="Game log").click()
    expect(log).to_be_in_viewport(ratio=1)
    expect(log.locator("li").first).to_be_in_viewport()
    expect(contract).not_to_be_in_viewport()
    bar.get_by_role("button", name="Game log").click()
    expect(log).not_to_be_in_viewport()
    assert not errors
