"""The rules pages and the lobby's pitches in French, German and Italian in Chromium (
"Four languages ... for every page"): a browser of each language reads each game's docs text in
its language (``docs/games/<game>.<lang>.md``), under the English page's section ids, with no
note of English and no catalog English left, and the lobby's cards give each game's pitch in it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from potager import games
from potager.i18n import TRANSLATED
from potager.server import rules
from potager.server.manager import available_games
from tests.web.test_i18n_browser import english_left


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_browser_reads_the_rules_and_pitches_in_its_language(
    browser: Browser, server: str, lang: str
) -> None:
    context = browser.new_context(locale=lang, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    for game in available_games():
        card = page.locator(f".game-card[data-game='{game.name}']")
        expect(card.locator(".game-pitch")).to_have_text(rules.pitch(game, lang))

    translated = [g for g in games.names() if rules.rules_text(g, lang).lang == lang]
    assert translated, f"no game has its docs page in {lang}"
    for name in translated:
        text, english = rules.rules_text(name, lang), rules.rules_text(name)
        page.goto(f"{server}/rules/{name}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_text(text.title)
        docs = page.locator(f"article.rules > div[lang='{lang}']")
        expect(docs).to_have_count(2)  # the intro and the sections
        for (anchor, heading), (english_anchor, _) in zip(
            text.sections, english.sections, strict=True
        ):
            assert anchor == english_anchor
            expect(docs.locator(f"h2#{anchor}")).to_have_text(heading)
            expect(page.locator(f".rules-contents a[href='#{anchor}']")).to_have_text(heading)
        expect(page.locator(".rules-language")).to_have_count(0)
        expect(page.locator("[lang='en']:not(html, option)")).to_have_count(0)  # not the switcher's
        expect(page.locator("#gallery .component").first).to_be_visible()
        assert english_left(page, lang) == [], name
    assert not errors
    context.close()
