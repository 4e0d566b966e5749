"""A finished game's replay page: "Analyse" runs the analysis in the server's bot pool with a
progress bar, then shows the chart and each move's verdict while stepping; hints at a table whose
creator allowed them. The search is the view-digest stand-in of tests/analysis (these tests are
about the pages)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from potager.server import analysis
from tests.analysis.fake import ViewDigestSearch
from tests.web.clicking import create_table, open_page

GAME = "heuschrecken-poker"


@pytest.fixture(scope="module")
def server(server: str) -> Iterator[str]:
    """The shared test server, its search replaced for this module's tests (bots think in
    threads there, so the patch reaches them)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "evaluator", lambda level, game, **_: ViewDigestSearch())
        yield server


def call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


COUNTED = {
    "best": ("best", "best"),
    "good": ("good", "good"),
    "inaccuracy": ("inaccuracy", "inaccuracies"),
    "mistake": ("mistake", "mistakes"),
    "blunder": ("blunder", "blunders"),
}
"""Each verdict's word for one move and for several, as a seat's summary counts them."""


def counted(labels: dict[str, int]) -> str:
    """A seat's verdicts as its summary says them: "8 best, 27 good, 1 mistake, 2 blunders"
    (the summary said "2 blunder")."""
    return ", ".join(
        f"{n} {COUNTED[label][n != 1]}" for label in COUNTED if (n := labels.get(label, 0))
    )


def finished_game(server: str) -> str:
    seats = [{"kind": "bot", "level": "random"}] * 2
    table = call(f"{server}/api/tables", {"game": GAME, "players": 2, "seats": seats})["table"]
    for _ in range(600):
        if call(f"{server}/api/tables/{table['id']}")["status"] == "finished":
            return str(table["id"])
        time.sleep(0.05)
    raise AssertionError("the bots' game did not end")


def test_analyse_a_finished_game_on_its_replay_page(browser: Browser, server: str) -> None:
    table_id = finished_game(server)
    page, errors = open_page(browser)
    page.goto(f"{server}/replay/{table_id}")
    expect(page.locator("#position")).to_contain_text("0 /")
    expect(page.locator("#analysis")).to_be_hidden()
    page.click("#analyse")
    status = page.locator("#analysis-status")
    expect(status).to_contain_text("Every decision judged", timeout=60_000)
    expect(page.locator("#analysis-progress")).to_be_hidden()
    expect(page.locator("#analyse")).to_be_disabled()
    # The chart is drawn by matplotlib on demand: slow on a busy machine.
    loaded = "() => document.getElementById('analysis-chart').naturalWidth > 0"
    page.wait_for_function(loaded, timeout=60_000)
    expect(page.locator("#analysis-chart")).to_be_visible()
    # The side panel's thumbnail opens the chart at the page's width (250 px).
    page.click("#analysis-chart-link")
    large = page.locator("#analysis-dialog img")
    expect(large).to_be_visible()
    box = large.bounding_box()
    assert box is not None and box["width"] >= 1000
    page.click("#analysis-dialog-close")
    expect(large).to_be_hidden()
    verdicts = page.locator("#moves .verdict")
    assert verdicts.count() > 0
    page.click("#forward")
    expect(page.locator("#analysis-move .verdict")).to_have_count(1)
    expect(page.locator("#analysis-move")).to_contain_text("played")
    expect(page.locator("#analysis-summary")).to_contain_text("points lost a decision")
    result = call(f"{server}/api/tables/{table_id}/analysis")["result"]
    first = next(m for m in result["moves"] if m["ply"] == 0)
    sure = "The search told the best" if first["apart"] else "could not tell the best"
    expect(page.locator("#analysis-move")).to_contain_text(sure)
    summary = result["summary"]
    shown = page.locator("#analysis-summary .seat-summary").all_inner_texts()
    assert [text.split(": ", 1)[1].split(" · ")[0] for text in shown] == [
        counted(seat["labels"]) for seat in summary
    ]
    again = browser.new_page()
    again.goto(f"{server}/replay/{table_id}")
    expect(again.locator("#analysis-status")).to_contain_text("Every decision judged")
    assert not errors


def test_hints_at_a_table_that_allows_them(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.check("#hints")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    expect(page.locator("#hints-on")).to_be_visible()
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.click("#hint")
    expect(page.locator("#hint-line")).to_contain_text("Hint:")
    expect(page.locator("#hint-line")).to_contain_text("win chance")
    plain, _ = open_page(browser)
    create_table(plain, server, GAME, ["you", "bot:random"])
    expect(plain.locator("#turn")).to_contain_text("Your turn")
    expect(plain.locator("#hint")).to_be_hidden()
    expect(plain.locator("#hints-on")).to_be_hidden()
    assert not errors
