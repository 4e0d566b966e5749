"""Numbers in the page's language: the replay's analysis summary wrote "3.8 points" with
a decimal point on a French page, where French writes 3,8."""

from __future__ import annotations

from playwright.sync_api import Browser, Route, expect

from tests.web.clicking import WIDE
from tests.web.test_analysis_browser import finished_game


def test_the_analysis_summary_writes_decimals_as_the_page_s_language_does(
    browser: Browser, server: str
) -> None:
    table_id = finished_game(server)
    context = browser.new_context(viewport=WIDE, locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    summary = [
        {"seat": 0, "labels": {"best": 2}, "mean_loss": 0.038},
        {"seat": 1, "labels": {"good": 1}, "mean_loss": 0.1254},
    ]
    done = {"status": "done", "done": 3, "total": 3, "evaluator": "ismcts", "error": None}
    analysed = {**done, "result": {"moves": [], "summary": summary}}

    def answer(route: Route) -> None:  # a stored analysis whose figures have decimals
        route.fulfill(json=analysed)

    page.route(f"**/api/tables/{table_id}/analysis", answer)
    page.goto(f"{server}/replay/{table_id}")
    shown = page.locator("#analysis-summary .seat-summary")
    expect(shown).to_have_count(2)
    expect(shown.nth(0)).to_contain_text("3,8")
    expect(shown.nth(1)).to_contain_text("12,5")
    assert "." not in "".join(shown.all_inner_texts())
    context.close()
    assert not errors
