"""Kraut & Rüben in a browser: a person creates a three-player table against two bots in the
lobby, plays the whole game by clicking the drawing (Draw, a glowing space, Take garden N or
Pass; once, the mole then a tile to cover), sees the contracts revealed with the scores, and
watches the replay.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.web.clicking import (
    check_result_in_view,
    click_one,
    create_table,
    open_page,
    play_one,
    screenshot_wide_and_phone,
    wait_for_move,
)

GAME = "kraut-und-rueben"
MOVE = ".kr [data-action]"
MOLE = ".kr-btn.mole-arm"
BUSY = 3
"""The person's placements before the screenshot of a busy table: a short game gave the person
only 5 (10 draws, fresh clone at afd6859), so 6 left it no chance to take it."""


def play_or_use_mole(page: Page, use_mole: bool) -> str | None:
    """One click of the person's: the first legal element of the drawing, or (``use_mole``, at
    the start of a turn) the mole then the first tile it may cover. None once the game is over."""
    if use_mole and wait_for_move(page, MOVE) and page.locator(MOLE).count():
        with contextlib.suppress(PlaywrightError):
            page.locator(MOLE).click(timeout=2_000)
            expect(page.locator(".kr.mole-armed")).to_be_visible()
            return click_one(page, ".kr-space[data-action^='mole ']") or ""
    return play_one(page, MOVE)


def screenshot_busy_table(page: Page, screenshots: Path) -> None:
    """The table while the person places a tile, wide and at phone size."""
    page.wait_for_timeout(500)  # let the drop-in and the flip end
    screenshot_wide_and_phone(page, screenshots, GAME)


def test_a_person_plays_a_whole_game_by_clicking_the_gardens(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page, errors = open_page(browser)
    # The lobby's form: 3 players (you, a heuristic bot and a random bot), one game.
    create_table(page, server, GAME, ["you", "bot:heuristic", "bot:random"], {"match": "false"})
    # Four gardens of 3 × 4 spaces, the person's secret contract, three gardeners with moles.
    expect(page.locator(".kr-garden")).to_have_count(4)
    expect(page.locator(".kr-garden .kr-space")).to_have_count(48)
    expect(page.locator(".kr-my-contract .kr-contract tr")).to_have_count(4)
    expect(page.locator(".kr-gardener")).to_have_count(3)
    expect(page.locator(".kr-secret")).to_have_count(3)
    expect(page.locator(".kr-btn[data-action='draw']")).to_be_visible()
    verbs: dict[str, int] = {}
    shot = False
    for _ in range(300):
        # The mole once the person has a garden (its button is gone once it is played).
        use_mole = bool(page.locator(".kr-garden.mine").count())
        notation = play_or_use_mole(page, use_mole)
        if notation is None:
            break
        verb = notation.split(" ")[0]
        verbs[verb] = verbs.get(verb, 0) + 1
        if not shot and verb == "draw" and verbs.get("place", 0) >= BUSY:
            # The drawn tile's places appear once the state after the draw is drawn (a tile
            # with no place leaves the game without any).
            with contextlib.suppress(PlaywrightError):
                page.locator(".kr-space.target").first.wait_for(timeout=3_000)
        if not shot and verbs.get("place", 0) >= BUSY and page.locator(".kr-space.target").count():
            expect(page.locator(".kr-garden.mine")).to_have_count(1)
            expect(page.locator(".kr-contract td.lit").first).to_be_visible()
            screenshot_busy_table(page, screenshots)
            shot = True
    assert shot and verbs.get("draw", 0) >= 6, verbs
    # What the person did, as the game logged it: a click that the page redrew under it may
    # have been played all the same (its notation then unknown here).
    log = page.locator(".log li")
    assert log.filter(has_text="Ada takes garden").count() == 1, verbs
    assert log.filter(has_text="Ada plays the mole").count() == 1, verbs
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(3)
    check_result_in_view(page)
    # Every contract is revealed with the final scores; the person's garden is full.
    expect(page.locator(".kr-gardeners.revealed .kr-contract")).to_have_count(3)
    expect(page.locator(".kr-final strong")).to_have_count(3)
    expect(page.locator(".kr-garden.mine .kr-full")).to_be_visible()
    page.screenshot(path=screenshots / f"{GAME}-over.png", full_page=True)
    # The replay draws the same gardens, move by move, with no contract shown to a spectator.
    page.click("text=Watch the replay")
    page.wait_for_url("**/replay/*")
    expect(page.locator(".kr-garden")).to_have_count(4)
    expect(page.locator(".kr-my-contract")).to_have_count(0)
    expect(page.locator(".kr-secret")).to_have_count(3)
    page.keyboard.press("End")
    expect(page.locator(".kr-gardeners.revealed .kr-contract")).to_have_count(3)
    assert not errors
