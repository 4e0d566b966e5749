"""Meeting other players in the lobby: who is online, seen from two browsers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.clicking import WIDE


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


def test_two_players_see_each_other_online(server: str, contexts: list[BrowserContext]) -> None:
    ada, ada_errors = lobby_as(contexts[0], server, "Ada")
    expect(ada.locator("#online-list li.you")).to_have_text("Ada (you)")
    bob, bob_errors = lobby_as(contexts[1], server, "Bob")
    expect(bob.locator("#online-list li.you")).to_have_text("Bob (you)")
    expect(bob.locator("#online-list li")).to_have_text(["Bob (you)", "Ada"])
    expect(ada.locator("#online-list li")).to_have_text(["Ada (you)", "Bob"])  # its next look
    expect(ada.locator("#online-count")).to_have_text("(2)")
    assert ada_errors == bob_errors == []
