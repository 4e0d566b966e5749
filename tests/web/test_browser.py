"""A person in a browser: the lobby, a whole game by clicking, invites, refresh, the replay.

These tests click the legal elements of the drawing at random: every game's drawing marks each
with its notation (``data-action``), as the generic drawing's buttons do.
"""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, expect

from potager.engine import PRIVATE_TO
from tests import ROOT
from tests.web.clicking import (
    FINISHED,
    PHONE,
    WIDE,
    check_result_in_view,
    create_table,
    open_page,
    play_one,
    screenshot_phone,
    sit_down,
)

GAME = "heuschrecken-poker"
ACTION = "#board [data-action]"


def test_a_person_plays_a_whole_game_against_bots(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page, errors = open_page(browser)
    create_table(page, server, GAME, ["you", "bot:heuristic", "bot:random"])
    expect(page.locator(".seat.mine")).to_contain_text("Ada")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.screenshot(path=screenshots / "table.png", full_page=True)
    rng = random.Random(7)
    clicks = 0
    while play_one(page, ACTION, rng=rng) is not None:
        clicks += 1
        assert clicks < 2000
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(3)
    check_result_in_view(page)
    page.screenshot(path=screenshots / "result.png", full_page=True)
    page.click("text=Watch the replay")
    page.wait_for_url("**/replay/*")
    expect(page.locator("body[data-ready]")).to_be_attached()
    expect(page.locator("#position")).to_contain_text("0 /")
    page.click("#forward")
    expect(page.locator("#position")).to_contain_text("1 /")
    page.keyboard.press("End")
    expect(page.locator("#result")).to_be_visible()
    page.click("#back")
    expect(page.locator("#result")).to_be_hidden()
    page.screenshot(path=screenshots / "replay.png", full_page=True)
    # On a phone, the moves and the log are a tap away from the bar at the screen's bottom.
    page.set_viewport_size(PHONE)
    page.locator(".quick-bar").get_by_role("button", name="What happened").click()
    expect(page.locator("#log")).to_be_in_viewport()
    page.set_viewport_size(WIDE)
    page.goto(server + "/")
    expect(page.locator("#finished-tables .table-item").first).to_be_visible()
    page.screenshot(path=screenshots / "lobby.png")
    assert not errors


def test_two_people_play_one_table_through_an_invite_link(
    browser: Browser, server: str, screenshots: Path
) -> None:
    ada = browser.new_context(viewport={"width": 1100, "height": 850}).new_page()
    create_table(ada, server, GAME, ["you", "human"])
    expect(ada.locator("#turn")).to_contain_text("Waiting for 1 more player")
    expect(ada.locator(".hp-status")).to_contain_text("Waiting for players")
    expect(ada.locator(".seat.to-move")).to_have_count(0)
    link = ada.locator(".invite-link").input_value()
    assert "#seat=1&token=" in link
    bob_context = browser.new_context(viewport={"width": 390, "height": 844})
    bob = bob_context.new_page()
    sit_down(bob, link, "Bob")
    expect(bob.locator("#me")).to_contain_text("You play Bob (seat 2)")
    assert "token" not in bob.url
    expect(ada.locator("#turn")).to_contain_text("Your turn")
    expect(ada.locator(".seat.online")).to_have_count(2)
    ada.screenshot(path=screenshots / "two-players.png")
    screenshot_phone(bob, screenshots / "phone.png")
    rng = random.Random(3)
    for _ in range(4000):
        if ada.locator(FINISHED).count() and bob.locator(FINISHED).count():
            break
        for page in (ada, bob):
            if page.locator(ACTION).count():
                play_one(page, ACTION, rng=rng)
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
    url = create_table(page, server, GAME, ["you", "bot:random"], name="Cleo")
    expect(page.locator("#me")).to_contain_text("Cleo")
    page.locator(ACTION).first.click()
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
    assert stranger.locator(ACTION).count() == 0
    context.close()


def test_the_client_marks_private_events_by_the_engines_reserved_key() -> None:
    """The log's "only you" badge and the generic description use `PRIVATE_TO` itself."""
    source = (ROOT / "potager/web/static/js/potager.js").read_text()
    assert f'const PRIVATE_TO = "{PRIVATE_TO}";' in source
