"""Four languages in the browser: a German browser gets the German lobby, table and
rules page with no English left on them; choosing Italian on the switcher sticks."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from potager import i18n
from tests.web.clicking import create_table

SHOWN_TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    // <code> is notation ("bid 5", "strawberry"), the same in every language (a contract)
    const skipped = '[lang="en"], script, style, option, code';
    if (!el || el.closest(skipped) || !el.checkVisibility()) continue;
    const text = node.data.trim();
    if (text) texts.push(text);
  }
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
    if (el.closest('[lang="en"]')) continue;
    for (const name of ["title", "placeholder", "aria-label"]) {
      if (el.getAttribute(name)) texts.push(el.getAttribute(name).trim());
    }
  }
  return texts;
}"""


def english_left(page: Page, lang: str) -> list[str]:
    """The texts shown on ``page`` that are a catalog's English, not its ``lang`` translation."""
    differs = {english for english, text in i18n.catalog(lang).items() if text != english}
    return sorted({text for text in page.evaluate(SHOWN_TEXTS) if text in differs})


def test_a_german_browser_gets_german_pages_and_an_italian_choice_sticks(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#create h2")).to_have_text("Neuer Tisch")
    expect(page.locator("#language")).to_have_value("de")
    expect(page.locator(".game-card .game-players").first).to_contain_text("Spieler")
    expect(page.locator("#players option").first).to_have_text("2 Spieler")
    assert page.title() == "Potager — Gartenspiele"
    assert english_left(page, "de") == []

    create_table(page, server, "heuschrecken-poker", ["you", "bot:random"])
    expect(page.locator("#turn")).to_have_text(re.compile("^Du bist am Zug"))
    expect(page.locator("section:has(> #log) h2")).to_have_text("Spielprotokoll")
    expect(page.locator("#seats .seat-name").nth(1)).to_have_text("Bot Neuling")
    assert english_left(page, "de") == []

    page.locator("#rules-link").evaluate("a => a.removeAttribute('target')")
    page.click("#rules-link")
    expect(page.locator("#components h2")).to_have_text("Spielmaterial")
    # The docs' text in German too (docs/games/heuschrecken_poker.de.md), so no note of English.
    expect(page.locator("article.rules > div[lang='de'] h2").first).to_be_visible()
    expect(page.locator(".rules-language")).to_have_count(0)
    expect(page.locator("#gallery .component").first).to_be_visible()
    assert english_left(page, "de") == []
    page.go_back()

    page.select_option("#language", "it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("section:has(> #log) h2")).to_have_text("Registro di gioco")
    expect(page.locator("#turn")).to_have_text(re.compile("^Tocca a te"))
    assert english_left(page, "it") == []
    # A server's refusal comes in Italian, its seat numbers renamed as the page names seats.
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "random"}]
    said = "posto 1: già occupato; fuori turno: posto 0"
    assert page.evaluate(
        "([text, seats]) => Potager.serverText(text, seats, 0)", [said, seats]
    ) == ("Bot Novizio: già occupato; fuori turno: tu")
    again = context.new_page()
    again.goto(server + "/")
    expect(again.locator("#create h2")).to_have_text("Nuovo tavolo")
    expect(again.locator("#language")).to_have_value("it")
    assert not errors
    context.close()
