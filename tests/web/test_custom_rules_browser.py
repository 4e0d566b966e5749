"""The lobby's custom rules: each rule parameter of the game at its rulebook value, in the page's
language; a changed one turns the Rated box off and makes a custom table, marked as such at the
table and in the lobby."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.clicking import open_page

GAME = "kraut-und-rueben"


def test_a_table_with_custom_rules_is_marked_custom_and_not_rated(
    browser: Browser, server: str
) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    expect(page.locator("#custom")).to_be_visible()
    page.click("#custom summary")
    cup = page.locator("[data-param=cup_points]")
    expect(cup).to_have_value("3")
    expect(page.locator("[data-param=lower_points]")).to_have_value("1,2,3,2,1")
    expect(page.locator("#rated")).to_be_enabled()
    cup.fill("0")
    cup.dispatch_event("change")
    expect(page.locator("#rated")).to_be_disabled()
    expect(page.locator("#rated")).not_to_be_checked()
    page.select_option("[data-param=match_starts]", "trailing")
    page.select_option("select[name=seat1]", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    badge = page.locator("#custom")
    expect(badge).to_be_visible()
    expect(badge).to_have_text("custom")
    assert "Cup points 0" in (badge.get_attribute("title") or "")
    expect(page.locator("#rated")).to_be_hidden()
    page.goto(server + "/")
    listed = page.locator(".table-item .badge.custom").first
    expect(listed).to_be_visible()
    assert "Match starts trailing" in (listed.get_attribute("title") or "")
    page.close()
    assert not errors


def test_the_custom_rules_speak_the_page_s_language(browser: Browser, server: str) -> None:
    page = browser.new_page(locale="de-DE")
    page.goto(server + "/?lang=de")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.select_option("#game", GAME)
    page.click("#custom summary")
    expect(page.locator("#custom summary")).to_have_text("Eigene Regeln")
    expect(page.locator("#params")).to_contain_text("Punkte des Pokals")
    expect(page.locator("#params")).to_contain_text("reihum")
    page.close()
