"""The replay page says which moves the table's stand-in bot made for a timed-out person (issue
16 clocks): its banner names the stand-in, not the person, and its moves list marks the move, in
the page's language. The game is written to the store as the server writes a timed table's."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from potager import games
from potager.server import Settings, analysis
from potager.store import MoveWrite, SeatInfo, Store, TableInfo, TableStatus
from tests.analysis.fake import ViewDigestSearch
from tests.web.clicking import open_page
from tests.web.conftest import serving

TABLE = "stood-in"


@pytest.fixture(scope="module")
def stood_in(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server whose store holds a finished Heuschrecken Poker game, Ada against the
    heuristic bot, her first move made by her stand-in: its address and that move's number."""
    db = tmp_path_factory.mktemp("stand-in") / "potager.db"
    store = Store(f"sqlite:///{db}")
    store.upgrade()
    seats = [SeatInfo(0, "human", None, "Ada", "hash", True), SeatInfo(1, "bot", "heuristic")]
    state = games.get("heuschrecken-poker").new_game(2, 11)
    info = TableInfo(TABLE, state.game.name, 2, {}, 11, status="playing", seats=seats)
    info.speed, info.stand_in = "real_time", "heuristic"
    store.create_table(info)
    rng, first = random.Random(11), None
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        notation, ply = state.action_to_str(action), len(state.moves)
        state.apply(seat, action)
        if first is None and seat == 0:
            first = ply
        status: TableStatus = "finished" if state.is_over else "playing"
        result = state.result().to_dict() if state.is_over else None
        write = MoveWrite(TABLE, ply, seat, action, notation, status, result, None, ply == first)
        assert store.append_moves([write]) == [True]
    store.close()
    assert first is not None
    settings = Settings(database_url=f"sqlite:///{db}", bot_pool="thread", bot_workers=1)
    with pytest.MonkeyPatch.context() as patch, serving(settings) as address:
        # The search of the analysis is tests/analysis's view-digest stand-in (bots think in
        # threads here, so the patch reaches them): these tests are about the page.
        patch.setattr(analysis, "evaluator", lambda level, game, **_: ViewDigestSearch())
        yield address, first + 1  # the replay counts moves from 1


def test_the_replay_marks_the_stand_ins_move(browser: Browser, stood_in: tuple[str, int]) -> None:
    server, move = stood_in
    page, errors = open_page(browser)
    page.goto(f"{server}/replay/{TABLE}")
    expect(page.locator("#position")).to_contain_text("0 /")
    marked = page.locator("#moves li .stand-in-mark")
    expect(marked).to_have_count(1)
    expect(page.locator(f"#moves li[data-ply='{move}'] .stand-in-mark")).to_have_text(
        "stand-in bot"
    )
    page.locator(f"#moves li[data-ply='{move}']").click()
    expect(page.locator("#turn")).to_contain_text(f"Move {move}: Stand-in bot for Ada")
    page.locator(f"#moves li[data-ply='{move + 1}']").click()
    expect(page.locator("#turn")).not_to_contain_text("Stand-in")
    assert errors == []


def test_the_mark_is_translated(browser: Browser, stood_in: tuple[str, int]) -> None:
    server, move = stood_in
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{server}/replay/{TABLE}")
    expect(page.locator(f"#moves li[data-ply='{move}'] .stand-in-mark")).to_have_text(
        "bot remplaçant"
    )
    context.close()


def test_the_analysis_names_the_stand_in_and_does_not_count_its_move(
    browser: Browser, stood_in: tuple[str, int]
) -> None:
    server, move = stood_in
    page, errors = open_page(browser)
    page.goto(f"{server}/replay/{TABLE}")
    page.click("#analyse")
    expect(page.locator("#analysis-status")).to_contain_text(
        "Every decision judged", timeout=60_000
    )
    expect(page.locator("#analysis-summary")).to_contain_text(
        "1 move by the stand-in bot, not counted"
    )
    page.locator(f"#moves li[data-ply='{move}']").click()
    expect(page.locator("#analysis-move")).to_contain_text("Stand-in bot for Ada played")
    assert errors == []
