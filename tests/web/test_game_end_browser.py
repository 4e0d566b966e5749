"""The end of a game says why it ended: Garden Rush's gnome that reached the goal, or its bag that
ran out first (the goal is not what ended every game)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import agents, games
from potager.arena.match import play_match
from potager.engine import State
from tests.web.clicking import draw_state


def garden_rush(level: str, seed: int) -> tuple[State, list[float]]:
    game = games.get("garden-rush")
    state = play_match(game, [agents.make(level, game) for _ in range(2)], seed)
    return state, list(state.result().scores)


def test_garden_rush_says_the_gnome_that_reached_the_goal(lobby: Page) -> None:
    state, scores = garden_rush("heuristic", 0)
    assert max(scores) >= 40 > min(scores)
    draw_state(lobby, state, 0, status="finished")
    said = "P1 reached 40 points" if scores[1] >= 40 else "You reached 40 points"
    expect(lobby.locator("#drawn-state")).to_contain_text(
        f"{said}: the game ended after that turn."
    )


@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_garden_rush_says_the_bag_ran_out(browser: Browser, server: str, lang: str) -> None:
    state, scores = garden_rush("random", 3)
    assert max(scores) < 40
    context = browser.new_context(locale=lang)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    draw_state(page, state, 0, status="finished")
    said = {
        "en-GB": "The bag ran out before anyone reached 40 points: the game ended after that turn.",
        "fr-FR": "Le sac s'est vidé avant que quiconque atteigne 40 points",
    }
    expect(page.locator("#drawn-state")).to_contain_text(said[lang])
    context.close()
