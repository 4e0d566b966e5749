"""The name typed anywhere is the player's name, in Chromium: a friend whose browser has never
been to the lobby types a name only on the page of an invite link, and after a rated game
finds it on the leaderboard and in the lobby's "You" panel."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from tests.web.clicking import WIDE
from tests.web.test_identity_browser import play_out, player_of

GAME = "heuschrecken-poker"


def test_a_name_typed_on_an_invite_page_reaches_the_leaderboard(
    browser: Browser, server: str
) -> None:
    http = httpx.Client(base_url=server)
    ada = http.post("/api/players", json={"name": "Ada"}).json()
    created = http.post(
        "/api/tables",
        json={"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ada"},
        headers={"Authorization": f"Bearer {ada['token']}"},
    ).json()
    assert created["table"]["rated"]
    table_id = created["table"]["id"]

    errors: list[str] = []
    context = browser.new_context(viewport=WIDE)
    friend = context.new_page()
    friend.on("pageerror", lambda e: errors.append(str(e)))
    friend.goto(server + created["invites"][0]["url"])
    expect(friend.locator("#seat-name")).to_have_value("")  # nothing kept, nothing made up
    friend.fill("#seat-name", "Fern")
    friend.click("#name-button")
    expect(friend.locator("#seats .seat.mine")).to_contain_text("Fern")
    player = player_of(friend)
    assert (
        http.get("/api/players/me", headers={"Authorization": f"Bearer {player['token']}"}).json()[
            "name"
        ]
        == "Fern"
    )
    friend.goto("about:blank")  # the game is played over the sockets below

    # Ada by her seat's token, the friend by the player's token (its seat opens to it too).
    play_out(server, table_id, [(0, created["you"]["token"]), (1, player["token"])], seed=8)
    http.close()

    friend.goto(server + "/")
    expect(friend.locator("#player-name")).to_have_text("Playing as Fern")
    expect(friend.locator("#name")).to_have_value("Fern")
    board = friend.locator(f"#leaderboards [data-game='{GAME}'] .leader-name")
    expect(board).to_have_count(2)
    assert sorted(board.all_inner_texts()) == ["Ada", "Fern"]
    context.close()
    assert not errors
