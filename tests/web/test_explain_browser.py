"""Components explain themselves: each card, chip, token, tile and square says what
it is worth and when it scores, from the game's facts, in one popover (`Potager.explain`) shown
on hover, on keyboard focus and on a long press of a finger, and heard by screen readers as the
component's description; axe finds no serious violation while it shows."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from potager import games
from potager.engine import State
from tests.web.clicking import PHONE, WIDE, create_table, draw_state, open_page
from tests.web.test_accessibility_browser import axe_violations
from tests.web.test_keyboard_browser import into_the_game

TIP = "#pg-explain"


@pytest.fixture
def page_in(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A lobby page in the language ``request.param`` (a locale), that ends with no script
    error; touch screens are emulated (a long press), and axe may be added."""
    context = browser.new_context(
        locale=request.param, viewport=WIDE, has_touch=True, bypass_csp=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    yield page
    context.close()
    assert not errors


def started(name: str, players: int, seed: int = 1) -> State:
    return games.get(name).new_game(players, seed)


def described(element: Locator) -> str:
    """What a screen reader hears as the element's description (its aria-describedby)."""
    return str(
        element.evaluate(
            "e => e.getAttribute('aria-describedby').split(' ')"
            ".map(id => document.getElementById(id).textContent).join(' ')"
        )
    )


def hovered(page: Page, element: Locator) -> Locator:
    element.hover()
    tip = page.locator(TIP)
    expect(tip).to_be_visible()
    return tip


def focused(page: Page, element: Locator) -> Locator:
    """Focus ``element`` as a keyboard user does (the focus is shown): its tip."""
    page.mouse.move(0, 0)
    page.keyboard.press("Shift")
    element.focus()
    tip = page.locator(TIP)
    expect(tip).to_be_visible()
    return tip


def long_pressed(page: Page, element: Locator) -> Locator:
    """Rest a finger on ``element`` for most of a second, then lift it: its tip."""
    page.mouse.move(0, 0)  # a phone has no mouse over anything
    box = element.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(800)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    tip = page.locator(TIP)
    expect(tip).to_be_visible()
    return tip


@pytest.mark.parametrize("page_in", ["en-GB", "de-DE"], indirect=True)
def test_heuschrecken_poker_cards_and_chips(page_in: Page) -> None:
    page = page_in
    german = page.evaluate("Potager.i18n.lang") == "de"
    draw_state(page, started("heuschrecken-poker", 3), 0)
    ace = page.locator("#drawn-state .hp-hand [data-bid='A']")
    said = {
        False: "The Ace takes the whole display, unless exactly one X card is played too",
        True: "Das Ass nimmt die ganze Auslage, außer wenn genau eine X-Karte mitgespielt wird",
    }
    expect(hovered(page, ace)).to_contain_text(said[german])
    assert said[german] in described(ace)
    assert ace.get_attribute("aria-label") == ("das Ass bieten" if german else "Bid the Ace")
    stack = page.locator("#drawn-state .hp-stack").first
    kind = stack.get_attribute("data-kind")
    tip = hovered(page, stack)
    if kind == "grasshopper":
        expect(tip).to_contain_text("14")
    else:
        expect(tip).to_contain_text("13")
        expect(tip).to_contain_text("3" if not german else "Je 3")
    five = page.locator("#drawn-state .hp-hand [data-bid='5']")
    expect(focused(page, five)).to_contain_text("5")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(page.locator(TIP)).to_be_hidden()

    chip = page.locator("#drawn-state .hp-player .hp-chip").first
    page.set_viewport_size(PHONE)
    tip = long_pressed(page, chip)
    expect(tip).to_contain_text("Gewinnchips" if german else "win chips at the game's end")
    draw_state(page, started("heuschrecken-poker", 3), 0)  # a redraw, as every state brings
    expect(tip).to_contain_text("Gewinnchips" if german else "win chips at the game's end")
    expect(tip).to_be_visible()
    x_card = page.locator("#drawn-state .hp-hand [data-bid='X']")
    long_pressed(page, x_card)
    assert page.evaluate("window.sent") == [], "a long press explains: it does not bid"


def played(name: str, players: int, moves: int, seed: int = 1) -> State:
    """A game of ``moves`` random moves."""
    state = started(name, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("page_in", ["en-GB", "fr-FR"], indirect=True)
def test_kraut_und_rueben_tiles_by_the_viewer_s_contract(page_in: Page) -> None:
    """Contract 3 (tomato principal, salad negative): a salad is worth −2 to its gardener, a
    tomato picks the column; a spectator hears what every contract may make of a tile."""
    page = page_in
    french = page.evaluate("Potager.i18n.lang") == "fr"
    state = played("kraut-und-rueben", 2, 20)
    assert state.view(0)["contract"] == 3
    draw_state(page, state, 0)
    salad = page.locator("#drawn-state .kr-garden[data-garden='1'] [data-space='1 c2']")
    said = {
        False: "Salad is your negative vegetable: −2 pts per tile",
        True: "Salade : votre légume négatif, −2 pts par carte",
    }
    expect(hovered(page, salad)).to_contain_text(said[french])
    assert said[french] in described(salad)
    tomato = page.locator("#drawn-state [data-space='4 c2']")
    principal = {
        False: "Tomato is your principal vegetable",
        True: "Tomate : votre légume principal",
    }
    expect(long_pressed(page, tomato)).to_contain_text(principal[french])
    page.touchscreen.tap(5, 5)  # a tap elsewhere puts the finger's tip away
    expect(page.locator(TIP)).to_be_hidden()
    mole = page.locator("#drawn-state [data-space='4 a1']")
    covers = {
        False: "It covers the tile under it, which no longer counts.",
        True: "qui ne compte plus",
    }
    expect(hovered(page, mole)).to_contain_text(covers[french])
    card = page.locator("#drawn-state .kr-my-contract .kr-contract")
    expect(hovered(page, card.locator(".kr-contract-title"))).to_contain_text(
        "Carte contrat 3" if french else "Contract card 3"
    )
    cell = card.locator("tr.negative td").first  # each of its cells explains itself
    expect(hovered(page, cell)).to_contain_text("−2")
    assert axe_violations(page) == []

    draw_state(page, state, None)
    anyone = {
        False: "Salad scores by each gardener's secret contract card",
        True: "Salade : compté selon la carte contrat secrète",
    }
    expect(hovered(page, page.locator("#drawn-state [data-space='1 c2']"))).to_contain_text(
        anyone[french]
    )


@pytest.mark.parametrize("page_in", ["en-GB", "it-IT"], indirect=True)
def test_pas_de_haricots_cards_say_their_points(page_in: Page) -> None:
    page = page_in
    italian = page.evaluate("Potager.i18n.lang") == "it"
    state = started("pas-de-haricots", 3)
    assert state.view(0)["hand"][:2] == ["H2", "H5"]
    draw_state(page, state, 0)
    five = page.locator("#drawn-state button[data-card='H5']")
    said = {
        False: "5 of hearts: worth 5 in the series of hearts it joins at the hand's end",
        True: "5 di cuori: vale 5 nella serie di cuori in cui entra alla fine della mano",
    }
    expect(focused(page, five)).to_contain_text(said[italian])
    roi = page.locator("#drawn-state button[data-card='HK']")
    doubles = {
        False: "it doubles the series of hearts",
        True: "raddoppia alla fine della mano la serie di cuori",
    }
    expect(hovered(page, roi)).to_contain_text(doubles[italian])
    cavalier = page.locator("#drawn-state button[data-card='HN']")
    tip = long_pressed(page, cavalier)
    expect(tip).to_contain_text("Valet" if not italian else "Fante")
    assert page.evaluate("window.sent") == [], "a long press explains: it does not play"
    assert axe_violations(page) == []


@pytest.mark.parametrize("page_in", ["en-GB", "de-DE"], indirect=True)
def test_garden_rush_tokens_squares_and_fields(page_in: Page) -> None:
    page = page_in
    german = page.evaluate("Potager.i18n.lang") == "de"
    draw_state(page, started("garden-rush", 2), 0)
    gloves = page.locator("#drawn-state [data-key='0:b2']")
    said = {
        False: "Gloves square, a token placed here gives its bonus action",
        True: "Feld Handschuhe",
    }
    expect(hovered(page, gloves)).to_contain_text(said[german])
    slot = page.locator("#drawn-state .gr-slot[data-slot='1']")
    double = {
        False: "Broccoli, double face: a harvested field scores a point per token",
        True: "Brokkoli, Doppelseite",
    }
    expect(focused(page, slot)).to_contain_text(double[german])
    expect(page.locator(TIP)).to_contain_text("1, 3" if not german else "1, 3 oder 5")
    field = page.locator("#drawn-state .pattern-row.k-potato .pattern").last
    expect(hovered(page, field)).to_contain_text("5")
    bonus = page.locator("#drawn-state .gr-track .cell.bonus").first
    goal = {False: "a bonus square", True: "ein Bonusfeld"}
    expect(long_pressed(page, bonus)).to_contain_text(goal[german])
    assert axe_violations(page) == []


def test_shift_and_an_arrow_reach_a_component_that_is_no_move(
    browser: Browser, server: str
) -> None:
    """At a table, Shift with an arrow goes from the hand to another player's chips and cards,
    which are no moves: their worth shows; a plain arrow goes back among the moves."""
    page, errors = open_page(browser)
    create_table(page, server, "heuschrecken-poker", ["you", "bot:heuristic", "bot:heuristic"])
    into_the_game(page)
    for _ in range(6):
        page.keyboard.press("Shift+ArrowDown")
        if page.evaluate("!document.activeElement.matches('button')"):
            break
    assert page.evaluate("document.activeElement.matches('[data-explain]:not(button)')")
    expect(page.locator(TIP)).to_be_visible()
    assert page.locator(TIP).inner_text() == page.evaluate("document.activeElement.dataset.explain")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.matches('#board [data-action]')")
    page.close()
    assert not errors
