"""What every per-game browser test does: fill the lobby's form, click the first legal element
of a drawing until the game is over, and photograph the table wide and at phone size."""

from __future__ import annotations

import contextlib
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, ViewportSize

FINISHED = "#result:not([hidden])"
"""The result panel, shown once the game is over."""

PHONE: ViewportSize = {"width": 390, "height": 844}


def create_table(
    page: Page, server: str, game: str, seats: list[str], variant: dict[str, str] | None = None
) -> None:
    """Create a table from the lobby as Ada: ``seats[i]`` is the option value of seat i+1
    (``you``, ``human``, ``bot:heuristic``…), ``variant`` the label chosen for each option."""
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for option, label in (variant or {}).items():
        page.select_option(f"select[name='variant.{option}']", label=label)
    for i, value in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", value)
    page.click("#create-button")
    page.wait_for_url("**/table/*")


def click_first(page: Page, selector: str) -> str | None:
    """Click the first element matching ``selector``; its ``data-action``, or None if the page
    was redrawn under the click (the next call looks again)."""
    element = page.locator(selector).first
    with contextlib.suppress(PlaywrightError):
        notation = element.get_attribute("data-action", timeout=2_000) or ""
        element.click(timeout=2_000)
        return notation
    return None


def play_one(page: Page, move: str) -> str | None:
    """Wait for a legal element (``move``: its selector) or the end; click the first one. Its
    notation ("" when redrawn under the click), or None once the game is over."""
    page.wait_for_selector(f"{move}, {FINISHED}", timeout=20_000)
    if page.locator(FINISHED).count():
        return None
    return click_first(page, move) or ""


def screenshot_wide_and_phone(page: Page, wide: Path, phone: Path) -> None:
    """The whole page at its size, then at phone size; the size is put back."""
    size = page.viewport_size
    page.screenshot(path=wide, full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    page.screenshot(path=phone, full_page=True)
    if size:
        page.set_viewport_size(size)
