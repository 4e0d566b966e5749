"""What confused new users in the browser ("Fix what confused"), each fixed and held:
the phone layout, the replay's moves in the page's words, Undo that says why it went, the invite
page's table under its name form, a failed sign-in that stays said, the clock's full speed, the
stand-in bot only with a clock, the chat before the first move, Kraut & Rüben's end sums."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import games
from tests.web.clicking import PHONE, create_table, draw_state, open_page
from tests.web.test_accessibility_browser import finished_game

GAMES = {"heuschrecken-poker": 4, "kraut-und-rueben": 4, "pas-de-haricots": 5, "garden-rush": 2}
"""Each game with many seats: the longest seat strip it may have."""


def fits(page: Page, width: int) -> None:
    """Nothing of the page runs past ``width``: the page does not scroll sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("game", GAMES)
def test_a_table_on_a_phone_shows_its_name_and_every_seat(
    browser: Browser, server: str, game: str
) -> None:
    page = browser.new_page(viewport=PHONE)
    create_table(page, server, game, ["you"] + ["bot:random"] * (GAMES[game] - 1))
    page.wait_for_selector("#seats .seat")
    title = page.locator("#title")
    expect(title).not_to_have_text("…")
    cut = title.evaluate("e => e.scrollWidth > e.clientWidth")
    assert not cut, f"the top bar cuts the game's name: {title.inner_text()!r}"
    # Measured in one go: the seats are drawn again as the bots move.
    boxes = page.eval_on_selector_all(
        "#seats .seat", "seats => seats.map(s => [s.getBoundingClientRect().x, s.offsetWidth])"
    )
    assert boxes
    for x, width in boxes:
        assert x >= 0 and x + width <= PHONE["width"], (x, width)
    fits(page, PHONE["width"])


@pytest.mark.parametrize("lang", ["de-DE", "fr-FR", "it-IT", "en-GB"])
def test_the_lobby_fits_a_phone_in_every_language(browser: Browser, server: str, lang: str) -> None:
    context = browser.new_context(locale=lang, viewport=PHONE)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector(".game-card .game-picture > *")
    page.wait_for_selector("#identity h2")
    fits(page, PHONE["width"])
    context.close()


def test_the_replay_lists_pas_de_haricots_moves_in_the_pages_words(
    browser: Browser, server: str
) -> None:
    table = finished_game(server, "pas-de-haricots", 3)
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("body[data-ready] #moves li")
    moves = page.locator("#moves li").all_inner_texts()[1:]
    assert moves and not [m for m in moves if re.search(r"\b(play|take) [HDSCT]", m)]
    assert any("Jouer" in m for m in moves) and any("Prendre" in m for m in moves)
    context.close()


def test_undo_says_why_it_went(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "kraut-und-rueben", ["you", "bot:heuristic"])
    page.click("#board [data-action='draw']")
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("#undo-why")).to_have_text(
        "Your move cannot be taken back: it showed something hidden."
    )
    assert not errors


def test_an_invite_shows_the_table_under_its_name_form(browser: Browser, server: str) -> None:
    ada, errors = open_page(browser)
    create_table(ada, server, "heuschrecken-poker", ["you", "human", "bot:heuristic"])
    link = ada.locator(".invite-link").input_value()
    context = browser.new_context()
    bob = context.new_page()
    bob.goto(link)
    expect(bob.locator("#name-form")).to_be_visible()
    expect(bob.locator("#board .hp-felt")).to_be_visible()
    expect(bob.locator("#seats .seat")).to_have_count(3)
    expect(bob.locator("#turn")).to_have_text("Choose your name to sit down.")
    bob.fill("#seat-name", "Bob")
    bob.click("#name-button")
    expect(bob.locator("#board .hp-hand")).to_be_visible()  # seated: Bob's own poker cards
    expect(bob.locator("#me")).to_contain_text("Bob")
    context.close()
    assert not errors


def test_a_failed_sign_in_stays_said(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.click("#identity .sign-in summary")
    page.fill("#sign-in-name", "Nobody-by-this-name")
    page.fill("#sign-in-password", "not the password")
    page.click("#sign-in-button")
    error = page.locator("#sign-in-error")
    expect(error).to_contain_text("Could not sign in")
    page.wait_for_timeout(5_500)  # a toast is gone by now
    expect(error).to_be_visible()
    assert not errors


def test_the_clock_says_its_time_a_decision_and_its_reserve(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#game option[value='heuschrecken-poker']", state="attached")
    stand_in = page.locator("label", has=page.locator("#stand-in"))
    expect(stand_in).to_be_hidden()  # no clock: no bot for a player out of time
    page.select_option("#speed", "real_time")
    expect(stand_in).to_be_visible()
    page.fill("#name", "Ada")
    page.select_option("#game", "heuschrecken-poker")
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "bot:heuristic")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    expect(page.locator("#clock-panel")).to_contain_text(
        "Real time: 2 min a decision, then a reserve of 1 min (+5 s a move, at most 3 min)"
    )
    assert not errors


def test_a_chat_line_before_the_first_move_says_so(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    create_table(page, server, "heuschrecken-poker", ["you", "human", "bot:heuristic"])
    page.fill("#chat-input", "good luck")
    page.press("#chat-input", "Enter")
    line = page.locator("#chat .chat-line")
    expect(line).to_contain_text("Ada (before the first move): good luck")
    expect(line).not_to_contain_text("move 0")
    assert not errors


def test_kraut_und_rueben_ends_on_one_sum_per_gardener(lobby: Page) -> None:
    game = games.get("kraut-und-rueben")
    state = game.new_game(3, 5, variant={"match": True})
    rng = random.Random(5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    draw_state(lobby, state, 0, status="finished")
    last = state.view(0)["history"][-1]
    cup = last["cup"]
    for seat, score in enumerate(last["scores"]):
        line = lobby.locator(f"#drawn-state .kr-gardener[data-seat='{seat}'] .kr-final")
        text = line.inner_text().replace("−", "-")
        parts, total = text.rsplit("=", 1)
        said = [int(n) for n in re.findall(r"[+-]\d+", parts)]
        assert sum(said) == score == int(re.search(r"-?\d+", total).group()), text  # type: ignore[union-attr]
        assert ("pts" in text or "pt" in text) and (seat != cup or "cup" in text), text
