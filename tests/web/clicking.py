"""What every browser test does: open a page that collects its errors, fill the lobby's form,
click a legal element of the drawing until the game is over, and photograph the table wide and
at phone size; or draw a chosen moment of a real state with the game's plug-in."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from potager.engine import State

FINISHED = "#result:not([hidden])"
"""The result panel, shown once the game is over."""

WIDE: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def open_page(browser: Browser) -> tuple[Page, list[str]]:
    """A wide page, and the list its uncaught script errors go to (a test ends on it empty)."""
    page = browser.new_page(viewport=WIDE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def create_table(
    page: Page,
    server: str,
    game: str,
    seats: list[str],
    variant: dict[str, str] | None = None,
    name: str = "Ada",
) -> str:
    """Create a table from the lobby as ``name``: ``seats[i]`` is the option value of seat i+1
    (``you``, ``human``, ``bot:heuristic``…), ``variant`` the label chosen for each option.
    The table's address."""
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.fill("#name", name)
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for option, label in (variant or {}).items():
        shown = {"true": "yes", "false": "no"}.get(label, label)  # the form says yes or no
        page.select_option(f"select[name='variant.{option}']", label=shown)
    for i, value in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", value)
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    return page.url


def sit_down(page: Page, link: str, name: str) -> None:
    """Open an invite ``link`` and sit down as ``name`` in the name form it asks first."""
    page.goto(link)
    page.fill("#seat-name", name)
    page.click("#name-button")
    expect(page.locator("#name-form")).to_be_hidden()


def click_one(page: Page, selector: str, rng: random.Random | None = None) -> str | None:
    """Click the first element matching ``selector`` (with ``rng``, a random one): the notation
    it carries (``data-action``, or ``data-pick`` for the first step of a move), or None if the
    page was redrawn under the click (the next call looks again)."""
    matches = page.locator(selector)
    element = matches.nth(rng.randrange(max(1, matches.count()))) if rng else matches.first
    with contextlib.suppress(PlaywrightError):
        notation = element.evaluate("e => e.dataset.action ?? e.dataset.pick ?? ''", timeout=2_000)
        element.click(timeout=2_000)
        return str(notation)
    return None


def wait_for_move(page: Page, *choices: str) -> bool:
    """Wait for a legal element (one of the selectors ``choices``) or the end; False once over."""
    page.wait_for_selector(", ".join((*choices, FINISHED)), timeout=20_000)
    return not page.locator(FINISHED).count()


def play_one(page: Page, *choices: str, rng: random.Random | None = None) -> str | None:
    """Wait for a legal element or the end, then click an element of the first of the selectors
    ``choices`` found on the page (see `click_one`). Its notation ("" when redrawn under the
    click), or None once the game is over."""
    if not wait_for_move(page, *choices):
        return None
    for choice in choices:
        if page.locator(choice).count():
            return click_one(page, choice, rng) or ""
    return ""


def check_result_in_view(page: Page) -> None:
    """At the game's end the final scores and Rematch are on screen without scrolling (
    they sat below the fold of a 1366×900 screen)."""
    expect(page.locator("#result .scores")).to_be_in_viewport(ratio=1)
    expect(page.locator("#result button", has_text="Rematch")).to_be_in_viewport(ratio=1)


def screenshot_phone(page: Page, path: Path) -> None:
    """The whole page at phone size, on a screen as tall as the page: what sticks to a phone
    screen's bottom (the panel bar) is drawn where the page ends, not across the middle of the
    picture. The page is left at phone size."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": PHONE["width"], "height": height})
    page.screenshot(path=path, full_page=True)
    page.set_viewport_size(PHONE)


def screenshot_wide_and_phone(page: Page, folder: Path, name: str) -> None:
    """The whole page at its size (``name.png``), then at phone size (``name-phone.png``); the
    size is put back."""
    size = page.viewport_size
    page.screenshot(path=folder / f"{name}.png", full_page=True)
    screenshot_phone(page, folder / f"{name}-phone.png")
    if size:
        page.set_viewport_size(size)


def draw_state(
    page: Page,
    state: State,
    seat: int | None,
    seats: list[dict[str, object]] | None = None,
    status: str = "playing",
) -> Page:
    """Draw ``state`` as ``seat`` sees it (None: a spectator) with its game's plug-in, in a box at
    the top of ``page`` (a page of the real client), given what the table page would give it:
    ``seats`` as the server describes them (default: people named P0, P1…) and the table's
    ``status`` (no move is offered unless "playing"); the actions the drawing sends go to
    ``window.sent``."""
    game = state.game
    legal = [
        {"action": a, "notation": state.action_to_str(a), "label": state.action_label(a)}
        for a in (state.legal_actions(seat) if seat is not None and status == "playing" else [])
    ]
    table = {
        "game": game.name,
        "seats": seats
        or [{"seat": s, "kind": "human", "name": f"P{s}"} for s in range(state.players)],
        "to_move": list(state.to_move),
        "status": status,
        "result": state.result().to_dict() if state.is_over else None,
        "seat": seat,
        "events": state.events_for(seat),
        "facts": game.facts(),
    }
    page.evaluate(
        """async ([name, view, seat, legal, table]) => {
          const plugin = await Potager.loadGame(name);
          let box = document.getElementById("drawn-state");
          if (!box) {
            box = Object.assign(document.createElement("div"), { id: "drawn-state" });
            document.body.prepend(box);
          }
          window.sent = [];
          plugin.render(box, view, seat, legal, (a) => window.sent.push(a), table);
        }""",
        [game.name, state.view(seat), seat, legal, table],
    )
    return page
