"""Bot levels as players know them: the lobby's creation form and the table name each level
(Novice, Casual, Strong, Expert) with one plain sentence, in the page's language, where they said
"Ismcts bot" and "ismcts stark"; the technical level stays the form's value and the API's."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from potager import agents, games
from tests.web.clicking import WIDE, create_table, open_page

GAME = "heuschrecken-poker"


def test_the_form_and_the_table_name_the_levels_for_players(browser: Browser, server: str) -> None:
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.select_option("#game", GAME)
    page.select_option("#players", "3")
    levels = agents.levels(games.get(GAME))
    options = page.locator("select[name=seat1] option[value^='bot:']")
    expect(options).to_have_text(
        [f"Bot — {agents.title(level)} ({agents.sentence(level)})" for level in levels]
    )
    assert [agents.title(level) for level in levels] == ["Novice", "Casual", "Strong", "Expert"]
    assert "ismcts" not in " ".join(options.all_text_contents()).lower()
    expect(page.locator("select[name=seat1] option[value='bot:ismcts']")).to_have_attribute(
        "title", agents.sentence("ismcts")
    )

    url = create_table(page, server, GAME, ["you", "bot:heuristic", "bot:ismcts"])
    expect(page.locator("#seats .seat-name")).to_have_text(["Ada", "Casual bot", "Strong bot"])

    german = browser.new_context(locale="de-DE", viewport=WIDE)
    watcher = german.new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(url)
    expect(watcher.locator("#seats .seat-name")).to_have_text(
        ["Ada", "Bot Hobbyspieler", "Bot Stark"]
    )
    watcher.goto(server + "/")
    watcher.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    watcher.select_option("#game", GAME)
    expect(watcher.locator("select[name=seat1] option[value='bot:ismcts-strong']")).to_have_text(
        "Bot — Experte (Denkt etwa fünf Sekunden pro Zug auf zwei Kernen: der stärkste, etwas "
        "stärker als „Stark“.)"
    )
    german.close()
    page.close()
    assert not errors
