"""A player's seats on a second device, in Chromium: Ada's table, begun in one
browser, is listed in the "Your turn" list of a second browser once she signs in there with her
password, and opens there as her seat, where she bids; the table's page finds it by itself."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from tests.web.clicking import WIDE, play_one
from tests.web.test_identity_browser import PASSWORD, player_of

MOVE = ".hp [data-action]"


def test_a_table_begun_on_one_device_is_played_on_another(browser: Browser, server: str) -> None:
    errors: list[str] = []
    first, second = browser.new_context(viewport=WIDE), browser.new_context(viewport=WIDE)
    ada, phone = first.new_page(), second.new_page()
    for page in (ada, phone):
        page.on("pageerror", lambda e: errors.append(str(e)))
    ada.goto(server + "/")
    expect(ada.locator("#player-name")).to_contain_text("You have no name yet")  # identity made
    ada.fill("#name", "Ada")
    ada.press("#name", "Tab")
    expect(ada.locator("#player-name")).to_have_text("Playing as Ada")
    ada.fill("#password", PASSWORD)
    ada.click("#password-button")
    expect(ada.locator("#current-password")).to_be_visible()
    body = {
        "game": "heuschrecken-poker",
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "name": "Ada",
    }
    made = httpx.post(
        server + "/api/tables",
        json=body,
        headers={"Authorization": f"Bearer {player_of(ada)['token']}"},
    )
    assert made.status_code == 201, made.text
    table_id = made.json()["table"]["id"]

    phone.goto(server + "/")
    expect(phone.locator("#your-turns")).to_be_hidden()
    phone.click("#identity .sign-in summary")
    phone.fill("#sign-in-name", "Ada")
    phone.fill("#sign-in-password", PASSWORD)
    phone.click("#sign-in-button")
    item = phone.locator("#turn-list .turn-item")
    expect(item).to_have_attribute("data-table", table_id)
    item.locator("a").click()
    phone.wait_for_url(f"**/table/{table_id}")
    expect(phone.locator("#seats .seat.mine")).to_contain_text("Ada")
    assert play_one(phone, MOVE)
    expect(phone.locator("#toasts")).not_to_contain_text("wrong seat token")
    expect(phone.locator("#log")).to_contain_text("Bids turn over: Ada")  # her bid, played here
    phone.evaluate(f"localStorage.removeItem('potager.seat.{table_id}')")
    phone.reload()  # the table's own page finds her seat too
    expect(phone.locator("#seats .seat.mine")).to_contain_text("Ada")
    first.close()
    second.close()
    assert not errors
