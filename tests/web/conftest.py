"""A real server (uvicorn in a thread, on a free port) and Debian's Chromium under Playwright."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Playwright, expect, sync_playwright

from potager.server import Settings, create_app
from tests import ROOT

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = ROOT / "docs" / "screenshots"
EXPECT_TIMEOUT = 15_000
"""How long (ms) a check of the page waits for what it expects; Playwright's default is 5 s. The
suite's two workers, their servers, bots and browsers share two cores with whatever else the
machine runs, and beside other work a page has missed that 5 s twice in one run (a move drawn
after its click, the replay's chat after the forward clicks: fresh clone of 270544a beside the
ladder, 2 failed, 1108 passed; the same clone idle, 1110 passed). A check returns as soon as it
holds: a passing test waits no longer for it."""
expect.set_options(timeout=EXPECT_TIMEOUT)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(settings: Settings) -> Iterator[str]:
    """A server of ``settings`` in a thread, on a free port: its address, until the block ends."""
    port = free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    runner = uvicorn.Server(config)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not runner.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        runner.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "potager.db"
    settings = Settings(
        database_url=f"sqlite:///{db}", bot_pool="thread", bot_workers=2, bot_delay=0.05
    )
    with serving(settings) as address:
        yield address


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: make test installs it (apt chromium)"
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
    )
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def lobby(browser: Browser, server: str) -> Iterator[Page]:
    """A page of the real client (the lobby), to call its shared functions and to draw states
    with the plug-ins (`tests.web.clicking.draw_state`), once it has the games (the bot levels'
    names come with them); it ends with no script error."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    yield page
    assert not errors
    page.close()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where the browser tests save their screenshots: the docs' `docs/screenshots/` with
    ``POTAGER_SCREENSHOTS=1`` (``make screenshots``), a temporary folder otherwise, so that a
    test run never rewrites tracked files."""
    if not os.environ.get("POTAGER_SCREENSHOTS"):
        return tmp_path
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
