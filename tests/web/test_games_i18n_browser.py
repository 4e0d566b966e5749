"""The four games' drawings in French, German and Italian (every page in the rulebooks'
four languages, game terms as each rulebook names them).

Each game is played a few seeded moves at a time; at each moment its plug-in draws the state (as
a seat and as a spectator) and writes its log in an English page and in a page of each language
(a browser whose language is French, German or Italian), and draws its components as the rules
page does. The drawings have the same elements in every language, so the texts are compared
pair by pair: a text (or tooltip) that reads the same as in English is English left over, unless
the word really is the same in that language (a name, a notation, "Compost"). Then a few of each
rulebook's terms must be on the page in each language (potager/web/GLOSSARY.md).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page

from potager import games
from potager.engine import State
from tests.web.clicking import draw_state

LANGUAGES = ("fr", "de", "it")

COLLECT = """box => {
  const texts = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.data.trim();
      if (text && !node.parentElement.closest("svg, style, script")) texts.push(text);
    } else {
      for (const name of ["title", "aria-label", "placeholder"]) {
        if (node.hasAttribute(name)) texts.push(node.getAttribute(name));
      }
    }
  }
  return texts;
}"""
"""Every text of a drawing in document order: its text nodes and its tooltips and labels."""

DESCRIBE = """([name, events, table]) =>
  events.map((e) => Potager.plugins.get(name).describe(e, table))"""

COMPONENTS = """async ([name, facts]) => {
  const plugin = await Potager.loadGame(name);
  const box = document.createElement("div");
  for (const group of plugin.components(facts).groups) {
    const figures = group.items.map((item) =>
      Potager.h("figure", {}, item.picture, Potager.h("figcaption", {}, item.caption)));
    box.append(Potager.h("h3", {}, group.title), Potager.h("p", {}, group.note), ...figures);
  }
  document.body.append(box);
  box.hidden = true;
  return box;
}"""

LETTERS = re.compile(r"[^\W\d_]{2,}")
"""A text with a word in it (a name of one letter or a notation like "T2" is not a word)."""

SAME = {
    "heuschrecken-poker": {
        # The rulebook's own word, which English shares.
        "fr": r"(\d+ )?broccoli( ×\d+)?",
        "it": r"(\d+ )?broccoli( ×\d+)?",
    },
    "pas-de-haricots": {
        # The Pas de Haricots card keeps its name; English shows the French court cards.
        "fr": r"Pas de|Haricots|Valet|Cavalier|Dame|Roi",
        "de": r"Pas de|Haricots|Dame",
        "it": r"Pas de|Haricots",
    },
    "kraut-und-rueben": {"fr": r"points|Total|principal|[+−-]?\d+ pts?"},
    "garden-rush": {
        # The French rulebook's own names, which English shares (Potager, Trampoline, Aubergine).
        "fr": r"(Aubergine|Compost)(: \d+)?|P\d — Potager|Trampoline",
        "de": r"Aubergine(: \d+)?",
        "it": r"Compost(: \d+)?",
    },
}
"""Per game and language, the texts that truly read the same as in English (a pattern)."""

TERMS = {
    "heuschrecken-poker": {
        "fr": ["offre de plantes", "criquet", "jeton gagnant", "pioche", "carte de poker", "Tour"],
        "de": ["Auslage", "Heuschrecke", "Gewinnchip", "Nachziehstapel", "Pokerkarte", "Runde"],
        "it": ["esposizione giardino", "cavallett", "gettone premio", "mazzo di pesca", "Giro"],
    },
    "pas-de-haricots": {
        "fr": ["pion haricot", "atout", "cœur", "cartes «\u00a0moins\u00a0»", "série", "Manche"],
        "de": ["Bohne", "Trumpf", "Herz", "Bube", "Reiter", "König", "Reihe", "Durchgang"],
        "it": ["fagiolo", "trionfo", "cuori", "Fante", "Cavallo", "Regina", "serie", "Mano"],
    },
    "kraut-und-rueben": {
        "fr": ["taupe", "escargot", "carte contrat", "pissenlit", "Jardin", "pioche", "légume"],
        "de": ["Maulwurf", "Schnecke", "Auftragskarte", "Löwenzahn", "Garten", "Stapel"],
        "it": ["talpa", "lumaca", "carta contratto", "tarassaco", "Giardino", "mazzo"],
    },
    "garden-rush": {
        "fr": [
            "Haie",
            "plateau Trampoline",
            "jeton",
            "Pomme de Terre",
            "Brouette",
            "Arrosoir",
            "champ",
        ],
        "de": ["Hecke", "Trampolin", "Plättchen", "Kartoffel", "Schubkarre", "Gießkanne", "Beet"],
        "it": ["Siepe", "Trampolino", "segnalin", "Patata", "Carriola", "Annaffiatoio", "campo"],
    },
}
"""A few of each rulebook's terms each language's drawings must show."""

SETUP: dict[str, tuple[int, dict[str, Any]]] = {
    "heuschrecken-poker": (3, {}),
    "pas-de-haricots": (3, {"hands": 1}),
    "kraut-und-rueben": (3, {"match": True}),  # the cup and the match's table too
    "garden-rush": (2, {"tools_and_moles": True}),  # the tool tokens and the moles too
}
"""Each game's players and variant."""
MOMENTS = (0, 5, 14, 40, 10_000)
"""How many moves into a seeded game the drawings are compared (10,000: the game's end)."""


def keep(errors: list[str]) -> Callable[[Error], None]:
    """A page's error handler that keeps its errors in ``errors``."""
    return lambda error: errors.append(str(error))


@pytest.fixture(scope="module")
def pages(browser: Browser, server: str) -> Iterator[dict[str, Page]]:
    """A page of the real client (the lobby) per language, its words loaded."""
    contexts, found = [], {}
    for lang in ("en", *LANGUAGES):
        context = browser.new_context(locale=lang, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", keep(errors))
        page.goto(server + "/")
        page.evaluate("Potager.i18n.ready")
        assert page.evaluate("Potager.i18n.lang") == lang
        contexts.append((context, errors))
        found[lang] = page
    yield found
    for context, errors in contexts:
        assert not errors
        context.close()


def moments(game: str, seed: int) -> Iterator[State]:
    """One seeded game of random legal moves, at each of `MOMENTS`."""
    rng = random.Random(seed)
    players, variant = SETUP[game]
    state = games.get(game).new_game(players, seed=seed, variant=variant)
    played = 0
    for stop in MOMENTS:
        while played < stop and not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            played += 1
        yield state


def texts(page: Page, game: str, state: State, seat: int | None) -> list[str]:
    """What the drawing of ``state`` as ``seat`` shows, then the log of what ``seat`` knows, then
    every move on offer in words (the plug-in's `label`, which the replay and the hint show: none
    may fall back to the server's English label); the seats' labels ("You", the site's words,
    tests/web/test_i18n_browser.py) left out."""
    draw_state(page, state, seat)
    shown = page.locator("#drawn-state").evaluate(COLLECT)
    table: dict[str, Any] = {
        "game": game,
        "seats": [{"seat": s, "kind": "human", "name": f"P{s}"} for s in range(state.players)],
        "seat": seat,
        "facts": state.game.facts(),
    }
    log = page.evaluate(DESCRIBE, [game, state.events_for(seat), table])
    offered = (
        []
        if state.is_over
        else sorted({state.action_to_str(a) for s in state.to_move for a in state.legal_actions(s)})
    )
    moves = page.evaluate(
        "([table, notations]) => notations.map((n) => Potager.moveLabel(table, n, null))",
        [table, offered],
    )
    assert None not in moves, [n for n, m in zip(offered, moves, strict=True) if m is None]
    labels = page.evaluate(
        "([table, seat]) => table.seats.map((s) => Potager.playerName(table, s.seat, seat))",
        [table, seat],
    )
    return [text for text in [*shown, *log, *moves] if text and text not in labels]


def components(page: Page, game: str) -> list[str]:
    box = page.evaluate_handle(COMPONENTS, [game, games.get(game).facts()])
    return list(box.evaluate(COLLECT))


def english_left(english: list[str], other: list[str], same: str) -> list[str]:
    """The texts of ``other`` that read as their English counterparts (``same`` excepted)."""
    assert len(english) == len(other), "the drawings differ in their elements"
    return [
        text
        for en, text in zip(english, other, strict=True)
        if text == en and LETTERS.search(text) and not re.fullmatch(same or "P\\d", text)
    ]


@pytest.mark.parametrize("game", sorted(TERMS))
def test_a_game_is_drawn_in_each_language_with_its_rulebook_terms(
    pages: dict[str, Page], game: str
) -> None:
    seen: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for state in moments(game, seed=3):
        for seat in (0, None):
            english = texts(pages["en"], game, state, seat)
            for lang in LANGUAGES:
                found = texts(pages[lang], game, state, seat)
                assert not english_left(english, found, SAME.get(game, {}).get(lang, "")), lang
                seen[lang] += found
    english = components(pages["en"], game)
    for lang in LANGUAGES:
        found = components(pages[lang], game)
        assert not english_left(english, found, SAME.get(game, {}).get(lang, "")), lang
        seen[lang] += found
        words = " ".join(seen[lang])
        missing = [term for term in TERMS[game][lang] if term not in words]
        assert not missing, (lang, missing)


def test_pas_de_haricots_keeps_the_notations_letters_in_every_language(
    pages: dict[str, Page],
) -> None:
    """The court cards carry the notation's J, N, Q, K in every language; only their
    names follow it (Bube, Reiter, Dame, König in German), in the legend beside each letter."""
    game = "pas-de-haricots"
    facts = games.get(game).facts()
    state = games.get(game).new_game(3, seed=1)
    court = {"de": ["Bube", "Reiter", "Dame", "König"], "it": ["Fante", "Cavallo", "Regina", "Re"]}
    for lang in LANGUAGES:
        page = draw_state(pages[lang], state, 0)
        letters = page.locator(".pdh-legend li b").all_inner_texts()
        assert letters[: len(facts["rank_names"])] == list(facts["rank_names"])
        for card in page.locator(".pdh-hand .pdh-card.court").all():
            rank = str(card.get_attribute("data-card"))[1:]
            assert card.locator(".court-letter").get_attribute("data-glyph") == rank
        if lang in court:
            legend = page.locator(".pdh-legend").inner_text()
            assert all(name in legend for name in court[lang]), (lang, legend)
