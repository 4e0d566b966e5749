"""Meeting other players in the lobby: who is online, seen from two browsers."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.clicking import PHONE, WIDE


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Two browsers' worth of storage: two players."""
    found = [browser.new_context(viewport=WIDE) for _ in range(2)]
    yield found
    for context in found:
        context.close()


def lobby_as(context: BrowserContext, server: str, name: str) -> tuple[Page, list[str]]:
    """The lobby in ``context``, for a player named ``name`` (the name kept in this browser
    names the identity the lobby makes), and the page's script errors."""
    context.add_init_script(f"localStorage.setItem('potager.name', {name!r})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    return page, errors


def waits(page: Page, server: str, token: str) -> bool:
    """Does the player of ``token`` wait for a quick match (asked without the page's script)?"""
    asked = page.request.get(
        server + "/api/quickmatch", headers={"Authorization": f"Bearer {token}"}
    )
    assert asked.status in (200, 404), asked.text()
    return asked.status == 200


def test_two_players_see_each_other_online(server: str, contexts: list[BrowserContext]) -> None:
    ada, ada_errors = lobby_as(contexts[0], server, "Ada")
    expect(ada.locator("#online-list li.you")).to_have_text("Ada (you)")
    bob, bob_errors = lobby_as(contexts[1], server, "Bob")
    expect(bob.locator("#online-list li.you")).to_have_text("Bob (you)")
    expect(bob.locator("#online-list li")).to_have_text(["Bob (you)", "Ada"])
    expect(ada.locator("#online-list li")).to_have_text(["Ada (you)", "Bob"])  # its next look
    expect(ada.locator("#online-count")).to_have_text("(2)")
    assert ada_errors == bob_errors == []


def test_two_players_press_play_now_and_land_at_one_table(
    server: str, contexts: list[BrowserContext]
) -> None:
    """Ada and Bob, each in a browser of their own, press Play now for the same game, player
    count and clock: each is taken to the same table, at a seat of its own."""
    pages = [lobby_as(c, server, name) for c, name in zip(contexts, ("Ada", "Bob"), strict=True)]
    for page, _ in pages:
        page.locator("#quick-game").select_option("kraut-und-rueben")
        page.locator("#quick-players").select_option("2")
        page.locator("#quick-fill").select_option("never")
        expect(page.locator("#quick-level")).to_be_hidden()
    ada, bob = pages[0][0], pages[1][0]
    ada.click("#quick-button")
    expect(ada.locator("#quick-status")).to_have_text("Looking for 2 players for Kraut & Rüben…")
    expect(ada.locator("#quick-progress")).to_contain_text("people only")
    bob.click("#quick-button")
    for page, _ in pages:
        page.wait_for_url("**/table/*")
        expect(page.locator("#seats .seat.mine")).to_have_count(1)
    assert ada.url == bob.url
    seats = {page.locator("#seats .seat.mine").get_attribute("data-seat") for page in (ada, bob)}
    assert seats == {"0", "1"}
    assert [errors for _, errors in pages] == [[], []]


def test_a_wait_cancelled_or_left_is_over(server: str, contexts: list[BrowserContext]) -> None:
    """Cy cancels her wait, then waits again and leaves the page: neither wait is left on the
    server (a wait nobody asks about would end by itself a few seconds later)."""
    page, errors = lobby_as(contexts[0], server, "Cy")
    page.locator("#quick-game").select_option("garden-rush")
    page.click("#quick-button")
    expect(page.locator("#quick-waiting")).to_be_visible()
    page.click("#quick-cancel")
    expect(page.locator("#quick-form")).to_be_visible()
    token = page.evaluate("JSON.parse(localStorage.getItem('potager.player')).token")
    assert not waits(page, server, token)
    page.click("#quick-button")
    expect(page.locator("#quick-waiting")).to_be_visible()
    assert waits(page, server, token)
    page.goto(server + "/rules/garden-rush")
    deadline = time.monotonic() + 5  # the page's last request may come after the next page's
    while waits(page, server, token):
        assert time.monotonic() < deadline, "the wait outlived its page"
        time.sleep(0.1)
    assert errors == []


def test_play_now_fits_a_phone_in_german(browser: Browser, server: str) -> None:
    """The lobby at 390 px in German, its longest words, is no wider than the screen, with the
    quick match's form and while it waits."""
    context = browser.new_context(viewport=PHONE, locale="de")
    try:
        page, errors = lobby_as(context, server, "Ada")
        page.wait_for_selector("#quick-game option", state="attached")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator("#quick-fill").select_option("never")
        page.click("#quick-button")
        expect(page.locator("#quick-status")).to_have_text(
            "Suche 2 Spieler für Heuschrecken Poker…"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.click("#quick-cancel")
        expect(page.locator("#quick-form")).to_be_visible()
        assert errors == []
    finally:
        context.close()
