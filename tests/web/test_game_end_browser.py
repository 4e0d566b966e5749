"""The end of a game says why it ended: Garden Rush's gnome that reached the goal, or its bag that
ran out first (the goal is not what ended every game); Kraut & Rüben's full gardens or the pile
that ran out, and a tie the first garden broke; and how the score came about: Heuschrecken
Poker's win chips round by round."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import agents, games
from potager.arena.match import play_match
from potager.engine import State
from tests.web.clicking import PHONE, draw_state
from tests.web.test_accessibility_browser import axe_violations


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


def kraut_und_rueben_pile_runs_out(seed: int, match: bool = False) -> State:
    """A three-player game (``match``: a match of three) of random moves where seat 2 never
    takes a garden: seat 2 never finishes, so the pile runs out first."""
    state = games.get("kraut-und-rueben").new_game(3, seed, {"match": match})
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        passes = [a for a in legal if state.action_to_str(a) == "pass"]
        state.apply(seat, passes[0] if seat == 2 and passes else rng.choice(legal))
    return state


def test_kraut_und_rueben_says_every_garden_is_full(lobby: Page) -> None:
    game = games.get("kraut-und-rueben")
    state = play_match(game, [agents.make("random", game) for _ in range(3)], 0)
    assert len(state.view(0)["finished"]) == 3
    draw_state(lobby, state, 0, status="finished")
    expect(lobby.locator("#drawn-state .kr-prompt")).to_contain_text(
        "Every gardener's garden is full: the game ended."
    )


def test_kraut_und_rueben_tells_a_tie_taken_by_the_first_garden(lobby: Page) -> None:
    game = games.get("kraut-und-rueben")
    state = play_match(game, [agents.make("heuristic", game) for _ in range(3)], 3)
    last = state.view(0)["history"][-1]
    assert last["scores"] == [12, 7, 12] and last["winners"] == [0]
    draw_state(lobby, state, 1, status="finished")
    expect(lobby.locator("#drawn-state .kr-prompt")).to_contain_text(
        "P0 and P2 tied on 12 pts: P0 took a garden first and wins."
    )


@pytest.mark.parametrize("lang", ["en-GB", "de-DE"])
def test_kraut_und_rueben_says_the_pile_ran_out(browser: Browser, server: str, lang: str) -> None:
    state = kraut_und_rueben_pile_runs_out(0)
    assert state.view(0)["pile"] == 0 and state.view(0)["finished"] == [0, 1]
    context = browser.new_context(locale=lang)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    draw_state(page, state, 2, status="finished")
    said = {
        "en-GB": "The pile ran out before every garden was full: the game ended. "
        "You took no garden: 0 points.",
        "de-DE": "Der Stapel war leer, bevor alle Gärten voll waren: Die Partie ist zu Ende. "
        "Du hast keinen Garten genommen: 0 Punkte.",
    }
    expect(page.locator("#drawn-state .kr-prompt")).to_contain_text(said[lang])
    context.close()


def round_chips(state: State) -> list[list[int]]:
    """Each round's win chips per seat, from the game's events: harvests and the most plants."""
    rounds, chips = [], [0] * state.players
    for event in state.events:
        if event["type"] == "harvest":
            chips[event["seat"]] += event["chips"]
        elif event["type"] == "round_scoring":
            rounds.append([c + (s in event["chips_to"]) for s, c in enumerate(chips)])
            chips = [0] * state.players
    return rounds


@pytest.mark.parametrize("lang", ["en-GB", "fr-FR"])
def test_heuschrecken_poker_ends_on_its_score_sheet(
    browser: Browser, server: str, lang: str
) -> None:
    """Round by round, each player's chips and why; the win chips and the grasshoppers left,
    which broke the tie on 6 chips."""
    game = games.get("heuschrecken-poker")
    state = play_match(game, [agents.make("heuristic", game) for _ in range(3)], 2)
    assert state.result().details == {"chips": [6, 6, 5], "grasshoppers": [1, 0, 0]}
    context = browser.new_context(locale=lang, bypass_csp=True)  # axe's script is the test's
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    draw_state(page, state, 0, status="finished")
    sheet = page.locator("#drawn-state .hp-sheet")
    heading = {"en-GB": "How the win chips came, round by round", "fr-FR": "tour par tour"}
    expect(sheet.locator("h3")).to_contain_text(heading[lang])
    rows = sheet.locator("tbody tr")
    expected = round_chips(state)
    expect(rows).to_have_count(len(expected))
    for i, chips in enumerate(expected):
        shown = [f"+{c}" if c else "0" for c in chips]
        expect(rows.nth(i).locator("td > strong")).to_have_text(shown)
    expect(sheet.locator("tfoot tr").first.locator("td")).to_have_text(["6", "6", "5"])
    expect(sheet.locator("tfoot tr").last.locator("td")).to_have_text(["1", "0", "0"])
    eaten = {"en-GB": "eaten by grasshoppers", "fr-FR": "mangé par les criquets"}
    expect(rows.nth(2).locator("td").nth(1)).to_contain_text(eaten[lang])
    most = {"en-GB": "the most plants: +1 win chip", "fr-FR": "le plus de plantes : +1 jeton"}
    expect(rows.nth(0).locator("td").nth(0)).to_contain_text(most[lang])
    page.set_viewport_size(PHONE)  # the sheet scrolls sideways, within the phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(page) == []
    context.close()


def test_a_kraut_und_rueben_match_says_why_each_game_ended(lobby: Page) -> None:
    game = games.get("kraut-und-rueben")
    full = play_match(game, [agents.make("random", game) for _ in range(2)], 0, {"match": True})
    pile = kraut_und_rueben_pile_runs_out(0, match=True)
    for state, said in ((full, "every garden full"), (pile, "the pile ran out")):
        draw_state(lobby, state, 0, status="finished")
        expect(lobby.locator("#drawn-state .kr-history td.kr-ended")).to_have_text([said] * 3)
