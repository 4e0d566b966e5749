"""Pas de Haricots in a browser: a person creates a one-hand table against three bots in the
lobby, plays the whole match by clicking the cards of the drawing (its hand to lead and to put
face down, the revealed cards to take), and sees the score pad and the result.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.web.clicking import create_table, open_page, play_one, screenshot_wide_and_phone

GAME = "pas-de-haricots"
MOVE = ".pdh [data-action]"


def busy(page: Page) -> bool:
    """The person is to take a card after somebody else took one: the chain is under way."""
    takes = page.locator(".pdh-felt [data-action^='take ']").count()
    return takes > 0 and page.locator(".pdh-chain .chain-step:not(.pending)").count() > 0


def screenshot(page: Page, screenshots: Path) -> None:
    page.wait_for_timeout(600)  # let the reveal's flip end
    screenshot_wide_and_phone(page, screenshots, GAME)


def test_a_person_plays_a_whole_match_by_clicking_cards(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page, errors = open_page(browser)
    seats = ["you", "bot:heuristic", "bot:random", "bot:heuristic"]
    create_table(page, server, GAME, seats, {"hands": "1"})
    expect(page.locator(".pdh-felt .pdh-spot")).to_have_count(4)
    expect(page.locator(".pdh-spot.mine")).to_contain_text("You")
    # Seat 0 has the bean and leads: the whole hand is playable, grouped by suit.
    expect(page.locator(".pdh-hand [data-action^='play ']")).to_have_count(15)
    assert page.locator(".hand-group").count() >= 3
    plays = takes = 0
    shot = False
    for _ in range(200):
        notation = play_one(page, MOVE)
        if notation is None:
            break
        plays += notation.startswith("play ")
        takes += notation.startswith("take ")
        if not shot and plays >= 5 and busy(page):
            expect(page.locator(".pdh-chain")).to_be_visible()
            expect(page.locator(".pdh-felt .has-bean")).to_have_count(1)
            screenshot(page, screenshots)
            shot = True
        elif not shot and plays >= 13:  # never asked to take mid-chain: any late moment
            screenshot(page, screenshots)
            shot = True
    assert shot and plays >= 10 and takes >= 1
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(4)
    # The pad has the hand's "+", "−" and total lines and the match total of each player.
    expect(page.locator(".pdh-sheet tbody tr")).to_have_count(3)
    expect(page.locator(".pdh-sheet tfoot td")).to_have_count(4)
    expect(page.locator(".pdh-status")).to_contain_text("Match over")
    assert page.locator(".log li").filter(has_text="takes the bean card").count() >= 1
    page.screenshot(path=screenshots / f"{GAME}-over.png", full_page=True)
    assert not errors
