"""A player's identity in the browser: the lobby makes one on the first visit under
the kept name; a password added there signs the same player in from a second browser; after a
rated game between two people, the lobby shows the player's rating and the game's leaderboard,
and the next table shows each seat's rating beside its name."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from tests.web.clicking import FINISHED, WIDE, create_table

GAME = "heuschrecken-poker"
PASSWORD = "a long garden password"


def player_of(page: Page) -> dict[str, Any]:
    kept: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('potager.player')"))
    return kept


def state_after(socket: Any, version: int) -> dict[str, Any]:
    """The socket's next state message past ``version`` (presence messages skipped)."""
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=20))
        if message["type"] == "state" and message["version"] > version:
            return message


def play_rated_game(server: str, ada_token: str, seed: int, bob_token: str | None = None) -> str:
    """Ada (by her browser's token) against Bob (by ``bob_token``, else a player made here), to
    the end: one move at a time, random legal moves, over the table's sockets. The table's id."""
    table_id, seats = rated_table(server, ada_token, bob_token)
    play_out(server, table_id, seats, seed)
    return table_id


def rated_table(
    server: str,
    ada_token: str,
    bob_token: str | None = None,
    names: tuple[str, str] = ("Ada", "Bob"),
) -> tuple[str, list[tuple[int, str]]]:
    """A rated table of Ada (by her browser's token) and Bob (by ``bob_token``, else a player
    made here), both seated under ``names``: its id, and each seat (number, token)."""
    http = httpx.Client(base_url=server)
    if bob_token is None:
        bob_token = http.post("/api/players", json={"name": names[1]}).json()["token"]
    created = http.post(
        "/api/tables",
        json={"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "name": names[0]},
        headers={"Authorization": f"Bearer {ada_token}"},
    ).json()
    assert created["table"]["rated"]
    table_id = created["table"]["id"]
    joined = http.post(
        f"/api/tables/{table_id}/join",
        json={"name": names[1]},
        headers={"Authorization": f"Bearer {bob_token}"},
    ).json()
    http.close()
    return str(table_id), [(g["seat"], g["token"]) for g in (created["you"], joined)]


def play_out(server: str, table_id: str, seats: list[tuple[int, str]], seed: int) -> None:
    """Play the two-seat table to its end over its sockets, each seat (number, token) by its
    token: one move at a time, random legal moves."""
    address = server.replace("http", "ws") + f"/ws/tables/{table_id}"
    rng = random.Random(seed)
    with connect(address) as first, connect(address) as second:
        sockets = (first, second)
        for socket, (seat, token) in zip(sockets, seats, strict=True):
            socket.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        states = [state_after(s, -1) for s in sockets]
        while states[0]["status"] != "finished":
            version = states[0]["version"]
            mover = next(i for i, s in enumerate(states) if s["legal"])
            action = rng.choice(states[mover]["legal"])["action"]
            sockets[mover].send(json.dumps({"type": "act", "version": version, "action": action}))
            states = [state_after(s, version) for s in sockets]


def test_a_player_signs_in_on_a_second_browser_and_sees_its_rating(
    browser: Browser, server: str
) -> None:
    errors: list[str] = []
    first, second = browser.new_context(viewport=WIDE), browser.new_context(viewport=WIDE)
    ada, other = first.new_page(), second.new_page()
    for page in (ada, other):
        page.on("pageerror", lambda e: errors.append(str(e)))
    ada.goto(server + "/")
    expect(ada.locator("#player-name")).to_contain_text("You have no name yet")  # first visit
    ada.fill("#name", "Ada")
    ada.press("#name", "Tab")
    expect(ada.locator("#player-name")).to_have_text("Playing as Ada")
    expect(ada.locator("#identity")).to_contain_text("No rated game yet")
    ada.fill("#password", PASSWORD)
    ada.click("#password-button")
    expect(ada.locator("#current-password")).to_be_visible()

    play_rated_game(server, player_of(ada)["token"], seed=3)
    ada.reload()
    rating = ada.locator(f"#identity .ratings li[data-game='{GAME}']")
    expect(rating).to_contain_text("Heuschrecken Poker: ")
    expect(rating).to_contain_text("1 rated game")
    board = ada.locator(f"#leaderboards [data-game='{GAME}'] li")
    expect(board).to_have_count(2)
    leaders = [row["name"] for row in httpx.get(f"{server}/api/ratings/{GAME}").json()]
    assert sorted(leaders) == ["Ada", "Bob"]  # who won depends on the sockets' timing
    expect(board.locator(".leader-name")).to_have_text(leaders)  # both, best first
    shown = float(rating.inner_text().split(": ")[1].split()[0])

    other.goto(server + "/")
    expect(other.locator("#player-name")).to_contain_text("You have no name yet")
    other.click("#identity .sign-in summary")
    other.fill("#sign-in-name", "ada")
    other.fill("#sign-in-password", PASSWORD + "?")
    other.click("#sign-in-button")
    expect(other.get_by_role("alert")).to_contain_text("wrong name or password")
    other.fill("#sign-in-password", PASSWORD)
    other.click("#sign-in-button")
    expect(other.locator("#player-name")).to_have_text("Playing as Ada")
    expect(other.locator(f"#identity .ratings li[data-game='{GAME}']")).to_contain_text(
        f"Heuschrecken Poker: {shown:.1f}"
    )
    assert player_of(other)["id"] == player_of(ada)["id"]
    assert player_of(other)["token"] != player_of(ada)["token"]
    expect(other.locator("#name")).to_have_value("Ada")

    create_table(other, server, GAME, ["you", "human"], name="Ada")
    expect(other.locator("#rated")).to_be_visible()
    expect(other.locator("#seats .seat.mine .rating")).to_have_text(f"{shown:.1f}")
    first.close()
    second.close()
    assert not errors


def test_a_rated_game_ends_on_each_seat_s_rating_change(browser: Browser, server: str) -> None:
    """The result panel says what the game did to each seat's rating, once the table has read
    the changes (after the finishing move): live on a spectator's page, then in French."""
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    cleo = httpx.post(f"{server}/api/players", json={"name": "Cleo"}).json()["token"]
    table_id, seats = rated_table(server, cleo, names=("Cleo", "Dan"))
    page.goto(f"{server}/table/{table_id}")
    expect(page.locator("#rated")).to_be_visible()
    play_out(server, table_id, seats, seed=4)
    changes = [
        s["rating_change"] for s in httpx.get(f"{server}/api/tables/{table_id}").json()["seats"]
    ]
    assert all(c["before"] == 0 for c in changes)
    # The page draws every state of the game it watched: on a busy machine it ends late.
    expect(page.locator(FINISHED)).to_be_visible(timeout=60_000)
    cells = page.locator("#result .scores .rating-change")
    expect(cells).to_have_text(
        [
            f"Rating 0.0 → {c['after']:.1f} ({'+' if c['after'] > 0 else ''}{c['after']:.1f})"
            for c in changes
        ]
    )
    page.select_option("#language", "fr")
    expect(cells.first).to_contain_text("Classement 0,0 → ")
    context.close()
    assert not errors
