"""The lobby's check boxes keep their size: beside a label that
wraps onto two or three lines (the creation form's "Allow hints", "Allow undo", the settings'
"A notification when it is my turn") a box shrank to a sliver, 5–8 pixels wide for 13 high, at
every screen width, as a flex item allowed to shrink."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.web.clicking import PHONE, WIDE


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["wide", "phone"])
def test_every_check_box_of_the_lobby_is_square(
    browser: Browser, server: str, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    page.click(".settings-button")
    boxes = page.locator("label.check input[type=checkbox]")
    assert boxes.count() >= 7  # hints, chat, undo, rated; sounds, notifications, animations
    for i in range(boxes.count()):
        box = boxes.nth(i).bounding_box()
        assert box is not None
        name = boxes.nth(i).get_attribute("id")
        assert box["width"] == pytest.approx(box["height"], abs=0.5), (name, box)
    page.close()
    assert not errors
