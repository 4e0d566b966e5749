"""Garden Rush in a browser: a person creates a table against the heuristic bot in the lobby and
plays a whole game by clicking the drawing — a Hedge token then a lit square to plant, a field
to harvest, the tools of a bonus — and sees the result. The basic game first, then Tools & Moles.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from potager import games
from potager.engine import State
from tests.games.garden_rush.scripted import new, play
from tests.games.garden_rush.test_rules import HEAD
from tests.web.clicking import (
    check_result_in_view,
    create_table,
    draw_state,
    open_page,
    play_one,
    screenshot_wide_and_phone,
)

GAME = "garden-rush"
MINE = ".gr-potager.bottom [data-action]"
ACTION = ".gr [data-action]:not([data-action=skip])"
PICK = ".gr [data-pick]"
SKIP = ".gr [data-action=skip]"


def open_table(browser: Browser, server: str, tools_and_moles: bool) -> tuple[Page, list[str]]:
    """The lobby's form: you in seat 1 against the heuristic bot; the page and its errors."""
    page, errors = open_page(browser)
    variant = {"tools_and_moles": str(tools_and_moles).lower()}
    create_table(page, server, GAME, ["you", "bot:heuristic"], variant)
    return page, errors


def busy(page: Page) -> bool:
    """A typical table to show: tokens in both Potagers, and a field to harvest on offer."""
    return (
        page.locator(".gr-potager .gr-token:not(.ghost)").count() >= 14
        and page.locator(".gr-fields [data-action]").count() > 0
        and page.locator(".gr-hedge [data-pick]").count() > 0
    )


def screenshot(page: Page, screenshots: Path) -> None:
    """A Hedge token chosen (its squares lit) and a field previewed, wide and at phone size."""
    page.locator(".gr-hedge [data-pick]").first.click()
    expect(page.locator(".gr-potager .gr-sq.target").first).to_be_visible()
    page.locator(".gr-fields [data-action]").first.hover()
    expect(page.locator(".gr-sq.preview").first).to_be_visible()
    page.wait_for_timeout(500)  # let the pop-in of new tokens end
    page.evaluate("window.scrollTo(0, 0)")
    screenshot_wide_and_phone(page, screenshots, GAME)


def play_game(page: Page, screenshots: Path | None) -> dict[str, int]:
    """Play to the end by clicking; counts of what was clicked, by verb."""
    clicked: dict[str, int] = {}
    shot = screenshots is None
    for _ in range(600):
        if screenshots is not None and not shot and busy(page):
            screenshot(page, screenshots)
            shot = True
        # A square of your Potager first, so that tool tokens go there as tools and give their
        # bonus; else any move, else the first step of one, else Skip.
        notation = play_one(page, MINE, ACTION, PICK, SKIP)
        if notation is None:
            break
        verb = notation.split(" ")[0]
        clicked[verb] = clicked.get(verb, 0) + 1
    if not shot and screenshots is not None:
        # The game is random: a rare one never shows a busy table; show how it ended instead.
        screenshot_wide_and_phone(page, screenshots, GAME)
    return clicked


def check_over(page: Page) -> None:
    expect(page.locator("#turn")).to_contain_text("Game over")
    expect(page.locator(".scores tr")).to_have_count(2)
    check_result_in_view(page)
    expect(page.locator(".gr-status.phase-over")).to_be_visible()
    assert page.locator(".log li").filter(has_text="Game over").count() == 1


def test_a_person_plays_a_whole_basic_game_by_clicking(
    browser: Browser, server: str, screenshots: Path
) -> None:
    page, errors = open_table(browser, server, tools_and_moles=False)
    # Both Potagers (21 squares each, four tool squares), the Hedge's five tokens, the
    # Trampoline, the score track 0…40 with its seven bonus squares.
    expect(page.locator(".gr-potager")).to_have_count(2)
    expect(page.locator(".gr-potager .gr-sq:not(.cut)")).to_have_count(42)
    expect(page.locator(".gr-potager .gr-sq.tool-sq")).to_have_count(8)
    expect(page.locator(".gr-hedge .gr-slot .gr-token")).to_have_count(5)
    expect(page.locator(".gr-trampoline .gr-token")).to_have_count(1)
    expect(page.locator(".gr-track .cell")).to_have_count(41)
    expect(page.locator(".gr-track .cell.bonus")).to_have_count(7)
    # Seat 0 begins: a Hedge token first, then the squares it may go to light up.
    expect(page.locator(".gr-hedge [data-pick]")).to_have_count(5)
    page.locator(".gr-hedge [data-pick='slot 3']").click()
    expect(page.locator(".gr-potager.bottom [data-action^='plant 3 ']")).to_have_count(21)
    expect(page.locator(".gr-status")).to_contain_text("Double face up in column c")
    page.locator(".gr-potager [data-action='plant 3 c3']").click()
    planted = page.locator(".gr-potager.bottom .gr-sq[data-square=c3] .gr-token.f-double")
    expect(planted).to_have_count(1)
    clicked = play_game(page, screenshots)
    assert clicked.get("plant", 0) >= 5 and clicked.get("harvest", 0) >= 3, clicked
    check_over(page)
    assert not errors


def test_a_person_plays_a_whole_game_with_tools_and_moles(browser: Browser, server: str) -> None:
    page, errors = open_table(browser, server, tools_and_moles=True)
    expect(page.locator(".gr-status .pill", has_text="Tools & Moles")).to_have_count(1)
    expect(page.locator(".gr-counts.bag li")).to_have_count(9)
    clicked = play_game(page, None)
    assert clicked.get("plant", 0) >= 5 and clicked.get("harvest", 0) >= 3, clicked
    check_over(page)
    assert not errors


def test_the_last_turn_draws_a_gap_in_the_hedge_where_its_token_was(
    browser: Browser, server: str
) -> None:
    """In the last turn nothing closes up ("Si le sac est vide, vous ne complétez ni la Haie ni le
    plateau Trampoline"): slot 2 is drawn empty, every other token stays above its own column, and
    Gloves offers the four tokens left, slot 4's double in column d."""
    state = new(HEAD)
    state.bag = []
    play(state, "plant 1 a3", "plant 2 d2")  # the end, then seat 1's potato on its Gloves
    page, errors = open_page(browser)
    page.goto(server + "/")
    for seat in (None, 1):
        draw_state(page, state, seat)
        expect(page.locator(".gr-hedge .gr-slot[data-slot='2'] .gr-token.none")).to_have_count(1)
        expect(page.locator(".gr-hedge .gr-slot .gr-token:not(.none)")).to_have_count(4)
        expect(page.locator(".gr-trampoline .gr-token")).to_have_count(0)
    expect(page.locator(".gr-hedge [data-pick]")).to_have_count(4)
    expect(page.locator(".gr-hedge [data-pick='slot 2']")).to_have_count(0)
    page.locator(".gr-hedge [data-pick='slot 4']").click()
    page.locator(".gr-potager [data-action='plant 4 d3']").click()
    assert page.evaluate("window.sent") == [state.str_to_action(1, "plant 4 d3")]
    assert not errors


# -- findings of an audit, each on a real state drawn by the plug-in -------------------------------
def random_game(seed: int, stop: Callable[[State], object]) -> State:
    """A two-player game of seeded random moves, stopped at the first state where ``stop`` holds
    (or at its end)."""
    state = games.get(GAME).new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def vertical_field(state: State) -> str | None:
    """A square of a field seat 0 may harvest now whose next row is in that field too."""
    if state.is_over or state.to_move[0] != 0:
        return None
    for action in state.legal_actions(0):
        verb, *words = state.action_to_str(action).split()
        squares = words[1:] if verb == "harvest" else []
        for square in squares:
            if f"{square[0]}{int(square[1:]) + 1}" in squares:
                return str(square)
    return None


def test_the_harvest_popover_hides_no_square_of_its_fields(lobby: Page) -> None:
    state = next(s for seed in range(20) if vertical_field(s := random_game(seed, vertical_field)))
    square = vertical_field(state)
    draw_state(lobby, state, 0)
    lobby.locator(f".gr-potager.bottom .gr-sq.harvestable[data-square='{square}']").click()
    popover = lobby.locator(".gr-popover")
    expect(popover).to_be_visible()
    hidden = popover.evaluate(
        """pop => {
          const box = pop.getBoundingClientRect();
          const offered = [...pop.querySelectorAll("[data-action^='harvest ']")]
            .flatMap((b) => b.dataset.action.split(" ").slice(2));
          return offered.filter((sq) => {
            const r = document.querySelector(`.gr-potager.bottom .gr-sq[data-square="${sq}"]`)
              .getBoundingClientRect();
            return box.left < r.right && r.left < box.right
              && box.top < r.bottom && r.top < box.bottom;
          });
        }"""
    )
    assert popover.locator("[data-action]").count() >= 1
    assert hidden == []


def test_a_plug_in_draws_once_its_stylesheet_has_loaded(browser: Browser, server: str) -> None:
    """`Potager.loadGame` resolves once the game's stylesheet has loaded, not its script alone:
    a drawing made before could measure its squares unstyled (most likely why the popover above,
    placed off the squares it offers, once hid one of them: one of five suite runs on a busy
    machine). Here the stylesheet comes a second after the script."""

    def late(route: Route) -> None:
        time.sleep(1)
        route.continue_()

    page = browser.new_page()
    page.route(f"**/static/games/{GAME}.css", late)
    page.goto(server + "/")
    cell = page.evaluate(
        """async (name) => {
          await Potager.loadGame(name);
          const drawing = document.body.appendChild(document.createElement("div"));
          drawing.className = "gr";
          return getComputedStyle(drawing).getPropertyValue("--cell");
        }""",
        GAME,
    )
    page.close()
    assert cell.strip() == "60px"  # a square's size, set by the stylesheet


def test_a_finished_game_has_no_last_turn_pill_and_the_log_says_an_aubergine(lobby: Page) -> None:
    state = next(
        s for seed in range(20) if (s := random_game(seed, lambda s: False)).view(0)["last_turn"]
    )
    draw_state(lobby, state, 0)
    expect(lobby.locator(".gr-status.phase-over")).to_be_visible()
    expect(lobby.locator(".gr-status .pill", has_text="Last turn")).to_have_count(0)
    lines = lobby.evaluate(
        """facts => ["aubergine", "potato"].map((token) => Potager.plugins.get("garden-rush")
          .describe({ type: "draw", token }, { seats: [], seat: 0, facts }))""",
        games.get(GAME).facts(),
    )
    assert lines == [
        "An aubergine is drawn onto the Trampoline.",
        "A potato is drawn onto the Trampoline.",
    ]
