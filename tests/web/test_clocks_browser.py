"""Clocks in the browser: a real-time table chosen in the lobby's form shows its
player's clock counting down, and when the player does nothing, their bot plays for them; after
three time-outs in a row the seat is marked absent, and "Take my seat back" gives it back. The
server runs real time a fiftieth as long (``clock_scale``): 2.4 s a decision and a 1.2 s bank,
so that the test waits seconds, not minutes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from potager.server import Settings
from tests.web.clicking import click_one, open_page, sit_down
from tests.web.conftest import serving

GAME = "heuschrecken-poker"
MOVE = ".hp [data-action]"


@pytest.fixture(scope="module")
def clock_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("clocks") / "potager.db"
    settings = Settings(
        database_url=f"sqlite:///{db}",
        bot_pool="thread",
        bot_workers=2,
        bot_delay=0.5,  # the bots' game after Ada's absence lasts long enough to come back
        clock_scale=0.02,
        clock_tick=0.05,
    )
    with serving(settings) as address:
        yield address


def test_a_clock_counts_down_and_the_bot_plays_on_time_out(
    browser: Browser, clock_server: str
) -> None:
    page, errors = open_page(browser)
    page.goto(clock_server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "bot:random")
    page.wait_for_selector("#stand-in option[value='heuristic']", state="attached")
    expect(page.locator("#stand-in")).to_have_value("heuristic")
    page.select_option("#speed", "real_time")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    mine = page.locator("#seats .seat.mine")
    expect(page.locator("#clock-panel")).to_contain_text("Clock: Real time")
    clock = mine.locator(".seat-clock")
    expect(clock).to_have_text(re.compile(r"^0:0\d$"))
    first = clock.inner_text()
    page.wait_for_function(
        "(before) => { const c = document.querySelector('#seats .seat.mine .seat-clock');"
        " return c && c.textContent !== before; }",
        arg=first,
    )
    # Ada never bids: at her deadline her bot bids for her, and both bids are revealed.
    expect(page.locator(".hp-reveal .hp-bid")).to_have_count(2, timeout=20_000)
    # Three time-outs in a row: she is absent, and her bot plays at once from then on.
    expect(mine.locator(".absent-badge")).to_be_visible(timeout=30_000)
    expect(page.locator("#clock-panel")).to_contain_text("You were away")
    page.click("#take-back-seat")  # the page reconnects: the server hears her hello
    expect(mine.locator(".absent-badge")).to_have_count(0)
    expect(mine.locator(".stand-in-badge")).to_have_count(0)
    page.close()
    assert not errors


def test_a_player_ends_the_table_of_a_friend_who_went_away(
    browser: Browser, clock_server: str
) -> None:
    """Two people: Bob sits down from his invite link and closes his page; Ada plays on, Bob's
    clock runs out until he is absent, and Ada ends the table: it is abandoned, not in play."""
    page, errors = open_page(browser)
    page.goto(clock_server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "human")
    page.select_option("#speed", "real_time")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[-1]
    bob_context = browser.new_context()
    sit_down(bob_context.new_page(), page.locator(".invite-link").input_value(), "Bob")
    bob_context.close()

    end = page.locator("#end-table")
    for _ in range(400):  # Ada bids whenever she may, until Bob is absent
        if end.count():
            break
        if page.locator(MOVE).count():
            click_one(page, MOVE)
        else:
            page.wait_for_timeout(100)
    expect(page.locator("#seats .seat", has_text="Bob").locator(".absent-badge")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())
    end.click()
    expect(page.locator("#turn")).to_have_text("Abandoned: Ada ended the game, Bob stayed away.")
    page.goto(clock_server + "/")
    expect(page.locator(f"#finished-tables [data-table='{table_id}'] .abandoned")).to_be_visible()
    expect(page.locator(f"#live-tables [data-table='{table_id}']")).to_have_count(0)
    page.close()
    assert not errors
