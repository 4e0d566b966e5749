"""A move made by keys alone in each game, in a few keys (a far square took up to 24
Tabs): Tab reaches "Skip to the game", Enter goes into the drawing, whose controls the arrow keys
and the shortcuts (`aria-keyshortcuts`) go through, and Enter plays (js/keys.js)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.web.clicking import create_table, open_page

MOVE = "#board [data-action], #board [data-pick]"


def into_the_game(page: Page) -> None:
    """Tab once, to the skip link, and Enter: the focus is on the drawing's first move."""
    page.wait_for_selector(MOVE)
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#board :focus")).to_have_count(1)
    assert focused(page), "the focus is on a move"


def mine(page: Page, text: str) -> None:
    """The log has a line of Ada's, with ``text``."""
    expect(page.locator("#log li", has_text="Ada").filter(has_text=text).first).to_be_attached()


def keys(page: Page, *pressed: str) -> None:
    for key in pressed:
        page.keyboard.press(key)


def focused(page: Page) -> str:
    """The notation (or first step) of the control that has the focus; "" for none."""
    return str(page.evaluate("(d => d.action || d.pick || '')(document.activeElement.dataset)"))


def test_heuschrecken_poker_bids_by_its_card_key(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "heuschrecken-poker", ["you", "bot:heuristic", "bot:heuristic"])
    into_the_game(page)
    keys(page, "5")
    assert focused(page) == "5"
    keys(page, "ArrowRight")
    assert focused(page) == "6"
    keys(page, "Enter")  # five keys: Tab, Enter, 5, →, Enter
    mine(page, "bids face down")
    assert not errors


def test_pas_de_haricots_leads_a_card_by_arrows(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "pas-de-haricots", ["you", "bot:heuristic", "bot:heuristic"])
    into_the_game(page)
    first = focused(page)
    keys(page, "ArrowRight")
    second = focused(page)
    assert second != first and second.startswith("play ")
    keys(page, "Enter")
    mine(page, "leads")
    assert not errors


def test_garden_rush_plants_by_a_slot_key_and_an_arrow(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "garden-rush", ["you", "bot:heuristic"])
    into_the_game(page)
    keys(page, "3")
    assert focused(page) == "slot 3"
    keys(page, "Enter")  # the slot is chosen: its squares light up, the focus stays on it
    expect(page.locator("#board .gr-slot.selected")).to_have_count(1)
    assert focused(page) == "slot 3"
    keys(page, "ArrowDown")  # to the nearest lit square of your Potager
    assert focused(page).startswith("plant 3 ")
    keys(page, "Enter")  # six keys
    mine(page, "Hedge slot 3")
    assert not errors


def test_kraut_und_rueben_draws_and_places_by_keys(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "kraut-und-rueben", ["you", "bot:heuristic"])
    into_the_game(page)
    assert focused(page) == "draw"
    keys(page, "Enter")
    # The drawn tile's places: the focus went to the first, an arrow goes to another.
    page.wait_for_selector("#board [data-action^='place']:focus")
    first = focused(page)
    keys(page, "ArrowRight")
    assert focused(page) not in ("", first)
    keys(page, "Enter")
    mine(page, "places")
    assert not errors
