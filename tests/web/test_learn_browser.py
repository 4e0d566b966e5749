"""Every tutorial played to its end in a browser by clicking: each step's words, the element to
click and what the step points at highlighted, one wrong move answered with why it is not the
one, and at the end a real table against a bot. The lobby links each tutorial."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from potager import learn
from potager.learn import Step, Tutorial
from tests.web.clicking import open_page

TUTORIALS = learn.games_with_tutorials()


def attribute(name: str, value: str) -> str:
    return f"[data-{name}={json.dumps(value)}]"


def opening(text: str) -> str:
    """The first words of a text, as the page shows them."""
    return " ".join(text.split("\n\n")[0].split()[:8])


def check_step(page: Page, tutorial: Tutorial, index: int, step: Step) -> None:
    total = len(tutorial.steps)
    expect(page.locator("#lesson-title")).to_have_text(f"Step {index + 1} of {total}")
    expect(page.locator("#lesson-text")).to_contain_text(opening(step.text["en"]))
    for path in step.highlight:
        shown = page.locator(f"#board {tutorial.selector(path)}")
        expect(shown.first).to_be_attached()
        expect(shown.first).to_have_class(_with("learn-highlight"))


def _with(name: str) -> re.Pattern[str]:
    """A class list that holds ``name``."""
    return re.compile(rf"(^|\s){name}(\s|$)")


def click_wrong(page: Page, step: Step) -> None:
    """Click a move of the drawing that is not the step's, and read why it is not the one."""
    assert step.move is not None
    other = page.locator(f"#board [data-action]:not({attribute('action', step.move)})").first
    notation = other.get_attribute("data-action") or ""
    other.click()
    why = step.why.get(notation, step.wrong) or {}
    expect(page.locator("#lesson-why")).to_be_visible()
    expect(page.locator("#lesson-why")).to_have_text(" ".join(why["en"].split()))


def click_move(page: Page, step: Step) -> None:
    assert step.move is not None
    for first in step.clicks:
        name, _, value = first.partition("=")
        page.locator(f"#board {attribute(name, value)}").first.click()
    target = page.locator(f"#board {attribute('action', step.move)}").first
    expect(target).to_have_class(_with("learn-click"))
    target.click()


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_tutorial_plays_to_its_end_by_clicking(
    browser: Browser, server: str, name: str, screenshots: Path
) -> None:
    tutorial = learn.load(name)
    page, errors = open_page(browser)
    page.goto(f"{server}/learn/{name}")
    expect(page.locator("#title")).to_have_text(tutorial.title["en"])
    wrong = False
    for index, step in enumerate(tutorial.steps):
        check_step(page, tutorial, index, step)
        if step.move is None:
            page.click("#lesson-next")
            continue
        others = page.locator(f"#board [data-action]:not({attribute('action', step.move)})")
        if not wrong and not step.clicks and others.count():
            click_wrong(page, step)
            page.screenshot(path=screenshots / f"learn-{name}.png")  # as docs/tutorials.md shows
            wrong = True
            check_step(page, tutorial, index, step)  # nothing changed
        click_move(page, step)
    assert wrong, "one wrong move was answered"
    expect(page.locator("#lesson-title")).to_have_text("Well played!")
    expect(page.locator("#lesson-text")).to_contain_text(opening(tutorial.end["en"]))
    page.click("#lesson-play")
    page.wait_for_url("**/table/*")
    expect(page.locator("#seats .seat.bot")).to_have_count(tutorial.players - 1)
    assert not errors
    page.close()


def test_the_lobby_links_each_tutorial_and_a_reload_keeps_the_step(
    browser: Browser, server: str
) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    for name in TUTORIALS:
        expect(page.locator(f"a{attribute('learn', name)}")).to_have_attribute(
            "href", f"/learn/{name}"
        )
    name = TUTORIALS[0]
    page.locator(f"a{attribute('learn', name)}").click()
    page.wait_for_url(f"**/learn/{name}")
    page.click("#lesson-next")
    expect(page.locator("#lesson-title")).to_have_text(f"Step 2 of {len(learn.load(name).steps)}")
    page.reload()
    expect(page.locator("#lesson-title")).to_have_text(f"Step 2 of {len(learn.load(name).steps)}")
    assert not errors
    page.close()


def test_the_tutorial_speaks_french(browser: Browser, server: str) -> None:
    name = TUTORIALS[0]
    tutorial = learn.load(name)
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{server}/learn/{name}")
    expect(page.locator("#lesson-text")).to_contain_text(opening(tutorial.steps[0].text["fr"]))
    expect(page.locator("#lesson-next")).to_have_text("Suivant")
    context.close()
