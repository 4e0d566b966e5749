"""Pas de Haricots in a browser: a person creates a one-hand table against three bots in the
lobby, plays the whole match by clicking the cards of the drawing (its hand to lead and to put
face down, the revealed cards to take), and sees the score pad and the result.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from potager import games
from tests.web.clicking import (
    check_result_in_view,
    create_table,
    draw_state,
    open_page,
    play_one,
    screenshot_wide_and_phone,
)

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
    check_result_in_view(page)
    # The pad has the hand's "+", "−" and total lines and the match total of each player.
    expect(page.locator(".pdh-sheet tbody tr")).to_have_count(3)
    expect(page.locator(".pdh-sheet tfoot td")).to_have_count(4)
    expect(page.locator(".pdh-status")).to_contain_text("Match over")
    assert page.locator(".log li").filter(has_text="takes the bean card").count() >= 1
    page.screenshot(path=screenshots / f"{GAME}-over.png", full_page=True)
    assert not errors


def test_the_cards_carry_the_notations_letters_and_the_page_explains_them(lobby: Page) -> None:
    """The cards showed the French R, C, D, V where the notation has K, N, Q, J."""
    state = games.get(GAME).new_game(3, seed=1)
    page = draw_state(lobby, state, 0)
    courts = page.locator(".pdh-hand .pdh-card.court")
    expect(courts.first).to_be_visible()
    for card in courts.all():
        rank = str(card.get_attribute("data-card"))[1:]
        # The card's marks are drawn from data-glyph (its name is its aria-label).
        expect(card.locator(".corner.tl b")).to_have_attribute("data-glyph", rank)
        expect(card.locator(".court-letter")).to_have_attribute("data-glyph", rank)
    legend = page.locator(".pdh-legend")
    for letter, name in games.get(GAME).facts()["rank_names"].items():
        expect(legend.locator("li", has_text=name).locator("b")).to_have_text(letter)
    expect(legend).to_contain_text("Pas de Haricots")
