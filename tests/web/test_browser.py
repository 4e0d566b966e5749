"""A person in a browser: the lobby, a whole game by clicking, invites, refresh, the replay.

The per-game drawings come later (each game's plug-in); these tests click the legal actions
as buttons, which every drawing keeps as the ``.action`` controls of the generic one.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

GAME = "heuschrecken-poker"
FINISHED = "#result:not([hidden])"


def create_table(page: Page, server: str, name: str, seats: list[str]) -> str:
    """Fill the lobby's form (``seats[i]``: option value of seat i+1); return the table's URL."""
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", name)
    page.select_option("#game", GAME)
    page.select_option("#players", str(len(seats)))
    for i, value in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", value)
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    return page.url


def play_one(page: Page, rng: random.Random) -> bool:
    """Click one legal action if it is this page's turn; False once the game is over."""
    page.wait_for_selector(f".action:not([disabled]), {FINISHED}", timeout=20_000)
    if page.locator(FINISHED).count():
        return False
    count = page.locator(".action").count()
    # The page may be redrawn under the click: then the next call looks again.
    with contextlib.suppress(PlaywrightError):
        page.locator(".action").nth(rng.randrange(max(1, count))).click(timeout=2_000)
    return True


def test_a_person_plays_a_whole_game_against_bots(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    create_table(page, server, "Ada", ["you", "bot:heuristic", "bot:random"])
    expect(page.locator(".seat.mine")).to_contain_text("Ada")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.screenshot(path=screenshots / "table.png", full_page=True)
    rng = random.Random(7)
    clicks = 0
    while play_one(page, rng):
        clicks += 1
        assert clicks < 2000
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(3)
    page.screenshot(path=screenshots / "result.png", full_page=True)
    page.click("text=Watch the replay")
    page.wait_for_url("**/replay/*")
    expect(page.locator("#position")).to_contain_text("0 /")
    page.click("#forward")
    expect(page.locator("#position")).to_contain_text("1 /")
    page.keyboard.press("End")
    expect(page.locator("#result")).to_be_visible()
    page.click("#back")
    expect(page.locator("#result")).to_be_hidden()
    page.screenshot(path=screenshots / "replay.png", full_page=True)
    page.goto(server + "/")
    expect(page.locator("#finished-tables .table-item").first).to_be_visible()
    page.screenshot(path=screenshots / "lobby.png")
    assert not errors


def test_two_people_play_one_table_through_an_invite_link(
    browser: Browser, server: str, screenshots: Path
) -> None:
    ada = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
    create_table(ada, server, "Ada", ["you", "human"])
    expect(ada.locator("#turn")).to_contain_text("Waiting for 1 more player")
    link = ada.locator(".invite-link").input_value()
    assert "#seat=1&token=" in link
    bob_context = browser.new_context(viewport={"width": 390, "height": 844})
    bob = bob_context.new_page()
    bob.goto(link)
    expect(bob.locator("#me")).to_contain_text("seat 2")
    assert "token" not in bob.url
    expect(ada.locator("#turn")).to_contain_text("Your turn")
    expect(ada.locator(".seat.online")).to_have_count(2)
    ada.screenshot(path=screenshots / "two-players.png")
    bob.screenshot(path=screenshots / "phone.png", full_page=True)
    rng = random.Random(3)
    for _ in range(4000):
        if ada.locator(FINISHED).count() and bob.locator(FINISHED).count():
            break
        for page in (ada, bob):
            if page.locator(".action").count():
                play_one(page, rng)
        ada.wait_for_timeout(20)
    expect(ada.locator("#turn")).to_contain_text("Game over")
    expect(bob.locator("#turn")).to_contain_text("Game over")
    first_table = ada.url
    ada.click("text=Rematch")
    ada.wait_for_url(lambda url: url != first_table)
    expect(ada.locator("#turn")).to_contain_text("Waiting for 1 more player")
    bob.click("text=Join the rematch")
    bob.wait_for_url(ada.url)
    expect(ada.locator("#turn")).not_to_contain_text("Waiting for 1 more player")
    expect(bob.locator("#me")).to_contain_text("seat 2")
    bob_context.close()


def test_a_refresh_or_a_new_tab_rejoins_the_seat(browser: Browser, server: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    url = create_table(page, server, "Cleo", ["you", "bot:random"])
    expect(page.locator("#me")).to_contain_text("Cleo")
    page.locator(".action").first.click()
    page.reload()
    expect(page.locator("#me")).to_contain_text("seat 1")
    expect(page.locator(".log li:not(.muted)").first).to_be_visible()
    page.close()
    again = context.new_page()
    again.goto(url)
    expect(again.locator("#me")).to_contain_text("You play Cleo")
    stranger = browser.new_context().new_page()
    stranger.goto(url)
    expect(stranger.locator("#me")).to_contain_text("You are watching")
    assert stranger.locator(".action").count() == 0
    context.close()
