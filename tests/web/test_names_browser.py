"""Names at a table: a friend who opens an invite link chooses a name before sitting
down, prefilled with the one their browser keeps; a name taken at the table is refused and says
so; both people's pages show both names, and a renamed seat is renamed on every page."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.clicking import WIDE, create_table

GAME = "heuschrecken-poker"


def test_a_friend_names_the_seat_of_an_invite_link(browser: Browser, server: str) -> None:
    errors: list[str] = []
    ada_context, bob_context = browser.new_context(viewport=WIDE), browser.new_context()
    ada, bob = ada_context.new_page(), bob_context.new_page()
    for page in (ada, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    create_table(ada, server, GAME, ["you", "human"], name="Ada")
    link = ada.locator(".invite-link").input_value()

    bob.goto(server + "/")
    bob.evaluate("localStorage.setItem('potager.name', ' ada ')")
    bob.goto(link)
    expect(bob.locator("#seat-name")).to_have_value(" ada ")
    bob.click("#name-button")
    expect(bob.locator("#name-error")).to_have_text('the name "ada" is already taken at this table')
    expect(ada.locator("#turn")).to_contain_text("Waiting for 1 more player")

    bob.fill("#seat-name", "Bob")
    bob.click("#name-button")
    expect(bob.locator("#name-form")).to_be_hidden()
    for page in (ada, bob):
        expect(page.locator("#seats .seat-name")).to_have_text(["Ada", "Bob"])
    expect(bob.locator("#me")).to_contain_text("You play Bob (seat 2)")
    assert bob.evaluate("localStorage.getItem('potager.name')") == "Bob"

    bob.click("#rename")
    expect(bob.locator("#seat-name")).to_have_value("Bob")
    bob.fill("#seat-name", "Bobette")
    bob.click("#name-button")
    for page in (ada, bob):
        expect(page.locator("#seats .seat-name")).to_have_text(["Ada", "Bobette"])
    bob.reload()
    expect(bob.locator("#me")).to_contain_text("You play Bobette")
    expect(bob.locator("#name-form")).to_be_hidden()
    ada_context.close()
    bob_context.close()
    assert not errors
