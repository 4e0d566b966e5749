"""Four languages and no text left untranslated, read from the source, no browser.

Every text of the pages, the plug-ins, the server's messages to people and the terminal is
English in the code (``Potager.t``, ``tn``, ``data-i18n``, ``say``; the terminal's ``t``, ``tn``
and ``Who.says``) and has its French, German and Italian in one of the catalogs
``potager/web/static/i18n/*.json``; the rules are potager/web/I18N.md's.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, get_args

import pytest
from starlette.requests import Request

from potager import agents, i18n
from potager.server import rules
from potager.server.i18n import language
from potager.server.manager import available_games
from potager.store.models import TableStatus
from tests import ROOT
from tests.web import i18n_scan

STATIC = ROOT / "potager" / "web" / "static"
SERVER = ROOT / "potager" / "server"
CLI = ROOT / "potager" / "cli"
SAID = (SERVER, ROOT / "potager" / "engine", ROOT / "potager" / "games")
"""Where messages to people are written (`say`, the engine's refusals): the server's, and the
engine's that the server passes on (a notation naming no action, a player count refused)."""
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def humanize(key: str) -> str:
    """As the pages' `Potager.humanize`: "tools_and_moles" -> "Tools and moles"."""
    text = re.sub(r"[_-]+", " ", key).strip()
    return text[:1].upper() + text[1:]


def data_texts() -> set[str]:
    """Texts the pages translate as data (`t(variable)`): they come from the server, so the
    Python side says what they can be: bot levels, their names for players (a trained policy's
    too, whichever a server ships) and what each means, each game's variant options (name, words
    among its values, doc) and rule parameters (name, doc, choices), a table's status, and how
    the games' lengths were measured (a template, whatever the figures: `rules.LENGTH_SOURCE`).
    And a game's pitch while a language has no docs page of the game (`rules.pitch` then
    translates the English one; once the page exists in every language, its pitches are the
    pages' own and the entry is unused)."""
    found: set[str] = {*get_args(TableStatus), rules.LENGTH_SOURCE}
    found |= {agents.title(agents.POLICY), agents.sentence(agents.POLICY)}
    for game in available_games():
        if any(rules.rules_text(game.name, lang).lang != lang for lang in i18n.TRANSLATED):
            found.add(rules.pitch(game))
        for level in agents.levels(game):
            found |= {level.split(":")[0], agents.describe(level)}
            found |= {agents.title(level), agents.sentence(level)}
        for name, (values, _default, doc) in game.variants.items():
            found |= {humanize(name), doc}
            found |= {v for v in values if isinstance(v, str)}
        for name, parameter in game.parameters.items():
            found |= {humanize(name), parameter.doc, *parameter.choices}
    found.discard("")
    return found


@cache
def catalogs() -> dict[str, dict[str, dict[str, Any]]]:
    """Each area file's entries: {file name: {lang: {English: translation}}}."""
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(i18n.CATALOGS.glob("*.json"))
    }


@cache
def scanned() -> tuple[i18n_scan.Found, dict[str, list[str]], list[str], dict[str, list[str]]]:
    """What the source says: the JS scan, the HTML keys, the HTML's unmarked words, and the
    templates of the server's `say` and the engine's refusals."""
    found = i18n_scan.scan_javascript(sorted(STATIC.rglob("*.js")))
    html_keys: dict[str, list[str]] = {}
    html_shown: list[str] = []
    for page in sorted(STATIC.rglob("*.html")):
        keys, shown = i18n_scan.scan_html(page)
        for key, where in keys.items():
            html_keys.setdefault(key, []).extend(where)
        html_shown += shown
    said: dict[str, list[str]] = {}
    for module in sorted(m for place in SAID for m in place.rglob("*.py")):
        keys, _ = i18n_scan.said(module)
        for key, where in keys.items():
            said.setdefault(key, []).extend(where)
    for module in sorted(CLI.rglob("*.py")):  # the terminal (its plurals are `tn`'s)
        keys, _ = i18n_scan.said(module, i18n_scan.TERMINAL)
        for key, where in keys.items():
            said.setdefault(key, []).extend(where)
        found.plurals.update(i18n_scan.plurals_said(module))
    return found, html_keys, html_shown, said


def used() -> dict[str, str]:
    """Every English text the code shows, with one place it is used."""
    found, html_keys, _, said = scanned()
    where = {text: "data (GET /api/games, table status)" for text in data_texts()}
    for keys in (found.keys, html_keys, said):
        where.update({key: places[0] for key, places in keys.items()})
    return where


def entries() -> list[tuple[str, str, str, Any]]:
    """Every translation: (file, lang, English, translation)."""
    return [
        (name, lang, english, text)
        for name, areas in catalogs().items()
        for lang, words in areas.items()
        for english, text in words.items()
    ]


def test_each_catalog_holds_the_three_translations() -> None:
    assert {"site.json", "server.json"} <= set(catalogs())
    for name, areas in catalogs().items():
        assert set(areas) == set(i18n.TRANSLATED), f"{name}: one object each for fr, de, it"
        keys = {lang: set(words) for lang, words in areas.items()}
        for lang in i18n.TRANSLATED:
            assert keys[lang] == keys["fr"], f"{name}: {lang} and fr translate other texts"


def test_every_text_shown_has_french_german_and_italian() -> None:
    missing = [
        f"{where}: {english!r} has no {lang}"
        for english, where in sorted(used().items())
        for lang in i18n.TRANSLATED
        if english not in i18n.catalog(lang)
    ]
    assert not missing, "\n".join(missing)


def test_no_translation_is_unused() -> None:
    shown = used()
    unused = sorted(
        {f"{name}: {english!r}" for name, _, english, _ in entries()}
        - {f"{name}: {english!r}" for name, _, english, _ in entries() if english in shown}
    )
    assert not unused, "\n".join(unused)


def test_no_text_has_two_different_translations() -> None:
    seen: dict[tuple[str, str], tuple[str, Any]] = {}
    clashes = []
    for name, lang, english, text in entries():
        first = seen.setdefault((lang, english), (name, text))
        if first[1] != text:
            clashes.append(f"{english!r} in {lang}: {first[0]} and {name} differ")
    assert not clashes, "\n".join(clashes)


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def test_each_translation_has_the_placeholders_of_its_english() -> None:
    found, *_ = scanned()
    wrong = []
    for name, lang, english, text in entries():
        forms = text if isinstance(text, dict) else {"other": text}
        for form, words in forms.items():
            expected = placeholders(english)
            have = placeholders(words)
            # A language's "one" may say the count in words ("un joueur"), as English may.
            if have != expected and not (form == "one" and have == expected - {"n"}):
                wrong.append(f"{name} {lang} {english!r} ({form}): {sorted(have)}")
    for other, one in found.plurals.items():
        if placeholders(one) - placeholders(other):
            wrong.append(f"English {one!r} has placeholders {other!r} lacks")
    assert not wrong, "\n".join(wrong)


def test_plurals_are_plural_entries_and_texts_are_texts() -> None:
    found, *_ = scanned()
    wrong = []
    for name, lang, english, text in entries():
        if english in found.plurals:
            if not isinstance(text, dict) or not {"one", "other"} <= set(text):
                wrong.append(f"{name} {lang} {english!r}: a plural needs one and other forms")
            elif set(text) - {"one", "many", "other"}:
                wrong.append(f"{name} {lang} {english!r}: forms are one, many, other")
        elif not isinstance(text, str):
            wrong.append(f"{name} {lang} {english!r}: a text, not forms (only tn has forms)")
    assert not wrong, "\n".join(wrong)


def test_no_english_is_shown_outside_t() -> None:
    found, _, html_shown, _ = scanned()
    problems = found.shown + html_shown
    problems += [
        f"{where}: t() with a template literal: its key is built at run time"
        for where in found.dynamic
    ]
    assert not problems, "Texts shown without Potager.t (potager/web/I18N.md):\n" + "\n".join(
        problems
    )


def test_every_server_message_template_is_a_literal() -> None:
    unread = [
        where
        for module in sorted(m for place in SAID for m in place.rglob("*.py"))
        for where in i18n_scan.said(module)[1]
    ]
    assert not unread, "say() needs its English template as a literal:\n" + "\n".join(unread)


# -- the scanner itself: what it takes for shown text ----------------------------------------
def test_the_scan_finds_keys_and_shown_english(tmp_path: Path) -> None:
    code = tmp_path / "page.js"
    code.write_text(
        "const a = h('p', {title: 'Hello there'}, t('Your turn'), `Seat ${n}`);\n"
        "const b = tn(n, '{n} card', '{n} cards');\n"
        'toast(`No hint: ${x}`, "info");\n'
        "const c = kind === 'bot' ? h('b', {}, 'x' / 2) : /['\"]/.test(y);\n"
        "function f() { return 'open'; }\n"
        "function g() { return 'Not marked'; } // i18n: not text\n"
        "el.textContent = cond ? '·' : 'Waiting…';\n",
        encoding="utf-8",
    )
    found = i18n_scan.scan_javascript([code])
    assert set(found.keys) == {"Your turn", "{n} cards"}
    assert found.plurals == {"{n} cards": "{n} card"}
    shown = {line.split(": ", 1)[1] for line in found.shown}
    assert shown == {"'Hello there'", "'Seat'", "'No hint:'", "'x'", "'Waiting…'"}


def test_the_scan_of_html_wants_data_i18n(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<p data-i18n>Hello <b>x</b></p><button title="Go on" data-i18n="title">»</button>'
        '<span title="Not marked">Nor this</span><a href="/docs">API</a>',
        encoding="utf-8",
    )
    keys, shown = i18n_scan.scan_html(page)
    assert set(keys) == {"Hello", "Go on"}
    assert [line.split(": ", 1)[1] for line in shown] == [
        "<b> 'x' not marked data-i18n",  # an element's own text: the <p>'s mark is not the <b>'s
        "<span title> 'Not marked' not marked data-i18n",
        "<span> 'Nor this' not marked data-i18n",
    ]


# -- the server's side ---------------------------------------------------------------------------
def request(headers: dict[str, str]) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    return Request({"type": "http", "headers": raw})


@pytest.mark.parametrize(
    ("headers", "lang"),
    [
        ({}, "en"),
        ({"Accept-Language": "de-CH,de;q=0.9,en;q=0.8"}, "de"),
        ({"Accept-Language": "es-ES,it;q=0.5,fr;q=0.7"}, "fr"),
        ({"Accept-Language": "es, ja"}, "en"),
        ({"Accept-Language": "it;q=0, fr;q=x, de;q=0.1"}, "de"),
        ({"Accept-Language": "de", "Cookie": "potager.lang=it"}, "it"),
        ({"Accept-Language": "de", "Cookie": "potager.lang=xx"}, "de"),
    ],
)
def test_a_request_s_language(headers: dict[str, str], lang: str) -> None:
    assert language(request(headers)) == lang


def test_the_server_says_its_messages_in_the_asker_s_language() -> None:
    english = i18n.say("seat {seat} is taken", seat=2)
    assert english == "seat 2 is taken"
    assert i18n.translate(english, "en") == english
    for lang in i18n.TRANSLATED:
        entry = i18n.catalog(lang)["seat {seat} is taken"]
        assert isinstance(entry, str)
        expected = entry.replace("{seat}", "2")
        assert i18n.translate(english, lang) == expected != english
    assert i18n.translate("a text no catalog knows", "de") == "a text no catalog knows"
    two = i18n.say("{players} players need {players} seats, not {count}", players=2, count=3)
    assert i18n.translate(two, "de") == "2 Spieler brauchen 2 Plätze, nicht 3"
    assert i18n.translate("2 players need 3 seats, not 3", "de").startswith("2 players")
    assert i18n.say_in("fr", "{n} players", n=3) == "3 joueurs"
    assert i18n.say_in("fr", "about {span} min", span="40–50") == "environ 40–50 min"
