"""Heuschrecken Poker in a browser: a person creates a three-player table against two bots in
the lobby, plays the whole game by clicking the drawing (a poker card of the hand to bid, a
stack of the display to take that kind), and sees the reveals, the gardens and the result; a
spectator's page shows no hand.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

GAME = "heuschrecken-poker"
FINISHED = "#result:not([hidden])"
MOVE = ".hp [data-action]"
KINDS = ("corn", "strawberry", "broccoli", "blackberry", "grasshopper")


def create_table(page: Page, server: str) -> str:
    """The lobby's form: you, the heuristic bot and the random bot; the table's address."""
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "3")
    page.select_option("select[name=seat1]", "bot:heuristic")
    page.select_option("select[name=seat2]", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    return page.url


def play_one(page: Page) -> str | None:
    """Click the first legal element of the drawing; its notation, or None once over."""
    page.wait_for_selector(f"{MOVE}, {FINISHED}", timeout=20_000)
    if page.locator(FINISHED).count():
        return None
    move = page.locator(MOVE).first
    # The page may be redrawn under the click: then the next call looks again.
    with contextlib.suppress(PlaywrightError):
        notation = move.get_attribute("data-action", timeout=2_000) or ""
        move.click(timeout=2_000)
        return notation
    return ""


def busy(page: Page) -> bool:
    """A typical table to show: a kind to take, several cards in the gardens, bids revealed."""
    return (
        page.locator(".hp-display [data-action]").count() >= 2
        and page.locator(".hp-garden .hp-gc:not(.ghost)").count() >= 6
        and page.locator(".hp-reveal .hp-bid").count() == 3
    )


def screenshot(page: Page, screenshots: Path) -> None:
    """The table at a take of the person's, wide and at phone size."""
    page.wait_for_timeout(900)  # let the reveal's flip and the deals end
    page.screenshot(path=screenshots / f"{GAME}.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.screenshot(path=screenshots / f"{GAME}-phone.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def check_start(page: Page) -> None:
    """Three players, an empty garden each (four plant rows), 63 cards to draw, 3 in the
    display, and the whole hand of eight poker cards to bid with."""
    expect(page.locator(".hp-player")).to_have_count(3)
    expect(page.locator(".hp-player.mine")).to_contain_text("You")
    expect(page.locator(".hp-player .hp-row")).to_have_count(12)
    expect(page.locator(".hp-pile")).to_contain_text("63")
    expect(page.locator(".hp-display .hp-stack .hp-gc")).to_have_count(3)
    expect(page.locator(".hp-hand [data-action]")).to_have_count(8)
    expect(page.locator(".hp-display [data-action]")).to_have_count(0)


def test_a_person_plays_a_whole_game_by_clicking(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    url = create_table(page, server)
    check_start(page)
    bids = takes = 0
    shot = False
    for _ in range(400):
        notation = play_one(page)
        if notation is None:
            break
        takes += notation in KINDS
        bids += notation not in KINDS and notation != ""
        if not shot and busy(page):
            screenshot(page, screenshots)
            shot = True
    assert shot and bids >= 16 and takes >= 1, (shot, bids, takes)
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(3)
    expect(page.locator(".hp-status.phase-over")).to_contain_text("Game over")
    expect(page.locator(".hp-player.winner")).not_to_have_count(0)
    expect(page.locator(".hp-pile")).to_contain_text("0")
    # Every bid of the last reveal face up, one per seat; the log tells the game's end.
    expect(page.locator(".hp-reveal .hp-bid .hp-pc")).to_have_count(3)
    assert page.locator(".log li").filter(has_text="Bids turn over").count() >= 16
    assert page.locator(".log li").filter(has_text="Game over").count() == 1
    assert not errors

    spectator = browser.new_page(viewport={"width": 1280, "height": 900})
    spectator.goto(url)
    expect(spectator.locator(".hp-player")).to_have_count(3)
    expect(spectator.locator(".hp-hand")).to_have_count(0)
    expect(spectator.locator(".hp [data-action]")).to_have_count(0)
