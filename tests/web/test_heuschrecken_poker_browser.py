"""Heuschrecken Poker in a browser: a person creates a three-player table against two bots in
the lobby, plays the whole game by clicking the drawing (a poker card of the hand to bid, a
stack of the display to take that kind), and sees the reveals, the gardens and the result; a
spectator's page shows no hand. Then chosen moments (face-down bids, a cancelling reveal, a
take, a stalemate, the Ace) drawn from real engine states in the real client.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import games
from potager.engine import State
from tests.web.clicking import (
    create_table,
    draw_state,
    open_page,
    play_one,
    screenshot_wide_and_phone,
)

GAME = "heuschrecken-poker"
MOVE = ".hp [data-action]"
KINDS = ("corn", "strawberry", "broccoli", "blackberry", "grasshopper")


def busyness(page: Page) -> int:
    """How typical a table is to show: 1 with a kind of yours to take, the reveal and a few
    cards in the gardens; 2 when every garden has cards too."""
    if not (
        page.locator(".hp-display [data-action]").count() >= 2
        and page.locator(".hp-reveal .hp-bid").count() == 3
        and page.locator(".hp-garden .hp-gc:not(.ghost)").count() >= 4
    ):
        return 0
    gardens = page.locator(".hp-garden:has(.hp-gc:not(.ghost))").count()
    return 2 if gardens == 3 and page.locator(".hp-garden .hp-gc:not(.ghost)").count() >= 7 else 1


def screenshot(page: Page, screenshots: Path) -> None:
    """The table at a take of the person's, wide and at phone size."""
    page.wait_for_timeout(900)  # let the reveal's flip and the deals end
    screenshot_wide_and_phone(page, screenshots, GAME)


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
    page, errors = open_page(browser)
    url = create_table(page, server, GAME, ["you", "bot:heuristic", "bot:random"])
    check_start(page)
    bids = takes = shot = 0
    for _ in range(400):
        notation = play_one(page, MOVE)
        if notation is None:
            break
        takes += notation in KINDS
        bids += notation not in KINDS and notation != ""
        level = busyness(page) if shot < 2 else 0
        if level > shot:
            screenshot(page, screenshots)
            shot = level
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

    spectator, spectator_errors = open_page(browser)
    spectator.goto(url)
    expect(spectator.locator(".hp-player")).to_have_count(3)
    expect(spectator.locator(".hp-hand")).to_have_count(0)
    expect(spectator.locator(".hp [data-action]")).to_have_count(0)
    assert not spectator_errors


# -- the drawing of chosen moments, from real states of the engine -------------------------------
def deck(*top: str) -> list[str]:
    """The 66 garden cards with ``top`` drawn first."""
    rest = [kind for kind, n in zip(KINDS, (13, 13, 13, 13, 14), strict=True) for _ in range(n)]
    for kind in top:
        rest.remove(kind)
    return [*top, *rest]


def state_after(players: int, top: tuple[str, ...], bids: list[tuple[int, str]]) -> State:
    state = games.get(GAME).new_game(players, seed=1, deck=deck(*top))
    for seat, text in bids:
        state.apply(seat, state.str_to_action(seat, text))
    return state


@pytest.fixture(scope="module")
def drawing(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Draw a state as one seat (None: a spectator) sees it, in a page of the real client."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.evaluate("Potager.loadGame('heuschrecken-poker')")

    def draw(state: State, seat: int | None, **table: Any) -> Page:
        return draw_state(page, state, seat, **table)

    yield draw
    assert not errors
    page.close()


def test_face_down_bids_show_who_has_bid_and_only_your_own_value(
    drawing: Callable[..., Page],
) -> None:
    state = state_after(3, ("corn", "strawberry", "broccoli"), [(1, "5")])
    page = drawing(state, 0)
    expect(page.locator(".hp-player[data-seat='1'] .hp-bidslot.down .hp-pc.back")).to_have_count(1)
    expect(page.locator(".hp-player[data-seat='1'] .peek")).to_have_count(0)
    expect(page.locator(".hp-player[data-seat='2'] .hp-bidslot.waiting")).to_have_count(1)
    expect(page.locator(".hp-hand [data-action]")).to_have_count(8)
    page.locator(".hp-hand [data-action='A']").click()
    assert page.evaluate("window.sent") == [6]
    page = drawing(state, 1)
    expect(page.locator(".hp-player[data-seat='1'] .peek")).to_have_text("5")
    expect(page.locator(".hp-hand .hp-handslot.pending [data-bid='5']")).to_have_count(1)
    page = drawing(state, None)
    expect(page.locator(".hp-hand")).to_have_count(0)
    expect(page.locator(".hp [data-action]")).to_have_count(0)
    expect(page.locator(".hp-bidslot.down")).to_have_count(1)
    expect(page.locator(".peek")).to_have_count(0)


def test_the_reveal_crosses_out_equal_bids_and_the_taker_clicks_a_stack(
    drawing: Callable[..., Page],
) -> None:
    # Equal 3s cancel; the 5 alone picks one of the three kinds (rules "Gleiche Karten").
    state = state_after(3, ("corn", "corn", "grasshopper"), [(0, "3"), (1, "3"), (2, "5")])
    page = drawing(state, 2)
    expect(page.locator(".hp-reveal .hp-bid.cancelled")).to_have_count(2)
    expect(page.locator(".hp-reveal .hp-bid.cancelled .cross")).to_have_count(2)
    expect(page.locator(".hp-reveal .hp-bid[data-seat='2'].taker")).to_contain_text("pick a kind")
    stacks = page.locator(".hp-display button.hp-stack")
    expect(stacks).to_have_count(2)
    expect(page.locator(".hp-stack[data-kind=corn] .badge")).to_have_attribute("data-glyph", "×2")
    expect(page.locator(".hp-stack[data-kind=corn] .hp-gc")).to_have_count(2)
    page.locator(".hp-display [data-action=corn]").click()
    assert page.evaluate("window.sent") == [8]
    state.apply(2, state.str_to_action(2, "corn"))
    page = drawing(state, 0)
    expect(page.locator(".hp-reveal .hp-bid[data-seat='2']")).to_contain_text("takes 2 corn")
    expect(page.locator(".hp-player[data-seat='2'] .hp-row[data-kind=corn] .hp-gc")).to_have_count(
        2
    )
    expect(page.locator(".hp-player[data-seat='0'] .hp-pokers .spent")).to_have_count(1)


def test_a_stalemate_is_announced_and_the_ace_takes_the_whole_display(
    drawing: Callable[..., Page],
) -> None:
    state = state_after(
        3, ("corn", "strawberry", "broccoli", "grasshopper"), [(0, "X"), (1, "X"), (2, "X")]
    )
    page = drawing(state, 0)
    expect(page.locator(".hp-reveal .hp-bid.cancelled")).to_have_count(3)
    expect(page.locator(".hp-reveal .notes .stalemate")).to_contain_text("Stalemate")
    expect(page.locator(".hp-status .pill.warn")).to_have_text("Stalemate")
    expect(page.locator(".hp-display .hp-stack")).to_have_count(4)
    for seat, text in ((0, "A"), (1, "1"), (2, "2")):
        state.apply(seat, state.str_to_action(seat, text))
    page = drawing(state, 1)
    expect(page.locator(".hp-reveal .hp-bid[data-seat='0']")).to_contain_text(
        "the whole display with the Ace"
    )
    expect(page.locator(".hp-reveal .hp-bid[data-seat='1']")).to_contain_text("gets nothing")
    expect(page.locator(".hp-player[data-seat='0'] .hp-hoppers .hp-gc:not(.ghost)")).to_have_count(
        1
    )


ANIMATED_LINES = """els => els
  .filter((e) => e.getAnimations({ subtree: true }).length)
  .map((e) => e.textContent.trim())"""
"""The texts of the elements that run an animation, theirs or their pseudo-elements' (a fade-in,
a drop, a cross drawn)."""


def test_a_redraw_animates_only_what_is_new(drawing: Callable[..., Page]) -> None:
    """The result lines under the reveal faded in again on every state message."""
    state = state_after(3, ("corn", "corn", "grasshopper"), [(0, "3"), (1, "3"), (2, "5")])
    page = drawing(state, 0)
    state.apply(2, state.str_to_action(2, "corn"))
    page = drawing(state, 0)
    lines = page.locator(".hp-reveal .outcome li")
    assert lines.evaluate_all(ANIMATED_LINES) == ["takes 2 corn"]
    page = drawing(state, 0)  # the same state again, as a reconnection or a presence sends it
    assert lines.evaluate_all(ANIMATED_LINES) == []
    assert page.locator(".hp-bid .cross, .hp-bidslot .hp-pc").evaluate_all(ANIMATED_LINES) == []


def test_a_table_waiting_for_players_says_so(drawing: Callable[..., Page]) -> None:
    """It said "Everyone bids — Waiting for You…" while no bid could be made."""
    state = state_after(2, ("corn", "strawberry", "broccoli"), [])
    seats = [
        {"seat": 0, "kind": "human", "name": "Ada", "taken": True},
        {"seat": 1, "kind": "human", "name": "", "taken": False},
    ]
    page = drawing(state, 0, seats=seats, status="waiting")
    status = page.locator(".hp-status")
    expect(status).to_contain_text("Waiting for 1 more player to take a seat")
    expect(status).not_to_contain_text("Waiting for You")
    expect(page.locator(".hp-hand [data-action]")).to_have_count(0)
